// Typed situations of elan-drill's resolutions (issue 9): what a resolution reads from its
// complete parameters, as values. Each resolution turns its parameters into one
// (`*_situation(const Params&)`) and resolves that, so the battle, which fills them from the
// table directly, rolls and weighs exactly what `smoothbore odds` enumerates, without a
// string-keyed parameter map completed against the schema on every question the doctrine
// asks. `*_params(situation)` gives the parameters back (tests, the generic path).
// Internal to src/rules/elan_drill.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/row_tables.h"

namespace smoothbore::elan_drill {

// The general fire modifiers every fire resolution takes (L200-L205).
struct FireModifiers {
  bool moving = false;              // the firer moved this turn (L200, D12-28)
  int dms = 0;                      // Disruption Markers on the firer (L201)
  bool reaction = false;            // reactive fire by the defending side (L204, D12-27)
  bool friends_in_contact = false;  // the target touches only the firer's friends (L205)
  bool operator==(const FireModifiers&) const = default;
};

// What a battle reads from a fire resolution (small arms, roll_small_arms; a shot,
// roll_shot): its outcome, and the natural 12s among the to-hit dice of its first roll (a
// shell's one to-hit die), which D12-25's friendly hits take (friendly_fire.cc). The count
// comes with the dice, so a quiet battle, which keeps no roll records, decides the same; it
// is 0 when enumerating (no faces), where no battle reads it.
struct FireOutcome {
  Outcome fields;
  int natural_12s = 0;
  bool operator==(const FireOutcome&) const = default;
};

// small-arms (§7): a volley, platoon or skirmish fire.
struct SmallArmsSituation {
  const TableRow* weapon = nullptr;  // fire.weapons
  const TableRow* fire = nullptr;    // fire.fire_types, as asked (rifles fire platoon, L141)
  int figures = 20;                  // eligible figures (D12-11)
  int skill = 5;                     // musketry skill (D12-10)
  double range = 6;                  // inches
  bool mounted = false;
  bool two_rank_line = false;
  bool first_fire = false;
  FireModifiers general;
  bool platoon_round_up = true;    // D12-37: ½ the figures rounded up (else down)
  bool pistol_no_penalty = false;  // R-001-5: the pistol's long range takes no -2
  bool duplicates_twice = false;   // R-001-7: modifiers in both lists apply twice
  bool operator==(const SmallArmsSituation&) const = default;
};
SmallArmsSituation small_arms_situation(const Params& p);
std::map<std::string, Value> small_arms_params(const SmallArmsSituation& s);
// Its hits are the successes of this pool (no dice when it cannot fire).
PoolDice small_arms_pool(const SmallArmsSituation& s);
// The resolution itself: the hits, with the roll record when `explain` wants one.
FireOutcome roll_small_arms(const SmallArmsSituation& s, Chance& c,
                            std::vector<RollRecord>* explain);

// The options every test carries (R-001-1, R-001-3, D12-22), at the schema's defaults.
struct TestOptions {
  int leader_bonus = 1;     // an attached leader's factor bonus (D12-22)
  int break_dms = 4;        // DMs that break a unit (R-001-3)
  int min_dice = 1;         // fewest dice in a test (R-001-1)
  bool factor_cap = false;  // factor clamped to 1..11 (R-001-1 "1-11"), else uncapped
  // D12-01 (the battle's option; no resolution parameter): a die succeeds on a face >= 13 -
  // the factor instead of <= it (the same odds, other faces).
  bool roll_over = false;
  bool operator==(const TestOptions&) const = default;
};

// The formations the Élan factor reads in close action (L61, L62): `formation` of the tests.
enum class CloseFormation { kOther, kMarchColumn, kColumn, kWideColumn, kClosedColumn };

// The Élan factor and dice modifiers elan-test and close-to-melee share (L47-L66).
struct ElanFactors {
  int factor = 7;  // the unit's Élan factor (§2.2)
  int dms = 0;
  bool square_or_cover = false;  // L56
  bool leader = false;           // D12-22
  bool flank_rear = false;       // L49: +1D
  int figures_lost_more = 0;     // L50: +1D each
  bool below_half = false;       // L51: +1D
  // In or closing to close action only (L58):
  bool outnumbered = false;  // L60
  CloseFormation formation = CloseFormation::kOther;
  bool attacking_flank_rear = false;  // L63
  bool uphill = false;                // L64
  bool lighter_cavalry = false;       // L65
  bool opponent_skirmish = false;     // L66
  TestOptions options;
  bool operator==(const ElanFactors&) const = default;
};

// elan-test (§4): the triggers' dice and the factor.
struct ElanTestSituation {
  int dice = 0;  // given directly
  int fire_casualties = 0;
  int shell_casualties = 0;
  int volley_canister_casualties = 0;
  int rifle_casualties = 0;
  bool per_casualty = false;          // D12-03: 1D per casualty, else once per phase
  int round = 0;                      // end of close combat round N (L38-L40), 0 = none
  const TableRow* closing = nullptr;  // an elan.triggers close-to-melee row (L41-L44), or none
  int friends_broken = 0;             // L45, D12-36
  ElanFactors elan;
  bool operator==(const ElanTestSituation&) const = default;
};
ElanTestSituation elan_test_situation(const Params& p);
std::map<std::string, Value> elan_test_params(const ElanTestSituation& s);
PoolDice elan_test_pool(const ElanTestSituation& s);
// elan_test_pool of `s` for every count of figures lost more (L50, D12-30), the dice and
// factor found once (issue 9: the charge's odds asked up to 26 pools a target, each adding
// up every trigger and modifier): the figures add a fixed count of dice each and leave the
// factor as it is.
class ElanTestPools {
 public:
  explicit ElanTestPools(ElanTestSituation s);
  PoolDice at(int figures_lost_more) const {
    return {std::max(dice_ + per_figure_ * figures_lost_more, min_dice_), factor_};
  }
  // What at() depends on, each field in 16 bits (a memo's key).
  std::uint64_t key() const {
    auto field = [](int v) { return static_cast<std::uint64_t>(static_cast<std::uint16_t>(v)); };
    return field(dice_) | field(per_figure_) << 16 | field(min_dice_) << 32 | field(factor_) << 48;
  }

