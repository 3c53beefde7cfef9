// Event texts that are only pieces joined, without a format string (issue 9: fmt::format
// parses its format at every call, and a 10,000-stand turn logs thousands of moves and
// formation changes). Each gives the bytes of the "{}{}..." format it replaces. Texts with
// numbers use fmt's compiled formats (FMT_COMPILE) instead. Internal to src/rules/elan_drill.
#pragma once

#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>

namespace smoothbore::elan_drill {

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
