// The fire resolutions of "Fire and Discipline", "Dawn of Modern Warfare" (digest
// shared/rules/000.md §7, §8): typed situations and resolve functions written against
// Chance (what the battle code calls), and the named, parameterised Resolutions wrapping
// them (`musketry`, `skirmish-fire`, `artillery`, `artillery-hit`). Each resolve function
// fills optional RollRecords: purpose, dice ("5d10", "d100", or "" when nothing is rolled),
// faces (a d10 "0" recorded as 10), base and its reference, every modifier with its rule
// reference, the target and the result.
//
// Exact distributions. exact_distribution() enumerates every chance node of a Resolution,
// and n musketry d10s would cost 10^n paths. The named resolutions therefore roll real dice
// (one d10 per musketry die, 3d10 per skirmish hit) when they are sampled (SampledChance);
// enumerated, they pick the outcome from its exact case counts (Chance::pick_table: the
// fractions of every real-dice path, in one chance node) while the real dice would cost at
// most kMaxEnumeratedPaths paths, and otherwise (a large volley) from its closed form (a
// count of d10 faces in a set is binomial, design.md) with Chance::pick. The typed
// resolve_* functions always roll real dice. The tests check the closed forms against full
// enumeration and Monte Carlo.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/fire_tables.h"
#include "rules/resolution.h"

