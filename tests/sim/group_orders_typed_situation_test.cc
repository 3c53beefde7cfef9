// group-orders' battle builds the situations of its rolls and exact odds as typed structs
// (issue 9), no longer as the resolutions' parameter maps. Through a generated battle fought
// by the doctrine AI, for every unit and the enemies near it: the typed shooting and melee
// situations are those the parameters describe; the morale situation is the one the
// parameter map the battle built before gave (written out here as it was); and the
// doctrine's assessments of fire and charges are the doubles the generic enumeration of the
// resolutions gives, bit for bit. A correctness test, not a timing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "io/scenario_file.h"
#include "rules/battle.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/registry.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using group_orders::BattleGO;
using group_orders::MoraleSituation;

// The parameters of a Group's morale test as the battle built them before its typed
// situation (situation.cc's morale_params at d0bab9a).
std::map<std::string, Value> reference_morale_params(const BattleGO& b, int group,
                                                     const std::string& test, int unit) {
  const group_orders::GroupState& g = b.group(group);
  const Unit& u = b.force().units[unit];
  const int pct = g.start_stands > 0 ? 100 * g.killed / g.start_stands : 0;
  int left = 0, start = 0;
  bool disordered = false;
  for (int i : g.units) {
    start += b.force().units[i].start_figures;
    if (b.force().units[i].on_table()) left += b.stands(i);
    disordered = disordered || (b.force().units[i].on_table() && b.state(i).disorganised);
  }
  const bool high = u.attribute_string("morale", "normal") == "high";
  const bool poor = u.attribute_string("morale", "normal") == "poor";
  const bool militia_open = u.type == "militia" && b.terrain_type(u.footprint().centre) == 0;
  return {
      {"class", Value(std::string(b.light(unit) ? "light" : "massed"))},
      {"test", Value(test)},
      {"orders", Value(b.orders_of(unit))},
      {"artillery", Value(u.arm == Arm::kArtillery)},
      {"won-casualties", Value(false)},
      {"general-distance", Value(std::min(b.general_cm(group), 200.0))},
      {"high-morale", Value(high)},
      {"uphill-or-cover",
       Value((u.arm == Arm::kFoot && b.cover_of(unit) != "none") || b.uphill_of_all_enemy(unit))},
      {"melees-won", Value(std::int64_t{std::min(g.melees_won, 4)})},
      {"artillery-fire", Value(g.under_artillery_short)},
      {"losses-percent", Value(std::int64_t{std::clamp(pct, 0, 100)})},
      {"disordered", Value(disordered)},
      {"poor-or-militia-open", Value(poor || militia_open)},
      {"melees-lost", Value(std::int64_t{std::min(g.melees_lost, 4)})},
      {"half-strength", Value(2 * left <= start)},
      {"split-b", Value(b.option_on("h4_morale_split_b"))},
      {"general-range", Value(b.option("h4_16_general_range"))},
      {"losses", Value(b.option("h4_12_losses"))},
  };
}

// The doctrine's expected kills of a shot, from the generic enumeration of `shooting`.
double reference_expected_kills(const BattleGO& b, int unit, int target) {
  double sum = 0;
  for (const OutcomeProbability& op :
       BattleGO::distribution("shooting", b.shooting_params(unit, target))) {
    const std::string r = to_string(op.outcome.at(0).second);
    sum += op.probability * (BattleGO::kills_of(r) + (r == "disorganise" ? 0.2 : 0.0));
  }
  return sum;
}

// The doctrine's chance of each count of stands killed by a melee's first die, likewise.
std::array<double, 4> reference_melee_kills(const BattleGO& b, int unit, int enemy) {
  std::array<double, 4> kills = {0, 0, 0, 0};
  for (const OutcomeProbability& op :
       BattleGO::distribution("melee", b.melee_params(unit, enemy))) {
    kills[static_cast<std::size_t>(BattleGO::kills_of(to_string(op.outcome.at(0).second)))] +=
        op.probability;
  }
  return kills;
}

