// The `smoothbore` command line: one file per subcommand. Each adds its options to the
// CLI11 app and returns a callback that runs once parsing succeeded; the callback returns
// the process exit code (kExitOk, kExitBadInput, kExitInternal).
#pragma once

#include <functional>
#include <string>

#include <CLI/CLI.hpp>
#include <tl/expected.hpp>

#include "rules/scenario.h"

namespace smoothbore::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;  // a bug: an invariant failed, an exception escaped
inline constexpr int kExitBadInput = 2;  // bad arguments, unreadable or invalid files

// Runs the subcommand with the options CLI11 parsed into the closure.
using Command = std::function<int()>;

// Each adds a subcommand to `app` and returns its runner.
Command add_run(CLI::App& app);
Command add_check(CLI::App& app);
Command add_rulesets(CLI::App& app);
Command add_odds(CLI::App& app);
Command add_bench(CLI::App& app);

// The scenario embedded in the binary that `run` fights without an argument.
inline constexpr const char* kDefaultScenario = "fast-1805/default.toml";

// Loads `path`, or the embedded default scenario when `path` is empty. Errors are the
// formatted diagnostics ("file:line:col: error: message"), one a line.
tl::expected<Scenario, std::string> load_scenario_or_default(const std::string& path);

// Prints "smoothbore: error: <message>" to stderr.
void print_error(const std::string& message);

}  // namespace smoothbore::cli
