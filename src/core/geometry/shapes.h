// Oriented rectangles (stand and unit footprints), segments and polygons, with the
// geometric queries every rule set needs (common.md §3): edge-to-edge distance,
// overlap, front/flank/rear zones, fire corridors and arcs.
#pragma once

#include <array>
#include <utility>
#include <vector>

#include "core/geometry/vec2.h"

namespace smoothbore {

struct Segment {
  Vec2 a;
  Vec2 b;
  double length() const { return distance(a, b); }
};

// Axis-aligned bounding box, mm.
struct Box {
  Vec2 min;
  Vec2 max;
  bool intersects(const Box& o) const {
    return min.x <= o.max.x && o.min.x <= max.x && min.y <= o.max.y && o.min.y <= max.y;
  }
};

// The gap between two boxes, mm (0 if they touch or overlap): a lower bound of the
// edge-to-edge distance of the footprints they bound, for spatial-index searches.
double box_gap(const Box& a, const Box& b);
// Whether every one of the points `p` lies more than `margin` mm on one and the same side of
// the line through `a` with direction `dir` (of unit length): then no segment of that line,
// nor any shape the points bound, meets the other or comes within `margin` of it (sight
// and path tests skip such features and blockers; a margin of 1e-3 mm is far above the
// rounding of table-sized coordinates).
bool beside_line(const std::array<Vec2, 4>& p, Vec2 a, Vec2 dir, double margin);

// An oriented rectangle: a stand or a unit block. The front edge is the one the facing
// points out of; width is measured along the front edge, depth front to back.
struct Rect {
  Vec2 centre;        // mm
  double facing = 0;  // compass bearing, degrees
  double width = 0;   // frontage, mm
  double depth = 0;   // mm

  Vec2 forward() const { return bearing_vector(facing); }
  Vec2 right() const { return bearing_vector(facing + 90.0); }
  // Corners in order: front-left, front-right, rear-right, rear-left.
  std::array<Vec2, 4> corners() const;
  Segment front_edge() const;  // front-left to front-right
  Segment rear_edge() const;   // rear-left to rear-right
  Vec2 front_centre() const;
  Box bounds() const;
  bool contains(Vec2 p) const;  // boundary included
};

enum class Zone { kFront, kLeftFlank, kRightFlank, kRear };
const char* zone_name(Zone z);

// Shortest distance between two segments, mm (0 if they cross).
double segment_distance(const Segment& s, const Segment& t);
// Shortest distance from a point to a segment.
double point_segment_distance(Vec2 p, const Segment& s);
// Whether two segments intersect (touching counts).
bool segments_intersect(const Segment& s, const Segment& t);
// Parameters t in [0,1] along s where it crosses t (empty if parallel / no crossing).
std::vector<double> segment_crossings(const Segment& s, const Segment& t);

// Edge-to-edge shortest distance between two footprints (common.md §3.4); 0 if they
// touch or overlap.
double distance(const Rect& a, const Rect& b);
double distance(const Rect& a, Vec2 p);
// Interiors overlap (separating axis test). Rectangles that only touch along an edge do
// not overlap; `tolerance` mm of interpenetration is forgiven.
bool overlaps(const Rect& a, const Rect& b, double tolerance = 1e-6);

// Which zone of `target` the point `p` lies in (common.md §3.2): front if ahead of the
// front-edge line and between the flank lines extended, rear if behind the rear-edge
// line, otherwise the left or right flank.
Zone zone_of(const Rect& target, Vec2 p);

// Fire corridor (kill zone, common.md §3.3 mode 1): the rectangle as wide as `firer`,
// projected straight forward from its front edge for `range` mm.
Rect corridor(const Rect& firer, double range);
// Whether `p` is in the firer's arc (common.md §3.3 mode 2): ahead of the front edge and
// within `half_angle_deg` outward of straight ahead from the nearer front corner.
bool in_arc(const Rect& firer, Vec2 p, double half_angle_deg);
// Whether any part of `target` lies in the firer's arc.
bool in_arc(const Rect& firer, const Rect& target, double half_angle_deg);
// Distance along the corridor from the firer's front edge to the nearest point of
// `target` inside the corridor of `range`; negative if none of it is inside.
double corridor_distance(const Rect& firer, const Rect& target, double range);

// A simple polygon (not self-intersecting), vertices in either winding order.
struct Polygon {
  std::vector<Vec2> points;
  bool contains(Vec2 p) const;  // boundary included
  Box bounds() const;
  double area() const;
  bool intersects(const Segment& s) const;  // crosses or lies inside
  bool intersects(const Rect& r) const;     // any overlap of areas
  // Length of the part of `s` that lies inside the polygon.
  double length_inside(const Segment& s) const;
  // The parameter intervals [t0, t1] of `s` (0 = s.a, 1 = s.b) that lie inside the
  // polygon, ascending and merged: `s` is cut at every edge crossing and at every vertex
  // lying on it, and a piece is inside when its midpoint is.
  std::vector<std::pair<double, double>> inside_intervals(const Segment& s) const;
  // The same into `out` (emptied first), for callers that keep a buffer.
  void inside_intervals(const Segment& s, std::vector<std::pair<double, double>>* out) const;
};

}  // namespace smoothbore
