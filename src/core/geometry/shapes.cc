#include "core/geometry/shapes.h"

#include "core/geometry/boundary_slack.h"
#include "core/geometry/rect_frame.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/check.h"

namespace smoothbore {

namespace {

using geometry_detail::kEps;

// A half-plane n·p + c >= 0 in some frame.
struct HalfPlane {
  Vec2 n;
  double c;
  double eval(Vec2 p) const { return n.dot(p) + c; }
};

// A convex polygon of a few vertices held without a heap allocation: a rectangle clipped by
// up to four half-planes (each adds at most one vertex).
struct SmallPolygon {
  std::array<Vec2, 8> points;
  std::size_t n = 0;
  void push_back(Vec2 p) {
    SB_CHECK(n < points.size(), "a clipped rectangle has at most 8 vertices");
    points[n++] = p;
  }
  bool empty() const { return n == 0; }
};

// Sutherland–Hodgman clip of a convex polygon by a half-plane (boundary kept). Issue 9
// round 26: each vertex's value is worked out once (it was once as the edge's start and again
// as the previous edge's end: the same bits), and a polygon with every vertex kept is
// returned as it is, which the clip would rebuild vertex by vertex (no edge crosses): most
// of fire-and-discipline's kill-zone targets lie within the corridor's sides and far end.
// `poly` is clipped where it lies (left as it is when every vertex is kept, with no copy).
void clip_in_place(SmallPolygon& poly, const HalfPlane& h) {
  const std::size_t n = poly.n;
  std::array<double, 8> value;
  bool all_kept = true;
  for (std::size_t i = 0; i < n; ++i) {
    value[i] = h.eval(poly.points[i]);
    all_kept = all_kept && value[i] >= -kEps;
  }
  if (all_kept) return;
  SmallPolygon out;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = i + 1 == n ? 0 : i + 1;
    Vec2 p = poly.points[i];
    Vec2 q = poly.points[j];
    double fp = value[i];
    double fq = value[j];
    if (fp >= -kEps) out.push_back(p);
    if ((fp >= -kEps) != (fq >= -kEps)) {
      double t = fp / (fp - fq);
      out.push_back(p + (q - p) * t);
    }
  }
  poly = out;
}

SmallPolygon clip(const SmallPolygon& poly, const HalfPlane& h) {
  SmallPolygon out = poly;
  clip_in_place(out, h);
  return out;
}

SmallPolygon corner_polygon(const std::array<Vec2, 4>& corners) {
  SmallPolygon out;
  for (Vec2 c : corners) out.push_back(c);
  return out;
}

// The four inward half-planes of `r` in table coordinates.
std::array<HalfPlane, 4> rect_half_planes(const Rect& r) {
  const Vec2 f = r.forward();
  const Vec2 rt = r.right();
  const double hw = r.width / 2;
  const double hd = r.depth / 2;
  // (p - centre)·f <= hd  <=>  -f·p + (f·c + hd) >= 0, and so on.
  return {{{f * -1.0, f.dot(r.centre) + hd},
           {f, -f.dot(r.centre) + hd},
           {rt * -1.0, rt.dot(r.centre) + hw},
           {rt, -rt.dot(r.centre) + hw}}};
}

double orient(Vec2 a, Vec2 b, Vec2 c) { return (b - a).cross(c - a); }

bool on_segment(Vec2 p, const Segment& s) {
  return std::min(s.a.x, s.b.x) - kEps <= p.x && p.x <= std::max(s.a.x, s.b.x) + kEps &&
         std::min(s.a.y, s.b.y) - kEps <= p.y && p.y <= std::max(s.a.y, s.b.y) + kEps;
}

}  // namespace

std::array<Vec2, 4> Rect::corners() const { return RectFrame(*this).corners; }

Segment Rect::front_edge() const {
  auto c = corners();
  return {c[0], c[1]};
}

Segment Rect::rear_edge() const {
  auto c = corners();
  return {c[3], c[2]};
}

Vec2 Rect::front_centre() const { return centre + forward() * (depth / 2); }

