// The AI's choices joined to the rest of Fire and Discipline: the charge odds roll the
// battle's own melee dice (FD-46, both readings); a gun's hold-fire mark lasts one turn and
// is cleared only by its own side's Artillery phase (§6.4d, FD-02 alternate); the expected
// hits of a gun's shot cover every roll and every stand of the path (FD-16, FD-17, §6.35);
// the doctrine's prolonge is made in the step FD-05 names. Worked by hand on hand-placed
// stands (fire_and_discipline_scenario.h: yards, facing 0 north).
#include <gtest/gtest.h>

#include <memory>

#include "rules/fire_and_discipline/fd_battle.h"
#include "rules/fire_and_discipline/fd_doctrine.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::count_events;
using fd_test::north;
using fd_test::R;
using fd_test::ScenarioBuilder;
using fd_test::Scripted;
using fd_test::south;
using fd_test::z;

// A troop of horse (STEEL, 3 castings, MMG 2) in column of two charges a single troop 100
// yd away. Cavalry Combat, Cavalry row, STEEL Contact: "0" (§8.5 L624), one hit in ten.
// FD-46 "contacting-stands": the front troop rolls one die, the target one: charger wins
// 0.1 × 0.9 = 0.09, loses 0.09, ties 0.82. "all-stands": the rear troop rolls too, against
// the stand its unit touches: the charger's hits are Binomial(2, 0.1) = .81/.18/.01, so it
// wins .19 × .9 + .01 × .1 = .172, loses .81 × .1 = .081, ties .729 + .018 = .747.
TEST(FireAndDisciplineAiWiring, ChargeOddsRollTheBattlesMeleeDice) {  // FD-46, §8.5
  for (const char* dice : {"contacting-stands", "all-stands"}) {
    ScenarioBuilder b;
    const int target = b.add(0, "cavalry", "line", {north(500, 500)});
    const int charger = b.add(1, "cavalry", "column", {south(500, 600), R(500, 618.75, 180)});
    b.option("fd_46_melee_dice", Value(std::string(dice)));
    const FdState s = b.state();
    const bool all = std::string(dice) == "all-stands";
    const ChargePrediction p = predict_charge(s, charger, target);
    ASSERT_TRUE(p.reaches);
    EXPECT_EQ(p.contacts.size(), 1u);
    EXPECT_EQ(p.dice.size(), all ? 3u : 2u) << dice;
    const ChargeOdds o =
        charge_odds(s, charger, target, ChargeResponse::kHold, OddsTime::kDeclaration);
    EXPECT_NEAR(o.charger_wins, all ? 0.172 : 0.09, 1e-12) << dice;
    EXPECT_NEAR(o.target_wins, all ? 0.081 : 0.09, 1e-12) << dice;
    EXPECT_NEAR(o.tie, all ? 0.747 : 0.82, 1e-12) << dice;
  }
}

// §6.4d: a gun holding its fire is marked for the turn; FD-02 "alternate" plays each side's
// Artillery phase in turn, so the second side's phase must not clear the first side's mark
// (the charge that the held shot waits for comes in Phase VI). The next turn's phase of its
// own side clears it.
TEST(FireAndDisciplineAiWiring, AHoldFireMarkLastsTheTurnWhateverTheSideOrder) {
  ScenarioBuilder b;
  const int g0 = b.gun(0, south(300, 300));  // facing away from each other: no targets
  const int g1 = b.gun(1, north(700, 700));
  FdState s = b.state();
  Scripted dice({});
  EventLog log;
  artillery_phase(s, {g0}, {}, dice, log, 0);
  EXPECT_TRUE(s.units[z(g0)].hold_fire);
  artillery_phase(s, {}, {}, dice, log, 1);
  EXPECT_TRUE(s.units[z(g0)].hold_fire);
  EXPECT_FALSE(s.units[z(g1)].hold_fire);
  EXPECT_EQ(count_events(log, EventKind::kStatus, "holds its fire against an expected charge"), 1);
  ++s.turn;
  artillery_phase(s, {}, {}, dice, log, 0);
  EXPECT_FALSE(s.units[z(g0)].hold_fire);
  EXPECT_TRUE(dice.done());
}

