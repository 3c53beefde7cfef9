// Recapturing guns (option fd_19_recapture, captured_guns.h): FD-19's capture read both
// ways. Captured guns are not manned by the captor (§6.62 L422: they cannot fire or move);
// a stand of their own side in contact with them, with none of the captor's, retakes them;
// retaken they stand unmanned, their crew may re-man them (FD-19) and the enemy may take
// them again. Coordinates in yards, facing 0 = north.
#include <gtest/gtest.h>

#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/victory.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::count_events;
using fd_test::north;
using fd_test::R;
using fd_test::ScenarioBuilder;
using fd_test::yd;
using fd_test::z;

// Side b's gun section G (south-facing at (500, 500), guns y 493.75..506.25, x 492.5..507.5),
// side a's foot E 200 yd south of it, and side b's foot F 100 yd east. G's crew flees
// without the guns and E reaches them: side a has captured them.
struct Taken {
  ScenarioBuilder b;
  int g, e, f;
  FdState s;
  EventLog log;
  explicit Taken(bool recapture = true) {
    g = b.gun(1, R(500, 500, 180));
    e = b.line(0, {north(500, 300)});
    f = b.line(1, {R(615, 500, 180)});
    b.option("fd_19_recapture", Value(recapture));
    s = b.state();
    apply_morale_result(s, g, MoraleResult::kFlee, yd(500, 300), false, log);
    s.force.units[z(e)].stands[0].rect = north(500, 492.75);  // 1 yd short of the guns
    capture_guns(s, log);
  }
  void move(int unit, const Rect& r) { s.force.units[z(unit)].stands[0].rect = r; }
};

TEST(FireAndDisciplineRecapture, AStandOfTheOwnersInContactRetakesUnguardedGuns) {  // FD-19
  Taken t;
  ASSERT_TRUE(t.s.units[z(t.g)].captured);
  EXPECT_EQ(victory_account(t.s, 0).guns, 1);
  // F comes alongside the guns (its left edge touches their right edge) while E is still in
  // contact: E holds them.
  t.move(t.f, R(515, 500, 180));
  capture_guns(t.s, t.log);
  EXPECT_TRUE(t.s.units[z(t.g)].captured);
  // E falls back 100 yd: F retakes the guns. They stand unmanned where they were.
  t.move(t.e, north(500, 392.75));
  capture_guns(t.s, t.log);
  const UnitState& st = t.s.units[z(t.g)];
  EXPECT_FALSE(st.captured);
  EXPECT_EQ(st.captured_by, -1);
  EXPECT_TRUE(st.guns_abandoned);
  EXPECT_TRUE(guns_unmanned(t.s, t.g));
  EXPECT_EQ(guns_rect(t.s, t.g).centre, R(500, 500, 180).centre);
  EXPECT_EQ(captured_sections(t.s, 0), 0);
  EXPECT_EQ(victory_account(t.s, 0).guns, 0);
  EXPECT_EQ(count_events(t.log, EventKind::kStatus, "retakes the guns"), 1);
  // The crew walks back to touch the rear of its guns and re-mans them (FD-19); it fires the
  // turn after.
  t.move(t.g, R(500, 512.5, 180));
  t.s.units[z(t.g)].disordered_until = -1;
  ++t.s.turn;
  recrew_guns(t.s, t.log);
  EXPECT_FALSE(t.s.units[z(t.g)].guns_abandoned);
  EXPECT_EQ(count_events(t.log, EventKind::kStatus, "re-mans them"), 1);
  ++t.s.turn;
  EXPECT_TRUE(artillery_target(t.s, t.g).has_value());  // E, 100 yd off
}

TEST(FireAndDisciplineRecapture, RetakenGunsLeftUnmannedAreTakenAgain) {  // FD-19
  Taken t;
  t.move(t.e, north(500, 392.75));
  t.move(t.f, R(515, 500, 180));
  capture_guns(t.s, t.log);
  ASSERT_FALSE(t.s.units[z(t.g)].captured);
  // F marches off and E comes back: the unmanned guns are side a's again.
  t.move(t.f, R(615, 500, 180));
  t.move(t.e, north(500, 492.75));
  capture_guns(t.s, t.log);
  EXPECT_TRUE(t.s.units[z(t.g)].captured);
  EXPECT_EQ(t.s.units[z(t.g)].captured_by, 0);
  EXPECT_EQ(count_events(t.log, EventKind::kStatus, "capture the guns"), 2);
}

TEST(FireAndDisciplineRecapture, WithTheOptionOffCapturedGunsStayCaptured) {  // FD-19
  Taken t(false);
  t.move(t.e, north(500, 392.75));
  t.move(t.f, R(515, 500, 180));
  capture_guns(t.s, t.log);
  EXPECT_TRUE(t.s.units[z(t.g)].captured);
  EXPECT_EQ(count_events(t.log, EventKind::kStatus, "retakes"), 0);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
