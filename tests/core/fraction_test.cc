// Exact fractions (core/dice/fraction.h): correctly rounded doubles and the binomial cases
// of a count of dice faces.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numeric>

#include "core/dice/fraction.h"
#include "core/dice/rng.h"

namespace smoothbore {
namespace {

TEST(FractionTest, ToDoubleIsTheNearestDouble) {
  EXPECT_EQ(to_double(make_fraction(68, 100)), 0.68);
  EXPECT_EQ(to_double(make_fraction(1, 3)), 1.0 / 3);
  EXPECT_EQ(to_double(make_fraction(-2, 3)), -2.0 / 3);
  EXPECT_EQ(to_double(Fraction(0)), 0.0);
  EXPECT_EQ(to_double(Fraction(1)), 1.0);
  // IEEE division of two integers below 2^53 is correctly rounded: the reference.
  Rng rng(11, 0);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t n = (std::uint64_t{rng.next_u32()} << 21) ^ rng.next_u32();
    const std::uint64_t d = ((std::uint64_t{rng.next_u32()} << 21) ^ rng.next_u32()) | 1;
    const Fraction f =
        make_fraction(BigInt(static_cast<unsigned long>(n)), BigInt(static_cast<unsigned long>(d)));
    ASSERT_EQ(to_double(f), static_cast<double>(n) / static_cast<double>(d)) << n << "/" << d;
  }
}

TEST(FractionTest, ToDoubleOfHugeNumeratorsAndDenominators) {
  BigInt ten_400;
  mpz_ui_pow_ui(ten_400.get_mpz_t(), 10, 400);
  // (10^400 + 1) / (3·10^400) rounds to 1/3; GMP's own mpq_get_d would truncate.
  EXPECT_EQ(to_double(make_fraction(ten_400 + 1, 3 * ten_400)), 1.0 / 3);
  EXPECT_EQ(to_double(make_fraction(2 * ten_400, 3 * ten_400)), 2.0 / 3);
  EXPECT_EQ(to_double(make_fraction(1, ten_400)), 0.0);  // below the smallest double
}

TEST(FractionTest, ToStringIsReduced) {
  EXPECT_EQ(to_string(make_fraction(68, 100)), "17/25");
  EXPECT_EQ(to_string(make_fraction(100, 100)), "1");
  EXPECT_EQ(to_string(Fraction(0)), "0");
}

TEST(FaceCountCases, BinomialCasesSumToAllFaces) {
  // 3d10 counting 9s: 729 cases with none, 3·81 with one, 3·9 with two, 1 with three.
  const auto nines = face_count_cases(3, 10, 1);
  ASSERT_EQ(nines.size(), 4u);
  EXPECT_EQ(nines[0], 729);
  EXPECT_EQ(nines[1], 243);
  EXPECT_EQ(nines[2], 27);
  EXPECT_EQ(nines[3], 1);
  // 120 d10s: 10^120 cases in all, far past 128 bits.
  const auto many = face_count_cases(120, 10, 4);
  BigInt total = std::accumulate(many.begin(), many.end(), BigInt(0));
  BigInt ten_120;
  mpz_ui_pow_ui(ten_120.get_mpz_t(), 10, 120);
  EXPECT_EQ(total, ten_120);
  EXPECT_EQ(many[120],
            BigInt("1766847064778384329583297500742918515827483896875618958121606201292619776"));
  EXPECT_EQ(face_count_cases(0, 6, 2), std::vector<BigInt>{BigInt(1)});
}

}  // namespace
}  // namespace smoothbore
