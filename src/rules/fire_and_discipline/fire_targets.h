// Fire situations and targets of Fire and Discipline (000.md §7-§8; FD-15, FD-17, FD-37,
// FD-38, FD-49, FD-57): what a firing unit's shot looks like on the table (the
// MusketrySituation / ArtillerySituation the resolutions read, built from the kill zones,
// the terrain, objective zones and the units' memory, with the table options of the
// scenario), the exact distribution of its hits, and the regimental doctrine's choice of
// target. The fire phases (fire_phase.h), fire before contact (melee_phase.h) and the
// doctrine's odds (fd_doctrine.h) all read these one definitions.
//
// FD-37 "the firer chooses" is the regimental commander's doctrine inside the rule set, not
// an order from the brigade commander (§2.4: orders are directives; the colonel fights his
// regiment): under option fd_37_musketry_target "firer-choice" (the default) a volley goes
// to the stand with the most expected hits (each hit one casualty and one shatter box,
// FD-20), from the exact binomial distribution of the resolution; ties go to the larger
// chance of at least one hit (which forces a morale check, §5.3a), then to the nearest.
// Skirmish fire goes to the most expected casualties, then the larger chance of a halt or
// worse (§7.31), then the nearest. Option "first": the nearest stand. Artillery has no
// choice inside its zone (§6.3: the first stand the corridor meets, or every stand in the
// path with the optional extended kill zone, §6.35); its choices are the §6.4 options
// (fd_doctrine.h). Option fd_04_skirmishers_volley lets formed units volley at skirmishers.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// The cover of stand `r` for fire (§7.4, §6.9): an occupant of an objective zone is in
// protective cover, or earthworks if the zone is fortified (FD-49, FD-57); otherwise its
// ground (a building is protective, objective_zones.h building_cover). Musketry knows only
// protective and earthworks.
TargetCover cover_at(const FdState& s, StandRef r, bool artillery);
// Mounted for fire: cavalry, and dragoons not dismounted (§7.4 "+1", §6.9 "+10").
bool mounted_for_fire(const Unit& u);
// A gun crew away from its guns (FD-19) is shot at as open-order foot (§8.43); its hits
// fall on the crew, not on gun components (§6.8).
bool crew_alone(const FdState& s, int unit);
// FD-38: the firer's last target (this turn or last) was the target's unit, or with option
// same_target "stand" the target stand itself.
bool same_target(const FdState& s, int firer, const StandRef& target);
// Records `target` as the firer's last target (FD-38).
void remember_target(FdState& s, int firer, const StandRef& target);

// The maximum musketry range of `unit` (its firearm's, bows by fd_34_bow_max_yd), or
// nullopt when it has no firearm.
std::optional<double> musket_range_yd(const FdState& s, int unit);
// The volley of `unit` at `t` (§7.3-§7.4; FD-36, FD-38, FD-39 from the options).
MusketrySituation musketry_situation(const FdState& s, int unit, const MusketTarget& t);
// The stands `unit` may volley at (skirmish-only targets removed unless option
// fd_04_skirmishers_volley), nearest first; empty for units that do not volley.
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

// One roll of gun section `gun` at `t` with `ammo` (§6.9 and the table options: FD-10..FD-14,
// FD-16, FD-36, FD-39; FD-17 "gun": the roll of one serviceable gun).
ArtillerySituation gun_situation(const FdState& s, int gun, const GunTarget& t, Ammo ammo);
// FD-17: one roll a turn for the section, or (option "gun") one for each gun that can fire:
// not disabled by a gun hit (§6.8a), and served by at least one crewman (§6.8b).
int gun_rolls(const FdState& s, int gun);
// Whether gun section `gun` may fire in the Artillery phase: unlimbered, not halted (§5.5),
// captured, out of crew, with its guns destroyed, or with its crew away from them or back
// only this turn (FD-19).
bool gun_may_fire(const FdState& s, int gun);
// FD-15: canister at 150 yd or less (fd_15_canister_max_yd) while it lasts, else ball;
// nullopt with no ball left (§6.64: no resupply).
std::optional<Ammo> gun_ammo(const FdState& s, int gun, double range_yd);

// A gun section's shot in the Artillery phase (§6.4a): the stands it rolls against
// (gun_shot_targets: the first stand of its zone, FD-37, or with §6.35 every stand in the
// path, friends included), the enemy stand it aims at (its range picks the ammunition and it
// becomes the FD-38 last target), the ammunition and the rolls (FD-17). nullopt when it
// cannot fire (gun_may_fire), has no enemy in its zone, or no ammunition of the kind.
struct GunShot {
  std::vector<GunTarget> targets;
  GunTarget aim;
  Ammo ammo = Ammo::kBall;
  int rolls = 1;
};
std::optional<GunShot> artillery_shot(const FdState& s, int unit);
// Held artillery fire at `charger` before contact (§6.4d, FD-56): canister if any is left,
// at fd_56_held_fire_range_yd, against mounted or formed troops, with the table options.
ArtillerySituation held_fire_situation(const FdState& s, int gun, int charger);
// Final Protective Fire of `unit` at stand `aim` of the charger (§7.7, §8.41) with
// `stands` firing stands (FD-35; at least one die, §7.3).
MusketrySituation fpf_situation(const FdState& s, int unit, StandRef aim, int stands);

// The exact distribution of an artillery shot's hits (enumerating resolve_artillery's
// d100 or d10, FD-12, FD-13): (hits, probability), hits ascending.
std::vector<std::pair<int, double>> artillery_hit_distribution(const ArtillerySituation& a);
double expected_artillery_hits(const ArtillerySituation& a);
// Expected hits on enemy stands of a whole Phase II shot (every roll, every enemy stand it
// is rolled against); 0 for none.
double expected_shot_hits(const FdState& s, int gun, const GunShot& shot);

}  // namespace smoothbore::fire_and_discipline
