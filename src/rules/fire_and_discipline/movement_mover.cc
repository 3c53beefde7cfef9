// The movement internals of movement_detail.h: the movement event, stand transforms, the
// Mover's trial positions (edge, overlap, the 1 yd gap, the limbered 200 yd) and the
// terrain reach of a straight move with its FD-40 crossings.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/geometry/nearest.h"
#include "core/geometry/same_frame.h"
#include "rules/battle.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/movement_detail.h"
#include "rules/fire_and_discipline/sweep_bound.h"
#include "rules/fire_and_discipline/wheel_bound.h"

namespace smoothbore::fire_and_discipline::movement_detail {

void emit(const FdState& s, EventLog& log, EventKind kind, int unit, std::string text,
          Fields data) {
  if (counted_quietly(log, kind)) return;
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  e.phase = "movement";
  const Unit& u = unit_at(s, unit);
  if (u.side >= 0 && z(u.side) < s.force.sides.size()) e.side = s.force.sides[z(u.side)].id;
  e.unit = u.id;
  e.text = std::move(text);
  e.data = std::move(data);
  log.append(std::move(e));
}

std::vector<int> live_stands(const Unit& u) {
  std::vector<int> out;
  out.reserve(u.stands.size());
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    if (!u.stands[i].removed) out.push_back(static_cast<int>(i));
  }
  return out;
}

namespace {

bool check_kept_on = false;  // Mover::check_kept

// The cosine and sine of a turn of `degrees`, as Turn works them out.
// Trivial, so a thread's table of them starts zeroed (none set) without a constructor.
struct TurnTrig {
  std::uint64_t key;  // the degrees' bits
  bool set;
  double c, s;
};

TurnTrig fresh_trig(double degrees, std::uint64_t key) {
  return {key, true, std::cos(degrees * kPi / 180.0), std::sin(degrees * kPi / 180.0)};
}

// Issue 9 round 24: the same turns come again and again (a commander's probes wheel each
// unit by the few angles between its facing and its goals, at the same twelve fractions,
// and the movement phase wheels it by one of them again; at 10,000 stands a side about two
// turns in three had been worked out before), so the cosines and sines are kept per thread
// by the degrees' bits, in a table indexed by a hash of them: a turn found there is the one
// worked out afresh, bit for bit (std::cos and std::sin of the same double); checked under
// Mover::check_kept and in FireAndDisciplineWheelBound.TurnsAnswerAsWorkedOutAfresh.
const TurnTrig& turn_trig(double degrees) {
  constexpr int kBits = 13;  // 8,192 entries
  thread_local std::array<TurnTrig, std::size_t{1} << kBits> kept;
  const auto key = std::bit_cast<std::uint64_t>(degrees);
  TurnTrig& t = kept[static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> (64 - kBits))];
  if (!t.set || t.key != key) {
    t = fresh_trig(degrees, key);
  } else if (check_kept_on) {
    const TurnTrig f = fresh_trig(degrees, key);
    SB_CHECK(f.c == t.c && f.s == t.s, "a kept turn's sine differs");
  }
  return t;
}

// A clockwise turn by `deg`, its cosine and sine worked out once for every vector turned.
struct Turn {
  explicit Turn(double degrees) : deg(degrees) {
    const TurnTrig& t = turn_trig(degrees);
    c = t.c;
    s = t.s;
  }
  Vec2 of(Vec2 v) const { return {v.x * c + v.y * s, -v.x * s + v.y * c}; }
  Rect of(const Rect& r, Vec2 pivot) const {
    Rect out = r;
    out.centre = pivot + of(r.centre - pivot);
    out.facing = bearing(r.facing + deg);
    return out;
  }
  // normalize_bearing(b), without its fmod for a bearing already in [0, 360) (fmod gives
  // it back unchanged, bit for bit): most turns of a wheel stay in range. Round 12: nor
  // within one turn of it, where fmod is exact and known: b itself in (-360, 0), to which
  // normalize_bearing adds 360; b - 360 in [360, 720) (exact: b is within a factor 2 of 360).
  static double bearing(double b) {
    if (b >= 0 && b < 360) return b;
    if (b > -360 && b < 0) return b + 360.0;
    if (b >= 360 && b < 720) return b - 360.0;
    return normalize_bearing(b);
  }
  double deg, c = 1, s = 0;
};

// `r` turned by `turn` about `pivot`, then moved by `delta` (transform's arithmetic).
Rect placed(const Turn& turn, const Rect& r, Vec2 pivot, Vec2 delta) {
  Rect m = turn.of(r, pivot);
  m.centre = m.centre + delta;
  return m;
}

}  // namespace

// Issue 9 round 24: a wheel's step turns every stand of a unit to one new facing, which
// core's memo of the last two facings framed misses at each step (other facings come
// between), and the same turns come again across a commander's probes (turn_trig). So the
// axes of turned stands are kept per thread by the facing's bits, in a table indexed by a
// hash of them (round 25: the axes alone, rect.forward() and rect.right() as RectFrame takes
// them, not the whole frame of one size, which was copied out and moved), and the frame is
// built on them with RectFrame::assign_on_axes, bit for bit (rect_frame.h); checked under
// Mover::check_kept and in FireAndDisciplineWheelBound.KeptFramesAnswerAsRectFrame.
void kept_frame_into(const Rect& r, RectFrame& out) {
  struct Kept {
    std::uint64_t facing;
    bool set;
    Vec2 f, r;
  };
  constexpr int kBits = 11;  // 2,048 entries
  thread_local std::array<Kept, std::size_t{1} << kBits> kept{};
  const auto f = std::bit_cast<std::uint64_t>(r.facing);
  Kept& k = kept[static_cast<std::size_t>((f * 0x9E3779B97F4A7C15ULL) >> (64 - kBits))];
  if (!k.set || k.facing != f) k = {f, true, r.forward(), r.right()};
  out.assign_on_axes(r, k.f, k.r);  // RectFrame(r), bit for bit, on the kept axes
  if (check_kept_on) {
    const RectFrame fresh(r);
    SB_CHECK(same_bits(out, fresh), "a kept frame differs from RectFrame's");
  }
}

RectFrame kept_frame(const Rect& r) {
  RectFrame out;
  kept_frame_into(r, out);
  return out;
}

Vec2 rotate(Vec2 v, double deg) { return Turn(deg).of(v); }

Rect rotated(const Rect& r, Vec2 pivot, double deg) { return Turn(deg).of(r, pivot); }

