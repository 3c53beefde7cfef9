// FD-60 victory points and captured guns (FD-19, FD-64; §5.5 L320, §6.62 L422) of Fire and
// Discipline, on hand-placed stands. Every number is worked by hand from the rule cited.
#include <gtest/gtest.h>

#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/victory.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::count_events;
using fd_test::kYd;
using fd_test::north;
using fd_test::R;
using fd_test::ScenarioBuilder;
using fd_test::south;
using fd_test::yd;
using fd_test::z;

// Side a: A1 (2 stands, rating 2: 4 boxes), A2 a gun section (rating 2: 2 boxes).
// Side b: B1 (3 stands, rating 3: 9 boxes), B2 (2 stands, rating 1: 2 boxes), B3 guns.
// A village zone held by A1, a hill held by B1, a crossroads both sides stand at.
struct Field {
  ScenarioBuilder b;
  int village, hill, crossroads;
  int a1, a2, b1, b2, b3;
  Field() {
    village = b.objective(100, 100, 20, 2, false, 7);
    hill = b.objective(500, 500, 30, 0, false, 3);
    crossroads = b.objective(800, 500, 40, 0, false, 4);
    a1 = b.line(0, {R(92.5, 100, 0), R(107.5, 100, 0)});
    a2 = b.gun(0, north(800, 480));
    b1 = b.line(1, {R(485, 500, 180), R(500, 500, 180), R(515, 500, 180)}, 3);
    b2 = b.line(1, {south(800, 520), south(815, 520)}, 1);
    b3 = b.gun(1, south(300, 800));
  }
};

TEST(FireAndDisciplineVictory, PointsWorkedByHand) {  // FD-60
  Field f;
  FdState s = f.b.state();
  EXPECT_EQ(s.units[z(f.b1)].shatter_boxes, 9);
  s.units[z(f.b1)].boxes_marked = 4;
  s.units[z(f.b2)].boxes_marked = 1;
  s.units[z(f.b2)].surrendered = true;  // §5.5 0: surrendered
  s.force.units[z(f.b2)].status = UnitStatus::kRemoved;
  s.units[z(f.b3)].captured = true;  // its crew ran and a stand of side a reached the guns
  s.units[z(f.b3)].captured_by = 0;
  s.units[z(f.a1)].boxes_marked = 3;
  s.units[z(f.a2)].boxes_marked = 2;  // shattered (2 of 2) and removed (§5.11)
  s.force.units[z(f.a2)].status = UnitStatus::kRemoved;
  // A2 and B2, the only units at the crossroads, are both gone: nobody holds it.
  EXPECT_EQ(objective_holder(s, f.village), 0);
  EXPECT_EQ(objective_holder(s, f.hill), 1);
  EXPECT_EQ(objective_holder(s, f.crossroads), -1);
  // Side a: boxes 4 + 1 = 5; B2 out +5; B3's guns +5; the village +10 = 25.
  const VictoryAccount a = victory_account(s, 0);
  EXPECT_EQ(a.boxes, 5);
  EXPECT_EQ(a.units, 1);
  EXPECT_EQ(a.guns, 1);
  EXPECT_EQ(a.objectives, 1);
  EXPECT_EQ(a.total(), 25);
  EXPECT_EQ(a.describe(), "5 boxes + 1 unit ×5 + 1 gun section ×5 + 1 objective ×10 = 25 (FD-60)");
  // Side b: boxes 3 + 2 = 5; A2 out +5; the hill +10 = 20.
  EXPECT_EQ(victory_account(s, 1).total(), 20);
  EXPECT_EQ(victory_points(s), (std::vector<int>{25, 20}));
  // fd_60_objective_points = "scenario": the village is worth its 7, the hill its 3.
  s.options.objective_points = "scenario";
  EXPECT_EQ(victory_points(s), (std::vector<int>{22, 13}));
  EXPECT_EQ(victory_account(s, 0).describe(),
            "5 boxes + 1 unit ×5 + 1 gun section ×5 + 1 objective for 7 = 22 (FD-60)");
}

