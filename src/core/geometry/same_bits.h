// Bit-for-bit equality of doubles and of footprints, for memos that may reuse an answer only
// for the very same inputs (0.0 and -0.0 differ here; == would call them equal).
#pragma once

#include <bit>
#include <cstdint>

#include "core/geometry/shapes.h"

namespace smoothbore {

inline bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

inline bool same_bits(const Rect& a, const Rect& b) {
  return same_bits(a.centre.x, b.centre.x) && same_bits(a.centre.y, b.centre.y) &&
         same_bits(a.facing, b.facing) && same_bits(a.width, b.width) &&
         same_bits(a.depth, b.depth);
}

}  // namespace smoothbore
