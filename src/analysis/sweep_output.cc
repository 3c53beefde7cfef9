#include "analysis/sweep_output.h"

#include <algorithm>

#include <fmt/format.h>

#include "analysis/csv.h"
#include "analysis/mc_output.h"
#include "core/json_value.h"

namespace smoothbore {

namespace {

using Json = nlohmann::ordered_json;

// count / total as a fraction; 0 with no battles.
double share(std::int64_t count, std::int64_t total) {
  return total > 0 ? static_cast<double>(count) / static_cast<double>(total) : 0.0;
}

// The columns of the text table: a header and a cell per grid cell.
struct Column {
  std::string header;
  std::vector<std::string> cells;
  bool right = false;  // right-aligned (numbers)
};

}  // namespace

std::string sweep_text(const std::vector<SweepAxis>& axes,
                       const std::vector<SweepCellResult>& cells) {
  if (cells.empty()) return "";
  const McSummary& first = cells.front().summary;
  std::string out = fmt::format("{} ({}), {}\n", first.scenario, first.ruleset, first.source);
  out += fmt::format(
      "{} cells of {} battles, seed {} (battle i rolls dice stream i in every "
      "cell); win rates with 95% Wilson intervals, mean losses in % of starting "
      "strength\n",
      cells.size(), first.requested, first.seed);
  std::int64_t fought = 0;
  for (const SweepCellResult& c : cells) fought += c.summary.battles;
  const bool partial = std::any_of(cells.begin(), cells.end(),
                                   [](const SweepCellResult& c) { return c.summary.partial; });
  if (partial) {
    out += fmt::format(
        "PARTIAL: interrupted after {} of {} battles; the last cell is "
        "incomplete\n",
        fought, first.requested * static_cast<std::int64_t>(cells.size()));
  }
  out += '\n';

  std::vector<Column> columns;
  for (std::size_t a = 0; a < axes.size(); ++a) {
    Column col{axes[a].name, {}, false};
    for (const SweepCellResult& c : cells)
      col.cells.push_back(to_string(c.cell.overrides[a].value));
    columns.push_back(std::move(col));
  }
  Column battles{"battles", {}, true};
  for (const SweepCellResult& c : cells) battles.cells.push_back(std::to_string(c.summary.battles));
  columns.push_back(std::move(battles));
  for (std::size_t side = 0; side < first.sides.size(); ++side) {
    Column col{first.sides[side].id + " win", {}, false};
    for (const SweepCellResult& c : cells) {
      const SideSummary& s = c.summary.sides[side];
      col.cells.push_back(c.summary.battles == 0
                              ? std::string("-")
                              : fmt::format("{:5.1f}% [{:.1f}, {:.1f}]",
                                            100 * share(s.wins, c.summary.battles), 100 * s.win.low,
                                            100 * s.win.high));
    }
    columns.push_back(std::move(col));
  }
  Column draws{"draw", {}, true};
  for (const SweepCellResult& c : cells) {
    draws.cells.push_back(
        c.summary.battles == 0
            ? std::string("-")
            : fmt::format("{:.1f}%", 100 * share(c.summary.sides[0].draws, c.summary.battles)));
  }
  columns.push_back(std::move(draws));
  for (std::size_t side = 0; side < first.sides.size(); ++side) {
    Column col{first.sides[side].id + " losses", {}, true};
    for (const SweepCellResult& c : cells) {
      const Distribution& d = c.summary.sides[side].losses_percent;
      col.cells.push_back(d.count == 0 ? std::string("-") : fmt::format("{:.1f}%", d.mean));
    }
    columns.push_back(std::move(col));
  }
  Column turns{"turns", {}, true};
  for (const SweepCellResult& c : cells) {
    turns.cells.push_back(c.summary.turns.count == 0 ? std::string("-")
                                                     : fmt::format("{:.2f}", c.summary.turns.mean));
  }
  columns.push_back(std::move(turns));

  std::vector<std::size_t> widths;
  for (const Column& col : columns) {
    std::size_t w = col.header.size();
    for (const std::string& s : col.cells) w = std::max(w, s.size());
    widths.push_back(w);
  }
  auto row = [&](auto text_of) {
    std::string line = " ";
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const std::string text = text_of(columns[i]);
      line += columns[i].right ? fmt::format(" {:>{}}", text, widths[i])
                               : fmt::format(" {:<{}}", text, widths[i]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line + '\n';
  };
  out += row([](const Column& c) { return c.header; });
  for (std::size_t r = 0; r < cells.size(); ++r) {
    out += row([r](const Column& c) { return c.cells[r]; });
  }
  return out;
}

void write_sweep_csv(std::ostream& out, const std::vector<SweepAxis>& axes,
                     const std::vector<SweepCellResult>& cells) {
  if (cells.empty()) return;
  const McSummary& first = cells.front().summary;
  for (const SweepAxis& a : axes) out << csv_field(a.name) << ',';
  out << "battles,partial,draws,mean_turns";
  for (const SideSummary& s : first.sides) {
    const std::string id = csv_field(s.id);
    out << ',' << id << "_wins," << id << "_win_rate," << id << "_win_low," << id << "_win_high,"
        << id << "_mean_losses," << id << "_mean_broken";
  }
  out << '\n';
  for (const SweepCellResult& c : cells) {
    const McSummary& m = c.summary;
    for (const ScenarioOverride& o : c.cell.overrides) out << csv_field(to_string(o.value)) << ',';
    out << fmt::format("{},{},{},{}", m.battles, m.partial ? "true" : "false", m.sides[0].draws,
                       m.turns.mean);
    for (const SideSummary& s : m.sides) {
      out << fmt::format(",{},{},{},{},{},{}", s.wins, share(s.wins, m.battles), s.win.low,
                         s.win.high, s.losses_percent.mean / 100, s.broken_percent.mean / 100);
    }
    out << '\n';
  }
}

Json sweep_json(const std::vector<SweepAxis>& axes, const std::vector<SweepCellResult>& cells) {
  Json j = Json::object();
  Json axes_json = Json::array();
  for (const SweepAxis& a : axes) {
    Json values = Json::array();
    for (const Value& v : a.values) values.push_back(to_json(v));
    axes_json.push_back(Json{{"name", a.name}, {"values", std::move(values)}});
  }
  j["axes"] = std::move(axes_json);
  Json cells_json = Json::array();
  for (const SweepCellResult& c : cells) {
    Json values = Json::object();
    for (const ScenarioOverride& o : c.cell.overrides) values[o.name] = to_json(o.value);
    cells_json.push_back(Json{{"values", std::move(values)}, {"summary", summary_json(c.summary)}});
  }
  j["cells"] = std::move(cells_json);
  return j;
}

}  // namespace smoothbore
