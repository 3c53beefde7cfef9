// The scaling series (issue 9): generated battles of N stands a side, milliseconds per game
// turn and the fitted exponent of time against stands. Each size runs in its own child
// under the time budget; a size that overruns it stops the series.
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "apps/bench/bench.h"
#include "io/generate.h"
#include "io/scenario_file.h"
#include "sim/match.h"

namespace smoothbore::bench {

double fit_exponent(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = x.size();
  if (n < 2 || y.size() != n) return std::numeric_limits<double>::quiet_NaN();
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
  }
  const double dn = static_cast<double>(n);
  const double denominator = dn * sxx - sx * sx;
  if (denominator == 0) return std::numeric_limits<double>::quiet_NaN();
  return (dn * sxy - sx * sy) / denominator;
}

namespace {

// One size in a child: generate, load, start the match (setup), then time `turns` turns,
// reporting each as it ends so that a kill keeps the turns already played.
nlohmann::json measure_size(const Ruleset& ruleset, int stands, const BenchConfig& config) {
  nlohmann::json size{{"stands", stands}};
  const int turns = config.turns;
  Isolated run = run_isolated(
      [&](const auto& emit) {
        double start = cpu_seconds();
        auto scenario = [&] {  // the file's text freed once loaded, as `run` does
          auto text = generate_scenario(ruleset, {stands, 1});
          if (!text) throw std::runtime_error(text.error());
          return load_scenario_text(*text, "generated.toml");
        }();
        if (!scenario) throw std::runtime_error("the generated scenario does not load");
        int per_side = 0;
        for (const Unit& u : scenario->force.units)
          if (u.side == 0) per_side += static_cast<int>(u.stands.size());
        Match match(*scenario, ruleset, MatchConfig{});
        emit(nlohmann::json{{"setup_ms", (cpu_seconds() - start) * 1000},
                            {"stands_per_side", per_side}}
                 .dump());
        for (int t = 0; t < turns && !match.finished(); ++t) {
          start = cpu_seconds();
          match.play_turn();
          emit(nlohmann::json{{"turn_ms", (cpu_seconds() - start) * 1000}}.dump());
        }
      },
      config.budget_seconds);
  double total = 0;
  int timed = 0;
  for (const std::string& line : run.lines) {
    auto j = nlohmann::json::parse(line);
    if (j.contains("setup_ms")) {
      size["setup_ms"] = j["setup_ms"];
      size["stands_per_side"] = j["stands_per_side"];
    } else {
      total += j["turn_ms"].get<double>();
      ++timed;
    }
  }
  size["turns_timed"] = timed;
  size["peak_memory_kb"] = run.peak_kb;
  size["elapsed_ms"] = run.elapsed_ms;
  if (timed > 0) size["ms_per_turn"] = total / timed;
  if (run.failed)
    size["status"] = "failed";
  else if (timed == 0)
    size["status"] = "over-budget";
  else if (timed < turns && run.over_budget)
    size["status"] = "measured-once";
  else
    size["status"] = "measured";
  return size;
}

}  // namespace

nlohmann::json measure_scaling(const Ruleset& ruleset, const BenchConfig& config) {
  nlohmann::json out{{"sizes", nlohmann::json::array()}};
  if (!ruleset.playable() || !can_generate(ruleset)) {
    out["note"] = "no generated battles for this rule set; skipped";
    out["exponent"] = nullptr;
    return out;
  }
  std::vector<double> xs, ys;
  bool stop = false;
  double last_ms = 0;
  for (int stands : config.sizes) {
    if (stop) {
      out["sizes"].push_back(nlohmann::json{
          {"stands", stands},
          {"status", "skipped"},
          {"note", fmt::format("over budget: the smaller size took {:.0f} ms", last_ms)}});
      continue;
    }
    nlohmann::json size = measure_size(ruleset, stands, config);
    last_ms = size["elapsed_ms"];
    if (size.contains("ms_per_turn")) {
      xs.push_back(size.value("stands_per_side", stands));
      ys.push_back(size["ms_per_turn"]);
    }
    if (size["status"] != "measured") stop = true;
    out["sizes"].push_back(std::move(size));
  }
  const double exponent = fit_exponent(xs, ys);
  out["exponent"] = std::isnan(exponent) ? nlohmann::json(nullptr) : nlohmann::json(exponent);
  return out;
}

}  // namespace smoothbore::bench
