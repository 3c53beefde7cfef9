#include "analysis/sweep.h"

#include <fmt/format.h>

#include "io/scenario_file.h"

namespace smoothbore {

tl::expected<SweepAxis, std::string> parse_sweep_axis(const Scenario& scenario,
                                                      const Ruleset& ruleset,
                                                      std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    return tl::unexpected(fmt::format("expected NAME=V1,V2,..., found '{}'", text));
  }
  SweepAxis axis;
  axis.name = std::string(text.substr(0, eq));
  auto spec = override_spec(scenario, ruleset, axis.name);
  if (!spec) return tl::unexpected(spec.error());
  std::string_view rest = text.substr(eq + 1);
  std::vector<std::string> seen;
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    if (item.empty()) {
      return tl::unexpected(
          fmt::format("{}: empty value in '{}'; expected V1,V2,... with no empty value", axis.name,
                      text.substr(eq + 1)));
    }
    auto value = parse_param(*spec, item);
    if (!value) return tl::unexpected(value.error());
    const std::string shown = to_string(*value);
    for (const std::string& s : seen) {
      if (s == shown) {
        return tl::unexpected(fmt::format("{}: value '{}' given twice", axis.name, item));
      }
    }
    seen.push_back(shown);
    axis.values.push_back(std::move(*value));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return axis;
}

tl::expected<void, std::string> check_sweep_axes(const std::vector<SweepAxis>& axes) {
  if (axes.empty()) return tl::unexpected(std::string("expected at least one NAME=V1,V2,..."));
  for (std::size_t i = 0; i < axes.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (axes[i].name == axes[j].name) {
        return tl::unexpected(
            fmt::format("{} is varied twice; expected each name in one --vary", axes[i].name));
      }
    }
  }
  return {};
}

std::string SweepCell::label() const {
  std::string out;
  for (const ScenarioOverride& o : overrides) {
    out += fmt::format("{}{}={}", out.empty() ? "" : " ", o.name, to_string(o.value));
  }
  return out;
}

std::vector<SweepCell> sweep_cells(const std::vector<SweepAxis>& axes) {
  std::vector<SweepCell> cells(1);
  for (const SweepAxis& axis : axes) {
    std::vector<SweepCell> next;
    for (const SweepCell& c : cells) {
      for (const Value& v : axis.values) {
        SweepCell n = c;
        n.overrides.push_back({axis.name, v});
        next.push_back(std::move(n));
      }
    }
    cells = std::move(next);
  }
  return cells;
}

tl::expected<std::vector<Scenario>, std::string> load_sweep_scenarios(
    const std::string& path, const std::vector<SweepCell>& cells) {
  std::vector<Scenario> scenarios;
  for (const SweepCell& cell : cells) {
    auto loaded = load_scenario_file(path, cell.overrides);
    if (!loaded) {
      std::string message = fmt::format("the cell {} is not a valid scenario:", cell.label());
      for (const Diagnostic& d : loaded.error()) message += "\n" + format(d);
      return tl::unexpected(std::move(message));
    }
    scenarios.push_back(std::move(*loaded));
  }
  return scenarios;
}

SweepRun run_sweep(const std::vector<SweepCell>& cells, const std::vector<Scenario>& scenarios,
                   const Ruleset& ruleset, const MonteCarloConfig& config,
                   const ProgressFn& progress, const std::atomic<bool>* stop,
                   const MonteCarloRunner& runner) {
  SweepRun sweep;
  const std::int64_t total = config.trials * static_cast<std::int64_t>(cells.size());
  for (std::size_t c = 0; c < cells.size() && !sweep.stopped; ++c) {
    const std::int64_t before = config.trials * static_cast<std::int64_t>(c);
    ProgressFn cell_progress;
    if (progress) {
      cell_progress = [&](std::int64_t done, std::int64_t) { progress(before + done, total); };
    }
    MonteCarloRun run = runner
                            ? runner(scenarios[c], ruleset, config, cell_progress, stop)
                            : run_monte_carlo(scenarios[c], ruleset, config, cell_progress, stop);
    sweep.stopped = run.stopped;
    sweep.cells.push_back({cells[c], summarize(scenarios[c], config, run)});
  }
  return sweep;
}

}  // namespace smoothbore
