// Internals shared by the charge, melee and pursuit files (not part of the public API):
// rigid moves of a unit's block and the §8.16 line-up of an attacker on its target.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/events/event.h"
#include "core/geometry/rect_frame.h"
#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::detail {

inline std::size_t z(int i) { return static_cast<std::size_t>(i); }
inline const Unit& unit_at(const FdState& s, int u) { return s.force.units[z(u)]; }
inline bool live(const Stand& st) { return !st.removed && st.castings > 0; }
// Whether a rectangle surely lies wholly outside corridor(firer, range), farther than the
// clipping's tolerance: its centre lies farther from the corridor's axis, or from the
// corridor's middle along it, than half the corridor's width (or depth) plus half the
// rectangle's width and half its depth (no less than its half diagonal) and a micron.
// corridor_distance is then negative, and needs no clipping (round 21: path_ahead and
// reach_mm clipped every stand they looked at).
class CorridorMiss {
 public:
  CorridorMiss(const Rect& firer, double range)
      : fwd_(firer.forward()),
        right_(firer.right()),
        centre_(firer.front_centre() + fwd_ * (range / 2)),
        hw_(firer.width / 2),
        hd_(range / 2) {}
  bool surely(const Rect& r) const {
    constexpr double kSlackMm = 1e-3;
    const double radius = 0.5 * (r.width + r.depth) + kSlackMm;
    const Vec2 v = r.centre - centre_;
    return std::fabs(v.dot(fwd_)) > hd_ + radius || std::fabs(v.dot(right_)) > hw_ + radius;
  }

 private:
  Vec2 fwd_, right_, centre_;
  double hw_, hd_;
};

// Singular or plural: "1 hit", "2 hits".
inline std::string count_of(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Rigid motion of every stand of `u`: rotate by `turn_deg` (compass sense) about `pivot`,
// then translate by `shift` (table mm).
void rigid_move(FdState& s, int u, Vec2 pivot, double turn_deg, Vec2 shift);
// The same motion of `stands` (a unit's stands away from the state).
void rigid_move_stands(std::vector<Stand>& stands, Vec2 pivot, double turn_deg, Vec2 shift);
// Straight ahead along the unit's footprint facing by `mm`.
void advance_block(FdState& s, int u, double mm);

// The edge of `target` that `attacker` attacks (front, flank or rear; melee_phase.h).
Zone attacked_zone(const FdState& s, int attacker, int target);
// §8.16: turn and place `attacker` with its front edge on the attacked edge of `target`,
// centred on a front edge or keeping its offset on a flank or rear edge, sliding along the
// edge (1 yd steps) to the nearest place clear of third units' stands. False, and `attacker`
// left where it was, when no such place keeps 1 yd of its front on the edge.
bool line_up(FdState& s, int attacker, int target);
// §8.19: a stand of `attacker` extends behind the rear edge line of `target`.
bool extends_behind_rear(const FdState& s, int attacker, int target);
// fighting_contact (melee_phase.h) on the stands' frames, bit for bit (issue 9 round 25:
// stand_contacts frames each stand once, where the exact distance and the corners of every
// near pair worked out both frames again).
bool fighting_contact(const RectFrame& a, const RectFrame& b);
// Whether a live stand of `u` overlaps a live stand of another unit on the table (other
// than `except`).
bool overlaps_other_unit(const FdState& s, int u, int except = -1);
// The same with `stands` in place of `u`'s own (a trial position of its stands).
bool stands_overlap_other_unit(const FdState& s, int u, const std::vector<Stand>& stands,
                               int except = -1);

// What lies straight ahead of unit `u` within `range_mm`: the nearest enemy and friendly
// stands in its footprint's corridor (a hair narrower, so that neighbours touching its flank
// lines are not in the way), by corridor distance (mm, -1 if none), and the room (mm) before
// one of its stands would leave the table.
struct PathAhead {
  double enemy_mm = -1;
  int enemy = -1;
  double friend_mm = -1;
  int friend_unit = -1;
  double table_mm = 0;
};
PathAhead path_ahead(const FdState& s, int u, double range_mm);
// The longest straight move up to `want_mm` that enters no other unit's stand and stays on
// the table.
double clear_run_mm(const FdState& s, int u, double want_mm);

// FD-43: the one wheel of a cavalry charge (§4.5 L226: the rate halved; FD-42 pivot: the
// front corner on the turning side, or the centre): the whole-degree turn after which a live
// stand of `target` lies in the charger's corridor within half its charge rate, the target
// stand nearest the charger's front closest to the new centre line (then the smaller turn),
// and whose sweep (tested at 12 angles) enters no other unit's stand and stays on the table.
// nullopt for non-cavalry, under fd_43_cavalry_charge_wheel = false, or with no such wheel.
struct ChargeWheel {
  double turn_deg = 0;  // compass sense: positive = right
  Vec2 pivot;
};
std::optional<ChargeWheel> charge_wheel(const FdState& s, int charger, int target);

// The approach of a charge (melee_phase_reach.cc).
// The charger's block: footprint with the facing of its first live stand.
Rect block(const FdState& s, int u);
// Corridor distance (mm) from the charger's front edge to the nearest live stand of
// `target` inside its corridor of `range_mm`; negative if none is.
double reach_mm(const FdState& s, int charger, int target, double range_mm);
// The charger stand nearest the target (the stand fire before contact falls on), or -1.
int nearest_stand(const FdState& s, int charger, int target);
// FD-43: a cavalry charger whose target is not straight ahead within its charge rate makes
// its one wheel toward it (charge_wheel) and has half its rate left (§4.5); returns the
// rate (mm) left for the straight run and the wheel made (0 for none).
std::pair<double, double> wheel_into_charge(FdState& s, int charger, int target);
// FD-44: how far a counter-charger advances to meet a charge `gap_mm` away: half the gap,
// at most its charge rate.
double counter_charge_mm(const FdState& s, int unit, double gap_mm);
// §8.16 contact: the charger lines up on the target, sliding along its edge clear of other
// units (line_up); if no place on the edge is clear, it goes straight ahead into contact
// instead; if that would overlap too, or meets nothing, it stays where it is and the charge
// fails (false), as a charge that cannot make contact (§8.15).
bool make_contact(FdState& s, int charger, int target, double rate_mm);

// An event of Phase VI or VII about `unit` (and `target` when >= 0).
void log_melee_event(EventLog& log, const FdState& s, EventKind k, int unit, int target,
                     std::string phase, std::string text, std::vector<RollRecord> rolls = {});

}  // namespace smoothbore::fire_and_discipline::detail
