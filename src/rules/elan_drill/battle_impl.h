// The elan-drill battle (internal to the rule set). A game turn is two player turns
// (§3, IGOUGO); in each the phasing side acts and the other defends:
//   1. command: rally (R-001-2), orders, charge declarations and responses (D12-15);
//   2. movement: chargers, then everyone else (D12-07, §11), broken units flee (D12-05);
//   3. fire: the defending side's reactive fire (D12-27), then the acting side's;
//   4. close action: close-to-melee (D12-15), up to three rounds (D12-17).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "core/dice/chance.h"
#include "core/dice/rng.h"
#include "core/events/event.h"
#include "core/force/proximity.h"
#include "core/geometry/nearest_two_keys.h"
#include "core/geometry/rect_frame.h"
#include "core/geometry/same_bits.h"
#include "rules/battle.h"
#include "rules/elan_drill/battle_options.h"
#include "rules/elan_drill/id_list.h"
#include "rules/elan_drill/path_filters.h"
#include "rules/elan_drill/proximity.h"
#include "rules/elan_drill/situations.h"
#include "rules/resolution.h"
#include "rules/row_tables.h"
#include "rules/touch_tracker.h"

namespace smoothbore::elan_drill {

inline constexpr double kMm = kMmPerInch;  // mm per inch, the rule unit
inline constexpr double kContactIn = 0.3;  // inches apart that count as contact
// The step, mm, at which a move or a flight walks its path (movement.cc, pass_through.cc).
inline constexpr double kPathStep = 0.2 * kMm;

struct UnitState {
  int dms = 0;                // Disruption Markers (D12-06)
  bool fired_ever = false;    // D12-26 first fire
  std::vector<int> fired_at;  // D12-26's `target`: the units it fired small arms at
  bool moved = false;         // moved in this player turn's movement phase (D12-28)
  double moved_mm = 0;        // how far, mm (D12-28's `moved-over-half`)
  // Moved, fired, lost figures, gained DMs or fought a close action round since its side's
  // last rally step (D12-06's `rally-and-idle`: otherwise it is out of action).
  bool in_action = false;
  int charging = -1;     // declared charge target this player turn
  std::string response;  // the charge response chosen (§6), when charged
  int charged_by = -1;
  int tested_step = -1;         // D12-36: friends-broken test once per step
  bool moved_last = false;      // moved in its own last player turn (rally stance, L32-L33)
  int pursuing = -1;            // D12-18: the broken unit it caught, to charge next turn
  bool pursuit_charge = false;  // this player turn's charge is that pursuit
  int arrival = 0;              // D12-23: a waiting reinforcement's number (0 = none)
  int arrival_failures = 0;     // failed arrival rolls so far
  bool fired_reaction = false;  // fired in its charge response (Fire and Evade, L123)
  std::string engineering;      // L10, D12-24: its task still to finish ("" = none)
  bool fortified = false;       // finished `fortify`: hard cover at fortified_at
  Vec2 fortified_at;
  bool guns_left = false;  // L123, D12-16: the gunners left their guns (Fire and Evade)
  Rect guns_at;            // where they left them (the battery's place when it evaded)
  int parent = -1;         // a detachment's battalion (§2.1, D12-21; detachments.cc)
  bool joined = false;     // a detachment inside its battalion (off the table, not lost)
};

// What a unit's scenario attributes and the battle's options make of it, worked out once
// when the battle starts (issue 9: neither changes in a battle, and every ask looked the
// attribute up by name, copied its string and found its table row or option again).
struct UnitFacts {
  std::string weapon;                      // "musket" unless given (L135-L139)
  std::string gun;                         // "medium" unless given (artillery's class, L158-L161)
  std::string experience;                  // "steady" unless given
  const TableRow* weapon_row = nullptr;    // its fire.weapons row (none for "none")
  bool unarmed = false;                    // weapon "none"
  int weapon_close = 0, weapon_long = 0;   // the row's Close and Long ranges (0 with no row)
  const TableRow* canister_row = nullptr;  // its gun class's fire.canister row, if any
  int canister_short = 0, canister_long = 0;  // that row's Short and Long ranges (0 with none)
  double max_range_in = 0;                    // D12-13: artillery's solid-shot maximum
  // The battery's flags (D12-14, L215), read once (issue 9: three attribute lookups by name
  // for every target each battery weighed); false for other arms, which fire no shot.
  bool howitzer = false, shell = false, shrapnel = false;
  int elan = 0, drill = 0, gunnery = 0, musketry = 0;  // §2.2, D12-02, D12-10
  bool operator==(const UnitFacts&) const = default;
};

// Casualties a unit took in one fire step, for its Élan test (D12-03).
struct FireTally {
  int casualties = 0;
  int volley_canister_close = 0;
  int rifle_close = 0;
  int shell = 0;
  bool flank_rear = false;  // L48: hit by close-range fire from flank or rear
};

// An outcome's integer field (0 when absent).
inline int outcome_int(const Outcome& o, std::string_view key) {
  for (const auto& [n, v] : o) {
    if (n == key) return static_cast<int>(as_number(v));
  }
  return 0;
}

class BattleED final : public Battle, public NearestEnemyIndex {
 public:
  // Tests (issue 9): throw std::logic_error when a footprint changed without its unit
  // being re-filed in the live index (checked after movement, fire and close action).
  bool check_live = false;
  // Tests (issue 9): throw std::logic_error when a nearest-enemy search of the frozen
  // snapshot (its first ring bounded by the side's last answer) disagrees with a full scan,
  // or a friend in contact kept with the snapshot (contact_friend) with a fresh search, or a
  // kept gap (gap_mm) with a fresh distance, or a cover kept through the orders step (cover)
  // with the terrain now.
  bool check_nearest = false;
  // Tests (issue 9): throw std::logic_error when a move (move_unit) that skips the steps
  // before every blocker's next ends elsewhere than asking every step, or its turn placed
  // among the units near its path answers otherwise than place_ok, or a blocker's kept
  // frame (frame_of) is not its footprint's frame now.
  bool check_moves = false;
  BattleED(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream);