Box Rect::bounds() const { return smoothbore::bounds(RectFrame(*this)); }

bool Rect::contains(Vec2 p) const { return RectFrame(*this).contains(p); }

const char* zone_name(Zone z) {
  switch (z) {
    case Zone::kFront:
      return "front";
    case Zone::kLeftFlank:
      return "left flank";
    case Zone::kRightFlank:
      return "right flank";
    case Zone::kRear:
      return "rear";
  }
  return "unknown";
}

double point_segment_distance(Vec2 p, const Segment& s) {
  const Vec2 d = s.b - s.a;
  const double len2 = d.dot(d);
  if (len2 == 0) return distance(p, s.a);
  const double t = std::clamp((p - s.a).dot(d) / len2, 0.0, 1.0);
  return distance(p, s.a + d * t);
}

bool segments_intersect(const Segment& s, const Segment& t) {
  const double d1 = orient(t.a, t.b, s.a);
  const double d2 = orient(t.a, t.b, s.b);
  const double d3 = orient(s.a, s.b, t.a);
  const double d4 = orient(s.a, s.b, t.b);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
    return true;
  }
  // Touching and collinear cases: an endpoint lying on the other segment.
  if (d1 == 0 && on_segment(s.a, t)) return true;
  if (d2 == 0 && on_segment(s.b, t)) return true;
  if (d3 == 0 && on_segment(t.a, s)) return true;
  if (d4 == 0 && on_segment(t.b, s)) return true;
  return false;
}

double segment_distance(const Segment& s, const Segment& t) {
  if (segments_intersect(s, t)) return 0;
  return std::min({point_segment_distance(s.a, t), point_segment_distance(s.b, t),
                   point_segment_distance(t.a, s), point_segment_distance(t.b, s)});
}

namespace {

// segment_crossings' one crossing, without a vector, given s's length `s_len` (inside_intervals
// asks once per edge of the same segment).
bool crossing_param(const Segment& s, double s_len, const Segment& t, double* at) {
  const Vec2 r = s.b - s.a;
  const Vec2 q = t.b - t.a;
  const double denom = r.cross(q);
  const double scale = s_len * q.length();
  if (scale == 0 || std::fabs(denom) <= 1e-12 * scale) return false;
  const Vec2 w = t.a - s.a;
  const double u = w.cross(q) / denom;  // along s
  const double v = w.cross(r) / denom;  // along t
  constexpr double kParamEps = 1e-12;
  if (u < -kParamEps || u > 1 + kParamEps || v < -kParamEps || v > 1 + kParamEps) return false;
  *at = std::clamp(u, 0.0, 1.0);
  return true;
}

}  // namespace

std::vector<double> segment_crossings(const Segment& s, const Segment& t) {
  double u = 0;
  if (!crossing_param(s, s.length(), t, &u)) return {};
  return {u};
}

double distance(const Rect& a, const Rect& b) { return distance(RectFrame(a), RectFrame(b)); }

double distance(const Rect& a, Vec2 p) {
  const Vec2 d = p - a.centre;
  const double dx = std::max(std::fabs(d.dot(a.right())) - a.width / 2, 0.0);
  const double dy = std::max(std::fabs(d.dot(a.forward())) - a.depth / 2, 0.0);
  return std::sqrt(dx * dx + dy * dy);
}

bool overlaps(const Rect& a, const Rect& b, double tolerance) {
  // Every point of a rectangle lies within half its diagonal of its centre: rectangles
  // whose circumscribed circles are apart cannot overlap, and most pairs a mover or a
  // deployment check asks about are far apart (no sine or cosine for them).
  const double reach = 0.5 * (std::sqrt(a.width * a.width + a.depth * a.depth) +
                              std::sqrt(b.width * b.width + b.depth * b.depth));
  const Vec2 gap = a.centre - b.centre;
  if (gap.dot(gap) >= reach * reach) return false;
  return overlaps(RectFrame(a), RectFrame(b), tolerance);
}

