// What the replay recorder takes from the rule set (io/replay/recorder.h): each unit's
// status flags and books (Battle::unit_report), who holds the objectives
// (Battle::objective_holders), the victory points, and the steps of the rule set's
// sequence the events belong to (Battle::add_step_observer).
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "io/replay/page.h"
#include "io/replay/recorder.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using ::testing::Contains;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;
using Json = nlohmann::json;

struct RecordedBattle {
  Json data;                                // build_replay_data of the stream
  std::vector<Battle::UnitReport> reports;  // at the end
  std::vector<int> holders;                 // at the end
  Json score;                               // at the end, as the recorder writes it
  Force force;                              // at the end
};

RecordedBattle record_battle(const std::string& name, std::uint64_t seed = 3) {
  const Scenario sc = load_embedded(name);
  const Ruleset* rs = find_ruleset(sc.ruleset);
  EXPECT_NE(rs, nullptr);
  RecordedBattle out;
  if (rs == nullptr) return out;
  MatchConfig cfg;
  cfg.seed = seed;
  Match m(sc, *rs, cfg);
  std::vector<std::string> lines;
  {
    ReplayRecorder rec(m.battle(), *rs, [&](const std::string& l) { lines.push_back(l); });
    for (const Event& e : m.log().events()) rec.on_event(e);
    m.log().add_sink(rec.sink());
    m.run();
    rec.finish();
  }
  auto data = build_replay_data(lines);
  EXPECT_TRUE(data.has_value()) << data.error();
  if (data) out.data = Json::parse(*data);
  const Battle& b = m.battle();
  for (std::size_t i = 0; i < b.force().units.size(); ++i) {
    out.reports.push_back(b.unit_report(static_cast<int>(i)));
  }
  out.holders = b.objective_holders();
  if (auto vp = b.victory_points())
    out.score = Json{{"points", vp->points}, {"accounts", vp->accounts}};
  out.force = b.force();
  return out;
}

// The state of every unit after each step: (step index, unit id) → state.
std::vector<std::map<std::string, Json>> states(const Json& d) {
  std::map<std::string, Json> now;
  for (const Json& u : d["snapshot"]["units"]) now[u["id"]] = u["state"];
  std::vector<std::map<std::string, Json>> out;
  for (const Json& s : d["steps"]) {
    if (s.contains("units")) {
      for (const auto& [id, st] : s["units"].items()) now[id] = st;
    }
    out.push_back(now);
  }
  return out;
}

std::vector<std::string> flags_of(const Json& st) {
  return st.value("flags", std::vector<std::string>{});
}

class ReplayReport : public ::testing::TestWithParam<const char*> {};

TEST_P(ReplayReport, LastStateOfEachUnitIsTheRuleSetsReport) {
  const RecordedBattle r = record_battle(GetParam());
  const auto after = states(r.data);
  ASSERT_FALSE(after.empty());
  for (std::size_t i = 0; i < r.force.units.size(); ++i) {
    const Json& st = after.back().at(r.force.units[i].id);
    EXPECT_EQ(flags_of(st), r.reports[i].flags) << r.force.units[i].id;
    std::vector<std::pair<std::string, std::string>> books;
    for (const Json& b : st["books"]) books.emplace_back(b[0], b[1]);
    EXPECT_EQ(books, r.reports[i].books) << r.force.units[i].id;
  }
}

TEST_P(ReplayReport, HoldersAndScoreEndAsTheBattleLeftThem) {
  const RecordedBattle r = record_battle(GetParam());
  Json held = r.data["snapshot"]["held"];
  Json score = r.data["snapshot"]["score"];
  for (const Json& s : r.data["steps"]) {
    if (s.contains("held")) held = s["held"];
    if (s.contains("score")) score = s["score"];
  }
  EXPECT_EQ(held.get<std::vector<int>>(), r.holders);
  EXPECT_EQ(score, r.score);
}

INSTANTIATE_TEST_SUITE_P(EachRuleset, ReplayReport,
                         ::testing::Values("fast-1805/small.toml",
                                           "fire-and-discipline/small.toml"));

