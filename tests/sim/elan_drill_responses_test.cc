// elan-drill charge responses and Drill-tested manoeuvres (shared/rules/001.md §5-§6):
// Fire and Evade (gun crews too) and Limber and Evade (L123-L125, D12-16), Change Formation &
// Charge (3D, L82) and & Move Full (2D, L81), Reform Detachments from skirmish order (L83, D12-21),
// formed units passed by fleeing troops (L89, D12-20).
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

std::string cavalry(std::string_view id, double y, std::string_view extra = "") {
  return unit_toml(id, "cavalry", "line", 10, 24, y,
                   "elan = 12\nweapon = \"carbine\"\n" + std::string(extra));
}

int drill_dice(const Event& e) {
  for (const RollRecord& r : e.rolls) {
    if (r.purpose == "drill test") return static_cast<int>(r.faces.size());
  }
  return -1;
}

// Blue cavalry b1 charges red `r1` from 8" away; r1's commander answers with the response
// `rate` (an action of `kind`); one game turn is played.
struct Charged {
  std::unique_ptr<BattleHarness> g;
  const Event* response = nullptr;  // r1's response event (null if none or several)
  double y0 = 0;                    // r1's centre before, inches
};
Charged charged(std::string_view r1, ActionKind kind, std::string rate, std::string_view opts,
                std::uint64_t seed) {
  Charged c;
  c.g = std::make_unique<BattleHarness>(ed(cavalry("b1", 8), r1, opts), seed);
  BattleHarness& g = *c.g;
  ScriptedCommander blue, red;
  blue.charge(g.idx("b1"), g.idx("r1"));
  red.set(g.idx("r1"), with_rate(kind, std::move(rate)));
  c.y0 = g.unit("r1").footprint().centre.y / kMmPerInch;
  g.battle().play_turn({&blue, &red}, g.log());
  const auto resp = g.events_with("responds to the charge", "r1", 1);
  if (resp.size() == 1) c.response = resp.front();
  return c;
}

// A Fire and Evade response (L123) after its 2D Drill test: r1's fire events of bound 1.
std::vector<const Event*> fired_in_response(const Charged& c) {
  if (c.response == nullptr) {
    ADD_FAILURE() << "no response";
    return {};
  }
  EXPECT_NE(c.response->text.find("fire-and-evade"), std::string::npos);
  EXPECT_EQ(drill_dice(*c.response), 2);
  return c.g->events(EventKind::kFire, "r1", 1);
}

