#include "core/table/table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/geometry/rect_points.h"
#include "core/table/spatial_index.h"  // grown

namespace smoothbore {

namespace {

// Parts of a sight line shorter than this (mm) do not count: a line grazing a wood's
// corner or an observer standing on its edge is not blocked by rounding error.
constexpr double kSightSlack = 0.5;

double polyline_distance(Vec2 p, const std::vector<Vec2>& path) {
  if (path.empty()) return std::numeric_limits<double>::infinity();
  if (path.size() == 1) return distance(p, path[0]);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    best = std::min(best, point_segment_distance(p, {path[i], path[i + 1]}));
  }
  return best;
}

bool on_linear(Vec2 p, const LinearFeature& f) {
  return polyline_distance(p, f.path) <= f.width / 2;
}

Box segment_box(Vec2 a, Vec2 b) {
  return {{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}};
}

// The boxes of a polyline's segments kLinearRun at a time, as cut_params walks them (a
// one-point path is one segment from the point to itself).
std::vector<Box> segment_runs(const std::vector<Vec2>& path) {
  const std::size_t n = path.size();
  const std::size_t segments = n == 0 ? 0 : std::max<std::size_t>(n, 2) - 1;
  std::vector<Box> runs;
  for (std::size_t i = 0; i < segments; ++i) {
    const Box b = segment_box(path[i], path[std::min(i + 1, n - 1)]);
    if (i % Table::kLinearRun == 0) {
      runs.push_back(b);
    } else {
      Box& run = runs.back();
      run = {{std::min(run.min.x, b.min.x), std::min(run.min.y, b.min.y)},
             {std::max(run.max.x, b.max.x), std::max(run.max.y, b.max.y)}};
    }
  }
  return runs;
}

bool box_has(const Box& b, Vec2 p) {
  return p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y;
}

// A feature's registered box: its bounds with a little slack, so that a point on its
// boundary (which the exact tests count as inside) is never dropped by the box test.
constexpr double kBoxSlack = 1e-3;
// Slack, mm, of cut_params' box test of one capsule of a linear feature: far above the
// rounding of where a table-sized line meets a capsule (about 1e-3 mm when nearly tangent).
constexpr double kSegmentSlack = 1.0;

// A closed interval of the line parameter t; empty when lo > hi.
struct Interval {
  double lo = 1;
  double hi = 0;
  bool empty() const { return lo > hi; }
};

Interval intersect(Interval a, Interval b) { return {std::max(a.lo, b.lo), std::min(a.hi, b.hi)}; }

// t with lo <= alpha + beta·t <= hi.
Interval linear_band(double alpha, double beta, double lo, double hi) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (beta == 0) return (alpha >= lo && alpha <= hi) ? Interval{-kInf, kInf} : Interval{};
  double t0 = (lo - alpha) / beta;
  double t1 = (hi - alpha) / beta;
  if (t0 > t1) std::swap(t0, t1);
  return {t0, t1};
}

// t with |a + t·d - q| <= r (d non-zero).
Interval disc(Vec2 a, Vec2 d, Vec2 q, double r) {
  const Vec2 w = a - q;
  const double qa = d.dot(d);
  const double qb = d.dot(w);
  const double qc = w.dot(w) - r * r;
  const double disc = qb * qb - qa * qc;
  if (disc < 0) return {};
  const double s = std::sqrt(disc);
  return {(-qb - s) / qa, (-qb + s) / qa};
}

// t where a + t·d lies within r of segment q0-q1: the line meets the capsule, a convex
// set, in one interval, the hull of its meetings with the two end discs and the slab.
// This is the exact entry and exit of the band that terrain_at's distance test describes.
Interval capsule(Vec2 a, Vec2 d, Vec2 q0, Vec2 q1, double r) {
  Interval out;
  auto hull = [&out](Interval i) {
    if (i.empty()) return;
    if (out.empty()) {
      out = i;
    } else {
      out = {std::min(out.lo, i.lo), std::max(out.hi, i.hi)};
    }
  };
  hull(disc(a, d, q0, r));
  hull(disc(a, d, q1, r));
  const double len = distance(q0, q1);
  if (len > 0) {
    const Vec2 u = (q1 - q0) * (1.0 / len);
    const Vec2 n{-u.y, u.x};
    const Vec2 w = a - q0;
    hull(
        intersect(linear_band(w.dot(u), d.dot(u), 0, len), linear_band(w.dot(n), d.dot(n), -r, r)));
  }
  return out;
}