std::vector<Rect> transform(const std::vector<Rect>& rs, Vec2 delta, Vec2 pivot, double deg) {
  std::vector<Rect> out;
  out.reserve(rs.size());
  if (deg == 0) {
    for (Rect r : rs) {
      r.centre = r.centre + delta;
      out.push_back(r);
    }
    return out;
  }
  const Turn turn(deg);  // one sine for every stand (issue 9)
  for (const Rect& r : rs) out.push_back(placed(turn, r, pivot, delta));
  return out;
}

// Stands of other units on the table: all of them, or the enemy's only.
std::vector<Rect> other_stands(const FdState& s, int unit, bool enemy_only) {
  std::vector<Rect> out;
  const int side = unit_at(s, unit).side;
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const Unit& o = s.force.units[i];
    if (static_cast<int>(i) == unit || !o.on_table()) continue;
    if (enemy_only && o.side == side) continue;
    for (const Stand& st : o.stands) {
      if (!st.removed) out.push_back(st.rect);
    }
  }
  return out;
}

double min_distance(const std::vector<Rect>& a, const std::vector<Rect>& b) {
  double d = kImpassable;
  for (const Rect& x : a) {
    d = std::min(d, nearest_distance(
                        x,
                        [&](auto f) {
                          for (const Rect& y : b) f(y);
                        },
                        kImpassable));
  }
  return d;
}

namespace {

double radius_of(const Rect& r) { return half_diagonal(r); }

// A box test that keeps every point within `reach` of `c` despite rounding.
double padded(double reach) { return reach * (1 + 1e-9) + 1e-6; }

}  // namespace

Mover::Mover(const FdState& s, int unit, std::vector<Rect> base)
    : same_{s, unit, unit_at(s, unit).side, s.stands_on_table.get(s.force, unit)},
      base_(std::move(base)) {
  frame_base();
  const Unit& u = unit_at(s, unit);
  same_.limbered_end = limbered_guns(u) && s.options.limbered_exclusion != "path";
  same_.limbered_path = limbered_guns(u) && s.options.limbered_exclusion == "path";
}

// Issue 9 round 25: not a copy of the whole Mover: its start's frames, kept start distances
// and wheel lists (frame_base clears them) were copied only to be dropped. Round 26: the
// state shared is one member (Same), copied whole, so none can be left out.
Mover::Mover(const Mover& same_state, std::vector<Rect> base)
    : same_(same_state.same_), base_(std::move(base)) {
  // Same, then the members of the positions (frame_base's): a member added to Mover outside
  // Same must be made afresh in frame_base and listed here.
  static_assert(sizeof(Mover) == sizeof(same_) + sizeof(base_) + sizeof(base_frames_) +
                                     sizeof(starts_) + sizeof(wheel_lists_),
                "Mover has a member neither in Same nor made afresh by frame_base");
  frame_base();
}

void Mover::frame_base() {
  starts_.clear();
  wheel_lists_.set = false;
  base_frames_.clear();
  base_frames_.reserve(base_.size());
  for (const Rect& r : base_) base_frames_.emplace_back(r);
}

// A trial position of stand i is mostly its start moved without a turn: the start's frame
// moved there is that position's frame, bit for bit (rect_frame.h), without a sine. Round
// 25: written in place (RectFrame::move_to), not copied out of a return.
void Mover::frame_into(std::size_t i, const Rect& r, RectFrame& out) const {
  if (i < base_.size()) {
    const Rect& b = base_[i];
    if (r.facing == b.facing && r.width == b.width && r.depth == b.depth) {
      out = base_frames_[i];
      out.move_to(r.centre);
      if (check_kept_on) {
        SB_CHECK(same_bits(out, base_frames_[i].moved_to(r.centre)),
                 "a moved frame differs from RectFrame::moved_to's");
      }
      return;
    }
  }
  kept_frame_into(r, out);
}

RectFrame Mover::frame_at(std::size_t i, const Rect& r) const {
  RectFrame out;
  frame_into(i, r, out);
  return out;
}

// The starting distance of a pair, exact where it is under 200 yd; beyond, a lower bound
// (centre distance less both half-diagonals) instead, which path_ok reads the same way: it
// only skips pairs farther than the move, and compares the start distance only against a
// gap under 1 yd.
double Mover::base_distance(std::size_t i, const StandEntry& o) const {
  const Rect& r = base_[i];
  const double lower = (r.centre - o.rect.centre).length() - radius_of(r) - o.radius;
  return lower > same_.s.mm(200) ? lower : distance(base_frames_[i], o.frame);
}

// A sweep asks for the same few pairs at every step; the snapshot and base_ stay as they
// were for the Mover's life, so the answer is kept per base stand by the other's slot.
double Mover::start_distance(std::size_t i, int k) const {
  if (starts_.size() != base_.size()) starts_.assign(base_.size(), {});
  const StandEntry& o = same_.snap->stands[static_cast<std::size_t>(k)];
  for (const auto& [slot, d] : starts_[i]) {
    if (slot != k) continue;
    if (check_kept_on) SB_CHECK(d == base_distance(i, o), "kept start distance is stale");
    return d;
  }
  const double d = base_distance(i, o);
  starts_[i].emplace_back(k, d);
  return d;
}

void Mover::check_kept(bool on) { check_kept_on = on; }

bool Mover::Separations::still_apart(std::size_t i, int k, double t, double* until) const {
  if (i >= by_stand.size()) return false;
  for (const Pair& p : by_stand[i]) {
    if (p.slot != k) continue;
    if (std::fabs(t - p.t0) >= p.horizon) return false;
    if (until != nullptr) *until = p.t0 + p.horizon;
    return true;
  }
  return false;
}

bool Mover::Separations::apart(std::size_t i, int k, double t, const std::array<AxisGap, 4>& gaps,
                               double limit, double* until) {
  // Far above the rounding of a shadow (coordinates up to 1e6 mm: 1e-10).
  constexpr double kMargin = 1e-6;  // mm
  double gap = -std::numeric_limits<double>::infinity();
  double horizon = 0;
  for (const AxisGap& g : gaps) {
    gap = std::max(gap, g.gap);
    if (g.gap > limit + kMargin) {
      horizon = std::max(horizon, (g.gap - limit - kMargin) / (std::fabs(dir.dot(g.axis)) + 1e-12));
    }
  }
  if (gap <= limit) return false;
  if (until != nullptr) *until = t + horizon;
  if (by_stand.size() <= i) by_stand.resize(i + 1);
  for (Pair& p : by_stand[i]) {
    if (p.slot == k) {
      p = {k, t, horizon};
      return true;
    }
  }
  by_stand[i].push_back({k, t, horizon});
  return true;
}

