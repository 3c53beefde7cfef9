// Fire situations and targets of Fire and Discipline (000.md §7-§8; FD-15, FD-37): what
// a firing unit's shot looks like on the table (the MusketrySituation / ArtillerySituation
// the resolutions read, built from the kill zones, the terrain and the units' memory), the
// exact distribution of its hits, and the regimental doctrine's choice of target.
//
// FD-37 "the firer chooses" is the regimental commander's doctrine inside the rule set, not
// an order from the brigade commander (§2.4: orders are directives; the colonel fights his
// regiment): under option fd_37_musketry_target "firer-choice" (the default) a volley goes
// to the stand with the most expected hits (each hit one casualty and one shatter box,
// FD-20), from the exact binomial distribution of the resolution; ties go to the larger
// chance of at least one hit (which forces a morale check, §5.3a), then to the nearest.
// Skirmish fire goes to the most expected casualties, then the larger chance of a halt or
// worse (§7.31), then the nearest. Option "first": the nearest stand. Artillery has no
// choice inside its zone (§6.3: the first stand the corridor meets); its choices are the
// §6.4 options (fd_doctrine.h).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// The cover of a stand's ground for fire (§7.4, §6.9; FD-49/FD-57: an objective zone, here
// a building, is protective). Musketry knows only protective and earthworks.
TargetCover cover_at(const FdState& s, const Stand& st, bool artillery);
// Mounted for fire: cavalry, and dragoons not dismounted (§7.4 "+1", §6.9 "+10").
bool mounted_for_fire(const Unit& u);
// FD-38: the firer shot at `target_unit` this turn or last turn.
bool same_target(const FdState& s, int firer, int target_unit);

// The maximum musketry range of `unit` (its firearm's, bows by fd_34_bow_max_yd), or
// nullopt when it has no firearm.
std::optional<double> musket_range_yd(const FdState& s, int unit);
// The volley of `unit` at `t` (§7.3-§7.4).
MusketrySituation musketry_situation(const FdState& s, int unit, const MusketTarget& t);
// The stands `unit` may volley at (skirmish-only targets removed, FD-04), nearest first;
// empty for units that do not volley.
std::vector<MusketTarget> volley_targets(const FdState& s, int unit);
// The stands open-order `unit` may skirmish-fire at (§7.25), nearest first.
std::vector<MusketTarget> skirmish_targets(const FdState& s, int unit);

// P(k hits), k = 0.., of a volley (the closed form of resolve_musketry: a binomial).
std::vector<double> volley_hit_distribution(const MusketrySituation& m);
// Expected hits (= casualties = shatter boxes, FD-20) of a volley.
double expected_volley_hits(const MusketrySituation& m);
// Expected casualties of skirmish fire and the chance of a halt or worse (§7.5 L552-L556).
std::pair<double, double> skirmish_value(const MusketrySituation& m);

// FD-37: the stand `unit` volleys at, or nullopt when there is none.
std::optional<MusketTarget> choose_volley_target(const FdState& s, int unit,
                                                 const std::vector<MusketTarget>& targets);
// FD-37 for skirmish fire.
std::optional<MusketTarget> choose_skirmish_target(const FdState& s, int unit,
                                                   const std::vector<MusketTarget>& targets);

// A gun section's shot in the Artillery phase (§6.4a): its target (the first stand of its
// zone, FD-37) and situation, with canister at 150 yd or less while it lasts, else ball
// (FD-15). nullopt when it cannot fire: limbered, halted (§5.5), captured, no crew, guns
// destroyed, nothing in its zone, or no ammunition of the kind (§6.64).
struct GunShot {
  GunTarget target;
  ArtillerySituation situation;
};
std::optional<GunShot> artillery_shot(const FdState& s, int unit);
// Held artillery fire at `charger` before contact (§6.4d, FD-56): canister if any is left,
// at fd_56_held_fire_range_yd, against mounted or formed troops.
ArtillerySituation held_fire_situation(const FdState& s, int gun, int charger);
// Final Protective Fire of `unit` at stand `aim` of the charger (§7.7, §8.41) with
// `stands` firing stands (FD-35; at least one die, §7.3).
MusketrySituation fpf_situation(const FdState& s, int unit, StandRef aim, int stands);

// The exact distribution of an artillery shot's hits (enumerating resolve_artillery's
// d100, FD-12, FD-13): (hits, probability), hits ascending.
std::vector<std::pair<int, double>> artillery_hit_distribution(const ArtillerySituation& a);
double expected_artillery_hits(const ArtillerySituation& a);

}  // namespace smoothbore::fire_and_discipline
