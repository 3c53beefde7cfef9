// Movement of Fire and Discipline (000.md §6, §3, FD-05..FD-09, FD-40..FD-42, FD-62): the
// movement chart, the road test, terrain costs, straight moves with a wheel, tactical
// shifts, formation changes and unlimbering, prolonge and the open-order leash.
//
// Engine readings (not in the text):
// - Rates: the chart (§4.7). Skirmish rate is for open-order units only (§4.2d); dismounted
//   dragoons (open-order) use the infantry row. Artillery by R-000-6 row: 1-6 pdr light,
//   8 pdr+ and howitzers heavy; wagons use the light row with no tactical rate. A routed (fleeing)
//   section's crews move at 80 (§4.4). Each limber hit takes ¼ off a limbered section's
//   rates (4 = 0). Option tactical_shift "flat20" sets foot and horse TACTICAL to 20;
//   the artillery TACTICAL column stays the prolonge distance (R-000-5).
// - Terrain (FD-40): terrain_cost gives the open-ground allowance (mm) used per mm moved
//   (the inverse of the multiplier); a move's budget is its allowance in mm. The most
//   restrictive class under a point applies; a road point costs 1. A stream or
//   obstacle crossing costs a flat 20 yd, charged where the stand's centre crosses the
//   centre line. The unit moves as far as its slowest stand (each stand's centre path).
//   Buildings, earthworks and protective features have no movement cost here.
// - Road (FD-06, FD-08): foot and horse in column, > 300 yd from every enemy stand at the
//   start and (option) the end, the footprint centre on a road for the whole path.
//   Limbered artillery needs only the road (§4.4).
// - A move is refused (nothing happens) when the road test fails at its end.
// - §3.42 (limbered guns move the way the horses face) is not enforced.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/events/event.h"
#include "core/geometry/shapes.h"
#include "core/table/table.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

namespace movement_detail {
class Mover;
}  // namespace movement_detail

enum class Rate { kField, kCharge, kSkirmish, kRoad, kTactical };
std::string_view rate_name(Rate r);  // "field", "charge", "skirmish", "road", "tactical"

inline constexpr double kRoadEnemyYd = 300;      // §4.2c, §4.3c, FD-08
inline constexpr double kLimberedEnemyYd = 200;  // §4.4, FD-09
inline constexpr double kProlongeEnemyYd = 60;   // §6.66
inline constexpr double kStopShortYd = 1;        // no contact without a declared charge
inline constexpr double kCrossingYd = 20;        // FD-40 stream/fence/hedge crossing
inline constexpr double kLeashYd = 50;           // §3.12, FD-62
inline constexpr double kFleeingCrewYd = 80;     // §4.4

// The chart rate of `unit` in yards (nullopt = N/A), after limber hits.
std::optional<double> rate_yd(const FdState& s, int unit, Rate rate);

// Whether `unit` may use the road rate from footprint `start` to `end` (FD-06, FD-08).
bool road_allowed(const FdState& s, int unit, const Rect& start, const Rect& end);

// FD-40: cost per mm of moving `unit` (open-ground allowance in mm per mm moved;
// kImpassable forbids). Option terrain_movement "none": 1 everywhere.
CostFn terrain_cost(const FdState& s, int unit);

struct MoveResult {
  bool moved = false;  // any stand changed position or facing
  bool wheeled = false;
  double distance_yd = 0;  // straight distance after the wheel
  std::string stopped_by;  // "", "allowance", "unit", "table", "terrain", "enemy-200", ...
};

// A normal move (Phase VI.3): an optional wheel to `facing` (degrees) halving the rate
// (§4.5, FD-42), then a straight move of the footprint centre toward `destination`
// (table mm) up to the remaining allowance. A wheel that meets a unit or the table edge is
// made to its last clear twelfth (none: no halving) and the unit goes straight ahead on
// that facing as far as the destination lies ahead (stopped_by "wheel blocked, ..."). Stops 1 yd
// short of any other unit's stand, on the table's edge and at impassable ground; limbered guns stop
// outside 200 yd of the enemy (FD-09); halted units, unlimbered guns and immobile limbers do not
// move; disordered units only re-face in place (FD-26). kTactical is refused (tactical_shift).
// `footprint`, when given, is the unit's footprint now (Unit::footprint(), which the
// caller has worked out: not worked out again; compared under shortcut_checks, checks.h).
MoveResult move_unit(FdState& s, int unit, Vec2 destination, double facing, Rate rate,
                     EventLog& log, const Rect* footprint = nullptr);

// The same move worked out without making it: where the stands would end (`stands`, their
// indices, empty when the move is refused; `centre`, the footprint's centre after it), the
// result, and the narrative move_unit logs; `aim`, the point the straight part heads for
// (the destination, or after a blocked wheel the point straight ahead abreast of it).
// `probe_yd` cuts the straight part short, for a cheap look at whether the move gets going.
// With PlanDetail::kOffer the caller reads only what legal_actions asks of a probe (issue
// 9): whether `stands` is empty, result.wheeled, whether result.distance_yd reaches 1 yd
// when it did not wheel, whether result.stopped_by starts "wheel blocked", and `aim`; a
// wheel made then ends the plan (no straight part, no rects, no narrative), and the
// straight part stops once it is known to reach 1 yd (Mover::sweep's `decide`). Checked
// against kFull under shortcut_checks (checks.h). kSilent is kFull without the narrative
// (`text`, `data`), for a quiet log (issue 9).
enum class PlanDetail { kFull, kOffer, kSilent };
struct MovePlan {
  MoveResult result;
  std::vector<int> stands;
  std::vector<Rect> rects;
  Vec2 centre;
  Vec2 aim;
  std::string text;
  Fields data;
};
MovePlan plan_move(const FdState& s, int unit, Vec2 destination, double facing, Rate rate,
                   double probe_yd, PlanDetail detail = PlanDetail::kFull);
