// Bit-for-bit equality of footprint frames (core/geometry/rect_frame.h), for checks that a
// kept frame is the one RectFrame would work out afresh: every field, corners included.
#pragma once

#include <cstddef>

#include "core/geometry/rect_frame.h"
#include "core/geometry/same_bits.h"

namespace smoothbore {

inline bool same_bits(Vec2 a, Vec2 b) { return same_bits(a.x, b.x) && same_bits(a.y, b.y); }

inline bool same_bits(const RectFrame& a, const RectFrame& b) {
  bool same = same_bits(a.rect, b.rect) && same_bits(a.f, b.f) && same_bits(a.r, b.r) &&
              same_bits(a.hd, b.hd) && same_bits(a.hw, b.hw);
  for (std::size_t k = 0; same && k < a.corners.size(); ++k) {
    same = same_bits(a.corners[k], b.corners[k]);
  }
  return same;
}

}  // namespace smoothbore
