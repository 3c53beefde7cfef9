// The replay recorder and page (io/replay/): the page embeds everything it needs (no URL,
// no external file), carries every event and the table, and the recorded state lines put
// every stand where the battle left it.
#include <cmath>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/events/jsonl.h"
#include "io/replay/page.h"
#include "io/replay/recorder.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using Json = nlohmann::json;

struct Recorded {
  std::vector<std::string> lines;   // the replay stream
  std::vector<std::string> events;  // the match log as JSON lines
  Force final_force;
};

// Fights the embedded scenario `name` with seed 3, recording as `run --log` does.
Recorded record(const std::string& name) {
  const Scenario sc = load_embedded(name);
  const Ruleset* rs = find_ruleset(sc.ruleset);
  EXPECT_NE(rs, nullptr);
  Recorded out;
  if (rs == nullptr) return out;
  MatchConfig cfg;
  cfg.seed = 3;
  Match m(sc, *rs, cfg);
  ReplayRecorder rec(m.battle(), *rs, [&](const std::string& l) { out.lines.push_back(l); });
  for (const Event& e : m.log().events()) rec.on_event(e);
  m.log().add_sink(rec.sink());
  m.run();
  rec.finish();
  for (const Event& e : m.log().events()) out.events.push_back(to_json_line(e));
  out.final_force = m.battle().force();
  return out;
}

std::string kind_of(const std::string& line) { return Json::parse(line).at("kind"); }

class ReplayPage : public ::testing::TestWithParam<const char*> {};

TEST_P(ReplayPage, StreamHoldsTheLogUnchangedWithASnapshotAfterTheStart) {
  const Recorded r = record(GetParam());
  std::vector<std::string> events;
  int snapshots = 0, states = 0;
  for (const std::string& l : r.lines) {
    const std::string k = kind_of(l);
    if (k == "snapshot") {
      ++snapshots;
    } else if (k == "state") {
      ++states;
    } else {
      events.push_back(l);
    }
  }
  EXPECT_EQ(events, r.events);  // the events' lines are the log's, byte for byte
  EXPECT_EQ(snapshots, 1);
  EXPECT_GT(states, 0);
  ASSERT_GE(r.lines.size(), 2u);
  EXPECT_EQ(kind_of(r.lines[0]), "battle_start");
  EXPECT_EQ(kind_of(r.lines[1]), "snapshot");
}

TEST_P(ReplayPage, StateLinesEndWithEveryStandWhereTheBattleLeftIt) {
  const Recorded r = record(GetParam());
  auto data = build_replay_data(r.lines);
  ASSERT_TRUE(data.has_value()) << data.error();
  const Json d = Json::parse(*data);
  const Json& units = d["snapshot"]["units"];
  ASSERT_EQ(units.size(), r.final_force.units.size());
  EXPECT_EQ(d["steps"].size(), r.events.size());  // one step per event
  int moved = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    Json state = units[i]["state"];
    const Json first = state;
    for (const Json& step : d["steps"]) {
      if (step.contains("units") && step["units"].contains(units[i]["id"].get<std::string>())) {
        state = step["units"][units[i]["id"].get<std::string>()];
      }
    }
    if (state["stands"] != first["stands"]) ++moved;
    const Unit& u = r.final_force.units[i];
    EXPECT_EQ(state["status"], std::string(unit_status_name(u.status))) << u.id;
    EXPECT_EQ(state["figures"], u.figures()) << u.id;
    EXPECT_EQ(state["castings"], u.castings()) << u.id;
    ASSERT_EQ(state["stands"].size(), u.stands.size()) << u.id;
    for (std::size_t s = 0; s < u.stands.size(); ++s) {
      EXPECT_NEAR(state["stands"][s][0].get<double>(), u.stands[s].rect.centre.x, 0.05) << u.id;
      EXPECT_NEAR(state["stands"][s][1].get<double>(), u.stands[s].rect.centre.y, 0.05) << u.id;
    }
  }
  EXPECT_GT(moved, 0);
}

TEST_P(ReplayPage, PageEmbedsEverythingAndFetchesNothing) {
  const Recorded r = record(GetParam());
  auto page = build_replay_page(r.lines);
  ASSERT_TRUE(page.has_value()) << page.error();
  for (const char* url :
       {"http://", "https://", "//cdn", "<link", " src=", " href=", "@import", "url("}) {
    EXPECT_THAT(*page, Not(HasSubstr(url))) << url;
  }
  EXPECT_THAT(*page, HasSubstr("<!DOCTYPE html>"));
  EXPECT_THAT(*page, Not(HasSubstr("{{")));  // every placeholder filled
  // The style sheet, the script and the data are inline.
  EXPECT_THAT(*page, HasSubstr(".stand { transition"));
  EXPECT_THAT(*page, HasSubstr("window.smoothboreReplay"));
  EXPECT_THAT(*page, HasSubstr("\"kind\":\"snapshot\""));
  for (const Unit& u : r.final_force.units) EXPECT_THAT(*page, HasSubstr("\"" + u.id + "\""));
  // No "</script>" can end the data early: '<' is escaped in it.
  const auto data_at = page->find("type=\"application/json\">");
  ASSERT_NE(data_at, std::string::npos);
  const auto data_end = page->find("</script>", data_at);
  EXPECT_EQ(page->substr(data_at, data_end - data_at).find('<'), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(EachRuleset, ReplayPage,
                         ::testing::Values("fast-1805/small.toml",
                                           "fire-and-discipline/small.toml"));

TEST(ReplayData, LogWithoutSnapshotSaysHowToRecordOne) {
  const Recorded r = record("fast-1805/small.toml");
  auto data = build_replay_data(r.events);
  ASSERT_FALSE(data.has_value());
  EXPECT_THAT(data.error(), HasSubstr("no snapshot line"));
  EXPECT_THAT(data.error(), HasSubstr("--log"));
}

TEST(ReplayData, NamesTheBadLine) {
  Recorded r = record("fast-1805/small.toml");
  r.lines[2] = "not json";
  auto data = build_replay_data(r.lines);
  ASSERT_FALSE(data.has_value());
  EXPECT_THAT(data.error(), HasSubstr("line 3:"));
}

TEST(ReplayData, RefusesANewerFormat) {
  Recorded r = record("fast-1805/small.toml");
  Json snap = Json::parse(r.lines[1]);
  snap["format"] = kReplayFormat + 1;
  r.lines[1] = snap.dump();
  auto data = build_replay_data(r.lines);
  ASSERT_FALSE(data.has_value());
  EXPECT_THAT(data.error(), HasSubstr("snapshot format"));
}

TEST(ReplayData, RollsCarryTheNarrativeLine) {
  const Recorded r = record("fast-1805/small.toml");
  auto data = build_replay_data(r.lines);
  ASSERT_TRUE(data.has_value());
  int rolls = 0;
  const Json d = Json::parse(*data);
  for (const Json& step : d["steps"]) {
    if (!step.contains("rolls")) continue;
    for (const Json& roll : step["rolls"]) {
      ++rolls;
      EXPECT_THAT(roll["line"].get<std::string>(),
                  HasSubstr(roll["dice"].get<std::string>() + "="));
    }
  }
  EXPECT_GT(rolls, 0);
}

}  // namespace
}  // namespace smoothbore
