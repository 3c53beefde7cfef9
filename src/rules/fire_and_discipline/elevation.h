// Elevation effects on artillery fire (§6.7 L432-L440, 000.md §8.4): hilltops (6.74) and
// slopes (6.72, 6.73), on the table's stepped levels (core Table: each kHill area has a
// level; elevation_at is the highest level under a point).
//
// Engine reading of "slope" (the table has level areas, not gradients; common.md §3.5
// "integer levels plus slope areas"): a stand is on a slope when it stands on a hill level
// whose area holds a higher hill area (stepped hills: level 1 is the slope of the level-2
// hilltop inside it); a level with nothing higher inside it is a hilltop. Guns on a slope
// face uphill when the first change of ground level along their line of fire (the centre
// line of the corridor, out to the gun's maximum range) is a rise, downhill when it is a
// fall, and neither when the ground does not change within range.
#pragma once

#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

inline constexpr double kHillEdgeYd = 60;      // 6.72, 6.74 "within 60 yards of the edge"
inline constexpr double kDownhillMaxYd = 400;  // 6.73 "maximum range reduced to 400 yards"

// Whether a stand at `r` on ground of `level` stands on a slope (see above).
bool on_slope(const FdState& s, const Rect& r, int level);

// 6.74: a stand on a hilltop of `level` (not a slope) lies within 60 yd of the edge of the
// hill area of that level holding its centre. True on level ground (level ≤ 0).
bool near_hill_edge(const FdState& s, const Rect& r, int level);

enum class SlopeFacing { kNone, kUphill, kDownhill };

// Which way guns at `gun` (ground `level`) on a slope face, looking `range_mm` ahead; kNone
// when they are not on a slope or the ground ahead does not change.
SlopeFacing slope_facing(const FdState& s, const Rect& gun, int level, double range_mm);

}  // namespace smoothbore::fire_and_discipline
