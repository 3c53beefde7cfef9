#include "analysis/mc_output.h"

#include <algorithm>

#include <fmt/format.h>

#include "analysis/csv.h"

namespace smoothbore {

namespace {

using Json = nlohmann::ordered_json;

static_assert(static_cast<std::size_t>(UnitStatus::kOffTable) + 1 == kUnitStatusCount);

std::string percent(std::int64_t count, std::int64_t total) {
  return total > 0 ? fmt::format("{:.1f}%",
                                 100.0 * static_cast<double>(count) / static_cast<double>(total))
                   : std::string("-");
}

// "62.3% [59.3, 65.2]": a rate with its interval, in percent.
std::string rate_with_interval(std::int64_t count, std::int64_t total, const Interval& ci) {
  if (total == 0) return "-";
  return fmt::format("{:5.1f}% [{:.1f}, {:.1f}]",
                     100.0 * static_cast<double>(count) / static_cast<double>(total),
                     100.0 * ci.low, 100.0 * ci.high);
}

std::string distribution_line(const std::string& label, std::size_t width, const Distribution& d) {
  if (d.count == 0) return fmt::format("  {:<{}}  (no battles)\n", label, width);
  return fmt::format("  {:<{}}  {:8.2f} {:8.2f} {:8.2f} {:8.2f} {:8.2f} {:8.2f} {:8.2f}\n", label,
                     width, d.mean, d.sd, d.q05, d.q25, d.q50, d.q75, d.q95);
}

std::string winner_id(const Scenario& scenario, int winner) {
  return winner >= 0 ? scenario.force.sides.at(static_cast<std::size_t>(winner)).id
                     : std::string("draw");
}

// `text` without the spaces that padding left at the ends of lines.
std::string trim_lines(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') {
      while (!out.empty() && out.back() == ' ') out.pop_back();
    }
    out += c;
  }
  return out;
}

}  // namespace

std::string summary_text(const McSummary& s) {
  std::string out = fmt::format("{} ({}), {}\n", s.scenario, s.ruleset, s.source);
  std::string commanders;
  for (const SideSummary& side : s.sides) {
    commanders += fmt::format("{}{}={}", commanders.empty() ? "" : ", ", side.id, side.commander);
  }
  out += fmt::format("{} battles, seed {} (battle i rolls dice stream i), {}; commanders: {}\n",
                     s.battles, s.seed,
                     s.turn_limit > 0 ? fmt::format("turn limit {}", s.turn_limit)
                                      : std::string("the rule set's turn limit"),
                     commanders);
  if (s.partial) {
    out += fmt::format("PARTIAL: interrupted after {} of {} battles\n", s.battles, s.requested);
  }

  std::size_t side_width = 4;
  for (const SideSummary& side : s.sides) side_width = std::max(side_width, side.id.size());
  out += "\nOutcome per side (95% Wilson intervals)\n";
  out +=
      fmt::format("  {:<{}}  {:<20}  {:<20}  {:<20}\n", "side", side_width, "win", "draw", "loss");
  for (const SideSummary& side : s.sides) {
    out += fmt::format("  {:<{}}  {:<20}  {:<20}  {:<20}\n", side.id, side_width,
                       rate_with_interval(side.wins, s.battles, side.win),
                       rate_with_interval(side.draws, s.battles, side.draw),
                       rate_with_interval(side.losses, s.battles, side.loss));
  }

  std::size_t width = std::string("turns").size();
  for (const SideSummary& side : s.sides) {
    width = std::max(width, side.id.size() + std::string(" units broken").size());
  }
  out += fmt::format(
      "\nDistributions (quantiles: R type 7)\n  {:<{}}  {:>8} {:>8} {:>8} {:>8} "
      "{:>8} {:>8} {:>8}\n",
      "", width, "mean", "sd", "5%", "25%", "50%", "75%", "95%");
  out += distribution_line("turns", width, s.turns);
  for (const SideSummary& side : s.sides) {
    out += distribution_line(side.id + " losses %", width, side.losses_percent);
    out += distribution_line(side.id + " broken %", width, side.broken_percent);
    out += distribution_line(side.id + " units broken", width, side.units_broken);
    out += distribution_line(side.id + " points", width, side.points);
  }

  out += "\nEnd conditions\n";
  if (s.ends.empty()) out += "  (no battles)\n";
  std::size_t reason_width = 6;
  for (const EndConditionCount& e : s.ends) reason_width = std::max(reason_width, e.reason.size());
  for (const EndConditionCount& e : s.ends) {
    out += fmt::format("  {:<{}}  {:>8}  {:>6}\n", e.reason, reason_width, e.count,
                       percent(e.count, s.battles));
  }

  std::size_t unit_width = 4;
  for (const UnitSummary& u : s.units) unit_width = std::max(unit_width, u.id.size());
  out += "\nUnits at the end of the battle (survived = still active; 95% Wilson interval)\n";
  out += fmt::format("  {:<{}}  {:<{}}  {:<20}  {:>7}  {:>7}  {:>9}\n", "unit", unit_width, "side",
                     side_width, "survived", "routed", "removed", "off table");
  for (const UnitSummary& u : s.units) {
    out += fmt::format("  {:<{}}  {:<{}}  {:<20}  {:>7}  {:>7}  {:>9}\n", u.id, unit_width,
                       s.sides.at(static_cast<std::size_t>(u.side)).id, side_width,
                       rate_with_interval(u.status[0], s.battles, u.survived),
                       percent(u.status[1], s.battles), percent(u.status[2], s.battles),
                       percent(u.status[3], s.battles));
  }
  return trim_lines(out);
}

