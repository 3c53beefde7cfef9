// A stand turned by movement_detail (wheels, transforms) takes the facing
// normalize_bearing(facing + turn) bit for bit, though the mover skips fmod for a sum within
// one turn of [0, 360) (issue 9 rounds 10 and 12): checked over facings and turns at and
// around every boundary, and many random ones.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/vec2.h"
#include "rules/fire_and_discipline/movement_detail.h"

namespace smoothbore::fire_and_discipline {
namespace {

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

TEST(FireAndDisciplineTurnedFacing, IsNormalizeBearingOfTheSumBitForBit) {
  std::vector<double> values = {0.0, -0.0, 1e-300, 0.5, 90, 180, 270, 359.5, 360, 720, 1080};
  for (const double edge : {360.0, 720.0, 0.0, -360.0, -720.0}) {
    double below = edge, above = edge;
    for (int k = 0; k < 4; ++k) {
      below = std::nextafter(below, -std::numeric_limits<double>::infinity());
      above = std::nextafter(above, std::numeric_limits<double>::infinity());
      values.push_back(below);
      values.push_back(above);
    }
  }
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> any(-800.0, 800.0);
  for (int k = 0; k < 2000; ++k) values.push_back(any(rng));
  Rect r;
  r.width = 38.1;
  r.depth = 31.75;
  int checked = 0;
  for (const double facing : {0.0, 0.25, 45.0, 179.9, 270.0, 359.75}) {
    r.facing = facing;
    for (const double turn : values) {
      // The sum a turn makes, and facings that are that sum already (a turn of 0).
      const double want = normalize_bearing(facing + turn);
      const Rect turned = movement_detail::rotated(r, {1000, 2000}, turn);
      ASSERT_EQ(bits(turned.facing), bits(want)) << facing << " + " << turn;
      Rect as_sum = r;
      as_sum.facing = facing + turn;
      const Rect kept = movement_detail::rotated(as_sum, {1000, 2000}, 0.0);
      ASSERT_EQ(bits(kept.facing), bits(normalize_bearing(facing + turn + 0.0)))
          << facing << " + " << turn;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10000);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
