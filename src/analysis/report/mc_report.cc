#include "analysis/report/mc_report.h"

#include <fmt/format.h>

#include "analysis/report/html.h"
#include "analysis/report/svg.h"

namespace smoothbore {

namespace {

using report::BarRow;

std::string figure(const std::string& caption, const std::string& svg) {
  return "<figure><figcaption>" + html_escape(caption) + "</figcaption>" + svg + "</figure>\n";
}

std::string outcome(const McSummary& s) {
  std::vector<std::vector<std::string>> rows;
  std::vector<BarRow> bars;
  for (std::size_t i = 0; i < s.sides.size(); ++i) {
    const SideSummary& side = s.sides[i];
    rows.push_back({side.id, side.name, side.commander,
                    report::rate_text(side.wins, s.battles, side.win),
                    report::rate_text(side.draws, s.battles, side.draw),
                    report::rate_text(side.losses, s.battles, side.loss)});
    const std::string text = report::rate_text(side.wins, s.battles, side.win);
    bars.push_back(
        {"", side.id + " wins", report::fraction(side.wins, s.battles), side.win,
         "win " + report::side_class(i), text,
         fmt::format("{} won {} of {} battles: {}", side.name, side.wins, s.battles, text)});
  }
  if (!s.sides.empty()) {
    const SideSummary& first = s.sides.front();
    const std::string text = report::rate_text(first.draws, s.battles, first.draw);
    bars.push_back({"", "draw", report::fraction(first.draws, s.battles), first.draw, "draw", text,
                    fmt::format("nobody won {} of {} battles: {}", first.draws, s.battles, text)});
  }
  return report::section(
      "Who wins", "Win, draw and loss rates with their 95% Wilson intervals (the whiskers).",
      report::table({"side", "name", "commander", "win", "draw", "loss"}, rows, 3) +
          report::bar_chart(bars, 1, true, "outcome"));
}

std::vector<std::string> distribution_cells(const std::string& label, const Distribution& d) {
  if (d.count == 0) return {label, "-", "-", "-", "-", "-", "-", "-"};
  std::vector<std::string> row{label};
  for (double v : {d.mean, d.sd, d.q05, d.q25, d.q50, d.q75, d.q95})
    row.push_back(fmt::format("{:.2f}", v));
  return row;
}

std::string distributions(const McSummary& s) {
  std::vector<std::vector<std::string>> rows{distribution_cells("turns", s.turns)};
  for (const SideSummary& side : s.sides) {
    rows.push_back(distribution_cells(side.id + " losses %", side.losses_percent));
    rows.push_back(distribution_cells(side.id + " broken %", side.broken_percent));
    rows.push_back(distribution_cells(side.id + " units broken", side.units_broken));
    rows.push_back(distribution_cells(side.id + " points", side.points));
  }
  std::string figures = "<div class=\"figures\">\n";
  figures += figure("Battle length (turns)",
                    report::histogram_chart(s.turns_histogram, "turns", "turn", true, "turns"));
  for (std::size_t i = 0; i < s.sides.size(); ++i) {
    const SideSummary& side = s.sides[i];
    figures +=
        figure(side.id + ": losses, % of starting strength",
               report::histogram_chart(side.losses_histogram, "% of starting strength lost",
                                       "losses %", false, "losses " + report::side_class(i)));
  }
  for (std::size_t i = 0; i < s.sides.size(); ++i) {
    const SideSummary& side = s.sides[i];
    figures += figure(side.id + ": units broken",
                      report::histogram_chart(
                          side.units_broken_histogram, "units routed, removed or off the table",
                          "units broken", true, "units " + report::side_class(i)));
  }
  figures += "</div>\n";
  return report::section(
      "How long and how bloody",
      "Mean, standard deviation and quantiles (R type 7), then the histograms they summarise.",
      report::table({"", "mean", "sd", "5%", "25%", "50%", "75%", "95%"}, rows) + figures);
}

std::string units(const McSummary& s) {
  std::vector<std::vector<std::string>> rows;
  std::vector<report::StackRow> bars;
  const char* classes[kUnitStatusCount] = {"active", "routed", "removed", "off-table"};
  const char* names[kUnitStatusCount] = {"survived", "routed", "removed", "off table"};
  for (const UnitSummary& u : s.units) {
    const SideSummary& side = s.sides.at(static_cast<std::size_t>(u.side));
    rows.push_back({u.id, side.id, report::rate_text(u.status[0], s.battles, u.survived),
                    report::percent_text(u.status[1], s.battles),
                    report::percent_text(u.status[2], s.battles),
                    report::percent_text(u.status[3], s.battles)});
    report::StackRow row{fmt::format("{} ({})", side.name, side.id), u.id, {}, u.survived, "", ""};
    std::string tip = u.name;
    for (std::size_t k = 0; k < kUnitStatusCount; ++k) {
      row.segments.push_back({report::fraction(u.status[k], s.battles), classes[k], names[k]});
      tip += fmt::format("\n{}: {} of {} ({})", names[k], u.status[k], s.battles,
                         report::percent_text(u.status[k], s.battles));
    }
    row.text = fmt::format("survived {} · routed {}", report::percent_text(u.status[0], s.battles),
                           report::percent_text(u.status[1], s.battles));
    row.tip = tip;
    bars.push_back(std::move(row));
  }
  return report::section(
      "How each unit fared",
      "How each unit ended its battles, grouped by side; the whisker is the 95% Wilson interval "
      "of surviving (still active at the end).",
      report::stacked_chart(bars, "units-chart") +
          report::table({"unit", "side", "survived", "routed", "removed", "off table"}, rows, 2));
}

std::string ends(const McSummary& s) {
  std::vector<BarRow> bars;
  for (const EndConditionCount& e : s.ends) {
    const std::string text =
        fmt::format("{} ({})", e.count, report::percent_text(e.count, s.battles));
    bars.push_back({"", e.reason, report::fraction(e.count, s.battles), std::nullopt, "end", text,
                    fmt::format("{}: {} of {} battles", e.reason, e.count, s.battles)});
  }
  return report::section("How the battles ended", "Which end condition decided each battle.",
                         bars.empty() ? std::string("<p>No battles.</p>\n")
                                      : report::bar_chart(bars, 1, true, "ends"));
}

}  // namespace

std::string mc_report(const McSummary& s) {
  std::string commanders;
  for (const SideSummary& side : s.sides) {
    commanders += fmt::format("{}{}={}", commanders.empty() ? "" : ", ", side.id, side.commander);
  }
  report::PageHead head;
  head.title = fmt::format("{} ({}): {} battles", s.scenario, s.ruleset, s.battles);
  head.subtitle = fmt::format("Rule set {} · {} · N = {} battles · seed {} · {} · commanders: {}",
                              s.ruleset, s.source, s.requested, s.seed,
                              s.turn_limit > 0 ? fmt::format("turn limit {}", s.turn_limit)
                                               : std::string("the rule set's turn limit"),
                              commanders);
  if (s.partial) {
    head.partial =
        fmt::format("PARTIAL: interrupted after {} of {} battles", s.battles, s.requested);
  }
  return report::page(head, outcome(s) + distributions(s) + units(s) + ends(s));
}

}  // namespace smoothbore
