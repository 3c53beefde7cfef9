// The group-orders battle (internal to the rule set). A game turn is two player turns
// (H4-01, proposed: alternate; option simultaneous: sequence.cc); in each the phasing side:
//   1. orders: each Group's General chooses its orders (the order-change resolution, H4-02),
//      then every unit of the Group its action under them; Generals move (H4-17);
//   2. rally: the side's routing units test to rally (L213-L216);
//   3. charge tests for units on Advance that want contact (L196-L211, H4-08);
//   4. movement: Rout first, then Retreat, Advance, Reserve and Stand (L1-L29); a charged
//      Group tests on contact (H4-09);
//   5. shooting: the phasing side's eligible units, each once (L92-L137, H4-06);
//   6. melee: every unit in contact, both sides rolling, results together (L145-L165, H4-10);
//   7. morale: each Group that lost stands this player turn tests once (L162, H4-01, H4-15).
// Then Disorganised clears on units that rested (H4-07).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/dice/chance.h"
#include "core/dice/rng.h"
#include "core/events/event.h"
#include "core/force/proximity.h"
#include "core/geometry/rect_frame.h"
#include "core/table/spatial_index.h"
#include "core/table/table.h"
#include "rules/battle.h"
#include "rules/group_orders/formation_id.h"
#include "rules/group_orders/orders_id.h"
#include "rules/group_orders/pair_distance.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/scanned_boxes.h"
#include "rules/group_orders/text_id.h"
#include "rules/resolution.h"
#include "rules/ruleset.h"
#include "rules/touch_tracker.h"

namespace smoothbore::group_orders {

inline constexpr double kCm = 10.0;  // mm per cm, the rule unit
// L176 "Uphill of all enemy" counts the enemy within this reach (cm): the longest artillery
// long range (L123), a reading.
inline constexpr double kUphillReachCm = 40.0;

// A text parameter of a resolution's situation (orders.cc, situation.cc).
inline Value text(std::string s) { return Value(std::move(s)); }

// Whether distance(a, b) (edge to edge) surely exceeds `d` mm, from the centres alone: no
// point of a footprint lies farther from its centre than half its diagonal. A millimetre
// of margin, far above the rounding of table-sized numbers, keeps the answer exact where
// it says true; the halt and zone checks of a move ask it before the full distance. The
// half diagonals by sqrt, not std::hypot (issue 9: several times the cost; the last bit of
// rounding they may differ by is far inside the margin).
inline bool surely_farther(const RectFrame& a, const RectFrame& b, double d) {
  const Vec2 gap = a.rect.centre - b.rect.centre;
  const double reach =
      d + 1.0 + std::sqrt(a.hw * a.hw + a.hd * a.hd) + std::sqrt(b.hw * b.hw + b.hd * b.hd);
  return gap.dot(gap) > reach * reach;
}

// What a moving footprint's check (an Advance's halt, Reserve's zone) learnt of another:
// the edge-to-edge distance, as measured with the mover centred at `at`, is at least the
// kept bound. Moving a footprint (not turning it) by v changes its distance to another by
// at most |v|, so while the mover's centre stays within the bound less `limit` (less a
// hundredth of a millimetre, far above the rounding of table-sized numbers) of `at`, the
// distance is surely at least `limit` and need not be worked out (issue 9: a move's steps
// are 5 mm apart, most others are far more than that beyond the halt distance).
struct Clearance {
  Vec2 at;
  double slack = -1;  // the bound less `limit` less the margin; <= 0: nothing kept
  // `lower` is a lower bound of the distance (distance() itself, axis_gap, or the centres'
  // gap less both half diagonals) with the mover centred at `centre`.
  void keep(Vec2 centre, double lower, double limit) {
    at = centre;
    slack = lower - limit - 0.01;
  }
  // Whether the mover, the same footprint moved to `centre`, is surely at least `limit` away.
  bool holds(Vec2 centre) const {
    if (slack <= 0) return false;
    const Vec2 v = centre - at;
    return v.dot(v) < slack * slack;
  }
};

// H4-04 (proposed): the terrain type 0-3 of a point: open, roads and hills 0; rough ground
// and streams 1 (broken); light woods, enclosures, buildings and works 2; heavy woods and
// marsh 3.
int terrain_type_at(const TerrainAt& at);

// A Group (the scenario's [[sides.commands]], or a unit without one on its own) under its
// General (the command's leader, H4-17); §9's data model.
struct GroupState {
  std::string name;
  int side = 0;
  int leader = -1;  // index into Force::leaders, or -1
  OrdersId orders = OrdersId::kReserve;
  std::vector<int> units;
  int start_stands = 0;
  int killed = 0;           // stands killed this battle (H4-12)
  int lost_this_turn = 0;   // stands lost this player turn (morale test, L162)
  int melees_won = 0;       // this phase (L177)
  int melees_lost = 0;      // this phase (L192)
  int melee_inflicted = 0;  // stands, this phase (L171)
  int melee_received = 0;
  bool under_artillery_short = false;  // L179
};

struct UnitState {
  int group = -1;
  OrdersId override_orders = OrdersId::kNone;  // its own (halted to Stand, L6); kNone: Group's
  bool disorganised = false;                   // = Disordered (H4-07)
  bool fired_ever = false;                     // H4-21
  bool shot = false;                           // this player turn
  bool in_melee = false;                       // this player turn
  double moved_cm = 0;                         // this player turn
  bool started_on_stand = false;               // artillery: L4
  bool charge_ok = false;                      // passed its charge test this player turn (L7-L8)
  int charge_target = -1;
  bool charged = false;                         // was charged this player turn (L160)
  FormationId formation = FormationId::kOther;  // the id of Unit::formation (set_formation)
};

class BattleGO final : public Battle, public NearestEnemyIndex {
 public:
  BattleGO(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream);
  // Not copied: weapons_ points into weapon_kinds_.
  BattleGO(const BattleGO&) = delete;
  BattleGO& operator=(const BattleGO&) = delete;

