// The `smoothbore` command line: one file per subcommand. Each adds its options to the
// CLI11 app and returns a callback that runs once parsing succeeded; the callback returns
// the process exit code (kExitOk, kExitBadInput, kExitInternal).
#pragma once

#include <charconv>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <tl/expected.hpp>

#include "rules/ruleset.h"
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
Command add_mc(CLI::App& app);
Command add_sweep(CLI::App& app);
Command add_replay(CLI::App& app);
Command add_generate(CLI::App& app);

// The scenario embedded in the binary that `run` fights without an argument.
inline constexpr const char* kDefaultScenario = "fast-1805/default.toml";

// Loads `path`, or the embedded default scenario when `path` is empty. Errors are the
// formatted diagnostics ("file:line:col: error: message"), one a line.
tl::expected<Scenario, std::string> load_scenario_or_default(const std::string& path);

// Prints "smoothbore: error: <message>" to stderr.
void print_error(const std::string& message);

// The whole of `text` as a decimal integer, or nullopt.
template <typename T>
std::optional<T> parse_integer(const std::string& text) {
  T v{};
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

// An integer option in min..max: "-n: expected an integer from 1 to 100000000, found '0'".
tl::expected<std::int64_t, std::string> parse_bounded(const std::string& option,
                                                      const std::string& text, std::int64_t min,
                                                      std::int64_t max);

// Per side commander kinds from --commander SIDE=KIND assignments; SIDE is a side id or
// index, KIND one of commander_kinds().
tl::expected<std::vector<std::string>, std::string> commanders_for(
    const Force& force, const std::vector<std::string>& assignments);

// The scenario's rule set, if it is registered and can fight battles; else the message.
tl::expected<const Ruleset*, std::string> playable_ruleset(const Scenario& scenario);

}  // namespace smoothbore::cli
