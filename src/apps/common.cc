#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "apps/cli.h"
#include "core/embedded.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/commander.h"

namespace smoothbore::cli {

namespace {

std::string join_diagnostics(const std::vector<Diagnostic>& diagnostics,
                             const std::string& fallback) {
  if (diagnostics.empty()) return fallback;
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    if (!out.empty()) out += '\n';
    out += format(d);
  }
  return out;
}

std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

}  // namespace

tl::expected<Scenario, std::string> load_scenario_or_default(const std::string& path) {
  if (path.empty()) {
    auto text = embedded::find(embedded::scenario_files(), kDefaultScenario);
    if (!text) {
      return tl::unexpected(std::string("the default scenario ") + kDefaultScenario +
                            " is not embedded in this binary");
    }
    auto loaded = load_scenario_text(*text, std::string("<embedded:") + kDefaultScenario + ">");
    if (!loaded) {
      return tl::unexpected(join_diagnostics(loaded.error(), "cannot load the default scenario"));
    }
    return std::move(*loaded);
  }
  auto loaded = load_scenario_file(path);
  if (!loaded) return tl::unexpected(join_diagnostics(loaded.error(), path + ": cannot load"));
  return std::move(*loaded);
}

void print_error(const std::string& message) {
  std::cerr << "smoothbore: error: " << message << '\n';
}

tl::expected<std::int64_t, std::string> parse_bounded(const std::string& option,
                                                      const std::string& text, std::int64_t min,
                                                      std::int64_t max) {
  auto v = parse_integer<std::int64_t>(text);
  if (!v || *v < min || *v > max) {
    return tl::unexpected(
        fmt::format("{}: expected an integer from {} to {}, found '{}'", option, min, max, text));
  }
  return *v;
}

tl::expected<std::vector<std::string>, std::string> commanders_for(
    const Force& force, const std::vector<std::string>& assignments) {
  std::vector<std::string> kinds(force.sides.size(), std::string(kDoctrine));
  std::vector<std::string> side_ids;
  for (const Side& s : force.sides) side_ids.push_back(s.id);
  for (const std::string& a : assignments) {
    auto eq = a.find('=');
    if (eq == std::string::npos) {
      return tl::unexpected(fmt::format("--commander: expected SIDE=KIND, found '{}'", a));
    }
    std::string side = a.substr(0, eq), kind = a.substr(eq + 1);
    int index = force.side_index(side);
    if (index < 0) {
      auto n = parse_integer<int>(side);
      if (n && *n >= 0 && *n < static_cast<int>(force.sides.size())) index = *n;
    }
    if (index < 0) {
      return tl::unexpected(
          fmt::format("--commander: unknown side '{}'; sides: {}", side, join(side_ids, ", ")));
    }
    const auto& valid = commander_kinds();
    if (std::find(valid.begin(), valid.end(), kind) == valid.end()) {
      return tl::unexpected(fmt::format("--commander: unknown commander kind '{}'; kinds: {}", kind,
                                        join(valid, ", ")));
    }
    kinds[static_cast<std::size_t>(index)] = kind;
  }
  return kinds;
}

tl::expected<const Ruleset*, std::string> playable_ruleset(const Scenario& scenario) {
  const Ruleset* ruleset = find_ruleset(scenario.ruleset);
  if (ruleset == nullptr) {
    return tl::unexpected(
        fmt::format("{}: unknown rule set '{}'", scenario.source, scenario.ruleset));
  }
  if (!ruleset->playable()) {
    return tl::unexpected(
        fmt::format("{}: rule set '{}' cannot fight battles yet ({}); its resolutions "
                    "work with `smoothbore odds`",
                    scenario.source, scenario.ruleset, ruleset->status()));
  }
  return ruleset;
}

}  // namespace smoothbore::cli