TEST(FireAndDisciplineVictory, ContestedObjectivesScoreForNobody) {  // FD-60, common.md §15
  Field f;
  FdState s = f.b.state();
  EXPECT_EQ(objective_holder(s, f.crossroads), -1);  // A2 and B2 both within 40 yd
  s.force.units[z(f.b2)].status = UnitStatus::kRemoved;
  EXPECT_EQ(objective_holder(s, f.crossroads), 0);
}

// A gun section G of side b facing south at (500, 500); its crew is 4 castings.
struct Guns {
  ScenarioBuilder b;
  int g;
  explicit Guns(int rating = 2) { g = b.gun(1, R(500, 500, 180), 6, 2, rating); }
};

TEST(FireAndDisciplineCapturedGuns, CrewsFleeWithoutTheGuns) {  // §5.5 L320, FD-64
  Guns t;
  const int enemy = t.b.line(0, {north(500, 300)});
  FdState s = t.b.state();
  const Rect at = s.force.units[z(t.g)].stands[0].rect;
  EXPECT_TRUE(artillery_target(s, t.g).has_value());  // the enemy foot, 193.75 yd
  EventLog log;
  apply_morale_result(s, t.g, MoraleResult::kFlee, yd(500, 300), false, log);
  const UnitState& st = s.units[z(t.g)];
  EXPECT_TRUE(st.guns_abandoned);
  EXPECT_FALSE(st.captured);
  EXPECT_EQ(guns_rect(s, t.g).centre, at.centre);
  EXPECT_TRUE(guns_unmanned(s, t.g));
  // The crew fled 100 yd north (away from the enemy, toward its edge); the guns stayed.
  EXPECT_NEAR(s.force.units[z(t.g)].stands[0].rect.centre.y / kYd, 600, 1e-6);
  EXPECT_FALSE(artillery_target(s, t.g).has_value());
  EXPECT_EQ(count_events(log, EventKind::kStatus, "flees without the guns"), 1);
  (void)enemy;
}

TEST(FireAndDisciplineCapturedGuns, AnEnemyStandInContactCapturesUnmannedGuns) {  // FD-19
  Guns t;
  const int enemy = t.b.line(0, {north(500, 300)});
  FdState s = t.b.state();
  EventLog log;
  apply_morale_result(s, t.g, MoraleResult::kFlee, yd(500, 300), false, log);
  capture_guns(s, log);
  EXPECT_FALSE(s.units[z(t.g)].captured);  // 193.75 yd away
  // The enemy stand ends a move 1 yd short of the guns (the closest a move stops).
  s.force.units[z(enemy)].stands[0].rect = north(500, 492.75);
  capture_guns(s, log);
  EXPECT_TRUE(s.units[z(t.g)].captured);
  EXPECT_EQ(s.units[z(t.g)].captured_by, 0);
  EXPECT_EQ(captured_sections(s, 0), 1);
  EXPECT_EQ(captured_sections(s, 1), 0);
  EXPECT_EQ(count_events(log, EventKind::kStatus, "capture the guns"), 1);
  // The crew is still in play (FD-60: the guns count, the unit does not).
  EXPECT_TRUE(s.force.units[z(t.g)].on_table());
  EXPECT_EQ(victory_account(s, 0).guns, 1);
  EXPECT_EQ(victory_account(s, 0).units, 0);
  // A captured gun is not re-manned, even with its crew back in contact (§6.62).
  s.force.units[z(t.g)].stands[0].rect = R(500, 512.5, 180);
  s.units[z(t.g)].disordered_until = -1;
  recrew_guns(s, log);
  EXPECT_TRUE(s.units[z(t.g)].guns_abandoned);
}

