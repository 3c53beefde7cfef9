// Full battles, doctrine against doctrine, one thread (issue 9): battles per second, turns
// and dice per battle, peak memory of the child that fought them. Battles are fought with a
// quiet event log, as `mc` fights its trials (EventLog).
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "apps/bench/bench.h"
#include "core/embedded.h"
#include "io/scenario_file.h"
#include "sim/match.h"

namespace smoothbore::bench {

namespace {

// Each rule set's full-battle scenario (issue 9: "its full-battle scenario"). A rule set
// missing here, or whose file is not embedded, is reported with a note and no battle.
constexpr std::pair<std::string_view, std::string_view> kBattleScenarios[] = {
    {"elan-drill", "elan-drill/battle.toml"},
    {"fast-1805", "fast-1805/battle.toml"},
    {"fire-and-discipline", "fire-and-discipline/battle.toml"},
    {"group-orders", "group-orders/battle.toml"},
    {"squad-skirmish", "squad-skirmish/raid.toml"},
};

}  // namespace

std::string battle_scenario(std::string_view ruleset_id) {
  for (const auto& [id, path] : kBattleScenarios) {
    if (id != ruleset_id) continue;
    if (!embedded::find(embedded::scenario_files(), path)) return "";
    return std::string(path);
  }
  return "";
}

nlohmann::json measure_battles(const Ruleset& ruleset, const BenchConfig& config) {
  nlohmann::json out;
  const std::string path = battle_scenario(ruleset.id());
  if (!ruleset.playable() || path.empty()) {
    out["note"] = ruleset.playable() ? "no full-battle scenario embedded; skipped"
                                     : "battle not yet playable; skipped";
    return out;
  }
  out["scenario"] = path;
  const double limit = config.battle_seconds;
  const int max_battles = config.max_battles;
  Isolated run = run_isolated(
      [&](const auto& emit) {
        auto text = embedded::find(embedded::scenario_files(), path);
        auto scenario = load_scenario_text(*text, path);
        if (!scenario) throw std::runtime_error(path + " does not load");
        double seconds = 0;
        long turns = 0;
        double dice = 0;
        int battles = 0;
        while (battles < max_battles && (battles == 0 || seconds < limit)) {
          MatchConfig match_config;
          match_config.seed = static_cast<std::uint64_t>(battles + 1);
          match_config.quiet = true;  // as `mc` fights them
          const double start = cpu_seconds();
          Match match(*scenario, ruleset, match_config);
          turns += match.run().turns;
          seconds += cpu_seconds() - start;
          dice += static_cast<double>(match.battle().dice_drawn());
          ++battles;
        }
        emit(nlohmann::json{
            {"battles", battles}, {"seconds", seconds}, {"turns", turns}, {"dice", dice}}
                 .dump());
      },
      config.battle_budget_seconds);
  if (run.lines.empty()) {
    out["note"] = run.over_budget
                      ? fmt::format("over budget: no battle finished in {:.0f} ms", run.elapsed_ms)
                      : "the measurement failed";
    return out;
  }
  const auto r = nlohmann::json::parse(run.lines.back());
  const int battles = r["battles"];
  const double seconds = r["seconds"];
  const double per_battle = seconds / battles;
  out["battles"] = battles;
  out["battles_per_second"] = 1.0 / per_battle;
  out["us_per_battle"] = per_battle * 1e6;
  out["turns_per_battle"] = r["turns"].get<double>() / battles;
  const double dice = r["dice"].get<double>() / battles;
  out["dice_per_battle"] = dice;
  out["ns_per_die"] = dice > 0 ? per_battle * 1e9 / dice : 0.0;
  out["peak_memory_kb"] = run.peak_kb;
  return out;
}

}  // namespace smoothbore::bench
