// Record and event texts built without a format string (issue 9: fmt::format parses its
// format at every call, and a 10,000-stand turn records thousands of tests and moves). Each
// gives the bytes the "{}" format it replaces gives. Internal to src/rules/elan_drill.
#pragma once

#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace smoothbore::elan_drill {

// Appends `v` in decimal, as "{}" prints it.
inline void append_int(std::string& s, int v) {
  const fmt::format_int n(v);
  s.append(n.data(), n.size());
}

// The pieces one after the other, in a string sized once.
inline std::string joined(std::initializer_list<std::string_view> pieces) {
  std::size_t n = 0;
  for (std::string_view p : pieces) n += p.size();
  std::string out(n, '\0');
  char* at = out.data();
  for (std::string_view p : pieces) {
    if (!p.empty()) std::memcpy(at, p.data(), p.size());
    at += p.size();
  }
  return out;
}

}  // namespace smoothbore::elan_drill
