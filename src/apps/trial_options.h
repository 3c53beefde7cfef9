// The options `mc` and `sweep` share (-n, --seed, --threads, --turns, --commander,
// --quiet, --csv, --json, --report) and their validation.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "analysis/monte_carlo.h"
#include "apps/output_file.h"

namespace smoothbore::cli {

// As typed; validated by prepare_trials() so that the errors say what was expected.
struct TrialOptions {
  std::string scenario;
  std::string trials;   // -n
  std::string seed;     // default: the scenario's
  std::string threads;  // default: every core
  std::string turns;    // default: the scenario's turn limit
  std::vector<std::string> commanders;
  bool quiet = false;
  std::string csv;
  std::string json;
  std::string report;  // --report FILE.html
};

// `sweep`: the help speaks of cells.
void add_trial_options(CLI::App& sub, TrialOptions& o, bool sweep);

struct PreparedTrials {
  Scenario scenario;
  const Ruleset* ruleset = nullptr;
  MonteCarloConfig config;
  std::optional<OutputFile> csv;
  std::optional<OutputFile> json;
  std::optional<OutputFile> report;
};

// Checks the options and loads the scenario. Prints every error (naming the option) and
// returns nullopt on bad input.
std::optional<PreparedTrials> prepare_trials(const TrialOptions& o);

// Opens --csv, --json and --report (once every other input is checked, before the first battle, so
// that an unwritable path fails at once). Prints the error and returns false on failure.
bool open_outputs(const TrialOptions& o, PreparedTrials& p);

// Closes `file` if open, printing the error; false on error.
bool close_output(std::optional<OutputFile>& file);

}  // namespace smoothbore::cli