// Whether every corner of `box` lies more than kClearOfLine mm on one side of the line
// through `s` (of length `len` > 0): then no shape inside the box meets `s` or comes within
// rounding (or shapes.cc's 1e-9 mm) of it, and inside_intervals would find nothing. Most
// sight lines whose box meets a wood's pass beside it (issue 9).
constexpr double kClearOfLine = 1e-3;
bool box_clear_of_line(const Box& box, const Segment& s, double len) {
  return beside_line({box.min, Vec2{box.max.x, box.min.y}, box.max, Vec2{box.min.x, box.max.y}},
                     s.a, (s.b - s.a) * (1.0 / len), kClearOfLine);
}

}  // namespace

// Parameters in [0, 1] where a→b enters or leaves any feature, with 0 and 1, sorted, in a
// per-thread scratch (every move and charge a rule set weighs asks for them). An area
// whose box lies wholly on one side of the line has no piece of it inside (as
// terrain_blocks_sight skips it) and is not cut against it.
const std::vector<double>& Table::cut_params(Vec2 a, Vec2 b) const {
  thread_local std::vector<double> cuts;
  thread_local std::vector<int> near;
  cuts.assign({0.0, 1.0});
  const Segment s{a, b};
  const Vec2 d = b - a;
  if (d.dot(d) == 0) return cuts;
  const double len = s.length();
  const Box box = segment_box(a, b);
  area_grid_.near(box, &near);
  for (int i : near) {
    if (box_clear_of_line(area_grid_.box(i), s, len)) continue;
    const AreaFeature& f = areas_[static_cast<std::size_t>(i)];
    for (const auto& [t0, t1] : f.shape.inside_intervals(s)) {
      cuts.push_back(t0);
      cuts.push_back(t1);
    }
  }
  linear_grid_.near(box, &near);
  for (int li : near) {
    const LinearFeature& f = linears_[static_cast<std::size_t>(li)];
    const double r = f.width / 2;
    const std::size_t n = f.path.size();
    // A one-point "polyline" is a disc; otherwise one capsule per polyline segment. A
    // capsule whose box (grown by kSegmentSlack) misses a→b's box meets the line only
    // outside 0..1 and adds no cut (issue 9: a stream across the table is ninety
    // segments, and every move whose box met the stream's cut all of them).
    const double g = r + kSegmentSlack;
    auto misses = [&](const Box& q) {
      return q.min.x - g > box.max.x || q.max.x + g < box.min.x || q.min.y - g > box.max.y ||
             q.max.y + g < box.min.y;
    };
    const std::vector<Box>& runs = linear_runs_[static_cast<std::size_t>(li)];
    const std::size_t segments = n == 0 ? 0 : std::max<std::size_t>(n, 2) - 1;
    for (std::size_t run = 0; run < runs.size(); ++run) {
      // A run's box holds each of its segments' ends, so a segment's grown box misses
      // whenever its run's does (rounding is monotone): the run is skipped whole (issue
      // 9: a stream's ninety box tests were most of each move's cut at 10,000 stands). A
      // feature of one run is not asked (the grid found it by much the same box).
      if (runs.size() > 1 && misses(runs[run])) continue;
      const std::size_t end = std::min(segments, (run + 1) * kLinearRun);
      for (std::size_t i = run * kLinearRun; i < end; ++i) {
        const Vec2 q0 = f.path[i], q1 = f.path[std::min(i + 1, n - 1)];
        if (misses(segment_box(q0, q1))) continue;
        const Interval in = capsule(a, d, q0, q1, r);
        if (in.empty()) continue;
        if (in.lo > 0 && in.lo < 1) cuts.push_back(in.lo);
        if (in.hi > 0 && in.hi < 1) cuts.push_back(in.hi);
      }
    }
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  return cuts;
}

bool TerrainAt::has(TerrainClass c) const {
  return std::find(classes.begin(), classes.end(), c) != classes.end();
}

bool Table::contains(Vec2 p) const {
  constexpr double kEps = 1e-9;
  return p.x >= -kEps && p.x <= width_ + kEps && p.y >= -kEps && p.y <= height_ + kEps;
}

bool Table::contains(const Rect& r) const {
  for (Vec2 p : r.corners()) {
    if (!contains(p)) return false;
  }
  return true;
}

void Table::add(AreaFeature f) {
  area_grid_.add(static_cast<int>(areas_.size()), grown(f.shape.bounds(), kBoxSlack));
  areas_.push_back(std::move(f));
}

void Table::add(LinearFeature f) {
  Box b{};
  if (!f.path.empty()) {
    b = {f.path[0], f.path[0]};
    for (Vec2 q : f.path)
      b = {{std::min(b.min.x, q.x), std::min(b.min.y, q.y)},
           {std::max(b.max.x, q.x), std::max(b.max.y, q.y)}};
  }
  linear_grid_.add(static_cast<int>(linears_.size()), grown(b, f.width / 2 + kBoxSlack));
  linear_runs_.push_back(segment_runs(f.path));
  linears_.push_back(std::move(f));
}

std::vector<int> Table::areas_near(const Box& box) const { return area_grid_.near(box); }
std::vector<int> Table::linears_near(const Box& box) const { return linear_grid_.near(box); }

TerrainAt Table::terrain_at(Vec2 p) const {
  TerrainAt at;
  bool any_area = false;
  for (int i : area_grid_.at(p)) {
    const AreaFeature& f = areas_[static_cast<std::size_t>(i)];
    if (!box_has(area_grid_.box(i), p) || !f.shape.contains(p)) continue;
    at.classes.push_back(f.cls);
    at.elevation = any_area ? std::max(at.elevation, f.elevation) : f.elevation;
    any_area = true;
  }
  for (int i : linear_grid_.at(p)) {
    const LinearFeature& f = linears_[static_cast<std::size_t>(i)];
    if (box_has(linear_grid_.box(i), p) && on_linear(p, f)) at.classes.push_back(f.cls);
  }
  return at;
}

int Table::elevation_at(Vec2 p) const {
  bool any = false;
  int e = 0;
  for (int i : area_grid_.at(p)) {
    const AreaFeature& f = areas_[static_cast<std::size_t>(i)];
    if (!box_has(area_grid_.box(i), p) || !f.shape.contains(p)) continue;
    e = any ? std::max(e, f.elevation) : f.elevation;
    any = true;
  }
  return e;
}

bool Table::all_in(const Rect& r, TerrainClass c) const {
  for (Vec2 p : nine_points(r)) {
    if (!terrain_at(p).has(c)) return false;
  }
  return true;
}

bool Table::any_in(const Rect& r, TerrainClass c) const {
  for (Vec2 p : nine_points(r)) {
    if (terrain_at(p).has(c)) return true;
  }
  return false;
}

double Table::path_cost(Vec2 a, Vec2 b, const CostFn& cost) const {
  const std::vector<double>& cuts = cut_params(a, b);
  const double len = distance(a, b);
  double total = 0;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double piece = (cuts[i + 1] - cuts[i]) * len;
    if (piece <= 0) continue;
    const double c = cost(terrain_at(a + (b - a) * ((cuts[i] + cuts[i + 1]) / 2)));
    if (c == kImpassable) return kImpassable;
    total += piece * c;
  }
  return total;
}

