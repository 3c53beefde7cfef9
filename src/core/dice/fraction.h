// Exact probabilities. A path through a resolution's dice has probability
// (product of picked case counts) / (product of die sides × product of case totals), so
// the odds of any resolution are rationals. Their numerators and denominators outgrow
// 128 bits: a fire-and-discipline volley of 100 stands rolls ~100 d10 (10^100 cases) and
// its skirmish fire 10^4 cases per die, so they are GMP integers (Debian's libgmp-dev:
// gmpxx's mpz_class/mpq_class keep fractions reduced and are fast and well kept).
#pragma once

// <cmath> before <gmpxx.h> (issue 9): gmpxx declares templates named sqrt (and others) in
// the global namespace, and g++ 12 no longer takes the C library's sqrt declared after them
// for its builtin, so every std::sqrt of a unit compiled after this header was a call into
// libm (which clobbers every vector register) instead of one sqrtsd. The results are the
// same (both are correctly rounded); tests/core/sqrt_inline_test.cc checks the order holds.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <gmpxx.h>

namespace smoothbore {

using BigInt = mpz_class;
using Fraction = mpq_class;  // always in lowest terms, denominator > 0

// n / d in lowest terms (d ≠ 0). GMP's rational arithmetic needs canonical operands.
Fraction make_fraction(const BigInt& n, const BigInt& d);

// The double nearest `f` (ties to even). GMP's mpq_get_d truncates instead, and a
// probability such as 68/100 must print as the same double that 0.68 is.
double to_double(const Fraction& f);
// The same for numerator / denominator (denominator > 0) not in lowest terms: exact sums
// that only need their double skip the gcd. Most ratios are decided by the quotient of
// the two integers' top 64 bits, which bounds the exact one (issue 9: enumerations convert
// one ratio of 200-bit integers per outcome, and GMP's division was most of the cost);
// when the bounds straddle a rounding, the exact division answers.
double to_double(const BigInt& numerator, const BigInt& denominator);
// That exact division alone, the reference to_double is tested against
// (tests/core/fraction_to_double_test.cc).
double to_double_by_division(const BigInt& numerator, const BigInt& denominator);

// A positive integer known to 64 bits: it lies in [top, top + error] · 2^shift, top in
// [2^63, 2^64). Products of such bounds bound the product of the integers, so a ratio of
// products can often be rounded without multiplying the integers (issue 9: elan-drill's
// close-action odds divide one product of binomial cases per path).
struct TopBits {
  std::uint64_t top = 0;
  std::uint64_t error = 0;  // a few units: each product adds the operands' and one
  long shift = 0;
};
// v's bounds (v > 0): error 0 when v has no bits below its top 64, else 1.
TopBits top_bits(const BigInt& v);
// Bounds of the product; error stays small while the operands' are (< 2^32).
TopBits operator*(const TopBits& a, const TopBits& b);
// The double nearest n/d (ties to even) when the bounds decide it, as to_double would
// round the integers they bound; NaN when they cannot (the caller divides exactly).
double to_double_if_decided(const TopBits& n, const TopBits& d);

// "17/25", "1", "0".
std::string to_string(const Fraction& f);

// Equally likely cases of a count of dice faces in a set (binomial): index k is the
// number of cases in which exactly k of `dice` dice with `sides` faces each show one of
// `faces` chosen faces, C(dice, k) · faces^k · (sides − faces)^(dice − k); the cases sum
// to sides^dice. For Chance::pick_cases.
std::vector<BigInt> face_count_cases(int dice, int sides, int faces);

}  // namespace smoothbore
