// The exact fixed-point writer behind append_fixed0 and append_fixed1 (issue 9): fmt's
// "{:.0f}" and "{:.1f}" of a double, worked out in integers.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>

namespace smoothbore::text_detail {

// Appends v with `decimals` (0 or 1) decimal places, the text fmt's "{:.Nf}" writes, and
// returns true; or appends nothing and returns false when v is half-way between two
// candidates, -0, negative, 10^14 or more, or NaN (the caller asks fmt then).
inline bool append_fixed_exact(std::string& out, double v, int decimals) {
  if (std::signbit(v) || !(v < 1e14)) return false;
  // v = m * 2^-s exactly (m below 2^53, s at least 6 below 10^14 < 2^47), so 10^decimals * v
  // is 10^decimals * m / 2^s: its nearest whole number k, in integers (10m below 2^57), is
  // exact (fmt's rounding is exact too); a tie is the remainder half of 2^s. Below 2^-11 (s of
  // 64 or more) 10 * v is under 1/2 and k is 0.
  const auto bits = std::bit_cast<std::uint64_t>(v);
  const auto field = static_cast<int>(bits >> 52);
  std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
  int s = 1074;  // a subnormal's
  if (field != 0) {
    m |= std::uint64_t{1} << 52;
    s = 1075 - field;
  }
  std::uint64_t k = 0;
  if (s < 64) {
    const std::uint64_t p = decimals == 0 ? m : 10 * m;
    k = p >> s;
    const std::uint64_t rem = p & ((std::uint64_t{1} << s) - 1);
    const std::uint64_t half = std::uint64_t{1} << (s - 1);
    if (rem == half) return false;
    if (rem > half) ++k;
  }
  char buf[24];
  char* end = buf + sizeof buf;
  char* p = end;
  if (decimals == 1) {
    *--p = static_cast<char>('0' + k % 10);
    *--p = '.';
    k /= 10;
  }
  do {
    *--p = static_cast<char>('0' + k % 10);
    k /= 10;
  } while (k != 0);
  out.append(p, end);
  return true;
}

}  // namespace smoothbore::text_detail