double Table::reachable(Vec2 a, Vec2 b, double budget, const CostFn& cost) const {
  if (budget <= 0) return 0;
  const std::vector<double>& cuts = cut_params(a, b);
  const double len = distance(a, b);
  double spent = 0;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double start = cuts[i] * len;
    const double piece = (cuts[i + 1] - cuts[i]) * len;
    if (piece <= 0) continue;
    const double c = cost(terrain_at(a + (b - a) * ((cuts[i] + cuts[i + 1]) / 2)));
    if (c == kImpassable) return start;
    if (spent + piece * c > budget) return start + (budget - spent) / c;
    spent += piece * c;
  }
  return len;
}

namespace {

// Whether a→b meets one of the segments of the path.
bool meets_path(const Segment& s, const LinearFeature& f) {
  for (std::size_t i = 0; i + 1 < f.path.size(); ++i) {
    if (segments_intersect(s, {f.path[i], f.path[i + 1]})) return true;
  }
  return false;
}

}  // namespace

bool Table::crosses(Vec2 a, Vec2 b, TerrainClass c) const {
  const Segment s{a, b};
  for (int k : linear_grid_.near(segment_box(a, b))) {
    const LinearFeature& f = linears_[static_cast<std::size_t>(k)];
    if (f.cls == c && meets_path(s, f)) return true;
  }
  return false;
}

