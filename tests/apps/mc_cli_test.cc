// `smoothbore mc` and `smoothbore sweep` as a user runs them: the same output for any
// thread count, the summary's parts, the errors for bad arguments, Ctrl-C and the
// progress bar.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "apps/cli_runner.h"

namespace smoothbore {
namespace {

using test::CliOutput;
using test::kSmall;
using test::read_text;
using ::testing::HasSubstr;

const std::string kHorseFoot =
    std::string(SMOOTHBORE_SOURCE_DIR) + "/tests/sim/data/horse_against_untrained_foot.toml";

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) out.push_back(field);
  return out;
}

class McCliTest : public test::ScratchDirTest {};

TEST_F(McCliTest, HelpListsMcAndSweep) {
  CliOutput r = run("--help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("mc"));
  EXPECT_THAT(r.out, HasSubstr("sweep"));
  CliOutput mc = run("mc --help");
  EXPECT_EQ(mc.exit_code, 0);
  for (const char* option : {"-n", "--seed", "--threads", "--csv", "--json", "--report",
                             "--commander", "--turns", "--quiet", "--trial"}) {
    EXPECT_THAT(mc.out, HasSubstr(option)) << option;
  }
  CliOutput sweep = run("sweep --help");
  EXPECT_EQ(sweep.exit_code, 0);
  EXPECT_THAT(sweep.out, HasSubstr("--vary"));
  EXPECT_THAT(sweep.out, HasSubstr("unit.ID.ATTR"));
  EXPECT_THAT(sweep.out, HasSubstr("--report"));
}

TEST_F(McCliTest, SameOutputForAnyThreadCount) {
  std::string out1, csv1, json1;
  for (int threads : {1, 2, 4}) {
    const std::string t = std::to_string(threads);
    CliOutput r = run("mc '" + kSmall + "' -n 12 --seed 3 --threads " + t + " --csv '" +
                      path(t + ".csv") + "' --json '" + path(t + ".json") + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string csv = read_text(path(t + ".csv"));
    const std::string json = read_text(path(t + ".json"));
    if (threads == 1) {
      out1 = r.out;
      csv1 = csv;
      json1 = json;
      continue;
    }
    EXPECT_EQ(r.out, out1) << threads << " threads";
    EXPECT_EQ(csv, csv1) << threads << " threads";
    EXPECT_EQ(json, json1) << threads << " threads";
  }
  const std::vector<std::string> rows = lines(csv1);
  ASSERT_EQ(rows.size(), 13u);
  EXPECT_THAT(rows[0],
              ::testing::StartsWith("trial,seed,winner,reason,turns,french_losses,french_broken,"
                                    "french_units_broken,french_points,haiti_losses"));
  EXPECT_THAT(rows[0], HasSubstr(",status_fr-5e-ligne,"));
  EXPECT_THAT(rows[1], ::testing::StartsWith("0,3,"));
  EXPECT_THAT(rows[12], ::testing::StartsWith("11,3,"));
}

TEST_F(McCliTest, SummaryAndJson) {
  CliOutput r = run("mc '" + kSmall + "' -n 10 --threads 2 --json '" + path("mc.json") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* part :
       {"10 battles, seed 1802", "Outcome per side (95% Wilson intervals)", "french", "haiti",
        "Distributions (quantiles: R type 7)", "turns", "french losses %", "haiti units broken",
        "End conditions", "Units at the end of the battle", "fr-hussars"}) {
    EXPECT_THAT(r.out, HasSubstr(part)) << part;
  }
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("PARTIAL")));
  auto j = nlohmann::json::parse(read_text(path("mc.json")));
  EXPECT_EQ(j["battles"], 10);
  EXPECT_EQ(j["partial"], false);
  EXPECT_EQ(j["sides"].size(), 2u);
  EXPECT_EQ(j["trials"].size(), 10u);
  EXPECT_EQ(j["trials"][3]["trial"], 3);
  int wins = j["sides"][0]["wins"].get<int>() + j["sides"][0]["draws"].get<int>() +
             j["sides"][0]["losses"].get<int>();
  EXPECT_EQ(wins, 10);
}

