// to_double(numerator, denominator) by the integers' 64-bit tops against the exact
// division it falls back to (to_double_by_division), bit for bit: the products of binomial
// cases elan-drill's close-action odds divide (pool_odds.cc), random integers of 1 to 400
// bits, and ratios set on or one unit beside a rounding half (where the tops cannot decide
// and the exact division answers). TopBits: bounds of products against the exact
// products, and to_double_if_decided against the exact division whenever it decides.
#include <algorithm>
#include <cmath>
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

// Whether the bounds hold v: v ∈ [top, top + error] · 2^shift.
bool holds(const TopBits& b, const BigInt& v) {
  BigInt low = b.top, high = BigInt(b.top) + b.error;
  if (b.shift >= 0) {
    low <<= static_cast<mp_bitcnt_t>(b.shift);
    high <<= static_cast<mp_bitcnt_t>(b.shift);
  } else {
    const BigInt scaled = v << static_cast<mp_bitcnt_t>(-b.shift);
    return low <= scaled && scaled <= high;
  }
  return low <= v && v <= high;
}

// to_double_if_decided on products of bounds against the exact division of the products:
// bit for bit whenever it decides, and it decides nearly always.
void expect_decided_same(const std::vector<BigInt>& num, const std::vector<BigInt>& den,
                         int* undecided) {
  BigInt n = 1, d = 1;
  TopBits nb = top_bits(num[0]), db = top_bits(den[0]);
  for (std::size_t i = 0; i < num.size(); ++i) {
    n *= num[i];
    if (i > 0) nb = nb * top_bits(num[i]);
  }
  for (std::size_t i = 0; i < den.size(); ++i) {
    d *= den[i];
    if (i > 0) db = db * top_bits(den[i]);
  }
  ASSERT_TRUE(holds(nb, n)) << n.get_str();
  ASSERT_TRUE(holds(db, d)) << d.get_str();
  ASSERT_GE(nb.top, std::uint64_t{1} << 63);
  const double got = to_double_if_decided(nb, db);
  if (std::isnan(got)) {
    ++*undecided;
    return;
  }
  const double want = to_double_by_division(n, d);
  EXPECT_EQ(std::memcmp(&want, &got, sizeof(double)), 0)
      << n.get_str() << " / " << d.get_str() << ": " << want << " vs " << got;
}

TEST(FractionTopBits, BoundsHoldTheIntegerAndAreExactWhenTheyCanBe) {
  std::mt19937_64 rng(23);
  for (int i = 0; i < 20000; ++i) {
    BigInt v = random_bits(rng, 1 + static_cast<int>(rng() % 300));
    if (v == 0) v = 1;
    const TopBits b = top_bits(v);
    ASSERT_TRUE(holds(b, v)) << v.get_str();
    ASSERT_GE(b.top, std::uint64_t{1} << 63);
    EXPECT_LE(b.error, 1u);
    // error 0 exactly when v has no bits below its top 64
    const bool exact = mpz_scan1(v.get_mpz_t(), 0) + 64 >= mpz_sizeinbase(v.get_mpz_t(), 2);
    EXPECT_EQ(b.error == 0, exact) << v.get_str();
  }
  EXPECT_EQ(top_bits(1).error, 0u);
  EXPECT_EQ(top_bits(1).top, std::uint64_t{1} << 63);  // pool_odds.cc's kOneTop
  EXPECT_EQ(top_bits(1).shift, -63);
  EXPECT_EQ(top_bits((BigInt(1) << 64) - 1).error, 0u);
  EXPECT_EQ(top_bits((BigInt(1) << 64) + 1).error, 1u);
  EXPECT_EQ(top_bits(BigInt(1) << 200).error, 0u);
  EXPECT_EQ(top_bits((BigInt(1) << 200) + 1).error, 1u);
}