double Table::first_crossing(Vec2 a, Vec2 b, TerrainClass c) const {
  const Segment s{a, b};
  const Vec2 d = b - a;
  const double len2 = d.dot(d);
  double first = std::numeric_limits<double>::infinity();
  for (int k : linear_grid_.near(segment_box(a, b))) {
    const LinearFeature& f = linears_[static_cast<std::size_t>(k)];
    if (f.cls != c) continue;
    for (std::size_t i = 0; i + 1 < f.path.size(); ++i) {
      const Segment e{f.path[i], f.path[i + 1]};
      if (!segments_intersect(s, e)) continue;
      const std::vector<double> at = segment_crossings(s, e);
      if (!at.empty()) {
        first = std::min(first, at.front());
      } else if (len2 > 0) {  // along it (or touching it end to end): its nearer end
        const double ta = (e.a - a).dot(d) / len2, tb = (e.b - a).dot(d) / len2;
        first = std::min(first, std::clamp(std::min(ta, tb), 0.0, 1.0));
      } else {
        first = 0;
      }
    }
  }
  return first;
}

bool Table::terrain_blocks_sight(Vec2 a, Vec2 b, double see_into) const {
  return terrain_blocks_sight(a, b, [see_into](const AreaFeature&) { return see_into; });
}

namespace {

// What area_blocks_sight decides once `f` can block sight and its box is not clear of the line.
bool area_blocks_line(const AreaFeature& f, const Segment& s, double len, int ea, int eb,
                      const SeeIntoFn& see_into_fn);

// Whether area feature `f` (a hill, or a sight-blocking area) within `box` blocks the
// segment `s` of length `len` whose ends stand at levels `ea` and `eb`
// (terrain_blocks_sight's rules).
bool area_blocks_sight(const AreaFeature& f, const Box& box, const Segment& s, double len, int ea,
                       int eb, const SeeIntoFn& see_into_fn) {
  if (f.cls != TerrainClass::kHill && !f.blocks_sight) return false;
  if (box_clear_of_line(box, s, len)) return false;
  return area_blocks_line(f, s, len, ea, eb, see_into_fn);
}

bool area_blocks_line(const AreaFeature& f, const Segment& s, double len, int ea, int eb,
                      const SeeIntoFn& see_into_fn) {
  if (f.cls == TerrainClass::kHill) {
    // A hill hides only what lies behind it from someone lower than its top: it blocks
    // when its level is above both ends and the line runs through it.
    return f.elevation > ea && f.elevation > eb && f.shape.length_inside(s) > kSightSlack;
  }
  if (!f.blocks_sight) return false;
  double inside = 0;
  double see_into = 0;
  bool asked = false;  // asked once, and only of a feature an end stands in
  // The intervals in a per-thread scratch (no vector per sight line and wood).
  thread_local std::vector<std::pair<double, double>> pieces;
  f.shape.inside_intervals(s, &pieces);
  for (auto [t0, t1] : pieces) {
    if ((t0 == 0 || t1 == 1) && !asked) {
      see_into = std::max(0.0, see_into_fn(f));
      asked = true;
    }
    double piece = (t1 - t0) * len;
    // The observer and the target each see (and are seen) `see_into` mm into the wood
    // they stand in.
    if (t0 == 0) piece -= std::min(see_into, piece);
    if (t1 == 1) piece -= std::min(see_into, piece);
    inside += std::max(piece, 0.0);
  }
  return inside > kSightSlack;
}

bool linear_blocks_sight(const LinearFeature& f, const Segment& s, double len) {
  if (!f.blocks_sight) return false;
  for (std::size_t i = 0; i + 1 < f.path.size(); ++i) {
    for (double t : segment_crossings(s, {f.path[i], f.path[i + 1]})) {
      // A hedge the observer or target stands against does not hide it.
      if (t * len > kSightSlack && (1 - t) * len > kSightSlack) return true;
    }
  }
  return false;
}

}  // namespace

