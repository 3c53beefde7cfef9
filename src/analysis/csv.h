// CSV fields (RFC 4180): quoted when they hold a comma, quote or line break.
#pragma once

#include <string>
#include <string_view>

namespace smoothbore {

inline std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

}  // namespace smoothbore
