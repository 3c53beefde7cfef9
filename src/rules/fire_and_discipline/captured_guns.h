// Abandoned, captured and re-manned guns of Fire and Discipline (FD-19, FD-64; §5.5 L320
// "Gun crews must flee without the guns", §6.62 L422 "Captured guns cannot be fired or
// moved. They do count for victory points", §6.63 a de-crewed gun cannot be manned by
// another section's crew).
//
// FD-19: an unlimbered gun with no crew in contact (fled or eliminated) is captured when
// an enemy stand ends a move in contact with it. A fled crew may return: if it starts an
// Artillery phase in contact with its own uncaptured gun and is not Halted, it re-mans the
// gun and may fire next turn. FD-64: a surrendered gun section is captured; crews that
// flee without the guns leave them uncaptured until contacted.
//
// Engine readings (not in the text):
// - A section is one unit whose stand carries the crew. When the crew of an unlimbered
//   section flees, the guns stay where the stand stood (UnitState::guns_at) and the stand is
//   the crew alone: it flees, is shot at as open-order foot and may walk back on foot at
//   80 yd (§4.4). The guns are not a stand: they block neither moves nor fire.
// - A section whose crew is all lost keeps its gun stand (0 castings) where it is; those
//   guns are unmanned too.
// - "In contact" is within 1 yd (movement.h kStopShortYd: a normal move stops 1 yd short
//   of another unit). Captures are checked at the end of Phase VI and of Phase VII, so the
//   charger still in contact when the crew flees its melee takes the guns.
// - Recapture (option fd_19_recapture; the text has none): FD-19's capture read both
//   ways. Captured guns are not manned by the captor (§6.62: they cannot fire or move), so
//   they are retaken when a stand of their own side is in contact with them and no stand of
//   another side is (the captor's stands guard them as a crew would); retaken, they stand
//   unmanned where they are, their crew (if any is left and free) may re-man them and the
//   enemy may capture them again. A captured section whose crew is all lost is removed (it is gone:
//   FD-60 counts it as a unit lost and a gun section captured); one whose crew lives on keeps the
//   crew in play.
// - A section shattered and removed takes its guns with it unless they were abandoned
//   before (those stay to be captured). Limbered sections flee with their guns (the team).
#pragma once

#include "core/events/event.h"
#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

inline constexpr double kGunContactYd = 1;  // "in contact" with the guns (see above)

// §5.5: the crew of an unlimbered section is about to flee: its guns stay where its stand
// is. No-op for anything else, or guns already abandoned.
void abandon_guns(FdState& s, int unit, EventLog& log);

// Where the section's guns stand (table mm): UnitState::guns_at when abandoned, else its
// gun stand.
Rect guns_rect(const FdState& s, int unit);

// FD-19: unlimbered guns with no crew at them, not captured and not destroyed (the unit
// may be off the table if the guns were abandoned first).
bool guns_unmanned(const FdState& s, int unit);

// FD-19: captured guns retaken (recapture_guns), then every unmanned gun in contact with a
// live stand of an enemy unit on the table is captured by that side (the first such unit).
// Narrated.
void capture_guns(FdState& s, EventLog& log);

// FD-19, option recapture: captured guns with a stand of their own side in contact and none
// of another side's are retaken (see above). Narrated. capture_guns runs it first.
void recapture_guns(FdState& s, EventLog& log);

// FD-64 (option surrendered_guns_captured): a surrendered section's guns are captured by
// `by_side` (-1: the other side of a two-sided battle).
void surrender_guns(FdState& s, int unit, EventLog& log, int by_side = -1);

// FD-19 (option recrew): at the start of the Artillery phase each crew away from its
// uncaptured, undestroyed guns, on the table, not Halted and in contact with them, re-mans
// them: the stand goes back onto the guns (if nothing else stands there) and the section
// may fire from the next turn (UnitState::recrewed_turn).
void recrew_guns(FdState& s, EventLog& log);

// FD-60: gun sections of other sides captured by `side`.
int captured_sections(const FdState& s, int side);

}  // namespace smoothbore::fire_and_discipline