// L123: skirmishers charged by cavalry pass the 2D Drill test (Drill 12), fire at the
// charger at once (reaction fire, -1) and evade ½ move; they do not fire again that turn.
TEST(ElanDrillResponses, FireAndEvade_L123) {
  const Charged c = charged(unit_toml("r1", "light-infantry", "skirmish", 8, 24, 17,
                                      "facing = 180\ndrill = 12\nweapon = \"rifle\"\n"),
                            ActionKind::kMove, "fire-and-evade", "", 1);
  BattleHarness& g = *c.g;
  const auto fires = fired_in_response(c);
  ASSERT_GE(fires.size(), 1u);
  EXPECT_LT(g.position(fires.front()), g.position(g.events_with("charges", "b1", 1).front()));
  EXPECT_TRUE(cites(*fires.front(), "L204"));  // reaction fire
  // Its only fire in blue's player turn (before red's own turn starts).
  const auto red_turn = g.events_with("red: command phase");
  ASSERT_FALSE(red_turn.empty());
  int before = 0;
  for (const Event* f : fires) before += g.position(f) < g.position(red_turn.front());
  EXPECT_EQ(before, 1);
  ASSERT_FALSE(g.events_with("evades", "r1", 1).empty());
  EXPECT_GT(g.unit("r1").footprint().centre.y / kMmPerInch, c.y0 + 0.5);  // away, north
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// D12-16: Fire and Evade is for skirmishers and light cavalry; a formed line is offered it
// only with d12_16_limited_responses = any.
TEST(ElanDrillResponses, FireAndEvadeOnlyForLimitedTroops_D12_16) {
  for (const bool any : {false, true}) {
    const Charged c = charged(unit_toml("r1", "infantry", "line", 20, 24, 17, "facing = 180\n"),
                              ActionKind::kMove, "fire-and-evade",
                              any ? "d12_16_limited_responses = \"any\"" : "", 1);
    ASSERT_NE(c.response, nullptr);
    EXPECT_EQ(c.response->text.find("fire-and-evade") != std::string::npos, any);
  }
}

// L125: an unlimbered battery charged from 6" limbers and evades ½ a limbered move.
TEST(ElanDrillResponses, LimberAndEvade_L125) {
  const Charged c = charged(unit_toml("r1", "foot-artillery", "unlimbered", 4, 24, 18,
                                      "facing = 180\ndrill = 12\ngun = \"light\"\n"),
                            ActionKind::kLimber, "limber-and-evade", "", 2);
  BattleHarness& g = *c.g;
  ASSERT_NE(c.response, nullptr);
  EXPECT_NE(c.response->text.find("limber-and-evade"), std::string::npos);
  EXPECT_EQ(drill_dice(*c.response), 2);
  ASSERT_FALSE(g.events_with("forms limbered", "r1", 1).empty());
  ASSERT_FALSE(g.events_with("evades", "r1", 1).empty());
  EXPECT_GT(g.unit("r1").footprint().centre.y / kMmPerInch, c.y0 + 1.0);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L123, D12-16: a battery's crew charged by cavalry passes its 2D test, fires its guns at
// the charger (reaction fire), then the gunners leave their guns and evade ½ a move on foot
// (3", the line's rate, not the 1" of manhandled guns); they fire no more and cannot limber.
TEST(ElanDrillResponses, GunCrewFireAndEvade_L123_D12_16) {
  const Charged c = charged(unit_toml("r1", "foot-artillery", "unlimbered", 4, 24, 18,
                                      "facing = 180\ndrill = 12\ngun = \"light\"\n"),
                            ActionKind::kMove, "fire-and-evade", "", 2);
  BattleHarness& g = *c.g;
  const auto fires = fired_in_response(c);
  ASSERT_GE(fires.size(), 1u);
  const auto left = g.events_with("the gunners leave their guns", "r1", 1);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_LT(g.position(fires.front()), g.position(left.front()));
  EXPECT_GT(g.unit("r1").footprint().centre.y / kMmPerInch, c.y0 + 2.0);
  for (const Action& a : g.battle().legal_actions(g.idx("r1"))) {
    EXPECT_NE(a.kind, ActionKind::kFire);
    EXPECT_NE(a.kind, ActionKind::kLimber);
  }
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L82: a line forms column and charges on a 3D Drill test; Drill 12 always passes, Drill
// 1 with a DM (factor 0) always fails and the charge does not go in.
TEST(ElanDrillResponses, ChangeFormationAndCharge_L82) {
  for (const int drill : {12, 1}) {
    const Scenario sc = ed(
        unit_toml("b1", "infantry", "line", 20, 24, 6,
                  fmt::format("drill = {}\nelan = 12\n{}", drill, drill == 1 ? "dms = 1\n" : "")),
        unit_toml("r1", "infantry", "line", 20, 24, 15, "facing = 180\n"),
        "d12_18_infantry_pursuit = \"never\"");  // the script answers no pursuit question
    BattleHarness g(sc, 3);
    ScriptedCommander blue, red;
    blue.set(g.idx("b1"), {ActionKind::kCharge, g.idx("r1"), "column", {}, nullptr});
    g.play(blue, red);
    EXPECT_EQ(blue.unmatched(), 0);
    const auto test = g.events_with("Drill test to form column", "b1", 1);
    ASSERT_EQ(test.size(), 1u);
    EXPECT_EQ(drill_dice(*test.front()), 3);
    if (drill == 12) {
      EXPECT_FALSE(g.events_with("charges", "b1", 1).empty());
      EXPECT_TRUE(g.events_with("fails to form", "b1", 1).empty());
    } else {
      EXPECT_TRUE(g.events_with("charges", "b1", 1).empty());
      EXPECT_FALSE(g.events_with("fails to form", "b1", 1).empty());
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L80-L81, D12-08: forming column and moving full takes 2D and the column's whole 8"
// (D12-07); with a ½ move, 1D and 4".
TEST(ElanDrillResponses, ChangeFormationAndMoveFull_L81) {
  for (const bool full : {true, false}) {
    const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 4, "drill = 12\n"),
                           unit_toml("r1", "infantry", "line", 20, 24, 32, "facing = 180\n"));
    BattleHarness g(sc, 4);
    ScriptedCommander blue, red;
    ScriptStep step = with_rate(ActionKind::kFormation, full ? "full" : "", "column");
    step.moves = true;
    blue.set(g.idx("b1"), step);
    const double y0 = g.unit("b1").footprint().centre.y;
    g.play(blue, red);
    const auto test = g.events_with("Drill test to form column", "b1", 1);
    ASSERT_EQ(test.size(), 1u);
    EXPECT_EQ(drill_dice(*test.front()), full ? 2 : 1);
    EXPECT_NEAR((g.unit("b1").footprint().centre.y - y0) / kMmPerInch, full ? 8.0 : 4.0, 0.25);
  }
}

// L83, D12-21: re-forming line from skirmish order is a 2D Reform Detachments test; with
// d12_21_reform_skirmish = false it is a change on the spot with no test (D12-08).
TEST(ElanDrillResponses, ReformFromSkirmishOrder_L83_D12_21) {
  for (const bool reform : {true, false}) {
    const Scenario sc = ed(unit_toml("b1", "light-infantry", "skirmish", 8, 24, 4, "drill = 12\n"),
                           unit_toml("r1", "infantry", "line", 20, 24, 32, "facing = 180\n"),
                           reform ? "" : "d12_21_reform_skirmish = false");
    BattleHarness g(sc, 5);
    ScriptedCommander blue, red;
    blue.set(g.idx("b1"), {ActionKind::kFormation, -1, "line", false, nullptr});
    g.play(blue, red);
    const auto test = g.events_with("Drill test to form line", "b1", 1);
    ASSERT_EQ(test.size(), reform ? 1u : 0u);
    if (reform) {
      EXPECT_EQ(drill_dice(*test.front()), 2);
      EXPECT_NE(test.front()->rolls.front().result.find("L83"), std::string::npos);
    }
    EXPECT_EQ(g.unit("b1").formation, "line");
  }
}

// L89, D12-20: b2 (Élan 1, 1 DM) breaks on receiving a cavalry charge (3 failures: 4 DMs)
// and flees south through b1; b1 (default) or b2 (fleeing-unit) takes the 1D Drill test.
TEST(ElanDrillResponses, FleeingTroopsPassThrough_L89_D12_20) {
  for (const std::string who : {"formed-unit", "fleeing-unit"}) {
    const Scenario sc =
        ed(unit_toml("b1", "infantry", "line", 20, 24, 7) +
               unit_toml("b2", "infantry", "line", 20, 24, 14, "elan = 1\ndms = 1\n"),
           cavalry("r1", 23, "facing = 180\n"), fmt::format("d12_20_pass_through = \"{}\"", who));
    BattleHarness g(sc, 6);
    ScriptedCommander blue, red;
    red.charge(g.idx("r1"), g.idx("b2"));
    g.play(blue, red);
    ASSERT_FALSE(g.events(EventKind::kRout, "b2", 1).empty());
    const std::string tester = who == "formed-unit" ? "b1" : "b2";
    const std::string other = who == "formed-unit" ? "b2" : "b1";
    const auto tests = g.events_with("fleeing troops pass through", tester, 1);
    ASSERT_EQ(tests.size(), 1u);
    EXPECT_EQ(drill_dice(*tests.front()), 1);
    EXPECT_TRUE(g.events_with("fleeing troops pass through", other, 1).empty());
    EXPECT_LT(g.unit("b2").footprint().centre.y, g.unit("b1").footprint().centre.y);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
