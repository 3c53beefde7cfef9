// Pursuit of Fire and Discipline (§8.2h-i L596-L598, step VII.3 L86-L88; pursuit.h), on
// hand-placed single stands near the middle of a 1000 yd table. Side A (home south) faces
// north, side B (home north) faces south; each stand has 6 castings and rating 2, so
// bayonet against infantry hits on 0-1-2 (§8.5 L642) and a hit stand tests morale at
// 5 castings + 2 = 7 (§5.4b; a single stand has no adjacent bonus): a 9 fails, and an
// effects d10 of 5 flees 100 yd (§5.5 L320).
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/pursuit.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using namespace fd_test;  // NOLINT: the shared helpers

MeleeBook one_melee(const FdState& s, int charger, int target, std::vector<int> charged) {
  MeleeBook book;
  book.melees.push_back({charger, target, false, false, false, stand_contacts(s, charger, target)});
  book.charged = std::move(charged);
  return book;
}

double centre_y(const FdState& s, int u) {
  return s.force.units[z(u)].stands[0].rect.centre.y / kYd;
}
double centre_x(const FdState& s, int u) {
  return s.force.units[z(u)].stands[0].rect.centre.x / kYd;
}

// The charger hits (0), the target misses (5) and fails (9, 5): it flees north.
const std::vector<int> kChargerWinsTargetFlees = {10, 5, 9, 5};

TEST(FireAndDisciplinePursuit, ChargerPursues30YardsStraightAhead) {  // §8.2h, §4.1
  ScenarioBuilder b;
  const int c = b.line(0, {north(500, 500)});
  const int t = b.line(1, {south(500, 500)});
  FdState s = b.state();
  MeleeBook book = one_melee(s, c, t, {c});
  Scripted dice(kChargerWinsTargetFlees);
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_NEAR(centre_y(s, c), 493.75 + 30, 1e-6);
  EXPECT_NEAR(centre_x(s, c), 500, 1e-6);
  EXPECT_EQ(book.melees.size(), 1u);  // nothing met: no pursuit melee
  EXPECT_TRUE(s.units[z(c)].engaged_with.empty());
}

TEST(FireAndDisciplinePursuit, CavalryPursueTheSame30Yards) {  // §8.2h: no arm difference
  ScenarioBuilder b;
  const int c = b.add(0, "cavalry", "line", {north(500, 500)});
  const int t = b.line(1, {south(500, 500)});
  FdState s = b.state();
  MeleeBook book = one_melee(s, c, t, {c});
  // STEEL against infantry with bayonet hits on 0 only (L630): the 0 hits. The infantry's
  // bayonet against mounted hits on 0 (L640): a 5 misses. Then the target fails and flees.
  Scripted dice(kChargerWinsTargetFlees);
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_NEAR(centre_y(s, c), 493.75 + 30, 1e-6);
}

TEST(FireAndDisciplinePursuit, NoPursuitWhenTheLoserPassesItIsEngaged) {  // §8.2h, §8.18
  ScenarioBuilder b;
  const int c = b.line(0, {north(500, 500)});
  const int t = b.line(1, {south(500, 500)});
  FdState s = b.state();
  MeleeBook book = one_melee(s, c, t, {c});
  Scripted dice({10, 5, 1});  // the loser passes with a 1
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_NEAR(centre_y(s, c), 493.75, 1e-6);
  EXPECT_EQ(s.units[z(c)].engaged_with, std::vector<int>{t});
  EXPECT_EQ(count(log, EventKind::kMove, "u0"), 0);
}

// The charger misses (5), the defender hits (0); the charger fails (9, 5) and flees south.
const std::vector<int> kDefenderWinsChargerFlees = {5, 10, 9, 5};

TEST(FireAndDisciplinePursuit, AHoldingDefenderDoesNotPursueByDefault) {  // §8.2h
  for (const bool either : {false, true}) {
    ScenarioBuilder b(
        either ? std::map<std::string, Value>{{"fd_pursuit_by", Value(std::string("either-side"))}}
               : std::map<std::string, Value>{});
    const int c = b.line(0, {north(500, 500)});
    const int t = b.line(1, {south(500, 500)});
    FdState s = b.state();
    MeleeBook book = one_melee(s, c, t, {c});
    Scripted dice(kDefenderWinsChargerFlees);
    EventLog log;
    resolve_melees(s, book, dice, log);
    EXPECT_TRUE(dice.done());
    // "Charging stands can make a 30 yard pursuit move"; under either-side the defender
    // follows south 30 yd.
    EXPECT_NEAR(centre_y(s, t), either ? 506.25 - 30 : 506.25, 1e-6) << either;
  }
}

