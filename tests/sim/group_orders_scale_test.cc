// Scale (issue 9): group-orders answers its proximity queries through spatial indexes
// (rules/group_orders/spatial.cc), or, in a battle of few units, by scanning them. A
// generated battle (indexed) and the shipped one (scanned), fought turn by turn with the
// doctrine AI on both sides, through contact, shooting and melee: after every turn the invariants
// hold (no overlaps, the index in step with every footprint) and the indexed answers are
// those of a scan of every unit: the nearest enemy (any, Massed, active; also as the orders
// step keeps them), uphill of all enemy (also as kept), the enemies near a footprint, the
// shooting candidates and placement. A correctness test, not a timing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "rules/battle.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/registry.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using group_orders::BattleGO;

// The scans the battle used before the index: least gap_cm (any, or Massed and not
// routing), ties to the lower index; and the doctrine's least exact gap among active units.
int scan_nearest(const BattleGO& b, int unit, bool massed_only) {
  const Force& f = b.force();
  int best = -1;
  double d = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < f.units.size(); ++i) {
    const int o = static_cast<int>(i);
    if (f.units[i].side == f.units[unit].side || !f.units[i].on_table()) continue;
    if (massed_only && (b.light(o) || b.routing(o))) continue;
    if (b.gap_cm(unit, o) < d) {
      d = b.gap_cm(unit, o);
      best = o;
    }
  }
  return best;
}

// Compares the indexed answers for `unit` with the scans; returns the checks made and counts
// the units found uphill of all enemy in `uphill_seen`.
int check_unit(BattleGO& b, int unit, int* uphill_seen) {
  const Force& f = b.force();
  const std::string& id = f.units[unit].id;
  const int any = scan_nearest(b, unit, false), massed = scan_nearest(b, unit, true);
  double want_gap = 0;
  const int active = scan_nearest_active(f, unit, &want_gap);
  const bool uphill = b.uphill_of_all_enemy_now(unit);
  *uphill_seen += uphill;
  for (bool held : {false, true}) {
    b.hold_nearest(held);
    for (int ask = 0; ask < 2; ++ask) {  // kept through the orders step
      EXPECT_EQ(b.uphill_of_all_enemy(unit), uphill) << id << " held=" << held;
    }
    // Held, the nearest Massed enemy is kept apart (searched for when asked): asked both
    // before and after the nearest enemy.
    if (unit % 2 == 0) {
      EXPECT_EQ(b.nearest_enemy(unit, true), massed) << id << " held=" << held;
    }
    EXPECT_EQ(b.nearest_enemy(unit), any) << id << " held=" << held;
    EXPECT_EQ(b.nearest_enemy(unit, true), massed) << id << " held=" << held;
    double gap = 0;
    EXPECT_EQ(b.nearest_active_enemy(unit, &gap), active) << id << " held=" << held;
    EXPECT_EQ(gap, want_gap) << id << " held=" << held;
  }
  b.hold_nearest(false);
  // Every target a scan finds is among the weapon's candidates.
  const std::vector<int> reach = b.in_weapon_reach(unit);
  for (std::size_t t = 0; t < f.units.size(); ++t) {
    if (!b.can_shoot_at(unit, static_cast<int>(t), group_orders::OrdersId::kStand)) continue;
    EXPECT_TRUE(std::find(reach.begin(), reach.end(), static_cast<int>(t)) != reach.end())
        << id << " cannot find target " << f.units[t].id;
  }
  // near_enemies: near's answer without the unit's own side, in the same order, at the
  // reaches its callers ask (contact, a move, uphill, a weapon).
  const Rect fp = f.units[unit].footprint();
  for (double mm : {1.0, 120.0, 401.0, 2000.0}) {
    std::vector<int> want = b.near(fp, mm);
    std::erase_if(want, [&](int o) { return f.units[o].side == f.units[unit].side; });
    EXPECT_EQ(b.near_enemies(fp, mm, f.units[unit].side), want) << id << " " << mm;
  }
  return 1;
}

