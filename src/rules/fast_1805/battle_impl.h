// The 1805 battle (internal to the rule set). One bound, per A2-01:
//   0. upkeep: markers expire, silenced guns try repair, routers move on their timeline;
//   1. orders: each unit's commander picks fire (+½ move), full move, charge, formation
//      change, limber/unlimber, or hold; every unit rolls initiative (L19);
//   2. fire step in initiative order, casualties and morale at once (L9, L19, A2-14);
//   3. move step in the same order (shooters ½, others full, chargers at charge rate);
//   4. close step: chargers in contact test morale to close (L11, A2-13), foot charged by
//      cavalry test to stand (L27, A2-05);
//   5. melee step: simultaneous casualties, morale, push-backs and routs (L13, A2-12).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/dice/chance.h"
#include "core/dice/rng.h"
#include "core/events/event.h"
#include "core/force/proximity.h"
#include "core/geometry/rect_frame.h"
#include "core/geometry/sight.h"
#include "core/table/spatial_index.h"
#include "rules/battle.h"
#include "rules/fast_1805/options.h"
#include "rules/fast_1805/prefilters.h"
#include "rules/fast_1805/resolutions.h"
#include "rules/fast_1805/state.h"
#include "rules/fast_1805/tables.h"
#include "rules/fast_1805/unit_book.h"
#include "rules/touch_tracker.h"

namespace smoothbore::fast_1805 {

inline constexpr double kMm = kMmPerInch;  // mm per inch, the rule unit

class Battle1805 final : public Battle, public NearestEnemyIndex {
 public:
  Battle1805(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream);

  const Scenario& scenario() const override { return scenario_; }
  const Force& force() const override { return force_; }
  int turn() const override { return bound_; }
  std::vector<int> units_to_order(int side) const override;
  std::vector<Action> legal_actions(int unit) const override;
  // legal_actions into `out` (cleared first). Without `move_facings` (a commander that does
  // not read them, OrderSource::reads_move_facing) the facing of a move toward an objective
  // or of the withdrawal is left to settle_facing: -(k + 1) for the k-th direction kept
  // (issue 9: an atan2 per objective per unit). Every other field is legal_actions'.
  void legal_actions_into(int unit, std::vector<Action>& out, bool move_facings) const;
  // Works out the facing legal_actions_into left for `a` (the one chosen): the same bits
  // bearing_of gives there. Any other action is left as it is.
  void settle_facing(Action& a) const;
  ActionAssessment assess(const Action& a) const override;
  void play_turn(const std::vector<OrderSource*>& orders, EventLog& log) override;
  double broken_fraction(int side) const override;
  double loss_fraction(int side) const override;
  std::vector<std::string> invariant_violations() const override;
  std::uint64_t dice_drawn() const override { return rng_.draws(); }
  UnitReport unit_report(int unit) const override;                // report.cc
  bool take_touched_units(std::vector<int>* out) const override;  // report.cc
  std::uint64_t frozen_force_epoch() const override { return frozen_epoch_; }
  // The kept footprint (rect_of: Unit::footprint() bit for bit, invariant_violations()).
  Rect unit_footprint(int unit) const override { return rect_of(unit); }

