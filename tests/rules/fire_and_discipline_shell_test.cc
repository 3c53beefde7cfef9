// Howitzer shell (FD-15, §6.21 L354, R-000-6) in Phase II, and held artillery fire (§6.4d
// L396, FD-56) under every artillery option, on FdStates of hand-placed stands. Exact
// distributions worked by hand (fd_test::exact re-plays the step once per dice path).
// Coordinates in yards, facing 0 = north; the guns face north with their front edge at
// y = 100 unless said otherwise. A howitzer fires on the 10-12 pdr row (fd_howitzer_pdr 10,
// R-000-6) and carries 10 ball / 5 canister / 10 shell (§6.22 L360).
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fd_doctrine.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_fire_odds.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::ConstantChance;
using fd_test::events;
using fd_test::expect_int_dist;
using fd_test::fire_hits;
using fd_test::gun_hits;
using fd_test::IntDist;
using fd_test::ScenarioBuilder;

int howitzer(ScenarioBuilder& b, int side, const Rect& r) {
  return b.add(side, "artillery", "unlimbered", {r}, {{"howitzer", Value(true)}}, 4);
}

// u0's fire events after one Phase II with every die showing `face`, and the state after.
std::vector<std::string> fire_texts(FdState& s, int face = 100) {
  EventLog log;
  ConstantChance dice(face);
  artillery_phase(s, {}, {}, dice, log);
  std::vector<std::string> out;
  for (const Event* e : events(log, EventKind::kFire, "u0")) out.push_back(e->text);
  return out;
}

// A friendly company 60 yd in front of the guns blocks a gun's kill zone (§6.36 L382, FD-37):
// a 6 pdr does not fire. Shell is high angle (FD-15): the howitzer fires over it at the enemy
// company 200 yd away: 10-12 row 151-300 = 80 (§6.9 L462), no modifier (a lone formed stand
// ≤ 300 yd, L468-L486): P(1 hit) = 0.8. One shell barrage is spent, no ball.
TEST(FireAndDisciplineShell, HowitzerFiresShellOverAFriendlyStand) {
  for (const bool how : {true, false}) {
    ScenarioBuilder b;
    if (how) {
      howitzer(b, 0, b.north(100, 100));
    } else {
      b.gun(0, b.north(100, 100), 6);
    }
    b.line(0, {b.north(100, 160)});
    const int e = b.line(1, {b.south(100, 300)});
    FdState s = b.state();
    if (!how) {
      EXPECT_FALSE(artillery_shot(s, 0).has_value());
      EXPECT_TRUE(fire_texts(s).empty());
      continue;
    }
    EXPECT_TRUE(gun_shot_targets(s, 0).empty());  // no first-target shot (§6.34)
    const std::vector<GunTarget> shell = shell_targets(s, 0);
    ASSERT_EQ(shell.size(), 1u);
    EXPECT_EQ(shell[0].target.unit, e);
    EXPECT_NEAR(shell[0].range_yd, 200, 1e-6);
    expect_int_dist(gun_hits(s), {{0, 0.2}, {1, 0.8}});
    EXPECT_EQ(s.units[0].shell, 10);
    const std::vector<std::string> texts = fire_texts(s);
    ASSERT_EQ(texts.size(), 1u);
    EXPECT_NE(texts[0].find("fires shell at u2 (200 yd; high angle"), std::string::npos)
        << texts[0];
    EXPECT_EQ(s.units[0].shell, 9);
    EXPECT_EQ(s.units[0].ball, 10);
    EXPECT_EQ(s.units[0].canister, 5);
  }
}