  const Scenario& scenario() const override { return scenario_; }
  const Force& force() const override { return force_; }
  int turn() const override { return turn_; }
  std::vector<int> units_to_order(int side) const override;
  std::vector<Action> legal_actions(int unit) const override;  // actions.cc
  // The same into `out` (cleared first): the orders step's list, in a buffer it reuses.
  // Without `move_facings` (for a commander that does not read them,
  // OrderSource::reads_move_facing) a move's facing toward its destination is left to
  // settle_facing: -(k + 1) for the k-th direction kept, a Reserve move's by its goal's place
  // (issue 9: a bearing per candidate move; a move turns toward its destination itself,
  // travel, and assess reads no facing).
  void legal_actions_into(int unit, std::vector<Action>& out, bool move_facings = true) const;
  // Works out the facing legal_actions_into left of `a`, one of its last list's moves.
  void settle_facing(Action& a) const;
  ActionAssessment assess(const Action& a) const override;  // actions.cc
  void play_turn(const std::vector<OrderSource*>& orders, EventLog& log) override;
  double broken_fraction(int side) const override;
  double loss_fraction(int side) const override;
  std::vector<std::string> invariant_violations() const override;
  std::uint64_t dice_drawn() const override { return rng_.draws(); }
  UnitReport unit_report(int unit) const override;
  bool take_touched_units(std::vector<int>* out) const override {
    touches_.take_units(force_.units.size(), force_.leaders.size(), out);
    return true;
  }
  // The Generals move, retire or are removed (H4-17).
  void take_touched_leaders(std::vector<int>* out) const override {
    touches_.take_leaders(force_.units.size(), force_.leaders.size(), out);
  }
  // Nonzero through the orders step (hold_nearest), when nothing moves.
  std::uint64_t frozen_force_epoch() const override { return frozen_epoch_; }

  const UnitState& state(int unit) const { return state_[unit]; }
  const GroupState& group(int g) const { return groups_[g]; }
  const GroupState& group_of(int unit) const { return groups_[state_[unit].group]; }
  // The unit's orders: its own (a halt to Stand) or its Group's; orders_of by name.
  OrdersId orders_id(int unit) const {
    const UnitState& s = state_[static_cast<std::size_t>(unit)];
    return s.override_orders != OrdersId::kNone ? s.override_orders
                                                : groups_[static_cast<std::size_t>(s.group)].orders;
  }
  const std::string& orders_of(int unit) const { return orders_name(orders_id(unit)); }
  // The unit's formation as an id (formation_id of Unit::formation, kept by set_formation).
  FormationId formation(int unit) const { return state_[static_cast<std::size_t>(unit)].formation; }
  // Whether `unit` is the one whose action carries its Group's orders (the first active unit
  // of the Group, asked first: the General's choice).
  bool carries_group_orders(int unit) const;

