// Movement, reload, morale, charge and melee resolutions of squad-skirmish against
// hand-worked probabilities (sums of d6, d10 roll-under morale, opposed d10), and seeded
// Monte Carlo of the real dice against the exact distribution.
#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/dice/chance.h"
#include "core/dice/rng.h"
#include "resolution_test_util.h"
#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/resolutions.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {
namespace {

using test::exact;
using test::expect_dist;
using test::expect_monte_carlo;
using ::testing::HasSubstr;

const Resolution& res(const char* name) { return test::find_resolution(resolutions(), name); }

TEST(SquadSkirmishMovement, InfantryIs2d6AndCavalry3d6) {
  const test::Dist inf = exact(res("movement"), {});
  EXPECT_EQ(inf.size(), 11u);
  EXPECT_NEAR(inf.at("2"), 1.0 / 36, 1e-12);
  EXPECT_NEAR(inf.at("7"), 6.0 / 36, 1e-12);
  EXPECT_NEAR(inf.at("12"), 1.0 / 36, 1e-12);
  const test::Dist cav = exact(res("movement"), {"arm=cavalry"});
  EXPECT_EQ(cav.size(), 16u);
  EXPECT_NEAR(cav.at("3"), 1.0 / 216, 1e-12);
  EXPECT_NEAR(cav.at("10"), 27.0 / 216, 1e-12);
  EXPECT_NEAR(cav.at("18"), 1.0 / 216, 1e-12);
}

TEST(SquadSkirmishMovement, RoadRollsAnExtraDieAndDropsTheLowest) {
  // Infantry on a road: the best two of 3d6 (L42). 12 needs two or three sixes: 16/216;
  // 2 needs three ones: 1/216; 3 needs {1,1,2} in any order: 3/216.
  const test::Dist d = exact(res("movement"), {"road=true"});
  EXPECT_NEAR(d.at("12"), 16.0 / 216, 1e-12);
  EXPECT_NEAR(d.at("2"), 1.0 / 216, 1e-12);
  EXPECT_NEAR(d.at("3"), 3.0 / 216, 1e-12);
  // Cavalry on a road: best three of 4d6, 18 needs three or four sixes: (4·5 + 1)/1296.
  const test::Dist c = exact(res("movement"), {"arm=cavalry", "road=true"});
  EXPECT_NEAR(c.at("18"), 21.0 / 1296, 1e-12);
  EXPECT_NEAR(c.at("3"), 1.0 / 1296, 1e-12);
  // A road move is wholly on the road (SK-11): the woods it crosses do not halve it.
  expect_dist(exact(res("movement"), {"road=true", "terrain=woods"}), d);
}

TEST(SquadSkirmishMovement, WoodsAndWaterHalveFencesCostTwoInches) {
  const test::Dist woods = exact(res("movement"), {"terrain=woods"});
  EXPECT_NEAR(woods.at("3.5"), 6.0 / 36, 1e-12);  // 7 halved (L44)
  EXPECT_NEAR(woods.at("1"), 1.0 / 36, 1e-12);
  EXPECT_EQ(woods.count("7"), 0u);
  expect_dist(exact(res("movement"), {"terrain=water"}), woods);
  // One fence: 2" off the roll (L46); a roll of 2 leaves nothing.
  const test::Dist fence = exact(res("movement"), {"obstacles=1"});
  EXPECT_NEAR(fence.at("0"), 1.0 / 36, 1e-12);
  EXPECT_NEAR(fence.at("5"), 6.0 / 36, 1e-12);
  EXPECT_NEAR(fence.at("10"), 1.0 / 36, 1e-12);
  // Two walls in woods: (roll - 4) / 2, nothing left for rolls up to 4 (6/36).
  const test::Dist both = exact(res("movement"), {"obstacles=2", "terrain=woods"});
  EXPECT_NEAR(both.at("0"), 6.0 / 36, 1e-12);
  EXPECT_NEAR(both.at("4"), 1.0 / 36, 1e-12);
}

TEST(SquadSkirmishMovement, RecordsEveryFace) {
  Rng rng(7, 1);
  std::vector<RollRecord> explain;
  const Params p = test::params(res("movement"), {"arm=cavalry", "road=true"});
  const Outcome o = sample(res("movement"), p, rng, &explain);
  ASSERT_EQ(explain.size(), 1u);
  const RollRecord& r = explain[0];
  EXPECT_EQ(r.purpose, "movement");
  EXPECT_EQ(r.dice, "d6 + d6 + d6 + d6");
  ASSERT_EQ(r.faces.size(), 4u);
  int sum = 0;
  int lowest = 6;
  for (int f : r.faces) {
    EXPECT_GE(f, 1);
    EXPECT_LE(f, 6);
    sum += f;
    lowest = std::min(lowest, f);
  }
  EXPECT_DOUBLE_EQ(as_number(o.front().second), sum - lowest);
  EXPECT_THAT(r.result, HasSubstr("drop lowest (L42"));
}

// The roll's rows and numbers are kept at first use (issue 9): every arm, terrain and road
// case gives the record the named rows would, and the inches their numbers give.
TEST(SquadSkirmishMovement, RecordMatchesTheNamedRows) {
  Rng rng(11, 3);
  SampledChance chance(rng);
  for (const char* arm : {"infantry", "cavalry", "cannon"}) {
    for (const char* terrain : {"open", "woods", "water"}) {
      for (const bool road : {false, true}) {
        detail::MoveSituation m;
        m.arm = arm;
        m.terrain = terrain;
        m.road = road;
        std::vector<RollRecord> explain;
        const double inches = detail::move_roll(m, chance, &explain);
        ASSERT_EQ(explain.size(), 1u);
        const RollRecord& r = explain[0];
        const Row& a = row("movement.arms", arm);
        const Row& rd = row("movement.road", "road");
        const Row& t = row("movement.terrain", road ? "open" : terrain);
        const int dice = a.number("dice") + (road ? rd.number("extra_dice") : 0);
        EXPECT_EQ(r.base_ref, a.name + " (" + a.ref + ")");
        std::string text;
        for (int i = 0; i < dice; ++i) text += i == 0 ? "d6" : " + d6";
        EXPECT_EQ(r.dice, text);
        ASSERT_EQ(r.faces.size(), static_cast<std::size_t>(dice));
        std::vector<int> faces = r.faces;
        std::sort(faces.begin(), faces.end());
        int sum = 0;
        for (std::size_t i = road ? static_cast<std::size_t>(rd.number("drop_lowest")) : 0;
             i < faces.size(); ++i) {
          sum += faces[i];
        }
        const double expected =
            static_cast<double>(sum) * t.number("numerator") / t.number("denominator");
        EXPECT_EQ(inches, expected);
        EXPECT_EQ(r.target, expected);
        EXPECT_EQ(r.result, detail::format_g(expected) + "\" (" + std::to_string(dice) + "d6" +
                                (road ? " drop lowest (" + rd.ref + ")" : "") + "; " + t.name +
                                " " + t.ref + ")");
      }
    }
  }
}

TEST(SquadSkirmishReload, ReloadTimesTapLoadingAndCrew) {
  auto activations = [](const std::vector<std::string>& a) {
    const test::Dist d = exact(res("reload"), a);
    EXPECT_EQ(d.size(), 1u);
    return d.begin()->first;
  };
  EXPECT_EQ(activations({"weapon=pistol"}), "1");                     // L61
  EXPECT_EQ(activations({"weapon=blunderbuss"}), "2");                // L62
  EXPECT_EQ(activations({"weapon=musket"}), "1");                     // L63
  EXPECT_EQ(activations({"weapon=rifle"}), "2");                      // L64
  EXPECT_EQ(activations({"weapon=rifle", "tap-loading=true"}), "1");  // L73
  EXPECT_EQ(activations({"weapon=musket", "tap-loading=true"}), "1");
  EXPECT_EQ(activations({"weapon=cannon"}), "5");               // L65
  EXPECT_EQ(activations({"weapon=cannon", "loaders=4"}), "2");  // SK-08: 5 crew-actions
  EXPECT_EQ(activations({"weapon=cannon", "loaders=5"}), "1");
  EXPECT_EQ(activations({"weapon=blunderbuss", "loaders=4"}), "2");  // loaded by its firer
}

TEST(SquadSkirmishMorale, RollUnderModifiedMorale) {
  // Regular 9: 1-9 pass, a 10 fails by 1 (L23, L27-L29).
  expect_dist(exact(res("morale"), {}), {{"pass", 0.9}, {"falter", 0.1}});
  // Green 8 - 3 lost - leader killed = 4: 1-4 pass, 5-6 fail by 1-2, 7-10 by 3+.
  expect_dist(exact(res("morale"), {"quality=green", "figures-lost=3", "leader-killed=true"}),
              {{"pass", 0.4}, {"falter", 0.2}, {"retreat", 0.4}});
  // Veteran 10 + formed + officer rallying = 13: always passes.
  expect_dist(exact(res("morale"), {"quality=veteran", "formed=true", "officer-rallying=true"}),
              {{"pass", 1.0}});
  // Green with 12 lost: -4, even a 1 fails by 5.
  expect_dist(exact(res("morale"), {"quality=green", "figures-lost=12"}), {{"retreat", 1.0}});
  // Heroes: a wounded squad leader rolls at -1 (L99): regular 8.
  expect_dist(exact(res("morale"), {"wounded-leader=true"}), {{"pass", 0.8}, {"falter", 0.2}});
}

TEST(SquadSkirmishMorale, ExactFractionAndRecord) {
  const Params p = test::params(res("morale"), {"quality=green", "figures-lost=1"});
  const auto d = exact_distribution(res("morale"), p);
  ASSERT_EQ(d.size(), 3u);  // falter, pass, retreat
  EXPECT_EQ(*d[1].fraction, make_fraction(BigInt(7), BigInt(10)));
  Rng rng(3, 2);
  std::vector<RollRecord> explain;
  sample(res("morale"), p, rng, &explain);
  ASSERT_EQ(explain.size(), 1u);
  EXPECT_EQ(explain[0].base, 8);
  EXPECT_EQ(explain[0].target, 7);
  ASSERT_EQ(explain[0].modifiers.size(), 1u);
  EXPECT_EQ(explain[0].modifiers[0].ref, "L22");
  ASSERT_EQ(explain[0].faces.size(), 1u);
  EXPECT_EQ(explain[0].dice, "d10");
}

TEST(SquadSkirmishCharge, AttackerAndDefenderTest) {
  expect_dist(exact(res("charge"), {}), {{"pass/pass/goes-in", 0.81},
                                         {"pass/falter/goes-in", 0.09},
                                         {"falter/pass/called-off", 0.09},
                                         {"falter/falter/called-off", 0.01}});
  // An attacker that already passed this turn does not test (L52); a green defender with 4
  // lost (morale 4) passes 0.4, fails by 1-2 0.2, retreats 0.4.
  expect_dist(exact(res("charge"),
                    {"attacker-passed=true", "defender-quality=green", "defender-figures-lost=4"}),
              {{"passed-earlier/pass/goes-in", 0.4},
               {"passed-earlier/falter/goes-in", 0.2},
               {"passed-earlier/retreat/defender-retreats", 0.4}});
  // A green attacker with 3 lost (morale 5) calls it off half the time (fail 6-10).
  const test::Dist d = exact(res("charge"), {"attacker-quality=green", "attacker-figures-lost=3",
                                             "defender-quality=veteran"});
  EXPECT_NEAR(d.at("pass/pass/goes-in"), 0.5, 1e-12);
  EXPECT_NEAR(d.at("falter/pass/called-off"), 0.2, 1e-12);
  EXPECT_NEAR(d.at("retreat/pass/called-off"), 0.3, 1e-12);
}

TEST(SquadSkirmishMelee, OpposedD10WithBothSidesModifiers) {
  expect_dist(exact(res("melee"), {}), {{"win", 0.45}, {"tie", 0.1}, {"lose", 0.45}});
  // Charging +1 (L90): a+1 > b when a >= b (55/100), ties when b = a+1 (9/100).
  expect_dist(exact(res("melee"), {"a-charging=true"}),
              {{"win", 0.55}, {"tie", 0.09}, {"lose", 0.36}});
  // Not across an undefended linear obstacle (L95).
  expect_dist(exact(res("melee"), {"a-charging=true", "a-crossed-obstacle=true"}),
              {{"win", 0.45}, {"tie", 0.1}, {"lose", 0.45}});
  // Opponent out of command (-4, L93): b - 4 > a for 15 pairs, equal for 6.
  expect_dist(exact(res("melee"), {"b-out-of-command=true"}),
              {{"win", 0.79}, {"tie", 0.06}, {"lose", 0.15}});
  // Leader, cavalry, formed: +3 (L91-L92); loses only when b - a >= 4 (21 pairs).
  expect_dist(exact(res("melee"), {"a-leader=true", "a-cavalry=true", "a-formed=true"}),
              {{"win", 0.72}, {"tie", 0.07}, {"lose", 0.21}});
  // Hard cover +2 and versus 2 (-2) cancel (L91, L93); soft cover vs a wounded opponent.
  expect_dist(exact(res("melee"), {"a-cover=hard", "a-versus-2=true"}),
              {{"win", 0.45}, {"tie", 0.1}, {"lose", 0.45}});
  expect_dist(exact(res("melee"), {"b-cover=soft", "b-wounded=true"}),
              {{"win", 0.45}, {"tie", 0.1}, {"lose", 0.45}});
}

TEST(SquadSkirmishMelee, RecordsBothSides) {
  Rng rng(11, 3);
  std::vector<RollRecord> explain;
  sample(res("melee"), test::params(res("melee"), {"a-charging=true", "b-cover=hard"}), rng,
         &explain);
  ASSERT_EQ(explain.size(), 2u);
  ASSERT_EQ(explain[0].modifiers.size(), 1u);
  EXPECT_EQ(explain[0].modifiers[0].ref, "L90, L95");
  ASSERT_EQ(explain[1].modifiers.size(), 1u);
  EXPECT_DOUBLE_EQ(explain[1].modifiers[0].value, 2);
  ASSERT_EQ(explain[0].faces.size(), 1u);
  ASSERT_EQ(explain[1].faces.size(), 1u);
  EXPECT_DOUBLE_EQ(explain[0].target, explain[0].faces[0] + 1);
  EXPECT_DOUBLE_EQ(explain[1].target, explain[1].faces[0] + 2);
}

TEST(SquadSkirmishResolutions, MonteCarloAgreesWithExact) {
  expect_monte_carlo(res("movement"), {}, 1);
  expect_monte_carlo(res("movement"), {"arm=cavalry", "road=true"}, 2);
  expect_monte_carlo(res("movement"), {"terrain=woods", "obstacles=1"}, 3);
  expect_monte_carlo(res("morale"), {"quality=green", "figures-lost=3"}, 4);
  expect_monte_carlo(res("charge"), {"attacker-quality=green", "defender-figures-lost=2"}, 5);
  expect_monte_carlo(res("melee"), {"a-charging=true", "b-formed=true", "b-leader=true"}, 6);
}

// melee's prepare step (both sides' modifiers read once per enumeration) enumerates as its
// resolve does, over every parameter's values.
TEST(SquadSkirmishMelee, PreparedEnumerationIsResolves) {
  test::expect_prepared_as_resolved_everywhere(res("melee"));
}

}  // namespace
}  // namespace smoothbore::squad_skirmish