  const Scenario& scenario() const override { return scenario_; }
  const Force& force() const override { return force_; }
  int turn() const override { return turn_; }
  std::vector<int> units_to_order(int side) const override;
  std::vector<Action> legal_actions(int unit) const override;
  ActionAssessment assess(const Action& a) const override;
  void play_turn(const std::vector<OrderSource*>& orders, EventLog& log) override;
  double broken_fraction(int side) const override;
  double loss_fraction(int side) const override;
  std::vector<std::string> invariant_violations() const override;
  std::uint64_t dice_drawn() const override { return rng_.draws(); }
  UnitReport unit_report(int unit) const override;  // report.cc
  bool take_touched_units(std::vector<int>* out) const override {
    touches_.take_units(force_.units.size(), force_.leaders.size(), out);
    return true;
  }
  // Leaders attach, detach, move with their units and fall (leaders.cc).
  void take_touched_leaders(std::vector<int>* out) const override {
    touches_.take_leaders(force_.units.size(), force_.leaders.size(), out);
  }

  const UnitState& state(int unit) const { return state_[unit]; }
  // Index into Force::leaders of the first living leader attached to `unit`, or -1; from
  // leader_of_ (issue 9: a scan of every leader per test was 4,000 leaders a question at
  // 10,000 stands a side), rebuilt after leaders_changed() (leaders.cc).
  int attached_leader(int unit) const;
  int attached_leader_scan(int unit) const;  // the same by a scan (leader_step, tests)
  int acting_side() const { return acting_; }
  // Issue 9: the orders step promises the force does not change (no unit moves or changes
  // status while orders are given), so the doctrine keeps its side's reserve through it.
  std::uint64_t frozen_force_epoch() const override { return frozen_epoch_; }

