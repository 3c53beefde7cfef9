// The fast-1805 bound driven through the Battle interface with scripted orders (shared/
// rules/002.md §3, §5, §8, §12): the order of the fire and move steps and of shooters
// (L9, L19, A2-01), fire-or-charge (L9, A2-28), once-per-step morale (A2-14), shaken
// units (L21, A2-03), the rout timeline (L23, A2-04), formations (L15, L168, A2-29) and
// interpenetration (L17). Tiny scenarios on an open 48" x 36" table; dice are seeded, so
// each test asserts what holds for any roll, or searches seeds for the case it needs.
// Every test also checks invariant_violations() after every step of every bound.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/vec2.h"
#include "sim/fast_1805_toml.h"
#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {
namespace {

std::string green() { return "quality = \"green\"\n"; }

bool passed(const RollRecord& r) { return r.result.rfind("pass", 0) == 0; }

// A unit's initiative roll for the order of play in `bound` (L19): a roll with purpose
// "initiative: <id>" in the bound's initiative event, or the single "initiative" roll of
// an initiative event of that unit with no target (not an interpenetration, L17).
const RollRecord* initiative_roll(const BattleHarness& g, int bound, std::string_view id) {
  for (const Event* e : g.events(EventKind::kInitiative, "", bound)) {
    if (!e->target.empty()) continue;
    for (const RollRecord& r : e->rolls) {
      if (r.purpose == "initiative: " + std::string(id)) return &r;
      if (e->unit == id && r.purpose == "initiative") return &r;
    }
  }
  return nullptr;
}

// Blue b1 (x 12) and b2 (x 36) face red r1 (x 12) and r2 (x 36), 7" apart (6-12" band).
Scenario four_lines(std::string_view options = "") {
  return load_scenario(scenario_toml(unit_toml("b1", "infantry", "line", 16, 12, 6, vet()) +
                                         unit_toml("b2", "infantry", "line", 16, 36, 6, green()),
                                     unit_toml("r1", "infantry", "line", 16, 12, 14, green()) +
                                         unit_toml("r2", "infantry", "line", 16, 36, 14, vet()),
                                     options));
}

// L9, A2-01: the fire step comes before the move step: b1's shot is logged before r2's
// move whatever the initiative rolls.
TEST(Fast1805Battle, FireStepPrecedesMoveStep_L9_A2_01) {
  const Scenario sc = four_lines();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    red.set(g.idx("r2"), {ActionKind::kMove, -1, "", true, nullptr});
    g.play(blue, red);
    EXPECT_EQ(blue.unmatched() + red.unmatched(), 0);
    const auto fires = g.events(EventKind::kFire, "b1", 1);
    const auto moves = g.events(EventKind::kMove, "r2", 1);
    ASSERT_EQ(fires.size(), 1u);
    ASSERT_EQ(moves.size(), 1u) << "r2 was ordered to move";
    EXPECT_LT(g.position(fires[0]), g.position(moves[0])) << "seed " << seed;
    EXPECT_EQ(fires[0]->target, "r1");
    ASSERT_FALSE(fires[0]->rolls.empty());
    EXPECT_EQ(fires[0]->rolls[0].purpose, "fire");
    EXPECT_NE(fires[0]->rolls[0].base_ref.find("R-002-4"), std::string::npos);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L19, A2-01: every unit rolls initiative; shooters fire in initiative order: those that
// passed first, lowest roll first, then those that failed, lowest roll first (ties in
// unit order). Each ordered shooter logs exactly one fire event (a shot, or "cannot fire"
// when casualties took it out first), so the fire events' order is the shooting order.
TEST(Fast1805Battle, ShootersFireInInitiativeOrder_L19_A2_01) {
  const Scenario sc = four_lines();
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    blue.fire(g.idx("b2"), g.idx("r2"));
    red.fire(g.idx("r1"), g.idx("b1"));
    red.fire(g.idx("r2"), g.idx("b2"));
    g.play(blue, red);
    EXPECT_EQ(blue.unmatched() + red.unmatched(), 0);
    struct Roll {
      int unit;
      bool pass;
      int face;
    };
    std::vector<Roll> rolls;
    for (const std::string id : {"b1", "b2", "r1", "r2"}) {
      const RollRecord* r = initiative_roll(g, 1, id);
      ASSERT_NE(r, nullptr) << id;
      EXPECT_NE(r->base_ref.find("R-002-2"), std::string::npos);
      ASSERT_EQ(r->faces.size(), 1u);
      // R-002-2: veteran 70%, green 60%.
      EXPECT_EQ(r->target, id == "b1" || id == "r2" ? 70 : 60);
      EXPECT_EQ(passed(*r), r->faces[0] <= r->target);
      rolls.push_back({g.idx(id), passed(*r), r->faces[0]});
    }
    ASSERT_EQ(rolls.size(), 4u);
    std::sort(rolls.begin(), rolls.end(),
              [](const Roll& a, const Roll& b) { return a.unit < b.unit; });
    std::stable_sort(rolls.begin(), rolls.end(), [](const Roll& a, const Roll& b) {
      if (a.pass != b.pass) return a.pass;
      return a.face < b.face;
    });
    std::vector<std::string> want, got;
    for (const Roll& r : rolls) want.push_back(g.force().units[r.unit].id);
    for (const Event* e : g.events(EventKind::kFire, "", 1)) got.push_back(e->unit);
    EXPECT_EQ(got, want) << "seed " << seed;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L9, A2-28: a unit may not fire and charge in one bound. The orders are either/or (both
// are offered), and a unit ordered to charge logs no fire event.
TEST(Fast1805Battle, ChargingUnitDoesNotFire_L9_A2_28) {
  const Scenario sc =
      load_scenario(scenario_toml(unit_toml("b1", "infantry", "line", 16, 24, 6, vet()),
                                  unit_toml("r1", "infantry", "line", 16, 24, 11)));
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    EXPECT_TRUE(blue.was_offered(g.idx("b1"), {ActionKind::kFire, g.idx("r1"), "", {}, nullptr}));
    EXPECT_TRUE(blue.was_offered(g.idx("b1"), {ActionKind::kCharge, g.idx("r1"), "", {}, nullptr}));
    const auto orders = g.events(EventKind::kOrder, "b1", 1);
    ASSERT_EQ(orders.size(), 1u);
    EXPECT_EQ(field_text(*orders[0], "action"), "charge");
    EXPECT_TRUE(g.events(EventKind::kFire, "b1", 1).empty());
    EXPECT_FALSE(g.events(EventKind::kCharge, "b1", 1).empty());
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// A2-14: morale is tested once per step, however many shooters hit the unit. Two veteran
// lines at 3" (16 x (8 + 3 first fire + 2 unmoving line) = 208%: at least 2 kills each)
// both hit r1 in the fire step; r1 tests morale once, after the first of the two shots.
TEST(Fast1805Battle, UnitHitTwiceInOneFireStepTestsMoraleOnce_A2_14) {
  const Scenario sc =
      load_scenario(scenario_toml(unit_toml("b1", "infantry", "line", 16, 13, 6, vet()) +
                                      unit_toml("b2", "infantry", "line", 16, 19, 6, vet()),
                                  unit_toml("r1", "infantry", "line", 24, 16, 10, green())));
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    blue.fire(g.idx("b2"), g.idx("r1"));
    g.play(blue, red);
    EXPECT_EQ(blue.unmatched(), 0);
    const auto fires = g.events(EventKind::kFire, "", 1);
    ASSERT_EQ(fires.size(), 2u);
    std::int64_t kills = 0;
    for (const Event* f : fires) {
      ASSERT_NE(field(*f, "kills"), nullptr) << f->text;
      EXPECT_GE(as_number(*field(*f, "kills")), 2) << f->text;
      kills += static_cast<std::int64_t>(as_number(*field(*f, "kills")));
    }
    EXPECT_EQ(g.unit("r1").figures(), 24 - kills);
    const auto morale = g.events(EventKind::kMorale, "r1", 1);
    ASSERT_EQ(morale.size(), 1u) << "seed " << seed;
    EXPECT_GT(g.position(morale[0]), g.position(fires[0]));
    EXPECT_LT(g.position(morale[0]), g.position(fires[1]));
    ASSERT_EQ(morale[0]->rolls.size(), 1u);
    EXPECT_EQ(morale[0]->rolls[0].purpose, "morale");
    EXPECT_LT(morale[0]->rolls[0].target, 100);  // tested with the first shot's losses
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// The fire roll's modifiers of `shooter`'s shot in bound 1, by rule reference.
bool shot_has_modifier(const BattleHarness& g, std::string_view shooter, std::string_view ref) {
  for (const Event* e : g.events(EventKind::kFire, shooter, 1)) {
    for (const RollRecord& r : e->rolls) {
      for (const Modifier& m : r.modifiers) {
        if (m.ref == ref) return true;
      }
    }
  }
  return false;
}

// L119, A2-09: "target angle 45 degrees" (+2%) is for a line of fire that strikes the
// target's flank; a shot straight at its front gets none.
TEST(Fast1805Battle, TargetAngleModifier_L119_A2_09) {
  const Scenario sc = load_scenario(scenario_toml(
      unit_toml("front", "infantry", "line", 16, 24, 14, vet()) +
          unit_toml("flank", "infantry", "line", 16, 32, 20, vet() + "facing = 270\n"),
      unit_toml("r1", "infantry", "line", 16, 24, 20, green())));
  BattleHarness g(sc, 1);
  ScriptedCommander blue, red;
  blue.fire(g.idx("front"), g.idx("r1"));
  blue.fire(g.idx("flank"), g.idx("r1"));
  g.play(blue, red);
  ASSERT_EQ(blue.unmatched(), 0);
  EXPECT_TRUE(shot_has_modifier(g, "front", "L118")) << "first fire";
  EXPECT_FALSE(shot_has_modifier(g, "front", "L119")) << "a frontal shot";
  EXPECT_TRUE(shot_has_modifier(g, "flank", "L119")) << "a shot into the flank (90°)";
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// A2-09 defines "target angle" by the angle of the line of fire: >= 45° off the target's
// front. A shooter whose centre is 3" to the side and 6" ahead of the target's centre
// fires 27° off its front, so it gets no +2% although it stands beyond the frontage's
// extended edges (a zone test would call that a flank).
TEST(Fast1805Battle, ObliqueFrontalShotIsNotTargetAngle_A2_09) {
  const Scenario sc =
      load_scenario(scenario_toml(unit_toml("b1", "infantry", "line", 16, 21, 6, vet()),
                                  unit_toml("r1", "infantry", "line", 16, 24, 12, green())));
  BattleHarness g(sc, 1);
  ScriptedCommander blue, red;
  blue.fire(g.idx("b1"), g.idx("r1"));
  g.play(blue, red);
  ASSERT_EQ(blue.unmatched(), 0);
  EXPECT_FALSE(shot_has_modifier(g, "b1", "L119")) << "atan(3/6) = 27° off the front";
}

// The scenario for the shaken and rout tests: two veteran lines 5" from a green (or
// untrained) r1 at y 12, with room to flee 12" away on the table.
Scenario firing_line(std::string_view r1_quality, std::string_view options = "") {
  return load_scenario(scenario_toml(unit_toml("b1", "infantry", "line", 16, 21, 6, vet()) +
                                         unit_toml("b2", "infantry", "line", 16, 27, 6, vet()),
                                     unit_toml("r1", "infantry", "line", 16, 24, 12,
                                               fmt::format("quality = \"{}\"\n", r1_quality)),
                                     options));
}

// Plays bound 1 of `sc` with b1 and b2 firing at r1 and r1 under `r1_order`; returns the
// first seed (1..200) for which r1's morale result in the fire step is `result`.
std::uint64_t seed_where_r1(const Scenario& sc, std::string_view result,
                            const ScriptStep& r1_order) {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    blue.fire(g.idx("b2"), g.idx("r1"));
    red.set(g.idx("r1"), r1_order);
    g.play(blue, red);
    for (const Event* e : g.events(EventKind::kMorale, "r1", 1)) {
      if (field_text(*e, "result") == result) return seed;
    }
  }
  return 0;
}

// r1's order: a move toward the enemy (south, so its centre's y falls).
ScriptStep advance_south(const Scenario& sc) {
  const double y0 = sc.force.units[sc.force.unit_index("r1")].footprint().centre.y;
  return {ActionKind::kMove, -1, "", true,
          [y0](const Action& a) { return a.destination.y < y0 - 0.5 * kIn; }};
}

// L21, A2-03: a unit shaken in the fire step may not advance that bound: its ordered
// advance is cancelled in the move step. While shaken (to the end of the next bound) it
// is offered no charge; option a2_shaken_may_charge allows one.
TEST(Fast1805Battle, ShakenUnitMayNotAdvanceOrCharge_L21_A2_03) {
  const Scenario sc = firing_line("green");
  const ScriptStep advance = advance_south(sc);
  // Searched: the first seed in 1..200 where r1 is shaken by the volleys.
  const std::uint64_t seed = seed_where_r1(sc, "shaken", advance);
  ASSERT_NE(seed, 0u) << "no seed shakes r1";
  BattleHarness g(sc, seed);
  const int r1 = g.idx("r1");
  ScriptedCommander blue, red;
  const std::vector<Action> fresh = g.battle().legal_actions(r1);
  EXPECT_TRUE(std::any_of(fresh.begin(), fresh.end(), [](const Action& a) {
    return a.kind == ActionKind::kCharge;
  })) << "a fresh r1 may charge b1/b2 (5\" away)";
  blue.fire(g.idx("b1"), r1);
  blue.fire(g.idx("b2"), r1);
  red.set(r1, advance);
  const Vec2 before = g.unit("r1").footprint().centre;
  g.play(blue, red);
  EXPECT_EQ(red.unmatched(), 0) << "the advance was offered before r1 was shaken";
  EXPECT_FALSE(g.events_with("is shaken", "r1", 1).empty());
  // The advance is cancelled: r1 at most turns on the spot (a 0" move).
  for (const Event* m : g.events(EventKind::kMove, "r1", 1)) {
    EXPECT_NEAR(as_number(*field(*m, "distance_in")), 0.0, 1e-9) << m->text;
  }
  EXPECT_LT(distance(g.unit("r1").footprint().centre, before), 0.01);
  EXPECT_EQ(g.unit("r1").status, UnitStatus::kActive);
  // Bound 2: still shaken (A2-03 "until the end of the next bound"): no charge, no advance.
  blue.clear();
  red.charge(r1, g.idx("b1"));
  g.play(blue, red);
  ASSERT_TRUE(red.was_asked(r1));
  EXPECT_FALSE(red.was_offered(r1, {ActionKind::kCharge, -1, "", {}, nullptr}));
  EXPECT_FALSE(red.was_offered(r1, advance));
  EXPECT_TRUE(g.events(EventKind::kCharge, "r1", 2).empty());
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();

  // Option a2_shaken_may_charge = true: the shaken r1 is offered the charge.
  const Scenario may = firing_line("green", "a2_shaken_may_charge = true");
  const std::uint64_t seed2 = seed_where_r1(may, "shaken", advance);
  ASSERT_NE(seed2, 0u);
  BattleHarness h(may, seed2);
  ScriptedCommander blue2, red2;
  blue2.fire(h.idx("b1"), r1);
  blue2.fire(h.idx("b2"), r1);
  red2.set(r1, advance);
  h.play(blue2, red2);
  ASSERT_FALSE(h.events_with("is shaken", "r1", 1).empty());
  blue2.clear();
  red2.charge(r1, h.idx("b1"));
  h.play(blue2, red2);
  EXPECT_TRUE(red2.was_offered(r1, {ActionKind::kCharge, -1, "", {}, nullptr}));
  EXPECT_TRUE(h.violations().empty()) << h.violations().front();
}

// Whether `v` points straight away from b1 or b2 (both are equally near r1) from `at`.
bool directly_away(Vec2 v, Vec2 at, const BattleHarness& g) {
  for (const char* id : {"b1", "b2"}) {
    const Vec2 away = (at - g.unit(id).footprint().centre).normalized();
    if (v.normalized().dot(away) > 0.9998) return true;  // within about 1°
  }
  return false;
}

// L23, A2-04: routed in bound t (1); in t+1 it flees 12" (foot rout rate, R-002-1 by arm)
// directly away from the nearest enemy and takes no orders; in t+2 it stands and rallies with its
// back to the enemy; in t+3 it is active again, one Discipline level lower (green ->
// untrained: its initiative target drops from 60% to 50%, R-002-2).
TEST(Fast1805Battle, RoutTimeline_L23_A2_04) {
  const Scenario sc = firing_line("green");
  const ScriptStep hold{ActionKind::kHold, -1, "", {}, nullptr};
  // Searched: the first seed in 1..200 where r1 routs under the volleys.
  const std::uint64_t seed = seed_where_r1(sc, "rout", hold);
  ASSERT_NE(seed, 0u) << "no seed routs r1";
  BattleHarness g(sc, seed);
  const int r1 = g.idx("r1");
  ScriptedCommander blue, red;
  blue.fire(g.idx("b1"), r1);
  blue.fire(g.idx("b2"), r1);
  g.play(blue, red);  // bound t = 1
  ASSERT_EQ(g.events(EventKind::kRout, "r1", 1).size(), 1u);
  EXPECT_EQ(g.unit("r1").status, UnitStatus::kRouted);
  ASSERT_NE(initiative_roll(g, 1, "r1"), nullptr);
  EXPECT_EQ(initiative_roll(g, 1, "r1")->target, 60);
  blue.clear();

  const Rect at_rout = g.unit("r1").footprint();
  g.play(blue, red);  // t+1: the rout move
  EXPECT_FALSE(red.was_asked(r1)) << "routers take no orders";
  const auto flee = g.events(EventKind::kMove, "r1", 2);
  ASSERT_EQ(flee.size(), 1u);
  EXPECT_NE(flee[0]->text.find("flees"), std::string::npos) << flee[0]->text;
  EXPECT_NEAR(as_number(*field(*flee[0], "distance_in")), 12.0, 0.01);
  const Rect fled = g.unit("r1").footprint();
  const Vec2 moved = fled.centre - at_rout.centre;
  EXPECT_NEAR(moved.length() / kIn, 12.0, 0.01);
  EXPECT_TRUE(directly_away(moved, at_rout.centre, g)) << "directly away from b1 or b2";
  EXPECT_EQ(g.unit("r1").status, UnitStatus::kRouted);

  g.play(blue, red);  // t+2: rallies, backs to the enemy
  EXPECT_FALSE(red.was_asked(r1));
  EXPECT_EQ(g.events_with("rallies", "r1", 3).size(), 1u);
  EXPECT_TRUE(g.events(EventKind::kMove, "r1", 3).empty());
  EXPECT_TRUE(directly_away(bearing_vector(g.unit("r1").footprint().facing), fled.centre, g))
      << "back to the enemy";
  EXPECT_LT(distance(g.unit("r1").footprint().centre, fled.centre), 0.01);
  EXPECT_EQ(g.unit("r1").status, UnitStatus::kRouted);

  g.play(blue, red);  // t+3: active, one level lower
  EXPECT_EQ(g.unit("r1").status, UnitStatus::kActive);
  EXPECT_TRUE(red.was_asked(r1));
  EXPECT_EQ(g.events_with("returns to the fight as untrained", "r1", 4).size(), 1u);
  ASSERT_NE(initiative_roll(g, 4, "r1"), nullptr);
  EXPECT_EQ(initiative_roll(g, 4, "r1")->target, 50);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// A2-25: a unit back from a rout drops a Discipline level but keeps its melee
// effectiveness; with a2_drop_affects_melee it also drops a step (steady → timid).
TEST(Fast1805Battle, DisciplineDropAndMeleeOption_A2_25) {
  const ScriptStep hold{ActionKind::kHold, -1, "", {}, nullptr};
  for (const bool drop : {false, true}) {
    const Scenario sc = firing_line("green", drop ? "a2_drop_affects_melee = true" : "");
    // Searched: the first seed in 1..200 where r1 routs (the option plays no part in it).
    const std::uint64_t seed = seed_where_r1(sc, "rout", hold);
    ASSERT_NE(seed, 0u);
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    blue.fire(g.idx("b2"), g.idx("r1"));
    g.play(blue, red);  // t: routs
    blue.clear();
    for (int k = 0; k < 3; ++k) g.play(blue, red);  // t+1 flee, t+2 rally, t+3 back
    const auto back = g.events_with("returns to the fight as untrained", "r1", 4);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0]->text.find("fighting as timid") != std::string::npos, drop) << back[0]->text;
  }
}

// A2-04: an untrained unit that routs disperses (removed); with
// a2_untrained_rout_disperses = false it routs like any other.
TEST(Fast1805Battle, UntrainedRoutDisperses_A2_04) {
  const ScriptStep hold{ActionKind::kHold, -1, "", {}, nullptr};
  for (const bool disperses : {true, false}) {
    const Scenario sc =
        firing_line("untrained", disperses ? "" : "a2_untrained_rout_disperses = false");
    // Searched: the first seed in 1..200 where r1 routs.
    const std::uint64_t seed = seed_where_r1(sc, "rout", hold);
    ASSERT_NE(seed, 0u);
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    blue.fire(g.idx("b2"), g.idx("r1"));
    g.play(blue, red);
    ASSERT_EQ(g.events(EventKind::kRout, "r1", 1).size(), 1u);
    if (disperses) {
      EXPECT_EQ(g.unit("r1").status, UnitStatus::kRemoved);
      EXPECT_EQ(g.events(EventKind::kRemoved, "r1", 1).size(), 1u);
      EXPECT_FALSE(g.unit("r1").on_table());
    } else {
      EXPECT_EQ(g.unit("r1").status, UnitStatus::kRouted);
      EXPECT_TRUE(g.events(EventKind::kRemoved, "r1", 1).empty());
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L15: a formation change (line -> column) re-lays the block: 16 foot in a two-rank line
// are 4" x 1", in a four-file column 2" x 2" (layout.h).
TEST(Fast1805Battle, FormationChangeChangesFootprint_L15) {
  const Scenario sc = load_scenario(scenario_toml(unit_toml("b1", "infantry", "line", 16, 24, 6),
                                                  unit_toml("r1", "infantry", "line", 16, 24, 30)));
  BattleHarness g(sc, 1);
  ScriptedCommander blue, red;
  const Rect before = g.unit("b1").footprint();
  EXPECT_NEAR(before.width / kIn, 4.0, 1e-9);
  EXPECT_NEAR(before.depth / kIn, 1.0, 1e-9);
  blue.form(g.idx("b1"), "column");
  g.play(blue, red);
  EXPECT_EQ(blue.unmatched(), 0);
  EXPECT_EQ(g.unit("b1").formation, "column");
  const Rect after = g.unit("b1").footprint();
  EXPECT_NEAR(after.width / kIn, 2.0, 1e-9);
  EXPECT_NEAR(after.depth / kIn, 2.0, 1e-9);
  EXPECT_EQ(g.unit("b1").figures(), 16);
  EXPECT_EQ(g.events(EventKind::kFormation, "b1", 1).size(), 1u);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L168, A2-29: Haitian irregulars may not form square; no Haitian unit skirmishes.
// Regular foot are offered both.
TEST(Fast1805Battle, HaitianFormations_L168_A2_29) {
  const Scenario sc = load_scenario(scenario_toml(
      unit_toml("b1", "infantry", "line", 16, 24, 6),
      unit_toml("irr", "infantry", "line", 20, 12, 30, "haitian = \"irregular\"\n") +
          unit_toml("mut", "infantry", "line", 18, 36, 30, "haitian = \"mutineer\"\n")));
  BattleHarness g(sc, 1);
  auto formations = [&](std::string_view id) {
    std::vector<std::string> out;
    for (const Action& a : g.battle().legal_actions(g.idx(id))) {
      if (a.kind == ActionKind::kFormation) out.push_back(a.formation);
    }
    // Distinct formations: a change may be offered standing and with a ½ move (L15).
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  };
  EXPECT_EQ(formations("irr"), (std::vector<std::string>{"column"}));
  EXPECT_EQ(formations("mut"), (std::vector<std::string>{"column", "square"}));
  EXPECT_EQ(formations("b1"), (std::vector<std::string>{"column", "skirmish", "square"}));
  // L15 vs L168: regulars may use the other ½ move; Haitian units change standing still.
  for (const Action& a : g.battle().legal_actions(g.idx("irr"))) {
    EXPECT_FALSE(a.kind == ActionKind::kFormation && a.moves) << "L168: a full turn";
  }
  bool regular_may_move = false;
  for (const Action& a : g.battle().legal_actions(g.idx("b1"))) {
    regular_may_move |= a.kind == ActionKind::kFormation && a.moves && a.formation == "column";
  }
  EXPECT_TRUE(regular_may_move) << "L15: the change takes ½ move";
  // Ordered into square anyway (the script finds no such action), the irregulars hold.
  ScriptedCommander blue, red;
  red.form(g.idx("irr"), "square");
  red.form(g.idx("mut"), "skirmish");
  g.play(blue, red);
  EXPECT_EQ(red.unmatched(), 2);
  EXPECT_EQ(g.unit("irr").formation, "line");
  EXPECT_EQ(g.unit("mut").formation, "line");
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L17: a unit moving through a friend: both roll initiative (one event, two rolls); if
// both pass it goes through, else both are disordered and it stops short. Seeds 1..40
// show both outcomes; each is checked against its rolls.
TEST(Fast1805Battle, Interpenetration_L17) {
  const Scenario sc =
      load_scenario(scenario_toml(unit_toml("a", "infantry", "line", 16, 24, 3, vet()) +
                                      unit_toml("f", "infantry", "line", 16, 24, 6, green()),
                                  unit_toml("r1", "infantry", "line", 16, 24, 30)));
  bool saw_pass = false, saw_fail = false;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.set(g.idx("a"), {ActionKind::kMove, -1, "", true,
                          [&](const Action& m) { return m.destination.y > 8.5 * kIn; }});
    g.play(blue, red);
    ASSERT_EQ(blue.unmatched(), 0);
    std::vector<const Event*> meets;
    for (const Event* e : g.events(EventKind::kInitiative, "a", 1)) {
      if (e->target == "f") meets.push_back(e);
    }
    ASSERT_EQ(meets.size(), 1u) << "seed " << seed;
    ASSERT_EQ(meets[0]->rolls.size(), 2u);
    EXPECT_EQ(meets[0]->rolls[0].purpose, "initiative");
    EXPECT_EQ(meets[0]->rolls[0].target, 70);  // a: veteran
    EXPECT_EQ(meets[0]->rolls[1].target, 60);  // f: green
    const bool both = meets[0]->rolls[0].faces[0] <= 70 && meets[0]->rolls[1].faces[0] <= 60;
    const double a_y = g.unit("a").footprint().centre.y;
    const double f_y = g.unit("f").footprint().centre.y;
    EXPECT_NEAR(f_y / kIn, 6.0, 1e-9) << "the friend holds";
    if (both) {
      saw_pass = true;
      EXPECT_NE(meets[0]->text.find("pass through"), std::string::npos) << meets[0]->text;
      EXPECT_NEAR(a_y / kIn, 9.0, 0.01) << "a moved its full 6\" through f";
    } else {
      saw_fail = true;
      EXPECT_NE(meets[0]->text.find("both disordered"), std::string::npos) << meets[0]->text;
      EXPECT_LT(a_y, f_y) << "a stopped short of f";
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_TRUE(saw_pass);
  EXPECT_TRUE(saw_fail);
}

}  // namespace
}  // namespace smoothbore::sim_test
