// Exact prefilters for the AI's geometry (issue 9): cheap tests that rule out work whose
// answer they already know, so that every answer stays what the full test gives.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "core/geometry/rect_frame.h"
#include "core/table/table.h"

namespace smoothbore::fast_1805 {

// Whether every corner of a footprint whose corners' bounds are `box` (core bounds(frame):
// the least and greatest of the corners' coordinates, unchanged) lies on the table, as
// Table::contains asks of each corner: the table is a box (each coordinate within its own
// limits), so the four corners lie on it exactly when the two corners of their bounds do
// (issue 9: move_unit and place_ok asked four corners, a call each).
inline bool corners_on_table(const Table& table, const Box& box) {
  return table.contains(box.min) && table.contains(box.max);
}

// Every sight line (common.md §3.5, core/geometry/sight.h) runs from a point of the
// observer's front edge (its frame's corners 0 and 1) to a point of the target's footprint,
// so within the convex hull of those six corners. A footprint whose shadow on the line
// joining the centres, or on its normal, lies more than a millimetre (far above rounding)
// beyond the shadow of those corners enters no sight line: leaving it out of the blockers
// changes no answer of line_of_sight or seen_past_friends. (No line starts at the
// observer's rear corners: a unit just behind it, a second line or a support, falls outside
// when the target lies ahead; issue 9.)
class SightCorridor {
 public:
  SightCorridor(const RectFrame& observer, const RectFrame& target) {
    const Vec2 d = target.rect.centre - observer.rect.centre;
    const double len = d.length();
    if (!(len > 0)) return;
    along_ = d * (1.0 / len);
    across_ = {-along_.y, along_.x};
    ok_ = true;
    widen(observer.corners[0], lo_, hi_);
    widen(observer.corners[1], lo_, hi_);
    for (const Vec2 c : target.corners) widen(c, lo_, hi_);
  }
  // Whether `b` surely enters no sight line between the two footprints.
  bool misses(const RectFrame& b) const {
    if (!ok_) return false;
    Span lo{kFar, kFar}, hi{-kFar, -kFar};
    for (const Vec2 c : b.corners) widen(c, lo, hi);
    return hi.along < lo_.along - kMargin || lo.along > hi_.along + kMargin ||
           hi.across < lo_.across - kMargin || lo.across > hi_.across + kMargin;
  }