// With its shell spent the howitzer has nothing that clears the friendly company (§6.64:
// no resupply); with the company gone it fires ball at the first target, 80% as before
// (ball and shell share the 10-12 row, FD-15), spending ball.
TEST(FireAndDisciplineShell, BallAfterTheShellRunsOut) {
  for (const bool blocked : {true, false}) {
    ScenarioBuilder b;
    howitzer(b, 0, b.north(100, 100));
    b.line(0, {b.north(blocked ? 100 : 300, 160)});
    b.line(1, {b.south(100, 300)});
    FdState s = b.state();
    s.units[0].shell = 0;
    if (blocked) {
      EXPECT_TRUE(fire_texts(s).empty());
      EXPECT_EQ(s.units[0].ball, 10);
      continue;
    }
    expect_int_dist(gun_hits(s), {{0, 0.2}, {1, 0.8}});
    const std::vector<std::string> texts = fire_texts(s);
    ASSERT_EQ(texts.size(), 1u);
    EXPECT_NE(texts[0].find("fires ball at u2 (200 yd)"), std::string::npos) << texts[0];
    EXPECT_EQ(s.units[0].ball, 9);
  }
}

// FD-17 "gun": each of the two guns rolls at the one-gun chance (FD-16: 80 × ½ = 40) and the
// section carries 2 × the allotment. With one shell left at a first target in the open, gun
// 1 fires the shell and gun 2 ball (the shell is gone, ball reaches the same stand):
// binomial(2, 0.4) = 0.36 / 0.48 / 0.16; one shell and one ball spent.
TEST(FireAndDisciplineShell, LastShellThenBallPerGun) {
  ScenarioBuilder b;
  b.option("fd_17_ammunition_per", "gun");
  howitzer(b, 0, b.north(100, 100));
  b.line(1, {b.south(100, 300)});
  FdState s = b.state();
  EXPECT_EQ(s.units[0].shell, 20);
  s.units[0].shell = 1;
  expect_int_dist(gun_hits(s, 2), {{0, 0.36}, {1, 0.48}, {2, 0.16}});
  const std::vector<std::string> texts = fire_texts(s);
  ASSERT_EQ(texts.size(), 2u);
  EXPECT_NE(texts[0].find("fires shell"), std::string::npos) << texts[0];
  EXPECT_NE(texts[1].find("fires ball"), std::string::npos) << texts[1];
  EXPECT_EQ(s.units[0].shell, 0);
  EXPECT_EQ(s.units[0].ball, 19);
}

// FD-37 for shell: enemy skirmishers 100 yd ahead are the first target; canister there reads
// 10-12 51-150 = 120, ×½ in skirmish order (L486) = 60: 0.6 expected hits. Shell may go over
// them (FD-15) to a formed company 250 yd away: 151-300 = 80, 0.8 expected hits, so the
// gunners fire shell at the company. With skirmishers behind too, shell there is 80 × ½ = 40
// and the canister at the first target (60) is fired instead.
TEST(FireAndDisciplineShell, ShellGoesToTheMostExpectedHits) {
  for (const bool formed_behind : {true, false}) {
    ScenarioBuilder b;
    howitzer(b, 0, b.north(100, 100));
    b.add(1, "infantry", "open-order", {b.rect(100, 205, 180, 7.5, 10)},
          {{"half-stands", Value(std::int64_t{1})}});
    if (formed_behind) {
      b.line(1, {b.south(100, 350)});
    } else {
      b.add(1, "infantry", "open-order", {b.rect(100, 355, 180, 7.5, 10)},
            {{"half-stands", Value(std::int64_t{1})}});
    }
    FdState s = b.state();
    const std::optional<GunShot> shot = artillery_shot(s, 0);
    ASSERT_TRUE(shot.has_value());
    EXPECT_EQ(shot->ammo, formed_behind ? Ammo::kShell : Ammo::kCanister);
    EXPECT_EQ(shot->aim.target.unit, formed_behind ? 2 : 1);
    expect_int_dist(gun_hits(s),
                    formed_behind ? IntDist{{0, 0.2}, {1, 0.8}} : IntDist{{0, 0.4}, {1, 0.6}});
  }
}

