// `smoothbore run --html` and `smoothbore replay LOG --html`: the same battle gives the same
// page whichever way it is written, and bad logs and paths are bad input (exit 2).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "apps/cli_runner.h"
#include "apps/run_cli.h"

namespace smoothbore {
namespace {

namespace fs = std::filesystem;
using test::read_text;
using ::testing::HasSubstr;
using testing_cli::run_cli;

class ReplayCli : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           (std::string("smoothbore-replay-") + info->name() + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

TEST_F(ReplayCli, RunHtmlAndReplayOfItsLogWriteTheSamePage) {
  const std::string scenario =
      std::string(SMOOTHBORE_SOURCE_DIR) + "/scenarios/fire-and-discipline/small.toml";
  auto r = run_cli("run '" + scenario + "' --quiet --seed 5 --log '" + path("b.jsonl") +
                   "' --html '" + path("run.html") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  r = run_cli("replay '" + path("b.jsonl") + "' --html '" + path("replay.html") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string page = read_text(path("run.html"));
  EXPECT_THAT(page, HasSubstr("<!DOCTYPE html>"));
  EXPECT_EQ(page, read_text(path("replay.html")));
  EXPECT_THAT(read_text(path("b.jsonl")), HasSubstr("{\"kind\":\"snapshot\""));
}

TEST_F(ReplayCli, LogWithoutSnapshotIsBadInput) {
  std::ofstream(path("old.jsonl")) << "{\"kind\":\"battle_start\",\"turn\":0,\"text\":\"x\"}\n";
  auto r = run_cli("replay '" + path("old.jsonl") + "' --html '" + path("x.html") + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("no snapshot line"));
}

TEST_F(ReplayCli, MissingLogAndUnwritablePageAreBadInput) {
  auto r = run_cli("replay '" + path("none.jsonl") + "' --html '" + path("x.html") + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("none.jsonl: cannot open"));
  r = run_cli("run --quiet --html '" + dir_.string() + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("--html: cannot write"));
  r = run_cli("replay '" + path("none.jsonl") + "'");  // --html is required
  EXPECT_EQ(r.exit_code, 2);
}

TEST_F(ReplayCli, HelpNamesTheOptions) {
  auto r = run_cli("replay --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.output, HasSubstr("--html"));
  r = run_cli("run --help");
  EXPECT_THAT(r.output, HasSubstr("--html"));
}

}  // namespace
}  // namespace smoothbore