  // --- ratings and situations (situation.cc) ---
  // The scenario's options (issue 9: found by a hash of the name, not by a std::string
  // built for a map lookup on every call).
  const std::string& option(std::string_view name) const;
  double option_number(std::string_view name) const;
  bool option_flag(std::string_view name) const;
  // The options the battle reads, read once at the start (battle_options.h); the hot paths
  // read these fields, never a name. options_now() reads them again (tests).
  const BattleOptions& opts() const { return opts_; }
  BattleOptions options_now() const;
  const std::string& experience(int unit) const { return facts_[unit].experience; }
  const UnitFacts& facts(int unit) const { return facts_[unit]; }
  UnitFacts facts_now(int unit) const;  // the same from the unit's attributes (tests)
  int elan(int unit) const;
  int drill(int unit) const;
  int musketry(int unit) const;
  int gunnery(int unit) const;
  bool active(int unit) const { return force_.units[unit].status == UnitStatus::kActive; }
  bool broken(int unit) const { return force_.units[unit].status == UnitStatus::kRouted; }
  // Proximity (proximity.cc): edge-to-edge gap, the nearest active enemy (ties to the
  // lower index), the units that may lie within `reach_in` of `unit` (ascending; all of
  // them outside a frozen scope) and a unit's footprint (from the snapshot when frozen).
  double gap_in(int a, int b) const;
  int nearest_enemy(int unit) const;
  int nearest_active_enemy(int unit, double* gap) const override;
  // Both nearest enemies of `unit` while the snapshot stands, found together and kept.
  const UnitSnapshot::Nearest& frozen_nearest(int unit) const;
  UnitSnapshot::Nearest search_nearest(int unit) const;  // frozen_nearest's search
  // One ring of search_nearest while the snapshot stands: the nearest of `near` (ids in any
  // order) that `ok` accepts, by both keys, measuring none whose lower bound passes `bound`
  // (mm: an accepted unit's distance, or infinity). `known` (-1: none) was measured at
  // `known_mm` already: that distance is offered, not measured again. `axes`: each
  // candidate's axes_gap (proximity.h) is taken before its exact distance.
  template <typename Ok>
  NearestByTwoKeys nearest_in_ring(int unit, const std::vector<int>& near, double bound,
                                   const Ok& ok, int known = -1, double known_mm = 0,
                                   bool axes = false) const;
  // gap_mm(unit, enemy) for `enemy`, `unit`'s nearest_enemy: while the snapshot stands the
  // distance its search measured (issue 9: the leaders' step, for every unit near a leader
  // with none, and legal_actions' moves measured it again).
  double nearest_gap_mm(int unit, int enemy) const;
  template <typename Key>
  int scan_nearest_enemy(int unit, Key key, double* mm) const;
  void check_nearest_answer(int unit, int found, int scanned) const;
  // Ascending ids of the units that may lie within `reach_in` of `unit` (a superset; all
  // when neither index stands), in a buffer reused from a pool (id_list.h).
  IdList units_near(int unit, double reach_in) const;
  // The same less the units of `unit`'s own side while the snapshot stands (issue 9: at
  // 10,000 stands a side most units near a unit are its friends, which no target test
  // accepts); units_near otherwise.
  IdList enemies_near(int unit, double reach_in) const;
  // The unit nearest `unit` (gap_in, ties to the lower index) among those `ok` accepts.
  // `known` (-1: none): a unit `ok` may accept; when it does, its distance bounds the
  // search while the snapshot stands (the first ring is the last), the same answer.
  int nearest_unit(int unit, const std::function<bool(int)>& ok, int known = -1) const;
  Rect footprint_of(int unit) const;
  // footprint_of(unit) with its axes and corners, kept while that footprint stays the same
  // bit for bit (issue 9): gap_in and within_in measure frames, the same distances as the
  // Rects' without two sines and cosines a call.
  const RectFrame& frame_of(int unit) const;
  // The same for the unit's footprint now (Unit::footprint, whether frozen or not): its
  // axes without a sine and a cosine each while it stays the same bit for bit.
  const RectFrame& frame_now(int unit) const;
  // The frame kept for `unit` when it is `r`'s bit for bit, else `r`'s, kept from now.
  // The kept frame is found inline (issue 9: gap_mm asks two a call, some 8,000 a warm
  // battle, nearly all kept, and the call's registers and sizes were some 35 instructions
  // of the 55 a frame); a new one is worked out by frame_anew.
  const RectFrame& frame_of(int unit, const Rect& r) const {
    const auto i = static_cast<std::size_t>(unit);
    // Compared bit for bit (a -0.0 facing is not a 0.0 one to sin and cos).
    if (frames_.size() == force_.units.size() && framed_[i] != 0 && same_bits(frames_[i].rect, r)) {
      return frames_[i];
    }
    return frame_anew(unit, r);
  }
  const RectFrame& frame_anew(int unit, const Rect& r) const;
  // gap_in(a, b) <= reach_in, answered without the exact distance when the centres alone
  // put them farther apart (the same answer, cheaper).
  bool within_in(int a, int b, double reach_in) const;
  // within_in, and when it holds, `*gap` = gap_in(a, b) (one exact distance for both).
  bool within_in(int a, int b, double reach_in, double* gap) const;
  // The same given footprint_of(a) and footprint_of(b), already read by the caller (issue 9:
  // the reactive fire and the contact tests read each footprint once, not once an ask).
  bool within_in(int a, int b, const Rect& fa, const Rect& fb, double reach_in, double* gap) const;
  double fire_reach_in(int unit) const;  // the longest range it could fire at (0: none)
  double move_rate_in(int unit) const;   // D12-07
  // Below ½ strength (L51, D12-29): fewer than half its starting figures, or (option
  // `half-or-fewer`) half or fewer.
  bool below_half(int unit) const {
    const Unit& u = force_.units[unit];
    return opts_.half_or_fewer ? 2 * u.figures() <= u.start_figures
                               : 2 * u.figures() < u.start_figures;
  }
  // A unit moved `mm` in this player turn (moved, and how far: D12-28).
  void mark_moved(int unit, double mm) {
    state_[unit].moved = true;
    state_[unit].moved_mm += mm;
    state_[unit].in_action = true;
  }
  // D12-28: fires "moving" (-1, L200): it moved in this player turn, or (`moved-over-half`)
  // more than half its move (D12-07, its rate when it fires).
  bool fires_moving(int unit) const {
    const UnitState& st = state_[unit];
    if (!opts_.moving_over_half) return st.moved;
    return st.moved && st.moved_mm > move_rate_in(unit) / 2 * kMm;
  }
  double charge_reach_in(int unit) const;
  bool in_arc(int unit, int target) const;  // D12-12
  bool rough_or_worse(int unit, int* multiplier = nullptr) const;
  Cover cover(int unit) const;                     // none / soft / hard
  Cover cover_now(int unit) const;                 // the same, never kept
  int eligible_figures(int unit) const;            // D12-11
  int contact_figures(int unit, int enemy) const;  // D12-10
  double max_range_in(int unit) const;             // D12-13
  const TableRow& weapon_row(int unit) const;      // its fire.weapons row
  // The Close and Long ranges of its weapon (fire.weapons) and the Short and Long ranges of
  // its gun class's canister (fire.canister), read from its facts.
  int weapon_close_in(int unit) const;
  int weapon_long_in(int unit) const;
  int canister_short_in(int unit) const;
  int canister_long_in(int unit) const;
  bool can_fire_at(int unit, int target) const;
  // can_fire_at's checks of the unit alone: it may fire at something (its formation, arms).
  bool may_fire(int unit) const;
  bool can_charge(int unit, int target) const;
  // Flank and rear (flank.cc): `attacker` stands off `target`'s front (L48, L63, L95,
  // L229, L254); fire counts only at close range (flank_fire, D12-04).
  bool flank_or_rear(int attacker, int target) const;
  bool flank_fire(int unit, int target) const;
  int contact_friend(int unit, int target) const;      // friendly_fire.cc (L205, D12-25)
  int contact_friend_now(int unit, int target) const;  // the same, never kept
  // The lowest active unit of `side` but `except` within kContactIn of `target`, or -1.
  int touching_friend(int side, int target, int except) const;
  // The enemies `unit` may fire at now (can_fire_at, ascending), kept with the snapshot.
  IdList fire_targets(int unit) const;  // a copy of the memo (nothing is returned by reference)
  void fire_targets_now(int unit, std::vector<int>& out) const;  // into `out` (cleared first)
  static double expected(const std::string& name, const std::map<std::string, Value>& given,
                         const std::string& field);
  static double probability(const std::string& name, const std::map<std::string, Value>& given,
                            const std::string& field, const Value& value);
  // The exact distribution of a resolution's integer `field` (index = value).
  static std::vector<double> distribution(const std::string& name,
                                          const std::map<std::string, Value>& p,
                                          const std::string& field);
  // distribution() of close-action's casualties, kept by the pools it comes down to
  // (pool_odds.h).
  static const std::vector<double>& casualty_distribution(const std::map<std::string, Value>& p);
  int threatening_cavalry(int unit) const;  // actions.cc
  // `formation` as the Action names it (issue 9: the doctrine's ShortName became a
  // std::string at every ask, some 19,000 a 1,000-stand turn; kept answers are found by
  // comparing ShortNames, equal names being equal bytes).
  double fire_in_formation(int unit, const ShortName& formation) const;      // actions.cc
  double fire_in_formation_now(int unit, std::string_view formation) const;  // never kept
  // Whether `formation` fires at all for fire_in_formation (L127; squares and formed
  // battalions in skirmish order are not weighed), and its answer from each target's
  // fire_situation as the unit stands (`aims`, the same for every formation).
  bool weighs_fire_in(const Unit& u, std::string_view formation) const;
  using Aims = std::vector<std::pair<int, SmallArmsSituation>>;
  void aim_at_targets(int unit, Aims& out) const;
  double fire_in_formation_from(int unit, std::string_view formation, const Aims& aims) const;
  // D12-11: `u`'s eligible figures were it in `formation`.
  int eligible_figures_in(const Unit& u, std::string_view formation) const;
  // The small arms of `unit` firing at `target` (situations.h; artillery: shot_params).
  SmallArmsSituation fire_situation(int unit, int target, bool reaction) const;
  // gap_in(unit, target) and whether a friend of `unit` touches the target
  // (contact_friend(unit, target) >= 0, L205): every shot's and volley's range and friend in
  // contact. Kept by the pair through an orders step (issue 9: the doctrine weighs each
  // target with every shot, move and formation, measuring both again each time; neither
  // the footprints nor the statuses they read change while orders are given).
  struct FireGeometry {
    double range = 0;
    bool friend_contact = false;
  };
  FireGeometry fire_geometry(int unit, int target) const;
  std::string fire_resolution(int unit, int target) const;
  // --- artillery (artillery_fire.cc) ---
  // The shots a battery may fire at `target` (§8, D12-14), its best by expected casualties,
  // a shot's parameters, the target's solid-shot situation (D12-35), the units a ball goes
  // on through (R-001-6) and those within 4" a missed shell may strike (R-001-5).
  // At most four names, inline (issue 9: a vector of strings a call, some 400 a warm
  // battle from the orders, the fire and best_shot).
  struct ShotTypes {
    std::array<std::string_view, 4> names;
    std::size_t count = 0;
    void add(std::string_view name) { names[count++] = name; }
    bool empty() const { return count == 0; }
    const std::string_view* begin() const { return names.data(); }
    const std::string_view* end() const { return names.data() + count; }
  };
  ShotTypes shot_types(int unit, int target) const;
  std::string best_shot(int unit, int target) const;
  ShotSituation shot_at(int unit, int target, Shot shot, bool reaction) const;
  // The same with its range (gap_in) and whether a friend of `unit` touches the target
  // (contact_friend, L205) given: best_shot measures them once for every shot.
  ShotSituation shot_at(int unit, int target, Shot shot, bool reaction, double range,
                        bool friend_contact) const;
  // A name of kTargets (artillery_resolutions.cc), or the target's formation.
  std::string_view solid_shot_situation(int unit, int target) const;
  std::vector<int> further_targets(int unit, int target) const;
  std::vector<int> scatter_units(int unit, int target) const;
  // Expected casualties on `target` of `hits` expected hits (its saves, L243-L247).
  double expected_casualties(int target, double hits) const;
  // Typed situations (situations.h): `unit`'s blows on `target` in close action (§9, with
  // the target's saves), its Élan factors against `enemy` (close.cc) and its close-to-melee
  // test.
  CloseActionSituation close_situation(int unit, int target, bool charging) const;
  ElanFactors elan_factors(int unit, int enemy) const;
  CloseToMeleeSituation close_to_melee_situation(int unit, int enemy, bool charger) const;
  // What those read of a pair, seen from `unit` against `enemy` (issue 9: a charge's
  // assessment reads each of them for both sides, once).
  struct PairFacts {
    bool on_enemy_flank = false;       // flank_or_rear(unit, enemy)
    bool on_unit_flank = false;        // flank_or_rear(enemy, unit)
    int unit_contact = 0;              // contact_figures(unit, enemy)
    int enemy_contact = 0;             // contact_figures(enemy, unit)
    Cover enemy_cover = Cover::kNone;  // cover(enemy)
    Cover unit_cover = Cover::kNone;   // cover(unit)
    int unit_elevation = 0;            // of the ground at the centres (uphill)
    int enemy_elevation = 0;
    // The same seen from `enemy` against `unit`.
    PairFacts swapped() const {
      return {on_unit_flank, on_enemy_flank, enemy_contact,   unit_contact,
              unit_cover,    enemy_cover,    enemy_elevation, unit_elevation};
    }
  };
  PairFacts pair_facts(int unit, int enemy) const;
  // The situations above from the pair's facts.
  CloseActionSituation close_situation(int unit, int target, bool charging,
                                       const PairFacts& facts) const;
  ElanFactors elan_factors(int unit, int enemy, const PairFacts& facts) const;
  // close_to_melee_situation given elan_factors(unit, enemy) and the pair's facts.
  CloseToMeleeSituation close_to_melee_situation(int unit, int enemy, bool charger,
                                                 const ElanFactors& elan,
                                                 const PairFacts& facts) const;

