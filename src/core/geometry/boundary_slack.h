// The slack of "on the boundary" decisions shared by the geometry files (shapes.cc,
// rect_frame.cc): not part of the public API.
#pragma once

namespace smoothbore::geometry_detail {

// Geometric slack for "on the boundary" decisions, mm. Far below anything a player can
// measure, far above the rounding error of table-sized coordinates.
inline constexpr double kEps = 1e-9;

}  // namespace smoothbore::geometry_detail