// plan_move of several moves of one unit in one unchanged state (legal_actions' probes):
// the same plans, bit for bit, one trial of the unit's stands (their frames and the start
// distances it keeps) serving every plan (issue 9 round 19: each probe made its own).
class MoveProbes {
 public:
  MoveProbes(const FdState& s, int unit);
  ~MoveProbes();
  MoveProbes(const MoveProbes&) = delete;
  MoveProbes& operator=(const MoveProbes&) = delete;
  MovePlan plan(Vec2 destination, double facing, Rate rate, double probe_yd,
                PlanDetail detail = PlanDetail::kFull);
  // Lets go of the kept trial and the stand snapshot its Mover holds. Call it before
  // anything tries a change on the state (road_march_after_column): while the snapshot is
  // held, StandCache::get must copy the whole snapshot to refile a changed unit
  // (stand_grid.cc), which made the 10,000-stand battle's first turn 7x slower.
  void release();

 private:
  const FdState& s_;
  int unit_;
  std::unique_ptr<movement_detail::Mover> start_;  // made by the first plan that needs it
};
// The least distance (mm) that s.yd() reads as at least 1 yd: t >= first_yard_mm(s) exactly
// when s.yd(t) >= 1 (s.yd is monotone).
double first_yard_mm(const FdState& s);

// §4.6, FD-07: a lateral or backward shift by `offset` (table mm) keeping facing, up to the
// TACTICAL rate, trained units only (rating >= tactical_shift_min_rating); it replaces
// the normal move (the caller's bookkeeping). False if refused or blocked at once.
bool tactical_shift(FdState& s, int unit, Vec2 offset, EventLog& log);
// The distance (mm) tactical_shift would move the unit, without moving it; nullopt where
// it would refuse.
std::optional<double> tactical_shift_mm(const FdState& s, int unit, Vec2 offset);
// Whether tactical_shift_mm has a value, sweeping only the first step (issue 9: the whole
// sweep cost the offer of every shift; checked against it under shortcut_checks).
bool tactical_shift_possible(const FdState& s, int unit, Vec2 offset);
// The offsets of `wanted`, in turn, that tactical_shift_possible allows, but for those within
// `apart` mm of one taken before: the same answers, one trial of the unit's stands serving
// every offset (issue 9 round 18).
std::vector<Vec2> possible_shifts(const FdState& s, int unit, const std::vector<Vec2>& wanted,
                                  double apart);

// FD-41: a change of formation about the first stand (which keeps its place and facing).
// Limbered → unlimbered unlimbers for good (§3.4); unlimbered → limbered is refused. The
// new stands must be on the table and not overlap other units' stands. Option
// formation_change "half-field": the event records half the Field rate left.
bool change_formation(FdState& s, int unit, const std::string& formation, EventLog& log);
// The stands change_formation would place for `unit` in `formation` (about its first live
// stand), nullopt where it would refuse; nothing changes.
std::optional<std::vector<Stand>> formation_stands(const FdState& s, int unit,
                                                   const std::string& formation);

// FD-05, R-000-5, §6.66: an unlimbered section moves `yd` along its facing (negative =
// back) by prolonge: at most its TACTICAL distance (1-6 pdr 20, 8 pdr+ none), never
// ending within 60 yd of an enemy stand (unless it ends no closer than it began).
bool prolonge(FdState& s, int unit, double yd, EventLog& log);
// The stands' rects prolonge(s, unit, yd) would leave (live stands in order), or nullopt
// when it would refuse: a dry run for the commanders' legal actions.
std::optional<std::vector<Rect>> prolonge_plan(const FdState& s, int unit, double yd);

// §6.4c, §4.4: an unlimbered section changes its direction of fire, turning in place about
// its footprint centre to `facing` (degrees), instead of firing. Refused (false, nothing
// happens) for anything but a crewed, uncaptured unlimbered section with its crew at its
// guns (FD-19), a turn under 1°, or a
// stand that would leave the table or overlap another unit's stand. A halted section may
// (FD-25: facing in place is allowed).
bool change_direction(FdState& s, int unit, double facing, EventLog& log);
// The stands' rects change_direction would leave, or nullopt when it would refuse.
std::optional<std::vector<Rect>> change_direction_plan(const FdState& s, int unit, double facing);

// FD-62, §3.12: each open-order stand more than 50 yd from every other stand of its
// command (its own unit's included) moves straight toward the nearest one until within
// 50 yd, at most its skirmish rate. Option leash_recovery "none": nothing.
void leash(FdState& s, int unit, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
