// `smoothbore bench` (issue 9): the performance report. Each measurement runs in a forked
// child (isolated.cc) so that its peak memory is its own and a slow one is stopped at its
// time budget instead of hanging the report. Speed is measured here, never asserted by
// tests (design.md "Tests").
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/ruleset.h"

namespace smoothbore::bench {

struct BenchConfig {
  bool quick = false;
  double battle_seconds = 2.0;                  // battles per rule set: run until this much time...
  int max_battles = 200;                        // ...or this many battles (at least one)
  std::vector<int> sizes = {100, 1000, 10000};  // stands per side of the scaling series
  int turns = 2;                                // game turns timed per size
  double budget_seconds = 30.0;                 // hard limit of one scaling size (one child)
  double battle_budget_seconds = 60.0;          // hard limit of one rule set's battles (one child)
  double odds_seconds = 0.2;                    // repeat an exact distribution for this long
  std::vector<std::string> rulesets;            // ids to measure, in registry order; empty: all
  static BenchConfig quick_config();
};

// What a forked measurement sent back: the lines it wrote, its peak RSS (wait4's
// ru_maxrss, KB), the wall time and whether the budget stopped it.
struct Isolated {
  std::vector<std::string> lines;
  long peak_kb = 0;
  double elapsed_ms = 0;
  bool over_budget = false;
  bool failed = false;  // the child exited non-zero or crashed
};
// Runs `body(emit)` in a forked child; each `emit(line)` reaches the parent at once, so
// the lines written before a kill are kept. Stops the child after `budget_seconds`.
Isolated run_isolated(
    const std::function<void(const std::function<void(const std::string&)>&)>& body,
    double budget_seconds);

double now_seconds();  // a monotonic wall clock (the budgets)
// The CPU time of the calling thread: what every figure of the report is measured in, so
// that a shared, busy machine (other processes on the same cores) does not inflate them.
double cpu_seconds();

// The full-battle scenario of a rule set (embedded path), or "" when it has none.
std::string battle_scenario(std::string_view ruleset_id);

// Each stage returns the JSON of its part of the report.
nlohmann::json measure_battles(const Ruleset& ruleset, const BenchConfig& config);
nlohmann::json measure_scaling(const Ruleset& ruleset, const BenchConfig& config);
nlohmann::json measure_odds(const Ruleset& ruleset, const BenchConfig& config);
double measure_rng_ns(const BenchConfig& config);
// Least squares slope of log(y) against log(x); NaN with fewer than two points.
double fit_exponent(const std::vector<double>& x, const std::vector<double>& y);

// The whole report (every rule set), and its text form.
nlohmann::json run_report(const BenchConfig& config);
std::string format_report(const nlohmann::json& report);

}  // namespace smoothbore::bench
