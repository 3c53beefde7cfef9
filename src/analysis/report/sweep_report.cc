#include "analysis/report/sweep_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "analysis/report/html.h"
#include "analysis/report/svg.h"
#include "core/value.h"

namespace smoothbore {

namespace {

using report::BarRow;

std::string cell_name(const std::vector<SweepAxis>& axes, const SweepCell& cell) {
  // One axis: its value is enough (the chart says which axis).
  return axes.size() == 1 ? to_string(cell.overrides.front().value) : cell.label();
}

std::string win_tip(const SweepCellResult& c, std::size_t side) {
  const McSummary& m = c.summary;
  const SideSummary& s = m.sides[side];
  return fmt::format("{}\n{} won {} of {} battles: {}", c.cell.label(), s.id, s.wins, m.battles,
                     report::rate_text(s.wins, m.battles, s.win));
}

// Both measures for a 2-D grid: a heat map per side.
std::string heat_maps(const std::vector<SweepAxis>& axes, const std::vector<SweepCellResult>& cells,
                      bool losses) {
  const McSummary& first = cells.front().summary;
  std::string out = "<div class=\"figures\">\n";
  for (std::size_t side = 0; side < first.sides.size(); ++side) {
    report::HeatMap map;
    map.row_axis = axes[0].name;
    map.col_axis = axes[1].name;
    for (const Value& v : axes[0].values) map.rows.push_back(to_string(v));
    for (const Value& v : axes[1].values) map.cols.push_back(to_string(v));
    map.hue = losses ? "loss" : "win";
    for (const SweepCellResult& c : cells) {
      const McSummary& m = c.summary;
      const SideSummary& s = m.sides[side];
      if (m.battles == 0) {
        map.cells.emplace_back();
        continue;
      }
      if (losses) {
        map.cells.push_back(report::HeatCell{
            s.losses_percent.mean / 100, fmt::format("{:.1f}%", s.losses_percent.mean),
            fmt::format("broken {:.1f}%", s.broken_percent.mean),
            fmt::format("{}\n{} mean losses {:.1f}% of starting strength", c.cell.label(), s.id,
                        s.losses_percent.mean)});
      } else {
        const double rate = report::fraction(s.wins, m.battles);
        map.cells.push_back(report::HeatCell{
            rate, fmt::format("{:.1f}%", 100 * rate),
            fmt::format("[{:.1f}, {:.1f}]", 100 * s.win.low, 100 * s.win.high), win_tip(c, side)});
      }
    }
    const std::string caption = fmt::format("{} {}", first.sides[side].id,
                                            losses ? "mean losses (% of strength)" : "win rate");
    out += "<figure><figcaption>" + html_escape(caption) + "</figcaption>" + report::heat_map(map) +
           "</figure>\n";
  }
  return out + "</div>\n";
}

// Any other grid: a group of bars (a bar per side) for each cell.
std::string bars(const std::vector<SweepAxis>& axes, const std::vector<SweepCellResult>& cells,
                 bool losses) {
  std::vector<BarRow> rows;
  for (const SweepCellResult& c : cells) {
    const McSummary& m = c.summary;
    const std::string group =
        axes.size() == 1 ? axes[0].name + " = " + cell_name(axes, c.cell) : c.cell.label();
    for (std::size_t side = 0; side < m.sides.size(); ++side) {
      const SideSummary& s = m.sides[side];
      BarRow row{group, s.id, 0, std::nullopt, report::side_class(side), "-", ""};
      if (m.battles > 0 && losses) {
        row.value = s.losses_percent.mean / 100;
        row.text = fmt::format("{:.1f}%", s.losses_percent.mean);
        row.tip = fmt::format("{}\n{} mean losses {:.1f}% of starting strength", c.cell.label(),
                              s.id, s.losses_percent.mean);
      } else if (m.battles > 0) {
        row.value = report::fraction(s.wins, m.battles);
        row.ci = s.win;
        row.text = report::rate_text(s.wins, m.battles, s.win);
        row.tip = win_tip(c, side);
      }
      rows.push_back(std::move(row));
    }
  }
  return report::bar_chart(rows, 1, true, losses ? "sweep-losses" : "sweep-wins");
}

std::string grid_table(const std::vector<SweepAxis>& axes,
                       const std::vector<SweepCellResult>& cells) {
  const McSummary& first = cells.front().summary;
  std::vector<std::string> header;
  for (const SweepAxis& a : axes) header.push_back(a.name);
  header.push_back("battles");
  for (const SideSummary& s : first.sides) header.push_back(s.id + " win");
  header.push_back("draw");
  for (const SideSummary& s : first.sides) header.push_back(s.id + " losses");
  header.push_back("turns");
  std::vector<std::vector<std::string>> rows;
  for (const SweepCellResult& c : cells) {
    const McSummary& m = c.summary;
    std::vector<std::string> row;
    for (const ScenarioOverride& o : c.cell.overrides) row.push_back(to_string(o.value));
    row.push_back(std::to_string(m.battles));
    for (const SideSummary& s : m.sides) row.push_back(report::rate_text(s.wins, m.battles, s.win));
    row.push_back(report::percent_text(m.sides[0].draws, m.battles));
    for (const SideSummary& s : m.sides) {
      row.push_back(m.battles == 0 ? "-" : fmt::format("{:.1f}%", s.losses_percent.mean));
    }
    row.push_back(m.battles == 0 ? "-" : fmt::format("{:.2f}", m.turns.mean));
    rows.push_back(std::move(row));
  }
  return report::table(header, rows, axes.size());
}

}  // namespace

std::string sweep_report(const std::vector<SweepAxis>& axes,
                         const std::vector<SweepCellResult>& cells) {
  report::PageHead head;
  if (cells.empty()) {
    head.title = "Sweep: no cells fought";
    return report::page(head, "");
  }
  const McSummary& first = cells.front().summary;
  std::size_t grid = 1;
  std::string axis_text;
  for (const SweepAxis& a : axes) {
    grid *= a.values.size();
    std::string values;
    for (const Value& v : a.values) values += (values.empty() ? "" : ", ") + to_string(v);
    axis_text += fmt::format("{}{} = {}", axis_text.empty() ? "" : "; ", a.name, values);
  }
  std::int64_t fought = 0;
  for (const SweepCellResult& c : cells) fought += c.summary.battles;
  head.title = fmt::format("{} ({}): sweep of {} cells", first.scenario, first.ruleset, grid);
  head.subtitle = fmt::format("Rule set {} · {} · N = {} battles per cell · seed {} · {}",
                              first.ruleset, first.source, first.requested, first.seed, axis_text);
  const bool partial = std::any_of(cells.begin(), cells.end(),
                                   [](const SweepCellResult& c) { return c.summary.partial; });
  if (partial || cells.size() < grid) {
    head.partial = fmt::format(
        "PARTIAL: interrupted after {} of {} battles; the last cell is "
        "incomplete",
        fought, first.requested * static_cast<std::int64_t>(grid));
  }
  const bool two_d = axes.size() == 2;
  std::string body = report::section(
      "Win rate across the grid",
      two_d ? "Each side's win rate per cell, with its 95% Wilson interval below it."
            : "Each side's win rate per cell; the whiskers are 95% Wilson intervals.",
      two_d ? heat_maps(axes, cells, false) : bars(axes, cells, false));
  body +=
      report::section("Mean losses per cell",
                      "Mean losses of each side, in % of its starting strength" +
                          std::string(two_d ? " (and the mean broken: routed or removed)." : "."),
                      two_d ? heat_maps(axes, cells, true) : bars(axes, cells, true));
  body += report::section("Table", "As the text output prints it.", grid_table(axes, cells));
  return report::page(head, body);
}

}  // namespace smoothbore
