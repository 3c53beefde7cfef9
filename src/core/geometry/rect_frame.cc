#include "core/geometry/rect_frame.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace smoothbore {

namespace {

// As shapes.cc: the slack of "on the boundary", mm.
constexpr double kEps = 1e-9;

// The square of point_segment_distance(p, {a, b}), worked out by the same operations (its
// square root is that distance, bit for bit: the root is correctly rounded and monotone, so
// the least root is the root of the least square).
double point_segment_distance2(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 d = b - a;
  const double len2 = d.dot(d);
  if (len2 == 0) {
    const Vec2 e = p - a;
    return e.dot(e);
  }
  const double t = std::clamp((p - a).dot(d) / len2, 0.0, 1.0);
  const Vec2 e = p - (a + d * t);
  return e.dot(e);
}

}  // namespace

RectFrame::RectFrame(const Rect& rect_in)
    : rect(rect_in),
      f(rect_in.forward()),
      r(rect_in.right()),
      hd(rect_in.depth / 2),
      hw(rect_in.width / 2) {
  const Vec2 c = rect.centre;
  const Vec2 fd = f * hd;
  const Vec2 rw = r * hw;
  corners = {c + fd - rw, c + fd + rw, c - fd + rw, c - fd - rw};
}

RectFrame RectFrame::moved_to(Vec2 centre) const {
  RectFrame out = *this;
  out.rect.centre = centre;
  const Vec2 fd = f * hd;
  const Vec2 rw = r * hw;
  out.corners = {centre + fd - rw, centre + fd + rw, centre - fd + rw, centre - fd - rw};
  return out;
}

bool RectFrame::contains(Vec2 p) const {
  const Vec2 d = p - rect.centre;
  return std::fabs(d.dot(r)) <= hw + kEps && std::fabs(d.dot(f)) <= hd + kEps;
}

// The edge-to-edge distance is 0 when a corner lies inside the other rectangle (overlap,
// containment) or two edges meet; otherwise the least distance between two edges, which is
// the least distance of a corner of one to an edge of the other. Edges can meet and corners
// lie inside only when the circumscribed circles meet, which most pairs asked about do not.
double distance(const RectFrame& a, const RectFrame& b) {
  const auto& ca = a.corners;
  const auto& cb = b.corners;
  const double reach = std::sqrt(a.hw * a.hw + a.hd * a.hd) + std::sqrt(b.hw * b.hw + b.hd * b.hd);
  const Vec2 gap = a.rect.centre - b.rect.centre;
  // A millimetre of margin, far above the rounding of table-sized coordinates.
  if (gap.dot(gap) <= (reach + 1.0) * (reach + 1.0)) {
    for (Vec2 p : ca) {
      if (b.contains(p)) return 0;
    }
    for (Vec2 p : cb) {
      if (a.contains(p)) return 0;
    }
    for (int i = 0; i < 4; ++i) {
      const Segment ea{ca[i], ca[(i + 1) % 4]};
      for (int j = 0; j < 4; ++j) {
        if (segments_intersect(ea, {cb[j], cb[(j + 1) % 4]})) return 0;
      }
    }
  }
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 4; ++i) {
    const int i1 = (i + 1) % 4;
    for (int j = 0; j < 4; ++j) {
      const int j1 = (j + 1) % 4;
      best = std::min(best, point_segment_distance2(ca[i], cb[j], cb[j1]));
      best = std::min(best, point_segment_distance2(cb[j], ca[i], ca[i1]));
    }
  }
  return std::sqrt(best);
}

// The same steps as overlaps(Rect, Rect): the circumscribed circles first, from the
// widths and depths as given, then the separating axes of both frames.
bool overlaps(const RectFrame& a, const RectFrame& b, double tolerance) {
  const Rect& ra = a.rect;
  const Rect& rb = b.rect;
  const double reach = 0.5 * (std::sqrt(ra.width * ra.width + ra.depth * ra.depth) +
                              std::sqrt(rb.width * rb.width + rb.depth * rb.depth));
  const Vec2 gap = ra.centre - rb.centre;
  if (gap.dot(gap) >= reach * reach) return false;
  for (Vec2 axis : {a.f, a.r, b.f, b.r}) {
    double amin = std::numeric_limits<double>::infinity(), amax = -amin;
    double bmin = amin, bmax = -amin;
    for (Vec2 p : a.corners) {
      amin = std::min(amin, p.dot(axis));
      amax = std::max(amax, p.dot(axis));
    }
    for (Vec2 p : b.corners) {
      bmin = std::min(bmin, p.dot(axis));
      bmax = std::max(bmax, p.dot(axis));
    }
    if (std::min(amax, bmax) - std::max(amin, bmin) <= tolerance) return false;
  }
  return true;
}

double axis_gap(const RectFrame& a, const RectFrame& b) {
  double gap = -std::numeric_limits<double>::infinity();
  for (Vec2 axis : {a.f, a.r, b.f, b.r}) {
    double amin = std::numeric_limits<double>::infinity(), amax = -amin;
    double bmin = amin, bmax = -amin;
    for (Vec2 p : a.corners) {
      amin = std::min(amin, p.dot(axis));
      amax = std::max(amax, p.dot(axis));
    }
    for (Vec2 p : b.corners) {
      bmin = std::min(bmin, p.dot(axis));
      bmax = std::max(bmax, p.dot(axis));
    }
    gap = std::max({gap, bmin - amax, amin - bmax});
  }
  return gap;
}

}  // namespace smoothbore