// The features near the segment's box from the grids into a per-thread scratch (no vector
// per line: the sight lines of a battle are its most frequent terrain query, issue 9); the
// features that cannot block sight, and those whose boxes lie wholly beside the line, are
// skipped before anything else is worked out. Each test is a pure function of the segment and
// the feature, so the answer is that of testing every feature near the box in order.
bool Table::terrain_blocks_sight(Vec2 a, Vec2 b, const SeeIntoFn& see_into_fn) const {
  const Segment s{a, b};
  const double len = s.length();
  if (len == 0) return false;
  // The ends' levels matter only to hills: found at the first hill the line may cross (most
  // tables' lines meet none, and each level is a point-in-polygon test of every area there).
  int ea = 0;
  int eb = 0;
  bool levels = false;
  const Box box = segment_box(a, b);
  thread_local std::vector<int> near;
  area_grid_.near(box, &near);
  for (int i : near) {
    const AreaFeature& f = areas_[static_cast<std::size_t>(i)];
    if (f.cls != TerrainClass::kHill && !f.blocks_sight) continue;
    if (box_clear_of_line(area_grid_.box(i), s, len)) continue;
    if (f.cls == TerrainClass::kHill && !levels) {
      ea = elevation_at(a);
      eb = elevation_at(b);
      levels = true;
    }
    if (area_blocks_line(f, s, len, ea, eb, see_into_fn)) return true;
  }
  linear_grid_.near(box, &near);
  for (int k : near) {
    const LinearFeature& f = linears_[static_cast<std::size_t>(k)];
    // A path whose box lies beside the line has no segment that crosses it.
    if (!f.blocks_sight || box_clear_of_line(linear_grid_.box(k), s, len)) continue;
    if (linear_blocks_sight(f, s, len)) return true;
  }
  return false;
}

Table::SightCandidates Table::sight_candidates(const Box& box) const {
  SightCandidates out;
  sight_candidates(box, &out);
  return out;
}

void Table::sight_candidates(const Box& box, SightCandidates* out) const {
  out->areas.clear();
  out->linears.clear();
  out->hills = false;
  thread_local std::vector<int> near;
  area_grid_.near(box, &near);
  for (int i : near) {
    const AreaFeature& f = areas_[static_cast<std::size_t>(i)];
    if (f.cls == TerrainClass::kHill || f.blocks_sight) out->areas.push_back(i);
    if (f.cls == TerrainClass::kHill) out->hills = true;
  }
  linear_grid_.near(box, &near);
  for (int k : near) {
    if (linears_[static_cast<std::size_t>(k)].blocks_sight) out->linears.push_back(k);
  }
}

// The features the grid would find for the segment's box are those of `near` whose boxes
// meet it (its box lies inside the one `near` was found for), in the same order.
bool Table::terrain_blocks_sight(Vec2 a, Vec2 b, int ea, int eb, const SightCandidates& near,
                                 const SeeIntoFn& see_into_fn) const {
  const Segment s{a, b};
  const double len = s.length();
  if (len == 0) return false;
  const Box box = segment_box(a, b);
  for (int i : near.areas) {
    if (!area_grid_.box(i).intersects(box)) continue;
    if (area_blocks_sight(areas_[static_cast<std::size_t>(i)], area_grid_.box(i), s, len, ea, eb,
                          see_into_fn)) {
      return true;
    }
  }
  for (int k : near.linears) {
    if (!linear_grid_.box(k).intersects(box)) continue;
    if (linear_blocks_sight(linears_[static_cast<std::size_t>(k)], s, len)) return true;
  }
  return false;
}

}  // namespace smoothbore
