// `smoothbore bench --quick --json`: every field of issue 9's report for every rule set,
// positive and consistent. No timing thresholds (design.md "Tests"). Builds without Google
// Benchmark (the asan preset) leave bench out, and the tests skip.
#include <cmath>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "apps/run_cli.h"

namespace smoothbore {
namespace {

using ::testing::HasSubstr;
using testing_cli::Output;
using testing_cli::run_cli;

// Builds without Google Benchmark (the asan preset) print this instead of a report.
bool bench_unavailable(const Output& o) {
  return o.output.find("bench is unavailable") != std::string::npos;
}
constexpr const char* kNoBenchmark = "built without Google Benchmark (SMOOTHBORE_BENCHMARKS=OFF)";

// The JSON object of a `bench --json` run (what precedes its first brace is not JSON).
nlohmann::json parse_report(const Output& o) {
  const std::size_t brace = o.output.find('{');
  return nlohmann::json::parse(o.output.substr(brace == std::string::npos ? 0 : brace));
}

class BenchCli : public ::testing::Test {
 protected:
  // One quick report shared by the tests (it forks a child per measurement).
  static void SetUpTestSuite() { quick_ = new Output(run_cli("bench --quick --json")); }
  static void TearDownTestSuite() {
    delete quick_;
    quick_ = nullptr;
  }
  void SetUp() override {
    if (bench_unavailable(*quick_)) GTEST_SKIP() << kNoBenchmark;
  }
  static nlohmann::json report() { return parse_report(*quick_); }
  static Output* quick_;
};
Output* BenchCli::quick_ = nullptr;

const nlohmann::json* find_ruleset(const nlohmann::json& report, const std::string& id) {
  for (const auto& r : report["rulesets"])
    if (r["id"] == id) return &r;
  return nullptr;
}

// Every field of one playable rule set's battle and scaling series.
void expect_battle_and_scaling(const nlohmann::json& r) {
  const auto& b = r["battle"];
  for (const char* key : {"battles_per_second", "us_per_battle", "turns_per_battle",
                          "dice_per_battle", "ns_per_die", "peak_memory_kb"}) {
    ASSERT_TRUE(b.contains(key) && b[key].is_number()) << key << " in " << b.dump();
    EXPECT_GT(b[key].get<double>(), 0) << key;
  }
  // µs per battle is the inverse of battles per second.
  EXPECT_NEAR(b["us_per_battle"].get<double>() * b["battles_per_second"].get<double>(), 1e6, 1e-3);
  // ns per die is the battle's time spread over its dice.
  EXPECT_NEAR(b["ns_per_die"].get<double>() * b["dice_per_battle"].get<double>(),
              b["us_per_battle"].get<double>() * 1e3, 1e-3 * b["us_per_battle"].get<double>());

  const auto& s = r["scaling"];
  ASSERT_EQ(s["sizes"].size(), 2u) << s.dump();
  EXPECT_EQ(s["sizes"][0]["stands"], 100);
  EXPECT_EQ(s["sizes"][1]["stands"], 300);
  std::vector<std::pair<double, double>> measured;
  for (const auto& size : s["sizes"]) {
    const std::string status = size["status"];
    EXPECT_THAT(status, ::testing::AnyOf("measured", "measured-once", "over-budget", "skipped"));
    if (status == "measured" || status == "measured-once") {
      EXPECT_GT(size["ms_per_turn"].get<double>(), 0);
      EXPECT_GT(size["peak_memory_kb"].get<double>(), 0);
      EXPECT_GT(size["stands_per_side"].get<double>(), 0);
      measured.emplace_back(size["stands_per_side"].get<double>(),
                            size["ms_per_turn"].get<double>());
    } else {
      EXPECT_FALSE(size.contains("ms_per_turn")) << size.dump();
    }
  }
  ASSERT_TRUE(s.contains("exponent"));
  if (measured.size() == 2) {
    // With two sizes the least-squares slope is the slope between them.
    const double slope = std::log(measured[1].second / measured[0].second) /
                         std::log(measured[1].first / measured[0].first);
    EXPECT_NEAR(s["exponent"].get<double>(), slope, 1e-9);
  } else {
    EXPECT_TRUE(s["exponent"].is_null());
  }
}

// The report names the allocator its figures were measured with; a build that links
// mimalloc (the release default) must really be served by it, not merely link it.
TEST_F(BenchCli, ReportNamesTheAllocatorThatServesTheHeap) {
  ASSERT_EQ(quick_->exit_code, 0) << quick_->output;
  const nlohmann::json j = report();
  ASSERT_TRUE(j.contains("allocator") && j["allocator"].is_string()) << j.dump();
  const std::string allocator = j["allocator"];
#ifdef SMOOTHBORE_EXPECT_MIMALLOC
  EXPECT_THAT(allocator, ::testing::MatchesRegex("mimalloc [0-9]+\\.[0-9]+\\.[0-9]+, "
                                                 "serving malloc and operator new"));
#else
  EXPECT_EQ(allocator, "the C library's malloc (built without mimalloc)");
#endif
  // The text report says it too.
  const Output text = run_cli("bench --quick --ruleset squad-skirmish");
  ASSERT_EQ(text.exit_code, 0) << text.output;
  EXPECT_THAT(text.output, HasSubstr("Allocator: " + allocator + "\n"));
}

TEST_F(BenchCli, QuickJsonHasEveryFieldForEveryPlayableRuleSet) {
  ASSERT_EQ(quick_->exit_code, 0) << quick_->output;
  const nlohmann::json j = report();
  EXPECT_TRUE(j["quick"].get<bool>());
  ASSERT_TRUE(j["rng_ns"].is_number());
  EXPECT_GT(j["rng_ns"].get<double>(), 0);
  // These four have a full-battle scenario and generated battles.
  for (const char* id : {"elan-drill", "fast-1805", "fire-and-discipline", "squad-skirmish"}) {
    const nlohmann::json* r = find_ruleset(j, id);
    ASSERT_NE(r, nullptr) << id;
    EXPECT_TRUE((*r)["playable"].get<bool>()) << id;
    EXPECT_TRUE((*r)["battle"].contains("scenario")) << id;
  }
  for (const auto& r : j["rulesets"]) {
    SCOPED_TRACE(r["id"].get<std::string>());
    if (r["battle"].contains("scenario")) {
      expect_battle_and_scaling(r);
    } else if (!r["playable"].get<bool>()) {
      EXPECT_THAT(r["battle"]["note"].get<std::string>(), HasSubstr("not yet playable"));
      EXPECT_TRUE(r["scaling"]["sizes"].empty());
    } else {
      // Playable without a full-battle scenario: a note and no figures.
      EXPECT_FALSE(r["battle"]["note"].get<std::string>().empty());
      EXPECT_FALSE(r["battle"].contains("battles_per_second"));
    }
    // Every rule set has resolutions, so every one has exact-odds latencies.
    ASSERT_FALSE(r["odds"].empty());
    for (const auto& o : r["odds"]) {
      EXPECT_GT(o["us"].get<double>(), 0) << o.dump();
      EXPECT_GT(o["outcomes"].get<int>(), 1) << o.dump();
    }
  }
}

// Its own suite: ctest runs each test in a process of its own, and this one needs no report.
TEST(BenchCliArguments, AnUnknownArgumentIsBadInput) {
  Output o = run_cli("bench --bogus");
  if (bench_unavailable(o)) GTEST_SKIP() << kNoBenchmark;
  EXPECT_EQ(o.exit_code, 2) << o.output;
  EXPECT_THAT(o.output, HasSubstr("--micro"));
}

// --ruleset: the report measures the rule sets named, in registry order, and no other.
TEST(BenchCliArguments, RulesetSelectsTheRuleSetsMeasured) {
  Output o = run_cli("bench --quick --json --ruleset squad-skirmish --ruleset group-orders");
  if (bench_unavailable(o)) GTEST_SKIP() << kNoBenchmark;
  ASSERT_EQ(o.exit_code, 0) << o.output;
  const nlohmann::json j = parse_report(o);
  ASSERT_EQ(j["rulesets"].size(), 2u) << j.dump();
  EXPECT_EQ(j["rulesets"][0]["id"], "group-orders");
  EXPECT_EQ(j["rulesets"][1]["id"], "squad-skirmish");
  expect_battle_and_scaling(j["rulesets"][1]);
}

TEST(BenchCliArguments, AnUnknownRulesetIsBadInputNamingTheOption) {
  Output o = run_cli("bench --quick --ruleset no-such-rules");
  if (bench_unavailable(o)) GTEST_SKIP() << kNoBenchmark;
  EXPECT_EQ(o.exit_code, 2) << o.output;
  EXPECT_THAT(o.output, HasSubstr("--ruleset: unknown rule set 'no-such-rules'"));
  EXPECT_THAT(o.output, HasSubstr("squad-skirmish"));
  EXPECT_EQ(o.output.find('{'), std::string::npos) << "no report: " << o.output;
}

TEST(BenchCliArguments, RulesetDoesNotApplyToMicro) {
  Output o = run_cli("bench --ruleset fast-1805 --micro");
  if (bench_unavailable(o)) GTEST_SKIP() << kNoBenchmark;
  EXPECT_EQ(o.exit_code, 2) << o.output;
  EXPECT_THAT(o.output, HasSubstr("--benchmark_filter"));
}

}  // namespace
}  // namespace smoothbore
