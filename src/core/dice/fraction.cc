#include "core/dice/fraction.h"

#include <bit>
#include <cmath>
#include <cstdint>

#include "core/check.h"

namespace smoothbore {

namespace {

// `v`'s top 64 bits (the highest one set) and the power of two they stand for:
// v ∈ [top, top + 1) · 2^shift (v > 0).
std::uint64_t top_bits(mpz_srcptr v, long* shift) {
  const std::size_t limbs = mpz_size(v);
  static_assert(sizeof(mp_limb_t) == 8, "64-bit limbs");
  const auto hi = static_cast<std::uint64_t>(mpz_getlimbn(v, static_cast<mp_size_t>(limbs - 1)));
  const auto lo =
      limbs >= 2 ? static_cast<std::uint64_t>(mpz_getlimbn(v, static_cast<mp_size_t>(limbs - 2)))
                 : 0;
  // The bits in hi (mpz_sizeinbase(v, 2) less the lower limbs' without the call; issue 9).
  const int used = static_cast<int>(std::bit_width(hi));
  *shift = 64 * static_cast<long>(limbs - 1) + used - 64;
  if (used == 64) return hi;
  return hi << (64 - used) | (limbs >= 2 ? lo >> used : 0);
}

// mantissa · 2^exponent for a mantissa in [2^52, 2^53] and a result far from the
// subnormals and infinity: as std::ldexp, which rounds nothing here, from the bits
// (issue 9: the libm call was an eighth of a ratio's cost).
double scaled(std::uint64_t mantissa, long exponent) {
  if (mantissa == std::uint64_t{1} << 53) {  // rounded up to the next power of two
    mantissa >>= 1;
    ++exponent;
  }
  // The double 1.f · 2^e with 52 fraction bits: e = exponent + 52.
  const auto biased = static_cast<std::uint64_t>(exponent + 52 + 1023);
  const std::uint64_t bits = biased << 52 | (mantissa & ((std::uint64_t{1} << 52) - 1));
  return std::bit_cast<double>(bits);
}

}  // namespace

Fraction make_fraction(const BigInt& n, const BigInt& d) {
  SB_CHECK(sgn(d) != 0, "zero denominator");
  Fraction f(n, d);
  f.canonicalize();
  return f;
}

double to_double(const Fraction& f) { return to_double(f.get_num(), f.get_den()); }

double to_double_by_division(const BigInt& numerator, const BigInt& denominator) {
  SB_CHECK(sgn(denominator) > 0, "denominator not positive");
  if (sgn(numerator) == 0) return 0;
  const mpz_srcptr n = numerator.get_mpz_t();
  const mpz_srcptr d = denominator.get_mpz_t();
  // Scale |n|/d by 2^e into [2^62, 2^64), take the integer part q and whether a remainder
  // is left (the sticky bit), then round q's top 53 bits to nearest, ties to even. The
  // scratch integers are kept per thread: enumeration converts one fraction per outcome.
  const long e =
      63 - (static_cast<long>(mpz_sizeinbase(n, 2)) - static_cast<long>(mpz_sizeinbase(d, 2)));
  thread_local BigInt num;
  thread_local BigInt den;
  thread_local BigInt quotient;
  thread_local BigInt remainder;
  mpz_abs(num.get_mpz_t(), n);
  mpz_srcptr divisor = d;
  if (e >= 0) {
    mpz_mul_2exp(num.get_mpz_t(), num.get_mpz_t(), static_cast<mp_bitcnt_t>(e));
  } else {
    mpz_mul_2exp(den.get_mpz_t(), d, static_cast<mp_bitcnt_t>(-e));
    divisor = den.get_mpz_t();
  }
  mpz_tdiv_qr(quotient.get_mpz_t(), remainder.get_mpz_t(), num.get_mpz_t(), divisor);
  static_assert(sizeof(unsigned long) == 8, "mpz_get_ui must return 64 bits");
  const std::uint64_t q = mpz_get_ui(quotient.get_mpz_t());
  SB_CHECK(q >= (std::uint64_t{1} << 62), "fraction scaled below 2^62");
  const bool sticky = sgn(remainder) != 0;
  const int drop = (q >> 63) != 0 ? 11 : 10;  // keep 53 of q's 64 or 63 bits
  std::uint64_t mantissa = q >> drop;
  const std::uint64_t rest = q & ((std::uint64_t{1} << drop) - 1);
  const std::uint64_t half = std::uint64_t{1} << (drop - 1);
  if (rest > half || (rest == half && (sticky || (mantissa & 1) != 0))) ++mantissa;
  const double magnitude = std::ldexp(static_cast<double>(mantissa), static_cast<int>(drop - e));
  return sgn(numerator) < 0 ? -magnitude : magnitude;
}

double to_double(const BigInt& numerator, const BigInt& denominator) {
  const mpz_srcptr n = numerator.get_mpz_t();
  const mpz_srcptr d = denominator.get_mpz_t();
  if (mpz_sgn(n) <= 0 || mpz_sgn(d) <= 0) return to_double_by_division(numerator, denominator);
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
  if (hi >> 64 != 0 || (lo >> 63 != 0 ? 64 : 63) != width)
    return to_double_by_division(numerator, denominator);
  const int drop = width - 53;  // keep 53 bits
  const U128 half = U128{1} << (drop - 1);
  const U128 mask = (U128{1} << drop) - 1;
  std::uint64_t mantissa = static_cast<std::uint64_t>(lo >> drop);
  if (static_cast<std::uint64_t>(hi >> drop) != mantissa)
    return to_double_by_division(numerator, denominator);
  if ((lo & mask) > half) {
    ++mantissa;  // every value between the bounds lies past the half: up
  } else if ((hi & mask) >= half) {
    return to_double_by_division(numerator,
                                 denominator);  // the half may lie between them, or be hit
  }
  const long exponent = drop - 63 + sn - sd;
  // Near the subnormals or infinity (no probability comes near either).
  if (exponent < -1000 || exponent > 900) return to_double_by_division(numerator, denominator);
  return scaled(mantissa, exponent);
}

std::string to_string(const Fraction& f) { return f.get_str(); }

std::vector<BigInt> face_count_cases(int dice, int sides, int faces) {
  SB_CHECK(dice >= 0 && sides >= 1 && faces >= 0 && faces <= sides, "bad face count");
  const auto hit = static_cast<unsigned long>(faces);
  const auto miss = static_cast<unsigned long>(sides - faces);
  std::vector<BigInt> out(static_cast<std::size_t>(dice) + 1);
  BigInt binomial = 1;  // C(dice, k)
  for (int k = 0; k <= dice; ++k) {
    if (k > 0) {
      binomial *= dice - k + 1;
      binomial /= k;  // exact: C(dice, k-1)·(dice-k+1) is divisible by k
    }
    BigInt hits;
    BigInt misses;
    mpz_ui_pow_ui(hits.get_mpz_t(), hit, static_cast<unsigned long>(k));
    mpz_ui_pow_ui(misses.get_mpz_t(), miss, static_cast<unsigned long>(dice - k));
    out[static_cast<std::size_t>(k)] = binomial * hits * misses;
  }
  return out;
}

}  // namespace smoothbore
