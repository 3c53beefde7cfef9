#include "rules/fire_and_discipline/buckets.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace smoothbore::fire_and_discipline {
namespace {

// Each bucket against a scan of every index for its key, on random keys (some outside
// [0, keys)), filling the same Buckets again and again (its buffers reused).
TEST(FdBuckets, MatchesAScanOfEveryIndex) {
  std::mt19937 rng(7);
  Buckets b;
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t keys = rng() % 9;
    const std::size_t n = rng() % 40;
    std::vector<int> key(n);
    for (int& k : key) k = static_cast<int>(rng() % (keys + 3)) - 1;  // -1 .. keys + 1
    b.fill(keys, n, [&](std::size_t i) { return key[i]; });
    for (int k = -2; k <= static_cast<int>(keys) + 2; ++k) {
      std::vector<int> want;
      if (k >= 0 && k < static_cast<int>(keys)) {
        for (std::size_t i = 0; i < n; ++i) {
          if (key[i] == k) want.push_back(static_cast<int>(i));
        }
      }
      const std::span<const int> got = b.of(k);
      EXPECT_EQ(std::vector<int>(got.begin(), got.end()), want)
          << "trial " << trial << " key " << k;
    }
  }
}

TEST(FdBuckets, EmptyBeforeAnyFill) {
  const Buckets b;
  EXPECT_TRUE(b.of(0).empty());
  EXPECT_TRUE(b.of(-1).empty());
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
