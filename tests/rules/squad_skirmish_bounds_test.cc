// The figures' index files each figure's box worked out on its squad's shared axes
// (bounds_on_axes, issue 9): the box must be Rect::bounds(), bit for bit, for any footprint.
#include <random>

#include <gtest/gtest.h>

#include "rules/squad_skirmish/battle_impl.h"

namespace smoothbore {
namespace {

TEST(SquadSkirmishBounds, OnSharedAxesEqualsTheRectsBounds) {
  std::mt19937_64 gen(9);
  std::uniform_real_distribution<double> coord(-2000.0, 2000.0);
  std::uniform_real_distribution<double> angle(0.0, 360.0);
  std::uniform_real_distribution<double> side(0.0, 60.0);
  for (int i = 0; i < 20000; ++i) {
    Rect r{{coord(gen), coord(gen)}, angle(gen), side(gen), side(gen)};
    if (i % 4 == 0) r.facing = 90.0 * (i % 16) / 4;  // the axis-aligned facings too
    const Box want = r.bounds();
    const Box got = squad_skirmish::bounds_on_axes(r, r.forward(), r.right());
    ASSERT_EQ(got.min.x, want.min.x) << i;
    ASSERT_EQ(got.min.y, want.min.y) << i;
    ASSERT_EQ(got.max.x, want.max.x) << i;
    ASSERT_EQ(got.max.y, want.max.y) << i;
  }
}

}  // namespace
}  // namespace smoothbore
