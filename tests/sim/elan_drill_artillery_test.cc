// Elan-drill artillery in battle (shared/rules/001.md §8): solid shot going on through to a
// unit behind its target at -1 (L223, R-001-6) and enfilading a line (L149, D12-35), a shell
// hitting its target or, missed, scattering onto a unit within 4" (L163-L175, R-001-5), and
// shrapnel at long range (L169, L199, D12-14). Each shot is named in the narrative.
#include <string>

#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"
#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {
namespace {

std::string battery(std::string_view extra = "") {
  return unit_toml("bg", "foot-artillery", "unlimbered", 4, 24, 2,
                   "gun = \"medium\"\nexperience = \"steady\"\n" + std::string(extra));
}
std::string red(std::string_view id, double x, double y, std::string_view formation = "line") {
  return unit_toml(id, "infantry", formation, 20, x, y, "facing = 180\n");
}

// The battery's ordered shot of `shot` at `target`.
void order(ScriptedCommander& blue, BattleHarness& g, std::string_view target,
           const std::string& shot) {
  blue.set(g.idx("bg"), {ActionKind::kFire, g.idx(target), "", {}, [shot](const Action& a) {
                           return a.shot == shot;
                         }});
}

// The events of the battery's first shot in bound 1 (its own player turn comes first).
std::vector<const Event*> first_shot(const BattleHarness& g) {
  std::vector<const Event*> out;
  for (const Event* e : g.events(EventKind::kFire, "bg", 1)) {
    if (!out.empty() && field(*e, "how") == nullptr) break;  // the next shot
    out.push_back(e);
  }
  return out;
}

// L147, L223, R-001-6: the ball strikes the line in front (2D at Gunnery 6) and goes on to
// the line 3" behind it: 2D again at -1 (each target after the first), both within 24".
TEST(ElanDrillArtillery, SolidShotGoesOnThroughToASecondUnit_R001_6) {
  const Scenario sc = ed(battery(), red("r1", 24, 21) + red("r2", 24, 24));
  BattleHarness g(sc, 5);
  ScriptedCommander blue, reds;
  order(blue, g, "r1", "solid-shot");
  g.play(blue, reds);
  EXPECT_EQ(blue.unmatched(), 0);
  const auto shot = first_shot(g);
  ASSERT_EQ(shot.size(), 2u);
  EXPECT_EQ(shot[0]->target, "r1");
  EXPECT_NE(shot[0]->text.find("fires solid-shot at"), std::string::npos) << shot[0]->text;
  const RollRecord& first = shot[0]->rolls.front();
  EXPECT_EQ(first.faces.size(), 2u);  // Versus Line (L147)
  EXPECT_EQ(first.target, 6);
  EXPECT_EQ(shot[1]->target, "r2");
  EXPECT_NE(shot[1]->text.find("solid-shot goes on through to"), std::string::npos);
  const RollRecord& second = shot[1]->rolls.front();
  EXPECT_EQ(second.faces.size(), 2u);
  EXPECT_EQ(second.target, 5);
  ASSERT_EQ(second.modifiers.size(), 1u);
  EXPECT_EQ(second.modifiers[0].value, -1);
  EXPECT_NE(second.modifiers[0].ref.find("L223"), std::string::npos);
  int lost = 0;
  for (const Event* e : shot) lost += int_field(*e, "casualties");
  EXPECT_EQ(40 - g.unit("r1").figures() - g.unit("r2").figures(), lost);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// A unit more than 4" behind the target is not reached (R-001-6).
TEST(ElanDrillArtillery, SolidShotStopsBeyondFourInches_R001_6) {
  const Scenario sc = ed(battery(), red("r1", 24, 24) + red("r2", 24, 32));
  BattleHarness g(sc, 5);
  ScriptedCommander blue, reds;
  order(blue, g, "r1", "solid-shot");
  g.play(blue, reds);
  EXPECT_EQ(first_shot(g).size(), 1u);
}

// L149, D12-35: a line struck along its frontage from the flank is "Flank of Line": 6D.
TEST(ElanDrillArtillery, SolidShotEnfiladingALineRollsSixDice_D12_35) {
  const Scenario sc = ed(
      unit_toml("bg", "foot-artillery", "unlimbered", 4, 2, 20, "gun = \"medium\"\nfacing = 90\n"),
      red("r1", 30, 20));
  BattleHarness g(sc, 2);
  ScriptedCommander blue, reds;
  order(blue, g, "r1", "solid-shot");
  g.play(blue, reds);
  const auto shot = first_shot(g);
  ASSERT_FALSE(shot.empty());
  const RollRecord& r = shot[0]->rolls.front();
  EXPECT_EQ(r.faces.size(), 6u);
  EXPECT_NE(r.result.find("Flank of Line"), std::string::npos) << r.result;
}

// L163-L175, R-001-5: a shell at the line 16" away hits on 1D12 <= 6 (Gunnery, no range
// or class modifier); on a hit the 3 effect dice (medium, L171) strike it; on a miss the
// to-hit is rolled again for the line 3" behind it. Both happen over these seeds, each
// deterministic for its seed.
TEST(ElanDrillArtillery, ShellHitsOrScattersWithinFourInches_R001_5) {
  const Scenario sc = ed(battery("howitzer = true\n"), red("r1", 24, 20) + red("r2", 24, 23));
  int hit = 0, scattered = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, reds;
    order(blue, g, "r1", "shell");
    g.play(blue, reds);
    EXPECT_EQ(blue.unmatched(), 0);
    const auto shot = first_shot(g);
    ASSERT_FALSE(shot.empty());
    const Event& e = *shot[0];
    EXPECT_EQ(e.target, "r1");
    EXPECT_EQ(e.rolls.front().purpose, "shell");
    EXPECT_EQ(e.rolls.front().target, 6);
    const bool on_target = std::get<bool>(*field(e, "target-hit"));
    EXPECT_EQ(on_target, e.rolls.front().faces.front() <= 6) << "seed " << seed;
    if (on_target) {
      ++hit;
      ASSERT_GE(e.rolls.size(), 2u);
      EXPECT_EQ(e.rolls[1].faces.size(), 3u);  // Medium Howitzer: 3D shell (L171)
      EXPECT_EQ(shot.size(), 1u);              // no scatter after a hit
    } else {
      ++scattered;
      EXPECT_NE(e.text.find("scatter within 4\""), std::string::npos) << e.text;
      ASSERT_EQ(shot.size(), 2u) << "seed " << seed;
      EXPECT_EQ(shot[1]->target, "r2");
      EXPECT_NE(shot[1]->text.find("shell scatters within 4\" onto"), std::string::npos);
      EXPECT_NE(shot[1]->rolls.front().purpose.find("scatters"), std::string::npos);
      EXPECT_EQ(shot[1]->rolls.front().target, 6);
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GT(hit, 0);
  EXPECT_GT(scattered, 0);
}

// L169, L199, D12-14: shrapnel reaches ½ the 48" maximum; beyond 12" (½ of that) it is at
// long range, -2: 1D12 <= 4 to hit, then 5 effect dice (medium, L171).
TEST(ElanDrillArtillery, ShrapnelAtLongRange_L169_D12_14) {
  const Scenario sc = ed(battery("shrapnel = true\n"), red("r1", 24, 20));
  BattleHarness g(sc, 4);
  ScriptedCommander blue, reds;
  order(blue, g, "r1", "shrapnel");
  g.play(blue, reds);
  EXPECT_EQ(blue.unmatched(), 0);
  const auto shot = first_shot(g);
  ASSERT_FALSE(shot.empty());
  EXPECT_NE(shot[0]->text.find("fires shrapnel at"), std::string::npos);
  const RollRecord& r = shot[0]->rolls.front();
  EXPECT_EQ(r.purpose, "shrapnel");
  EXPECT_EQ(r.target, 4);
  ASSERT_FALSE(r.modifiers.empty());
  EXPECT_EQ(r.modifiers[0].value, -2);
  EXPECT_NE(r.modifiers[0].ref.find("L199"), std::string::npos);
  if (r.faces.front() <= 4) {
    EXPECT_EQ(shot[0]->rolls.at(1).faces.size(), 5u);
  }
}

// D12-14: no shrapnel beyond 24" (½ of 48"), no shell for a gun, no ball for a howitzer.
TEST(ElanDrillArtillery, ShotTypesByRangeAndPiece_D12_14) {
  const Scenario far = ed(battery("shrapnel = true\n"), red("r1", 24, 31));
  BattleHarness g(far, 1);
  ScriptedCommander blue, reds;
  g.play(blue, reds);
  auto offered = [&](const std::string& shot) {
    return blue.was_offered(g.idx("bg"),
                            {ActionKind::kFire, g.idx("r1"), "", {}, [shot](const Action& a) {
                               return a.shot == shot;
                             }});
  };
  EXPECT_TRUE(offered("solid-shot"));
  EXPECT_FALSE(offered("shrapnel"));
  EXPECT_FALSE(offered("shell"));
  EXPECT_FALSE(offered("canister"));
  const Scenario how = ed(battery("howitzer = true\n"), red("r1", 24, 14));
  BattleHarness h(how, 1);
  ScriptedCommander blue2, reds2;
  h.play(blue2, reds2);
  EXPECT_TRUE(blue2.was_offered(
      h.idx("bg"),
      {ActionKind::kFire, h.idx("r1"), "", {}, [](const Action& a) { return a.shot == "shell"; }}));
  EXPECT_TRUE(
      blue2.was_offered(h.idx("bg"), {ActionKind::kFire, h.idx("r1"), "", {}, [](const Action& a) {
                                        return a.shot == "canister";
                                      }}));
  EXPECT_FALSE(
      blue2.was_offered(h.idx("bg"), {ActionKind::kFire, h.idx("r1"), "", {}, [](const Action& a) {
                                        return a.shot == "solid-shot";
                                      }}));
}

// D12-14: "Howitzer/Gun": a gun battery the scenario allows (`shell = true`) fires shell too,
// from 6" to its maximum (here 18", beyond the musket's reply); a gun without it does not.
TEST(ElanDrillArtillery, GunFiresShellWhenAllowed_D12_14) {
  for (const bool allowed : {true, false}) {
    BattleHarness g(ed(battery(allowed ? "shell = true\n" : ""), red("r1", 24, 22)), 1);
    ScriptedCommander blue, reds;
    order(blue, g, "r1", "shell");
    g.play(blue, reds);
    EXPECT_EQ(blue.unmatched(), allowed ? 0 : 1);
    EXPECT_EQ(g.events_with("fires shell at", "bg", 1).empty(), !allowed);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// R-001-6 "the new target's situation", L199, D12-13: r1 is at short range (< 24", ½ the
// medium gun's 48") and r2 behind it beyond 24"; by default the ball reaches r2 at r2's own
// range, long: 6 - 1 (L223) - 2 (L199) = 3; with `first-target` at r1's range: 5.
TEST(ElanDrillArtillery, FurtherTargetsAtTheirOwnRange_R001_6) {
  for (const bool own : {true, false}) {
    const Scenario sc = ed(battery(), red("r1", 24, 24) + red("r2", 24, 28),
                           own ? "" : "r001_6_further_range = \"first-target\"");
    BattleHarness g(sc, 5);
    ScriptedCommander blue, reds;
    order(blue, g, "r1", "solid-shot");
    g.play(blue, reds);
    const auto shot = first_shot(g);
    ASSERT_EQ(shot.size(), 2u);
    EXPECT_LT(std::get<double>(*field(*shot[0], "range_in")), 24.0);
    EXPECT_GT(std::get<double>(*field(*shot[1], "range_in")), 24.0);
    EXPECT_EQ(shot[0]->rolls.front().target, 6);
    EXPECT_EQ(shot[1]->rolls.front().target, own ? 3 : 5);
    bool long_range = false;
    for (const Modifier& m : shot[1]->rolls.front().modifiers) {
      long_range = long_range || (m.value == -2 && m.ref.find("L199") != std::string::npos);
    }
    EXPECT_EQ(long_range, own);
  }
}

// R-001-6: a friend of the battery 3" behind the enemy it fires at is on the ball's line:
// struck by default (the sheet names no exception), passed unharmed with `enemies-only`.
TEST(ElanDrillArtillery, SolidShotStrikesFriendsBehindOnlyByDefault_R001_6) {
  for (const bool any : {true, false}) {
    const Scenario sc = ed(battery() + unit_toml("b2", "infantry", "line", 20, 24, 29),
                           red("r1", 24, 26), any ? "" : "r001_6_further_sides = \"enemies-only\"");
    BattleHarness g(sc, 5);
    ScriptedCommander blue, reds;
    order(blue, g, "r1", "solid-shot");
    g.play(blue, reds);
    const auto shot = first_shot(g);
    ASSERT_EQ(shot.size(), any ? 2u : 1u);
    if (any) {
      EXPECT_EQ(shot[1]->target, "b2");
    }
  }
}

// L175, R-001-5 "friend or foe": a missed shell rolls again at a friend of the battery
// within 4" of its target; with `r001_5_scatter_sides = enemies-only` never. Over these
// seeds the shell misses at least once.
TEST(ElanDrillArtillery, ShellScattersOntoFriendsOnlyByDefault_R001_5) {
  for (const bool any : {true, false}) {
    const Scenario sc =
        ed(battery("howitzer = true\n") + unit_toml("b2", "infantry", "line", 20, 24, 23),
           red("r1", 24, 20), any ? "" : "r001_5_scatter_sides = \"enemies-only\"");
    int missed = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      BattleHarness g(sc, seed);
      ScriptedCommander blue, reds;
      order(blue, g, "r1", "shell");
      g.play(blue, reds);
      const auto shot = first_shot(g);
      ASSERT_FALSE(shot.empty());
      if (std::get<bool>(*field(*shot[0], "target-hit"))) continue;
      ++missed;
      ASSERT_EQ(shot.size(), any ? 2u : 1u) << "seed " << seed;
      if (any) {
        EXPECT_EQ(shot[1]->target, "b2");
      }
    }
    EXPECT_GT(missed, 0);
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