 private:
  int dice_ = 0;        // before the minimum (R-001-1), no figure lost more
  int per_figure_ = 0;  // the dice each figure lost more adds
  int min_dice_ = 0;
  int factor_ = 0;
};
Outcome roll_elan_test(const ElanTestSituation& s, Chance& c, std::vector<RollRecord>* explain);

// close-to-melee (L41-L44, D12-15): the charger's or the defender's test.
struct CloseToMeleeSituation {
  bool defender = false;           // role: the unit charged (else the charger)
  bool cavalry = false;            // arm
  bool terrain_or_square = false;  // ground
  bool dm_count_before = false;    // D12-15: count only the DMs it had (else the new one too)
  ElanFactors elan;
  bool operator==(const CloseToMeleeSituation&) const = default;
};
CloseToMeleeSituation close_to_melee_situation(const Params& p);
std::map<std::string, Value> close_to_melee_params(const CloseToMeleeSituation& s);
// Its failures are this pool's (the outcome follows from them, its DMs and options).
PoolDice close_to_melee_pool(const CloseToMeleeSituation& s);
Outcome roll_close_to_melee(const CloseToMeleeSituation& s, Chance& c,
                            std::vector<RollRecord>* explain);

// drill-test (§5-§6, L76-L125): the action's dice against the Drill factor.
struct DrillTestSituation {
  std::string_view action = "charge-response";  // a drill.triggers or charge-response key
  int dice = 0;                                 // given (0 = the action's)
  int factor = 7;                               // the unit's Drill factor (§2.2)
  int dms = 0;
  bool restricted = false;  // L94, D12-09
  bool flank_rear = false;  // L95
  bool leader = false;      // D12-22
  bool moving = true;       // L101-L103: only a unit moving or changing formation takes DMs
  TestOptions options;
  bool operator==(const DrillTestSituation&) const = default;
};
DrillTestSituation drill_test_situation(const Params& p);
Outcome roll_drill_test(const DrillTestSituation& s, Chance& c, std::vector<RollRecord>* explain);

// rally (L9, L32-L33, R-001-2): stationary 3D or moving 1D against the Élan factor.
struct RallySituation {
  bool stationary = true;  // stance
  int factor = 7;          // the unit's Élan factor
  int dms = 1;
  bool broken = false;
  bool square_or_cover = false;  // L56
  bool leader = false;           // D12-22
  bool leader_near = false;      // D12-22: +1 die for a broken unit
  bool successes = true;         // R-001-2 mode: count successes, else read the Élan results
  TestOptions options;
  bool operator==(const RallySituation&) const = default;
};
RallySituation rally_situation(const Params& p);
Outcome roll_rally(const RallySituation& s, Chance& c, std::vector<RollRecord>* explain);

// The target's saves (§10, L241-L261, R-001-4).
enum class Cover { kNone, kSoft, kHard };
enum class Attack { kSmallArms, kCanister, kSolidShot, kHeavySolidShot, kShellShrapnel, kMelee };
enum class Skirmisher { kNone, kTrained, kAdHoc };
struct SaveSituation {
  const TableRow* experience = nullptr;  // close_saves.experience
  int dms = 0;
  Cover cover = Cover::kNone;
  Attack attack = Attack::kSmallArms;
  Skirmisher skirmisher = Skirmisher::kNone;
  bool artillery = false;   // L253
  bool flank_rear = false;  // L254
  bool capped = true;       // R-001-4 caps (else none)
  bool special = true;      // a natural 12 is a special casualty (L261)
  bool operator==(const SaveSituation&) const = default;
};
// The choices by their parameter names ("none", "soft", "hard"; "melee"; "ad-hoc").
Cover cover_of(std::string_view name);
Attack attack_of(std::string_view name);
Skirmisher skirmisher_of(std::string_view name);
SaveSituation save_situation(const Params& p);
std::map<std::string, Value> save_params(const SaveSituation& s, int hits);
// The save resolution: `hits` saving rolls, casualties and special casualties.
Outcome roll_save(const SaveSituation& s, int hits, Chance& c, std::vector<RollRecord>* explain);

// close-action (§9): one side's blows in a round, and the target's saves.
struct CloseActionSituation {
  int figures = 10;
  int skill = 5;
  bool flank_rear = false;  // L229: +1D per figure (the target saves at -2, L254)
  bool vs_broken = false;   // D12-05: +1D per figure
  bool obstacle_or_bua = false;
  bool cavalry_vs_square = false;
  int dms = 0;
  bool two_rank_line = false;
  bool skirmish = false;
  bool march_column = false;
  bool non_charging_cavalry = false;
  bool broken = false;     // D12-18: a broken unit caught in a new close action
  int broken_to_hit = -2;  // its to-hit modifier
  SaveSituation target;    // attack melee; flank_rear as above
  bool operator==(const CloseActionSituation&) const = default;
};
CloseActionSituation close_action_situation(const Params& p);
std::map<std::string, Value> close_action_params(const CloseActionSituation& s);
CloseActionPools close_action_pools(const CloseActionSituation& s);
Outcome roll_close_action(const CloseActionSituation& s, Chance& c,
                          std::vector<RollRecord>* explain);

// The artillery shots (§8): canister, solid shot, shell and shrapnel, in one situation (each
// reads its own fields; the others stay at their defaults).
enum class Shot { kCanister, kSolidShot, kShell, kShrapnel };
enum class FurtherMode { kCumulative, kFlat, kNone };  // R-001-6
struct ShotSituation {
  Shot shot = Shot::kSolidShot;
  std::string gun = "medium";  // the gun class: heavy, medium, light, ultra-light
  int gunnery = 6;             // Gunnery Skill
  double range = 24;           // inches
  FireModifiers general;
  bool howitzer = false;       // canister: a howitzer (+1, L215)
  double max_range = 0;        // the solid-shot maximum, 0 = the class's (D12-13)
  double long_fraction = 0.5;  // long range (-2) beyond this fraction of it (D12-13)
  // Solid shot (L143-L149, L223, R-001-6): the target's situation and the units behind.
  std::string target = "line";
  int further_targets = 0;
  std::string further_target = "line";
  FurtherMode further_mode = FurtherMode::kCumulative;
  int target_number = 1;
  // Shell and shrapnel (L163-L175, R-001-5, D12-14, D12-33).
  int nearby_units = 1;
  bool scatter_nearest = false;    // a miss rolls only at the nearest unit (else each)
  bool class_modifiers = true;     // D12-33
  double min_range = 6;            // shell
  double shrapnel_fraction = 0.5;  // shrapnel
  bool operator==(const ShotSituation&) const = default;
};
// "canister", "solid-shot", "shell", "shrapnel" (the resolutions' names).
std::string_view shot_name(Shot shot);
Shot shot_named(std::string_view name);
ShotSituation shot_situation(Shot shot, const Params& p);
// The parameters of the shot's own resolution.
std::map<std::string, Value> shot_situation_params(const ShotSituation& s);
FireOutcome roll_shot(const ShotSituation& s, Chance& c, std::vector<RollRecord>* explain);
// What the shot's whole outcome comes down to when it strikes one unit (no further targets,
// no nearby units): whether it fires, its to-hit dice and factor and its effect skill; 0 for a
// shot that may strike more (pool_odds.h keeps the odds by it).
std::uint64_t shot_odds_key(const ShotSituation& s);

}  // namespace smoothbore::elan_drill
