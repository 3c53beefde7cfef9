#include "analysis/report/svg.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace smoothbore::report {

namespace {

// Horizontal charts: a label column, the plot and a text column, in SVG user units.
constexpr double kLabelWidth = 190;
constexpr double kPlotWidth = 340;
constexpr double kTextWidth = 230;
constexpr double kRow = 20;
constexpr double kBar = 14;

// Inline in HTML, an <svg> needs no xmlns (and the report names no URL at all).
std::string svg_open(std::string_view cls, double width, double height) {
  return fmt::format(
      "<svg class=\"chart {}\" viewBox=\"0 0 {:.0f} {:.0f}\" "
      "width=\"{:.0f}\" height=\"{:.0f}\" role=\"img\">",
      cls, width, height, width, height);
}

std::string text(double x, double y, std::string_view anchor, std::string_view cls,
                 std::string_view s) {
  return fmt::format("<text class=\"{}\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\">{}</text>",
                     cls, x, y, anchor, html_escape(s));
}

// A whisker from `ci.low` to `ci.high` (fractions of the plot) at height y.
std::string whisker(const Interval& ci, double x0, double scale, double y) {
  const double a = x0 + ci.low * scale;
  const double b = x0 + ci.high * scale;
  return fmt::format(
      "<path class=\"ci\" d=\"M{0:.1f} {2:.1f}H{1:.1f}M{0:.1f} {3:.1f}V{4:.1f}M{1:.1f} "
      "{3:.1f}V{4:.1f}\"/>",
      a, b, y, y - 4, y + 4);
}

// The vertical grid and its labels under a horizontal chart of plot height `bottom`.
std::string grid(double max, bool percent, double top, double bottom) {
  std::string out;
  for (int k = 0; k <= 4; ++k) {
    const double x = kLabelWidth + kPlotWidth * k / 4.0;
    const double v = max * k / 4.0;
    out += fmt::format("<path class=\"axis\" d=\"M{:.1f} {:.1f}V{:.1f}\"/>", x, top, bottom);
    out += text(x, bottom + 14, "middle", "tick",
                percent ? fmt::format("{:.0f}%", 100 * v) : fmt::format("{:.3g}", v));
  }
  return out;
}

// Group headings and labels: returns the y of the row's top after any heading.
double heading(std::string& out, const std::string& group, std::string& last, double y) {
  if (group.empty() || group == last) return y;
  last = group;
  out += text(4, y + 15, "start", "group", group);
  return y + kRow + 2;
}

}  // namespace

std::string bar_chart(const std::vector<BarRow>& rows, double max, bool percent,
                      std::string_view cls) {
  if (!(max > 0)) max = 1;
  const double scale = kPlotWidth / max;
  std::string body;
  std::string last;
  double y = 4;
  for (const BarRow& r : rows) {
    y = heading(body, r.group, last, y);
    const double w = std::clamp(r.value, 0.0, max) * scale;
    body += text(kLabelWidth - 6, y + 12, "end", "label", r.label);
    body += fmt::format(
        "<rect class=\"bar {}\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.0f}\">"
        "<title>{}</title></rect>",
        r.cls, kLabelWidth, y + (kRow - kBar) / 2, w, kBar, html_escape(r.tip));
    if (r.ci) body += whisker(*r.ci, kLabelWidth, kPlotWidth, y + kRow / 2);
    body += text(kLabelWidth + kPlotWidth + 6, y + 14, "start", "value", r.text);
    y += kRow;
  }
  const double height = y + 22;
  return svg_open(cls, kLabelWidth + kPlotWidth + kTextWidth, height) +
         grid(max, percent, 2, y + 2) + body + "</svg>";
}

std::string histogram_chart(const Histogram& h, std::string_view x_label, std::string_view unit,
                            bool integer, std::string_view cls) {
  constexpr double kLeft = 44, kTop = 10, kWidth = 300, kHeight = 120;
  const double total_width = kLeft + kWidth + 12;
  const double total_height = kTop + kHeight + 40;
  std::string out = svg_open(cls, total_width, total_height);
  if (h.counts.empty()) {
    return out + text(total_width / 2, total_height / 2, "middle", "label", "no battles") +
           "</svg>";
  }
  std::int64_t most = 1;
  std::int64_t total = 0;
  for (std::int64_t c : h.counts) {
    most = std::max(most, c);
    total += c;
  }
  const auto n = static_cast<double>(h.counts.size());
  const double bin = kWidth / n;
  const double base = kTop + kHeight;
  const std::size_t step = static_cast<std::size_t>(std::ceil(n / 10));
  const bool centred = integer && h.width == 1;
  for (std::size_t i = 0; i < h.counts.size(); ++i) {
    const double lo = h.low + h.width * static_cast<double>(i);
    const double x = kLeft + bin * static_cast<double>(i);
    const double height = kHeight * static_cast<double>(h.counts[i]) / static_cast<double>(most);
    const std::string range = centred ? fmt::format("{} {:g}", unit, lo)
                                      : fmt::format("{} {:g} to {:g}", unit, lo, lo + h.width);
    out += fmt::format(
        "<rect class=\"bin\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\">"
        "<title>{}: {} of {} battles ({:.1f}%)</title></rect>",
        x + 0.5, base - height, std::max(bin - 1, 0.5), height, html_escape(range), h.counts[i],
        total, 100.0 * static_cast<double>(h.counts[i]) / static_cast<double>(total));
    if (i % step == 0) {
      out += text(centred ? x + bin / 2 : x, base + 14, "middle", "tick", fmt::format("{:g}", lo));
    }
  }
  if (!centred) {
    out +=
        text(kLeft + kWidth, base + 14, "middle", "tick", fmt::format("{:g}", h.low + h.width * n));
  }
  out += fmt::format("<path class=\"axis\" d=\"M{:.1f} {:.1f}H{:.1f}M{:.1f} {:.1f}V{:.1f}\"/>",
                     kLeft, base, kLeft + kWidth, kLeft, kTop, base);
  out += text(kLeft - 4, kTop + 8, "end", "tick", std::to_string(most));
  out += text(kLeft - 4, base, "end", "tick", "0");
  out += text(kLeft + kWidth / 2, base + 32, "middle", "label", x_label);
  return out + "</svg>";
}