Zone zone_of(const Rect& target, Vec2 p) {
  // A point exactly on an edge line (contact) is decided with a micron of slack, so that
  // rounding in the mover's position cannot turn a frontal contact into a flank one.
  constexpr double kSlack = 1e-6;
  const Vec2 d = p - target.centre;
  const double along = d.dot(target.forward());
  const double across = d.dot(target.right());
  if (along >= target.depth / 2 - kSlack && std::fabs(across) <= target.width / 2 + kSlack) {
    return Zone::kFront;
  }
  if (along <= -target.depth / 2 + kSlack) return Zone::kRear;
  return across < 0 ? Zone::kLeftFlank : Zone::kRightFlank;
}

Rect corridor(const Rect& firer, double range) {
  Rect c;
  c.centre = firer.front_centre() + firer.forward() * (range / 2);
  c.facing = firer.facing;
  c.width = firer.width;
  c.depth = range;
  return c;
}

namespace {

// The firer's arc as half-planes in table coordinates: ahead of the front-edge line and,
// below 90°, within `half_angle_deg` outward of straight ahead from each front corner.
struct ArcHalfPlanes {
  std::array<HalfPlane, 3> planes;
  std::size_t n = 0;
};
ArcHalfPlanes arc_half_planes(const RectFrame& firer, double half_angle_deg) {
  const Vec2 f = firer.f;
  const Vec2 rt = firer.r;
  const Vec2 fc = firer.front_centre();
  const double hw = firer.rect.width / 2;
  // In local terms: ahead = (p - fc)·f >= 0; outward_right = (p - fc)·rt - hw <= ahead·t.
  ArcHalfPlanes hp;
  hp.planes[hp.n++] = {f, -f.dot(fc)};
  if (half_angle_deg < 90.0) {
    const double t = std::tan(half_angle_deg * kPi / 180.0);
    // ahead·t - ((p - fc)·rt - hw) >= 0
    const Vec2 n1 = f * t - rt;
    hp.planes[hp.n++] = {n1, -n1.dot(fc) + hw};
    // ahead·t - (-(p - fc)·rt - hw) >= 0
    const Vec2 n2 = f * t + rt;
    hp.planes[hp.n++] = {n2, -n2.dot(fc) + hw};
  }
  return hp;
}

}  // namespace

bool in_arc(const Rect& firer, Vec2 p, double half_angle_deg) {
  const Vec2 d = p - firer.front_centre();
  const double ahead = d.dot(firer.forward());
  if (ahead < -kEps) return false;
  const double outward = std::fabs(d.dot(firer.right())) - firer.width / 2;
  if (outward <= kEps) return true;  // straight ahead of the front edge
  // Angle outward of straight ahead, seen from the nearer front corner.
  const double angle = std::atan2(outward, ahead) * 180.0 / kPi;
  return angle <= half_angle_deg + 1e-9;
}

bool in_arc(const Rect& firer, const Rect& target, double half_angle_deg) {
  return in_arc(RectFrame(firer), RectFrame(target), half_angle_deg);
}

bool in_arc(const RectFrame& firer, const RectFrame& target, double half_angle_deg) {
  const ArcHalfPlanes arc = arc_half_planes(firer, half_angle_deg);
  // A corner inside every half-plane survives each clip unchanged: the clipping is done
  // only when no corner is.
  for (const Vec2 c : target.corners) {
    bool inside = true;
    for (std::size_t i = 0; i < arc.n && inside; ++i) inside = arc.planes[i].eval(c) >= -kEps;
    if (inside) return true;
  }
  SmallPolygon poly = corner_polygon(target.corners);
  for (std::size_t i = 0; i < arc.n; ++i) {
    poly = clip(poly, arc.planes[i]);
    if (poly.empty()) return false;
  }
  return true;
}

