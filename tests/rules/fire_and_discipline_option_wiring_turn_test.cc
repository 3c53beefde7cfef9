// The Fire and Discipline options that act on the turn rather than on one fire roll: who
// fires first (FD-02), when a section prolonges (FD-05), who tests morale after fire (FD-24)
// and after melee (FD-22), and messengers taken on the way (FD-50). Each test plays the step
// on an FdState (or a whole turn) under the default and the alternative. Coordinates in
// yards, facing 0 = north.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fd_battle.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/turn_order.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::ConstantChance;
using fd_test::events;
using fd_test::expect_int_dist;
using fd_test::IntDist;
using fd_test::ScenarioBuilder;
using fd_test::Scripted;
using fd_test::z;

// FD-02: A (side 0, one stand) and B (side 1, one stand of one casting) 50 yd apart. Each
// volley is one flintlock die hitting on "0-1" at 31-60 yd (20%); one hit removes B's only
// casting and with it the unit (FD-20). Simultaneous fire: B always fires. Alternate with A
// first: B fires only if A missed, 80%. Alternate with B first: B always fires, and A is
// silenced only when B hits (20%), A then fails morale (5 castings + rating 2 = 7: a d10 of
// 8, 9 or 0, 30%) and flees (loss d10 4-0, 70%): 1 − .2 × .3 × .7 = .958 that A fires.
TEST(FireAndDisciplineOptionWiringTurn, PhaseOrderSimultaneousOrAlternate) {
  struct Case {
    const char* order;
    int first;
    double a_fires, b_fires;
  };
  for (const Case& c : {Case{"simultaneous", 0, 1.0, 1.0}, Case{"alternate", 0, 1.0, 0.8},
                        Case{"alternate", 1, 0.958, 1.0}}) {
    ScenarioBuilder b;
    b.option("fd_02_phase_order", c.order);
    b.first_side(c.first);
    b.line(0, {b.north(100, 400)});
    b.line(1, {b.south(100, 450)}, 2, 1);
    FdState s = b.state();
    const auto step = [](FdState& t, Chance& dice, EventLog& log) {
      for (int side : acting_sides(t)) musketry_phase(t, false, dice, log, side);
    };
    for (const std::string unit : {"u0", "u1"}) {
      const double p = unit == "u0" ? c.a_fires : c.b_fires;
      const IntDist d = fd_test::exact_step(s, step, [&](const FdState&, const EventLog& log) {
        return events(log, EventKind::kFire, unit).empty() ? 0 : 1;
      });
      expect_int_dist(d, p == 1.0 ? IntDist{{1, 1.0}} : IntDist{{0, 1 - p}, {1, p}});
    }
  }
  ScenarioBuilder b;
  b.first_side(1);
  EXPECT_EQ(acting_sides(b.state()), std::vector<int>{-1});
  b.option("fd_02_phase_order", "alternate");
  EXPECT_EQ(acting_sides(b.state()), (std::vector<int>{1, 0}));
}

// FD-05: a 6 pdr section chooses to prolonge 20 yd (its TACTICAL distance, R-000-5) with an
// enemy 300 yd ahead. In the Artillery phase (default, §4.42, §6.4b) it moves there instead
// of firing; with "movement" it fires in Phase II and moves in step VI.4.
TEST(FireAndDisciplineOptionWiringTurn, ProlongeInArtilleryOrMovementPhase) {
  for (const char* phase : {"artillery", "movement"}) {
    ScenarioBuilder b;
    b.option("fd_05_prolonge_phase", phase);
    const int g = b.gun(0, b.north(100, 100));
    b.line(1, {b.south(100, 400)});
    FdState s = b.state();
    const bool artillery = std::string(phase) == "artillery";
    const double y0 = s.force.units[z(g)].stands[0].rect.centre.y;
    EventLog log;
    ConstantChance miss(100);
    const std::set<int> moved = prolonge_step(s, {{g, 20.0}}, true, log);
    EXPECT_EQ(moved, artillery ? std::set<int>{g} : std::set<int>{});
    artillery_phase(s, {}, moved, miss, log);
    EXPECT_EQ(events(log, EventKind::kFire, "u0").size(), artillery ? 0u : 1u);
    const double y1 = s.force.units[z(g)].stands[0].rect.centre.y;
    EXPECT_NEAR((y1 - y0) / 2.54, artillery ? 20.0 : 0.0, 1e-6);
    EXPECT_TRUE(prolonge_step(s, {{g, 20.0}}, false, log).empty());  // VI.4
    const double y2 = s.force.units[z(g)].stands[0].rect.centre.y;
    EXPECT_NEAR((y2 - y0) / 2.54, 20.0, 1e-6);
  }
}