// The doctrine's expected_gun_hits keeps the expected hits the shot's weighing worked out
// (valued_artillery_shot) instead of working them again: they are expected_shot_hits of the
// shot taken, whether that is the second candidate (shell, 0.8), the first (canister, 0.6) or
// a lone one (no shell left: canister alone), and the shot is artillery_shot's. The numbers
// are ShellGoesToTheMostExpectedHits' set-up and hand calculation: canister at the skirmishers
// 100 yd ahead, 10-12 51-150 = 120, ×½ in skirmish order (L486) = 60: 0.6; shell over them
// (FD-15) at the formed company 250 yd away, 151-300 = 80: 0.8.
TEST(FireAndDisciplineShell, KeptShotHitsAreTheShotsExpectedHits) {
  for (const int variant : {0, 1, 2}) {
    ScenarioBuilder b;
    howitzer(b, 0, b.north(100, 100));
    b.add(1, "infantry", "open-order", {b.rect(100, 205, 180, 7.5, 10)},
          {{"half-stands", Value(std::int64_t{1})}});
    b.line(1, {b.south(100, 350)});
    FdState s = b.state();
    if (variant == 1) s.options.musketry_target = "first";
    if (variant == 2) s.units[0].shell = 0;
    const std::optional<GunShot> shot = artillery_shot(s, 0);
    const std::optional<ValuedGunShot> valued = valued_artillery_shot(s, 0, true);
    ASSERT_TRUE(shot.has_value() && valued.has_value()) << variant;
    EXPECT_EQ(valued->shot.ammo, shot->ammo) << variant;
    EXPECT_EQ(valued->shot.aim.target, shot->aim.target) << variant;
    EXPECT_EQ(valued->expected_hits, expected_shot_hits(s, 0, *shot)) << variant;
    EXPECT_EQ(expected_gun_hits(s, 0), expected_shot_hits(s, 0, *shot)) << variant;
    EXPECT_NEAR(expected_gun_hits(s, 0), variant == 0 ? 0.8 : 0.6, 1e-12) << variant;
  }
}

// ---- Held artillery fire (§6.4d L396, FD-56) ----

// The hits of u1's held fire at the charger (its event "...: N hit(s)") over the first
// `rolls` dice of the charge (later dice show 1: the charger passes its morale).
int held_hits(const EventLog& log) {
  int hits = 0;
  for (const Event* e : events(log, EventKind::kFire, "u1", "held artillery fire")) {
    const std::size_t colon = e->text.rfind(": ");
    hits += std::stoi(e->text.substr(colon + 2));
  }
  return hits;
}

IntDist held_fire(const FdState& s, int rolls = 1) {
  return fd_test::exact_step(
      s,
      [](FdState& t, Chance& c, EventLog& log) {
        t.units[1].hold_fire = true;  // marked in Phase II (§6.4d)
        charge_moves(t, {{0, 1}}, c, log);
      },
      [](const FdState&, const EventLog& log) { return held_hits(log); }, rolls);
}

struct HeldCase {
  std::string name;
  std::map<std::string, Value> options;
  int pdr = 6;
  int guns = 2;
  int stands = 1;  // the charging troop's stands (2: adjacent, L474)
  std::function<void(FdState&)> tweak;
  int rolls = 1;
  IntDist want;
};

