// `smoothbore odds`: exact fractions (--exact), seeded samples beside them (--compare N),
// JSON fields, and clear errors with exit status 2 for bad input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "apps/run_cli.h"

namespace smoothbore {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing_cli::run_cli;

constexpr const char* kFire =
    "odds fast-1805 fire shooters=12 quality=veteran range=4 first-fire=true";

TEST(CliOdds, ExactPrintsReducedFractions) {
  auto r = run_cli(std::string(kFire) + " --exact");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("p = 17/25 (68.000%)"));
  EXPECT_THAT(r.output, HasSubstr("p = 8/25 (32.000%)"));
  EXPECT_THAT(r.output, HasSubstr("mean kills = 33/25 (1.32)"));
  EXPECT_THAT(r.output, Not(HasSubstr("not exact")));
}

TEST(CliOdds, ExactWorksForFireAndDiscipline) {
  // Morale at the defaults: 4 castings + rating 2 = 6; the d10 passes on 1-6 (3/5).
  auto r = run_cli("odds fire-and-discipline morale --exact");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("result=pass"));
  EXPECT_THAT(r.output, HasSubstr("p = 3/5 (60.000%)"));
}

TEST(CliOdds, ExactSaysWhenAClosedFormIsFloatingPoint) {
  // A 40-stand volley is too many paths for real dice, so its rule set draws the count of
  // hits from a closed form: exact if it gives case counts (Chance::pick_cases), else
  // decimals clearly marked (Chance::pick). Either way --exact must say which.
  auto r = run_cli("odds fire-and-discipline musketry stands=40 --exact");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  if (r.output.find("p ≈ ") != std::string::npos) {
    EXPECT_THAT(r.output, HasSubstr("not exact: some outcomes come from a closed form"));
  } else {
    EXPECT_THAT(r.output, HasSubstr("hits=40  p = 1/"));
    EXPECT_THAT(r.output, Not(HasSubstr("not exact")));
  }
}

TEST(CliOdds, JsonHasNumeratorAndDenominator) {
  auto r = run_cli(std::string(kFire) + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  nlohmann::json j = nlohmann::json::parse(r.output, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(j.is_discarded()) << r.output;
  EXPECT_EQ(j["exact"], true);
  ASSERT_EQ(j["outcomes"].size(), 2u);
  EXPECT_EQ(j["outcomes"][0]["numerator"], "17");
  EXPECT_EQ(j["outcomes"][0]["denominator"], "25");
  EXPECT_EQ(j["outcomes"][1]["numerator"], "8");
  EXPECT_EQ(j["mean_exact"]["kills"]["numerator"], "33");
  EXPECT_FALSE(j.contains("compare"));
}

TEST(CliOdds, CompareShowsSampledFrequencyStandardErrorAndZ) {
  auto r = run_cli(std::string(kFire) + " --compare 20000 --seed 5");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("sampled"));
  EXPECT_THAT(r.output, HasSubstr("std.err"));
  // √(0.68 · 0.32 / 20000) = 0.330%.
  EXPECT_THAT(r.output, HasSubstr("0.330%"));
  EXPECT_THAT(r.output, HasSubstr("compared with 20000 samples (seed 5, streams 0-19999)"));
  EXPECT_THAT(r.output, HasSubstr("no outcome flagged"));
  // Same seed, same samples.
  EXPECT_EQ(run_cli(std::string(kFire) + " --compare 20000 --seed 5").output, r.output);
}

TEST(CliOdds, CompareInJson) {
  auto r = run_cli(std::string(kFire) + " --compare 1000 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  nlohmann::json j = nlohmann::json::parse(r.output, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(j.is_discarded()) << r.output;
  EXPECT_EQ(j["compare"]["samples"], 1000);
  EXPECT_EQ(j["compare"]["seed"], 1);
  EXPECT_EQ(j["compare"]["flagged"], 0);
  const auto& s0 = j["outcomes"][0]["sampled"];
  const auto& s1 = j["outcomes"][1]["sampled"];
  EXPECT_EQ(s0["count"].get<int>() + s1["count"].get<int>(), 1000);
  EXPECT_TRUE(s0["z"].is_number());
  EXPECT_EQ(s0["flagged"], false);
  EXPECT_TRUE(j["compare"]["unexpected"].empty());
}

TEST(CliOdds, BadCompareValueExitsTwo) {
  for (const char* bad : {"0", "-5", "many", "1e99"}) {
    auto r = run_cli(std::string(kFire) + " --compare " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("--compare")) << bad;
    EXPECT_THAT(r.output, Not(HasSubstr("internal error"))) << bad;
  }
  auto r = run_cli(std::string(kFire) + " --compare");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("--compare"));
}

TEST(CliOdds, SeedNeedsCompareAndANumber) {
  auto r = run_cli(std::string(kFire) + " --seed 3");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("--compare"));
  for (const char* bad : {"x", "-1", "18446744073709551616"}) {
    r = run_cli(std::string(kFire) + " --compare 10 --seed " + bad);
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_THAT(r.output, HasSubstr("--seed: expected a non-negative integer")) << bad;
  }
}

TEST(CliOdds, UnknownResolutionListsValidOnes) {
  auto r = run_cli("odds fire-and-discipline juggling --exact");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("no resolution 'juggling'"));
  EXPECT_THAT(r.output, HasSubstr("musketry"));
}

