#include "core/dice/fraction.h"

#include <cmath>
#include <cstdint>

#include "core/check.h"

namespace smoothbore {

Fraction make_fraction(const BigInt& n, const BigInt& d) {
  SB_CHECK(sgn(d) != 0, "zero denominator");
  Fraction f(n, d);
  f.canonicalize();
  return f;
}

double to_double(const Fraction& f) { return to_double(f.get_num(), f.get_den()); }

double to_double(const BigInt& numerator, const BigInt& denominator) {
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