bool Mover::path_ok(const std::vector<Rect>& rs, std::string* why, double moved) const {
  return path_ok(rs, why, moved, nullptr, nullptr);
}

// path_ok's arithmetic, bit for bit.
double Mover::visit_box(const Rect& r) const {
  const double clear = same_.s.mm(kStopShortYd) + 0.02;
  return padded(radius_of(r) + same_.snap->max_radius + clear);
}

// The stands' boxes overlap (neighbours in a line, the arcs of a wheel nested about its
// pivot), so one visit of their union walks far fewer cells than a visit per stand. A
// stand's box holds a sub-range of the union's cells, walked in the same order (row by row,
// each cell's list in turn), so each list comes out as its own visit would give it.
// The (stand, slot) pairs are found in the visit's order, counted per stand, then placed
// stand by stand in that order: each stand's slots come out as its own list did.
void Mover::list_near(const std::vector<Box>& boxes, NearLists& near) const {
  const std::size_t n = boxes.size();
  near.slots.clear();
  near.begin.assign(n + 1, 0);
  if (boxes.empty()) return;
  Box all = boxes.front();
  for (const Box& b : boxes) {
    all.min = {std::min(all.min.x, b.min.x), std::min(all.min.y, b.min.y)};
    all.max = {std::max(all.max.x, b.max.x), std::max(all.max.y, b.max.y)};
  }
  // (stand, slot), in the visit's order: one buffer per thread (issue 9 round 18: an
  // allocation per list cost more than the lists' own work in a crowded battle).
  thread_local std::vector<std::pair<std::size_t, int>> found;
  found.clear();
  same_.snap->grid.visit(all.min, all.max, [&](int k) {
    const StandEntry& o = same_.snap->stands[static_cast<std::size_t>(k)];
    if (o.unit == same_.unit) return;
    const Vec2 p = o.rect.centre;  // the point the grid files for slot k
    for (std::size_t i = 0; i < n; ++i) {
      const Box& b = boxes[i];
      if (p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y) {
        found.emplace_back(i, k);
        ++near.begin[i + 1];
      }
    }
  });
  // begin[i] becomes where stand i's slots start; each is then filled at its cursor
  // (begin[i], moved on to the next stand's start), and the starts shifted back.
  for (std::size_t i = 1; i <= n; ++i) near.begin[i] += near.begin[i - 1];
  near.slots.resize(found.size());
  for (const auto& [i, k] : found) near.slots[near.begin[i]++] = k;
  for (std::size_t i = n; i > 0; --i) near.begin[i] = near.begin[i - 1];
  near.begin[0] = 0;
}

bool Mover::path_ok(const std::vector<Rect>& rs, std::string* why, double moved, Separations* along,
                    const NearLists* near) const {
  for (std::size_t i = 0; i < rs.size(); ++i) {
    if (!stand_ok(i, rs[i], why, moved, along, near)) return false;
  }
  if (same_.limbered_path && enemy_within(rs, same_.s.mm(kLimberedEnemyYd) - kEps)) {
    return fail(why, "enemy-200");
  }
  return true;
}