std::string stacked_chart(const std::vector<StackRow>& rows, std::string_view cls) {
  std::string body;
  // The legend: every part's name, in order of first appearance.
  std::vector<std::pair<std::string, std::string>> parts;
  for (const StackRow& r : rows) {
    for (const Segment& s : r.segments) {
      if (std::none_of(parts.begin(), parts.end(),
                       [&](const auto& p) { return p.first == s.name; }))
        parts.emplace_back(s.name, s.cls);
    }
  }
  double x = kLabelWidth;
  for (const auto& [name, part_cls] : parts) {
    body += fmt::format("<rect class=\"seg {}\" x=\"{:.1f}\" y=\"4\" width=\"12\" height=\"12\"/>",
                        part_cls, x);
    body += text(x + 16, 14, "start", "tick", name);
    x += 24 + 7 * static_cast<double>(name.size());
  }
  std::string last;
  double y = 24;
  for (const StackRow& r : rows) {
    y = heading(body, r.group, last, y);
    body += fmt::format("<g class=\"unit-bar\"><title>{}</title>", html_escape(r.tip));
    body += text(kLabelWidth - 6, y + 12, "end", "label", r.label);
    double at = kLabelWidth;
    for (const Segment& s : r.segments) {
      const double w = std::max(0.0, s.fraction) * kPlotWidth;
      body += fmt::format(
          "<rect class=\"seg {}\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.0f}\"/>",
          s.cls, at, y + (kRow - kBar) / 2, w, kBar);
      at += w;
    }
    if (r.ci) body += whisker(*r.ci, kLabelWidth, kPlotWidth, y + kRow / 2);
    body += text(kLabelWidth + kPlotWidth + 6, y + 14, "start", "value", r.text);
    body += "</g>";
    y += kRow;
  }
  return svg_open(cls, kLabelWidth + kPlotWidth + kTextWidth, y + 22) + grid(1, true, 22, y + 2) +
         body + "</svg>";
}

std::string heat_map(const HeatMap& m) {
  constexpr double kLeft = 170, kTop = 44, kCellW = 118, kCellH = 48;
  const double cols = static_cast<double>(m.cols.size());
  const double width = kLeft + cols * kCellW + 8;
  const double height = kTop + static_cast<double>(m.rows.size()) * kCellH + 8;
  std::string out = svg_open("heatmap", width, height);
  out += text(kLeft + cols * kCellW / 2, 14, "middle", "axis-name", m.col_axis);
  out += text(kLeft - 8, 34, "end", "axis-name", m.row_axis);
  for (std::size_t c = 0; c < m.cols.size(); ++c) {
    out += text(kLeft + (static_cast<double>(c) + 0.5) * kCellW, 34, "middle", "tick", m.cols[c]);
  }
  // White to the hue's full colour.
  const bool win = m.hue == "win";
  const int full[3] = {win ? 33 : 178, win ? 102 : 24, win ? 172 : 43};
  for (std::size_t r = 0; r < m.rows.size(); ++r) {
    const double y = kTop + static_cast<double>(r) * kCellH;
    out += text(kLeft - 8, y + kCellH / 2 + 4, "end", "label", m.rows[r]);
    for (std::size_t c = 0; c < m.cols.size(); ++c) {
      const std::size_t i = r * m.cols.size() + c;
      const double x = kLeft + static_cast<double>(c) * kCellW;
      if (i >= m.cells.size() || !m.cells[i]) {
        out += fmt::format(
            "<rect class=\"heat missing\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.0f}\" "
            "height=\"{:.0f}\"><title>not fought</title></rect>",
            x + 1, y + 1, kCellW - 2, kCellH - 2);
        continue;
      }
      const HeatCell& cell = *m.cells[i];
      const double t = std::clamp(cell.shade, 0.0, 1.0);
      int rgb[3];
      for (int k = 0; k < 3; ++k) rgb[k] = static_cast<int>(std::lround(247 + (full[k] - 247) * t));
      out += fmt::format(
          "<rect class=\"heat\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.0f}\" height=\"{:.0f}\" "
          "fill=\"rgb({},{},{})\"><title>{}</title></rect>",
          x + 1, y + 1, kCellW - 2, kCellH - 2, rgb[0], rgb[1], rgb[2], html_escape(cell.tip));
      const std::string ink = t > 0.55 ? "heat-text light" : "heat-text";
      out += text(x + kCellW / 2, y + 22, "middle", ink, cell.text);
      out += text(x + kCellW / 2, y + 38, "middle", ink + " sub", cell.sub);
    }
  }
  return out + "</svg>";
}

}  // namespace smoothbore::report