// The battle offers the prolonge (§6.4b) to an unlimbered section and makes it in the phase
// FD-05 names.
class FirstProlonge final : public OrderSource {
 public:
  Action choose(const Battle&, int, const std::vector<Action>& legal) override {
    for (const Action& a : legal) {
      if (a.kind == ActionKind::kProlonge) return a;
    }
    return legal.front();
  }
};

TEST(FireAndDisciplineOptionWiringTurn, BattleProlongesAGunWithNoTarget) {
  for (const char* phase : {"artillery", "movement"}) {
    ScenarioBuilder b;
    b.option("fd_05_prolonge_phase", phase);
    b.option("fd_52_order_constraints", "advisory");  // units start on Hold (FD-52)
    b.gun(0, b.north(100, 100));
    b.line(1, {b.south(400, 400)});  // out of the gun's corridor
    std::unique_ptr<Battle> battle = start_battle(b.scenario(), 1, 0);
    const std::vector<Action> legal = battle->legal_actions(0);
    ASSERT_TRUE(std::any_of(legal.begin(), legal.end(),
                            [](const Action& a) { return a.kind == ActionKind::kProlonge; }));
    FirstProlonge gunner;
    EventLog log;
    battle->play_turn({&gunner, nullptr}, log);
    const auto made = events(log, EventKind::kMove, "u0", "prolonges");
    ASSERT_EQ(made.size(), 1u) << phase;
    EXPECT_EQ(made[0]->phase, std::string(phase) == "artillery" ? "II artillery" : "VI movement");
    EXPECT_NEAR(battle->force().units[0].stands[0].rect.centre.y / 2.54, 93.75 + 20, 1e-6);
  }
}

// FD-24: two stands of one unit hit in one step. Each tests on 6 castings + rating 2 +
// adjacent bonus 1 (FD-23) = 9: a d10 of 0 fails (10%). Once per unit the unit fails 10%;
// per stand, until one fails, 1 − .9² = 19%.
TEST(FireAndDisciplineOptionWiringTurn, MoraleTestsOncePerUnitOrPerStand) {
  for (const char* tests : {"once-per-unit", "per-stand"}) {
    ScenarioBuilder b;
    b.option("fd_24_morale_tests", tests);
    const int u = b.line(0, {b.north(100, 500), b.north(115, 500)});
    FdState s = b.state();
    const bool per_stand = std::string(tests) == "per-stand";
    EXPECT_EQ(testing_stands(s, u, {1, 1}),
              per_stand ? (std::vector<int>{0, 1}) : std::vector<int>{0});
    const IntDist d = fd_test::exact_step(
        s,
        [u](FdState& t, Chance& c, EventLog& log) {
          std::vector<std::vector<int>> hits(t.force.units.size());
          hits[z(u)] = {1, 1};
          std::vector<Vec2> cause(t.force.units.size(), Vec2{254, 2540});
          morale_after_fire(t, hits, cause, c, log);
        },
        [u](const FdState& t, const EventLog&) {
          const UnitState& st = t.units[z(u)];
          return st.halted(t.turn) || st.fled_this_turn || !t.force.units[z(u)].on_table();
        });
    const double fail = per_stand ? 0.19 : 0.1;
    expect_int_dist(d, {{0, 1 - fail}, {1, fail}});
  }
}