// Fights the battle for up to `turns` turns, checking every turn; at least `min_checked`
// checks are made, and (`want_uphill`) some unit is found uphill of all enemy. `scanned`:
// whether the battle is one of few enough units to answer proximity by scanning its units
// (BattleGO::kScannedUnits) rather than through its spatial indexes.
void check_battle(const Scenario& sc, bool scanned, int turns, int min_checked, bool want_uphill) {
  const Ruleset* rs = find_ruleset("group-orders");
  ASSERT_NE(rs, nullptr);
  ASSERT_FALSE(sc.force.units.empty());
  EXPECT_EQ(sc.force.units.size() <= BattleGO::kScannedUnits, scanned) << sc.force.units.size();

  MatchConfig cfg;
  cfg.seed = 3;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  auto& b = const_cast<BattleGO&>(dynamic_cast<const BattleGO&>(m.battle()));
  int checked = 0;
  int uphill_seen = 0;
  for (int turn = 0; turn < turns && !m.finished(); ++turn) {
    m.play_turn();
    for (const std::string& v : b.invariant_violations()) ADD_FAILURE() << v;
    const Force& f = b.force();
    for (std::size_t u = turn % 3; u < f.units.size(); u += 3) {
      if (f.units[u].on_table()) checked += check_unit(b, static_cast<int>(u), &uphill_seen);
    }
    // Placement: the indexed place_ok agrees with the scan of rules/battle.h, on the
    // unit's own footprint nudged toward its nearest enemy (often into someone).
    for (std::size_t u = 0; u < f.units.size(); u += 5) {
      if (!f.units[u].on_table()) continue;
      const int e = b.nearest_enemy(static_cast<int>(u));
      Rect r = f.units[u].footprint();
      if (e >= 0) r.centre = r.centre + (f.units[e].footprint().centre - r.centre) * 0.5;
      EXPECT_EQ(b.place_ok(static_cast<int>(u), r, -1),
                place_free(b.scenario().table, f, static_cast<int>(u), r, -1))
          << f.units[u].id;
    }
  }
  EXPECT_GT(checked, min_checked);
  if (want_uphill) {
    EXPECT_GT(uphill_seen, 0);  // the kept uphill answer was compared on a true one too
  }
  int fire = 0, melee = 0;
  for (const Event& e : m.log().events()) {
    fire += e.kind == EventKind::kFire;
    melee += e.kind == EventKind::kMelee;
  }
  EXPECT_GT(fire, 0);  // the battle came to shooting and melee
  EXPECT_GT(melee, 0);
}

TEST(GroupOrdersScale, IndexedQueriesMatchScansThroughABattle) {
  check_battle(generated_battle("group-orders", 200, 3), false, 8, 300, true);
}

// The shipped battle (25 units), fought to its end: the scanned answers (no unit of it
// stands uphill of all enemy; the indexed battle compares a true answer).
TEST(GroupOrdersScale, ScannedQueriesMatchScansThroughTheShippedBattle) {
  auto sc = load_scenario_file(std::string(SMOOTHBORE_SOURCE_DIR) +
                               "/scenarios/group-orders/battle.toml");
  ASSERT_TRUE(sc.has_value()) << format(sc.error().front());
  check_battle(*sc, true, 40, 40, false);
}

// weapon_of_unit, kept per type and weapon named (issue 9), is each unit's own: the weapon of
// its type and its "weapon" attribute (none, or a text), with that weapon's ranges, whatever
// the order the units are asked in.
TEST(GroupOrdersScale, KeptWeaponsAreEachUnitsOwn) {
  Scenario sc = generated_battle("group-orders", 200, 3);
  std::vector<std::string> types;
  for (const Unit& u : sc.force.units) {
    if (std::find(types.begin(), types.end(), u.type) == types.end()) types.push_back(u.type);
  }
  ASSERT_GT(types.size(), 2u);
  for (std::size_t i = 0; i < sc.force.units.size(); ++i) {
    Unit& u = sc.force.units[i];
    std::erase_if(u.attributes, [](const auto& kv) { return kv.first == "weapon"; });
    // None, "as-type", or the weapon of some type (often another's).
    if (i % 3 == 1) u.attributes.emplace_back("weapon", Value(std::string("as-type")));
    if (i % 3 == 2) {
      const std::string& other = types[(i / 3) % types.size()];
      u.attributes.emplace_back("weapon", Value(group_orders::weapon_of(other, "as-type")));
    }
  }
  const Ruleset* rs = find_ruleset("group-orders");
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = 3;
  Match m(sc, *rs, cfg);
  const auto& b = dynamic_cast<const BattleGO&>(m.battle());
  const Force& f = b.force();
  int named = 0, none = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t k = 0; k < f.units.size(); ++k) {
      const int unit = static_cast<int>(pass == 0 ? k : f.units.size() - 1 - k);
      const Unit& u = f.units[static_cast<std::size_t>(unit)];
      const std::string want =
          group_orders::weapon_of(u.type, u.attribute_string("weapon", "as-type"));
      const BattleGO::Weapon& w = b.weapon_of_unit(unit);
      EXPECT_EQ(w.name, want) << u.id;
      EXPECT_EQ(w.none, want == "none") << u.id;
      if (want == "none") {
        ++none;
        continue;
      }
      ++named;
      const group_orders::Ranges r =
          group_orders::weapon_ranges(want, b.shot_rules().range_options);
      EXPECT_EQ(w.ranges.short_cm, r.short_cm) << u.id;
      EXPECT_EQ(w.ranges.long_cm, r.long_cm) << u.id;
      EXPECT_EQ(w.ranges.extreme_cm, r.extreme_cm) << u.id;
    }
  }
  EXPECT_GT(named, 100);
  EXPECT_GT(none, 0);  // e.g. medium cavalry carries none
}

}  // namespace
}  // namespace smoothbore