  // --- situation.cc: options, geometry, unit facts, resolution bridges ---
  const std::string& option(const std::string& name) const;
  double option_number(const std::string& name) const;
  bool option_on(const std::string& name) const;
  // The options the steps ask per unit or per move, read once (issue 9: a lookup by name,
  // often of a name too long for a string's inline buffer, per question); as option*(name).
  struct StepOptions {
    double reserve_zone = 0;              // option_number("h4_26_reserve_zone")
    bool square_any_orders = false;       // option("h4_18_square") == "any-orders"
    bool square_stand_orders = false;     // option("h4_18_square") == "stand-orders"
    double incline_cost = 0;              // option_number("h4_19_incline_cost")
    double wheel_cost = 0;                // option_number("h4_19_wheel_cost")
    double general_in = 0;                // option_number("h4_02_general_in")
    double c_in_c_in = 0;                 // option_number("h4_02_c_in_c_in")
    double retreat_test = 0;              // option_number("h4_02_retreat_test")
    std::string general_range;            // option("h4_16_general_range")
    std::string losses;                   // option("h4_12_losses")
    bool split_b = false;                 // option_on("h4_morale_split_b")
    double general_move = 0;              // option_number("h4_17_general_move")
    bool missile_halt_and_stand = false;  // option("h4_25_missile_halt") == "halt-and-stand"
    bool terrain_halve_all = false;       // option("h4_04_terrain") == "halve-all"
    bool uphill_any_part = false;         // option("h4_27_uphill") == "any-part-higher"
    bool overlap_level_side = false;      // option("h4_11_overlap") == "level-side-contact"
    int deep_column = 3;                  // option_number("h4_18_deep_column")
    // Asked once a step, a charge, a test or a rout (issue 9: a lookup by name each).
    bool simultaneous = false;                // option("h4_01_sequence") == "simultaneous"
    bool morale_after_shooting = false;       // option_on("h4_01_morale_after_shooting")
    double rout_rate = 0;                     // option_number("h4_03_rout_rate")
    bool routed_artillery_removed = false;    // option("h4_03_routed_artillery") == "removed"
    bool disorder_never = false;              // option("h4_07_disorder_clears") == "never"
    bool disorder_rested_turn = false;        // ... == "rested-turn"
    bool charger_conforms = false;            // option("h4_08_charger_conforms") == "conforms"
    bool charged_test_on_contact = false;     // option("h4_09_charged_test") == "on-contact"
    bool melee_results_simultaneous = false;  // option("h4_10_results") == "simultaneous"
    bool artillery_killed_group = false;      // option("h4_13_artillery_killed") == "group"
    bool fall_back_enemy_destroys = false;  // option("h4_14_fall_back_blocked") == "enemy-destroys"
    bool test_per_unit = false;             // option("h4_15_test_scope") == "unit"
    bool general_contacted_removed = false;  // option("h4_17_general_contacted") == "removed"
    bool light_second_die = false;           // option("h4_22_light_split") == "second-die"
  };
  const StepOptions& step_options() const { return step_options_; }
  bool active(int unit) const { return force_.units[unit].status == UnitStatus::kActive; }
  bool routing(int unit) const { return force_.units[unit].status == UnitStatus::kRouted; }
  int stands(int unit) const { return force_.units[unit].figures(); }
  bool light(int unit) const { return light_[static_cast<std::size_t>(unit)] != 0; }
  bool massed(int unit) const { return !light(unit); }
  double gap_cm(int a, int b) const;  // gap_mm rounded to the mm, in cm
  // distance(frame(a), frame(b)), kept per pair until either unit is placed (pair_distance.h).
  double gap_mm(int a, int b) const {
    return pair_distances_.get(a, b, [&] { return distance(frame(a), frame(b)); });
  }
  // The unit's footprint with its axes and corners, kept by placed(): distances between
  // units (gap_cm, the nearest enemy, the halt check of a move) need no sine or cosine.
  const RectFrame& frame(int unit) const { return frame_[static_cast<std::size_t>(unit)]; }
  // Battle::unit_footprint: the kept footprint of a unit on the table (the doctrine and the
  // objective holders ask it at every decision and check), else the unit's own.
  Rect unit_footprint(int unit) const override {
    const std::size_t k = static_cast<std::size_t>(unit);
    return force_.units[k].on_table() ? frame_[k].rect : force_.units[k].footprint();
  }
  // Battle::unit_bounds: the box placed() filed of a unit on the table (its footprint's
  // bounds, bit for bit: invariant_violations checks), else the unit's own footprint's.
  Box unit_bounds(int unit) const override {
    const std::size_t k = static_cast<std::size_t>(unit);
    return force_.units[k].on_table() ? index_box_[k] : force_.units[k].footprint().bounds();
  }
  // The frame of `r`, a footprint of `unit` moved but not turned or reshaped (a step of a
  // move, a candidate destination): the kept frame moved; otherwise worked out.
  RectFrame frame_at(int unit, const Rect& r) const;
  // --- spatial.cc: proximity through the spatial index (issue 9) ---
  // A battle of at most this many units files its units' boxes in a ScannedBoxes and
  // answers proximity by scanning them (issue 9: the shipped battle, 25 units, spent a
  // tenth of its instructions walking the indexes' cells); a larger one in the indexes.
  static constexpr std::size_t kScannedUnits = 64;
  // The enemy on the table (massed_only: Massed and not routing) with the least gap_cm,
  // ties to the lower index.
  int nearest_enemy(int unit, bool massed_only = false) const;
  int nearest_active_enemy(int unit, double* gap) const override;  // NearestEnemyIndex
  // Every unit (on the table or not) whose filed bounding box meets `box`, ascending.
  void near(const Box& box, std::vector<int>& out) const;
  std::vector<int> near(const Box& box) const;
  // Every unit whose footprint may lie within `reach` mm of `r`, ascending.
  std::vector<int> near(const Rect& r, double reach) const;
  // The same of the units of every side but `side` (as near's answer without that side's
  // units), from the side indexes, so a query inside one's own crowd does not list it.
  std::vector<int> near_enemies(const Rect& r, double reach, int side) const;
  void near_enemies(const Rect& r, double reach, int side, std::vector<int>& out) const;
  // The same of a footprint's bounds (Rect::bounds()), worked out by the caller.
  std::vector<int> near_enemies(const Box& bounds, double reach, int side) const;
  void near_enemies(const Box& bounds, double reach, int side, std::vector<int>& out) const;
  // The bounds of the unit's footprint as placed() filed them: footprint().bounds() with no
  // sine or cosine worked out (issue 9: near_enemies about a unit itself).
  const Box& filed_box(int unit) const { return index_box_[static_cast<std::size_t>(unit)]; }
  // As rules/battle.h place_free (on the table, overlapping no other unit but `ignore`).
  bool place_ok(int unit, const Rect& r, int ignore) const;
  // Every unit that may lie within `reach` mm of a footprint moving from `from` toward
  // `dest`, ascending.
  std::vector<int> near_path(const Rect& from, Vec2 dest, double reach) const;
  void near_path(const Rect& from, Vec2 dest, double reach, std::vector<int>& out) const;
  // The units a shot of `unit`'s weapon may reach, ascending (none without a weapon).
  std::vector<int> in_weapon_reach(int unit) const;
  void in_weapon_reach(int unit, std::vector<int>& out) const;  // into a caller's buffer
  // While the orders step runs nothing moves or changes status, so the nearest enemies of a
  // unit are found in one search and kept until the step ends. The nearest Massed one is
  // searched for apart, and only when asked (nearest_massed), unless the nearest enemy is
  // Massed itself (then it is the nearest Massed one too) or the battle is small (scanned_:
  // one search finds all three): issue 9, a Massed enemy behind the nearest light troops
  // made every search walk on to it, though most units (those not offered an Advance) never
  // ask for it.
  struct Nearest {
    int any = -1;     // nearest_enemy(unit)
    int massed = -1;  // nearest_enemy(unit, true), once massed_known
    int active = -1;  // nearest_active_enemy(unit)
    double active_gap = 0;
    bool massed_known = false;
  };
  const Nearest& nearest_all(int unit) const;
  int nearest_massed(int unit) const;  // nearest_all(unit).massed, searched for if not known
  void hold_nearest(bool on);
  // Half the widest footprint filed so far (mm): a reach for "centre within width / 2".
  double max_half_width() const { return max_half_width_; }
  double max_speed_cm(int unit) const;  // L30-L85, L87
  // The unit's drill class (drill_class of its type and drill attribute) and the numbers a
  // move asks of it, found once: neither changes in a battle (issue 9: a lookup by name per
  // move).
  struct Drill {
    const Row* row = nullptr;  // drill_class(type, drill)
    int incline = 0;           // row->number("incline")
    int wheel = 0;             // row->number("wheel")
  };
  const Drill& drill_of(int unit) const { return drills_[static_cast<std::size_t>(unit)]; }
  int terrain_type(Vec2 p) const;  // H4-04
  double terrain_factor(int unit, int type) const;
  std::string cover_of(int unit) const;  // none / soft / hard (H4-04, H4-05)
  // What the terrain under the unit's footprint gives it, found once per footprint.
  struct Ground {
    bool valid = false;
    Rect rect;                          // the footprint the answers are for
    bool building = false;              // a building under it (L148 "in buildings")
    TextId cover = known_texts().none;  // cover_of
  };
  const Ground& ground(int unit) const;
  // The options of shooting (H4-06, §4.2), read once: they do not change in a battle.
  struct ShotRules {
    RangeOptions range_options;
    double arc_deg = 45;             // h4_06_arc
    double sight_into_mm = 0;        // h4_06_sight_into_terrain, in mm
    std::string first_shot_rule;     // h4_21_first_shot
    bool first_of_game = true;       // first_shot_rule == "first-of-game"
    bool note_reconstructed = true;  // h4_24_note_reconstructed
    int hard_cover_small_arms = -2;  // h4_05_... (H4-05)
    int soft_cover_artillery = 0;
    int hard_cover_heavy_artillery = 0;
    bool spear_short_bonus = false;  // h4_20_spear_short_bonus
    double artillery_close_cm = 0;   // artillery_close_cm(), for shooting_range_class
    // The shooting resolution's parameters that are options (shooting_params), and their
    // odds_key, for the odds kept by assess.
    std::map<std::string, Value> params;
    std::string key;
    TextId key_id;  // text_id(key)
  };
  const ShotRules& shot_rules() const;
  // The unit's missile weapon (weapon_of its type and attribute; "none") and its ranges
  // under shot_rules(), found once: neither changes in a battle.
  struct Weapon {
    std::string name;
    bool none = true;  // name == "none": no missile weapon
    Ranges ranges;     // unset for "none"
  };
  const Weapon& weapon_of_unit(int unit) const;
  bool can_shoot_at(int unit, int target) const;  // H4-06, under the unit's orders
  bool can_shoot_at(int unit, int target, OrdersId orders) const;
  int shooting_stands(int unit, int target) const;
  double general_cm(int group) const;  // the General (or C-in-C) to the Group's nearest stand
  double c_in_c_cm(int group) const;
  double leader_cm(int leader, int group) const;
  bool enemy_to_front(int unit, int enemy) const;  // L6: front directly to our front
  bool uphill_of(int unit, int enemy) const;       // H4-27
  // The table's elevation under the unit's footprint that uphill_of reads: at its front
  // edge's centre, and (option any-part-higher) the highest of that, its centre and its
  // corners; found once per footprint (issue 9: two to seven lookups of the hills per ask).
  struct Heights {
    bool valid = false;
    Rect rect;        // the footprint the answers are for
    int front = 0;    // elevation_at(front_centre())
    int highest = 0;  // with any_part: the highest of the front, the centre and the corners
    bool any_part = false;
  };
  const Heights& heights(int unit) const;
  bool uphill_of_all_enemy(int unit) const;      // L176, within kUphillReachCm
  bool uphill_of_all_enemy_now(int unit) const;  // the same, never kept
  // The facts of a shot that are not options (shooting_params: the same, as the
  // resolution's parameters with shot_rules()'s options). The texts as ids (text_id.h),
  // found once per unit, not copied per shot.
  struct ShootingFacts {
    TextId shooter;  // unit type
    TextId weapon;   // the unit's weapon attribute ("as-type")
    int stands = 1;
    double range_cm = 0;
    TextId orders;
    bool moved = false;
    bool poor_shots = false;
    bool disordered = false;
    bool first_shot = false;
    TextId target_cover = known_texts().none;
    bool target_light_infantry = false;
    TextId target_formation = known_texts().line;
  };
  ShootingFacts shooting_facts(int unit, int target) const;
  std::map<std::string, Value> shooting_params(const ShootingFacts& f) const;
  std::map<std::string, Value> shooting_params(int unit, int target) const;
  // The situation those parameters describe, built without them (the battle's rolls and
  // exact odds; tests/rules/group_orders_exact_odds_test.cc checks they agree).
  ShootingSituation shooting_situation(const ShootingFacts& f) const;
  // The class of the facts' range for a shot of `unit` (shooting_range_class of its kept
  // weapon and the options' artillery-close distance; -1 without a weapon).
  int shot_range_class(int unit, const ShootingFacts& f) const;
  // The `shooting` resolution's roll of a shot of `unit` with these facts for a quiet log
  // (no record): roll_shooting of shooting_situation(f), the same die and result, with the
  // modifiers kept per thread by the facts (kept_shot_modifiers; issue 9: a shot's situation
  // and modifiers were built afresh for every die).
  std::string_view roll_shot_quietly(int unit, const ShootingFacts& f);
  std::vector<int> overlappers(int unit, int enemy) const;             // H4-11
  void overlappers(int unit, int enemy, std::vector<int>& out) const;  // into a buffer
  // The facts of a melee (melee_params: the same, as the resolution's parameters); the
  // texts as ids, as a shot's.
  struct MeleeFacts {
    TextId unit_type;
    TextId enemy_type;
    int contact = 1;  // stands in contact
    TextId orders;
    bool enemy_routing = false;
    bool high_morale = false;
    bool poor_morale = false;
    bool flank_rear = false;  // attacking the enemy's flank or rear
    bool flanked = false;
    TextId formation;  // line, column, column-deep or square
    bool overlap = false;
    bool enemy_square_or_buildings = false;
    bool disorganised = false;
    int terrain = 0;  // H4-04 type
    bool enemy_defended = false;
    bool charged = false;
  };
  MeleeFacts melee_facts(int unit, int enemy) const;
  static std::map<std::string, Value> melee_params(const MeleeFacts& f);
  std::map<std::string, Value> melee_params(int unit, int enemy) const;
  static MeleeSituation melee_situation(const MeleeFacts& f);  // as melee_situation(params)
  // The Group's morale test (L169-L194) from its state and its first unit on the table
  // (`unit`, for class and situation), and the same as the resolution's parameters.
  MoraleSituation morale_situation(int group, const std::string& test, int unit) const;
  // The same without the General's distance (general_cm -1: no General's +1).
  MoraleSituation morale_situation_no_general(int group, std::string_view test, int unit) const;
  static std::map<std::string, Value> morale_params(const MoraleSituation& s);
  std::map<std::string, Value> morale_params(int group, const std::string& test, int unit) const;
  int order_change_modifier(int group, int unit) const;  // H4-02
  Outcome resolve(const std::string& name, const std::map<std::string, Value>& given,
                  std::vector<RollRecord>* rolls);
  static std::vector<OutcomeProbability> distribution(const std::string& name,
                                                      const std::map<std::string, Value>& given);
  static double probability(const std::string& name, const std::map<std::string, Value>& given,
                            const std::string& field, const std::string& value);
  static int kills_of(std::string_view result);  // kill-N -> N

