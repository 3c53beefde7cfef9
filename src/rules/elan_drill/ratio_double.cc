#include "rules/elan_drill/ratio_double.h"

#include <cmath>
#include <cstdint>

namespace smoothbore::elan_drill {

namespace {

// `v`'s top 64 bits (the highest one set) and the power of two they stand for:
// v ∈ [top, top + 1) · 2^shift (v > 0).
std::uint64_t top_bits(mpz_srcptr v, long* shift) {
  const auto bits = static_cast<long>(mpz_sizeinbase(v, 2));
  const std::size_t limbs = mpz_size(v);
  static_assert(sizeof(mp_limb_t) == 8, "64-bit limbs");
  const auto hi = static_cast<std::uint64_t>(mpz_getlimbn(v, static_cast<mp_size_t>(limbs - 1)));
  const auto lo =
      limbs >= 2 ? static_cast<std::uint64_t>(mpz_getlimbn(v, static_cast<mp_size_t>(limbs - 2)))
                 : 0;
  const int used = static_cast<int>(bits - 64 * static_cast<long>(limbs - 1));  // bits in hi
  *shift = bits - 64;
  if (used == 64) return hi;
  return hi << (64 - used) | (limbs >= 2 ? lo >> used : 0);
}

}  // namespace

double ratio_to_double(const BigInt& numerator, const BigInt& denominator) {
  const mpz_srcptr n = numerator.get_mpz_t();
  const mpz_srcptr d = denominator.get_mpz_t();
  if (mpz_sgn(n) <= 0 || mpz_sgn(d) <= 0) return to_double(numerator, denominator);
  long sn = 0, sd = 0;
  const std::uint64_t nt = top_bits(n, &sn);
  const std::uint64_t dt = top_bits(d, &sd);
  // n/d · 2^(63 - sn + sd) lies in [lo, hi]: n ∈ [nt, nt + 1) · 2^sn, d likewise; nt and dt
  // lie in [2^63, 2^64), so the bounds in (2^62, 2^64].
  __extension__ typedef unsigned __int128 U128;  // GCC and Clang on 64-bit targets
  const U128 lo = (static_cast<U128>(nt) << 63) / (static_cast<U128>(dt) + 1);
  const U128 hi_num = (static_cast<U128>(nt) + 1) << 63;
  const U128 hi = (hi_num + dt - 1) / dt;
  const int width = hi >> 63 != 0 ? 64 : 63;
  if (hi >> 64 != 0 || (lo >> 63 != 0 ? 64 : 63) != width) return to_double(numerator, denominator);
  const int drop = width - 53;  // keep 53 bits
  const U128 half = U128{1} << (drop - 1);
  const U128 mask = (U128{1} << drop) - 1;
  std::uint64_t mantissa = static_cast<std::uint64_t>(lo >> drop);
  if (static_cast<std::uint64_t>(hi >> drop) != mantissa) return to_double(numerator, denominator);
  if ((lo & mask) > half) {
    ++mantissa;  // every value between the bounds lies past the half: up
  } else if ((hi & mask) >= half) {
    return to_double(numerator, denominator);  // the half may lie between them, or be hit
  }
  const long exponent = drop - 63 + sn - sd;
  if (exponent < -1000) return to_double(numerator, denominator);  // near subnormals
  return std::ldexp(static_cast<double>(mantissa), static_cast<int>(exponent));
}

}  // namespace smoothbore::elan_drill
