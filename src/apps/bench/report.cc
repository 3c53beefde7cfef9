// The whole `smoothbore bench` report (bench.h): every rule set's stages, as JSON and text.
#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "apps/allocator.h"
#include "apps/bench/bench.h"
#include "rules/registry.h"

namespace smoothbore::bench {

BenchConfig BenchConfig::quick_config() {
  BenchConfig c;
  c.quick = true;
  c.battle_seconds = 0.05;
  c.max_battles = 3;
  c.sizes = {100, 300};
  c.turns = 1;
  c.budget_seconds = 1.5;
  c.battle_budget_seconds = 30.0;  // at least one whole battle of each rule set
  c.odds_seconds = 0.0;            // one repeat
  return c;
}

namespace {

std::string load_average() {
  std::ifstream f("/proc/loadavg");
  std::string a, b, c;
  f >> a >> b >> c;
  return f ? a + " " + b + " " + c : "unknown";
}

}  // namespace

nlohmann::json run_report(const BenchConfig& config) {
  nlohmann::json report;
  report["quick"] = config.quick;
  report["load_average_before"] = load_average();
  report["memory_method"] =
      "peak RSS (wait4 ru_maxrss) of a forked child that did only that measurement; it "
      "includes the parent's resident pages at the fork";
  report["clock"] = "CPU time of the measuring thread (budgets: wall time)";
  report["allocator"] = cli::allocator_description();
  report["budget_seconds"] = config.budget_seconds;
  report["battle_budget_seconds"] = config.battle_budget_seconds;
  report["rng_ns"] = measure_rng_ns(config);
  report["rulesets"] = nlohmann::json::array();
  for (const Ruleset* ruleset : all_rulesets()) {
    if (!config.rulesets.empty() && std::find(config.rulesets.begin(), config.rulesets.end(),
                                              ruleset->id()) == config.rulesets.end())
      continue;
    nlohmann::json r{{"id", ruleset->id()}, {"playable", ruleset->playable()}};
    r["battle"] = measure_battles(*ruleset, config);
    r["scaling"] = measure_scaling(*ruleset, config);
    r["odds"] = measure_odds(*ruleset, config);
    report["rulesets"].push_back(std::move(r));
  }
  report["load_average_after"] = load_average();
  return report;
}

namespace {

std::string number(const nlohmann::json& j, const char* key, const char* format) {
  if (!j.contains(key) || !j[key].is_number()) return "-";
  return fmt::format(fmt::runtime(format), j[key].get<double>());
}

}  // namespace

std::string format_report(const nlohmann::json& report) {
  std::ostringstream out;
  out << fmt::format("smoothbore bench{} (load average {} before, {} after)\n",
                     report["quick"].get<bool>() ? " --quick" : "",
                     report["load_average_before"].get<std::string>(),
                     report["load_average_after"].get<std::string>());
  out << fmt::format("Allocator: {}\n", report["allocator"].get<std::string>());
  out << fmt::format("RNG draw: {:.2f} ns\n\n", report["rng_ns"].get<double>());
  out << "Full battles, doctrine vs doctrine, one thread, quiet event log (as mc fights them):\n";
  out << fmt::format("  {:<20} {:>10} {:>12} {:>7} {:>10} {:>8} {:>9}\n", "rule set", "battles/s",
                     "µs/battle", "turns", "dice", "ns/die", "peak KB");
  for (const auto& r : report["rulesets"]) {
    const auto& b = r["battle"];
    if (b.contains("note")) {
      out << fmt::format("  {:<20} {}\n", r["id"].get<std::string>(), b["note"].get<std::string>());
      continue;
    }
    out << fmt::format(
        "  {:<20} {:>10} {:>12} {:>7} {:>10} {:>8} {:>9}\n", r["id"].get<std::string>(),
        number(b, "battles_per_second", "{:.1f}"), number(b, "us_per_battle", "{:.0f}"),
        number(b, "turns_per_battle", "{:.1f}"), number(b, "dice_per_battle", "{:.0f}"),
        number(b, "ns_per_die", "{:.0f}"), number(b, "peak_memory_kb", "{:.0f}"));
  }
  out << "\nScaling, generated battles, event log kept (as run fights them; ms per game turn; "
         "stands per side):\n";
  for (const auto& r : report["rulesets"]) {
    const auto& s = r["scaling"];
    std::string line = fmt::format("  {:<20}", r["id"].get<std::string>());
    if (s.contains("note")) line += " " + s["note"].get<std::string>();
    for (const auto& size : s["sizes"]) {
      line += fmt::format(" | {}: ", size["stands"].get<int>());
      const std::string status = size["status"];
      if (size.contains("ms_per_turn"))
        line += fmt::format("{:.1f} ms, {} KB", size["ms_per_turn"].get<double>(),
                            size["peak_memory_kb"].get<long>());
      if (status == "over-budget")
        line += fmt::format("stopped after {:.0f} ms", size["elapsed_ms"].get<double>());
      if (status == "skipped") line += size["note"].get<std::string>();
      if (status != "measured" && status != "skipped") line += " (" + status + ")";
    }
    if (s["exponent"].is_number())
      line += fmt::format(" | exponent {:.2f}", s["exponent"].get<double>());
    out << line << "\n";
  }
  out << "\nExact odds (exact_distribution, the largest pools):\n";
  for (const auto& r : report["rulesets"]) {
    for (const auto& o : r["odds"]) {
      out << fmt::format("  {:<20} {:<14} {:<28} {}\n", r["id"].get<std::string>(),
                         o["resolution"].get<std::string>(), o["params"].get<std::string>(),
                         o.contains("us") ? fmt::format("{:.1f} µs", o["us"].get<double>())
                                          : o.value("note", std::string("-")));
    }
  }
  out << "\nMemory: " << report["memory_method"].get<std::string>() << ".\n";
  return out.str();
}

}  // namespace smoothbore::bench