  // --- geometry-derived situations (situation.cc) ---
  struct FireTarget {
    bool ok = false;
    std::string why_not;
    double range_in = 0;
    double gap_mm = 0;  // range_in in mm (the edge-to-edge gap), once the arc is checked
  };
  // `explain` false leaves why_not empty (the AI asks only whether it can fire).
  FireTarget can_fire_at(int shooter, int target, bool explain = true) const;
  int shooters(int unit, int target) const;
  FireSituation fire_situation(int shooter, int target, bool unmoving) const;
  // fire_situation, kept for the last shooter-target pair while the force is frozen: the
  // doctrine assesses a fire standing and then with a half move toward the same target, and
  // the two situations differ only in `unmoving` (actions.cc).
  FireSituation fire_situation_for_orders(int shooter, int target, bool unmoving) const;
  ArtillerySituation artillery_situation(int shooter, int target) const;
  bool can_charge(int unit, int target, std::string* why_not = nullptr) const;
  MeleeSituation melee_situation(int unit, int enemy, bool charging) const;
  int figures_in_contact(int unit, int enemy) const;
  bool in_woods(int unit) const;
  bool not_for_guns(int unit) const;  // L137: the ground under it forbids guns to fire
  bool in_building(int unit) const;
  bool in_earthworks(int unit) const;
  bool in_stream(int unit) const;
  bool behind_obstacle(int unit, int from) const;
  // Line of sight (L141). While the force is frozen (collect_orders) the answer for each
  // observer-target pair is kept: a unit's fire and charge candidates, and the doctrine,
  // ask the same pairs again, and each answer traces 45 sight lines.
  bool visible(int observer, int target) const;
  // visible() without the per-step answers: the sight lines are traced again unless the pair's
  // footprints and blockers are bitwise those of its last tracing (sight_kept_).
  bool visible_now(int observer, int target) const;
  bool visible_traced(int observer, int target) const;  // always traces (tests)
  double gap_in(int a, int b) const;                    // edge-to-edge, inches
  // distance(frame_of(a), frame_of(b)), kept while neither unit is placed anew (collect_orders
  // asks a pair again: the nearest-enemy search, the fire and charge candidates and the
  // doctrine's assessments each measure it; and most units stand from one bound to the
  // next): the same function of the same frames.
  double gap_mm(int a, int b) const;
  int nearest_enemy(int unit, bool active_only = true) const;
  int nearest_active_enemy(int unit, double* gap) const override;  // spatial.cc
  // nearest_enemy(unit) and, kept for nearest_active_enemy while the force is frozen
  // (collect_orders asks both of each unit), its answer: one search instead of two.
  int nearest_enemy_for_orders(int unit) const;  // spatial.cc
  bool shaken(int unit) const;
  bool disordered(int unit) const;
  bool routed(int unit) const { return force_.units[unit].status == UnitStatus::kRouted; }
  bool active(int unit) const { return force_.units[unit].status == UnitStatus::kActive; }
  bool in_melee(int unit) const { return !state_[unit].melee_with.empty(); }
  double allowance_in(int unit, MoveColumn column) const;
  const CostFn& move_cost(int unit, bool charge) const;
  // scenario_.table.reachable(a, b, budget, cost) for `cost` one of move_costs_ (kept for
  // the battle: its address names it), kept: the answer is a pure function of the two
  // points, the budget and the function (the table never changes), so the same query bit
  // for bit gives the same answer. legal_actions weighs the same moves again each bound for
  // units that have not moved (move_unit does not ask: in the 10,000-stand battle its paths
  // are new, and the look-up cost more than it saved). Out of line: inlined, it made
  // legal_actions dearer in that battle, where it is seldom asked (uniform ground).
  double reachable_kept(Vec2 a, Vec2 b, double budget, const CostFn& cost) const {
    return walk_kept(a, b, budget, cost, /*path=*/false);
  }
  // scenario_.table.path_cost(a, b, cost) the same way, in the same memo (can_charge weighs
  // each charge again each bound).
  double path_cost_kept(Vec2 a, Vec2 b, const CostFn& cost) const {
    return walk_kept(a, b, 0.0, cost, /*path=*/true);
  }
  // uniform_ground_near(table, rect_of(unit).centre, radius, &at) ? cost(at) : -1 (`cost`
  // one of move_costs_), kept per unit until it is placed anew (placed_at_): legal_actions
  // asks it of each unit each bound, and most units stand from one bound to the next.
  double uniform_cost_near(int unit, double radius, const CostFn& cost) const;
  // Routers flee as a mass (L23): at the rout rate, slowed by terrain as a column is.
  CostFn rout_cost(int unit) const;

