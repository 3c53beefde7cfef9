// Formation changes in a squad-skirmish battle (shared/rules/003.md): a squad forms two ranks
// in base contact and opens again (SK-09), and the firer at a formed squad gets +1 (L69);
// cavalry dismount in sk_20_dismount_actions actions and then move and fight as infantry
// (SK-20, L40). Invariants are checked after every step.
#include <string>

#include <gtest/gtest.h>

#include "sim/squad_skirmish_scenario.h"

namespace smoothbore::sim_test {
namespace {

using squad_skirmish::BattleSK;
using squad_skirmish::kMm;

ScriptStep form(std::string to) { return {ActionKind::kFormation, -1, std::move(to), {}, nullptr}; }

// Every living figure's nearest comrade, in inches.
double widest_gap(BattleHarness& g, int unit) {
  const BattleSK& b = sk_of(g);
  double widest = 0;
  for (int k : b.living(unit)) {
    double nearest = 1e18;
    for (int j : b.living(unit)) {
      if (j != k) nearest = std::min(nearest, distance(b.pos(unit, k), b.pos(unit, j)));
    }
    widest = std::max(widest, nearest);
  }
  return widest / kMm;
}

bool target_formed_modifier(const Event& e) {
  for (const RollRecord& r : e.rolls) {
    for (const Modifier& m : r.modifiers) {
      if (m.name == "Target Formed" && m.ref.find("L69") != std::string::npos) return true;
    }
  }
  return false;
}

// SK-09: forming closes the open squad (2" apart, proposed) into base contact; red firing at
// it then gets +1 (L69); opening spreads it again.
TEST(SquadSkirmishFormation, FormsAndOpens_SK09_L69) {
  const Scenario sc = sk(unit_toml("b1", "infantry", "open", 8, 24, 8),
                         unit_toml("r1", "infantry", "open", 6, 24, 26, "quality = \"veteran\""));
  BattleHarness g(sc, 4);
  ScriptedCommander blue, red;
  const int b1 = g.idx("b1");
  EXPECT_NEAR(widest_gap(g, b1), 2.0, 1e-6);
  EXPECT_FALSE(sk_of(g).formed(b1));
  blue.set(b1, form("formed"));
  g.play(blue, red);
  ASSERT_EQ(g.events(EventKind::kFormation, "b1", 1).size(), 1u);
  EXPECT_EQ(g.unit("b1").formation, "formed");
  EXPECT_TRUE(sk_of(g).formed(b1));
  EXPECT_NEAR(widest_gap(g, b1), 1.0, 0.02);  // 25 mm bases in contact
  red.fire(g.idx("r1"), b1);
  blue.set(b1, form("open"));
  g.play(blue, red);
  const auto shots = g.events(EventKind::kFire, "r1", 2);
  ASSERT_EQ(shots.size(), 1u);
  const auto change = g.events(EventKind::kFormation, "b1", 2);
  ASSERT_EQ(change.size(), 1u);
  // The target was formed when red fired before b1 opened, and not after.
  EXPECT_EQ(target_formed_modifier(*shots[0]), g.position(shots[0]) < g.position(change[0]));
  EXPECT_EQ(g.unit("b1").formation, "open");
  EXPECT_FALSE(sk_of(g).formed(b1));
  EXPECT_NEAR(widest_gap(g, b1), 2.0, 1e-6);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// SK-09 sk_09_formed: a squad formed in three ranks (the scenario's `ranks`) stands in base
// contact, but is Formed (morale +1, melee +1, the firer's +1, L69) only with
// contact-any-ranks; in two ranks it is Formed under both.
TEST(SquadSkirmishFormation, ThreeRanksFormedOnlyWithAnyRanks_SK09) {
  for (const std::string opt : {"contact-two-ranks", "contact-any-ranks"}) {
    const Scenario sc = sk(unit_toml("b1", "infantry", "formed", 9, 24, 8, "ranks = 3") +
                               unit_toml("b2", "infantry", "formed", 6, 8, 8),
                           unit_toml("r1", "infantry", "open", 6, 24, 26, "quality = \"veteran\""),
                           fmt::format("sk_09_formed = \"{}\"", opt));
    BattleHarness g(sc, 4);
    const BattleSK& b = sk_of(g);
    const int b1 = g.idx("b1");
    EXPECT_EQ(b.ranks(b1), 3);
    EXPECT_EQ(b.ranks(g.idx("b2")), 2);
    EXPECT_TRUE(b.formed(g.idx("b2")));
    EXPECT_EQ(b.formed(b1), opt == "contact-any-ranks") << opt;
    EXPECT_NEAR(widest_gap(g, b1), 1.0, 0.02);  // bases in contact in either case
    ScriptedCommander blue, red;
    red.fire(g.idx("r1"), b1);
    g.play(blue, red);
    const auto shots = g.events(EventKind::kFire, "r1", 1);
    ASSERT_EQ(shots.size(), 1u);
    EXPECT_EQ(target_formed_modifier(*shots[0]), opt == "contact-any-ranks") << opt;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// SK-20: dismounting takes sk_20_dismount_actions actions (one per activation here, SK-07);
// dismounted, the squad is infantry: 2d6 movement (L40), on foot bases; mounting again takes
// as many, and it rides 3d6 again.
TEST(SquadSkirmishFormation, DismountTakesItsActions_SK20) {
  for (const int actions : {1, 2}) {
    const Scenario sc = sk(unit_toml("b1", "cavalry", "open", 4, 24, 6, "weapon = \"pistol\""),
                           unit_toml("r1", "infantry", "open", 4, 24, 34),
                           fmt::format("sk_20_dismount_actions = {}", actions));
    BattleHarness g(sc, 6);
    ScriptedCommander blue, red;
    const int b1 = g.idx("b1");
    EXPECT_TRUE(sk_of(g).mounted(b1));
    blue.set(b1, form("dismounted"));
    g.play(blue, red);
    EXPECT_EQ(sk_of(g).mounted(b1), actions == 2);
    if (actions == 2) {
      EXPECT_EQ(g.events_with("dismounting: 1 action left", "b1", 1).size(), 1u);
      g.play(blue, red);
      EXPECT_FALSE(sk_of(g).mounted(b1));
    }
    EXPECT_EQ(g.unit("b1").arm, Arm::kFoot);
    EXPECT_NEAR(g.unit("b1").stands[0].rect.depth, 25.0, 1.0);
    for (const Action& a : g.battle().legal_actions(b1)) EXPECT_NE(a.formation, "dismounted");
    blue.set(b1, {ActionKind::kMove, -1, "", {}, nullptr});
    g.play(blue, red);
    const int turn = actions == 2 ? 3 : 2;
    const auto moves = g.events(EventKind::kMove, "b1", turn);
    ASSERT_EQ(moves.size(), 1u);
    ASSERT_EQ(moves[0]->rolls.size(), 1u);
    EXPECT_EQ(moves[0]->rolls[0].faces.size(), 2u);  // infantry 2d6, not cavalry 3d6 (L40)
    // Mounting again takes as many actions; then 3d6 again.
    blue.set(b1, form("mounted"));
    for (int i = 0; i < actions; ++i) g.play(blue, red);
    EXPECT_TRUE(sk_of(g).mounted(b1));
    EXPECT_EQ(g.unit("b1").arm, Arm::kCavalry);
    blue.set(b1, {ActionKind::kMove, -1, "", {}, nullptr});
    g.play(blue, red);
    const auto rides = g.events(EventKind::kMove, "b1", turn + actions + 1);
    ASSERT_EQ(rides.size(), 1u);
    EXPECT_EQ(rides[0]->rolls[0].faces.size(), 3u);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