 private:
  // sequence (battle.cc, command.cc)
  void player_turn(int side, const std::vector<OrderSource*>& orders, EventLog& log);
  void rally_step(int side, EventLog& log);
  void order_step(int side, OrderSource* src, EventLog& log);
  void response_step(int side, OrderSource* src, EventLog& log);

 public:
  std::vector<Action> responses(int unit, int charger) const;
  static std::string response_key(const Action& a);
  // Fire and Evade, Limber and Evade (evade.cc, L119-L125, D12-16).
  Action reduced_evade(int unit, int charger, double rate_in) const;
  void limited_evades(int unit, int charger, std::vector<Action>& out) const;
  void perform_evade(int unit, const Action& a, EventLog& log);
  // Abandoned guns (abandoned_guns.cc, L123, D12-16): the moves onto them (`rate =
  // "seize"`: the crew going back, an enemy going to take them).
  void seize_moves(int unit, std::vector<Action>& out) const;
  // Detachments (detachments.cc, L83, D12-21): rejoin the battalion in contact, or detach.
  void detachment_orders(int unit, std::vector<Action>& out) const;
  Rect detach_place(int parent, int det) const;
  int detach_figures(int parent, int det) const;
  void perform_detachment_order(int unit, const Action& a, EventLog& log);
  void join(int det, EventLog* log);  // its figures into its battalion
  // doctrine_actions.cc: the skirmish screen and the engineering task the doctrine takes.
  bool light_foot(int unit) const;
  int screened_unit(int unit) const;
  void doctrine_offers(int unit, std::vector<Action>& out) const;
  // Formation changes with a move or a charge, reform detachments (formation_moves.cc,
  // L80-L83, D12-08, D12-21): candidate actions, and the Drill action of a change.
  void formation_moves(int unit, std::vector<Action>& out) const;
  // Whether `unit` laid out in `formation` where it stands fits (place_ok), kept through one
  // legal_actions call (actions.cc).
  bool formation_fits(int unit, const std::string& formation) const;
  std::string formation_drill_action(int unit, const std::string& formation, int dice) const;

