#include "rules/odds_memo.h"

#include <variant>

#include <fmt/format.h>

namespace smoothbore {

std::string odds_key(std::string_view name, std::string_view what,
                     const std::map<std::string, Value>& given) {
  std::string k;
  k.reserve(32 + 24 * given.size());
  k.append(name).append("|").append(what).append("|");
  for (const auto& [n, v] : given) {
    k.append(n).append("=");
    if (const auto* b = std::get_if<bool>(&v)) {
      k.append(*b ? "b1" : "b0");
    } else if (const auto* i = std::get_if<std::int64_t>(&v)) {
      fmt::format_to(std::back_inserter(k), "i{}", *i);
    } else if (const auto* d = std::get_if<double>(&v)) {
      fmt::format_to(std::back_inserter(k), "d{}", *d);  // shortest round-trip: exact
    } else {
      const std::string& s = std::get<std::string>(v);
      fmt::format_to(std::back_inserter(k), "s{}:", s.size());
      k.append(s);
    }
    k.append(";");
  }
  return k;
}

}  // namespace smoothbore