 private:
  friend class TurnRunner;
  struct Order {
    Action action;
    InitiativeResult initiative;
  };

  // bound phases (battle.cc, fire.cc, move.cc, melee.cc, morale.cc)
  void upkeep(EventLog& log);
  void collect_orders(const std::vector<OrderSource*>& orders, EventLog& log);
  std::vector<int> initiative_order() const;
  void fire_step(EventLog& log);
  void fire_one(int shooter, int target, bool unmoving, EventLog& log);
  void artillery_on_battery(int shooter, int target, int hits, EventLog& log);
  void artillery_on_building(int shooter, int target, int hits, EventLog& log);
  void move_step(bool shooters_only, EventLog& log);
  void close_step(EventLog& log);
  void melee_step(EventLog& log);
  void end_of_bound(EventLog& log);

  // casualties, morale and rout (morale.cc)
  void take_losses(int unit, int figures, EventLog& log, std::string_view cause);
  void morale_test(int unit, int step, EventLog& log, std::string_view why);
  void rout(int unit, EventLog& log, std::string_view why);
  void shake(int unit, EventLog& log, std::string_view why);
  // Shaken (L21, A2-03) and disordered (L17, L21, L33) are core markers on the unit, so
  // commanders and replays see them; they expire at the start of a later bound.
  void mark_shaken(int unit);
  void mark_disordered(int unit);
  void remove_unit(int unit, UnitStatus status, EventLog& log, std::string_view why);
  void end_melee(int unit);

  // movement (move.cc)
  // Moves `unit` straight toward `dest` for at most `budget` of its allowance (1 = full)
  // in `column` rates, stopping short of other units; returns the distance moved (mm).
  double move_unit(int unit, Vec2 dest, double facing, double budget, MoveColumn column,
                   int charge_target, EventLog& log);
  // A forced move (push-back, flight from a burning building): `distance` mm straight
  // away along `direction` whatever the ground, stopping short of other units.
  double forced_move(int unit, Vec2 direction, double distance, EventLog& log);
  bool place_ok(int unit, const Rect& r, int ignore) const;
  bool place_ok(int unit, const RectFrame& r, int ignore) const;  // on the footprint's frame
  // `frame`: the caller's frame of the footprint at that pose, if it has one (placed()).
  void set_pose(int unit, Vec2 centre, double facing, const RectFrame* frame = nullptr);
  void change_formation(int unit, const std::string& formation, EventLog& log);
  void rout_move(int unit, EventLog& log);
  void push_back(int unit, int from, EventLog& log);
  Vec2 away_from_enemy(int unit) const;

  // Marks a unit whose Unit or unit_report() may have changed, for a recorder
  // (Battle::take_touched_units, rules/touch_tracker.h).
  void touch(int unit) const { touches_.touch(unit); }
  void touch_all() const { touches_.touch_all(force_.units.size()); }

  // events
  Event make_event(EventKind kind, int unit, std::string text) const;
  // For a quiet log the emitting steps ask counted_quietly (rules/battle.h) first and hand
  // the resolutions record_for(log, rec) (core/events/event.h).
  const std::string& unit_name(int unit) const;
  // Appends the order event's words for `a` ("move 3.0\" toward (...)", "fire at ...").
  void append_order(std::string& out, const Action& a) const;