 private:
  // movement (movement.cc)
  void movement_phase(int side, EventLog& log);
  double move_unit(int unit, Vec2 dest, double facing, double budget_in, int target);
  bool place_ok(int unit, const Rect& r, int ignore) const;
  // place_ok's test of unit `o` (hr: r's half diagonal + 1 mm) while units move.
  bool clear_of_now(int unit, const RectFrame& framed, double hr, int ignore, int o) const;
  // place_ok (no unit ignored) while the live index stands, on `near`: a superset of the
  // units filed within its reach of r's centre (move_unit's turn, among the path's units).
  bool place_ok_among(int unit, const Rect& r, const std::vector<int>& near) const;
  // place_ok's parts while the snapshot stands: every corner on the table, and no unit of
  // `near` (a superset of those filed within its reach of framed.rect's centre) overlapping
  // it but `unit` and `ignore`.
  bool on_table(const RectFrame& framed) const;
  bool clear_among(int unit, const RectFrame& framed, int ignore,
                   const std::vector<int>& near) const;
  bool clear_of_cands(const RectFrame& framed) const;  // formation_fits' clear_among
  CostFn terrain_cost(int unit) const;                 // §11
  // A Drill test of `action` with the unit's factor, DMs, restriction and leader.
  // `moving` = false: not a move or formation change, so no DMs (L101-L103).
  // Its situation (typed, situations.h), for a charge response too (command.cc).
  DrillTestSituation drill_situation(int unit, std::string_view action, bool moving) const;
  Outcome drill_test(int unit, std::string_view action, std::vector<RollRecord>* rolls,
                     bool moving = true);
  // terrain_move.cc: D12-09, L64, D12-07 roads, L189-L193 obstacles
  bool restricted(int unit) const;
  bool uphill(int unit, int enemy) const;
  int elevation(int unit) const;  // of the ground at the unit's centre
  double road_budget(int unit, Vec2 dest, double budget_in) const;
  double ordered_move(int unit, Vec2 dest, double facing, double budget_in, int target,
                      EventLog& log);
  // A broken unit's flight through friends, who test (pass_through.cc, L89, D12-20).
  double flee_through(int unit, Vec2 dest, double budget_in, EventLog& log);
  void pass_through_test(int unit, int other, EventLog& log);
  // leaders (leaders.cc, L7, D12-22, R-001-4)
  // Whether a leader is attached to `unit` (D12-22; the bonus comes with opts_.tests()).
  void with_leader(int unit, ElanFactors& e) const;
  void with_leader(int unit, bool& leader) const;
  bool leader_near(int unit) const;
  void leader_step(int side, EventLog& log);
  void reinforcement_step(int side, EventLog& log);
  // engineering.cc (L10, D12-24): a unit at its task, its fortified place, the step.
  bool at_work(int unit) const;
  bool fortified(int unit) const;
  void engineering_step(int side, EventLog& log);
  // abandoned_guns.cc: guns taken by an enemy in contact, or manned again by their crew.
  void abandoned_guns_step(EventLog& log);
  // pursuit.cc: D12-18 pursuit, D12-19 break-off
  int in_contact(int unit) const;              // an enemy touching it, or -1
  void idle_dm_step(int side, EventLog& log);  // D12-06 `rally-and-idle` (command.cc)
  // A charge response that fires at the charger (L109-L117; D12-27's `responders-only`).
  static bool fires_in_response(const std::string& response);
  void pursue(int winner, int loser, EventLog& log);
  void pursuit_round(int a, int d, EventLog& log);
  bool break_off(int unit, const Action& a, EventLog& log);  // reinforcements.cc, L8, D12-23
  int leader_hit(int unit, int special, EventLog& log);
  bool change_formation(int unit, const std::string& formation, int dice, EventLog& log);
  void flee(int unit, double distance_in, EventLog& log);
  // fire (fire.cc)
  void fire_phase(int side, EventLog& log);
  void fire_one(int unit, int target, bool reaction, std::map<int, FireTally>& tally, EventLog& log,
                const std::string& shot = "");
  // The saves of `target` against `hits` (L241-L261): casualties and special casualties;
  // `flank_rear`: fire from its flank or rear at close range (L254, flank_fire).
  std::pair<int, int> saves(int target, int hits, const std::string& attack, bool flank_rear,
                            std::vector<RollRecord>* rolls);
  void artillery_fire(int unit, int target, const std::string& shot, bool reaction,
                      std::map<int, FireTally>& tally, EventLog& log);
  void fire_tests(std::map<int, FireTally>& tally, EventLog& log);
  void fire_test(int u, int casualties, const FireTally& ft, std::string_view trigger,
                 EventLog& log);
  // friendly_fire.cc (L205, D12-25): the friend of `unit` touching its target (the target
  // is then "in contact only with friends"), or -1; the natural 12s that strike him.
  // `twelves`: the natural 12s among the to-hit dice (FireOutcome::natural_12s, counted as
  // the dice are rolled, so a quiet battle without roll records decides the same).
  void friendly_hits(int unit, int target, const std::string& attack, int twelves,
                     std::map<int, FireTally>& tally, EventLog& log);
  // close action (close.cc)
  void close_phase(int side, EventLog& log);
  void close_action(int attacker, int defender, EventLog& log);
  // morale (morale.cc)
  void take_casualties(int unit, int casualties, int special, EventLog& log);
  void apply_test(int unit, const Outcome& o, std::string_view why, Event e, EventLog& log);
  void add_dms(int unit, int dms, std::string_view why, EventLog& log);
  void break_unit(int unit, std::string_view why, EventLog& log);
  void destroy(int unit, UnitStatus status, std::string_view why, EventLog& log);
  void friends_broken_tests(int unit, EventLog& log);

