// Casualties and morale effects of Fire and Discipline on the battle state (000.md §10,
// §8.9, FD-18, FD-20, FD-23..FD-29, FD-58): hits remove castings and mark shatter boxes,
// a unit with every box marked shatters, the testing stand of a unit, the §5.2 situation a
// morale check reads from the table, what a morale result does to the unit (halt, flee
// 100 yd, attrition, surrender), and which adjacent units must test in turn (§5.3e).
//
// Engine readings (not in the text):
// - A flee runs along normalize(away + ½·home): `away` is the unit vector from the cause
//   to the unit's footprint centre and `home` points toward its side's base edge (FD-26
//   "biased toward the friendly base edge"). The block moves rigidly and then turns about
//   its centre to face the flee bearing ("facing away from the enemy").
// - A flee is tested in 2-yd steps: the first step that overlaps an enemy stand, or that
//   puts a stand's centre on ground impassable to the unit (terrain_cost, FD-40: heavy
//   woods to horse in line and limbered guns, marsh to guns) that it did not start on,
//   blocks it: the unit surrenders or stops at the last clear step (FD-26, option
//   blocked_flee); it is not deflected. The first step that leaves the table removes the
//   unit (it counts as shattered: every box marked). Friendly units overlapped on the
//   way are flowed through (FD-27: one hit, on the mover or the standing unit); a flee that
//   would end on a friend goes on until clear (at most another 100 yd).
// - Attrition (flee-hit, fanaticism) and flow-through hits fall on the stand nearest the
//   cause (FD-20: every hit removes a casting and marks a box).
// - Surrounded (FD-28): quadrants are 90° sectors about the unit's footprint centre,
//   centred on its facing (front, right, rear, left); an enemy stand counts in the sector
//   of its centre when its edge is within 100 yd of a stand of the unit.
#pragma once

#include <string_view>
#include <vector>

#include "core/events/event.h"
#include "core/geometry/vec2.h"
#include "rules/fire_and_discipline/fire_tables.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// FD-20: `hits` casualties on stand `stand` of `unit`. Each removes one casting and marks
// one shatter box; a stand at 0 castings is removed; hits beyond its castings go to the
// nearest other stand of the unit (option overflow_hits "lost": boxes still marked, no
// castings). Artillery sections (FD-18): hits fall on the crew (UnitState::crew and the
// gun stand's castings); a section with no crew left keeps its guns on the table. A unit
// whose boxes are all marked shatters: removed, or with shattered_retire it stays with the
// marker "shattered" (FD-58). A unit with no stand left is removed.
void apply_hits(FdState& s, int unit, int stand, int hits, EventLog& log, std::string_view cause);

// §8.9 / §6.8 hits on an artillery section's components (GunHitComponent: fire_tables.h).
// Crew: apply_hits on the crew. Gun: the first hit halves firepower, the second destroys
// the guns and the section is removed (§6.6). Limber: ¼ movement lost per hit, 4 =
// immobile. Gun and limber hits mark no box unless option artillery_boxes is "all".
void apply_gun_component_hit(FdState& s, int unit, GunHitComponent c, EventLog& log);

// FD-24: the stand that took the most hits (`stands_hit_counts` is parallel to the unit's
// stands; ties: fewest castings, then the first). Removed stands cannot test; if no stand
// that was hit remains, the remaining stand with the fewest castings tests. -1 if the unit
// has no stand left.
int testing_stand(const FdState& s, int unit, const std::vector<int>& stands_hit_counts);
// FD-24, the stands that test for `unit` in one step: the one testing_stand (default
// morale_tests "once-per-unit"), or with "per-stand" every live stand that was hit, in stand
// order (none hit, e.g. a commander's loss: the testing_stand). The caller stops at the
// first failure, whose result applies to the whole unit. Empty if no stand is left.
std::vector<int> testing_stands(const FdState& s, int unit,
                                const std::vector<int>& stands_hit_counts);

// §5.2 / FD-21 / FD-23 / FD-28: the situation of `stand` of `unit` for a morale check.
MoraleSituation morale_situation(const FdState& s, int unit, int stand);

// Whether enemy stands are within 100 yd in at least `surround_quadrants` of the unit's
// four quadrants (FD-28), and how many quadrants hold one.
int enemy_quadrants(const FdState& s, int unit);
bool surrounded(const FdState& s, int unit);

// What a morale result does to the whole unit (FD-24). `cause` is the firing unit, the
// melee winner or the nearest enemy (table mm). `before_movement`: the check is in phases
// I-VI, so a halt or disorder lasts through this turn's Movement phase; otherwise through
// next turn's (FD-25, FD-26; option halt_until "end-of-turn": this turn only).
void apply_morale_result(FdState& s, int unit, MoraleResult r, Vec2 cause, bool before_movement,
                         EventLog& log);

// FD-26: the flee move on its own (100 yd unless `yards` says otherwise, e.g. the 30 yd
// skirmish retreat of FD-59).
void flee(FdState& s, int unit, Vec2 cause, bool before_movement, EventLog& log,
          double yards = 100);

// FD-29 / §5.3e: units of the failed unit's side in edge or corner contact with it that must
// test: not engaged in melee, on the table, and (once-per-step) not already tested in this
// step. Option cascade "none": none; "unlimited": already-tested units test again. Call it
// before the failed unit moves away.
std::vector<int> cascade_units(const FdState& s, int failed_unit,
                               const std::vector<int>& already_tested_this_step);

}  // namespace smoothbore::fire_and_discipline