bool Mover::stand_ok(std::size_t i, const Rect& r, std::string* why, double moved,
                     Separations* along, const NearLists* near, double* clear_until) const {
  const double skip_beyond = moved + same_.s.mm(kStopShortYd) + 0.02;
  // Stands whose circumscribed circles are 1 yd apart or more can neither overlap nor be
  // within 1 yd: no exact distance for them, and the grid of centres finds the others
  // (a speed-up: results are unchanged).
  const double clear = same_.s.mm(kStopShortYd) + 0.02;
  const double near_limit = same_.s.mm(kStopShortYd) - kEps + 1e-6;
  const double w = same_.s.table().width(), h = same_.s.table().height();
  // With `clear_until` (a sweep's step, its lists given): how far along the sweep each test
  // surely passes again, the least of them (sweep_bound.h); none once that is `moved`.
  const bool bounded =
      clear_until != nullptr && along != nullptr && near != nullptr && i < near->size();
  double until = bounded ? kNeverMm : moved;
  {
    const double ri = radius_of(r);
    const Vec2 c = r.centre;
    // A stand whose circumscribed circle is well inside the table needs no corners.
    const double in = ri + 1e-3;
    const bool inside = c.x >= in && c.y >= in && c.x <= w - in && c.y <= h - in;
    if (!inside && !same_.s.table().contains(r)) return fail(why, "table");
    if (bounded) {
      until = inside ? inside_until(c, in, w, h, along->dir, moved) : moved;
    }
    const double box = padded(ri + same_.snap->max_radius + clear);  // visit_box(r)
    bool bad = false;
    std::optional<RectFrame> fi;  // worked out for the first stand near enough
    // The least of `until` and `t` (while a bound is still wanted).
    auto bound = [&](double t) { until = std::min(until, t); };
    auto test = [&](int k) {
      const StandEntry& o = same_.snap->stands[static_cast<std::size_t>(k)];
      if (bad || o.unit == same_.unit) return;
      const Vec2 gap = c - o.rect.centre;
      const double reach = ri + o.radius + clear;
      if (gap.dot(gap) > reach * reach) {
        if (until > moved) bound(circles_apart_until(gap, reach, along->dir, moved));
        return;
      }
      // Along a sweep (`moved` is then how far), a pair found apart stays apart for a while.
      double apart_until = moved;
      if (along != nullptr && along->still_apart(i, k, moved, &apart_until)) {
        if (check_kept_on) {
          SB_CHECK(axis_gap(frame_at(i, r), o.frame) > near_limit, "kept apart, yet near");
        }
        bound(apart_until);
        return;
      }
      if (!fi) {
        fi.emplace();
        frame_into(i, r, *fi);
      }
      // Shadows farther apart than the 1 yd (by more than rounding): neither overlapping nor
      // within 1 yd, whatever the start.
      std::array<AxisGap, 4> gaps;
      // The widest gap (axis_gap's arithmetic).
      auto widest = [&gaps] {
        double most = -std::numeric_limits<double>::infinity();
        for (const AxisGap& g : gaps) most = std::max(most, g.gap);
        return most;
      };
      gaps = axis_gaps(*fi, o.frame);
      if (along == nullptr) {
        if (widest() > near_limit) return;
      } else {
        if (along->apart(i, k, moved, gaps, near_limit, &apart_until)) {
          bound(apart_until);
          return;
        }
      }
      const double start = start_distance(i, k);
      if (start > skip_beyond) {
        // It stays so while the stand has gone less than start - clear (sweep_bound.h).
        bound(start - clear - kBoundPadMm);
        return;
      }
      // Issue 9 round 22: a shadow gap wider than the start less kEps (padded far above the
      // rounding by which axis_gap may undercut the distance) means no nearer than at the
      // start, and no overlap (a gap above -0.01 on an axis is an overlap of 0.01 at most on
      // it, in overlaps' own arithmetic): no exact test for a stand sliding past a neighbour.
      if (widest() > start - kEps + kGapPadMm) {
        if (check_kept_on) {
          SB_CHECK(!overlaps(*fi, o.frame, 0.01) && !(distance(*fi, o.frame) < start - kEps),
                   "a shadow gap overstates a distance");
        }
      } else {
        // Issue 9 round 23: overlaps reads the same shadows as axis_gaps (the same axes and
        // arithmetic), and where they lie g apart on an axis they overlap there by at most -g
        // (the least max less the greatest min is no more than either difference, rounded
        // alike): with some g >= -0.01 overlaps answers no, unasked.
        if (widest() < -0.01 && overlaps(*fi, o.frame, 0.01)) {
          bad = true;
          return;
        }
        if (check_kept_on) {
          SB_CHECK(widest() < -0.01 || !overlaps(*fi, o.frame, 0.01),
                   "a pair judged clear by its shadows overlaps");
        }
        // The pair is too near when its distance is under both the 1 yd and the start, less
        // kEps. Round 23: footprints whose shadows lie apart on an axis are disjoint, and the
        // distance of two disjoint rectangles is the least distance of a corner of one to the
        // other (distance() measures corners to edges: the same but for rounding, far under
        // kCornerPadMm), so only a pair whose corner distance lies that near the limit is
        // measured exactly.
        auto too_near = [&] {
          const double d = distance(*fi, o.frame);
          return d < same_.s.mm(kStopShortYd) - kEps && d < start - kEps;
        };
        bool close = false;
        const double limit = std::min(same_.s.mm(kStopShortYd), start) - kEps;
        const double under = std::max(limit - kCornerPadMm, 0.0);
        const double corner =
            widest() > kApartMm ? std::sqrt(corner_distance2(*fi, o.frame, under * under)) : limit;
        if (corner < limit - kCornerPadMm || corner > limit + kCornerPadMm) {
          close = corner < limit;
          if (check_kept_on) {
            SB_CHECK(close == too_near(), "a pair's corner distance decided otherwise");
          }
        } else {
          close = too_near();  // near the limit, or shadows not apart
        }
        if (close) {
          bad = true;
          return;
        }
      }
      // Near, and no nearer than at the start: it passes while some shadow gap stays above
      // the start less kEps (a stand sliding past a neighbour; sweep_bound.h).
      if (until > moved) {
        bound(shadows_apart_until(gaps, std::max(start - kEps, 0.0), along->dir, moved));
      }
    };
    const Vec2 lo = c - Vec2{box, box}, hi = c + Vec2{box, box};
    if (near != nullptr && i < near->size()) {
      // The stands the grid would visit (LivePointGrid::visit's own test), from the list.
      const int* const first = near->first(i);
      const int* const last = near->last(i);
      for (const int* it = first; it != last; ++it) {
        const StandEntry& o = same_.snap->stands[static_cast<std::size_t>(*it)];
        const Vec2 p = o.rect.centre;
        if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y) {
          test(*it);
        } else if (until > moved) {  // not visited now; it may come into the box later
          bound(circles_apart_until(c - p, ri + o.radius + clear, along->dir, moved));
        }
      }
      if (check_kept_on) {
        same_.snap->grid.visit(lo, hi, [&](int k) {
          SB_CHECK(same_.snap->stands[static_cast<std::size_t>(k)].unit == same_.unit ||
                       std::find(first, last, k) != last,
                   "a stand near the sweep or wheel is missing from its list");
        });
      }
    } else {
      same_.snap->grid.visit(lo, hi, test);
    }
    if (bad) return fail(why, "unit");
  }
  if (bounded) *clear_until = until;
  return true;
}

// Looks ever wider around each stand (as keeps_closing_by_snapshot in command.cc): a least
// distance found within `reach` is the least of all, since every stand not visited lies
// farther than `reach`; the same exact distances as a scan of every enemy stand (looking at
// the enemies' grids only).
double Mover::enemy_distance(const std::vector<Rect>& rs) const {
  const double whole = 2 * (same_.s.table().width() + same_.s.table().height());
  double d = kImpassable;
  for (const Rect& r : rs) {
    auto least_among = [&](auto each) {
      return nearest_distance(
          r,
          [&](auto f) {
            each([&](const StandEntry& o) {
              if (o.side != same_.side && o.unit != same_.unit) f(o.rect);
            });
          },
          kImpassable);
    };
    double best = kImpassable;
    bool exact = false;
    for (double reach = same_.s.mm(100); reach < whole && !exact; reach *= 2) {
      best = least_among([&](auto g) {
        same_.snap->around_enemies(r, same_.side, reach, [&](int k) {
          g(same_.snap->stands[static_cast<std::size_t>(k)]);
        });
      });
      exact = best <= reach;
    }
    if (!exact) best = least_among([&](auto g) { same_.snap->each(g); });
    d = std::min(d, best);
  }
  return d;
}

bool Mover::enemy_within(const std::vector<Rect>& rs, double limit) const {
  for (const Rect& r : rs) {
    const double box = padded(radius_of(r) + same_.snap->max_radius + std::max(limit, 0.0));
    bool near = false;
    std::optional<RectFrame> fr;  // worked out for the first enemy around
    same_.snap->grid.visit(r.centre - Vec2{box, box}, r.centre + Vec2{box, box}, [&](int k) {
      const StandEntry& o = same_.snap->stands[static_cast<std::size_t>(k)];
      if (near || o.side == same_.side || o.unit == same_.unit) return;
      if (!fr) fr = RectFrame(r);
      near = distance(*fr, o.frame) < limit;
    });
    if (near) return true;
  }
  return false;
}

bool Mover::end_ok(const std::vector<Rect>& rs) const {
  return !same_.limbered_end || !enemy_within(rs, same_.s.mm(kLimberedEnemyYd) - kEps);
}

