#include "rules/elan_drill/path_filters.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace smoothbore::elan_drill {

void obstacle_segments(const smoothbore::Table& table, Vec2 a, Vec2 b, TerrainClass c,
                       std::vector<Segment>& out) {
  constexpr double kNearMm = 1.0;
  const Box box{{std::min(a.x, b.x) - kNearMm, std::min(a.y, b.y) - kNearMm},
                {std::max(a.x, b.x) + kNearMm, std::max(a.y, b.y) + kNearMm}};
  out.clear();
  const auto& linears = table.linears();
  for (const int k : table.linears_near(box)) {
    const LinearFeature& f = linears[static_cast<std::size_t>(k)];
    if (f.cls != c) continue;
    for (std::size_t i = 0; i + 1 < f.path.size(); ++i) {
      const Vec2 p = f.path[i], q = f.path[i + 1];
      const Box e{{std::min(p.x, q.x), std::min(p.y, q.y)},
                  {std::max(p.x, q.x), std::max(p.y, q.y)}};
      if (e.intersects(box)) out.push_back({p, q});
    }
  }
}

void ObstacleSegments::build(const smoothbore::Table& table) {
  features_.clear();
  by_class_.clear();
  for (const LinearFeature& f : table.linears()) {
    const auto cls = static_cast<std::size_t>(f.cls);
    if (by_class_.size() <= cls) by_class_.resize(cls + 1);
    by_class_[cls].push_back(features_.size());
    Feature k;
    if (!f.path.empty()) k.box = {f.path.front(), f.path.front()};
    for (const Vec2 p : f.path) {
      k.box = {{std::min(k.box.min.x, p.x), std::min(k.box.min.y, p.y)},
               {std::max(k.box.max.x, p.x), std::max(k.box.max.y, p.y)}};
    }
    for (std::size_t i = 0; i + 1 < f.path.size();) {
      Run r;
      r.first = i;
      r.rising = f.path[i].x <= f.path[i + 1].x;
      while (i + 1 < f.path.size() &&
             (r.rising ? f.path[i].x <= f.path[i + 1].x : f.path[i].x >= f.path[i + 1].x)) {
        ++i;
      }
      r.last = i;
      k.runs.push_back(r);
    }
    features_.push_back(std::move(k));
  }
  built_ = true;
}

void ObstacleSegments::near(const smoothbore::Table& table, Vec2 a, Vec2 b, TerrainClass c,
                            std::vector<Segment>& out) const {
  constexpr double kNearMm = 1.0;  // as obstacle_segments
  const Box box{{std::min(a.x, b.x) - kNearMm, std::min(a.y, b.y) - kNearMm},
                {std::max(a.x, b.x) + kNearMm, std::max(a.y, b.y) + kNearMm}};
  out.clear();
  const auto cls = static_cast<std::size_t>(c);
  if (cls >= by_class_.size()) return;
  for (const std::size_t i : by_class_[cls]) {
    const Feature& f = features_[i];
    // Every segment's box lies in the path's: a path whose box misses has none to give.
    if (!f.box.intersects(box)) continue;
    const std::vector<Vec2>& path = table.linears()[i].path;
    for (const Run& r : f.runs) {
      // Segment k's box spans x from min(path[k].x, path[k + 1].x) to the max: along a
      // rising run both ends rise with k, along a falling one both fall, so the segments
      // whose x span meets the box's are those from the first that reaches it to the last.
      std::size_t lo = r.first, hi = r.last;  // the first k in [lo, hi) that can meet it
      while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        const bool before = r.rising ? path[mid + 1].x < box.min.x : path[mid + 1].x > box.max.x;
        (before ? lo : hi) = before ? mid + 1 : mid;
      }
      for (std::size_t k = lo; k < r.last; ++k) {
        const Vec2 p = path[k], q = path[k + 1];
        if (r.rising ? p.x > box.max.x : p.x < box.min.x) break;  // and every one after
        const Box e{{std::min(p.x, q.x), std::min(p.y, q.y)},
                    {std::max(p.x, q.x), std::max(p.y, q.y)}};
        if (e.intersects(box)) out.push_back({p, q});
      }
    }
  }
}

std::optional<PathSpan> circle_span(const Rect& mover, const Rect& other, Vec2 from, Vec2 dir) {
  // overlaps()'s first test: both half diagonals.
  const double reach = 0.5 * (std::sqrt(mover.width * mover.width + mover.depth * mover.depth) +
                              std::sqrt(other.width * other.width + other.depth * other.depth));
  const double r = reach * (1 + 1e-9) + 1e-3;
  const Vec2 v = other.centre - from;
  const double along = v.dot(dir);
  const double off = std::fabs(v.cross(dir));
  if (off >= r) return std::nullopt;
  const double half = std::sqrt(r * r - off * off);
  return PathSpan{along - half, along + half};
}

double clear_run(const RectFrame& mover, const RectFrame& other, Vec2 dir, double tolerance) {
  constexpr double kMarginMm = 1e-3;
  double run = 0;
  for (const Vec2 axis : {mover.f, mover.r, other.f, other.r}) {
    double a_min = mover.corners[0].dot(axis), a_max = a_min;
    double b_min = other.corners[0].dot(axis), b_max = b_min;
    for (std::size_t i = 1; i < 4; ++i) {
      const double a = mover.corners[i].dot(axis), b = other.corners[i].dot(axis);
      a_min = std::min(a_min, a);
      a_max = std::max(a_max, a);
      b_min = std::min(b_min, b);
      b_max = std::max(b_max, b);
    }
    const double room = tolerance - (std::min(a_max, b_max) - std::max(a_min, b_min)) - kMarginMm;
    if (room <= 0) continue;
    const double rate = std::fabs(dir.dot(axis));
    if (rate == 0) return std::numeric_limits<double>::infinity();
    run = std::max(run, room / rate);
  }
  return run;
}

}  // namespace smoothbore::elan_drill