// Every event of a turn belongs to a step of the rule set's sequence, in the sequence's
// order (after_step names: fast_1805/battle.cc, fire_and_discipline/fd_battle.cc).
void expect_steps_in_order(const Json& d, const std::vector<std::string>& sequence) {
  int turn = -1;
  std::size_t at = 0;
  int labelled = 0;
  for (const Json& s : d["steps"]) {
    if (s["turn"].get<int>() == 0 || s["kind"] == "battle_end") {
      EXPECT_FALSE(s.contains("step")) << s.dump();
      continue;
    }
    ASSERT_TRUE(s.contains("step")) << s.dump();
    const auto it = std::find(sequence.begin(), sequence.end(), s["step"].get<std::string>());
    ASSERT_NE(it, sequence.end()) << s["step"];
    const auto k = static_cast<std::size_t>(it - sequence.begin());
    if (s["turn"].get<int>() != turn) {
      turn = s["turn"];
      at = 0;
    }
    EXPECT_GE(k, at) << "turn " << turn << ": " << s["step"] << " after " << sequence[at];
    at = k;
    ++labelled;
  }
  EXPECT_GT(labelled, 0);
}

TEST(ReplaySteps, Fast1805EventsFallInItsBoundSteps) {
  expect_steps_in_order(
      record_battle("fast-1805/small.toml").data,
      {"upkeep", "orders", "shooters' move", "fire", "move", "close", "melee", "end of bound"});
}

TEST(ReplaySteps, FireAndDisciplineEventsFallInItsSevenPhases) {
  expect_steps_in_order(record_battle("fire-and-discipline/small.toml").data,
                        {"I administration", "II artillery", "III volley", "IV platoon fire",
                         "V declaration", "VI movement", "VII melee"});
}

// 1805 (L21, L23, A2-03): the flags say what the unit's status and markers say.
TEST(ReplayFlags, Fast1805RoutedAndShakenFollowStatusAndMarkers) {
  const RecordedBattle r = record_battle("fast-1805/small.toml");
  int routed = 0, shaken = 0;
  for (const auto& step : states(r.data)) {
    for (const auto& [id, st] : step) {
      const auto f = flags_of(st);
      const bool is_routed = st["status"] == "routed";
      EXPECT_EQ(std::count(f.begin(), f.end(), "routed"), is_routed ? 1 : 0) << id;
      bool marked = false;
      for (const Json& m : st["markers"]) marked = marked || m["type"] == "shaken";
      EXPECT_EQ(std::count(f.begin(), f.end(), "shaken"), marked ? 1 : 0) << id;
      routed += is_routed;
      shaken += marked;
    }
  }
  EXPECT_GT(routed, 0);
  EXPECT_GT(shaken, 0);
}

// F&D FD-25: a unit halted through turn N (the status event's `halted_until`) is flagged
// halted after that event, with the turn in its books.
TEST(ReplayFlags, FireAndDisciplineHaltIsFlaggedFromItsState) {
  const RecordedBattle r =
      record_battle("fire-and-discipline/small.toml", /*seed=*/2);  // two halts
  const auto after = states(r.data);
  int halts = 0;
  for (std::size_t k = 0; k < after.size(); ++k) {
    const Json& e = r.data["steps"][k];
    if (e["kind"] != "status" || !e.contains("data") || !e["data"].contains("halted_until"))
      continue;
    const Json& st = after[k].at(e["unit"].get<std::string>());
    if (st["status"] != "active") continue;
    ++halts;
    EXPECT_THAT(flags_of(st), Contains("halted")) << e.dump();
    const std::string through =
        "through turn " + std::to_string(e["data"]["halted_until"].get<int>());
    EXPECT_THAT(st["books"].dump(), HasSubstr(through)) << e.dump();
  }
  EXPECT_GT(halts, 0);
}

// §2.41, FD-52: the scenario's orders are in the snapshot's books, with the feature named.
TEST(ReplayBooks, FireAndDisciplineScenarioOrdersAreShown) {
  const RecordedBattle r = record_battle("fire-and-discipline/small.toml");
  std::map<std::string, std::string> order;
  for (const Json& u : r.data["snapshot"]["units"]) {
    for (const Json& b : u["state"]["books"]) {
      if (b[0] == "order") order[u["id"]] = b[1];
    }
  }
  EXPECT_EQ(order.at("fr-picardie"), "Assault (The crossroads) (§2.41)");
  EXPECT_EQ(order.at("en-guns"), "Hold (§2.41)");
  for (const Json& u : r.data["snapshot"]["units"]) {
    EXPECT_THAT(u["state"]["books"].dump(), HasSubstr("shatter boxes")) << u["id"];
  }
}

