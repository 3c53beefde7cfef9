// The frame of the HTML reports (`mc --report`, `sweep --report`): the page template and
// style sheet (src/analysis/report/report.{html,css}, embedded at build time) around a body,
// and the HTML pieces the reports share. Nothing in the page names a URL: it opens offline
// and fetches nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/stats.h"

namespace smoothbore::report {

struct PageHead {
  std::string title;     // <title> and the <h1>
  std::string subtitle;  // rule set, battles, seed, ...
  std::string partial;   // non-empty: the run was interrupted, shown as a banner
};

// The whole page: template, style sheet, the header of `head` and `body` (HTML).
std::string page(const PageHead& head, const std::string& body);

// A table; every cell is text (escaped here). The first `text_columns` columns are
// left-aligned, the others (numbers) right-aligned.
std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows, std::size_t text_columns = 1);

// A section: <section><h2>heading</h2> intro? content</section>.
std::string section(const std::string& heading, const std::string& intro,
                    const std::string& content);

// "62.3% [59.3, 65.2]" as in the text summary; "-" with no battles.
std::string rate_text(std::int64_t count, std::int64_t total, const Interval& ci);
// "12.5%"; "-" with no battles.
std::string percent_text(std::int64_t count, std::int64_t total);
double fraction(std::int64_t count, std::int64_t total);
// The CSS class of side `side`'s colour: "side-0" to "side-3" (report.css), then round again.
std::string side_class(std::size_t side);

// The sentence every report carries on determinism.
inline constexpr const char* kThreadsNote =
    "Battle i rolls dice stream i of the seed, so these numbers are the same for any --threads "
    "and any MPI layout.";

}  // namespace smoothbore::report
