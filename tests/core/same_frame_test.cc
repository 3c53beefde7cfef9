// same_bits of two RectFrames (core/geometry/same_frame.h): the check that a kept frame is
// the one RectFrame works out afresh. It must look at every field: a frame that differs in
// any one of its 19 numbers by one unit in the last place (or by the sign of a zero) is
// another frame.
#include "core/geometry/same_frame.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

#include "core/rect_gen.h"

namespace smoothbore {
namespace {

using testing_geometry::arbitrary_rect;

// Every double of a frame, by reference, so a test can change one of them.
std::vector<std::reference_wrapper<double>> fields(RectFrame& f) {
  std::vector<std::reference_wrapper<double>> out = {
      f.rect.centre.x, f.rect.centre.y, f.rect.facing, f.rect.width, f.rect.depth, f.f.x,
      f.f.y,           f.r.x,           f.r.y,         f.hd,         f.hw};
  for (Vec2& c : f.corners) {
    out.emplace_back(c.x);
    out.emplace_back(c.y);
  }
  return out;
}

TEST(SameFrame, FieldsAreEveryDoubleOfTheFrame) {
  RectFrame f;
  EXPECT_EQ(fields(f).size() * sizeof(double), sizeof(RectFrame));
}

RC_GTEST_PROP(SameFrame, AFrameIsItselfAndNotAFrameChangedInAnyField, ()) {
  const RectFrame frame(*arbitrary_rect(0));
  RC_ASSERT(same_bits(frame, RectFrame(frame.rect)));
  RectFrame copy = frame;
  const std::size_t n = fields(copy).size();
  for (std::size_t k = 0; k < n; ++k) {
    RectFrame other = frame;
    double& v = fields(other)[k].get();
    v = std::nextafter(v, 1e9);
    RC_ASSERT_FALSE(same_bits(frame, other));
    RC_ASSERT_FALSE(same_bits(other, frame));
  }
}

TEST(SameFrame, ASignedZeroIsAnotherFrame) {
  RectFrame a(Rect{{0, 0}, 0, 10, 10});
  RectFrame b = a;
  b.rect.centre.x = -0.0;
  ASSERT_EQ(a.rect.centre.x, b.rect.centre.x);  // == calls them equal; the bits differ
  EXPECT_FALSE(same_bits(a, b));
}

}  // namespace
}  // namespace smoothbore
