// `smoothbore mc|sweep --report FILE.html` as a user runs them: the page holds the numbers
// the text summary prints, names no URL, and is the same bytes for --threads 1 and 2.
#include <regex>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "apps/cli_runner.h"

namespace smoothbore {
namespace {

using test::CliOutput;
using test::kSmall;
using test::read_text;
using ::testing::HasSubstr;

const std::string kFd =
    std::string(SMOOTHBORE_SOURCE_DIR) + "/scenarios/fire-and-discipline/small.toml";

class ReportCliTest : public test::ScratchDirTest {};

TEST_F(ReportCliTest, McReportHasTheSummarysNumbersForAnyThreadCount) {
  std::string first;
  std::string text;
  for (int threads : {1, 2}) {
    const std::string t = std::to_string(threads);
    CliOutput r = run("mc '" + kSmall + "' -n 12 --seed 3 --quiet --threads " + t + " --report '" +
                      path(t + ".html") + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string html = read_text(path(t + ".html"));
    if (threads == 1) {
      first = html;
      text = r.out;
      continue;
    }
    EXPECT_EQ(html, first) << "--threads 2 wrote another report";
  }
  // Every rate with its interval that the text prints ("  75.0% [46.8, 91.1]") is in the
  // report, as are the scenario, rule set, N and seed.
  const std::regex rate(R"((\d+\.\d)% \[(\d+\.\d), (\d+\.\d)\])");
  int rates = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), rate); it != std::sregex_iterator();
       ++it, ++rates) {
    EXPECT_THAT(first, HasSubstr(it->str())) << "the text's " << it->str();
  }
  EXPECT_GE(rates, 6 + 6);  // win, draw and loss of two sides; six units
  for (const char* part : {"Skirmish at the ford", "fast-1805", "N = 12 battles", "seed 3"}) {
    EXPECT_THAT(first, HasSubstr(part));
  }
  EXPECT_EQ(first.find("http"), std::string::npos);
  EXPECT_EQ(first.find("src="), std::string::npos);
}

TEST_F(ReportCliTest, SweepReportIsTheSameForAnyThreadCount) {
  std::string first;
  for (int threads : {1, 2}) {
    const std::string t = std::to_string(threads);
    CliOutput r = run("sweep '" + kFd + "' -n 3 --quiet --threads " + t +
                      " --vary fd_21_morale_base=castings,five --vary "
                      "unit.fr-picardie.morale-rating=2,4 --report '" +
                      path(t + ".html") + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string html = read_text(path(t + ".html"));
    if (threads == 1) {
      first = html;
      EXPECT_THAT(html, HasSubstr("<svg class=\"chart heatmap\""));
      EXPECT_THAT(html, HasSubstr("fire-and-discipline"));
      continue;
    }
    EXPECT_EQ(html, first) << "--threads 2 wrote another report";
  }
}

}  // namespace
}  // namespace smoothbore