// A stand's centre along the sweep is base + dir * t for t in [0, max_t], each coordinate
// between its values at 0 and max_t (rounding is monotonic), and path_ok visits the box of
// half-side `box` about it: every stand it can visit has its centre in the box about the
// segment, padded far above rounding.
void Mover::near_along(Vec2 dir, double max_t, NearLists& near) const {
  thread_local std::vector<Box> boxes;  // one buffer per thread (round 18)
  boxes.resize(base_.size());
  for (std::size_t i = 0; i < base_.size(); ++i) {
    const Vec2 a = base_[i].centre;
    const Vec2 b = a + dir * max_t;
    const double box = padded(visit_box(base_[i])) + 1e-3;
    boxes[i] = {{std::min(a.x, b.x) - box, std::min(a.y, b.y) - box},
                {std::max(a.x, b.x) + box, std::max(a.y, b.y) + box}};
  }
  list_near(boxes, near);
}

// A stand's box at a step is its centre there (the step's transform) padded by the same
// half-side at every step (a turn keeps the stand's size), so its list holds the stands in
// a box holding each step's centre (the arc's, wheel_bound.h), padded so: every stand
// path_ok visits at any step is in it. Issue 9 round 16: a stand with none listed whose
// circle keeps inside the table at every step's centre (path_ok's own test, on the least
// and greatest of those centres) passes path_ok at every step, so the steps test only the
// others (but for limbered guns under "path", whose test reads every stand); round 21: so
// does a stand whose listed stands all lie beyond stand_ok's circle test of its arc.
int Mover::wheel_clear(Vec2 pivot, double turn, int checks, std::string* why) const {
  const double inf = std::numeric_limits<double>::infinity();
  if (turn == 0) {  // every step is transform's unturned stands
    return path_ok(transform(base_, {}, pivot, 0.0), why, inf, nullptr, nullptr) ? checks : 0;
  }
  // Buffers kept per thread (issue 9 round 18: their allocations cost a crowded battle as
  // much as a tenth of a wheel); nothing a wheel calls wheels again.
  thread_local std::vector<Turn> turns;
  thread_local std::vector<Box> centres, boxes;
  thread_local std::vector<Rect> rs;
  thread_local std::vector<std::size_t> tested;
  if (checks < 1) return checks;
  // Issue 9 round 21: each stand's centres lie on the arc from its start to its last step
  // (wheel_bound.h), so their box comes of that step's turn alone, and a stand whose listed
  // stands all lie beyond reach of its arc passes every step; the other steps' turns (a
  // sine each) only when some stand is tested.
  const Turn last(turn * checks / checks);
  const std::size_t n = base_.size();
  // Issue 9 round 23: a commander weighs several facings, each a wheel about the same
  // pivot, and their lists are one listing's when it covers every box (of the union of the
  // boxes met so far). A stand's list may then hold stands beyond its own box, which every
  // use tests again (the reach lists below, and stand_ok's own box): the same answers.
  WheelLists& kept = wheel_lists_;
  const bool same_pivot = kept.set && kept.pivot == pivot;
  // Round 24: the arc of a turn lies on the arc of any larger turn of its sign from the
  // same start, so a turn within those the lists were made for (`most`, `least`) needs no
  // box of its own: it reads the kept centres' boxes for the table test below (they hold
  // its own) and the kept lists.
  const bool held = same_pivot && (turn > 0 ? turn <= kept.most : turn >= kept.least);
  const std::vector<Box>* centres_of = &kept.centres;
  if (!held) {
    centres.resize(n);
    boxes.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 v = base_[i].centre - pivot;
      const Box arc = arc_box(v, last.of(v), turn);
      const double box = visit_box(base_[i]);
      centres[i] = {pivot + arc.min, pivot + arc.max};
      boxes[i] = {centres[i].min - Vec2{box, box}, centres[i].max + Vec2{box, box}};
    }
    centres_of = &centres;
    bool covered = same_pivot;
    for (std::size_t i = 0; i < n && covered; ++i) {
      const Box& k = kept.boxes[i];
      const Box& b = boxes[i];
      covered =
          k.min.x <= b.min.x && k.min.y <= b.min.y && k.max.x >= b.max.x && k.max.y >= b.max.y;
    }
    auto widen = [](Box& k, const Box& b) {
      k.min = {std::min(b.min.x, k.min.x), std::min(b.min.y, k.min.y)};
      k.max = {std::max(b.max.x, k.max.x), std::max(b.max.y, k.max.y)};
    };
    if (!same_pivot) {
      kept.boxes.assign(boxes.begin(), boxes.end());
      kept.centres.assign(centres.begin(), centres.end());
      kept.most = kept.least = 0;
    } else {
      for (std::size_t i = 0; i < n; ++i) widen(kept.centres[i], centres[i]);
    }
    double made_for = turn;  // the largest turn of its sign the lists now hold
    if (!covered) {
      if (same_pivot) {
        // Round 24: a unit's goals often lie in a row off to one side, each a turn a little
        // larger than the last about the same pivot (toward a line of objectives: 83.6°,
        // 86.3°, 87.4°, ... 89.0°), and each outgrew the lists by a little: a wheel that
        // outgrows them lists for the arcs of a turn kWheelListMoreDeg larger too (each arc
        // from the start holds the smaller turns' arcs of its sign), which the next wheels
        // find covering.
        made_for = turn > 0 ? turn + kWheelListMoreDeg : turn - kWheelListMoreDeg;
        const Turn more(made_for);
        for (std::size_t i = 0; i < n; ++i) {
          const Vec2 v = base_[i].centre - pivot;
          const Box arc = arc_box(v, more.of(v), made_for);
          const double box = visit_box(base_[i]);
          const Box c{pivot + arc.min, pivot + arc.max};
          widen(kept.centres[i], c);
          widen(kept.boxes[i], boxes[i]);
          widen(kept.boxes[i], {c.min - Vec2{box, box}, c.max + Vec2{box, box}});
        }
      }
      list_near(kept.boxes, kept.near);
      kept.pivot = pivot;
      kept.set = true;
    }
    if (made_for > 0) {
      kept.most = std::max(kept.most, made_for);
    } else {
      kept.least = std::min(kept.least, made_for);
    }
  }
  const NearLists& near = kept.near;
  rs.resize(n);
  auto make_turns = [&] {
    turns.clear();
    for (int k = 1; k < checks; ++k) turns.emplace_back(turn * k / checks);
    turns.push_back(last);
  };
  if (same_.limbered_path) {
    make_turns();
    for (std::size_t k = 0; k < turns.size(); ++k) {
      for (std::size_t i = 0; i < n; ++i) rs[i] = placed(turns[k], base_[i], pivot, {});
      if (!path_ok(rs, why, inf, nullptr, &near)) return static_cast<int>(k);
    }
    return checks;
  }
  const double w = same_.s.table().width(), h = same_.s.table().height();
  const double clear = same_.s.mm(kStopShortYd) + 0.02;  // stand_ok's
  // Per tested stand, the stands listed for it that may come within stand_ok's circle test
  // of its arc (wheel_bound.h): at a step where none is within it, and the arc keeps well
  // inside the table, stand_ok passes the stand (the others it lists lie beyond the test at
  // every step), so the step does not ask it (issue 9 round 21).
  thread_local std::vector<int> reach;
  thread_local std::vector<std::size_t> reach_begin;
  thread_local std::vector<char> kept_inside;
  reach.clear();
  reach_begin.clear();
  kept_inside.clear();
  tested.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const double in = radius_of(base_[i]) + 1e-3;  // path_ok's, of every step's rect
    const Box& c = (*centres_of)[i];
    const bool inside = c.min.x >= in && c.min.y >= in && c.max.x <= w - in && c.max.y <= h - in;
    const std::size_t from = reach.size();
    if (!near.empty(i)) {
      const Vec2 v = base_[i].centre - pivot;
      const Vec2 e = last.of(v);
      const double ri = radius_of(base_[i]);
      for (const int* it = near.first(i); it != near.last(i); ++it) {
        const StandEntry& o = same_.snap->stands[static_cast<std::size_t>(*it)];
        if (arc_may_come_within(v, e, turn, o.rect.centre - pivot, ri + o.radius + clear)) {
          reach.push_back(*it);
        }
      }
    }
    if (!inside || reach.size() > from) {
      tested.push_back(i);
      reach_begin.push_back(from);
      kept_inside.push_back(inside ? 1 : 0);
    }
  }
  reach_begin.push_back(reach.size());
  if (tested.size() < n && check_kept_on) {
    make_turns();
    for (std::size_t i = 0; i < n; ++i) {
      if (std::find(tested.begin(), tested.end(), i) != tested.end()) continue;
      for (const Turn& t : turns) {
        SB_CHECK(stand_ok(i, placed(t, base_[i], pivot, {}), nullptr, inf, nullptr, nullptr),
                 "a stand a wheel passes over fails a step");
      }
    }
  }
  if (tested.empty()) return checks;
  // Whether stand_ok's circle test (its arithmetic) may let some stand of tested stand j's
  // reach list near `r`.
  auto may_be_near = [&](std::size_t j, const Rect& r) {
    const double ri = radius_of(r);
    for (std::size_t q = reach_begin[j]; q < reach_begin[j + 1]; ++q) {
      const StandEntry& o = same_.snap->stands[static_cast<std::size_t>(reach[q])];
      const Vec2 gap = r.centre - o.rect.centre;
      const double within = ri + o.radius + clear;
      if (!(gap.dot(gap) > within * within)) return true;
    }
    return false;
  };
  // Each step's turn as the step comes: a wheel blocked early needs none of the later ones.
  for (int k = 1; k <= checks; ++k) {
    const Turn t = k == checks ? last : Turn(turn * k / checks);
    for (std::size_t j = 0; j < tested.size(); ++j) {
      const std::size_t i = tested[j];
      rs[i] = placed(t, base_[i], pivot, {});
      if (kept_inside[j] != 0 && !may_be_near(j, rs[i])) {
        if (check_kept_on) {
          SB_CHECK(stand_ok(i, rs[i], nullptr, inf, nullptr, nullptr),
                   "a stand a wheel's step passes over fails it");
        }
        continue;
      }
      if (!stand_ok(i, rs[i], why, inf, nullptr, &near)) return k - 1;
    }
  }
  return checks;
}

