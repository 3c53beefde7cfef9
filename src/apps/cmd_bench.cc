// `smoothbore bench [--benchmark_...]`: Google Benchmark timings of the hot paths. Speed
// is measured here, never asserted by tests (design.md "Tests").
#include <iostream>

#include "apps/cli.h"

#ifdef SMOOTHBORE_HAVE_BENCHMARK
#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include "core/dice/rng.h"
#include "core/embedded.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/match.h"
#endif

namespace smoothbore::cli {

namespace {

#ifdef SMOOTHBORE_HAVE_BENCHMARK

// Registers the benchmarks; false (with a message) when their inputs are unavailable.
bool register_benchmarks() {
  const Ruleset* fast = find_ruleset("fast-1805");
  const Resolution* fire = fast != nullptr ? fast->resolution("fire") : nullptr;
  if (fire != nullptr) {
    auto params = parse_assignments(fire->params, {"shooters=24"});
    if (!params) {
      print_error("bench: fire with 24 shooters: " + params.error());
      return false;
    }
    benchmark::RegisterBenchmark("exact_distribution/fast-1805/fire/shooters=24",
                                 [fire, p = *params](benchmark::State& state) {
                                   for (auto _ : state)
                                     benchmark::DoNotOptimize(exact_distribution(*fire, p));
                                 });
  } else {
    std::cerr << "bench: fast-1805 fire is not available; its benchmark is skipped\n";
  }

  benchmark::RegisterBenchmark("Rng::roll(100)", [](benchmark::State& state) {
    Rng rng(7, 0);
    for (auto _ : state) benchmark::DoNotOptimize(rng.roll(100));
    state.SetItemsProcessed(state.iterations());
  });

  // Whole battles, doctrine against doctrine, a new seed each iteration.
  for (const char* name : {"fast-1805/default.toml", "fast-1805/battle.toml"}) {
    auto text = embedded::find(embedded::scenario_files(), name);
    auto scenario = text ? load_scenario_text(*text, name)
                         : tl::expected<Scenario, std::vector<Diagnostic>>(
                               tl::unexpect, std::vector<Diagnostic>{{name, 0, 0, "not embedded"}});
    const Ruleset* ruleset = scenario ? find_ruleset(scenario->ruleset) : nullptr;
    if (ruleset == nullptr) {
      std::cerr << "bench: " << name << " cannot be loaded; its benchmark is skipped\n";
      continue;
    }
    auto shared = std::make_shared<Scenario>(std::move(*scenario));
    benchmark::RegisterBenchmark(fmt::format("Match::run/{}", name).c_str(),
                                 [shared, ruleset](benchmark::State& state) {
                                   std::uint64_t seed = 1;
                                   for (auto _ : state) {
                                     MatchConfig config;
                                     config.seed = seed++;
                                     Match match(*shared, *ruleset, config);
                                     benchmark::DoNotOptimize(match.run().turns);
                                   }
                                 })
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}

int bench(const std::vector<std::string>& args) {
  std::vector<std::string> storage = {"smoothbore bench"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(storage.size());
  benchmark::Initialize(&argc, argv.data());
  if (argc > 1) {
    print_error(
        fmt::format("bench: unknown argument '{}' (Google Benchmark takes "
                    "--benchmark_filter=REGEX, --benchmark_format=json, ...)",
                    argv[1]));
    return kExitBadInput;
  }
  if (!register_benchmarks()) return kExitInternal;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return kExitOk;
}

#else

int bench(const std::vector<std::string>&) {
  print_error(
      "this smoothbore was built without Google Benchmark; configure with "
      "-DSMOOTHBORE_BENCHMARKS=ON (package libbenchmark-dev)");
  return kExitBadInput;
}

#endif

}  // namespace

Command add_bench(CLI::App& app) {
  auto args = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand(
      "bench", "Run the Google Benchmark benchmarks (extra arguments go to the library)");
  sub->allow_extras();
  sub->prefix_command();
  sub->footer("Example: smoothbore bench --benchmark_filter=Rng");
  return [sub, args] {
    *args = sub->remaining();
    return bench(*args);
  };
}

}  // namespace smoothbore::cli