 private:
  static constexpr double kFar = 1e300;
  static constexpr double kMargin = 1.0;  // mm
  struct Span {
    double along, across;
  };
  void widen(Vec2 c, Span& lo, Span& hi) const {
    const double a = c.dot(along_), x = c.dot(across_);
    lo = {std::min(lo.along, a), std::min(lo.across, x)};
    hi = {std::max(hi.along, a), std::max(hi.across, x)};
  }
  bool ok_ = false;
  Vec2 along_, across_;
  Span lo_{kFar, kFar}, hi_{-kFar, -kFar};
};

// Whether the ground is the same all round `p` for `radius` mm (and a millimetre more): no
// linear feature's band (within half its width of its path) and no area's edge comes that
// near, so each area either covers the whole square of that half-size around `p` or misses
// it. A straight path from `p` then runs over the ground under `p` (`*at`: the classes of
// the areas containing it) for its first `radius` mm at least: every point where it enters
// or leaves a feature (Table::path_cost's cuts) lies on an area's edge or on a linear
// feature's band's edge. (A linear feature's box may reach far from its band: a stream
// across the table; issue 9.)
inline bool uniform_ground_near(const Table& table, Vec2 p, double radius, TerrainAt* at) {
  const double r = radius + 1.0;
  const Box box{{p.x - r, p.y - r}, {p.x + r, p.y + r}};
  for (const int i : table.linears_near(box)) {
    const LinearFeature& f = table.linears()[static_cast<std::size_t>(i)];
    const std::vector<Vec2>& path = f.path;
    const double clear = f.width / 2 + r;  // farther than this from the path: no band near
    if (path.empty()) continue;
    if (path.size() == 1 && !(distance(p, path[0]) > clear)) return false;
    for (std::size_t k = 0; k + 1 < path.size(); ++k) {
      if (!(point_segment_distance(p, {path[k], path[k + 1]}) > clear)) return false;
    }
  }
  at->classes.clear();
  for (const int i : table.areas_near(box)) {
    const AreaFeature& f = table.areas()[static_cast<std::size_t>(i)];
    const std::vector<Vec2>& v = f.shape.points;
    for (std::size_t k = 0; k < v.size(); ++k) {
      const Vec2 a = v[k], b = v[(k + 1) % v.size()];
      const Box edge{{std::min(a.x, b.x), std::min(a.y, b.y)},
                     {std::max(a.x, b.x), std::max(a.y, b.y)}};
      if (edge.intersects(box)) return false;
    }
    if (f.shape.contains(p)) at->classes.push_back(f.cls);
  }
  return true;
}

// table.reachable(p, q, budget, cost) < least, for a path whose first `least` mm and more
// are the ground `at` (uniform_ground_near(table, p, least, &at)) with q at least `least`
// from p, and `here` = cost(at): the first piece of the path is longer than `least`, so
// the move falls short of it only if that ground is impassable or its budget runs out there.
inline bool falls_short_on_uniform(double budget, double here, double least) {
  return !(budget / here >= least);
}

// A lower bound of distance(a, b) (the edge-to-edge gap) from the centres alone: no point
// of a footprint lies farther from its centre than half its diagonal, so the gap is at
// least the centres' distance less both half diagonals; a millimetre more (far above
// rounding) keeps it below the exact distance. Some 30 instructions against distance's 600:
// a caller that asks only "beyond X?" tries this first and measures only when undecided.
inline double gap_lower_bound(const RectFrame& a, const RectFrame& b) {
  const Vec2 d = a.rect.centre - b.rect.centre;
  return std::sqrt(d.dot(d)) - std::sqrt(a.hw * a.hw + a.hd * a.hd) -
         std::sqrt(b.hw * b.hw + b.hd * b.hd) - 1.0;
}

// axis_gap(a, b) but for rounding: the widest gap between the two footprints' shadows on
// their four axes, each footprint's shadow on its own axes taken as its centre's less and
// more the half side (its corners' shadows but for rounding, far below a micron on a table),
// so that only the other's corners are projected: 16 products and 4 for the centres, not
// axis_gap's 32 (issue 9). The shadows' gap on any axis of unit length is a lower bound of
// the distance between the footprints.
inline double own_axes_gap(const RectFrame& a, const RectFrame& b) {
  double gap = -std::numeric_limits<double>::infinity();
  auto widen = [&gap](const RectFrame& own, const RectFrame& other, Vec2 axis, double half) {
    const double c = own.rect.centre.dot(axis);
    double lo = other.corners[0].dot(axis), hi = lo;
    for (std::size_t k = 1; k < 4; ++k) {
      const double v = other.corners[k].dot(axis);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    gap = std::max({gap, lo - (c + half), (c - half) - hi});
  };
  widen(a, b, a.f, a.hd);
  widen(a, b, a.r, a.hw);
  widen(b, a, b.f, b.hd);
  widen(b, a, b.r, b.hw);
  return gap;
}

// Whether `beyond(lower bound)` holds for a lower bound of distance(a, b): the centres'
// bound first, then the widest axis gap (own_axes_gap, some 100 instructions; it undercuts
// the distance by rounding only, a micron less stands for that). `beyond` must hold for
// every gap above one it holds for; then it holds for distance(a, b) too.
template <typename Beyond>
bool surely_beyond(const RectFrame& a, const RectFrame& b, Beyond beyond) {
  return beyond(gap_lower_bound(a, b)) || beyond(own_axes_gap(a, b) - 1e-3);
}

// The slides t of a footprint from `from` along the unit vector `dir` (to
// from.moved_to(from.rect.centre + dir * t)) over which it may overlap `other` by more than
// `tolerance` mm: overlaps(moved, other, tolerance) is false for every t <= lo and every
// t >= hi (lo >= hi: for every t). overlaps() answers false once the shadows on one of the
// four axes (the same for every t: a slide keeps the axes) overlap by no more than the
// tolerance. On axis a the moved shadow is the start's shifted by t (dir . a), and its
// overlap with other's shadow is at most both (its far end - other's near end) and
// (other's far end - its near end): above the tolerance only while the shift lies in an
// open interval, so t does in one interval per axis, and in their intersection. A micron
// of slack stands for the rounding of the corners moved (a unit behind a move, or beside
// it, is never asked about: its window misses the path, issue 9).
struct SlideWindow {
  double lo, hi;
};
inline SlideWindow overlap_window(const RectFrame& from, Vec2 dir, const RectFrame& other,
                                  double tolerance) {
  constexpr double kSlack = 1e-3;  // mm
  constexpr double kInf = std::numeric_limits<double>::infinity();
  SlideWindow w{-kInf, kInf};
  for (const Vec2 axis : {from.f, from.r, other.f, other.r}) {
    double a0 = kInf, a1 = -kInf, b0 = kInf, b1 = -kInf;
    for (const Vec2 p : from.corners) {
      a0 = std::min(a0, p.dot(axis));
      a1 = std::max(a1, p.dot(axis));
    }
    for (const Vec2 p : other.corners) {
      b0 = std::min(b0, p.dot(axis));
      b1 = std::max(b1, p.dot(axis));
    }
    // The shifts x for which min(a1 + x, b1) - max(a0 + x, b0) may exceed the tolerance.
    const double low = b0 - a1 + tolerance - kSlack;
    const double high = b1 - a0 - tolerance + kSlack;
    const double rate = dir.dot(axis);
    if (rate > 0) {
      w.lo = std::max(w.lo, low / rate);
      w.hi = std::min(w.hi, high / rate);
    } else if (rate < 0) {
      w.lo = std::max(w.lo, high / rate);
      w.hi = std::min(w.hi, low / rate);
    } else if (!(low < 0 && high > 0)) {
      return {kInf, -kInf};  // apart on this axis at every slide
    }
  }
  return w;
}

// The points move_unit's walk samples along a path `reach` long: t = min(step, reach) first,
// then t + step each time, every sum rounded as the walk adds it (not k * step, which can
// differ in the last bit). While the path lies on the table and no friend has been passed
// through, the walk takes every step up to the least overlap window's start (`clear_until`)
// as reached without a frame worked out: some forty steps of a loop for a full move (issue 9,
// round 26). skip_clear() gives where those steps leave it: the last of them at or before
// `reach` (`ok_t`, 0 if none) and the walk's next t, from which its loop goes on as before (a
// step past `reach`, clamped to it, is the loop's own). The sums are kept once for paths of
// up to `count` steps; beyond them the loop walks on from the last.
class WalkSteps {
 public:
  WalkSteps(double step, std::size_t count) : step_(step) {
    sums_.reserve(count);
    double t = step;
    for (std::size_t k = 0; k < count; ++k, t += step) sums_.push_back(t);
  }
  struct Skip {
    double ok_t, next_t;
  };
  Skip skip_clear(double reach, double clear_until) const {
    // A path shorter than a step starts at `reach`, and a first step beyond clear_until (or
    // a NaN) is not taken here: the loop starts where it did.
    if (sums_.empty() || !(reach >= step_) || !(clear_until >= step_)) {
      return {0, std::min(step_, reach)};
    }
    const double limit = clear_until < reach ? clear_until : reach;
    // n: how many sums lie at or below limit (they ascend), from a guess a step or so off.
    std::size_t n =
        static_cast<std::size_t>(std::min(limit / step_, static_cast<double>(sums_.size())));
    while (n < sums_.size() && sums_[n] <= limit) ++n;
    while (n > 0 && sums_[n - 1] > limit) --n;
    if (n == 0) return {0, step_};
    return {sums_[n - 1], sums_[n - 1] + step_};
  }

 private:
  double step_;
  std::vector<double> sums_;
};

}  // namespace smoothbore::fast_1805