 private:
  // sequence.cc (H4-01)
  void player_turn(int side, const std::vector<OrderSource*>& orders, EventLog& log);
  void simultaneous_turn(const std::vector<OrderSource*>& orders, EventLog& log);
  void reset_turn_state();
  void phase_event(int side, const std::string& what, EventLog& log);
  // orders.cc
  void order_step(int side, OrderSource* src, EventLog& log);
  // L4: whether the action moves the unit at least half its maximum speed or into contact;
  // the Group's actions refused and asked again when none does.
  bool keeps_advance_pace(int unit, const Action& a) const;
  void advance_pace(int group, OrderSource* src, EventLog& log);
  void set_group_orders(int group, OrdersId to, std::string_view why, EventLog& log,
                        std::vector<RollRecord> rolls = {});
  void set_unit_orders(int unit, OrdersId to, std::string_view why, EventLog& log);
  void rally_step(int side, EventLog& log);
  void move_generals(int side, EventLog& log);
  void generals_contacted(EventLog& log);
  void charge_tests(int side, EventLog& log);
  // movement.cc
  void movement_phase(int side, EventLog& log);
  void move_unit(int unit, const Action& a, EventLog& log);
  // Moves toward `dest` for `budget_cm` of movement, paying wheels and inclines (H4-19)
  // unless `wheel_free`, and terrain (H4-04); stops short of other units and where `stop`
  // says (then *stopped is set). Returns the cm travelled.
  double travel(int unit, Vec2 dest, double budget_cm, bool wheel_free, int ignore = -1,
                const std::function<bool(const Rect&)>& stop = nullptr, bool* stopped = nullptr);
  bool change_formation(int unit, const std::string& formation, EventLog& log);
  // Names the unit's formation and keeps its id: every change of Unit::formation.
  void set_formation(int unit, const std::string& name);
  void charge_move(int unit, int target, EventLog& log);
  void rout_move(int unit, bool first, EventLog& log);
  double file_through_gap(int unit, double budget_cm, EventLog& log);  // L29
  void fall_back(int unit, double cm, EventLog& log);
  // combat.cc
  // A shot's effect on its target; simultaneous shooting (H4-01) collects them first.
  struct ShotEffect {
    int target = -1;
    int kills = 0;
    bool disorganise = false;
  };
  bool in_contact_with_enemy(int unit) const;  // within 1 mm
  void shooting_phase(int side, EventLog& log, std::vector<ShotEffect>* deferred = nullptr);
  void apply_shot(const ShotEffect& fx, EventLog& log);
  void melee_phase(int side, EventLog& log);
  void kill_stands(int unit, int n, std::string_view why, EventLog& log);
  // morale.cc
  void morale_phase(EventLog& log);
  // `adjust` sets what the Group's state does not say (e.g. being charged, H4-09).
  void group_test(int group, std::string_view why,
                  const std::function<void(MoraleSituation&)>& adjust, EventLog& log);
  void apply_result(int unit, const std::string& result, const std::string& orders,
                    int fall_back_cm, EventLog& log);
  void start_rout(int unit, EventLog& log);
  void remove_unit(int unit, UnitStatus status, std::string_view why, EventLog& log);
  void clear_disorder(int side, EventLog& log);

