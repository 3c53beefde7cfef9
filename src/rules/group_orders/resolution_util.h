// What a Group-orders resolution needs, callable from a battle as well as from the named
// resolutions: the unit-type facts (class, arm, melee factor, weapon, drill class), the
// weapon ranges and range bands (§4.2 with its reconstruction options), and for shooting,
// melee and morale a situation struct, the function that builds its modifier set from the
// tables (each modifier recorded with its line) and the result lookup. The resolution files
// only turn parameters into these structs and roll.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/group_orders/tables.h"
#include "rules/param.h"
#include "rules/roll_helpers.h"

namespace smoothbore::group_orders {

inline constexpr int kD6 = 6;
inline constexpr int kD4 = 4;  // H4-16: the General's reach, D4 x 5 cm

using Modifiers = RowModifiers;

// --- Unit types (§2, L30-L91) ---
const Row& unit_type(std::string_view type);  // units.types
bool is_light(std::string_view type);         // class Light (L43, L63, L67)
bool is_artillery(std::string_view type);
bool is_cavalry(std::string_view type);
bool is_infantry(std::string_view type);  // foot that is not artillery
// The melee factor (combat value) of `type` fighting `enemy_type`: the bracketed factor
// versus Infantry (L37, L53).
int melee_factor(std::string_view type, std::string_view enemy_type);
// The drill-class row (units.drill) of a unit: Militia is its own class (L88, L91); cavalry
// that is not badly drilled inclines at half speed (L90); else the drill attribute.
const Row& drill_class(std::string_view type, std::string_view drill);
// The shooting.ranges row a unit shoots with: `weapon` "as-type" is the type's weapon;
// "none" (or a type without one) does not shoot.
std::string weapon_of(std::string_view type, std::string_view weapon);

// --- Ranges (§4.2) ---
struct RangeOptions {
  bool musket_extreme20 = false;  // h4_musket_extreme20
  bool li_no_short = false;       // h4_li_no_short
  bool bow_long5 = false;         // h4_bow_long5
  bool operator==(const RangeOptions&) const = default;
};
struct Ranges {
  int short_cm = 0;  // 0: no such band
  int long_cm = 0;
  int extreme_cm = 0;
};
Ranges weapon_ranges(std::string_view weapon, const RangeOptions& o);
enum class RangeBand { kShort, kLong, kExtreme, kOut };
// d <= Short is short; <= Long long; <= Extreme extreme; beyond, no shooting. A weapon with
// no Short value is at long range when closer (§4.2).
RangeBand range_band(const Ranges& r, double cm);
std::string_view range_band_name(RangeBand b);  // "short", "long", "extreme", "out of range"

// --- Shooting (§4, L92-L137) ---
struct ShootingSituation {
  std::string shooter = "medium-infantry";  // unit type
  std::string weapon = "as-type";
  int stands = 1;  // stands shooting with this die (H4-06, H4-22)
  double range_cm = 5;
  std::string orders = "stand";
  bool moved = false;  // did not stay stationary this turn
  bool poor_shots = false;
  bool disordered = false;
  bool first_shot = false;            // the unit's first shooting of the game (H4-21)
  std::string target_cover = "none";  // none | soft | hard
  bool target_light_infantry = false;
  std::string target_formation = "line";  // line | column | square
  // Options.
  RangeOptions ranges;
  int hard_cover_small_arms = -2;      // H4-05
  int soft_cover_artillery = 0;        // H4-05
  int hard_cover_heavy_artillery = 0;  // H4-05
  bool spear_short_bonus = false;      // H4-20
  bool first_shot_bonus = true;        // H4-21 (first-of-game)
  bool operator==(const ShootingSituation&) const = default;
};
struct ShootingModifiers {
  bool may_shoot = true;
  std::string why_not;  // with its rule, when it may not
  std::string weapon;
  RangeBand band = RangeBand::kOut;
  const Row* range_row = nullptr;  // shooting.ranges
  Modifiers modifiers;
};
// `listed` false: the modifiers' total only, no names (a roll not recorded, exact odds).
ShootingModifiers shooting_modifiers(const ShootingSituation& s, bool listed = true);
// The situation the `shooting` resolution's parameters describe.
ShootingSituation shooting_situation(const Params& p);
// The `shooting` resolution's roll of `s` (one D6; the record, when `rec` is not null, with
// every modifier, and naming a reconstructed range cell when `note_reconstructed`): the
// result row's key ("none" when it may not shoot).
std::string_view roll_shooting(const ShootingSituation& s, bool note_reconstructed, Chance& c,
                               RollRecord* rec);
// What of the range a shot's result depends on: shooting_modifiers reads range_cm only for
// the weapon's range band (under the range options) and for artillery within the
// artillery-close distance. Two shots that differ only in range, with equal classes, have
// the same distribution, so the doctrine's odds are kept by class, not by the range in mm
// to the mm (tests/rules/group_orders_range_class_test.cc). -1 for a unit without a weapon.
// What of the General's distance a morale test depends on (morale_rolls_d4 and
// morale_modifiers read general_cm for nothing else): -1 without a General, else how many
// of the reaches d4 x cm_per_pip (d4 = 1..4; fixed-20 is d4 = 4) it is within. Tests of one
// class have one distribution (tests/rules/group_orders_range_class_test.cc).
int morale_general_class(double general_cm);
int shooting_range_class(std::string_view shooter, std::string_view weapon, const RangeOptions& o,
                         double range_cm);
// The same for a weapon (not "none") of `ranges`, with artillery_close_cm() as `close_cm`
// (both found once by the battle: BattleGO::weapon_of_unit and ShotRules).
int shooting_range_class(const Ranges& ranges, double close_cm, double range_cm);
double artillery_close_cm();  // shooting.modifiers' artillery-close distance
// H4-22: the stands of each die a Light unit with `stands` able to shoot throws ({2, N-2}
// for N >= 3 with `second_die`, else {N}); a Massed unit throws one die with all of them.
std::vector<int> shooting_dice(std::string_view shooter, int stands, bool second_die);

// The result row (none, disorganise, kill-1 … kill-3) of a modified score.
const Row& shooting_result(int score);  // shooting.results
const Row& melee_result(int score);     // melee.results

// --- Melee (§5, L145-L165) ---
struct MeleeSituation {
  std::string unit_type = "medium-infantry";
  std::string enemy_type = "medium-infantry";
  int stands_in_contact = 1;
  std::string orders = "advance";
  bool enemy_routing = false;  // routers count as combat value 0 (L28)
  bool high_morale = false;
  bool poor_morale = false;
  bool attacking_flank_rear = false;  // fighting against the enemy's flank or rear
  bool flanked = false;               // fighting to its own flank or rear
  std::string formation = "line";     // line | column | column-deep | square
  bool overlap = false;
  bool enemy_in_square_or_buildings = false;
  bool disorganised = false;
  int terrain = 0;              // H4-04 type 0-3
  bool enemy_defended = false;  // in buildings, behind defences or uphill
  bool charged = false;         // was charged this turn
  bool operator==(const MeleeSituation&) const = default;
};
struct MeleeModifiers {
  bool may_fight = true;  // routers may not fight (L28)
  int factor = 0;
  int enemy_factor = 0;
  Modifiers modifiers;
};
MeleeModifiers melee_modifiers(const MeleeSituation& s, bool listed = true);  // as shooting's
// The situation the `melee` resolution's parameters describe.
MeleeSituation melee_situation(const Params& p);
// The `melee` resolution's roll of `s`: the result row's key ("none" for routers).
std::string_view roll_melee(const MeleeSituation& s, Chance& c, RollRecord* rec);

// --- Morale (§6, L169-L231) ---
struct MoraleSituation {
  std::string unit_class = "massed";  // massed | light
  std::string test = "general";       // general | charge | rally
  std::string orders = "advance";     // the current orders
  bool artillery = false;             // the tester is artillery (killed on 1-2, L228)
  bool won_casualties = false;
  bool lights_charging_lights = false;
  double general_cm = -1;  // the General or C-in-C to the Group's nearest stand; < 0: none
  bool high_morale = false;
  bool uphill_or_cover = false;
  int melees_won = 0;
  bool artillery_fire = false;
  int losses_percent = 0;  // of the Group's starting stands killed this battle
  bool disordered = false;
  bool poor_or_militia_open = false;
  bool higher_factor_charge = false;
  bool charged_by_cavalry_open = false;
  bool charged_flank_rear = false;
  int melees_lost = 0;
  bool half_strength = false;
  // Options.
  bool split_b = false;                       // h4_morale_split_b
  std::string general_range = "d4-per-test";  // H4-16
  std::string losses = "full-20";             // H4-12
  bool operator==(const MoraleSituation&) const = default;
};
// The situation the `morale` resolution's parameters describe.
MoraleSituation morale_situation(const Params& p);
// Whether the General's +1 needs a D4 (H4-16).
bool morale_rolls_d4(const MoraleSituation& s);
// The modifier set; `d4` is the General's die (0 when none was rolled); `listed` as
// shooting_modifiers'.
Modifiers morale_modifiers(const MoraleSituation& s, int d4, bool listed = true);

struct OrderChange {
  std::string result;  // the table's action: "stay", "advance-to-stand", "rout", "rally", ...
  std::string orders;  // the new orders
  int fall_back_cm = 0;
  const Row* row = nullptr;
  int score = 0;  // the modified score read
};
// The result of a modified morale score for the test, class and current orders.
OrderChange morale_result(const MoraleSituation& s, int score);
// The `morale` resolution's roll of `s` (the General's D4 when morale_rolls_d4, then the D6).
OrderChange roll_morale(const MoraleSituation& s, Chance& c, RollRecord* rec);

// H4-02 (proposed): whether a Group may change from orders `from` to `to` at the start of
// its own player turn: its General within `general_in` cm of one of its units or the C-in-C
// within `c_in_c_in` (distances < 0: absent); never out of Rout (only a rally leaves it) nor
// into Rout; Retreat to Stand or Reserve needs a morale score of `retreat_test`.
struct OrderChangeRule {
  bool allowed = false;
  int needs_score = 0;  // 0: no test
  std::string why;      // with its rule
};
OrderChangeRule order_change_rule(std::string_view from, std::string_view to, double general_cm,
                                  double c_in_c_cm, int general_in, int c_in_c_in,
                                  int retreat_test);

// The `order-change` resolution's situation (H4-02): the views name orders ("retreat", ...)
// and the General's range option, and must outlive the roll.
struct OrderChangeSituation {
  std::string_view from = "retreat";
  std::string_view to = "stand";
  double general_cm = 10;                          // < 0: none
  double c_in_c_cm = -1;                           // < 0: none
  int modifier = 0;                                // the Group's morale modifiers but the General's
  std::string_view general_range = "d4-per-test";  // H4-16
  int general_in = 0;
  int c_in_c_in = 0;
  int retreat_test = 0;
};
// The situation the `order-change` resolution's parameters describe (views into `p`).
OrderChangeSituation order_change_situation(const Params& p);
// The `order-change` resolution's roll of `s`: "not-allowed", "changed" or "failed" (the
// orders after it are `to` when changed, `from` otherwise).
std::string_view roll_order_change(const OrderChangeSituation& s, Chance& c, RollRecord* rec);

// §6.2 (a): the raw D6 a Musket/Bow armed infantry unit needs to charge frontally.
int infantry_charge_needed(bool heavy_or_defences, bool half_strength);

// The parameter choices a resolution offers from a table's keys, `first` first.
std::vector<std::string> keys_of(std::string_view table_name, std::string_view first = "");

}  // namespace smoothbore::group_orders