// §2.41: an order a messenger is bringing shows as "order coming" until it is delivered,
// and then becomes the unit's order (unless the unit has left the table first).
TEST(ReplayBooks, FireAndDisciplineMessengerOrderComesThenHolds) {
  const RecordedBattle r = record_battle("fire-and-discipline/battle.toml");
  const auto after = states(r.data);
  std::map<std::string, std::string> coming;  // unit → order on its way
  int delivered = 0;
  for (const auto& step : after) {
    for (const auto& [id, st] : step) {
      std::string now_coming, order;
      for (const Json& b : st["books"]) {
        if (b[0] == "order coming") now_coming = b[1];
        if (b[0] == "order") order = b[1];
      }
      auto was = coming.find(id);
      if (was != coming.end() && now_coming.empty()) {
        const std::string what = was->second.substr(0, was->second.find(" by messenger"));
        if (st["status"] == "active") {
          EXPECT_EQ(order.rfind(what, 0), 0u) << id << ": " << order << " / " << was->second;
          ++delivered;
        }
        coming.erase(was);
      }
      if (!now_coming.empty()) coming[id] = now_coming;
    }
  }
  EXPECT_GT(delivered, 0);
}

TEST(ReplayLeaders, AttachedLeadersStandWithTheirUnit) {
  const RecordedBattle r = record_battle("fire-and-discipline/small.toml");
  const auto after = states(r.data);
  const Json& leaders = r.data["snapshot"]["leaders"];
  ASSERT_FALSE(leaders.empty());
  for (const Json& l : leaders) {
    const Json& st = l["state"];
    const int unit = st["attached"];
    if (unit < 0) continue;
    const Json& stand = r.data["snapshot"]["units"][unit]["state"]["stands"][0];
    EXPECT_EQ(st["position"][0], stand[0]) << l["id"];
    EXPECT_EQ(st["position"][1], stand[1]) << l["id"];
  }
}

// Élan/Drill leaders in the replay of the full battle (L7, D12-22): the snapshot has every
// leader of the scenario; at every step a leader with a unit stands on its first live stand
// and the unit's books name him; the last state is the one the battle left.
TEST(ReplayLeaders, ElanDrillLeadersShowTheirPlaceAndUnit) {
  const RecordedBattle r = record_battle("elan-drill/battle.toml");
  const Json& snap = r.data["snapshot"];
  ASSERT_EQ(snap["leaders"].size(), r.force.leaders.size());
  ASSERT_EQ(r.force.leaders.size(), 9u);  // battle.toml: five French, four allied
  std::map<std::string, Json> leader_now;
  std::map<std::string, Json> unit_now;
  for (const Json& l : snap["leaders"]) leader_now[l["id"]] = l["state"];
  for (const Json& u : snap["units"]) unit_now[u["id"]] = u["state"];
  int with_unit = 0;
  for (const Json& s : r.data["steps"]) {
    if (s.contains("units")) {
      for (const auto& [id, st] : s["units"].items()) unit_now[id] = st;
    }
    if (s.contains("leaders")) {
      for (const auto& [id, st] : s["leaders"].items()) leader_now[id] = st;
    }
    for (const Leader& l : r.force.leaders) {
      const Json& st = leader_now.at(l.id);
      const int unit = st["attached"];
      if (unit < 0) continue;
      const Json& us = unit_now.at(r.force.units[static_cast<std::size_t>(unit)].id);
      for (const Json& stand : us["stands"]) {
        if (stand[7] != 0) continue;
        EXPECT_EQ(st["position"][0], stand[0]) << l.id;
        EXPECT_EQ(st["position"][1], stand[1]) << l.id;
        break;
      }
      bool named = false;
      for (const Json& b : us["books"]) {
        named = named || (b[0] == "leader" && b[1].get<std::string>().find(l.name) == 0);
      }
      EXPECT_TRUE(named) << l.id << " not in the books of unit " << unit;
      ++with_unit;
    }
  }
  EXPECT_GT(with_unit, 0);
  for (const Leader& l : r.force.leaders) {
    EXPECT_EQ(leader_now.at(l.id)["attached"], l.attached_unit) << l.id;
    EXPECT_EQ(leader_now.at(l.id)["alive"], l.alive) << l.id;
  }
}

}  // namespace
}  // namespace smoothbore
