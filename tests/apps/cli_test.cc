// Runs the real `smoothbore` binary (SMOOTHBORE_BINARY) and checks what a user sees:
// output, exit codes (0 ok, 2 bad input) and byte-identical logs for equal seeds.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "apps/cli_runner.h"
#include "apps/run_cli.h"

namespace smoothbore {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

using test::read_text;
using testing_cli::Output;

// Runs `smoothbore ARGS` through the shell; ARGS is shell text (tests/apps/run_cli.h).
Output run(const std::string& args) { return testing_cli::run_cli(args); }

// A fresh directory per test, removed afterwards.
class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           (std::string("smoothbore-cli-") + info->name() + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(CliTest, HelpListsSubcommands) {
  Output r = run("--help");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (const char* sub : {"run", "check", "rulesets", "odds", "bench"}) {
    EXPECT_THAT(r.output, HasSubstr(sub));
  }
}

TEST_F(CliTest, SubcommandHelpExitsZero) {
  Output r = run("odds --help");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("--json"));
}

TEST_F(CliTest, UnknownSubcommandOrOptionExitsTwo) {
  EXPECT_EQ(run("parade").exit_code, 2);
  EXPECT_EQ(run("rulesets --frobnicate").exit_code, 2);
  EXPECT_EQ(run("").exit_code, 2);
}

TEST_F(CliTest, OddsTableOfFastFire) {
  Output r = run("odds fast-1805 fire shooters=12 quality=veteran range=4 first-fire=true");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("68.00%"));
  EXPECT_THAT(r.output, HasSubstr("32.00%"));
  EXPECT_THAT(r.output, HasSubstr("100.00%"));
  EXPECT_THAT(r.output, HasSubstr("mean kills = 1.32"));
}

TEST_F(CliTest, OddsJsonOfFastFire) {
  Output r = run("odds fast-1805 fire shooters=12 quality=veteran range=4 first-fire=true --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  nlohmann::json j = nlohmann::json::parse(r.output, nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(j.is_discarded()) << r.output;
  EXPECT_EQ(j["ruleset"], "fast-1805");
  EXPECT_EQ(j["resolution"], "fire");
  EXPECT_EQ(j["inputs"]["shooters"], 12);
  EXPECT_EQ(j["inputs"]["quality"], "veteran");
  ASSERT_EQ(j["outcomes"].size(), 2u) << r.output;
  EXPECT_EQ(j["outcomes"][0]["outcome"]["kills"], 1);
  EXPECT_NEAR(j["outcomes"][0]["probability"].get<double>(), 0.68, 1e-12);
  EXPECT_EQ(j["outcomes"][1]["outcome"]["kills"], 2);
  EXPECT_NEAR(j["outcomes"][1]["probability"].get<double>(), 0.32, 1e-12);
  EXPECT_NEAR(j["mean"]["kills"].get<double>(), 1.32, 1e-12);
}

TEST_F(CliTest, OddsUnknownParameterListsValidOnes) {
  Output r = run("odds fast-1805 fire shooters=12 bayonets=3");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("bayonets"));
  EXPECT_THAT(r.output, HasSubstr("valid parameters"));
  EXPECT_THAT(r.output, HasSubstr("shooters ("));
}

TEST_F(CliTest, OddsBadValueExitsTwo) {
  Output r = run("odds fast-1805 fire shooters=many");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("shooters"));
}

TEST_F(CliTest, OddsUnknownRulesetOrResolutionExitsTwo) {
  Output r = run("odds no-such-rules fire shooters=12");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("no-such-rules"));
  EXPECT_THAT(r.output, HasSubstr("fast-1805"));

  r = run("odds fast-1805 juggling");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("juggling"));
  EXPECT_THAT(r.output, HasSubstr("fire"));
}

TEST_F(CliTest, RulesetsListsFast1805) {
  Output r = run("rulesets");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("fast-1805"));

  r = run("rulesets fast-1805");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("fire"));
  EXPECT_THAT(r.output, HasSubstr("shooters ("));

  EXPECT_EQ(run("rulesets no-such-rules").exit_code, 2);
}

TEST_F(CliTest, CheckReportsLineAndColumn) {
  const std::string bad = path("bad.toml");
  std::ofstream(bad) << "name = \"broken\"\nruleset = \"fast-1805\"\n[table\nwidth = 48\n";
  Output r = run("check '" + bad + "'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  // file:line:col: error: message
  EXPECT_THAT(r.output, ::testing::ContainsRegex("bad\\.toml:[0-9]+:[0-9]+: error: "));
}

TEST_F(CliTest, CheckMissingFileExitsTwo) {
  Output r = run("check '" + path("missing.toml") + "'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("missing.toml"));
}

TEST_F(CliTest, CheckShippedScenariosAreOk) {
  const fs::path root = fs::path(SMOOTHBORE_SOURCE_DIR) / "scenarios";
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".toml") continue;
    Output r = run("check '" + entry.path().string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_THAT(r.output, HasSubstr(": ok"));
  }
}

TEST_F(CliTest, RunIsDeterministicForASeed) {
  const std::string a = path("a.jsonl"), b = path("b.jsonl"), c = path("c.jsonl");
  Output ra = run("run --quiet --seed 7 --log '" + a + "'");
  ASSERT_EQ(ra.exit_code, 0) << ra.output;
  Output rb = run("run --quiet --seed 7 --log '" + b + "'");
  ASSERT_EQ(rb.exit_code, 0) << rb.output;
  Output rc = run("run --quiet --seed 8 --log '" + c + "'");
  ASSERT_EQ(rc.exit_code, 0) << rc.output;

  const std::string log_a = read_text(a), log_b = read_text(b), log_c = read_text(c);
  ASSERT_FALSE(log_a.empty());
  EXPECT_EQ(log_a, log_b);
  EXPECT_NE(log_a, log_c);
  EXPECT_EQ(ra.output, rb.output);

  // Every line is a JSON object.
  std::istringstream lines(log_a);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    ASSERT_TRUE(j.is_object()) << line;
    ++count;
  }
  EXPECT_GT(count, 2);
}

TEST_F(CliTest, RunNarratesTurnByTurn) {
  Output r = run("run --seed 7 --turns 2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("Turn 1"));
  Output quiet = run("run --seed 7 --turns 2 --quiet");
  ASSERT_EQ(quiet.exit_code, 0) << quiet.output;
  EXPECT_THAT(quiet.output, ::testing::Not(HasSubstr("Turn 1")));
  EXPECT_FALSE(quiet.output.empty());
}

TEST_F(CliTest, RunBadInputExitsTwo) {
  Output r = run("run '" + path("missing.toml") + "'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("missing.toml"));

  r = run("run --turns 0");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("--turns"));

  r = run("run --seed x");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("--seed"));

  r = run("run --commander nobody=doctrine");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("nobody"));

  r = run("run --commander 0=genius");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("doctrine"));
}

TEST_F(CliTest, RunUnwritableLogExitsTwo) {
  Output r = run("run --quiet --log '" + path("no-such-dir/x.jsonl") + "'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("x.jsonl"));
}

}  // namespace
}  // namespace smoothbore
