// apart.h (issue 9 round 13): surely_beyond(a, b, limit) answers true only where the exact
// edge-to-edge distance exceeds the limit, checked over many random pairs of stands near
// and far, at every facing, touching, overlapping and at the limit; and it does answer for
// pairs well apart (the contact and cascade checks it spares). Round 14: surely_within
// the same way, true only where the exact distance is at most the limit.
#include <random>

#include <gtest/gtest.h>

#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/apart.h"

namespace smoothbore::fire_and_discipline {
namespace {

TEST(FireAndDisciplineApart, TrueOnlyBeyondTheLimit) {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> pos(0, 400), facing(0, 360), size(5, 60);
  std::uniform_real_distribution<double> limit(0, 60);
  int beyond = 0, far = 0;
  for (int k = 0; k < 20000; ++k) {
    const Rect a{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const Rect b{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const double d = distance(a, b);
    // The limit at, just under and just over the exact distance, and at random.
    for (const double l : {limit(rng), d, d - 1e-9, d + 1e-9, 0.5, 0.0}) {
      const bool said = surely_beyond(a, b, l);
      if (said) {
        EXPECT_GT(d, l);
        ++beyond;
      }
    }
    // Stands 20 mm and more apart past both half diagonals are judged apart at 0.5 mm.
    const double apart = (a.centre - b.centre).length() - half_diagonal(a) - half_diagonal(b);
    if (apart > 20) {
      EXPECT_TRUE(surely_beyond(a, b, 0.5));
      ++far;
    }
  }
  EXPECT_GT(beyond, 10000);
  EXPECT_GT(far, 1000);
}

TEST(FireAndDisciplineApart, WithinOnlyWhereTheExactDistanceIsWithin) {
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> pos(0, 200), facing(0, 360), size(5, 60);
  std::uniform_real_distribution<double> limit(0, 120);
  int within = 0, near = 0;
  for (int k = 0; k < 20000; ++k) {
    const Rect a{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const Rect b{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const double d = distance(a, b);
    const double centres = (a.centre - b.centre).length();
    // The limit at, just under and just over the exact distance and the centres' distance,
    // and at random.
    for (const double l : {limit(rng), d, d - 1e-9, d + 1e-9, centres, centres - 1e-9, 0.0}) {
      if (surely_within(a, b, l)) {
        EXPECT_LE(d, l);
        ++within;
      }
    }
    // Centres 1 mm and more inside the limit are judged within it.
    if (centres + 1 < 100) {
      EXPECT_TRUE(surely_within(a, b, 100));
      ++near;
    }
  }
  EXPECT_GT(within, 4000);
  EXPECT_GT(near, 1000);
}

TEST(FireAndDisciplineApart, TouchingAndOverlappingStandsAreNeverApart) {
  for (double facing : {0.0, 30.0, 90.0, 211.0}) {
    const Rect a{{100, 100}, facing, 38.1, 31.75};
    Rect b = a;
    EXPECT_FALSE(surely_beyond(a, b, 0.0));
    b.centre = a.centre + bearing_vector(facing + 90) * 38.1;  // side by side, touching
    EXPECT_FALSE(surely_beyond(a, b, 0.0));
    EXPECT_FALSE(surely_beyond(a, b, 0.5));
    EXPECT_FALSE(surely_within(a, b, 0.0));  // the centres lie 38.1 mm apart
    EXPECT_TRUE(surely_within(a, b, 38.2));
  }
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
