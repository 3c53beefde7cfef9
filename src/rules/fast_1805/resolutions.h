// The resolutions of "1805: Fast Rules For The Musket Period" (digest shared/rules/002.md):
// typed situations and resolve functions written against Chance (what the battle code
// calls), and the named, parameterised Resolutions wrapping them (what `smoothbore odds`
// and the referee call). Each resolve function fills an optional RollRecord: purpose, dice
// ("d100", or "" when the outcome is certain and nothing is rolled), faces, base % and its
// reference, every modifier with its rule reference, the target and the result.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "core/force/force.h"
#include "rules/fast_1805/tables.h"
#include "rules/resolution.h"

namespace smoothbore::fast_1805 {

// M-1: "probability of one kill" summed over figures. The per-figure % (table + modifiers,
// floored at 0, A2-15) times the figures; ⌊P/100⌋ kills plus one more on d100 ≤ P mod 100.
//
// A2-15 option a2_percent_floor: "per-figure" (default, `floor_total = false`) floors each
// figure's % at 0 as soon as the modifiers are summed (before the A2-06 halving in melee);
// "total" (`floor_total = true`) lets the per-figure % go negative and floors only
// P = figures × per-figure at 0. Every figure of a unit shares one %, so the two readings
// give the same kills; they differ only in the record: the per-figure floor is the
// modifier "floor at 0% per figure", the total floor "floor at 0% of the total P" (both
// "A2-15", valued per figure so that base + modifiers = per_figure still holds).
struct KillChance {
  bool possible = false;            // false: out of range (or no figures): 0 kills, no roll
  std::string why_not;              // "range 10\" beyond 9\" (woods)"
  double base = 0;                  // table % per figure
  std::string base_ref;             // "R-002-4 L146, 0-6\""
  std::vector<Modifier> modifiers;  // per figure, including any A2-15 floor / A2-06 halving
  double per_figure = 0;            // base + modifiers
  int figures = 0;
  double total = 0;  // figures × per_figure, percentage points
};
// The *_chance functions below work out `possible`, `base`, `per_figure`, `figures` and
// `total` the same with `explain` false, leaving the texts and modifier records empty
// (the doctrine AI reads only the numbers, for every candidate it weighs).
// Rolls a KillChance: certain kills, plus d100 ≤ remainder (no roll when the remainder is
// below 1, the outcome then being certain).
int resolve_kills(const KillChance& chance, std::string_view purpose, Chance& dice,
                  RollRecord* record);

// Small-arms fire (R-002-4, L116-L126, A2-08, A2-15).
struct FireSituation {
  int shooters = 1;
  Quality quality = Quality::kVeteran;
  double range_in = 6;
  bool first_fire = false;            // +3 L118
  bool target_angle = false;          // +2 L119 (or infantry in column)
  bool unmoving = false;              // +2 L120 unmoving firing line
  bool behind_cover = false;          // +1 L121
  bool target_light_cover = false;    // -2 L122
  bool shaken = false;                // -2 L123
  bool target_trenches = false;       // -10 L124
  bool woods = false;                 // L126: band limits halved
  bool lower_band_inclusive = false;  // A2-08 option a2_lower_band_inclusive: 6" in 6-12
  bool floor_total = false;           // A2-15 option a2_percent_floor = "total"
};
KillChance fire_chance(const FireSituation& s, bool explain = true);
int resolve_fire(const FireSituation& s, Chance& dice, RollRecord* record = nullptr);

// Artillery fire, per gunner (R-002-5, L128-L135).
struct ArtillerySituation {
  int gunners = 1;
  Quality quality = Quality::kVeteran;
  double range_in = 6;
  bool first_fire = false;            // +15 L130
  bool unmoving_target = false;       // +15 L131
  bool target_angle = false;          // +10 L132
  bool large_target = false;          // +10 L133
  bool shaken = false;                // -10 L134
  bool target_trenches = false;       // -20 L135
  bool woods = false;                 // L126
  bool lower_band_inclusive = false;  // A2-08 option a2_lower_band_inclusive: 6" in 6-12
  bool floor_total = false;           // A2-15 option a2_percent_floor = "total"
};
KillChance artillery_chance(const ArtillerySituation& s, bool explain = true);
int resolve_artillery(const ArtillerySituation& s, Chance& dice, RollRecord* record = nullptr);

// One side's melee casualties on the other (R-002-3, L25-L33).
struct MeleeSituation {
  int figures = 1;       // in base contact + one overlap (A2-10)
  Arm arm = Arm::kFoot;  // arm of the figures fighting: the table column
  Effectiveness effectiveness = Effectiveness::kSteady;
  bool vs_fleeing_foot = false;  // +20 L29, cavalry only
  bool first_charge = false;     // +10 L30, cavalry only (not against a square, A2-06)
  bool downhill = false;         // +2 L31 opponents down hill
  bool obstacle = false;         // +2 L32 defending an obstacle
  bool disordered = false;       // -5 L33
  bool vs_square = false;        // A2-06: cavalry use half their %
  bool rowmajor = false;         // option a2_melee_rowmajor (R-002-3)
  bool floor_total = false;      // A2-15 option a2_percent_floor = "total"
};
KillChance melee_chance(const MeleeSituation& s, bool explain = true);
int resolve_melee(const MeleeSituation& s, Chance& dice, RollRecord* record = nullptr);

// M-2 percentile tests.
enum class MoraleResult { kPass, kShaken, kRout };
std::string_view morale_result_name(MoraleResult r);  // "pass", "shaken", "rout"

struct MoraleSituation {
  Quality quality = Quality::kVeteran;
  Arm arm = Arm::kFoot;  // foot column, or cavalry & artillery (wagons as artillery)
  int losses = 0;        // cumulative figures lost
};
// 100 − rate × losses (R-002-2).
double morale_target(const MoraleSituation& s);
// Pass if d100 ≤ target; missed by ≤ 10 shaken (L21), by more rout; target ≥ 100 passes
// with no roll.
MoraleResult resolve_morale(const MoraleSituation& s, Chance& dice, RollRecord* record = nullptr);

struct InitiativeResult {
  bool passed = false;
  int roll = 0;  // the d100 face (A2-01 orders fire by it)
  // roll − target: positive when missed (by that much), ≤ 0 when passed. Initiative itself
  // has no shaken band (A2-02 default); with option a2_shaken_applies = "all" the battle
  // shakes a unit that missed by 10 or less (0 < margin ≤ 10).
  double margin = 0;
};
InitiativeResult resolve_initiative(Quality q, Chance& dice, RollRecord* record = nullptr);

// Foot not in square standing against a cavalry charge (L25, A2-05): initiative one level
// lower (60/50/40). Missed by ≤ 10 disordered, by more flees.
enum class StandResult { kPass, kDisordered, kFlee };
std::string_view stand_result_name(StandResult r);  // "pass", "disordered", "flee"
// `untrained_percent`: the level below untrained (option a2_untrained_stand_percent).
StandResult resolve_stand_vs_cavalry(
    Quality q, Chance& dice, RollRecord* record = nullptr,
    double untrained_percent = tables().below_untrained_initiative);

// One artillery hit on a battery (R-002-6, A2-19, A2-20): d100 effect; a limber hit rolls
// d100 ≤ 30 to explode, a gun hit d100 ≤ 70 destroyed (else silenced).
enum class GunHitEffect { kLimber, kLimberExplosion, kHorse, kCrew, kGunDestroyed, kGunSilenced };
// "limber", "limber-explosion", "horse", "crew", "gun-destroyed", "gun-silenced"
std::string_view gun_hit_effect_name(GunHitEffect e);
// The second rolls of a gun hit; defaults are the tables' (30, 70).
struct GunHitOdds {
  double explosion = tables().limber_explosion;  // A2-19 option a2_limber_explosion_percent
  double destroyed = tables().gun_destroyed;     // A2-20 option a2_gun_destroyed_percent
};
GunHitEffect resolve_gun_hit(Chance& dice, RollRecord* record = nullptr,
                             const GunHitOdds& odds = {});
// A silenced gun's repair roll at the start of a later bound (L162, A2-20): d100 ≤ 70
// (`repair_percent`: option a2_gun_repair_percent).
bool resolve_gun_repair(Chance& dice, RollRecord* record = nullptr,
                        double repair_percent = tables().repair);

// A hit on a building catches fire on d100 ≤ 25 (L139, A2-16).
bool resolve_building_fire(Chance& dice, RollRecord* record = nullptr);

// Discovering a concealed unit (L141, A2-22): d100 ≤ 100 − 20 × distance; moving units are
// always discovered; beyond the woods visibility (10") never.
struct DiscoverSituation {
  double distance_in = 1;
  bool moving = false;
};
double discover_percent(const DiscoverSituation& s);
bool resolve_discover(const DiscoverSituation& s, Chance& dice, RollRecord* record = nullptr);

// The named resolutions: fire, artillery, melee, morale, initiative, stand-vs-cavalry,
// gun-hit, gun-repair, building-fire, discover.
const std::vector<Resolution>& resolutions();

}  // namespace smoothbore::fast_1805
