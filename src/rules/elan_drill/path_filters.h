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

// obstacle_segments' answers from the linear features of a table kept in runs of
// segments whose x only rises or only falls (issue 9: a hedge across a 10,000-stand
// table is some 90 segments, every one boxed for each of a move's queries): within a run
// the segments that can reach a box's x span are found by bisection and only they are
// boxed. Valid for the table it was built from, while its features stay (clear() it when
// they change).
class ObstacleSegments {
 public:
  void build(const smoothbore::Table& table);
  bool built() const { return built_; }
  void clear() { built_ = false; }
  // As obstacle_segments(table, a, b, c, out) on the table it was built from: the same
  // segments in the same order.
  void near(const smoothbore::Table& table, Vec2 a, Vec2 b, TerrainClass c,
            std::vector<Segment>& out) const;

 private:
  struct Run {
    std::size_t first = 0;  // segments first..last-1: path[k] to path[k + 1]
    std::size_t last = 0;
    bool rising = true;  // path[k].x <= path[k + 1].x for each (else >=)
  };
  struct Feature {
    Box box;  // of its whole path
    std::vector<Run> runs;
  };
  std::vector<Feature> features_;
  // By class (TerrainClass's value): its features' indices, ascending.
  std::vector<std::vector<std::size_t>> by_class_;
  bool built_ = false;
};

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
