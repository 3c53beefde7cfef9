#include "core/geometry/rect_frame.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "core/geometry/axis_gaps.h"
#include "core/geometry/boundary_slack.h"

namespace smoothbore {

namespace {

using geometry_detail::kEps;

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

// A micron: the estimates below and the formula differ by rounding only, some 1e-12 of
// the coordinates (1e-6 mm on a table a kilometre wide), so a corner whose estimate is a
// micron beyond the least is surely farther by the formula too.
constexpr double kPrune = 1e-3;  // mm

// A footprint's shadow on an axis: the least and greatest of its corners' projections.
struct Shadow {
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
};

Shadow shadow(const std::array<Vec2, 4>& corners, Vec2 axis) {
  Shadow s;
  for (Vec2 p : corners) {
    s.min = std::min(s.min, p.dot(axis));
    s.max = std::max(s.max, p.dot(axis));
  }
  return s;
}

// The axes (rect.forward(), rect.right(): four sines) of the last two facings framed on
// this thread (issue 9): the stands of a unit share a facing, and a query between two units
// alternates two. Keyed by the facing's bits (0 and -0 have different sines), so the axes
// are those worked out afresh, bit for bit.
struct FrameAxes {
  std::uint64_t key = 0;
  bool set = false;
  Vec2 f, r;
};
thread_local std::array<FrameAxes, 2> last_frame_axes;

const FrameAxes& frame_axes_of(const Rect& rect) {
  const auto key = std::bit_cast<std::uint64_t>(rect.facing);
  if (last_frame_axes[0].set && last_frame_axes[0].key == key) return last_frame_axes[0];
  if (last_frame_axes[1].set && last_frame_axes[1].key == key) {
    std::swap(last_frame_axes[0], last_frame_axes[1]);
  } else {
    last_frame_axes[1] = last_frame_axes[0];
    last_frame_axes[0] = {key, true, rect.forward(), rect.right()};
  }
  return last_frame_axes[0];
}

// Whether the shadows of `a` and `b` lie more than kApart apart on one of their four axes
// (issue 9): then no corner of one lies inside the other, even with kEps of slack, and no
// two edges meet, by far more than the rounding of those tests, so distance() need not ask
// (8 corners and 16 edge pairs); the first axis that separates them answers.
constexpr double kApart = 1e-6;  // mm

bool shadows_apart(const RectFrame& a, const RectFrame& b) {
  for (Vec2 axis : {a.f, a.r, b.f, b.r}) {
    const Shadow sa = shadow(a.corners, axis);
    const Shadow sb = shadow(b.corners, axis);
    if (sb.min - sa.max > kApart || sa.min - sb.max > kApart) return true;
  }
  return false;
}

}  // namespace

RectFrame::RectFrame(const Rect& rect_in) {
  const FrameAxes& axes = frame_axes_of(rect_in);
  assign_on_axes(rect_in, axes.f, axes.r);
}

RectFrame RectFrame::moved_to(Vec2 centre) const {
  RectFrame out = *this;
  out.move_to(centre);
  return out;
}

double distance(const RectFrame& a, Vec2 p) {
  const Vec2 d = p - a.rect.centre;
  const double dx = std::max(std::fabs(d.dot(a.r)) - a.rect.width / 2, 0.0);
  const double dy = std::max(std::fabs(d.dot(a.f)) - a.rect.depth / 2, 0.0);
  return std::sqrt(dx * dx + dy * dy);
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
  // A millimetre of margin, far above the rounding of table-sized coordinates; and near
  // footprints whose shadows lie apart on one of their axes neither touch nor overlap.
  if (gap.dot(gap) <= (reach + 1.0) * (reach + 1.0) && !shadows_apart(a, b)) {
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
  // Of the 32 corner-to-edge distances only those of the corners that may be nearest are
  // worked out by the formula (its rounding decides the answer's last bits). A corner's
  // distance to the other footprint, from its coordinates in the other's frame, is its
  // least distance to the other's edges (no corner lies inside: see above) but for
  // rounding far below kPrune, so a corner more than kPrune beyond the nearest cannot give
  // the least.
  // The same estimate prunes the edges a near corner is measured to: the square of its
  // distance to each edge, from its coordinates in the other's frame (edge j runs from corner
  // j to corner j + 1: front at v = hd, right at u = hw, rear at v = -hd, left at u = -hw),
  // differs from the formula's by rounding only, so an edge more than kPrune beyond the
  // nearest corner's distance cannot give the least either (issue 9: of the 16 formulas of
  // two corners, one or two edges each are left).
  // A corner in the other's frame: its coordinates along the right axis (u) and the forward
  // axis (v), and the squares of how far it lies beyond the sides (bu) and beyond the front
  // or rear (bv); bu + bv is the square of its distance to the other footprint.
  struct Local {
    double u, v, bu, bv;
  };
  auto local = [](const RectFrame& fr, Vec2 p) {
    const Vec2 d = p - fr.rect.centre;
    const double u = d.dot(fr.r), v = d.dot(fr.f);
    const double out_u = std::max(std::fabs(u) - fr.hw, 0.0);
    const double out_v = std::max(std::fabs(v) - fr.hd, 0.0);
    return Local{u, v, out_u * out_u, out_v * out_v};
  };
  Local a_in_b[4], b_in_a[4];
  double least = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < 4; ++i) {
    a_in_b[i] = local(b, ca[i]);
    b_in_a[i] = local(a, cb[i]);
    least = std::min({least, a_in_b[i].bu + a_in_b[i].bv, b_in_a[i].bu + b_in_a[i].bv});
  }
  const double lim = std::sqrt(least) + kPrune;
  const double lim2 = lim * lim;
  double best = std::numeric_limits<double>::infinity();
  auto measure = [&best, lim2](Vec2 p, const Local& at, const RectFrame& fr,
                               const std::array<Vec2, 4>& c) {
    if (at.bu + at.bv > lim2) return;
    const double front = at.v - fr.hd, right = at.u - fr.hw;
    const double rear = at.v + fr.hd, left = at.u + fr.hw;
    const double edge2[4] = {front * front + at.bu, right * right + at.bv, rear * rear + at.bu,
                             left * left + at.bv};
    for (std::size_t j = 0; j < 4; ++j) {
      if (edge2[j] <= lim2) best = std::min(best, point_segment_distance2(p, c[j], c[(j + 1) % 4]));
    }
  };
  for (std::size_t i = 0; i < 4; ++i) {
    measure(ca[i], a_in_b[i], b, cb);
    measure(cb[i], b_in_a[i], a, ca);
  }
  return std::sqrt(best);
}

bool overlaps(const RectFrame& a, const RectFrame& b, double tolerance) {
  // Every point of a rectangle lies within half its diagonal of its centre: rectangles
  // whose circumscribed circles are apart cannot overlap.
  const double reach = 0.5 * (std::sqrt(a.rect.width * a.rect.width + a.rect.depth * a.rect.depth) +
                              std::sqrt(b.rect.width * b.rect.width + b.rect.depth * b.rect.depth));
  const Vec2 gap = a.rect.centre - b.rect.centre;
  if (gap.dot(gap) >= reach * reach) return false;
  for (Vec2 axis : {a.f, a.r, b.f, b.r}) {
    const Shadow sa = shadow(a.corners, axis);
    const Shadow sb = shadow(b.corners, axis);
    if (std::min(sa.max, sb.max) - std::max(sa.min, sb.min) <= tolerance) return false;
  }
  return true;
}

std::array<AxisGap, 4> axis_gaps(const RectFrame& a, const RectFrame& b) {
  std::array<AxisGap, 4> out;
  std::size_t n = 0;
  for (Vec2 axis : {a.f, a.r, b.f, b.r}) {
    const Shadow sa = shadow(a.corners, axis);
    const Shadow sb = shadow(b.corners, axis);
    out[n++] = {axis, std::max(sb.min - sa.max, sa.min - sb.max)};
  }
  return out;
}

double axis_gap(const RectFrame& a, const RectFrame& b) {
  double gap = -std::numeric_limits<double>::infinity();
  for (const AxisGap& g : axis_gaps(a, b)) gap = std::max(gap, g.gap);
  return gap;
}

Box bounds(const RectFrame& a) {
  Box b{a.corners[0], a.corners[0]};
  for (Vec2 p : a.corners) {
    b.min = {std::min(b.min.x, p.x), std::min(b.min.y, p.y)};
    b.max = {std::max(b.max.x, p.x), std::max(b.max.y, p.y)};
  }
  return b;
}

// The same arithmetic as zone_of(const Rect&, Vec2), the axes read from the frame (f and r
// are rect.forward() and rect.right(); hd and hw are depth / 2 and width / 2).
Zone zone_of(const RectFrame& target, Vec2 p) {
  constexpr double kSlack = 1e-6;
  const Vec2 d = p - target.rect.centre;
  const double along = d.dot(target.f);
  const double across = d.dot(target.r);
  if (along >= target.hd - kSlack && std::fabs(across) <= target.hw + kSlack) {
    return Zone::kFront;
  }
  if (along <= -target.hd + kSlack) return Zone::kRear;
  return across < 0 ? Zone::kLeftFlank : Zone::kRightFlank;
}

}  // namespace smoothbore
