#include "core/text/fixed0.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>

#include <fmt/format.h>

namespace smoothbore {

void append_fixed0(std::string& out, double v) {
  if (!std::signbit(v) && v < 1e14) {  // not NaN, -0.0 or negative
    // v = m * 2^-s exactly (m below 2^53, s at least 6 below 10^14 < 2^47): its nearest whole
    // number k, in integers, is exact; a tie (the remainder half of 2^s) goes to fmt. Below
    // 2^-11 (s of 64 or more) v is under 1/2 and k is 0.
    const auto bits = std::bit_cast<std::uint64_t>(v);
    const auto field = static_cast<int>(bits >> 52);
    std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
    int s = 1074;  // a subnormal's
    if (field != 0) {
      m |= std::uint64_t{1} << 52;
      s = 1075 - field;
    }
    std::uint64_t k = 0;
    bool tie = false;
    if (s < 64) {
      k = m >> s;
      const std::uint64_t rem = m & ((std::uint64_t{1} << s) - 1);
      const std::uint64_t half = std::uint64_t{1} << (s - 1);
      tie = rem == half;
      if (rem > half) ++k;
    }
    if (!tie) {
      char buf[24];
      char* end = buf + sizeof buf;
      char* p = end;
      do {
        *--p = static_cast<char>('0' + k % 10);
        k /= 10;
      } while (k != 0);
      out.append(p, end);
      return;
    }
  }
  out += fmt::format("{:.0f}", v);
}

}  // namespace smoothbore