double Mover::sweep(Vec2 dir, double max_t, std::string* why, double decide, double below) const {
  const double step = same_.s.mm(kStepYd);
  // The stands at t, in one buffer (transform's arithmetic: the base moved by dir * t),
  // kept per thread with the sweep's other buffers (issue 9 round 18); nothing a sweep calls
  // sweeps again.
  thread_local std::vector<Rect> placed;
  placed.assign(base_.begin(), base_.end());
  auto at = [&](double t) -> const std::vector<Rect>& {
    const Vec2 delta = dir * t;
    for (std::size_t i = 0; i < base_.size(); ++i) placed[i].centre = base_[i].centre + delta;
    return placed;
  };
  double t = 0;
  double best_end = end_ok(base_) ? 0 : -1;
  double end_fail = -1;  // first position after best_end where the end test failed
  auto note_end = [&](double x) {
    if (!same_.limbered_end || end_ok(at(x))) {
      best_end = x;
      end_fail = -1;
    } else if (end_fail < 0) {
      end_fail = x;
    }
  };
  // Steps before free_until need no test: each stand's own bound (clear_until below) lies
  // beyond them. Issue 9 round 20: the least of those bounds, which look along the sweep,
  // in place of a free run found by visiting the grid about each stand in every direction.
  double free_until = -1;
  // Pairs whose shadows lie apart: the stands go straight along dir, so each shadow gap
  // changes by at most |dir·axis| per mm (the same tests pass or fail).
  thread_local Separations along;
  along.dir = dir;
  for (std::vector<Separations::Pair>& pairs : along.by_stand) pairs.clear();  // none known
  thread_local NearLists near;
  if (max_t > kEps) {
    near_along(dir, max_t, near);
  } else {
    near.slots.clear();
    near.begin.clear();  // none listed: the grid (the steps are not taken)
  }
  // Per stand, the t before which its test surely passes again (stand_ok's clear_until):
  // a step before it skips the stand; path_ok's answer, stand by stand (issue 9 round 20).
  thread_local std::vector<double> clear_until, before;
  clear_until.assign(base_.size(), 0.0);
  std::size_t failed = base_.size();  // the stand that failed the step, if one did
  auto step_ok = [&](const std::vector<Rect>& rs, double at_t, std::string* w) {
    before.assign(clear_until.begin(), clear_until.end());
    for (std::size_t i = 0; i < rs.size(); ++i) {
      if (at_t < clear_until[i]) {
        if (check_kept_on) {
          SB_CHECK(stand_ok(i, rs[i], nullptr, at_t, nullptr, nullptr),
                   "a stand a sweep skips fails its step");
        }
        continue;
      }
      if (!stand_ok(i, rs[i], w, at_t, &along, &near, &clear_until[i])) {
        failed = i;
        return false;
      }
    }
    if (same_.limbered_path && enemy_within(rs, same_.s.mm(kLimberedEnemyYd) - kEps)) {
      return fail(w, "enemy-200");
    }
    return true;
  };
  // path_ok(at(mid), nullptr, mid, &along, &near), between the last clear step and the one
  // that failed (issue 9 round 21): the stand that failed that step first (the bisection
  // closes on where it meets its neighbour, so it fails about half the midpoints alone),
  // and none whose bound (clear_until: it passes at every later t before it) lies beyond
  // the midpoint: from before that step, or from a midpoint it passed (every later
  // midpoint lies beyond the last that passed). A bound looks forward along the sweep only,
  // so one worked out at a midpoint that fails as a whole (it becomes `hi`: every later
  // midpoint lies before it) is not kept: the stand's bound from before it is put back.
  thread_local std::vector<std::pair<std::size_t, double>> undo;
  auto mid_ok = [&](double mid) {
    const std::vector<Rect>& rs = at(mid);
    undo.clear();
    auto passes = [&](std::size_t i) {
      if (mid < before[i]) {
        if (check_kept_on) {
          SB_CHECK(stand_ok(i, rs[i], nullptr, mid, nullptr, nullptr),
                   "a stand a sweep's bisection skips fails");
        }
        return true;
      }
      // The failed stand's bound would end about where it fails: not worked out.
      if (i == failed) return stand_ok(i, rs[i], nullptr, mid, &along, &near, nullptr);
      undo.emplace_back(i, before[i]);
      return stand_ok(i, rs[i], nullptr, mid, &along, &near, &before[i]);
    };
    bool ok = failed >= rs.size() || passes(failed);
    for (std::size_t i = 0; ok && i < rs.size(); ++i) {
      if (i != failed && !passes(i)) ok = false;
    }
    ok = ok && !(same_.limbered_path && enemy_within(rs, same_.s.mm(kLimberedEnemyYd) - kEps));
    if (!ok) {
      for (const auto& [i, b] : undo) before[i] = b;
    }
    return ok;
  };
  // Once past `decide`, t surely ends at least there (unless the end test can take it
  // back: limbered guns).
  const bool decided_early = decide >= 0 && !same_.limbered_end;
  while (t < max_t - kEps && !(decided_early && t >= decide)) {
    const double nt = std::min(max_t, t + step);
    if (nt < free_until) {
      if (check_kept_on) {
        SB_CHECK(path_ok(at(nt), nullptr, nt), "a step a sweep skips is not clear");
      }
      t = nt;
      note_end(t);
      continue;
    }
    std::string w;
    const std::vector<Rect>& rs = at(nt);
    if (!step_ok(rs, nt, &w)) {
      double lo = t, hi = nt;
      int k = 0;
      for (; k < 30; ++k) {
        if (decide >= 0 && (lo >= decide || hi <= decide)) break;  // the t found is in [lo, hi)
        // Issue 9 round 25: the t found is in [lo, hi), so under `below` once hi is: no move
        // to the caller, whatever it is (a unit blocked at its start bisected its first step
        // all 30 times, where a few halvings put hi under 1e-3 mm). Not for limbered guns, whose
        // end test reads the t found.
        if (below > 0 && hi <= below && !same_.limbered_end) break;
        const double mid = (lo + hi) / 2;
        (mid_ok(mid) ? lo : hi) = mid;
      }
      if (k < 30 && check_kept_on && below > 0 && hi <= below && !same_.limbered_end) {
        double full_lo = lo, full_hi = hi;
        for (; k < 30; ++k) {
          const double mid = (full_lo + full_hi) / 2;
          (mid_ok(mid) ? full_lo : full_hi) = mid;
        }
        SB_CHECK(full_lo < below, "a sweep cut short under `below` ends beyond it");
      }
      t = lo;
      note_end(t);
      *why = w;
      break;
    }
    // Limbered guns under "path" test the enemy at every step.
    if (!same_.limbered_path) {
      free_until = *std::min_element(clear_until.begin(), clear_until.end());
    }
    t = nt;
    note_end(t);
  }
  if (best_end < 0) {
    *why = "enemy-200";
    return 0;
  }
  if (best_end < t - kEps) {
    double lo = best_end, hi = end_fail > best_end ? end_fail : t;
    for (int k = 0; k < 30; ++k) {
      const double mid = (lo + hi) / 2;
      (end_ok(at(mid)) ? lo : hi) = mid;
    }
    *why = "enemy-200";
    return lo;
  }
  return t;
}