TEST_F(McCliTest, RunTrialFightsBattleIAgain) {
  CliOutput mc =
      run("mc '" + kSmall + "' -n 3 --seed 9 --threads 2 --csv '" + path("mc.csv") + "'");
  ASSERT_EQ(mc.exit_code, 0) << mc.err;
  const std::vector<std::string> row = split(lines(read_text(path("mc.csv")))[3]);  // trial 2
  ASSERT_GE(row.size(), 5u);
  CliOutput battle = run("run '" + kSmall + "' --seed 9 --trial 2 --quiet");
  ASSERT_EQ(battle.exit_code, 0) << battle.err;
  EXPECT_THAT(battle.out, HasSubstr("after " + row[4] + " turns"));
}

TEST_F(McCliTest, BadArgumentsNameTheParameter) {
  struct Case {
    std::string args;
    std::string message;
  };
  const std::string sc = "'" + kSmall + "'";
  const std::vector<Case> cases = {
      {"mc " + sc + " -n 0", "-n: expected an integer from 1 to 10000000, found '0'"},
      {"mc " + sc + " -n many", "-n: expected an integer"},
      {"mc " + sc + " -n 5 --threads 0",
       "--threads: expected an integer from 1 to 1024, found '0'"},
      {"mc " + sc + " -n 5 --seed -4", "--seed: expected a non-negative integer"},
      {"mc " + sc + " -n 5 --turns 0", "--turns: expected an integer from 1"},
      {"mc " + sc + " -n 5 --commander nobody=random", "--commander: unknown side 'nobody'"},
      {"mc " + sc + " -n 5 --csv '" + path("no/such/dir/x.csv") + "'", "--csv: cannot write"},
      {"mc " + sc + " -n 5 --json '" + dir_.string() + "'", "--json: cannot write"},
      {"mc '" + path("missing.toml") + "' -n 5", "missing.toml"},
      {"mc " + sc, "-n is required"},
      {"mc " + sc + " -n 5 --report '" + path("no/such/dir/r.html") + "'",
       "--report: cannot write"},
      {"sweep " + sc + " -n 5 --vary a2_horses=2,4 --report '" + dir_.string() + "'",
       "--report: cannot write"},
      {"sweep " + sc + " -n 5", "--vary is required"},
      {"sweep " + sc + " -n 5 --vary no_such_option=1",
       "--vary: 'no_such_option' is neither an option of rule set fast-1805"},
      {"sweep " + sc + " -n 5 --vary a2_army_break=0.3,plenty",
       "--vary: a2_army_break: expected a number 0.05..1, found 'plenty'"},
      {"sweep " + sc + " -n 5 --vary unit.nobody.quality=green", "--vary: 'unit.nobody.quality'"},
      {"sweep " + sc + " -n 5 --vary unit.fr-5e-ligne.quality=elite",
       "--vary: unit.fr-5e-ligne.quality: expected one of veteran|green|untrained"},
      {"sweep " + sc + " -n 5 --vary a2_horses=2 --vary a2_horses=4", "a2_horses is varied twice"},
      {"sweep " + sc + " -n 5 --vary unit.fr-hussars.haitian=irregular",
       "infantry regiments only (L164)"},
      {"sweep " + sc + " -n 0 --vary a2_horses=2", "-n: expected an integer"},
  };
  for (const Case& c : cases) {
    CliOutput r = run(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args;
    EXPECT_THAT(r.err, ::testing::Not(HasSubstr("internal"))) << c.args;
  }
}

TEST_F(McCliTest, SweepTableCsvAndJson) {
  std::string csv1;
  for (int threads : {1, 2}) {
    const std::string t = std::to_string(threads);
    CliOutput r = run("sweep '" + kHorseFoot + "' -n 20 --threads " + t +
                      " --vary a2_untrained_stand_percent=0,100 --csv '" + path(t + ".csv") +
                      "' --json '" + path("sweep.json") + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("2 cells of 20 battles"));
    EXPECT_THAT(r.out, HasSubstr("a2_untrained_stand_percent"));
    EXPECT_THAT(r.out, HasSubstr("horse win"));
    EXPECT_THAT(r.out, HasSubstr("foot losses"));
    if (threads == 1) {
      csv1 = read_text(path(t + ".csv"));
    } else {
      EXPECT_EQ(read_text(path(t + ".csv")), csv1);
    }
  }
  const std::vector<std::string> rows = lines(csv1);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_THAT(rows[0],
              ::testing::StartsWith("a2_untrained_stand_percent,battles,partial,draws,mean_turns,"
                                    "horse_wins,horse_win_rate,horse_win_low,horse_win_high"));
  // When the foot never stands the hussars win far more often than when it always does.
  const double never = std::stod(split(rows[1])[6]), always = std::stod(split(rows[2])[6]);
  EXPECT_GT(never, always);
  auto j = nlohmann::json::parse(read_text(path("sweep.json")));
  ASSERT_EQ(j["cells"].size(), 2u);
  EXPECT_EQ(j["axes"][0]["name"], "a2_untrained_stand_percent");
  EXPECT_EQ(j["cells"][1]["values"]["a2_untrained_stand_percent"], 100);
  EXPECT_EQ(j["cells"][1]["summary"]["battles"], 20);
}

// Whether `pid` runs `smoothbore` (argv[0]) and catches SIGINT (the handler is installed).
bool catches_sigint(pid_t pid) {
  const std::string proc = "/proc/" + std::to_string(pid);
  const std::string cmdline = read_text(proc + "/cmdline");
  if (cmdline.rfind("smoothbore", 0) != 0 || cmdline.size() < 11 || cmdline[10] != '\0') {
    return false;
  }
  std::istringstream status(read_text(proc + "/status"));
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("SigCgt:", 0) == 0) {
      const unsigned long long mask = std::stoull(line.substr(7), nullptr, 16);
      return (mask >> (SIGINT - 1)) & 1;
    }
  }
  return false;
}

