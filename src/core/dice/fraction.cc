#include "core/dice/fraction.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/check.h"

namespace smoothbore {

namespace {

__extension__ typedef unsigned __int128 U128;  // GCC and Clang on 64-bit targets

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

namespace {

// top_bits(v), its lower limbs scanned for a bit set only when `scan` (to_double skips the
// scan: it needs no tight bounds, and it converts a ratio per enumerated outcome).
[[gnu::noinline]] TopBits bounds_of(mpz_srcptr v, bool scan) {
  const std::size_t limbs = mpz_size(v);
  static_assert(sizeof(mp_limb_t) == 8, "64-bit limbs");
  const auto hi = static_cast<std::uint64_t>(mpz_getlimbn(v, static_cast<mp_size_t>(limbs - 1)));
  const auto lo =
      limbs >= 2 ? static_cast<std::uint64_t>(mpz_getlimbn(v, static_cast<mp_size_t>(limbs - 2)))
                 : 0;
  // The bits in hi (mpz_sizeinbase(v, 2) less the lower limbs' without the call; issue 9).
  const int used = static_cast<int>(std::bit_width(hi));
  TopBits out;
  out.shift = 64 * static_cast<long>(limbs - 1) + used - 64;
  out.top = used == 64 ? hi : hi << (64 - used) | (limbs >= 2 ? lo >> used : 0);
  // Exact when nothing lies below the top: one limb, two whose low bits left are 0, or
  // (scanned) more whose lowest bit set is at or above the top's (12^n ends in zeros).
  if (limbs >= 3 || (limbs == 2 && used == 64)) {
    out.error = scan && mpz_scan1(v, 0) >= static_cast<mp_bitcnt_t>(out.shift) ? 0 : 1;
  } else {
    out.error = limbs == 2 && (lo << (64 - used)) != 0 ? 1 : 0;
  }
  return out;
}

}  // namespace

TopBits top_bits(const BigInt& value) { return bounds_of(value.get_mpz_t(), true); }

TopBits operator*(const TopBits& a, const TopBits& b) {
  // a·b ∈ [p, p + e] with p = top_a·top_b and e = top_a·err_b + top_b·err_a + err_a·err_b;
  // p ∈ [2^126, 2^128) keeps its top 64 bits, what it drops joins the error.
  const U128 p = static_cast<U128>(a.top) * b.top;
  const U128 e = static_cast<U128>(a.top) * b.error + static_cast<U128>(b.top) * a.error +
                 static_cast<U128>(a.error) * b.error;
  const int drop = p >> 127 != 0 ? 64 : 63;
  const U128 mask = (U128{1} << drop) - 1;
  TopBits out;
  out.top = static_cast<std::uint64_t>(p >> drop);
  out.error = static_cast<std::uint64_t>(((p & mask) + e + mask) >> drop);
  out.shift = a.shift + b.shift + drop;
  return out;
}

double to_double_if_decided(const TopBits& n, const TopBits& d) {
  // n/d · 2^(63 - sn + sd) lies in [lo, lo + slack]: n ∈ [nt, nt + en] · 2^sn, d likewise,
  // nt and dt in [2^63, 2^64). lo = ⌊nt · 2^63 / (dt + ed)⌋; the bounds' quotients differ by
  // 2^63 (nt·ed + en·dt + en·ed) / (dt (dt + ed)) ≤ 2·ed + en + 1, and lo lies within 1 of
  // the lower, hence the slack (issue 9: one division, not one per bound).
  const U128 lo = (static_cast<U128>(n.top) << 63) / (static_cast<U128>(d.top) + d.error);
  const U128 slack = static_cast<U128>(n.error) + 2 * static_cast<U128>(d.error) + 2;
  const double undecided = std::numeric_limits<double>::quiet_NaN();
  // lo ≥ 2^62 unless the errors are wide (a mantissa short of 53 bits): undecided then.
  if (lo >> 62 == 0 || lo >> 64 != 0) return undecided;
  const int drop = lo >> 63 != 0 ? 11 : 10;  // keep 53 of lo's 64 or 63 bits
  const U128 half = U128{1} << (drop - 1);
  const U128 mask = (U128{1} << drop) - 1;
  const U128 rest = lo & mask;
  // Every value between the bounds has the same top 53 bits (so the same width too) ...
  if (rest + slack > mask) return undecided;
  std::uint64_t mantissa = static_cast<std::uint64_t>(lo >> drop);
  if (rest > half) {
    ++mantissa;  // ... and lies past the half: up
  } else if (rest + slack >= half) {
    return undecided;  // the half may lie between them, or be hit
  }
  const long exponent = drop - 63 + n.shift - d.shift;
  // Near the subnormals or infinity (no probability comes near either).
  if (exponent < -1000 || exponent > 900) return undecided;
  return scaled(mantissa, exponent);
}

double to_double(const BigInt& numerator, const BigInt& denominator) {
  const mpz_srcptr n = numerator.get_mpz_t();
  const mpz_srcptr d = denominator.get_mpz_t();
  if (mpz_sgn(n) <= 0 || mpz_sgn(d) <= 0) return to_double_by_division(numerator, denominator);
  // Both below 2^53: exact as doubles, and IEEE division rounds their quotient to nearest,
  // ties to even (issue 9: small pools' odds are most ratios).
  if (mpz_size(n) == 1 && mpz_size(d) == 1) {
    const auto a = static_cast<std::uint64_t>(mpz_getlimbn(n, 0));
    const auto b = static_cast<std::uint64_t>(mpz_getlimbn(d, 0));
    if ((a | b) >> 53 == 0) return static_cast<double>(a) / static_cast<double>(b);
  }
  const double decided = to_double_if_decided(bounds_of(n, false), bounds_of(d, false));
  if (!std::isnan(decided)) return decided;
  return to_double_by_division(numerator, denominator);
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