TEST(FractionTopBits, RatiosOfProductsAreTheExactDivision) {
  std::mt19937_64 rng(5);
  int undecided = 0, tries = 0;
  for (int i = 0; i < 20000; ++i) {
    std::vector<BigInt> num, den;
    const int terms = 1 + static_cast<int>(rng() % 3);
    for (int t = 0; t < terms; ++t) {
      for (auto* side : {&num, &den}) {
        BigInt v = random_bits(rng, 1 + static_cast<int>(rng() % 150));
        side->push_back(v == 0 ? BigInt(1) : v);
      }
    }
    expect_decided_same(num, den, &undecided);
    ++tries;
  }
  // Undecided when a half or the next mantissa lies within the slack of the bounds (a few
  // dozen units in 2^10): a few in a hundred ratios.
  EXPECT_LT(undecided, tries / 10);
}

TEST(FractionTopBits, BinomialPathsAreTheExactDivision) {
  // elan-drill's close-action paths (pool_odds.cc): hit cases · twelves · other failures
  // over 12^dice · 12^h · 11^(h - s).
  int undecided = 0, tries = 0;
  for (int dice = 1; dice <= 40; dice += 3) {
    const std::vector<BigInt> hit = face_count_cases(dice, 12, 5);
    BigInt hit_total;
    mpz_ui_pow_ui(hit_total.get_mpz_t(), 12, static_cast<unsigned long>(dice));
    for (int h = 1; h <= dice; h += 2) {
      const std::vector<BigInt> twelves = face_count_cases(h, 12, 1);
      BigInt twelve_total;
      mpz_ui_pow_ui(twelve_total.get_mpz_t(), 12, static_cast<unsigned long>(h));
      for (int s = 0; s <= h; ++s) {
        const std::vector<BigInt> other = face_count_cases(h - s, 11, 4);
        BigInt other_total;
        mpz_ui_pow_ui(other_total.get_mpz_t(), 11, static_cast<unsigned long>(h - s));
        for (std::size_t k = 0; k < other.size(); ++k) {
          expect_decided_same(
              {hit[static_cast<std::size_t>(h)] * twelves[static_cast<std::size_t>(s)], other[k]},
              {hit_total * twelve_total * other_total}, &undecided);
          ++tries;
        }
      }
    }
  }
  EXPECT_LT(undecided, tries / 10);
}

TEST(FractionTopBits, HalvesAndTheirNeighboursAreTheExactDivision) {
  std::mt19937_64 rng(31);
  int undecided = 0;
  for (int i = 0; i < 3000; ++i) {
    const BigInt odd = (random_bits(rng, 53) | (BigInt(1) << 52)) * 2 + 1;
    const BigInt a = random_bits(rng, 1 + static_cast<int>(rng() % 100)) + 1;
    const BigInt b = random_bits(rng, 1 + static_cast<int>(rng() % 100)) + 1;
    for (int delta = -1; delta <= 1; ++delta) {
      expect_decided_same({odd, a * b + delta}, {a << 54, b}, &undecided);
      expect_decided_same({odd * a + delta, b}, {BigInt(1) << 54, a * b}, &undecided);
    }
  }
  EXPECT_GT(undecided, 0);  // exact halves cannot be decided by bounds
}

TEST(FractionToDouble, SmallIntegersAreTheExactDivision) {
  std::mt19937_64 rng(53);
  for (int i = 0; i < 20000; ++i) {
    const BigInt n = random_bits(rng, 1 + static_cast<int>(rng() % 54)) + 1;
    const BigInt d = random_bits(rng, 1 + static_cast<int>(rng() % 54)) + 1;
    expect_same(n, d);
  }
  const BigInt limit = BigInt(1) << 53;
  const std::vector<BigInt> edges = {limit - 1, limit, limit + 1, 1, 3, 7};
  for (const BigInt& n : edges) {
    for (const BigInt& d : edges) expect_same(n, d);
  }
}

}  // namespace
}  // namespace smoothbore
