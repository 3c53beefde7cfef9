// to_double(numerator, denominator) by the integers' 64-bit tops against the exact
// division it falls back to (to_double_by_division), bit for bit: the products of binomial
// cases elan-drill's close-action odds divide (pool_odds.cc), random integers of 1 to 400
// bits, and ratios set on or one unit beside a rounding half (where the tops cannot decide
// and the exact division answers).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/fraction.h"

namespace smoothbore {
namespace {

void expect_same(const BigInt& n, const BigInt& d) {
  const double want = to_double_by_division(n, d);
  const double got = to_double(n, d);
  EXPECT_EQ(std::memcmp(&want, &got, sizeof(double)), 0)
      << n.get_str() << " / " << d.get_str() << ": " << want << " vs " << got;
}

BigInt random_bits(std::mt19937_64& rng, int bits) {
  BigInt v = 0;
  for (int b = 0; b < bits; b += 32) v = (v << 32) + static_cast<unsigned long>(rng() >> 32);
  v >>= (bits + 31) / 32 * 32 - bits;
  return v;
}

TEST(FractionToDouble, BinomialCaseProductsAreTheExactDivision) {
  for (int dice = 1; dice <= 60; ++dice) {
    for (int faces = 1; faces < 12; faces += 2) {
      const std::vector<BigInt> hit = face_count_cases(dice, 12, faces);
      BigInt total = 0;
      for (const BigInt& c : hit) total += c;
      for (int h = 0; h <= dice; h += 3) {
        const std::vector<BigInt> fail = face_count_cases(h, 12, 12 - faces);
        BigInt fail_total = 0;
        for (const BigInt& c : fail) fail_total += c;
        for (const BigInt& c : fail) {
          expect_same(hit[static_cast<std::size_t>(h)] * c, total * fail_total);
        }
      }
    }
  }
}

TEST(FractionToDouble, RandomIntegersAreTheExactDivision) {
  std::mt19937_64 rng(9);
  for (int i = 0; i < 20000; ++i) {
    const int nb = 1 + static_cast<int>(rng() % 400);
    const int db = std::max(1, nb + static_cast<int>(rng() % 9) - 4);
    BigInt n = random_bits(rng, nb), d = random_bits(rng, db);
    if (n == 0) n = 1;
    if (d == 0) d = 1;
    expect_same(n, d);
    expect_same(d, n);
  }
}

TEST(FractionToDouble, HalvesAndTheirNeighboursAreTheExactDivision) {
  std::mt19937_64 rng(14);
  for (int i = 0; i < 5000; ++i) {
    // n / d = (2m + 1) / 2^54 (a half between two doubles) times d, ±1 in the numerator.
    const BigInt odd = (random_bits(rng, 53) | (BigInt(1) << 52)) * 2 + 1;
    const BigInt d = random_bits(rng, 1 + static_cast<int>(rng() % 300)) + 1;
    const BigInt scaled = d << 54;
    const BigInt n = odd * d;
    for (int delta = -1; delta <= 1; ++delta) {
      expect_same(n + delta, scaled);
      expect_same(n + delta, d << (54 + static_cast<int>(rng() % 40)));
    }
  }
  expect_same(1, 1);
  expect_same(1, 3);
  expect_same(2, 3);
  expect_same(BigInt(1) << 300, (BigInt(1) << 300) - 1);
  expect_same((BigInt(1) << 64) - 1, BigInt(1) << 63);
}

}  // namespace
}  // namespace smoothbore