namespace {

// corridor_distance of a target with these corners (as Rect::corners()), each clip made on
// the one polygon (issue 9 round 26: a clip that cuts nothing copies nothing).
double corridor_distance_of(const Rect& firer, const std::array<Vec2, 4>& corners, double range) {
  SmallPolygon poly = corner_polygon(corners);
  for (const HalfPlane& h : rect_half_planes(corridor(firer, range))) {
    clip_in_place(poly, h);
    if (poly.empty()) return -1;
  }
  // The nearest point of a convex piece along a direction is one of its vertices.
  // (The facing's unit vector once for every vertex: the same bits as asked per vertex.)
  double best = std::numeric_limits<double>::infinity();
  const Vec2 fc = firer.front_centre();
  const Vec2 f = firer.forward();
  for (std::size_t i = 0; i < poly.n; ++i) {
    best = std::min(best, (poly.points[i] - fc).dot(f));
  }
  return std::max(best, 0.0);
}

}  // namespace

double corridor_distance(const Rect& firer, const Rect& target, double range) {
  return corridor_distance_of(firer, target.corners(), range);
}

double corridor_distance(const Rect& firer, const RectFrame& target, double range) {
  return corridor_distance_of(firer, target.corners, range);
}

bool Polygon::contains(Vec2 p) const {
  const std::size_t n = points.size();
  if (n == 0) return false;
  // One walk of the edges, each from the vertex before (`b`) to its own (`a`), for both
  // tests below (issue 9: there were two walks, the first with an integer division per edge
  // for its next vertex). The answer is the same: true if some edge lies within kEps of `p`,
  // else the crossing number's parity; each edge's two tests are worked out as before.
  // A point more than kEps (and a micron, far above rounding) outside an edge's box lies
  // farther than kEps from the edge: its distance is not worked out (issue 9: a square
  // root per edge of every area asked about).
  constexpr double kEdgeSlack = kEps + 1e-3;
  bool inside = false;
  Vec2 b = points[n - 1];
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = points[i];
    // On the edge from b to a (boundary included).
    if (!(p.x < std::min(a.x, b.x) - kEdgeSlack || p.x > std::max(a.x, b.x) + kEdgeSlack ||
          p.y < std::min(a.y, b.y) - kEdgeSlack || p.y > std::max(a.y, b.y) + kEdgeSlack) &&
        point_segment_distance(p, {b, a}) <= kEps) {
      return true;
    }
    // Crossing number with a ray towards +x.
    if ((a.y > p.y) != (b.y > p.y)) {
      const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
      if (p.x < x) inside = !inside;
    }
    b = a;
  }
  return inside;
}

Box Polygon::bounds() const {
  if (points.empty()) return {};
  Box b{points[0], points[0]};
  for (Vec2 p : points) {
    b.min = {std::min(b.min.x, p.x), std::min(b.min.y, p.y)};
    b.max = {std::max(b.max.x, p.x), std::max(b.max.y, p.y)};
  }
  return b;
}

double Polygon::area() const {
  double twice = 0;
  const std::size_t n = points.size();
  for (std::size_t i = 0; i < n; ++i) twice += points[i].cross(points[(i + 1) % n]);
  return std::fabs(twice) / 2;
}

bool Polygon::intersects(const Segment& s) const {
  if (contains(s.a) || contains(s.b)) return true;
  const std::size_t n = points.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (segments_intersect(s, {points[i], points[(i + 1) % n]})) return true;
  }
  return false;
}

bool Polygon::intersects(const Rect& r) const {
  if (points.empty()) return false;
  const auto c = r.corners();
  for (Vec2 p : c) {
    if (contains(p)) return true;
  }
  for (Vec2 p : points) {
    if (r.contains(p)) return true;
  }
  const std::size_t n = points.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Segment e{points[i], points[(i + 1) % n]};
    for (int k = 0; k < 4; ++k) {
      if (segments_intersect(e, {c[k], c[(k + 1) % 4]})) return true;
    }
  }
  return false;
}

std::vector<std::pair<double, double>> Polygon::inside_intervals(const Segment& s) const {
  std::vector<std::pair<double, double>> out;
  inside_intervals(s, &out);
  return out;
}

