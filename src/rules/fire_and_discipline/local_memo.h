// What a unit's local look-ahead of the doctrine reads of the state, bit for bit, so that its
// answers can be kept across turns while that is unchanged (issue 9 round 24): the probes of
// its moves (FdBattle::check_moves: plan_with, PlanDetail::kOffer, kProbeYd) and the runs of
// its tactical shifts (FdBattle::assess: tactical_shift_mm). Most units the doctrine weighs
// stand where they stood, among the same neighbours, and were probed alike again.
//
// What they read:
// - Of the unit (local_own, with its formation beside): whether it is on the table, halted
//   (FD-25) or disordered (FD-26); its live stands (indices, rects) and footprint; its field
//   and TACTICAL rates and its rating (FD-07's "trained"); its formation (terrain costs, the
//   limbered tests); whether its crew walks without its guns (FD-19). Its type, arm and
//   side, the options and the table are the battle's own, fixed. Not kept for limbered guns
//   (FD-09's 200 yd reads stands far off).
// - Of the other stands on the table, as the Mover's snapshot files them (local_near): those
//   that can come within the 1 yd gap (kStopShortYd) of one of the unit's stands at some
//   position tried. With c the centre of the footprint and ρ0 at least the distance of
//   every corner of a live stand from c (its centre's distance and half its diagonal),
//   every position tried lies within ρ0 + local_beyond of c. A stand whose
//   centre lies beyond that, the gap and its own half diagonal from c (local_reach, padded
//   far above rounding) stays more than 1 yd from every position tried, as it did at the
//   start, so no test of the Mover (overlap, the 1 yd gap) fails on it. Listing the stands
//   within, each with its rect, in the grid's order, keeps all the rest: a stand that moves
//   in or out of that reach, or within it, or leaves, changes the list (and so may a
//   refiling that reorders it: a needless miss).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

inline constexpr double kProbeYd = 2;  // how much of an offered move is tried first

enum class LocalKind { kProbe, kShift };

// What a look-ahead read when its answers were found.
struct LocalMemo {
  Rect footprint;  // the unit's, when last asked
  bool footprint_set = false;
  bool listed = false;              // whether the rest holds what the answers read
  std::vector<std::uint64_t> own;   // local_own
  std::string formation;            // and the unit's formation
  std::vector<std::uint64_t> near;  // local_near
};

// How far beyond ρ0 the positions a look-ahead of `kind` tries lie from the footprint's
// centre. A move's probe: a wheel turns about a corner of the footprint or its centre
// (within its half diagonal h of the centre), so every point stays within ρ0 + 2h; the
// straight part goes at most kProbeYd farther. A shift: a straight sweep of at most its
// offset, no longer than the TACTICAL rate (tactical_shift_mm refuses longer ones; up to its
// kEps, within the padding).
double local_beyond(const FdState& s, int unit, LocalKind kind);
// The reach (mm from the footprint's centre, less a stand's half diagonal) within which a
// stand's centre must lie to be listed: ρ0 + local_beyond + the 1 yd gap, padded.
double local_reach(const FdState& s, int unit, LocalKind kind);
// The unit's own part, into `own`; false (nothing kept) for limbered guns.
bool local_own(const FdState& s, int unit, std::vector<std::uint64_t>& own);
// The other stands within local_reach, into `near`.
void local_near(const FdState& s, int unit, LocalKind kind, std::vector<std::uint64_t>& near);
// Whether answers kept in `memo` for `unit` may be read and kept (true); `*drop` set when
// those kept so far no longer hold (memo then holds what the unit reads now). The unit
// and its neighbours are read only once its footprint stands still: a unit whose footprint
// moved since it was last asked keeps nothing that turn (false).
bool local_holds(const FdState& s, int unit, LocalKind kind, LocalMemo& memo, bool* drop);

}  // namespace smoothbore::fire_and_discipline
