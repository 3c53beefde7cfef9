// Charts as inline SVG text, drawn here rather than by a chart library so that the report
// is one static file: no script, nothing fetched, the same bytes for the same summary, and
// it prints. Tooltips are SVG <title> elements. Colours and fonts come from report.css by
// class (bar, bin, seg, heat, ci, axis).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/stats.h"
#include "core/text/html.h"

namespace smoothbore::report {

// One horizontal bar: `value` on a 0..max scale, an optional interval drawn as a whisker.
struct BarRow {
  std::string group;  // a heading above the first bar of each run of equal groups
  std::string label;
  double value = 0;
  std::optional<Interval> ci;
  std::string cls;   // extra CSS class of the bar (e.g. "win", "side-1")
  std::string text;  // printed right of the bar
  std::string tip;
};

// `percent`: values and max are fractions, the axis reads 0% to 100%.
std::string bar_chart(const std::vector<BarRow>& rows, double max, bool percent,
                      std::string_view cls);

// Vertical bins of `h`; `integer`: label bins by their value (width 1) or range.
std::string histogram_chart(const Histogram& h, std::string_view x_label, std::string_view unit,
                            bool integer, std::string_view cls);

// A horizontal bar split into parts (fractions summing to 1), e.g. a unit's fates.
struct Segment {
  double fraction = 0;
  std::string cls;
  std::string name;
};
struct StackRow {
  std::string group;
  std::string label;
  std::vector<Segment> segments;
  std::optional<Interval> ci;  // drawn over the first segment
  std::string text;
  std::string tip;
};
std::string stacked_chart(const std::vector<StackRow>& rows, std::string_view cls);

// A grid of coloured cells (row-major; nullopt for a cell not fought).
struct HeatCell {
  double shade = 0;  // 0..1, the colour's strength
  std::string text;  // large, e.g. "62%"
  std::string sub;   // small, e.g. "[55, 68]"
  std::string tip;
};
struct HeatMap {
  std::string title;
  std::string row_axis;
  std::string col_axis;
  std::vector<std::string> rows;
  std::vector<std::string> cols;
  std::vector<std::optional<HeatCell>> cells;
  std::string hue;  // "win" or "loss": the colour ramp
};
std::string heat_map(const HeatMap& map);

}  // namespace smoothbore::report
