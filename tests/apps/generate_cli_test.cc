// `smoothbore generate`: writes a scenario that `check` accepts and `run` fights; bad
// arguments name the option and exit 2.
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "apps/run_cli.h"

namespace smoothbore {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using testing_cli::Output;
using testing_cli::run_cli;

class GenerateCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("smoothbore-generate-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

TEST_F(GenerateCli, WritesAScenarioThatChecksAndRuns) {
  const std::string file = path("g.toml");
  Output g = run_cli("generate --ruleset fast-1805 --stands 40 --seed 5 -o '" + file + "'");
  ASSERT_EQ(g.exit_code, 0) << g.output;
  Output c = run_cli("check '" + file + "'");
  EXPECT_EQ(c.exit_code, 0) << c.output;
  EXPECT_THAT(c.output, HasSubstr(": ok"));
  Output r = run_cli("run '" + file + "' --turns 2 -q");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("after 2 turns"));
}

TEST_F(GenerateCli, StandardOutputWithoutMinusO) {
  Output g = run_cli("generate --ruleset elan-drill --stands 10");
  ASSERT_EQ(g.exit_code, 0) << g.output;
  EXPECT_THAT(g.output, HasSubstr("ruleset = \"elan-drill\""));
  EXPECT_THAT(g.output, HasSubstr("[[leaders]]"));
}

TEST_F(GenerateCli, BadArgumentsNameTheOption) {
  Output a = run_cli("generate --ruleset no-such --stands 10");
  EXPECT_EQ(a.exit_code, 2);
  EXPECT_THAT(a.output, HasSubstr("--ruleset: expected one of"));
  EXPECT_THAT(a.output, HasSubstr("fast-1805"));
  Output b = run_cli("generate --ruleset fast-1805 --stands 0");
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_THAT(b.output, HasSubstr("--stands"));
  Output c = run_cli("generate --ruleset fast-1805 --seed x");
  EXPECT_EQ(c.exit_code, 2);
  EXPECT_THAT(c.output, HasSubstr("--seed"));
  Output d = run_cli("generate --ruleset fast-1805 -o /no/such/dir/g.toml");
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_THAT(d.output, HasSubstr("/no/such/dir/g.toml"));
}

}  // namespace
}  // namespace smoothbore
