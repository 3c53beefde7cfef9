// A distance written to one decimal, as fmt's "{:.1f}" writes it, without its general float
// formatting (issue 9: a move's event, one per unit moved, spent most of its time there).
#pragma once

#include <cmath>
#include <string>

#include <fmt/format.h>

namespace smoothbore::group_orders {

// Appends fmt::format("{:.1f}", v) to `out`, bit for bit. v * 10 is worked out with an
// error far below a millionth for the values it takes on (0 to 1e9), so where its fraction
// is more than a millionth from a half, rounding it to the nearest whole number rounds the
// exact decimal value as fmt does; the rest (ties, which fmt rounds to even, negative (-0 too),
// large or not finite values) go to fmt itself.
inline void append_tenths(std::string& out, double v) {
  if (!std::signbit(v) && v < 1e9) {
    const double x = v * 10;
    const double whole = std::floor(x);
    const double frac = x - whole;
    if (std::abs(frac - 0.5) > 1e-6) {
      const auto n = static_cast<long long>(frac > 0.5 ? whole + 1 : whole);
      out += std::to_string(n / 10);
      out += '.';
      out += static_cast<char>('0' + n % 10);
      return;
    }
  }
  fmt::format_to(std::back_inserter(out), "{:.1f}", v);
}

}  // namespace smoothbore::group_orders
