// The gap between two footprints' shadows on each of their four axes (issue 9); axis_gap
// (rect_frame.h) is the largest. A footprint moved by d changes its gap on axis a by at
// most |d·a|, so a caller stepping one footprint along a line can tell how far a
// separation surely lasts (fire-and-discipline's Mover::sweep).
#pragma once

#include <array>

#include "core/geometry/rect_frame.h"

namespace smoothbore {

struct AxisGap {
  Vec2 axis;       // a unit vector: a.f, a.r, b.f or b.r
  double gap = 0;  // mm between the shadows on it (negative: they overlap)
};
std::array<AxisGap, 4> axis_gaps(const RectFrame& a, const RectFrame& b);

}  // namespace smoothbore
