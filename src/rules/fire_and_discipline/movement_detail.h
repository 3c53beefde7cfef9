// Internals shared by the movement files (not part of the public API): the trial
// positions of a unit's stands (Mover: table edge, overlap, the 1 yd gap, the limbered
// 200 yd), rigid transforms of stand rectangles, the terrain reach of a straight move
// (FD-40 crossings), and the event a movement step logs.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/events/event.h"
#include "core/geometry/axis_gaps.h"
#include "core/geometry/rect_frame.h"
#include "core/geometry/shapes.h"
#include "core/table/point_grid.h"
#include "core/table/table.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::movement_detail {

inline constexpr double kEps = 1e-6;
inline constexpr double kMinMoveMm = 1e-3;  // shorter moves are no move
inline constexpr double kStepYd = 0.25;     // sweep step of a straight move
inline constexpr int kWheelChecks = 12;     // intermediate angles tested during a wheel
// How much larger a turn the lists of a wheel that outgrew the last wheels' lists are made
// for (Mover::wheel_clear; a speed-up only, any lists holding the wheel's boxes answer alike).
inline constexpr double kWheelListMoreDeg = 30;

inline std::size_t z(int i) { return static_cast<std::size_t>(i); }
inline const Unit& unit_at(const FdState& s, int u) { return s.force.units[z(u)]; }
inline Unit& unit_at(FdState& s, int u) { return s.force.units[z(u)]; }

inline bool open_order(const Unit& u) { return u.formation == "open-order"; }
inline bool dismounted(const Unit& u) { return u.type == "dragoons" && open_order(u); }
inline bool wheeled_kind(const Unit& u) { return u.arm == Arm::kArtillery || u.arm == Arm::kWagon; }
inline bool limbered_guns(const Unit& u) {
  return u.arm == Arm::kArtillery && u.formation == "limbered";
}
inline bool disordered(const FdState& s, int unit) {
  return s.units[z(unit)].disordered_until >= s.turn;
}

// A "movement" phase event of `unit`.
void emit(const FdState& s, EventLog& log, EventKind kind, int unit, std::string text,
          Fields data = {});

// The indices of the stands not removed.
std::vector<int> live_stands(const Unit& u);
// Clockwise (compass) rotation of `v` by `deg`.
Vec2 rotate(Vec2 v, double deg);
Rect rotated(const Rect& r, Vec2 pivot, double deg);
// As RectFrame(r), bit for bit: a frame on the axes of the same facing, kept per thread (a
// wheel's stands at one step share a facing, and the same turns come again).
RectFrame kept_frame(const Rect& r);
// kept_frame(r), written into `out`.
void kept_frame_into(const Rect& r, RectFrame& out);
// Each rect turned by `deg` about `pivot`, then moved by `delta`.
std::vector<Rect> transform(const std::vector<Rect>& rs, Vec2 delta, Vec2 pivot = {},
                            double deg = 0);
// Stands of other units on the table: all of them, or the enemy's only.
std::vector<Rect> other_stands(const FdState& s, int unit, bool enemy_only);
double min_distance(const std::vector<Rect>& a, const std::vector<Rect>& b);

// The legality of a unit's stands at a trial position, relative to where they began.
class Mover {
 public:
  Mover(const FdState& s, int unit, std::vector<Rect> base);
  // The same unit in the same (unchanged) state from other stand positions, sharing the
  // snapshot of the other stands.
  Mover(const Mover& same_state, std::vector<Rect> base);
  const std::vector<Rect>& base() const { return base_; }
  double enemy_distance(const std::vector<Rect>& rs) const;
  // Whether some enemy stand is nearer than `limit` mm to one of `rs`: the same as
  // enemy_distance(rs) < limit, looking only at the enemies around.
  bool enemy_within(const std::vector<Rect>& rs, double limit) const;

  // Table edge, overlap, and no closer than 1 yd to another unit unless already so close
  // and not closing; limbered guns under option "path": never within 200 yd. `moved` bounds
  // how far any point of the stands has travelled from base(): a pair of stands farther
  // apart than that (plus the 1 yd) at the start can neither touch nor close within 1 yd,
  // so it is skipped (a speed-up only: the result is the same).
  bool path_ok(const std::vector<Rect>& rs, std::string* why,
               double moved = std::numeric_limits<double>::infinity()) const;
  bool end_ok(const std::vector<Rect>& rs) const;
  // Whether end_ok reads the stands at all (limbered guns, option not "path"): else true.
  bool end_tested() const { return same_.limbered_end; }

  // The farthest t (mm, up to max_t) the stands may go along `dir`; `why` says what
  // stopped them short of max_t. With `decide` >= 0 the caller asks only whether t >=
  // `decide`: a bisection stops once that is known, the steps stop once one passes
  // `decide` (but for limbered guns' end test), and the t returned is then right only about
  // that. With `below` > 0 the caller takes any t under `below` as no move: a bisection
  // stops once its t is known to be under it (but for limbered guns' end test), and the t
  // returned is then some t under it.
  double sweep(Vec2 dir, double max_t, std::string* why, double decide = -1,
               double below = -1) const;

  // A wheel of base() by `turn` degrees about `pivot`, tested at each of its `checks` even
  // steps in turn (transform, then path_ok): how many steps are clear before the first that
  // is not (`why` then says why), `checks` when all are. Issue 9 round 11: each stand's
  // neighbours are listed once for the whole wheel (the stands path_ok would visit at any
  // step, as near_along does for a sweep), not asked of the grid at every step; the same
  // answers as path_ok alone (tests/sim/fire_and_discipline_scale_test.cc).
  int wheel_clear(Vec2 pivot, double turn, int checks, std::string* why) const;

