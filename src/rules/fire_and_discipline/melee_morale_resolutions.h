// Field melee, morale and commander casualties of "Fire and Discipline", "Dawn of Modern
// Warfare" (digest shared/rules/000.md §5.4, §9, §10): typed situations and resolve
// functions written against Chance (what the battle code calls), the §8.31 multi-unit melee
// totals, and the named, parameterised Resolutions wrapping them (what `smoothbore odds` and
// the referee call). Each resolve function fills an optional RollRecord: purpose, dice
// ("3d10", or "" when nothing is rolled), raw faces (the printed "0" recorded as 10), base,
// every modifier with its rule reference, the target and the result.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/melee_morale_tables.h"
#include "rules/resolution.h"

namespace smoothbore::fire_and_discipline {

// FD-32 option mmg-effect: how "your MMG is higher than your opponent" works.
enum class MmgEffect {
  kDoubleCasualties,  // body L652 (default): each hit inflicts 2 casualties
  kPlusOne,           // pullout L770-L774: add one to the hit number
};
std::string_view mmg_effect_name(MmgEffect e);  // "double-casualties", "plus-one"

// One side's melee round (§8.2d-e, §8.5; FD-46, FD-47): one d10 per contacting stand, each
// against the same hit set.
struct MeleeSituation {
  int stands = 1;  // contacting stands (FD-46: one die each, minimum 1)
  MeleeArm arm = MeleeArm::kInfantry;
  CavalryTactic tactic = CavalryTactic::kSteel;      // cavalry: the column
  InfantryWeapon weapon = InfantryWeapon::kBayonet;  // infantry: the column
  MeleeTarget target = MeleeTarget::kInfantry;       // the row, by the FD-47 mapping
  bool engaged = false;               // locked from a prior turn (§8.45): cavalry read the Engaged
                                      // half of the cell, infantry add one (L648, FD-47)
  bool double_castings = false;       // 2× or more castings than the opponent: add one (L650)
  bool higher_rating = false;         // MMG higher than the opponent's (L652, FD-30, FD-32)
  bool target_holding_cover = false;  // FD-33: exactly {0}, whatever else applies
  bool flank = false;                 // FD-45 (proposed): add one
  MmgEffect mmg_effect = MmgEffect::kDoubleCasualties;
};

// The hit set of a melee situation, with its provenance.
struct MeleeHitChance {
  MeleeHitSet base;                 // the table cell
  std::string base_ref;             // "§8.5 Cavalry Combat L624 (cavalry, STEEL, Contact)"
  std::vector<Modifier> modifiers;  // faces added (the FD-33 override as a negative value)
  MeleeHitSet hit_set;              // base + modifiers, or {0} under FD-33
  int casualties_per_hit = 1;       // 2 for a higher MMG under the default FD-32 reading
};
// Without `explain` (a caller that reads only the hit set and casualties per hit) no
// modifier or reference text is built; the same hit set.
MeleeHitChance melee_hit_chance(const MeleeSituation& s, bool explain = true);

struct MeleeRoundResult {
  int hits = 0;        // dice in the hit set: what §8.2f and §8.31 compare
  int casualties = 0;  // castings removed and shatter boxes marked (FD-20)
};
MeleeRoundResult resolve_melee(const MeleeSituation& s, Chance& dice, RollRecord* record = nullptr);

// §8.31 multi-unit melees. Units are numbered 0..n-1; each contact is one pair of opposing
// units with the hits each inflicted on the other this round (summed over their stands).
struct MeleeContact {
  int a = 0;
  int b = 0;
  int hits_by_a = 0;
  int hits_by_b = 0;
};
struct MeleeTally {
  int inflicted = 0;
  int received = 0;
  friend bool operator==(const MeleeTally&, const MeleeTally&) = default;
};
// Each unit's hits inflicted and received across all its opponents.
std::vector<MeleeTally> tally_melee(int units, const std::vector<MeleeContact>& contacts);

// §8.2f, §8.31, FD-22: a unit that received more hits than it inflicted loses and checks
// morale; equal totals are Engaged (§8.18), no check; otherwise it wins and does not check.
enum class MeleeStanding { kWinner, kLoser, kEngaged };
std::string_view melee_standing_name(MeleeStanding s);  // "winner", "loser", "engaged"
MeleeStanding melee_standing(const MeleeTally& t);
std::vector<MeleeStanding> melee_standings(const std::vector<MeleeTally>& tallies);
// FD-22: only losers test (§8.2f, §8.31), or with `every_side` (option melee_morale "all",
// §5.3b "win or lose") every unit in the melee.
inline bool checks_morale_after_melee(MeleeStanding s, bool every_side = false) {
  return every_side || s == MeleeStanding::kLoser;
}
// §8.18: after the losers' morale checks, a contact stays Engaged unless one side retreated
// (fled or surrendered); a loser that passed or only halted stays locked. Returns the pairs
// (a, b) of `contacts` still engaged; in the §8.31 example A and X always are.
std::vector<std::pair<int, int>> engaged_after_melee(const std::vector<MeleeContact>& contacts,
                                                     const std::vector<bool>& retreated);

// §5.4 morale check (digest §10; FD-21, FD-23).
enum class MoraleBase { kCastings, kFive };  // FD-21 option base
enum class MoraleResult { kPass, kHalt, kFlee, kFleeHit, kSurrender, kFanatic1, kFanatic2 };
// "pass", "halt", "flee", "flee-hit", "surrender", "fanatic-1", "fanatic-2"
std::string_view morale_result_name(MoraleResult r);

struct MoraleSituation {
  int castings = 4;                // of the testing stand (FD-24)
  int rating = 2;                  // Morale Rating / MMG 0-4 (§5.1, FD-30)
  bool protective = false;         // +4 protective position or Objective Zone (§5.2b)
  bool skirmish_in_woods = false;  // +1 skirmish units in woods or rough (§5.2c)
  bool brigade_commander = false;  // +2 within 60 yds or contacting (§5.2d, §5.63)
  bool over_half = false;          // -1 over half the shatter boxes marked (§5.2e)
  bool adjacent = false;           // +1 adjacent bonus (FD-23, proposed)
  bool half_stand_open = false;    // +1 half-stand plus (FD-23, proposed)
  bool surrounded = false;         // enemy within 100 yds on 3 sides: 0 surrenders (FD-28)
  bool fanatic = false;            // optional §5.64: ignore a 1-9 effect, lose castings
  MoraleBase base = MoraleBase::kCastings;
};
// castings (or 5) + rating + modifiers (§5.4b, FD-21).
int morale_total(const MoraleSituation& s);
// Total ≥ 10: pass, no roll. Else d10 (0 = 10) > total fails and a second d10 reads the
// effects chart (0 → surrender if surrounded, else as 9). A fanatic ignores any result but
// surrender: fanatic-1 (effect face 1-6) or fanatic-2 (7-9, or 0 read as 9) castings lost to
// attrition, and keeps moving forward.
MoraleResult resolve_morale(const MoraleSituation& s, Chance& dice, RollRecord* record = nullptr);
// The result makes the unit leave a melee (flee or surrender, §8.18).
bool morale_retreats(MoraleResult r);
// Shatter boxes marked by the result itself (FD-20): flee-hit 1, fanatic-1 1, fanatic-2 2.
int morale_attrition(MoraleResult r);

// §2.3 commander casualties (digest §5.4; FD-22, FD-54).
enum class CommanderCause { kFire, kMelee };
enum class CommanderResult { kSafe, kKilled, kWounded };
std::string_view commander_result_name(CommanderResult r);  // "safe", "killed", "wounded"
struct CommanderSituation {
  // kFire: once per fire resolution that hit his stand (FD-54): d10 0 = hit (§2.31).
  // kMelee: two d10 (§2.32): the first a possible hit on 0 if the stand passed, on ODD if it
  // failed; the second confirms on 0.
  CommanderCause cause = CommanderCause::kFire;
  bool stand_passed = true;  // melee: passed morale; a winner or tie counts as passed (FD-22)
  bool campaign = false;     // §2.33: a hit rolls again, ODD killed, EVEN (0 too) wounded
};
CommanderResult resolve_commander_hit(const CommanderSituation& s, Chance& dice,
                                      RollRecord* record = nullptr);

// The named resolutions: melee, morale, commander-hit (melee_morale_named.cc). `melee`
// takes 1..100 stands. Sampled, explained, or enumerated with at most 5 stands, it rolls
// one real d10 per stand; enumerated with more (10^stands paths), it picks the same hit
// count from its exact binomial closed form (Chance::pick, one branch per count).
const std::vector<Resolution>& melee_morale_resolutions();

}  // namespace smoothbore::fire_and_discipline