// FD-22: two blue stands beat one red stand (bayonet vs infantry hits on 0-1-2, §8.5).
// Dice: blue stand 0 a 0 (hit), red a 5 (miss), blue stand 1 a 1 (hit). Losers only: red
// (rating 4) tests (4 castings + 4 = 8; a 1 passes). All (§5.3b "win or lose"): blue, the
// winner (rating 2), tests first (6 castings + 2 + adjacent 1 = 9; a 1 passes), then red.
TEST(FireAndDisciplineOptionWiringTurn, MeleeMoraleLosersOrEverySide) {
  for (const char* who : {"losers", "all"}) {
    ScenarioBuilder b;
    b.option("fd_22_melee_morale", who);
    const int a = b.line(0, {b.north(92.5, 300), b.north(107.5, 300)});
    const int t = b.line(1, {b.south(100, 300)}, 4);  // 4 boxes: two hits do not shatter it
    FdState s = b.state();
    MeleeBook book;
    book.melees.push_back({a, t, false, false, false, stand_contacts(s, a, t)});
    book.charged = {a};
    ASSERT_EQ(book.melees[0].contacts.size(), 2u);
    const bool all = std::string(who) == "all";
    // Melee dice stand by stand in force order (FD-46): u0's two stands hit on 10 and 1, u1's
    // misses on 5 (bayonet vs close order hits on 0-1-2); then the morale dice.
    Scripted dice(all ? std::vector<int>{10, 1, 5, 1, 1} : std::vector<int>{10, 1, 5, 1});
    EventLog log;
    resolve_melees(s, book, dice, log);
    EXPECT_TRUE(dice.done());
    EXPECT_EQ(events(log, EventKind::kMorale, "u0", "won the melee, ").size(), all ? 1u : 0u);
    EXPECT_EQ(events(log, EventKind::kMorale, "u1", "lost the melee, ").size(), 1u);
    EXPECT_EQ(s.force.units[z(t)].stands[0].castings, 4);
  }
}

// FD-50: a messenger rides 120 yd a turn from the brigade commander (y 100) to the colonel
// on his regiment (y 400); an enemy stand stands across his path at y 200-212.5. No
// interception (default): he rides on to y 220. With courier_interception he is taken and
// the order is lost.
TEST(FireAndDisciplineOptionWiringTurn, CourierInterception) {
  for (const bool intercept : {false, true}) {
    ScenarioBuilder b;
    b.option("fd_50_courier_interception", Value(intercept));
    b.scenario().force.commands = {{"bde", "Brigade", 0, 0}};
    b.line(0, {b.north(100, 406.25)});
    b.line(1, {b.south(100, 200)});
    b.leader("bde", 0, 0, b.at(100, 100));
    b.leader("col", 0, -1, b.at(100, 400));
    FdState s = b.state();
    ASSERT_EQ(s.units[0].leader, 1);
    Messenger m;
    m.from_leader = 0;
    m.to_leader = 1;
    m.order.kind = OrderKind::kGeneralAdvance;
    m.position = b.at(100, 100);
    m.sent_turn = s.turn;
    s.messengers.push_back(m);
    EventLog log;
    move_messengers(s, log);
    EXPECT_EQ(s.messengers[0].intercepted, intercept);
    EXPECT_EQ(events(log, EventKind::kOrder, "", "intercepted").size(), intercept ? 1u : 0u);
    EXPECT_NEAR(s.messengers[0].position.y / 2.54, intercept ? 100 : 220, 1e-6);
    for (int turn = 0; turn < 3; ++turn) move_messengers(s, log);
    EXPECT_EQ(s.messengers[0].arrived_turn >= 0, !intercept);
  }
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
