#include "core/text/html.h"

namespace smoothbore {

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string fill_template(std::string_view tpl,
                          const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  std::size_t pos = 0;
  while (pos < tpl.size()) {
    const auto open = tpl.find("{{", pos);
    if (open == std::string_view::npos) break;
    const auto close = tpl.find("}}", open);
    if (close == std::string_view::npos) break;
    const std::string_view key = tpl.substr(open + 2, close - open - 2);
    out.append(tpl.substr(pos, open - pos));
    bool found = false;
    for (const auto& [k, v] : values) {
      if (k == key) {
        out += v;
        found = true;
        break;
      }
    }
    if (!found) out.append(tpl.substr(open, close + 2 - open));
    pos = close + 2;
  }
  out.append(tpl.substr(pos));
  return out;
}

}  // namespace smoothbore
