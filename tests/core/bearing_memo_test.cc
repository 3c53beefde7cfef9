// bearing_vector keeps the bearings it has turned per thread (vec2.h); every answer must be
// bearing_vector_computed's, bit for bit, whether the slot hits, misses or was overwritten.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <random>
#include <thread>
#include <vector>

#include "core/geometry/vec2.h"

namespace smoothbore {
namespace {

void expect_same_bits(double deg) {
  const Vec2 kept = bearing_vector(deg);
  const Vec2 fresh = bearing_vector_computed(deg);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(kept.x), std::bit_cast<std::uint64_t>(fresh.x)) << deg;
  EXPECT_EQ(std::bit_cast<std::uint64_t>(kept.y), std::bit_cast<std::uint64_t>(fresh.y)) << deg;
}

// Facings as battles make them: a few hundred, asked again and again in any order, so slots
// are hit, missed and overwritten by colliding bearings.
std::vector<double> facings(std::uint64_t seed, int n) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> any(-720.0, 720.0);
  std::vector<double> out;
  for (int i = 0; i < n; ++i) out.push_back(i % 3 == 0 ? double(i % 360) : any(gen));
  return out;
}

TEST(BearingMemo, EveryAnswerIsTheComputedOneBitForBit) {
  const std::vector<double> pool = facings(7, 700);  // more than the 256 slots
  std::mt19937_64 gen(11);
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  for (int i = 0; i < 20000; ++i) expect_same_bits(pool[pick(gen)]);
}

TEST(BearingMemo, SignedZeroesAndSpecialBearingsAreKeptApart) {
  // +0.0 is every slot's first bearing; -0.0 shares its value but not its bits.
  for (double deg : {0.0, -0.0, 0.0, 90.0, 180.0, 270.0, 360.0, -90.0, 1e-300, -1e-300,
                     std::numeric_limits<double>::denorm_min(), 1e15, -1e15, 0.0, -0.0}) {
    expect_same_bits(deg);
  }
  EXPECT_TRUE(std::signbit(bearing_vector(-0.0).x));
  EXPECT_FALSE(std::signbit(bearing_vector(0.0).x));
  const Vec2 nan = bearing_vector(std::numeric_limits<double>::quiet_NaN());
  EXPECT_TRUE(std::isnan(nan.x) && std::isnan(nan.y));
}

TEST(BearingMemo, EachThreadKeepsItsOwnAndAgrees) {
  std::vector<std::thread> threads;
  std::vector<int> mismatches(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t, &mismatches] {
      for (double deg : facings(100 + t, 5000)) {
        const Vec2 a = bearing_vector(deg), b = bearing_vector_computed(deg);
        if (std::bit_cast<std::uint64_t>(a.x) != std::bit_cast<std::uint64_t>(b.x) ||
            std::bit_cast<std::uint64_t>(a.y) != std::bit_cast<std::uint64_t>(b.y)) {
          ++mismatches[t];
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace smoothbore
