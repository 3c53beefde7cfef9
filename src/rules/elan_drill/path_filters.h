// What a straight move can meet, found once per move (issue 9): the obstacle segments near
// its path, and the part of the path along which another footprint is close enough for
// an overlap test to matter. Both only leave out what the exact tests would answer "no"
// for, so the moves (and event logs) are those of testing everything at every step.
// Internal to src/rules/elan_drill.
#pragma once

#include <optional>
#include <vector>

#include "core/geometry/rect_frame.h"
#include "core/geometry/shapes.h"
#include "core/table/table.h"

namespace smoothbore::elan_drill {

// The segments of the linear features of class `c` on `table` (core's table, not a rule
// table) whose bounding boxes come within 1 mm of the box of a→b, into `out` (cleared
// first): every segment that a part of that path starting at `a` can meet by
// segments_intersect (an end within 1e-9 mm of the other's box; or orientation signs that
// only rounding could fake for two segments apart, which needs them on one line to within
// rounding). Table::crosses(a, b', c) for any b' on the path is whether any of these
// segments_intersect({a, b'}, ...).
void obstacle_segments(const smoothbore::Table& table, Vec2 a, Vec2 b, TerrainClass c,
                       std::vector<Segment>& out);

// The distances t along `dir` (a unit vector) from `from` for which overlaps() of `mover`
// moved to from + dir * t and `other` can get past its first test (their circumscribed
// circles meet), widened by a micron and a part in 1e9, far above that test's rounding;
// none when the circles never meet along the line. Outside the span overlaps() is false.
struct PathSpan {
  double lo = 0;
  double hi = 0;
};
std::optional<PathSpan> circle_span(const Rect& mover, const Rect& other, Vec2 from, Vec2 dir);

// How far `mover` can go from where it stands along `dir` (a unit vector) and still not
// overlap `other` by overlaps(..., tolerance): on one of overlaps()'s four axes their
// shadows overlap by no more than `tolerance` (less a micron, far above the rounding of
// the corners), and a move shifts the mover's shadow by the move times dir's share of the
// axis. 0 when no axis leaves room (they may overlap at once); infinity when one never
// changes (a move along it).
double clear_run(const RectFrame& mover, const RectFrame& other, Vec2 dir, double tolerance);

}  // namespace smoothbore::elan_drill
