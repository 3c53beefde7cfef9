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
// worse (§7.31), then the nearest. Option "first": the nearest stand. Artillery firing ball
// or canister has no choice inside its zone (§6.3: the first stand the corridor meets, or
// every stand in the path with the optional extended kill zone, §6.35); a howitzer's shell
// (FD-15) may go to any enemy stand in the corridor, and the gunners weigh it against the
// first-target shot by expected hits (artillery_shot). Their other choices are the §6.4
// options (fd_doctrine.h). Option fd_04_skirmishers_volley lets formed units volley at skirmishers.
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
// Whether volley_targets would name any (stopping at the first found).
bool has_volley_target(const FdState& s, int unit);
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
// nullopt with no ball left (§6.64: no resupply). The ammunition of a first-target shot.
std::optional<Ammo> gun_ammo(const FdState& s, int gun, double range_yd);

// Barrages left of each kind (§6.22; FD-17 "gun": the section's, guns × allotment).
struct Barrages {
  int ball = 0;
  int canister = 0;
  int shell = 0;
  int& of(Ammo a) { return a == Ammo::kBall ? ball : a == Ammo::kCanister ? canister : shell; }
};
Barrages barrages_left(const FdState& s, int gun);

// A gun section's shot in the Artillery phase (§6.4a): the stands it rolls against
// (gun_shot_targets: the first stand of its zone, FD-37, or with §6.35 every stand in the
// path, friends included; a shell shot: the one stand it aims at), the enemy stand it aims at
// (its range picks the ammunition and it becomes the FD-38 last target), the ammunition of
// its first roll and the rolls (FD-17). nullopt when it cannot fire (gun_may_fire), has no
// enemy in its zone, or no ammunition of the kind.
struct GunShot {
  std::vector<GunTarget> targets;
  GunTarget aim;
  Ammo ammo = Ammo::kBall;  // kShell: a howitzer's high-angle shot (FD-15, shell_targets)
  int rolls = 1;
  // A shell shot at the first stand of the zone: ball may follow when the shell runs out.
  bool ball_reaches = true;
};
// The ammunition of the next roll of `shot` with `left` barrages (FD-15, §6.64): a shell
// shot fires shell while it lasts, then ball if ball reaches its aim; a first-target shot
// canister at fd_15_canister_max_yd or less while it lasts, else ball; nullopt when nothing
// of the kind is left.
std::optional<Ammo> roll_ammo(const FdState& s, const GunShot& shot, const Barrages& left);
// The section's Phase II shot. Its candidates: the first-target shot (canister or ball) and,
// for a howitzer with shell left (FD-15, §6.21 L354), a shell shot at each stand of
// shell_targets. The gunners take the most expected hits on enemy stands
// (expected_shot_hits, FD-37 "the firer chooses"); on a tie canister first, then shell
// (nearest first), then ball, so a howitzer fires shell at its first target while shell
// lasts and ball after. Option fd_37_musketry_target "first": the first of that order.
std::optional<GunShot> artillery_shot(const FdState& s, int unit);
// artillery_shot with the expected hits of the shot taken (expected_shot_hits, unsnapped):
// the weighing already works them out, so the doctrine's expected_gun_hits keeps them rather
// than work them again (issue 9). With `want_hits` false a shot taken without weighing (a
// lone candidate, option "first") carries 0.
struct ValuedGunShot {
  GunShot shot;
  double expected_hits = 0;
};
std::optional<ValuedGunShot> valued_artillery_shot(const FdState& s, int unit, bool want_hits);
// Held artillery fire at stand `aim` of a charger before contact (§6.4d, FD-56): one roll per
// FD-17 roll (gun_rolls), each at fd_56_held_fire_range_yd with canister while it lasts and
// the range is within fd_15_canister_max_yd, else shell (howitzers), else ball, spending one
// barrage each; the situation of each roll as in Phase II (gun_situation: FD-10..FD-14,
// FD-16, FD-36, FD-39; the same-target FD-38, adjacent, target type and cover modifiers).
// Empty when nothing is left to fire.
std::vector<ArtillerySituation> held_fire_rolls(const FdState& s, int gun, StandRef aim);
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
// The distribution (index = hits) of the sum of independent artillery rolls (held fire).
std::vector<double> artillery_rolls_distribution(const std::vector<ArtillerySituation>& rolls);

}  // namespace smoothbore::fire_and_discipline
