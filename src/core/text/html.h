// Text for the self-contained HTML pages (the replay, src/io/replay/; the Monte Carlo
// report, src/analysis/report/): escaping, and filling a page template's {{name}} slots.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace smoothbore {

// `s` with & < > " written as HTML entities (safe in text and in quoted attributes).
std::string html_escape(std::string_view s);

// `tpl` with each {{name}} replaced by its value, in one pass, so that a value that
// happens to contain "{{...}}" is left alone; an unknown {{name}} stays as it is.
std::string fill_template(std::string_view tpl,
                          const std::vector<std::pair<std::string, std::string>>& values);

}  // namespace smoothbore