  Scenario scenario_;  // without its units (issue 9): force_ has them
  Options options_;
  Force force_;
  std::vector<UnitState> state_;
  std::set<std::string> burnt_;  // building feature ids that caught fire (A2-16)
  Rng rng_;
  SampledChance dice_;
  int bound_ = 0;
  int step_ = 0;            // counter of steps, for once-per-step morale (A2-14)
  UnitBook<Order> orders_;  // this bound's orders by unit (unit_book.h)
  std::vector<int> order_;  // this bound's initiative order
  // (charger, target) pairs that came into contact this bound.
  std::vector<std::pair<int, int>> charges_;
  struct BatteryHits {
    int shooter;
    int target;
    int hits;
  };
  // A2-18 option simultaneous: hits on batteries applied at the end of the fire step.
  std::vector<BatteryHits> deferred_battery_hits_;
  // Set during forced_move(): the distance to move whatever the ground.
  double forced_reach_ = -1;
  struct Ground {
    bool valid = false;
    Rect rect;  // the footprint the flags were computed for
    bool woods = false;
    bool earthworks = false;
    bool stream = false;
    // L137: hill, woods, stream, marsh or rough under the footprint (guns cannot fire).
    bool not_for_guns = false;
  };
  const Ground& ground(int unit) const;
  [[gnu::noinline]] const Ground& ground_again(int unit) const;  // ground() worked out anew
  // Per unit, the ground under its footprint: a cache, not state.
  mutable std::vector<Ground> ground_;
  // move_cost's functions by row * 2 + charge (six rows, MoveRow), built when first asked.
  mutable std::array<CostFn, 12> move_costs_;
  CostFn make_move_cost(MoveRow row, bool charge) const;
  struct UniformKept {
    std::uint64_t at = 0;  // placed_at_ when found (0: nothing kept; placings count from 1)
    const CostFn* cost = nullptr;
    double radius = 0, here_cost = -1;
  };
  mutable std::vector<UniformKept> uniform_kept_;
  // reachable (path false) or path_cost (true) through reach_kept_.
  [[gnu::noinline]] double walk_kept(Vec2 a, Vec2 b, double budget, const CostFn& cost,
                                     bool path) const;
  struct ReachKept {
    std::uint64_t ax = 0, ay = 0, bx = 0, by = 0, budget = 0;  // the query's bits
    const CostFn* cost = nullptr;                              // nullptr: nothing kept
    bool path = false;                                         // path_cost's answer
    double reach = 0;
  };
  mutable std::vector<ReachKept> reach_kept_;  // direct-mapped by the query's hash