  Event make_event(EventKind kind, int unit, std::string text) const;
  const std::string& name(int unit) const;
  // Quiet logs (issue 9, EventLog::quiet): nobody reads a quiet battle's events, so it gets
  // only their kinds: no text, roll records or data are built. `event` is the event of
  // `kind` about `unit` that `fill` completes, either by returning its text or by filling it
  // in (text, target, rolls, data); for a quiet log the bare kind, without calling `fill`.
  template <typename Fill>
  Event event(const EventLog& log, EventKind kind, int unit, Fill&& fill) const {
    if (log.quiet()) {
      Event e;
      e.kind = kind;
      return e;
    }
    if constexpr (std::is_invocable_v<Fill, Event&>) {
      Event e = make_event(kind, unit, "");
      fill(e);
      return e;
    } else {
      return make_event(kind, unit, fill());
    }
  }

  Scenario scenario_;  // without its units (issue 9: memory): force_ has them
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  // scenario_.options, by name (option()).
  std::unordered_map<std::string, Value, NameHash, std::equal_to<>> options_;
  BattleOptions opts_;                 // options_now(), at the start
  ArcBound fire_arc_, artillery_arc_;  // opts_'s fire and artillery arcs (in_arc)
  Force force_;
  std::vector<UnitState> state_;
  std::vector<UnitFacts> facts_;  // by unit (learn_facts, at the start)
  void learn_facts();
  std::vector<Action> orders_;
  // Issue 9: each battalion's detachments, ascending (parents are fixed at the start), and
  // the units whose gunners ever left their guns, ascending (`guns_left` may be set).
  std::vector<std::vector<int>> children_;
  std::set<int> gunless_;
  Rng rng_;
  SampledChance dice_;
  int turn_ = 0;
  int acting_ = 0;
  int step_ = 0;
  std::vector<OrderSource*> sources_;
  // Footprints and centre grid while no unit moves (order_step, leader_step): see
  // proximity.h. Empty (not ready) everywhere else.
  // Re-files `unit` in live_ after its footprint changed (no-op when live_ is not built).
  void refile(int unit);
  // Marks a unit whose Unit or unit_report() may have changed, for a recorder
  // (Battle::take_touched_units, rules/touch_tracker.h).
  void touch(int unit) const { touches_.touch(unit); }
  void verify_live(const char* when) const;
  // Ascending ids from live_ whose footprint may lie within `reach_mm` of the box spanned
  // by `a` and `b` (proximity.cc).
  IdList live_near(Vec2 a, Vec2 b, double reach_mm) const;
  void live_near(Vec2 a, Vec2 b, double reach_mm, std::vector<int>& out) const;  // into `out`
  mutable std::vector<RectFrame> frames_;            // frame_of's, by unit
  mutable std::vector<char> framed_;                 // frames_[unit] was worked out
  mutable std::vector<std::uint64_t> frame_stamps_;  // frames_[unit]'s, from frame_clock_
  mutable std::uint64_t frame_clock_ = 0;            // frames worked out so far
  // gap_in's distance in mm between two frames as they were stamped (issue 9: a pair is
  // measured by can_fire_at, can_charge, fire_situation, shot_types and each formation's
  // fire, one exact distance of two rectangles each time), in slots by the pair, the lower
  // id first (kept once for both ways of asking: gap_mm).
  struct KeptGap {
    int a = -1, b = -1;
    std::uint64_t stamp_a = 0, stamp_b = 0;
    double mm = 0;
  };
  mutable std::vector<KeptGap> gaps_;
  double gap_mm(int a, int b) const;  // proximity.cc
  // gap_mm given footprint_of(a) and footprint_of(b), already read by the caller.
  double gap_mm(int a, int b, const Rect& ra, const Rect& rb) const;
  LiveIndex live_;             // footprints while units move: movement to close action (issue 9)
  std::uint64_t refiles_ = 0;  // refile()'s calls so far
  SideFootprints acting_footprints_;  // the acting side's, through the reactive fire (fire.cc)
  UnitSnapshot snap_;                 // this turn's commanders, by side (react mid-turn)
  std::uint64_t frozen_epoch_ = 0;    // frozen_force_epoch: set through order_step only
  void leaders_changed() { leaders_dirty_ = true; }
  mutable std::vector<int> leader_of_;  // attached_leader's answers, by unit
  mutable bool leaders_dirty_ = true;   // a leader attached, detached or fell since
  struct FormationFits {
    int unit = -1;                                    // whose answers `known` holds
    std::vector<std::pair<std::string, bool>> known;  // formation, fits
    Rect footprint;   // the unit's, where its formations are laid out
    int figures = 0;  // layout_figures of the unit
    // While the snapshot stands: the reach (mm) about the unit's centre, where every
    // formation is laid out, within which the units filed were listed (-1: none yet).
    double reach = -1;
    // Of those, the others on the table whose centre bound (clear_among's) `reach` does
    // not pass, with their filed half diagonals: the only ones any formation laid out
    // within `reach` can overlap (issue 9: each formation tried scanned all those listed).
    // One that overlapped a formation is asked first for the next.
    // Each candidate's shadows on the unit's own axes (every formation is laid out about
    // its centre with its facing), found the first time a formation's circle meets its:
    // its centre's offset along them and its half extents (clear_of_cands).
    struct Cand {
      Vec2 centre;
      double half = 0;
      int unit = -1;
      bool shadowed = false;
      double along_f = 0, along_r = 0;  // (its centre - the unit's) · the unit's axes
      double reach_f = 0, reach_r = 0;  // its half extent along each
    };
    std::vector<Cand> cands;
    Vec2 f, r;  // the unit's axes (forward, right) with its facing now
  };
  mutable FormationFits fits_;  // formation_fits, within one legal_actions call
  // Fills a candidate's shadows on fits_' axes (FormationFits::Cand), the formations laid
  // out about `centre`.
  void shadow_on_axes(FormationFits::Cand& c, Vec2 centre) const;
  ObstacleSegments obstacles_;  // the table's, for ordered moves (terrain_move.cc)
  struct FormationFire {
    std::uint64_t epoch = 0;                          // the orders step they hold for
    int unit = -1;                                    // whose answers `known` holds
    std::vector<std::pair<ShortName, double>> known;  // formation, fire_in_formation
    Aims aims;           // aim_at_targets of `unit`, once a formation that fires is asked
    bool aimed = false;  // whether `aims` holds
  };
  mutable FormationFire formation_fire_;  // fire_in_formation, through one orders step
  // cover() of each unit through one orders step (issue 9: every shot and charge the
  // doctrine weighs looked the target's terrain up again; nothing moves or digs in while
  // orders are given). -1: not yet asked.
  struct CoverKept {
    std::uint64_t epoch = 0;  // the orders step they hold for
    std::vector<std::int8_t> known;
  };
  mutable CoverKept cover_kept_;
  // fire_geometry's answers through one orders step, in slots by the pair.
  struct KeptFireGeometry {
    std::uint64_t epoch = 0;  // the orders step it holds for (0: none)
    int unit = -1, target = -1;
    FireGeometry geometry;
  };
  mutable std::vector<KeptFireGeometry> fire_geometry_;
  TouchTracker touches_;  // for a recorder (touch)
};

}  // namespace smoothbore::elan_drill