bool Mover::fail(std::string* why, const char* w) {
  if (why != nullptr) *why = w;
  return false;
}

double point_reach(const FdState& s, Vec2 a, Vec2 dir, double want, double budget,
                   const CostFn& cost, bool crossings) {
  const Table& table = s.table();
  const Vec2 b = a + dir * want;
  if (!crossings) return table.reachable(a, b, budget, cost);
  std::vector<double> cuts;
  // Only a feature whose box meets the move's (padded far above the crossing test's
  // tolerance) can cross it; taken in the order of the scan (table.h linears_near).
  constexpr double kPadMm = 1;
  const Box box{{std::min(a.x, b.x) - kPadMm, std::min(a.y, b.y) - kPadMm},
                {std::max(a.x, b.x) + kPadMm, std::max(a.y, b.y) + kPadMm}};
  for (const int li : table.linears_near(box)) {
    const LinearFeature& f = table.linears()[static_cast<std::size_t>(li)];
    if (f.cls != TerrainClass::kStream && f.cls != TerrainClass::kLinearObstacle) continue;
    for (std::size_t i = 0; i + 1 < f.path.size(); ++i) {
      for (double t : segment_crossings({a, b}, {f.path[i], f.path[i + 1]})) {
        if (t * want > kEps) cuts.push_back(t * want);
      }
    }
  }
  std::sort(cuts.begin(), cuts.end());
  double pos = 0;
  double rem = budget;
  for (double c : cuts) {
    const Vec2 p = a + dir * pos;
    const Vec2 q = a + dir * c;
    const double r = table.reachable(p, q, rem, cost);
    if (r < c - pos - kEps) return pos + r;
    rem -= table.path_cost(p, q, cost);
    if (rem < s.mm(kCrossingYd) - kEps) return c;  // stops at the obstacle
    rem -= s.mm(kCrossingYd);
    pos = c;
  }
  return pos + table.reachable(a + dir * pos, b, rem, cost);
}