  // --- proximity (spatial.cc) ---
  // Every unit's footprint (on the table or not) is cached in fp_ and filed in index_,
  // so that "who is within reach" looks only at nearby units. Whatever changes a stand's
  // rectangle calls placed(unit) at once; invariant_violations() checks they agree.
  const Rect& rect_of(int unit) const { return fp_[static_cast<std::size_t>(unit)]; }
  // rect_of(unit) with its axes and corners, for distances without sin and cos.
  const RectFrame& frame_of(int unit) const { return frame_[static_cast<std::size_t>(unit)]; }
  // `frame`, when given, is the caller's frame of the unit's new footprint (a moved frame,
  // RectFrame::moved_to): kept if its rect is the footprint bit for bit, else worked out.
  void placed(int unit, const RectFrame* frame = nullptr);
  void reserve_indexes();  // before the first placed(): the grids sized for the table
  // Units (any status) whose footprint's bounding box lies within `reach` mm of `r`'s,
  // ascending: a superset of those within `reach` edge to edge (common.md §3.4).
  std::vector<int> near(const Rect& r, double reach) const;
  // index_.query(box, out): the units whose boxes meet `box`, ascending (a scan of the
  // kept boxes for a small force).
  void units_meeting(const Box& box, std::vector<int>& out) const;
  std::vector<int> near(const Box& box) const;
  // near(box) without `unit`'s own side (its side index is not searched): the candidates
  // for fire, charges and the unlimber limit, which only enemies can be. Into `out`, cleared
  // first (its storage reused).
  void enemies_near(int unit, const Box& box, std::vector<int>* out) const;
  mutable std::vector<int> enemies_scratch_;
  // legal_actions' candidates for fire, charges and the unlimber limit: one list within the
  // widest reach, walked for each (nothing asked while it is walked fills it).
  mutable std::vector<int> candidates_;
  mutable std::vector<Vec2> legal_dirs_;  // the directions of the moves' deferred facings
  std::vector<Action> legal_;             // collect_orders' list, one unit's at a time
  template <typename Visit, typename Farther>
  void around_enemies(int unit, bool active_only, Visit visit, Farther farther) const;
  mutable std::vector<std::pair<double, int>> nearest_pending_;  // around_enemies' scratch
  template <typename Key>
  int nearest_of_other_side(int unit, bool active_only, Key key, double* gap_mm) const;
  struct NearestKept {
    std::uint64_t epoch = 0;  // frozen_epoch_ when found; 0 none
    int enemy = -1;
    double gap_mm = 0;
  };
  mutable std::vector<NearestKept> nearest_kept_;  // per unit: nearest_enemy_for_orders
  struct FireKept {
    std::uint64_t epoch = 0;  // frozen_epoch_ when found; 0 none
    int shooter = -1, target = -1;
    FireSituation situation;  // fire_situation(shooter, target, false)
  };
  mutable FireKept fire_kept_;  // fire_situation_for_orders
  struct GapKept {
    std::uint64_t pair = 0;  // a * 2^32 + b
    // placed_at_ of a and b when measured (0: nothing kept; placings count from 1).
    std::uint64_t at_a = 0, at_b = 0;
    double mm = 0;
  };
  // gap_mm's, direct-mapped by the pair's hash: a kept gap holds while neither unit has been
  // placed since (frame_ changes only in placed()), across bounds too.
  mutable std::vector<GapKept> gap_kept_;
  // visible() answers by observer * 2^32 + target, for frozen_epoch_ visible_epoch_.
  mutable std::unordered_map<std::uint64_t, bool> visible_kept_;
  mutable std::uint64_t visible_epoch_ = 0;
  bool visible_past(int observer, int target, bool keep) const;  // visible_now, visible_traced
  // The last traced answer of each observer-target pair (key as visible_kept_), across
  // steps, with what it was traced for: seen_past_friends is a pure function of the two
  // footprints and the blockers (the table never changes), so the same inputs bit for bit
  // give the same answer. Most units stand still from one bound to the next.
  struct SightKept {
    Rect observer, target;
    std::vector<std::pair<int, Rect>> blockers;  // unit, footprint: in the order traced
    bool traced = false;                         // false: nothing kept yet
    bool seen = false;
    // Terrain's verdict on the lines between `observer` and `target` (core sight.h), kept
    // while neither moves: a pair asked again after only the stands between moved.
    SightTerrainMemo terrain;
    int asked = 0;  // the bound it was last asked in
  };
  mutable std::unordered_map<std::uint64_t, SightKept> sight_kept_;
  mutable int sight_kept_bound_ = -1;  // the bound sight_kept_ was last pruned in
  // visible_now()'s scratch, kept to spare an allocation per question.
  mutable std::vector<int> sight_ids_;
  mutable std::vector<Blocker> sight_blockers_;
  mutable std::vector<int> blocker_ids_;  // the unit of each of sight_blockers_
  mutable std::vector<int> place_ids_;    // place_ok's scratch
  std::vector<int> move_in_the_way_;      // move_unit's scratch: the units in the way
  std::vector<SlideWindow> move_window_;  // and the slides over which each may overlap it
  std::vector<Rect> fp_;
  std::vector<RectFrame> frame_;          // RectFrame(fp_[i])
  std::vector<std::uint64_t> placed_at_;  // per unit: placings_ when last placed()
  std::uint64_t placings_ = 0;            // placed() calls so far
  std::vector<Box> index_box_;            // fp_'s bounding boxes
  SpatialIndex index_;                    // every unit
  std::vector<SpatialIndex> side_index_;  // the units of each side
  std::uint64_t frozen_epoch_ = 0;        // Battle::frozen_force_epoch, set in collect_orders
  TouchTracker touches_;
  double small_arms_reach_ = 0;  // mm: the longest small-arms range (R-002-4)
  double artillery_reach_ = 0;   // mm: the longest artillery range (R-002-5)
};

}  // namespace smoothbore::fast_1805
