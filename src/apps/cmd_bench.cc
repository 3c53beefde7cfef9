// `smoothbore bench [--json] [--quick] [--ruleset ID]... [--micro [google-benchmark
// args...]]`: the performance report of issue 9 (apps/bench/), of every rule set or of
// those named, or with --micro the Google Benchmark micro-benchmarks. Speed is measured here, never
// asserted by tests (design.md "Tests").
#include <iostream>

#include <fmt/format.h>

#include "apps/bench/bench.h"
#include "apps/cli.h"
#include "rules/registry.h"

#ifdef SMOOTHBORE_HAVE_BENCHMARK
#include <benchmark/benchmark.h>

#include "apps/bench/micro.h"
#endif

namespace smoothbore::cli {

namespace {

#ifdef SMOOTHBORE_HAVE_BENCHMARK

int micro(const std::vector<std::string>& args) {
  std::vector<std::string> storage = {"smoothbore bench --micro"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(storage.size());
  benchmark::Initialize(&argc, argv.data());
  if (argc > 1) {
    print_error(
        fmt::format("bench --micro: unknown argument '{}' (Google Benchmark takes "
                    "--benchmark_filter=REGEX, --benchmark_format=json, ...)",
                    argv[1]));
    return kExitBadInput;
  }
  bench::register_micro_benchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return kExitOk;
}

int bench_command(bool json, bool quick, bool micro_mode, const std::vector<std::string>& ids,
                  const std::vector<std::string>& rest) {
  if (micro_mode && !ids.empty()) {
    print_error(
        "bench: --ruleset selects rule sets of the report, not of --micro (use "
        "--benchmark_filter=REGEX after --micro)");
    return kExitBadInput;
  }
  if (micro_mode) return micro(rest);
  if (!rest.empty()) {
    print_error(
        fmt::format("bench: unknown argument '{}' (Google Benchmark arguments go "
                    "after --micro)",
                    rest.front()));
    return kExitBadInput;
  }
  for (const std::string& id : ids) {
    if (find_ruleset(id) != nullptr) continue;
    std::string valid;
    for (const Ruleset* r : all_rulesets())
      valid += (valid.empty() ? "" : ", ") + std::string(r->id());
    print_error(fmt::format("--ruleset: unknown rule set '{}'; valid rule sets: {}", id, valid));
    return kExitBadInput;
  }
  bench::BenchConfig config = quick ? bench::BenchConfig::quick_config() : bench::BenchConfig{};
  config.rulesets = ids;
  const nlohmann::json report = bench::run_report(config);
  if (json)
    std::cout << report.dump(2) << "\n";
  else
    std::cout << bench::format_report(report);
  return kExitOk;
}

#else

// The asan build leaves benchmarks out (SMOOTHBORE_BENCHMARKS=OFF): timings under the
// sanitizers mean nothing and CI's time is short. Tests look for "bench is unavailable".
int bench_command(bool, bool, bool, const std::vector<std::string>&,
                  const std::vector<std::string>&) {
  print_error(
      "bench is unavailable: this smoothbore was built without Google Benchmark; configure "
      "with -DSMOOTHBORE_BENCHMARKS=ON (package libbenchmark-dev)");
  return kExitBadInput;
}

#endif

}  // namespace

Command add_bench(CLI::App& app) {
  auto json = std::make_shared<bool>(false);
  auto quick = std::make_shared<bool>(false);
  auto micro_mode = std::make_shared<bool>(false);
  auto ids = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand(
      "bench",
      "Performance report: battles per second, dice, memory, scaling, exact-odds latency "
      "(--micro: Google Benchmark micro-benchmarks)");
  sub->add_flag("--json", *json, "Print the report as one JSON object");
  sub->add_flag("--quick", *quick,
                "Tiny counts and sizes (100 and 300 stands, one turn): a few seconds");
  sub->add_option("--ruleset", *ids,
                  "Measure only this rule set (repeat for several); default: every rule set")
      ->type_name("ID");
  sub->add_flag("--micro", *micro_mode,
                "Run the Google Benchmark micro-benchmarks instead; later arguments go to the "
                "library (--benchmark_filter=REGEX, ...)");
  sub->allow_extras();
  sub->footer(
      "Examples:\n  smoothbore bench\n  smoothbore bench --quick --json\n  smoothbore bench "
      "--micro --benchmark_filter=spatial_index\n  smoothbore bench --ruleset squad-skirmish "
      "--ruleset fast-1805");
  return [sub, json, quick, micro_mode, ids] {
    return bench_command(*json, *quick, *micro_mode, *ids, sub->remaining());
  };
}

}  // namespace smoothbore::cli