// A cavalry troop (3 castings) charges a gun section 100 yd ahead of it (120 yd, FD-43),
// which fires its held shot at 10 yd (FD-56): 6 pdr canister 01-50 = 110 (§6.9 L458) +10
// mounted (L476) = 120: one certain hit and a second on d100 ≤ 20 (FD-13). Each option
// changes that as worked in its case.
TEST(FireAndDisciplineHeldFire, EveryArtilleryOptionApplies) {
  const Value kTrue(true);
  const std::vector<HeldCase> cases = {
      {"default", {}, 6, 2, 1, nullptr, 1, {{1, 0.8}, {2, 0.2}}},
      // FD-10: no canister left, ball at 10 yd reads the 151-300 column (FD-15): 8-9 pdr 80
      // + 10 = 90; printed 20 + 10 = 30.
      {"fd10 fix",
       {},
       8,
       2,
       1,
       [](FdState& s) { s.units[1].canister = 0; },
       1,
       {{0, 0.1}, {1, 0.9}}},
      {"fd10 printed",
       {{"fd_10_fix_8pdr", Value(false)}},
       8,
       2,
       1,
       [](FdState& s) { s.units[1].canister = 0; },
       1,
       {{0, 0.7}, {1, 0.3}}},
      // FD-12 d10: a 1-gun section (FD-16 ½): 110 × ½ = 55 + 10 = 65; d100 ≤ 65 is 0.65, a
      // d10 read as tens ≤ 65 is faces 1-6: 0.6.
      {"fd12 d100 one gun", {}, 6, 1, 1, nullptr, 1, {{0, 0.35}, {1, 0.65}}},
      {"fd12 d10",
       {{"fd_12_artillery_die", Value(std::string("d10"))}},
       6,
       1,
       1,
       nullptr,
       1,
       {{0, 0.4}, {1, 0.6}}},
      // FD-13: 16 pdr canister 190 + 10 mounted + 10 adjacent (two stands) = 210: cap2 gives 2;
      // per100 gives 2 and a third on d100 ≤ 10.
      {"fd13 cap2", {}, 16, 2, 2, nullptr, 1, {{2, 1.0}}},
      {"fd13 per100",
       {{"fd_13_artillery_multi_hit", Value(std::string("per100"))}},
       16,
       2,
       2,
       nullptr,
       1,
       {{2, 0.9}, {3, 0.1}}},
      // FD-14: a gun hit and one crewman with two guns: once 110 × ½ + 10 = 65; stacked
      // 110 × ¼ + 10 = 37.5, rounded down 37.
      {"fd14 once",
       {},
       6,
       2,
       1,
       [](FdState& s) {
         s.units[1].gun_hits = 1;
         s.units[1].crew = 1;
       },
       1,
       {{0, 0.35}, {1, 0.65}}},
      {"fd14 stack",
       {{"fd_14_firepower_halvings", Value(std::string("stack"))}},
       6,
       2,
       1,
       [](FdState& s) {
         s.units[1].gun_hits = 1;
         s.units[1].crew = 1;
       },
       1,
       {{0, 0.63}, {1, 0.37}}},
      // FD-15: canister only to 0 yd: ball at 10 yd, 151-300 column 80 + 10 = 90.
      {"fd15 no canister range",
       {{"fd_15_canister_max_yd", Value(std::int64_t{0})}},
       6,
       2,
       1,
       nullptr,
       1,
       {{0, 0.1}, {1, 0.9}}},
      // FD-16 full: the 1-gun section at full chance, 120.
      {"fd16 full",
       {{"fd_16_one_gun_fire", Value(std::string("full"))}},
       6,
       1,
       1,
       nullptr,
       1,
       {{1, 0.8}, {2, 0.2}}},
      // FD-17 gun: each gun rolls at the one-gun chance, 65: binomial(2, 0.65).
      {"fd17 gun",
       {{"fd_17_ammunition_per", Value(std::string("gun"))}},
       6,
       2,
       1,
       nullptr,
       2,
       {{0, 0.1225}, {1, 0.455}, {2, 0.4225}}},
      // FD-36 at 50 yd (fd_56_held_fire_range_yd): inclusive 01-50 = 120; exclusive 51-150:
      // 90 + 10 = 100, one certain hit.
      {"fd36 inclusive 50",
       {{"fd_56_held_fire_range_yd", Value(std::int64_t{50})}},
       6,
       2,
       1,
       nullptr,
       1,
       {{1, 0.8}, {2, 0.2}}},
      {"fd36 exclusive 50",
       {{"fd_56_held_fire_range_yd", Value(std::int64_t{50})},
        {"fd_36_band_upper_inclusive", Value(false)}},
       6,
       2,
       1,
       nullptr,
       1,
       {{1, 1.0}}},
      // FD-39 with the artillery effect: −10, 110.
      {"fd39",
       {{"fd_39_poor_weather", kTrue}, {"fd_39_poor_weather_artillery", kTrue}},
       6,
       2,
       1,
       nullptr,
       1,
       {{1, 0.9}, {2, 0.1}}},
      // FD-38: the guns fired at this troop last turn: +10 (L468), 130.
      {"fd38 same target",
       {},
       6,
       2,
       1,
       [](FdState& s) {
         s.units[1].last_target_unit = 0;
         s.units[1].last_target_stand = 0;
         s.units[1].last_target_turn = s.turn - 1;
       },
       1,
       {{1, 0.7}, {2, 0.3}}},
      // Adjacent (L474): a two-stand troop, +10: 130.
      {"adjacent", {}, 6, 2, 2, nullptr, 1, {{1, 0.7}, {2, 0.3}}},
  };
  for (const HeldCase& c : cases) {
    ScenarioBuilder b;
    for (const auto& [k, v] : c.options) b.option(k, v);
    if (c.stands == 1) {
      b.add(0, "cavalry", "line", {b.north(100, 100)});
    } else {
      b.add(0, "cavalry", "line", {b.north(92.5, 100), b.north(107.5, 100)});
    }
    b.gun(1, b.south(100, 200), c.pdr, c.guns);
    FdState s = b.state();
    if (c.tweak) c.tweak(s);
    SCOPED_TRACE(c.name);
    expect_int_dist(held_fire(s, c.rolls), c.want);
  }
}

