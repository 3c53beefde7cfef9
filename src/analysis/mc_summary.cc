#include "analysis/mc_summary.h"

#include <map>

#include "sim/commander.h"

namespace smoothbore {

int units_broken(const Scenario& scenario, const TrialRecord& record, int side) {
  int n = 0;
  for (std::size_t u = 0; u < record.units.size(); ++u) {
    if (scenario.force.units[u].side == side && record.units[u] != UnitStatus::kActive) ++n;
  }
  return n;
}

McSummary summarize(const Scenario& scenario, const MonteCarloConfig& config,
                    const MonteCarloRun& run) {
  McSummary s;
  s.scenario = scenario.name;
  s.source = scenario.source;
  s.ruleset = scenario.ruleset;
  s.seed = config.seed;
  s.turn_limit = config.turn_limit > 0 ? config.turn_limit : scenario.end.turn_limit;
  s.requested = run.requested;
  s.battles = static_cast<std::int64_t>(run.records.size());
  s.partial = run.stopped;

  std::vector<double> turns;
  for (const TrialRecord& r : run.records) turns.push_back(r.result.turns);
  s.turns_histogram = integer_histogram(turns);
  s.turns = describe(std::move(turns));

  const Force& force = scenario.force;
  for (std::size_t side = 0; side < force.sides.size(); ++side) {
    SideSummary ss;
    ss.id = force.sides[side].id;
    ss.name = force.sides[side].name;
    ss.commander =
        side < config.commanders.size() ? config.commanders[side] : std::string(kDoctrine);
    std::vector<double> losses, broken, units, points;
    const int index = static_cast<int>(side);
    for (const TrialRecord& r : run.records) {
      const MatchResult& m = r.result;
      if (m.winner == index) {
        ++ss.wins;
      } else if (m.winner < 0) {
        ++ss.draws;
      } else {
        ++ss.losses;
      }
      losses.push_back(m.losses.at(side) * 100.0);
      broken.push_back(m.broken.at(side) * 100.0);
      units.push_back(units_broken(scenario, r, index));
      points.push_back(m.points.at(side));
    }
    ss.win = wilson_interval(ss.wins, s.battles);
    ss.draw = wilson_interval(ss.draws, s.battles);
    ss.loss = wilson_interval(ss.losses, s.battles);
    ss.losses_histogram =
        histogram(losses, 0, kLossesBinWidth, static_cast<std::size_t>(100 / kLossesBinWidth));
    int side_units = 0;
    for (const Unit& u : force.units) side_units += u.side == index ? 1 : 0;
    ss.units_broken_histogram = histogram(units, 0, 1, static_cast<std::size_t>(side_units) + 1);
    ss.losses_percent = describe(std::move(losses));
    ss.broken_percent = describe(std::move(broken));
    ss.units_broken = describe(std::move(units));
    ss.points = describe(std::move(points));
    s.sides.push_back(std::move(ss));
  }

  for (std::size_t u = 0; u < force.units.size(); ++u) {
    UnitSummary us;
    us.id = force.units[u].id;
    us.name = force.units[u].name;
    us.side = force.units[u].side;
    for (const TrialRecord& r : run.records) ++us.status.at(static_cast<std::size_t>(r.units[u]));
    us.survived = wilson_interval(us.status[0], s.battles);
    s.units.push_back(std::move(us));
  }

  std::map<std::string, std::int64_t> ends;
  for (const TrialRecord& r : run.records) ++ends[r.result.reason];
  for (const auto& [reason, count] : ends) s.ends.push_back({reason, count});
  return s;
}

}  // namespace smoothbore