TEST(CliOdds, BadParameterNamesIt) {
  auto r = run_cli("odds fire-and-discipline musketry stands=0 --exact");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("stands"));
  r = run_cli("odds fire-and-discipline musketry weapon=longbow --compare 10");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("weapon"));
  EXPECT_THAT(r.output, HasSubstr("flintlock"));
}

TEST(CliOdds, HelpDescribesExactAndCompare) {
  auto r = run_cli("odds --help");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("--exact"));
  EXPECT_THAT(r.output, HasSubstr("--compare"));
  EXPECT_THAT(r.output, HasSubstr("--seed"));
}

}  // namespace
}  // namespace smoothbore

namespace smoothbore {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing_cli::run_cli;

// elan-drill publishes its resolutions before its battle: every one of them answers
// `odds --exact` with reduced fractions, and `rulesets` says the battle is not there yet.
TEST(CliOdds, ElanDrillResolutionsAreExact) {
  for (const char* name : {"elan-test", "close-to-melee", "drill-test", "rally", "small-arms",
                           "canister", "solid-shot", "shell", "shrapnel", "save", "close-action"}) {
    auto r = run_cli(std::string("odds elan-drill ") + name + " --exact");
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("p = ")) << name;
    EXPECT_THAT(r.output, Not(HasSubstr("not exact"))) << name;
  }
  // §4.4's example: f = 7, n = 3 succeeds (7/12)^3 = 343/1728 of the time.
  auto r = run_cli("odds elan-drill elan-test dice=3 factor=7 --exact");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("failures=0, result=success, dms-added=0, broken=false"));
  EXPECT_THAT(r.output, HasSubstr("p = 343/1728 (19.850%)"));
}

// squad-skirmish: every resolution is exact, and the rule set is playable.
TEST(CliOdds, SquadSkirmishResolutionsAreExact) {
  for (const char* name : {"movement", "reload", "fire", "morale", "charge", "melee"}) {
    auto r = run_cli(std::string("odds squad-skirmish ") + name + " --exact");
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("p = ")) << name;
    EXPECT_THAT(r.output, Not(HasSubstr("not exact"))) << name;
  }
  // A musket at close range (+1) kills on 7-10; a natural 10 picks the victim (L81): faces
  // 7-9 and half the 10s kill a ranker, 7/20.
  auto r = run_cli("odds squad-skirmish fire weapon=musket range=10 --exact");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("kills=1, victim=ranker"));
  EXPECT_THAT(r.output, HasSubstr("p = 7/20 (35.000%)"));
  r = run_cli("odds squad-skirmish movement arm=cavalry --exact");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("p = 1/216"));
  r = run_cli("rulesets");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("squad-skirmish"));
  r = run_cli("rulesets squad-skirmish");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("playable"));
  EXPECT_THAT(r.output, Not(HasSubstr("partial")));
  EXPECT_THAT(r.output, Not(HasSubstr("battle not yet")));
  EXPECT_THAT(r.output, HasSubstr("sk_08_canister_chain"));
  EXPECT_THAT(r.output, HasSubstr("melee"));
}

// group-orders publishes its resolutions beside its battle.
TEST(CliOdds, GroupOrdersResolutionsAreExact) {
  for (const char* name : {"shooting", "melee", "morale", "infantry-charge", "order-change"}) {
    auto r = run_cli(std::string("odds group-orders ") + name + " --exact");
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("p = ")) << name;
    EXPECT_THAT(r.output, Not(HasSubstr("not exact"))) << name;
  }
  // Medium infantry at 5 cm (short, muskets +1): a 6 scores 7, two stands (L134), 1/6.
  auto r = run_cli("odds group-orders shooting shooter=medium-infantry range=5 --exact");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("result=kill-2"));
  EXPECT_THAT(r.output, HasSubstr("p = 1/6 (16.667%)"));
  // A Massed unit rallying from Rout (-3) with high morale (+1) and its General at 12 cm
  // (+1 when the D4 reaches 15 or 20 cm, 1/2): only a 6 with the General rallies, 1/12.
  r = run_cli("odds group-orders morale test=rally high-morale=true general-distance=12 --exact");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("result=rallied, orders=stand, fall-back=0"));
  EXPECT_THAT(r.output, HasSubstr("p = 1/12"));
  r = run_cli("rulesets");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("group-orders"));
  EXPECT_THAT(r.output, Not(HasSubstr("not yet implemented")));
  r = run_cli("rulesets group-orders");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("playable"));
  EXPECT_THAT(r.output, Not(HasSubstr("resolutions only, battle not yet")));
  EXPECT_THAT(r.output, HasSubstr("h4_morale_split_b"));
  EXPECT_THAT(r.output, HasSubstr("infantry-charge"));
}

TEST(CliOdds, RulesetsSaysElanDrillIsPlayable) {
  auto r = run_cli("rulesets");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("elan-drill"));
  EXPECT_THAT(r.output, Not(HasSubstr("partial")));
  r = run_cli("rulesets elan-drill");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("r001_2_rally_mode"));
  EXPECT_THAT(r.output, HasSubstr("close-action"));
}

}  // namespace
}  // namespace smoothbore