void write_trials_csv(std::ostream& out, const Scenario& scenario, const MonteCarloConfig& config,
                      const MonteCarloRun& run) {
  const Force& force = scenario.force;
  out << "trial,seed,winner,reason,turns";
  for (const Side& side : force.sides) {
    const std::string id = csv_field(side.id);
    out << ',' << id << "_losses," << id << "_broken," << id << "_units_broken," << id << "_points";
  }
  for (const Unit& u : force.units) out << ",status_" << csv_field(u.id);
  out << '\n';
  for (const TrialRecord& r : run.records) {
    const MatchResult& m = r.result;
    out << fmt::format("{},{},{},{},{}", r.trial, config.seed,
                       csv_field(winner_id(scenario, m.winner)), csv_field(m.reason), m.turns);
    for (std::size_t side = 0; side < force.sides.size(); ++side) {
      // {} is the shortest text that reads back as the same double.
      out << fmt::format(",{},{},{},{}", m.losses.at(side), m.broken.at(side),
                         units_broken(scenario, r, static_cast<int>(side)), m.points.at(side));
    }
    for (UnitStatus st : r.units) out << ',' << unit_status_name(st);
    out << '\n';
  }
}

Json distribution_json(const Distribution& d) {
  if (d.count == 0) return Json{{"count", 0}};
  return Json{{"count", d.count}, {"mean", d.mean}, {"sd", d.sd},   {"min", d.min}, {"max", d.max},
              {"q05", d.q05},     {"q25", d.q25},   {"q50", d.q50}, {"q75", d.q75}, {"q95", d.q95}};
}

Json histogram_json(const Histogram& h) {
  return Json{{"low", h.low}, {"width", h.width}, {"counts", h.counts}};
}

Json summary_json(const McSummary& s) {
  auto interval = [](const Interval& ci) { return Json::array({ci.low, ci.high}); };
  Json j{{"scenario", s.scenario},
         {"source", s.source},
         {"ruleset", s.ruleset},
         {"seed", s.seed},
         {"turn_limit", s.turn_limit},
         {"requested", s.requested},
         {"battles", s.battles},
         {"partial", s.partial},
         {"quantile_definition", 7},
         {"confidence", 0.95},
         {"turns", distribution_json(s.turns)},
         {"turns_histogram", histogram_json(s.turns_histogram)}};
  Json sides = Json::array();
  for (const SideSummary& side : s.sides) {
    sides.push_back(Json{{"id", side.id},
                         {"name", side.name},
                         {"commander", side.commander},
                         {"wins", side.wins},
                         {"draws", side.draws},
                         {"losses", side.losses},
                         {"win_interval", interval(side.win)},
                         {"draw_interval", interval(side.draw)},
                         {"loss_interval", interval(side.loss)},
                         {"losses_percent", distribution_json(side.losses_percent)},
                         {"broken_percent", distribution_json(side.broken_percent)},
                         {"units_broken", distribution_json(side.units_broken)},
                         {"points", distribution_json(side.points)},
                         {"losses_histogram", histogram_json(side.losses_histogram)},
                         {"units_broken_histogram", histogram_json(side.units_broken_histogram)}});
  }
  j["sides"] = std::move(sides);
  Json units = Json::array();
  for (const UnitSummary& u : s.units) {
    Json status = Json::object();
    for (std::size_t k = 0; k < kUnitStatusCount; ++k) {
      status[std::string(unit_status_name(static_cast<UnitStatus>(k)))] = u.status[k];
    }
    units.push_back(Json{{"id", u.id},
                         {"name", u.name},
                         {"side", s.sides.at(static_cast<std::size_t>(u.side)).id},
                         {"status", std::move(status)},
                         {"survived_interval", interval(u.survived)}});
  }
  j["units"] = std::move(units);
  Json ends = Json::object();
  for (const EndConditionCount& e : s.ends) ends[e.reason] = e.count;
  j["end_conditions"] = std::move(ends);
  return j;
}

Json trials_json(const Scenario& scenario, const MonteCarloConfig& config,
                 const MonteCarloRun& run) {
  const Force& force = scenario.force;
  Json rows = Json::array();
  for (const TrialRecord& r : run.records) {
    const MatchResult& m = r.result;
    Json sides = Json::object();
    for (std::size_t side = 0; side < force.sides.size(); ++side) {
      sides[force.sides[side].id] =
          Json{{"losses", m.losses.at(side)},
               {"broken", m.broken.at(side)},
               {"units_broken", units_broken(scenario, r, static_cast<int>(side))},
               {"points", m.points.at(side)}};
    }
    Json units = Json::object();
    for (std::size_t u = 0; u < r.units.size(); ++u) {
      units[force.units[u].id] = std::string(unit_status_name(r.units[u]));
    }
    rows.push_back(Json{{"trial", r.trial},
                        {"seed", config.seed},
                        {"winner", winner_id(scenario, m.winner)},
                        {"reason", m.reason},
                        {"turns", m.turns},
                        {"sides", std::move(sides)},
                        {"units", std::move(units)}});
  }
  return rows;
}

}  // namespace smoothbore
