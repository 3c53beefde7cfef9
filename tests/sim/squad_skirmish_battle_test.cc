// The squad-skirmish battle driven through the Battle interface with scripted orders
// (shared/rules/003.md): the card deck is the SK-01 deck shuffled with the battle's dice; a
// musket that fired must load before it fires again and a rifle needs two Loads or one tap
// (L60-L65, L73, SK-07); a squad whose leader is killed is promoted a new one (L34-L36,
// SK-17); a charge tests both squads, then melee pairs at most 2 on 1 (L50-L54, L85, SK-12,
// SK-13); ties fight on (L87). Invariants are checked after every step.
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "sim/embedded_scenario.h"
#include "sim/squad_skirmish_scenario.h"

namespace smoothbore::sim_test {
namespace {

using squad_skirmish::BattleSK;

// SK-01: one card per squad and per officer, in unit order, shuffled (Fisher-Yates) with the
// battle's dice before anything else is rolled; every card is an event, in the order drawn.
TEST(SquadSkirmishBattle, CardOrderIsTheShuffledDeck_SK01) {
  const Scenario sc = load_embedded("squad-skirmish/small.toml");
  std::set<std::vector<std::string>> orders;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander a, b;
    g.play(a, b);
    std::vector<std::string> deck = {
        "French 1st squad",  "French 2nd squad",           "French officer Lieutenant Dubois",
        "British 1st squad", "British 2nd squad (rifles)", "British officer Lieutenant Smith"};
    Rng rng(seed, 0);
    for (std::size_t i = deck.size(); i > 1; --i) {
      std::swap(deck[i - 1], deck[static_cast<std::size_t>(rng.roll(static_cast<int>(i)) - 1)]);
    }
    EXPECT_EQ(sk_of(g).cards_drawn(), deck) << "seed " << seed;
    std::vector<std::string> logged;
    for (const Event* e : g.events(EventKind::kInitiative)) logged.push_back(e->text);
    ASSERT_EQ(logged.size(), deck.size());
    for (std::size_t i = 0; i < deck.size(); ++i)
      EXPECT_EQ(logged[i].rfind("card: " + deck[i], 0), 0u);
    orders.insert(deck);
    // Same seed, same cards and the same log.
    BattleHarness again(sc, seed);
    ScriptedCommander c, d;
    again.play(c, d);
    EXPECT_EQ(sk_of(again).cards_drawn(), deck);
    EXPECT_EQ(again.log().size(), g.log().size());
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GE(orders.size(), 4u);  // the shuffle does change with the seed
}

// L63, SK-07: a musket fires, then needs 1 Load action (an activation) before it fires again.
TEST(SquadSkirmishBattle, MusketReloadsBeforeFiringAgain_L63_SK07) {
  const Scenario sc = sk(unit_toml("b1", "infantry", "open", 4, 24, 8, "quality = \"veteran\""),
                         unit_toml("r1", "infantry", "open", 12, 24, 28, "quality = \"veteran\""));
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    const int b1 = g.idx("b1");
    const int r1 = g.idx("r1");
    blue.fire(b1, r1);
    g.play(blue, red);
    const auto shots1 = g.events(EventKind::kFire, "b1", 1);
    ASSERT_EQ(shots1.size(), 1u);
    EXPECT_EQ(sk_int_field(*shots1[0], "shots"), 4);  // 20" is within 24" (L63)
    for (int k = 0; k < 4; ++k) {
      EXPECT_FALSE(sk_of(g).figure(b1, k).loaded);
      EXPECT_EQ(sk_of(g).figure(b1, k).reload_left, 1);
    }
    g.play(blue, red);  // no fire is offered: every musket is empty, the squad loads
    EXPECT_TRUE(g.events(EventKind::kFire, "b1", 2).empty());
    EXPECT_FALSE(blue.was_offered(b1, {ActionKind::kFire, r1, "", {}, nullptr}));
    const auto loads = g.events_with("reloads: 4 loaded, 0 still loading", "b1", 2);
    EXPECT_EQ(loads.size(), 1u);
    g.play(blue, red);
    const auto shots3 = g.events(EventKind::kFire, "b1", 3);
    if (g.unit("r1").on_table()) {
      ASSERT_EQ(shots3.size(), 1u);
      EXPECT_GT(sk_int_field(*shots3[0], "shots"), 0);
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L64, L73, SK-07: a rifle needs 2 Loads; within a musket's range it taps (1 Load) and then
// fires as a musket: no Rifle +1.
TEST(SquadSkirmishBattle, RifleLoadsTwiceOrTapsAndFiresAsAMusket_L73) {
  for (double gap : {30.0, 10.0}) {
    const Scenario sc =
        sk(unit_toml("b1", "infantry", "open", 2, 24, 2, "weapon = \"rifle\""),
           unit_toml("r1", "infantry", "open", 12, 24, 2 + gap, "quality = \"veteran\""));
    BattleHarness g(sc, 3);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    int fired_turn = 0;
    for (int turn = 1; turn <= 4; ++turn) {
      g.play(blue, red);
      if (turn > 1 && fired_turn == 0 && !g.events(EventKind::kFire, "b1", turn).empty()) {
        fired_turn = turn;
        for (const RollRecord& r : g.events(EventKind::kFire, "b1", turn).front()->rolls) {
          bool rifle_bonus = false;
          for (const Modifier& m : r.modifiers)
            rifle_bonus |= m.name.find("Rifle") != std::string::npos;
          EXPECT_EQ(rifle_bonus, gap > 24) << "tap loaded fires as a musket (L73)";
        }
      }
    }
    EXPECT_EQ(fired_turn, gap > 24 ? 4 : 3) << "gap " << gap;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// §5 L34-L36, SK-17: with no officer on its side, a squad whose leader is killed is out of
// command (load / fire / cover only) and promotes its own leader after 1 full turn.
TEST(SquadSkirmishBattle, FieldPromotionAfterTheLeaderIsKilled_L36_SK17) {
  const Scenario sc = sk(unit_toml("b1", "infantry", "formed", 16, 24, 8, "quality = \"veteran\""),
                         unit_toml("r1", "infantry", "formed", 10, 24, 16, "quality = \"veteran\""),
                         "sk_03_natural_10 = \"modified\"");
  int promoted = 0;
  for (std::uint64_t seed = 1; seed <= 40 && promoted < 3; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    const int r1 = g.idx("r1");
    blue.fire(g.idx("b1"), r1);
    g.play(blue, red);
    if (g.events_with("the squad leader of r1 is killed", "", 1).empty() ||
        !g.unit("r1").on_table() || sk_of(g).squad(r1).leader >= 0) {
      continue;
    }
    EXPECT_TRUE(g.events_with("field promotion", "r1", 1).empty());
    EXPECT_TRUE(sk_of(g).leaderless(r1));
    EXPECT_TRUE(sk_of(g).restricted(r1));  // L36: load / fire / retreat to cover only
    for (const Action& a : g.battle().legal_actions(r1)) {
      EXPECT_NE(a.kind, ActionKind::kCharge);
    }
    blue.hold(g.idx("b1"));
    g.play(blue, red);
    const auto promo = g.events_with("field promotion", "r1", 2);
    if (!g.unit("r1").on_table() || g.unit("r1").figures() < 2) continue;
    ASSERT_EQ(promo.size(), 1u) << "seed " << seed;
    EXPECT_NE(promo[0]->text.find("SK-17"), std::string::npos);
    const int leader = sk_of(g).squad(r1).leader;
    ASSERT_GE(leader, 0);
    EXPECT_EQ(sk_of(g).figure(r1, leader).role, squad_skirmish::Role::kLeader);
    EXPECT_FALSE(sk_of(g).leaderless(r1));
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    ++promoted;
  }
  EXPECT_GE(promoted, 1);
}

// §7 L50-L54, SK-12: the charger and the charged test; a charge that goes in and reaches
// fights at once, each defender against at most 2 attackers (L85) rolling once at -2 (SK-13).
TEST(SquadSkirmishBattle, ChargeTestsThenMelee_L52_L85) {
  const Scenario sc = sk(unit_toml("b1", "cavalry", "open", 4, 24, 8, "weapon = \"pistol\""),
                         unit_toml("r1", "infantry", "open", 2, 24, 12, ""));
  int fought = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    const auto charges = g.events(EventKind::kCharge, "b1", 1);
    ASSERT_EQ(charges.size(), 1u) << "seed " << seed;
    const Event& c = *charges[0];
    EXPECT_EQ(c.rolls.size(), 2u);  // attacker and defender tests (L52, L54)
    const auto melees = g.events(EventKind::kMelee, "b1", 1);
    if (field_text(c, "charge") != "goes-in" || melees.empty()) continue;
    EXPECT_LT(g.position(&c), g.position(melees[0]));
    // 4 attackers on 2 defenders: each defender rolls once against two (1 + 2 records each).
    EXPECT_EQ(melees[0]->rolls.size(), 6u);
    int charging = 0;
    for (const RollRecord& r : melees[0]->rolls) {
      for (const Modifier& m : r.modifiers) charging += m.name.find("Charging") == 0 ? 1 : 0;
    }
    EXPECT_EQ(charging, 4);
    EXPECT_EQ(g.unit("r1").figures(), 2 - sk_int_field(*melees[0], "defender_lost"));
    EXPECT_EQ(g.unit("b1").figures(), 4 - sk_int_field(*melees[0], "attacker_lost"));
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    ++fought;
  }
  EXPECT_GE(fought, 5);
}

// L87, SK-13: a tie leaves the squads locked; they fight again, without the charge's +1, at the
// next activation of either.
TEST(SquadSkirmishBattle, TiesFightOnNextActivation_L87) {
  const Scenario sc = sk(unit_toml("b1", "infantry", "open", 1, 24, 8, ""),
                         unit_toml("r1", "infantry", "open", 1, 24, 10, ""),
                         "sk_12_charge_reach = \"any-distance\"");
  int continued = 0;
  for (std::uint64_t seed = 1; seed <= 200 && continued < 2; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    const int b1 = g.idx("b1");
    const int r1 = g.idx("r1");
    blue.charge(b1, r1);
    g.play(blue, red);
    const auto m1 = g.events(EventKind::kMelee, "", 1);
    if (m1.size() != 1 || sk_int_field(*m1[0], "ties") != 1) continue;
    EXPECT_EQ(sk_of(g).squad(b1).locked, r1);
    EXPECT_EQ(sk_of(g).squad(r1).locked, b1);
    for (const Action& a : g.battle().legal_actions(b1)) EXPECT_EQ(a.kind, ActionKind::kHold);
    g.play(blue, red);
    const auto m2 = g.events(EventKind::kMelee, "", 2);
    ASSERT_FALSE(m2.empty()) << "seed " << seed;
    EXPECT_EQ(m2[0]->text.find("charging"), std::string::npos);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    ++continued;
  }
  EXPECT_GE(continued, 1);
}

// L25, SK-16: an officer's card rallies his squads' tests (+2); having rallied, he may fire
// but not move.
TEST(SquadSkirmishBattle, OfficerRalliesThenDoesNotMove_L25_SK16) {
  const Scenario sc = sk(unit_toml("b1", "infantry", "open", 8, 24, 8, "") +
                             unit_toml("bo", "officer", "open", 1, 24, 5, "weapon = \"pistol\""),
                         unit_toml("r1", "infantry", "open", 10, 24, 20, "quality = \"veteran\""));
  int rallied = 0;
  for (std::uint64_t seed = 1; seed <= 40 && rallied < 2; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    red.fire(g.idx("r1"), g.idx("b1"));
    g.play(blue, red);
    if (g.unit("b1").figures() == 8) continue;  // no casualties, no test
    red.hold(g.idx("r1"));
    blue.set(g.idx("bo"), {ActionKind::kMove, -1, "", {}, nullptr});
    g.play(blue, red);
    const auto tests = g.events_with("(officer rallying +2)", "b1", 2);
    if (tests.empty()) continue;
    bool plus_two = false;
    for (const Modifier& m : tests[0]->rolls.front().modifiers) {
      plus_two |= m.value == 2 && m.ref.find("L25") != std::string::npos;
    }
    EXPECT_TRUE(plus_two);
    ASSERT_TRUE(blue.was_asked(g.idx("bo")));
    for (const Action& a : blue.offered(g.idx("bo"))) EXPECT_NE(a.kind, ActionKind::kMove);
    EXPECT_TRUE(g.events(EventKind::kMove, "bo", 2).empty());
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    ++rallied;
  }
  EXPECT_GE(rallied, 1);
}

}  // namespace
}  // namespace smoothbore::sim_test