TEST(FireAndDisciplineCapturedGuns, GunsWhoseCrewIsAllLostAreTakenWithTheSection) {  // FD-19
  ScenarioBuilder b;
  // One 6-pdr with 2 crew, rating 3: 3 boxes, so 2 crew hits leave it unshattered.
  const int g = b.add(1, "artillery", "unlimbered", {R(500, 500, 180)},
                      {{"pdr", Value(std::int64_t{6})},
                       {"guns", Value(std::int64_t{1})},
                       {"morale-rating", Value(std::int64_t{3})}},
                      2);
  const int enemy = b.line(0, {north(500, 493.75)});  // in contact
  FdState s = b.state();
  EventLog log;
  capture_guns(s, log);
  EXPECT_FALSE(s.units[z(g)].captured);  // manned
  apply_hits(s, g, 0, 2, log, "test");
  EXPECT_EQ(s.units[z(g)].crew, 0);
  EXPECT_TRUE(s.force.units[z(g)].on_table());
  EXPECT_TRUE(guns_unmanned(s, g));
  capture_guns(s, log);
  EXPECT_TRUE(s.units[z(g)].captured);
  EXPECT_FALSE(s.force.units[z(g)].on_table());  // nothing of it is left
  // Side a: 2 boxes + the section out ×5 + its guns ×5 = 12.
  EXPECT_EQ(victory_account(s, 0).total(), 12);
  (void)enemy;
}

TEST(FireAndDisciplineCapturedGuns, AFledCrewBackInContactRemansAndFiresNextTurn) {  // FD-19
  for (const int variant : {0, 1, 2, 3}) {  // re-mans, halted, option off, not in contact
    Guns t;
    t.b.line(0, {north(500, 300)});
    FdState s = t.b.state();
    EventLog log;
    apply_morale_result(s, t.g, MoraleResult::kFlee, yd(500, 300), false, log);
    const Rect guns = s.units[z(t.g)].guns_at;
    // The crew walks back to touch the rear of its guns.
    s.force.units[z(t.g)].stands[0].rect = R(500, variant == 3 ? 515 : 512.5, 180);
    s.units[z(t.g)].disordered_until = -1;
    ++s.turn;
    if (variant == 1) s.units[z(t.g)].halted_until = s.turn;
    if (variant == 2) s.options.recrew = false;
    recrew_guns(s, log);
    const UnitState& st = s.units[z(t.g)];
    EXPECT_EQ(st.guns_abandoned, variant != 0) << variant;
    if (variant != 0) continue;
    EXPECT_EQ(s.force.units[z(t.g)].stands[0].rect.centre, guns.centre);
    EXPECT_EQ(st.recrewed_turn, s.turn);
    EXPECT_EQ(count_events(log, EventKind::kStatus, "re-mans them"), 1);
    EXPECT_FALSE(artillery_target(s, t.g).has_value());  // not this turn
    ++s.turn;
    EXPECT_TRUE(artillery_target(s, t.g).has_value());  // the next
  }
}

TEST(FireAndDisciplineCapturedGuns, ACrewWalksBackAtEightyYards) {  // §4.4, FD-19
  Guns t;
  FdState s = t.b.state();
  EventLog log;
  apply_morale_result(s, t.g, MoraleResult::kFlee, yd(500, 300), false, log);
  EXPECT_EQ(rate_yd(s, t.g, Rate::kField), std::optional<double>(80));
  s.units[z(t.g)].disordered_until = -1;  // the next turn but one (FD-26)
  const Rect guns = s.units[z(t.g)].guns_at;
  const double facing = s.force.units[z(t.g)].stands[0].rect.facing;  // away, after the flee
  move_unit(s, t.g, guns.centre, facing, Rate::kField, log);
  EXPECT_NEAR(s.force.units[z(t.g)].stands[0].rect.centre.y / kYd, 520, 1e-6);
}

TEST(FireAndDisciplineCapturedGuns, ASurrenderedSectionIsCaptured) {  // FD-64
  for (const bool option : {true, false}) {
    Guns t;
    FdState s = t.b.state();
    s.options.surrendered_guns_captured = option;
    EventLog log;
    apply_morale_result(s, t.g, MoraleResult::kSurrender, yd(500, 300), false, log);
    EXPECT_EQ(s.units[z(t.g)].captured, option);
    // Side a: the section out ×5, and its guns ×5 when captured.
    EXPECT_EQ(victory_account(s, 0).total(), option ? 10 : 5);
  }
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