// A charge's assessment as the doctrine weighed it through the parameter maps.
ActionAssessment reference_charge(const BattleGO& b, int unit, int target) {
  const Unit& me = b.force().units[unit];
  const bool half = 2 * b.stands(unit) <= me.start_figures;
  const bool missile =
      me.arm == Arm::kFoot &&
      group_orders::weapon_of(me.type, me.attribute_string("weapon", "as-type")) != "none";
  double pass = 0;
  if (missile && !b.light(unit)) {
    pass = BattleGO::probability(
        "infantry-charge",
        {{"heavy-or-defences", Value(me.type == "heavy-infantry")}, {"half-strength", Value(half)}},
        "result", "charge");
  } else {
    auto p = reference_morale_params(b, b.state(unit).group, "charge", unit);
    p["orders"] = Value(std::string("advance"));
    p["lights-charging-lights"] = Value(b.light(unit) && b.light(target));
    p["half-strength"] = Value(half);
    for (const OutcomeProbability& op : BattleGO::distribution("morale", p)) {
      for (const auto& [k, v] : op.outcome) {
        if (k == "result" && to_string(v) == "keep") pass += op.probability;
      }
    }
  }
  const auto mine = reference_melee_kills(b, unit, target);
  std::array<double, 4> theirs = {1, 0, 0, 0};
  if (!b.routing(target)) theirs = reference_melee_kills(b, target, unit);
  double more = 0, fewer = 0, by_me = 0;
  for (std::size_t x = 0; x < 4; ++x) {
    by_me += static_cast<double>(x) * mine[x];
    for (std::size_t y = 0; y < 4; ++y) {
      if (x > y) more += mine[x] * theirs[y];
      if (x < y) fewer += mine[x] * theirs[y];
    }
  }
  ActionAssessment out;
  out.win_probability = pass * more;
  out.risk = pass * fewer;
  out.expected_kills = pass * by_me;
  return out;
}

struct Checked {
  int shots = 0, melees = 0, charges = 0, morale = 0;
};

// Fights `sc` for up to 12 turns, checking after each.
void check_battle(const Scenario& sc, std::uint64_t seed, Checked& n) {
  const Ruleset* rs = find_ruleset("group-orders");
  ASSERT_NE(rs, nullptr);
  ASSERT_FALSE(sc.force.units.empty());
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  auto& b = const_cast<BattleGO&>(dynamic_cast<const BattleGO&>(m.battle()));
  for (int turn = 0; turn < 12 && !m.finished(); ++turn) {
    m.play_turn();
    const Force& f = b.force();
    for (std::size_t i = 0; i < f.units.size(); ++i) {
      const int u = static_cast<int>(i);
      if (!f.units[i].on_table()) continue;
      for (const char* test : {"general", "charge", "rally"}) {
        const int g = b.state(u).group;
        EXPECT_EQ(b.morale_situation(g, test, u),
                  group_orders::morale_situation(
                      rs->battle_params("morale", reference_morale_params(b, g, test, u))))
            << f.units[i].id << " " << test;
        ++n.morale;
      }
      for (int e : b.near(f.units[i].footprint(), 400.0)) {
        if (f.units[e].side == f.units[i].side || !f.units[e].on_table()) continue;
        const BattleGO::ShootingFacts sf = b.shooting_facts(u, e);
        EXPECT_EQ(b.shooting_situation(sf), group_orders::shooting_situation(rs->battle_params(
                                                "shooting", b.shooting_params(sf))));
        const BattleGO::MeleeFacts mf = b.melee_facts(u, e);
        EXPECT_EQ(BattleGO::melee_situation(mf),
                  group_orders::melee_situation(rs->battle_params("melee", b.melee_params(mf))));
        Action a;
        a.unit = u;
        a.target = e;
        if (b.can_shoot_at(u, e, group_orders::OrdersId::kStand)) {
          a.kind = ActionKind::kFire;
          EXPECT_EQ(b.assess(a).expected_kills, reference_expected_kills(b, u, e));
          ++n.shots;
        }
        if (!b.active(u)) continue;
        a.kind = ActionKind::kCharge;
        const ActionAssessment got = b.assess(a), want = reference_charge(b, u, e);
        EXPECT_EQ(got.win_probability, want.win_probability) << f.units[i].id;
        EXPECT_EQ(got.risk, want.risk);
        EXPECT_EQ(got.expected_kills, want.expected_kills);
        ++n.charges;
        n.melees += b.gap_cm(u, e) < 0.1;
      }
    }
  }
}

TEST(GroupOrdersTypedSituation, TypedSituationsAndOddsMatchTheParameterMaps) {
  auto sc = load_scenario_file(std::string(SMOOTHBORE_SOURCE_DIR) +
                               "/scenarios/group-orders/battle.toml");
  ASSERT_TRUE(sc.has_value());
  Checked n;
  check_battle(*sc, 1, n);
  check_battle(*sc, 2, n);
  // The options the typed situations carry, at their alternatives.
  sc->options.set("h4_16_general_range", Value(std::string("fixed-20")));
  sc->options.set("h4_12_losses", Value(std::string("nearest-20")));
  sc->options.set("h4_morale_split_b", Value(true));
  sc->options.set("h4_musket_extreme20", Value(true));
  sc->options.set("h4_05_hard_cover_small_arms", Value(std::int64_t{-3}));
  check_battle(*sc, 3, n);
  check_battle(generated_battle("group-orders", 200, 3), 3, n);
  EXPECT_GT(n.shots, 200);
  EXPECT_GT(n.charges, 2000);
  EXPECT_GT(n.melees, 0);
  EXPECT_GT(n.morale, 2000);
  std::printf("checked %d shots, %d charges (%d in contact), %d morale tests\n", n.shots, n.charges,
              n.melees, n.morale);
}

}  // namespace
}  // namespace smoothbore
