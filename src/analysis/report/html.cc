#include "analysis/report/html.h"

#include <fmt/format.h>

#include "analysis/report/svg.h"
#include "core/embedded.h"
#include "core/text/html.h"

namespace smoothbore::report {

namespace {

std::string asset(std::string_view name) {
  auto found = embedded::find(embedded::report_files(), name);
  return found ? std::string(*found) : std::string();
}

}  // namespace

std::string page(const PageHead& head, const std::string& body) {
  std::string header =
      fmt::format("<h1>{}</h1>\n<p class=\"meta\">{}</p>\n<p class=\"note\">{}</p>\n",
                  html_escape(head.title), html_escape(head.subtitle), html_escape(kThreadsNote));
  if (!head.partial.empty()) {
    header += fmt::format("<p class=\"partial\">{}</p>\n", html_escape(head.partial));
  }
  const std::string title = (head.partial.empty() ? "" : "PARTIAL — ") + head.title;
  return fill_template(asset("report.html"), {{"title", html_escape(title)},
                                              {"css", asset("report.css")},
                                              {"header", header},
                                              {"body", body}});
}

std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows, std::size_t text_columns) {
  auto open = [&](const char* tag, std::size_t column) {
    return fmt::format("<{}{}>", tag, column < text_columns ? "" : " class=\"num\"");
  };
  std::string out = "<table>\n<thead><tr>";
  for (std::size_t i = 0; i < header.size(); ++i)
    out += open("th", i) + html_escape(header[i]) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rows) {
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i)
      out += open("td", i) + html_escape(row[i]) + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

std::string section(const std::string& heading, const std::string& intro,
                    const std::string& content) {
  std::string out = "<section>\n<h2>" + html_escape(heading) + "</h2>\n";
  if (!intro.empty()) out += "<p>" + html_escape(intro) + "</p>\n";
  return out + content + "</section>\n";
}

double fraction(std::int64_t count, std::int64_t total) {
  return total > 0 ? static_cast<double>(count) / static_cast<double>(total) : 0.0;
}

std::string side_class(std::size_t side) { return fmt::format("side-{}", side % 4); }

std::string rate_text(std::int64_t count, std::int64_t total, const Interval& ci) {
  if (total == 0) return "-";
  return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * fraction(count, total), 100 * ci.low,
                     100 * ci.high);
}

std::string percent_text(std::int64_t count, std::int64_t total) {
  return total > 0 ? fmt::format("{:.1f}%", 100 * fraction(count, total)) : std::string("-");
}

}  // namespace smoothbore::report