TEST_F(McCliTest, CtrlCStopsCleanlyWithAPartialSummary) {
  const std::string out = path("out.txt"), err = path("err.txt"), csv = path("mc.csv");
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(o, STDOUT_FILENO);
    dup2(e, STDERR_FILENO);
    execl(SMOOTHBORE_BINARY, "smoothbore", "mc", kSmall.c_str(), "-n", "10000000", "--threads", "2",
          "--csv", csv.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::seconds(60);
  while (!catches_sigint(pid) && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // Let it fight a few battles, then press Ctrl-C.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(pid, SIGINT);
  int status = 0;
  pid_t done = 0;
  while ((done = waitpid(pid, &status, WNOHANG)) == 0 && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (done == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    FAIL() << "mc did not stop after Ctrl-C";
  }
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const std::string summary = read_text(out);
  EXPECT_THAT(summary, HasSubstr("PARTIAL: interrupted after "));
  EXPECT_THAT(summary, HasSubstr("of 10000000 battles"));
  EXPECT_THAT(summary, HasSubstr("Outcome per side"));
  EXPECT_THAT(read_text(err), HasSubstr("interrupted; finishing the battles in flight"));
  // The CSV holds the battles the summary counts: trials 0 .. k-1.
  const std::vector<std::string> rows = lines(read_text(csv));
  const std::string count = summary.substr(summary.find("PARTIAL: interrupted after ") + 27);
  const long battles = std::stol(count);
  EXPECT_EQ(static_cast<long>(rows.size()), battles + 1);
  if (battles > 0) {
    EXPECT_THAT(rows.back(), ::testing::StartsWith(std::to_string(battles - 1) + ","));
  }
}

TEST_F(McCliTest, ProgressBarOnlyOnATerminal) {
  // Not a terminal: stderr stays empty.
  CliOutput piped = run("mc '" + kSmall + "' -n 20 --threads 2");
  ASSERT_EQ(piped.exit_code, 0);
  EXPECT_EQ(piped.err, "");
  // A terminal (util-linux `script` gives the program a pseudo-terminal).
  if (std::system("script -qec true /dev/null >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "no `script` or no pseudo-terminals here";
  }
  const std::string inner =
      std::string("'") + SMOOTHBORE_BINARY + "' mc '" + kSmall + "' -n 20 --threads 2";
  CliOutput tty = test::run_shell("script -qec \"" + inner + "\" /dev/null", path("err.txt"));
  ASSERT_EQ(tty.exit_code, 0) << tty.out << tty.err;
  EXPECT_THAT(tty.out, HasSubstr("20/20 battles"));
  EXPECT_THAT(tty.out, HasSubstr("battles/s"));
  CliOutput quiet =
      test::run_shell("script -qec \"" + inner + " --quiet\" /dev/null", path("err.txt"));
  ASSERT_EQ(quiet.exit_code, 0) << quiet.out;
  EXPECT_THAT(quiet.out, ::testing::Not(HasSubstr("battles/s")));
  EXPECT_THAT(quiet.out, HasSubstr("Outcome per side"));
}

}  // namespace
}  // namespace smoothbore