void Polygon::inside_intervals(const Segment& s,
                               std::vector<std::pair<double, double>>* out) const {
  out->clear();
  const std::size_t n = points.size();
  if (n < 3) return;
  // The cuts in a per-thread scratch: a sight line asks this of every wood near it, and a
  // fresh vector per call was most of its cost (issue 9).
  thread_local std::vector<double> cuts;
  cuts.assign({0.0, 1.0});
  const Vec2 d = s.b - s.a;
  const double len2 = d.dot(d);
  const double len = s.length();  // crossing_param's, once rather than per edge
  // A vertex more than kEps (and a micron, far above rounding) outside the segment's box
  // lies farther than kEps from it: its distance is not worked out (as contains' edges).
  constexpr double kVertexSlack = kEps + 1e-3;
  const Box near{{std::min(s.a.x, s.b.x) - kVertexSlack, std::min(s.a.y, s.b.y) - kVertexSlack},
                 {std::max(s.a.x, s.b.x) + kVertexSlack, std::max(s.a.y, s.b.y) + kVertexSlack}};
  // Each vertex's side of the line through `s` (d x (v - s.a): len times its signed
  // distance), worked out once for the two edges that share it. An edge whose ends both lie
  // more than kBeside mm on one side cannot cross `s`: crossing_param's parameter along the
  // edge, side_a / (side_a - side_b), then falls outside [0, 1] by at least kBeside / the
  // edge's length (|side_a - side_b| <= len x that length), far above its 1e-12 for any
  // edge shorter than a kilometre, so its square root and divisions are not worked out. A
  // vertex that far from the line lies farther than kEps from `s` (issue 9: most edges of
  // a wood a sight line crosses lie beside it).
  constexpr double kBeside = 1e-3;  // mm, far above rounding on a table
  const double margin = kBeside * len;
  auto side_of = [&](Vec2 v) { return d.cross(v - s.a); };
  const double first_side = side_of(points[0]);
  double side_a = first_side;
  for (std::size_t i = 0; i < n; ++i) {
    const double side_b = i + 1 < n ? side_of(points[i + 1]) : first_side;
    const bool beside =
        (side_a > margin && side_b > margin) || (side_a < -margin && side_b < -margin);
    const Segment e{points[i], points[(i + 1) % n]};
    if (double t = 0; !beside && crossing_param(s, len, e, &t)) cuts.push_back(t);
    // Vertices on `s` also cut it: they bound pieces that run along a collinear edge.
    const Vec2 v = points[i];
    if (len2 > 0 && std::fabs(side_a) <= margin && v.x >= near.min.x && v.x <= near.max.x &&
        v.y >= near.min.y && v.y <= near.max.y && point_segment_distance(v, s) <= kEps) {
      cuts.push_back(std::clamp((v - s.a).dot(d) / len2, 0.0, 1.0));
    }
    side_a = side_b;
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  if (len2 == 0) {
    if (contains(s.a)) out->push_back({0.0, 1.0});
    return;
  }
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double t0 = cuts[i];
    const double t1 = cuts[i + 1];
    if (!contains(s.a + d * ((t0 + t1) / 2))) continue;
    if (!out->empty() && out->back().second == t0) {
      out->back().second = t1;
    } else {
      out->push_back({t0, t1});
    }
  }
}

double Polygon::length_inside(const Segment& s) const {
  // The intervals in a per-thread scratch (a hill's test of every sight line over it).
  thread_local std::vector<std::pair<double, double>> pieces;
  inside_intervals(s, &pieces);
  double t = 0;
  for (const auto& [t0, t1] : pieces) t += t1 - t0;
  return t * s.length();
}

bool beside_line(const std::array<Vec2, 4>& p, Vec2 a, Vec2 dir, double margin) {
  int above = 0;
  int below = 0;
  for (const Vec2 c : p) {
    const double side = dir.cross(c - a);
    if (side > margin) {
      ++above;
    } else if (side < -margin) {
      ++below;
    } else {
      return false;
    }
  }
  return above == 0 || below == 0;
}

double box_gap(const Box& a, const Box& b) {
  const double dx = std::max({0.0, a.min.x - b.max.x, b.min.x - a.max.x});
  const double dy = std::max({0.0, a.min.y - b.max.y, b.min.y - a.max.y});
  return std::sqrt(dx * dx + dy * dy);
}

}  // namespace smoothbore
