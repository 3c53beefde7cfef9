#include "core/geometry/nearest_two_keys.h"

#include <cmath>
#include <utility>

#include <gtest/gtest.h>

namespace smoothbore {
namespace {

// Two mm distances, the second one ulp above the first, that divide to the same inches.
std::pair<double, double> same_inches_pair() {
  for (double mm = 100.0;; mm += 0.37) {
    const double up = std::nextafter(mm, 1e9);
    if (mm / kMmPerInch == up / kMmPerInch) return {mm, up};
  }
}

TEST(NearestByTwoKeys, NothingOfferedIsNoneAndNeverBeyond) {
  const NearestByTwoKeys best;
  EXPECT_EQ(best.best_in, -1);
  EXPECT_EQ(best.best_mm, -1);
  EXPECT_TRUE(std::isinf(best.at_mm));
  EXPECT_FALSE(best.beyond(1e12));
}

// By mm the nearer one wins; by inches the two are level, so the lower id wins.
TEST(NearestByTwoKeys, InchesLevelWhereMmDifferGoToTheLowerId) {
  const auto [mm, up] = same_inches_pair();
  NearestByTwoKeys best;
  best.offer(7, mm);
  best.offer(3, up);
  EXPECT_EQ(best.best_mm, 7);
  EXPECT_EQ(best.at_mm, mm);
  EXPECT_EQ(best.best_in, 3);
  EXPECT_EQ(best.at_in, up);
  EXPECT_EQ(best.key_in, up / kMmPerInch);
}

TEST(NearestByTwoKeys, EqualDistancesGoToTheLowerIdInAnyOrder) {
  NearestByTwoKeys best;
  best.offer(9, 50.0);
  best.offer(4, 50.0);
  best.offer(6, 50.0);
  best.offer(2, 80.0);
  EXPECT_EQ(best.best_in, 4);
  EXPECT_EQ(best.best_mm, 4);
}

// A candidate is beyond only past the farther of the two answers' mm, with the slack
// (1e-9 relative + 1e-6 mm) the searches leave for rounding.
TEST(NearestByTwoKeys, BeyondIsPastBothAnswersWithSlack) {
  const auto [mm, up] = same_inches_pair();
  NearestByTwoKeys best;
  best.offer(7, mm);
  best.offer(3, up);  // at_in = up > at_mm = mm
  EXPECT_FALSE(best.beyond(up));
  EXPECT_FALSE(best.beyond(up * (1 + 1e-9) + 1e-6));
  EXPECT_TRUE(best.beyond(up * (1 + 1e-9) + 2e-6));
}

}  // namespace
}  // namespace smoothbore
