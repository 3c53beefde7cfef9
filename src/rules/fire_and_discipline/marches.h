// Road marches and tactical shifts as a commander's choices (000.md §6; §4.2c, §4.3c, §4.6,
// FD-06, FD-07, FD-08): what the battle may offer (dry runs of movement.h) and what the
// doctrine weighs (the volley a shift would bring into the kill zone, §7.2-§7.23).
//
// Engine readings (not in the text):
// - A road march is one straight move (§4.1) along the stretch of road under the unit's
//   centre, in the direction the unit already faces (within 1°: no wheel, so the full road
//   rate); a bend in the road ends the march for the turn, and turning onto the next
//   stretch is a Field move's wheel (§4.5). It goes as far as the road rate, the road and
//   the FD-08 test allow: never ending within 300 yd of an enemy stand (with fd_08
//   "start-and-end"), so a march is planned to stop outside 300 yd rather than refused.
// - A line is not offered a road march in the turn it forms column: under FD-41
//   "whole-move" the change of formation is its move; the column formation is marked
//   `rate = "road"` when the column, formed about the first stand, would stand on a road it
//   could march along next turn.
// - Tactical shifts (§4.6, FD-07) are offered to formed foot and horse (line or column;
//   not open order, which fires all round, §7.25) of Morale Rating at least
//   fd_07_shift_min_rating: left, right and back by the full TACTICAL distance, and the
//   lateral step (within that distance) that brings the nearest enemy stand ahead to the
//   middle of the kill zone. A shift is permitted by every order (FD-52: Hold allows it
//   expressly; the others are read as allowing no less).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// A road march of `unit` (§4.2c, §4.3c, FD-06, FD-08): the footprint centre's end and the
// distance in yards (at most the road rate). nullopt when the unit may not use the road
// rate here (not in column, or limbered for guns; not on a road; within 300 yd of the
// enemy; not facing along the road) or would go less than 1 yd.
struct RoadMarch {
  Vec2 destination;  // mm
  double yd = 0;
};
std::optional<RoadMarch> road_march_plan(const FdState& s, int unit);

// Whether `unit`, in line, would be offered a road march once it has formed column
// (change_formation about its first stand, FD-41).
bool road_march_after_column(const FdState& s, int unit);

// The tactical shifts (§4.6, FD-07) offered to `unit`: offsets (mm) that tactical_shift
// accepts (a dry run on a copy), distinct by at least 1 yd.
std::vector<Vec2> shift_offsets(const FdState& s, int unit);

// Expected hits of the volley `unit` would fire now at its FD-37 target (0 with no target
// in its kill zone, e.g. when a friend blocks it, §7.23), and after the shift `offset`.
double expected_volley_now(const FdState& s, int unit);
double expected_volley_after_shift(const FdState& s, int unit, Vec2 offset);
// The same with the shift's run (tactical_shift_mm's answer for `offset`) from `run()`,
// asked only where the shift is made (a caller that keeps the runs: fd_actions.cc).
double expected_volley_after_shift(const FdState& s, int unit, Vec2 offset,
                                   const std::function<std::optional<double>()>& run);
// False only when expected_volley_after_shift is 0 for every offset shift_offsets gives
// `unit` (by its bounds at the longest shift, the TACTICAL rate; issue 9 round 23: the
// doctrine checked and weighed the shifts of units with no enemy near, every turn).
bool shifts_may_find_volley(const FdState& s, int unit);
// The same worked out in full, the shift made (expected_volley_after_shift skips it when no
// enemy stand is within musket range and the offset of the unit; checks.h compares them).
double expected_volley_after_shift_worked(const FdState& s, int unit, Vec2 offset);

}  // namespace smoothbore::fire_and_discipline
