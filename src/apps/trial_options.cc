#include "apps/trial_options.h"

#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "apps/cli.h"

namespace smoothbore::cli {

namespace {

// Every battle's record is kept (about 300 bytes with a few units): 3 GB at most.
constexpr std::int64_t kMaxTrials = 10'000'000;
constexpr std::int64_t kMaxThreads = 1024;

int default_threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace

void add_trial_options(CLI::App& sub, TrialOptions& o, bool sweep) {
  sub.add_option("scenario", o.scenario, "Scenario file (.toml)")->required()->type_name("FILE");
  sub.add_option("-n", o.trials,
                 sweep ? "Number of battles in each cell of the grid" : "Number of battles")
      ->required()
      ->type_name("N");
  sub.add_option("--seed", o.seed,
                 "Seed (default: the scenario's); battle i rolls the dice of stream i of it")
      ->type_name("S");
  sub.add_option("--threads", o.threads,
                 fmt::format("Worker threads (default: every core, {} here); the results do not "
                             "depend on it",
                             default_threads()))
      ->type_name("T");
  sub.add_option("--turns", o.turns, "Turn limit (default: the scenario's)")->type_name("N");
  sub.add_option("--commander", o.commanders,
                 "SIDE=KIND, repeatable; KIND is doctrine or random (default doctrine)")
      ->allow_extra_args(false)
      ->type_name("SIDE=KIND");
  sub.add_flag("-q,--quiet", o.quiet, "No progress bar (it is shown only on a terminal anyway)");
  sub.add_option("--csv", o.csv,
                 sweep ? "Write one row per cell to FILE" : "Write one row per battle to FILE")
      ->type_name("FILE");
  sub.add_option("--json", o.json,
                 sweep ? "Write every cell's summary to FILE"
                       : "Write the summary and a row per battle to FILE")
      ->type_name("FILE");
  sub.add_option("--report", o.report,
                 sweep ? "Write an HTML report to FILE: win rate across the grid (heat maps for "
                         "two --vary, bars with 95% intervals otherwise), mean losses per cell, "
                         "the table; one self-contained file"
                       : "Write an HTML report to FILE: win-rate bars with 95% intervals, "
                         "histograms of length, losses and units broken, each unit's fate, end "
                         "conditions; one self-contained file")
      ->type_name("FILE.html");
}

std::optional<PreparedTrials> prepare_trials(const TrialOptions& o) {
  // The cheap checks first, so that a typo does not wait for the scenario to load.
  std::vector<std::string> errors;
  MonteCarloConfig config;
  if (auto n = parse_bounded("-n", o.trials, 1, kMaxTrials)) {
    config.trials = *n;
  } else {
    errors.push_back(n.error());
  }
  config.threads = default_threads();
  if (!o.threads.empty()) {
    if (auto t = parse_bounded("--threads", o.threads, 1, kMaxThreads)) {
      config.threads = static_cast<int>(*t);
    } else {
      errors.push_back(t.error());
    }
  }
  std::optional<std::uint64_t> seed;
  if (!o.seed.empty()) {
    seed = parse_integer<std::uint64_t>(o.seed);
    if (!seed) {
      errors.push_back(fmt::format("--seed: expected a non-negative integer, found '{}'", o.seed));
    }
  }
  if (!o.turns.empty()) {
    if (auto t = parse_bounded("--turns", o.turns, 1, 100000)) {
      config.turn_limit = static_cast<int>(*t);
    } else {
      errors.push_back(t.error());
    }
  }
  if (!errors.empty()) {
    for (const std::string& e : errors) print_error(e);
    return std::nullopt;
  }

  auto scenario = load_scenario_or_default(o.scenario);
  if (!scenario) {
    std::cerr << scenario.error() << '\n';
    return std::nullopt;
  }
  auto ruleset = playable_ruleset(*scenario);
  if (!ruleset) {
    print_error(ruleset.error());
    return std::nullopt;
  }
  auto kinds = commanders_for(scenario->force, o.commanders);
  if (!kinds) {
    print_error(kinds.error());
    return std::nullopt;
  }
  config.seed = seed.value_or(scenario->seed);
  config.commanders = std::move(*kinds);

  return PreparedTrials{std::move(*scenario), *ruleset,     std::move(config),
                        std::nullopt,         std::nullopt, std::nullopt};
}

bool open_outputs(const TrialOptions& o, PreparedTrials& p) {
  for (auto [option, path, file] :
       {std::tuple{"--csv", &o.csv, &p.csv}, std::tuple{"--json", &o.json, &p.json},
        std::tuple{"--report", &o.report, &p.report}}) {
    if (path->empty()) continue;
    auto opened = OutputFile::open(option, *path);
    if (!opened) {
      print_error(opened.error());
      return false;
    }
    file->emplace(std::move(*opened));
  }
  return true;
}

bool close_output(std::optional<OutputFile>& file) {
  if (!file) return true;
  auto closed = file->close();
  if (!closed) print_error(closed.error());
  return closed.has_value();
}

}  // namespace smoothbore::cli