 public:
  Event make_event(EventKind kind, int unit, std::string text) const;
  std::string name(int unit) const;
  // For a quiet log the emitting steps ask counted_quietly (rules/battle.h) first and hand
  // the resolutions record_for(log, rolls) (core/events/event.h).

 private:
  // Files the unit's current footprint in the indexes; every change of a footprint calls
  // it at once (invariant_violations checks the two agree).
  void placed(int unit);
  // Sizes the indexes' grids once for the table, before the first placed() (issue 9: filed
  // one by one, a 10,000-stand battle's grids grew and filed every unit again some thirty
  // times).
  void reserve_indexes();
  // Marks a unit whose Unit or unit_report() may have changed, for a recorder
  // (Battle::take_touched_units, rules/touch_tracker.h); a Group's orders and losses show
  // in every one of its units' reports.
  void touch(int unit) const { touches_.touch(unit); }
  void touch_group(int group) const {
    for (int u : groups_[group].units) touch(u);
  }

  Scenario scenario_;         // without its units (issue 9): force_ has them
  StepOptions step_options_;  // read from scenario_'s options by the constructor
  Force force_;
  std::vector<char> light_;          // per unit, fixed by type and attributes
  std::vector<double> movement_cm_;  // per unit, its type's movement (L30-L85), read once
  std::vector<int> c_in_c_;          // per side: the C-in-C (a leader, H4-17), or -1
  bool scanned_ = false;             // at most kScannedUnits units: scanned_boxes_, not the indexes
  ScannedBoxes scanned_boxes_;
  // Per side, a box holding every box placed() filed in side_index_ (it only grows: a unit
  // that moved or left keeps it as large), so that near_enemies asks no index of a side whose
  // units all lie clear of the box; kNoExtent before the first.
  std::vector<Box> side_extent_;
  static constexpr Box kNoExtent{
      {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()},
      {-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}};
  SpatialIndex index_{150.0};                   // every unit
  std::vector<SpatialIndex> side_index_;        // the units of each side
  std::vector<Box> index_box_;                  // the boxes filed, by unit
  std::vector<RectFrame> frame_;                // the footprints filed, by unit
  double max_half_width_ = 0;                   // mm
  bool hold_nearest_ = false;                   // the orders step: nearest_all's answers stand
  std::uint64_t frozen_epoch_ = 0;              // Battle::frozen_force_epoch, set by hold_nearest
  mutable std::vector<Nearest> nearest_;        // by unit, valid where nearest_stamp_ == stamp_
  mutable std::vector<unsigned> uphill_stamp_;  // uphill_of_all_enemy's, kept as nearest_
  mutable std::vector<bool> uphill_;
  mutable std::vector<unsigned> nearest_stamp_;
  // The kinds of nearest enemy a search finds (nearest_all: any and active, or all three in a
  // small battle; nearest_massed: massed), into `n`.
  enum NearestKind : unsigned { kNearestAny = 1, kNearestMassed = 2, kNearestActive = 4 };
  void search_nearest(int unit, unsigned kinds, Nearest& n) const;
  // nearest_all's scratch: the units met and not yet measured (by squared box gap and index), and
  // the units met by this search (nearest_met_[u] == nearest_met_stamp_).
  mutable std::vector<std::pair<double, int>> nearest_pending_;
  mutable std::vector<int> near_part_;  // near_enemies' scratch: one side's answer
  mutable std::vector<unsigned> nearest_met_;
  mutable unsigned nearest_met_stamp_ = 0;
  mutable std::vector<Ground> ground_;    // by unit: a cache, not state
  mutable std::vector<Heights> heights_;  // by unit: uphill_of's, a cache as ground_
  mutable std::optional<ShotRules> shot_rules_;
  std::vector<Drill> drills_;             // by unit: drill_of's, set by the constructor
  mutable std::vector<int> shot_ids_;     // can_shoot_at's scratch
  mutable std::vector<int> place_ids_;    // place_ok's scratch
  mutable std::vector<int> overlap_ids_;  // overlappers' scratch: the units near
  mutable std::vector<int> overlap_out_;  // melee_facts' buffer of overlappers
  mutable std::vector<int> contact_ids_;  // in_contact_with_enemy's scratch
  mutable std::vector<int> uphill_ids_;   // uphill_of_all_enemy_now's scratch
  std::vector<int> reach_ids_;            // shooting_phase's targets in reach
  // weapon_of_unit's answers, one for each type and weapon attribute asked (a deque: an answer
  // stays where it is as more come).
  struct WeaponKind {
    TextId type, weapon;  // Traits::type_id and weapon_id
    Weapon answer;
  };
  mutable std::deque<WeaponKind> weapon_kinds_;
  // By unit: its answer in weapon_kinds_ (null: not yet asked).
  mutable std::vector<const Weapon*> weapons_;
  // Buffers reused instead of a vector per call (issue 9): legal_actions' unit lists (one
  // at a time), travel's units on the way, move_unit's units near the path and their gaps.
  mutable std::vector<int> legal_ids_;
  // Reserve's goals: a slot for the nearest enemy's centre, then every objective's position,
  // copied once (the objectives never move; issue 9: a copy per Reserve unit).
  mutable std::vector<Vec2> legal_goals_;
  mutable std::vector<Vec2> legal_dirs_;    // legal_actions' directions of moves not yet faced
  mutable std::vector<int> legal_targets_;  // legal_actions' targets of a shot
  std::vector<int> travel_ids_;
  std::vector<double> travel_clear_;  // travel's: how far each of them is surely clear
  // move_unit's units near the path (Advance's halt, Reserve's zone), their gaps and
  // clearances, and the friends that may screen an enemy (Reserve).
  std::vector<int> halt_ids_;
  std::vector<double> halt_gaps_;
  std::vector<Clearance> halt_clear_;
  std::vector<int> screen_ids_;
  mutable PairDistances pair_distances_;  // gap_mm's, a pair's stale when either is placed()
  // can_shoot_at's arc and terrain sight of an ordered pair (0 out of the arc, 1 blocked, 2
  // clear), kept as pair_distances_ (issue 9: the orders step asks a shot's sight, and the
  // shooting phase the same again, mostly of units that have not moved between).
  mutable PairDistances arc_sight_{10};
  unsigned stamp_ = 1;
  std::vector<UnitState> state_;
  std::vector<GroupState> groups_;
  std::vector<Action> actions_;
  std::vector<Action> legal_;  // the orders step's legal actions of a unit (one at a time)
  std::vector<bool> settled_;  // per Group: the General has chosen this player turn
  Rng rng_;
  SampledChance dice_;
  int turn_ = 0;
  TouchTracker touches_;  // for a recorder (touch)
  int acting_ = 0;
  std::string phase_;
  // Per unit, what its attributes say, read once by the constructor (issue 9: the facts of a
  // shot, a melee or a morale test read them again and again).
  struct Traits {
    std::string weapon;                       // attribute_string("weapon", "as-type")
    TextId weapon_id;                         // text_id(weapon)
    TextId type_id;                           // text_id(Unit::type)
    const UnitTypeInfo* type_info = nullptr;  // ruleset().unit_type(Unit::type)
    bool poor_shots = false;                  // attribute_string("poor-shots", "false") == "true"
    bool high_morale = false;                 // attribute_string("morale", "normal") == "high"
    bool poor_morale = false;                 // ... == "poor"
    std::string formation_change;             // drill_class(type, drill).text("formation_change")
    // What legal_actions asks of it, read once: formation_change == "any-and-move", and
    // whether it begins "column-to-flank".
    bool change_and_move = false;
    bool column_to_flank = false;
  };
  std::vector<Traits> traits_;
  const Traits& traits(int unit) const { return traits_[static_cast<std::size_t>(unit)]; }
};

// The chance of each number of stands killed, 0-3, by a melee's first die (the doctrine's
// charge assessment): melee_kills keeps it per thread by the facts (a typed key of every
// field, the texts by their ids, issue 9), melee_kills_fresh works it out
// (tests/rules/group_orders_melee_memo_test.cc compares them).
using MeleeKills = std::array<double, 4>;
MeleeKills melee_kills(const BattleGO::MeleeFacts& f);
MeleeKills melee_kills_fresh(const BattleGO::MeleeFacts& f);
// A shot's expected kills (the doctrine's fire assessment), kept per thread by a typed key of
// its facts but the range, its range class and the options' key (ShotRules::key_id): compute()
// the first time this thread asks (tests/rules/group_orders_melee_memo_test.cc).
double kept_shot_kills(const BattleGO::ShootingFacts& f, int range_class, TextId rules_key,
                       const std::function<double()>& compute);
// What a roll of the `shooting` resolution reads of a shot's modifiers (shooting_modifiers):
// whether it may shoot, and their total.
struct ShotModifierTotal {
  bool may_shoot = false;
  int total = 0;
};
// The same kept per thread by the same key as kept_shot_kills (the range by its class, which
// is all shooting_modifiers reads of it: tests/rules/group_orders_range_class_test.cc).
ShotModifierTotal kept_shot_modifiers(const BattleGO::ShootingFacts& f, int range_class,
                                      TextId rules_key,
                                      const std::function<ShotModifierTotal()>& compute);

}  // namespace smoothbore::group_orders