// A 6-pdr section (row 6: 151-300 yd ball 80%, §6.9 L458) with two formed stands 200 and
// 250 yd straight ahead, not touching (no "adjacent" +10). The first stand only: 0.8
// expected hits. §6.35 extended kill zone, every stand in the path: 0.8 + 0.8 = 1.6. FD-17
// "gun": each gun rolls at the one-gun chance (FD-16 half: 40%): 2 × (0.4 + 0.4) = 1.6; with
// FD-16 "full": 2 × (0.8 + 0.8) = 3.2.
TEST(FireAndDisciplineAiWiring, ExpectedGunHitsCoverEveryRollAndEveryStand) {
  struct Case {
    bool extended;
    const char* per;
    const char* one_gun;
    double expected;
  };
  for (const Case& c : {Case{false, "section", "half", 0.8}, Case{true, "section", "half", 1.6},
                        Case{true, "gun", "half", 1.6}, Case{true, "gun", "full", 3.2}}) {
    ScenarioBuilder b;
    const int g = b.gun(0, north(500, 300));
    b.line(1, {south(500, 500)});
    b.line(1, {south(500, 550)});
    b.option("fd_opt_extended_kill_zone", Value(c.extended));
    b.option("fd_17_ammunition_per", Value(std::string(c.per)));
    b.option("fd_16_one_gun_fire", Value(std::string(c.one_gun)));
    const FdState s = b.state();
    EXPECT_NEAR(expected_gun_hits(s, g), c.expected, 1e-12)
        << c.extended << " " << c.per << " " << c.one_gun;
  }
}

// §6.4b, FD-05: the commander's prolonge (ActionKind::kProlonge) of a section with a target
// 250 yd ahead. "artillery": made in Phase II instead of firing; "movement": the section
// fires in Phase II and prolongs 20 yd (1-6 pdr TACTICAL, R-000-5) in step VI.4.
class Prolonger final : public OrderSource {
 public:
  Action choose(const smoothbore::Battle&, int, const std::vector<Action>& legal) override {
    for (const Action& a : legal) {
      if (a.kind == ActionKind::kProlonge && a.destination.y > 0 && a.facing == 0) return a;
    }
    return legal.front();
  }
};

TEST(FireAndDisciplineAiWiring, TheProlongeIsMadeInTheStepFd05Names) {
  for (const char* phase : {"artillery", "movement"}) {
    ScenarioBuilder b;
    b.option("fd_05_prolonge_phase", Value(std::string(phase)));
    b.option("fd_52_order_constraints", Value(std::string("advisory")));  // units start on Hold
    b.gun(0, north(500, 300));
    b.line(1, {south(500, 550)});
    std::unique_ptr<smoothbore::Battle> battle = start_battle(b.scenario(), 1, 0);
    const double y0 = battle->force().units[0].stands[0].rect.centre.y;
    Prolonger gunner;
    EventLog log;
    battle->play_turn({&gunner, nullptr}, log);
    const bool artillery = std::string(phase) == "artillery";
    int fired = 0, prolonged = 0;
    for (const Event& e : log.events()) {
      if (e.unit != "u0") continue;
      if (e.kind == EventKind::kFire) ++fired;
      if (e.kind == EventKind::kMove && e.text.find(" prolonges ") != std::string::npos) {
        ++prolonged;
        EXPECT_EQ(e.phase, artillery ? "II artillery" : "VI movement") << phase;
      }
    }
    EXPECT_EQ(fired, artillery ? 0 : 1) << phase;
    EXPECT_EQ(prolonged, 1) << phase;
    EXPECT_NEAR((battle->force().units[0].stands[0].rect.centre.y - y0) / fd_test::kYd, 20, 1e-6);
  }
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