// The charger's type (L476-L486): dismounted dragoons (open order) charge at 80 yd and are
// shot at in skirmish order, ×½: 6 pdr canister 110 × ½ = 55. Formed foot: 110, one certain
// hit and a second on 10. The held shot spends one canister and sets the guns' last target
// (FD-38).
TEST(FireAndDisciplineHeldFire, TargetTypeAndBarrage) {
  for (const bool dragoons : {true, false}) {
    ScenarioBuilder b;
    if (dragoons) {
      b.add(0, "dragoons", "open-order", {b.rect(100, 125, 0, 7.5, 10)});
    } else {
      b.line(0, {b.north(100, 130)});
    }
    b.gun(1, b.south(100, 200), 6);
    FdState s = b.state();
    expect_int_dist(held_fire(s),
                    dragoons ? IntDist{{0, 0.45}, {1, 0.55}} : IntDist{{1, 0.9}, {2, 0.1}});
    s.units[1].hold_fire = true;
    const int canister = s.units[1].canister;
    EventLog log;
    ConstantChance dice(100);
    charge_moves(s, {{0, 1}}, dice, log);
    EXPECT_EQ(s.units[1].canister, canister - 1);
    EXPECT_EQ(s.units[1].last_target_unit, 0);
    EXPECT_EQ(events(log, EventKind::kFire, "u1", "with canister at 10 yd").size(), 1u);
  }
}

// A howitzer whose canister is spent holds its fire with shell (as ball on its row, FD-15):
// 10-12 pdr 151-300 80 + 10 mounted = 90; one shell spent.
TEST(FireAndDisciplineHeldFire, HowitzerHoldsWithShellWhenCanisterIsSpent) {
  ScenarioBuilder b;
  b.add(0, "cavalry", "line", {b.north(100, 100)});
  b.add(1, "artillery", "unlimbered", {b.south(100, 200)}, {{"howitzer", Value(true)}}, 4);
  FdState s = b.state();
  s.units[1].canister = 0;
  expect_int_dist(held_fire(s), {{0, 0.1}, {1, 0.9}});
  s.units[1].hold_fire = true;
  EventLog log;
  ConstantChance dice(100);
  charge_moves(s, {{0, 1}}, dice, log);
  EXPECT_EQ(s.units[1].shell, 9);
  EXPECT_EQ(s.units[1].ball, 10);
  EXPECT_EQ(events(log, EventKind::kFire, "u1", "with shell at 10 yd").size(), 1u);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