namespace smoothbore::fire_and_discipline {

// Above this many real-dice paths a named resolution being enumerated uses its closed form
// (floating weights) rather than exact cases.
inline constexpr double kMaxEnumeratedPaths = 1e5;

// A volley (§7.3-§7.5) or skirmish fire (§7.15, §7.31, FD-04) by one unit at one stand.
struct MusketrySituation {
  int stands = 1;  // firing stands (FD-35)
  Firearm weapon = Firearm::kFlintlock;
  double range_yd = 50;
  int morale_rating = 2;                          // 0-4 (MMG, FD-30): 3 or 4 gives +1 die
  bool platoon = false;                           // Platoon Fire tactical unit (−2), else Volley
  bool same_target = false;                       // +1 (FD-38)
  bool mixed_armed = false;                       // −2
  bool poor_weather = false;                      // −3 (FD-39)
  TargetCover target_cover = TargetCover::kOpen;  // open, protective (−2) or earthworks (−4)
  bool target_open_order = false;                 // −2
  bool target_mounted = false;                    // +1
  bool or_groups_exclusive = false;  // FD-31 option: only the best of each pullout OR group
  bool band_upper_inclusive = true;  // FD-36: 30 yd is 0-30 (false: 31-60)
  // FD-34: a bow's maximum range, yd: 60 (§7.12 L492) or up to the table's printed 61-100
  // column (option fd_34_bow_max_yd). Other firearms keep the table's maximum.
  double bow_max_yd = 60;
};

// The dice of a volley: stands + §7.4 modifiers, at least one (§7.3), and the hit faces.
struct MusketryDice {
  bool possible = false;  // false: out of range or "n/a": 0 hits, no roll
  std::string why_not;
  int stands = 0;
  std::vector<Modifier> modifiers;  // in dice, including the minimum-one-die top-up
  int dice = 0;
  std::vector<int> hit_faces;  // d10 faces 1..10 (10 = the printed "0")
  std::string faces_ref;       // "§7.5 L550 flintlock 31-60 \"0-1\""
};
// `skirmish`: the Skirmish column (open-order fire) instead of the range column. Without
// `explain` (a caller that reads only `possible`, `dice` and `hit_faces`: no roll record, the
// doctrine's odds) no modifier, reason or reference text is built; the same dice and faces.
MusketryDice musketry_dice(const MusketrySituation& s, bool skirmish = false, bool explain = true);
// Rolls the dice, one d10 each; returns the hits.
int resolve_musketry(const MusketrySituation& s, Chance& dice, RollRecord* record = nullptr);

// One skirmish hit's morale effect: 3d10, count the 9s (§7.5 L552-L556).
SkirmishEffect resolve_skirmish_hit(Chance& dice, RollRecord* record = nullptr);

// Skirmish fire. Each die that hits on the Skirmish column is a skirmish hit, and each
// skirmish hit rolls its own 3d10. Combination (several skirmish hits on one stand): the
// casualties add up (one per "with a hit" result, FD-20) and the stand suffers the worst
// single effect (none < halt < halt-hit < retreat-hit).
struct SkirmishFireResult {
  int casualties = 0;
  SkirmishEffect effect = SkirmishEffect::kNone;
  bool operator==(const SkirmishFireResult&) const = default;
};
// Appends one record for the fire dice and one per skirmish hit.
SkirmishFireResult resolve_skirmish_fire(const MusketrySituation& s, Chance& dice,
                                         std::vector<RollRecord>* records = nullptr);

// Closed forms. P(k hits) of `dice` d10s, each hitting on `hit_faces` of its 10 faces:
// C(n,k) p^k (1−p)^(n−k), p = hit_faces / 10; index k = 0..dice.
std::vector<double> hit_count_distribution(int dice, int hit_faces);
// The same, computed once per thread and (dice, hit_faces), for enumeration (which re-runs a
// resolution once per outcome).
const std::vector<double>& hit_count_weights(int dice, int hit_faces);
// The joint distribution of skirmish fire with `dice` dice hitting on `hit_faces` faces:
// index casualties × 4 + effect.
std::vector<double> skirmish_fire_distribution(int dice, int hit_faces);

// Artillery fire of one section (§6.5, §6.9, FD-12..FD-16).
enum class MultiHit { kCap2, kPer100 };  // FD-13 option artillery_multi_hit
// FD-12: the chance is rolled on a d100 (1-100, hit on ≤ C), or on a d10 read as tens
// (hit on 10 × face ≤ C, so a halved 55% hits as 50%: "halved chances round down").
enum class ArtilleryDie { kD100, kD10 };
// Option fd_39_poor_weather_artillery: poor weather takes this off the chance (the text
// states no artillery effect; the value is the option's).
inline constexpr double kPoorWeatherArtilleryPct = -10;
struct ArtillerySituation {
  int pdr = 6;  // ball weight; the chart row by R-000-6
  double range_yd = 200;
  Ammo ammo = Ammo::kBall;  // shell (howitzers): as ball on the howitzer's row (FD-15)
  bool same_target = false;
  bool adjacent = false;  // target adjacent to other stands
  ArtilleryTarget target = ArtilleryTarget::kFormed;
  TargetCover target_cover = TargetCover::kOpen;
  int gun_hits = 0;             // 0 or 1 (two destroy the guns)
  int crew = 4;                 // crew figures left (2 per gun, §6.12); 0 cannot fire
  int guns = 2;                 // 1 or 2 (§6.11)
  bool fix_8pdr = true;         // FD-10: 8-9 pdr 151-300 reads 80, not the printed 20
  double modifier_break = 300;  // FD-11: 300 (body) or 400 (pullout)
  MultiHit multi_hit = MultiHit::kCap2;
  ArtilleryDie die = ArtilleryDie::kD100;  // FD-12
  bool stack_halvings = false;             // FD-14 option "stack": each halving applies
  bool one_gun_half = true;                // FD-16: a 1-gun section fires at ½ (false: full)
  bool poor_weather = false;               // FD-39 option: −10 (kPoorWeatherArtilleryPct)
  bool band_upper_inclusive = true;        // FD-36: 50 yd is 01-50 (false: 51-150)
  double canister_max_yd = 150;            // FD-15 option fd_15_canister_max_yd
};

// The modified chance (FD-14): base → one ×½ firepower halving (option stack: one per
// reason) → additive modifiers by band → ×½ against skirmish order → round down. ≤ 0 is an
// automatic miss.
struct ArtilleryChance {
  bool possible = false;  // false: cannot fire (range, ammunition, no crew): 0 hits, no roll
  std::string why_not;
  double base = 0;  // chart %
  std::string base_ref;
  std::vector<Modifier> modifiers;  // halvings as −(half), the round-down as its fraction
  double chance = 0;                // final, an integer
};
// Without `explain` (a caller that reads only `possible` and the chance) no reason,
// reference or modifier text is built; the same chance, bit for bit.
ArtilleryChance artillery_chance(const ArtillerySituation& s, bool explain = true);
// FD-12/FD-13: chance C < 100 hits on d100 ≤ C; C ≥ 100 is one automatic hit and a second
// on d100 ≤ C − 100 (cap2), or ⌊C/100⌋ hits and one more on d100 ≤ C mod 100 (per100).
// With ArtilleryDie::kD10 each d100 is a d10 hitting on 10 × face ≤ the chance.
int resolve_artillery(const ArtillerySituation& s, Chance& dice, RollRecord* record = nullptr);
// The same with the chance `c` = artillery_chance(s) already worked out: an exact
// enumeration asks for it once, not once per face (it was a sixth of a battle).
int artillery_hits(const ArtillerySituation& s, const ArtilleryChance& c, Chance& dice,
                   RollRecord* record = nullptr);

// A hit on artillery (§6.8, FD-18): d10 for the component hit.
GunHitComponent resolve_artillery_hit(bool limbered, Chance& dice, RollRecord* record = nullptr);

// The named resolutions: musketry, skirmish-fire, artillery, artillery-hit.
const std::vector<Resolution>& fire_resolutions();

}  // namespace smoothbore::fire_and_discipline