namespace {

// Table::reachable(a, b, budget, cost) where no feature's box meets a→b (padded): the one
// piece from 0 to 1, open ground costing `open_cost` a mm; the same arithmetic.
double open_reach(Vec2 a, Vec2 b, double budget, double open_cost) {
  if (budget <= 0) return 0;
  const double len = distance(a, b);
  const double piece = (1.0 - 0.0) * len;
  if (piece <= 0) return len;
  if (open_cost == kImpassable) return 0.0 * len;
  if (0.0 + piece * open_cost > budget) return 0.0 * len + (budget - 0.0) / open_cost;
  return len;
}

// The boxes of the capsules of the linear features `near` (indices into the table's
// linears) that meet `box`: each capsule (a segment of a feature's path, or its one point)
// boxed and grown by its half width and kCapsuleSlackMm. A move a→b inside `box` whose own
// box meets none of them meets no capsule of those features: cut_params skips every one
// (its slack is less), terrain_at finds none of them at any point of a→b, and no crossing
// of a→b lies within rounding of their paths. False when a feature has no path (not worked
// out).
constexpr double kCapsuleSlackMm = 2;  // cut_params' own slack is 1 mm
bool capsules_meeting(const Table& table, const std::vector<int>& near, const Box& box,
                      std::vector<Box>& out) {
  out.clear();
  for (const int li : near) {
    const LinearFeature& f = table.linears()[z(li)];
    const std::size_t n = f.path.size();
    if (n == 0) return false;
    const double g = f.width / 2 + kCapsuleSlackMm;
    for (std::size_t i = 0; i < std::max<std::size_t>(n, 2) - 1; ++i) {
      const Vec2 q0 = f.path[i], q1 = f.path[std::min(i + 1, n - 1)];
      const Box capsule{{std::min(q0.x, q1.x) - g, std::min(q0.y, q1.y) - g},
                        {std::max(q0.x, q1.x) + g, std::max(q0.y, q1.y) + g}};
      if (capsule.intersects(box)) out.push_back(capsule);
    }
  }
  return true;
}

}  // namespace

// The unit moves as far as its slowest stand can go. Issue 9 round 17: where no feature's
// box meets the box of every stand's move (padded above point_reach's own pads), each stand
// crosses nothing and stays on open ground (the features a query visits are those whose
// boxes meet its own, inside that box), so its reach is open_reach; the terrain's grids are
// then asked twice for the unit, not three times or more a stand. Round 21: where only
// linear features' boxes meet it (a road or a stream's box is the whole line's), a stand
// whose own move (padded the same) meets none of their segments' capsules (capsules_meeting)
// also stays on open ground and crosses nothing: open_reach for it, point_reach for the
// others (some two thirds of the units' moves on fire-and-discipline's battle met the road
// or the stream's box, and most of their stands nowhere near either).
double unit_reach(const FdState& s, int unit, const std::vector<Rect>& rs, Vec2 dir, double want,
                  double budget) {
  const CostFn cost = terrain_cost(s, unit);
  const bool crossings = s.options.terrain_movement != "none";
  double reach = want;
  if (rs.empty()) return reach;
  constexpr double kPadMm = 2;  // point_reach pads by 1 mm, cut_params not at all
  auto move_box = [&](const Rect& r) {
    const Vec2 a = r.centre;
    const Vec2 b = a + dir * want;  // point_reach's
    return Box{{std::min(a.x, b.x) - kPadMm, std::min(a.y, b.y) - kPadMm},
               {std::max(a.x, b.x) + kPadMm, std::max(a.y, b.y) + kPadMm}};
  };
  Box all = move_box(rs.front());
  for (const Rect& r : rs) {
    const Box m = move_box(r);
    all.min = {std::min(all.min.x, m.min.x), std::min(all.min.y, m.min.y)};
    all.max = {std::max(all.max.x, m.max.x), std::max(all.max.y, m.max.y)};
  }
  const Table& table = s.table();
  if (!table.areas_near(all).empty()) {
    for (const Rect& r : rs) {
      reach = std::min(reach, point_reach(s, r.centre, dir, want, budget, cost, crossings));
    }
    return reach;
  }
  // The capsules of the linear features near the move: a stand's move whose box meets
  // none of them is on open ground.
  thread_local std::vector<Box> capsules;
  if (!capsules_meeting(table, table.linears_near(all), all, capsules)) {
    for (const Rect& r : rs) {
      reach = std::min(reach, point_reach(s, r.centre, dir, want, budget, cost, crossings));
    }
    return reach;
  }
  const double open_cost = cost(TerrainAt{});
  for (const Rect& r : rs) {
    const Box m = move_box(r);
    if (std::any_of(capsules.begin(), capsules.end(),
                    [&](const Box& c) { return c.intersects(m); })) {
      reach = std::min(reach, point_reach(s, r.centre, dir, want, budget, cost, crossings));
      continue;
    }
    const double open = open_reach(r.centre, r.centre + dir * want, budget, open_cost);
    if (check_kept_on) {
      SB_CHECK(open == point_reach(s, r.centre, dir, want, budget, cost, crossings),
               "a stand's reach on open ground is not its point_reach");
    }
    reach = std::min(reach, open);
  }
  return reach;
}

double road_cost(const TerrainAt& at) { return at.has(TerrainClass::kRoad) ? 1.0 : kImpassable; }

void apply(Unit& u, const std::vector<int>& idx, const std::vector<Rect>& rs) {
  for (std::size_t i = 0; i < idx.size(); ++i) u.stands[z(idx[i])].rect = rs[i];
}

std::vector<Rect> rects_of(const Unit& u, const std::vector<int>& idx) {
  std::vector<Rect> out;
  out.reserve(idx.size());
  for (int i : idx) out.push_back(u.stands[z(i)].rect);
  return out;
}

// Issue 9 round 25: the footprint reads the stands alone, so only they are copied, into a
// unit kept per thread (the copy of the whole unit, its names, attributes and markers, cost
// more than the footprint itself: some 3,000 moves a 10,000-stand turn).
Rect footprint_of(const Unit& u, const std::vector<int>& idx, const std::vector<Rect>& rs) {
  thread_local Unit copy;
  copy.stands.assign(u.stands.begin(), u.stands.end());
  apply(copy, idx, rs);
  return copy.footprint();
}

}  // namespace smoothbore::fire_and_discipline::movement_detail