  // Tests: while set, every kept start distance and every pair a sweep keeps apart is
  // checked against a fresh answer.
  static void check_kept(bool on);

 private:
  static bool fail(std::string* why, const char* w);
  double base_distance(std::size_t i, const StandEntry& o) const;
  double start_distance(std::size_t i, int k) const;  // base_distance of slot k, kept
  // What a sweep along `dir` learnt of pairs (base stand i, the other stand's slot k) whose
  // shadows lay more than 1 yd apart at t0: they surely still do while |t - t0| < horizon.
  struct Separations {
    struct Pair {
      int slot = -1;
      double t0 = 0, horizon = 0;  // mm along the sweep
    };
    Vec2 dir;
    std::vector<std::vector<Pair>> by_stand;
    // `until`, when given and the pair is apart: the t up to which it surely stays so.
    bool still_apart(std::size_t i, int k, double t, double* until = nullptr) const;
    // Whether shadows `gaps` at t lie more than `limit` apart (axis_gap > limit), noting
    // for how long.
    bool apart(std::size_t i, int k, double t, const std::array<AxisGap, 4>& gaps, double limit,
               double* until = nullptr);
  };
  // Per base stand, the slots of the other units' stands whose centres lie in the box that
  // path_ok visits around the stand at any of the positions asked (a superset of each
  // visit: the same stands are then tested without the grid); none: use the grid. Issue 9
  // round 17: one flat buffer, stand i's slots at [begin[i], begin[i + 1]), where a vector
  // per stand cost an allocation (and its growth) for each.
  struct NearLists {
    std::vector<int> slots;
    std::vector<std::size_t> begin;  // one more than the stands listed; empty: none listed
    std::size_t size() const { return begin.empty() ? 0 : begin.size() - 1; }
    bool empty(std::size_t i) const { return begin[i] == begin[i + 1]; }
    const int* first(std::size_t i) const { return slots.data() + begin[i]; }
    const int* last(std::size_t i) const { return slots.data() + begin[i + 1]; }
  };
  bool path_ok(const std::vector<Rect>& rs, std::string* why, double moved, Separations* along,
               const NearLists* near) const;
  // path_ok's test of stand i alone, at `r` (rs[i]): the table edge, then the stands around.
  // `clear_until`, given with a sweep's `along` and `near` at a step `moved` mm along it:
  // set, when the stand passes, to a t before which it surely passes again at any later
  // step (sweep_bound.h; `moved` when none is known), so the steps before it skip the
  // stand (issue 9 round 20).
  bool stand_ok(std::size_t i, const Rect& r, std::string* why, double moved, Separations* along,
                const NearLists* near, double* clear_until = nullptr) const;
  void frame_base();
  // The half-side of the box path_ok visits around a stand at `r`.
  double visit_box(const Rect& r) const;
  // Lists in near[i] the other units' stands with their centre in boxes[i] (as a visit of
  // the grid in that box would find them), by one visit of the box holding every box.
  void list_near(const std::vector<Box>& boxes, NearLists& near) const;
  // The lists for a sweep along `dir` up to `max_t`, into `near`.
  void near_along(Vec2 dir, double max_t, NearLists& near) const;
  RectFrame frame_at(std::size_t i, const Rect& r) const;
  // frame_at(i, r), written into `out`.
  void frame_into(std::size_t i, const Rect& r, RectFrame& out) const;
  // What a Mover shares with every Mover of the same unit in the same state, whatever its
  // stands' positions: copied whole by Mover(const Mover&, base), so a member added here is
  // copied too. Every other member is of the positions (base_), made afresh by frame_base;
  // a static_assert in movement_mover.cc fails when the Mover gains a member outside both.
  struct Same {
    const FdState& s;
    int unit = -1, side = -1;
    // The other stands (every stand on the table but the unit's own; enemies: another side's).
    std::shared_ptr<const StandSnapshot> snap;
    bool limbered_end = false;
    bool limbered_path = false;
  };
  Same same_;
  std::vector<Rect> base_;
  std::vector<RectFrame> base_frames_;  // of base_
  // Per base stand, (slot, base_distance) of the other stands asked about so far.
  mutable std::vector<std::vector<std::pair<int, double>>> starts_;
  // The lists of the last wheels' stands (wheel_clear): about `pivot`, each stand's the
  // stands in its box of `boxes` (the union of those wheels' boxes).
  struct WheelLists {
    bool set = false;
    Vec2 pivot;
    std::vector<Box> boxes;
    NearLists near;
    // Round 24: the union of those wheels' arcs' centre boxes (of each stand, about `pivot`),
    // and the largest turns either way whose boxes the lists hold (0: none that way).
    std::vector<Box> centres;
    double most = 0, least = 0;
  };
  mutable WheelLists wheel_lists_;
};

// How far (mm) a point may go from `a` toward `a + dir*want` for `budget` mm of open-ground
// allowance, paying a flat 20 yd at each stream or obstacle centre line (FD-40).
double point_reach(const FdState& s, Vec2 a, Vec2 dir, double want, double budget,
                   const CostFn& cost, bool crossings);
// The unit moves as far as its slowest stand can go.
double unit_reach(const FdState& s, int unit, const std::vector<Rect>& rs, Vec2 dir, double want,
                  double budget);
double road_cost(const TerrainAt& at);

// Stands `idx` of `u` placed on `rs`; their rects; the footprint they would make.
void apply(Unit& u, const std::vector<int>& idx, const std::vector<Rect>& rs);
std::vector<Rect> rects_of(const Unit& u, const std::vector<int>& idx);
Rect footprint_of(const Unit& u, const std::vector<int>& idx, const std::vector<Rect>& rs);

}  // namespace smoothbore::fire_and_discipline::movement_detail