TEST(FireAndDisciplinePursuit, ACounterChargerCountsAsCharging) {  // FD-44, §8.2h
  ScenarioBuilder b;
  const int c = b.line(0, {north(500, 500)});
  const int t = b.line(1, {south(500, 500)});
  FdState s = b.state();
  MeleeBook book = one_melee(s, c, t, {c, t});  // t counter-charged
  Scripted dice(kDefenderWinsChargerFlees);
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_NEAR(centre_y(s, t), 506.25 - 30, 1e-6);
}

TEST(FireAndDisciplinePursuit, AFriendInThePathStopsIt) {  // §8.2h, §3.14
  ScenarioBuilder b;
  const int c = b.line(0, {north(500, 500)});
  const int t = b.line(1, {south(500, 500)});
  const int f = b.line(0, {north(500, 540)});  // rear edge 27.5 yd ahead of c's front
  FdState s = b.state();
  MeleeBook book = one_melee(s, c, t, {c});
  // t's flee north runs into f, an enemy to it: it surrenders (FD-26), which is a retreat.
  Scripted dice(kChargerWinsTargetFlees);
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_TRUE(s.units[z(t)].surrendered);
  EXPECT_NEAR(centre_y(s, c), 493.75 + 27.5, 1e-6);
  EXPECT_NEAR(centre_y(s, f), 533.75, 1e-6);  // the friend is not moved
}

TEST(FireAndDisciplinePursuit, TheTableEdgeStopsIt) {  // §8.2h
  ScenarioBuilder b;
  const int c = b.line(0, {north(500, 984.5)});  // 15.5 yd from the north edge
  FdState s = b.state();
  EventLog log;
  const PursuitMove pm = pursue(s, c, {}, log);
  EXPECT_NEAR(pm.yards, 15.5, 1e-6);  // up to the edge
  EXPECT_EQ(pm.stopped_by, "the table edge");
  EXPECT_NEAR(centre_y(s, c), 978.25 + 15.5, 1e-6);
}

TEST(FireAndDisciplinePursuit, FollowWheelsTowardTheFledAndHalvesTheMove) {  // §4.5 option
  ScenarioBuilder b({{"fd_pursuit_direction", Value(std::string("follow"))}});
  const int c = b.line(0, {north(500, 500)});
  const int t = b.line(1, {R(530, 553.75, 0)});  // fled: 30 yd right, 60 yd ahead of c's centre
  FdState s = b.state();
  EventLog log;
  const PursuitMove pm = pursue(s, c, {t}, log);
  const double turn = std::atan2(30.0, 60.0) * 180 / std::numbers::pi;  // 26.57°
  EXPECT_NEAR(pm.wheel_deg, turn, 1e-6);
  EXPECT_NEAR(pm.yards, 15, 1e-6);  // a wheel halves the 30 yd (§4.5)
  EXPECT_EQ(pm.contacted, -1);
  const double rad = turn * std::numbers::pi / 180;
  EXPECT_NEAR(centre_x(s, c), 500 + 15 * std::sin(rad), 1e-6);
  EXPECT_NEAR(centre_y(s, c), 493.75 + 15 * std::cos(rad), 1e-6);
  // Straight ahead (default) ignores where it fled.
  ScenarioBuilder b2;
  const int c2 = b2.line(0, {north(500, 500)});
  const int t2 = b2.line(1, {R(530, 553.75, 0)});
  FdState s2 = b2.state();
  const PursuitMove straight = pursue(s2, c2, {t2}, log);
  EXPECT_EQ(straight.wheel_deg, 0);
  EXPECT_NEAR(centre_y(s2, c2), 493.75 + 30, 1e-6);
}

TEST(FireAndDisciplinePursuit, MayPursueNeedsEveryOpponentGone) {  // §8.31 L604
  MeleeStep step;
  step.fighters = {{0, {2, 3}, {}, MeleeStanding::kWinner, false, MoraleResult::kPass, false, 1},
                   {2, {0}, {}, MeleeStanding::kLoser, true, MoraleResult::kFlee, true, 1},
                   {3, {0}, {}, MeleeStanding::kLoser, true, MoraleResult::kPass, false, 1}};
  ScenarioBuilder b;
  b.line(0, {north(500, 500), north(515, 500)});
  b.line(0, {north(300, 500)});
  b.line(1, {south(500, 500)});
  b.line(1, {south(515, 500)});
  FdState s = b.state();
  MeleeBook book;
  book.charged = {0};
  EXPECT_FALSE(may_pursue(s, step, book, 0));  // unit 3 passed: engaged with it
  step.fighters[2].retreated = true;
  EXPECT_TRUE(may_pursue(s, step, book, 0));
  s.units[0].halted_until = s.turn;  // a halted unit does not move (FD-25)
  EXPECT_FALSE(may_pursue(s, step, book, 0));
  s.units[0].halted_until = -1;
  book.charged = {};
  EXPECT_FALSE(may_pursue(s, step, book, 0));  // not a charger (§8.2h)
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
