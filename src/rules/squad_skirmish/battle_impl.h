// The squad-skirmish battle (internal to the rule set). One figure is one man (§1): a unit of
// the scenario is a squad (or a cannon and its crew, or an officer on his own), and each of
// its figures is one core Stand (figures = 1) whose index is the figure's identity for the
// whole battle; a killed figure's stand is `removed`. The rule set's per-figure state (role,
// weapon loaded, reload left, Heroes hits: §13) lives beside it in `figures_`.
//
// A turn (§3, SK-01): build the deck (a card per squad and per officer, or the per-side
// deck), shuffle it with the battle's dice, and draw every card. A squad card activates the
// squad; an officer card activates the officer's squads within 6" together. An activation
// is Morale (when triggered, SK-02, SK-14), Action (move / charge / load / fire) and Melee.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/dice/chance.h"
#include "core/dice/rng.h"
#include "core/events/event.h"
#include "core/force/proximity.h"
#include "core/geometry/rect_frame.h"
#include "core/geometry/sight.h"
#include "core/table/spatial_index.h"
#include "rules/battle.h"
#include "rules/resolution.h"
#include "rules/squad_skirmish/fire_shot.h"
#include "rules/squad_skirmish/flat_memo.h"
#include "rules/squad_skirmish/squad_skirmish.h"
#include "rules/squad_skirmish/terrain_sight.h"
#include "rules/touch_tracker.h"

namespace smoothbore::squad_skirmish {

inline constexpr double kMm = kMmPerInch;  // mm per inch, the rule unit

// Rect::bounds() of a footprint whose axes `f` (rect.forward()) and `r` (rect.right()) are
// already worked out, bit for bit (RectFrame's corners): a squad's figures share its facing,
// so the figures' index files them on one sine and cosine (spatial.cc).
inline Box bounds_on_axes(const Rect& rect, Vec2 f, Vec2 r) {
  const std::array<Vec2, 4> corners =
      corners_on_axes(rect.centre, f, r, rect.depth / 2, rect.width / 2);
  Box b{corners[0], corners[0]};
  for (Vec2 p : corners) {
    b.min = {std::min(b.min.x, p.x), std::min(b.min.y, p.y)};
    b.max = {std::max(b.max.x, p.x), std::max(b.max.y, p.y)};
  }
  return b;
}

enum class Role { kRanker, kLeader, kOfficer };
std::string_view role_name(Role r);
// The index of the point whose farthest other point is nearest (ties: the first): where a
// squad leader stands so that every figure is within 6" of him (L48).
// With `margin`, also the least gap between a point's farthest distance and the best one
// so far less the tie tolerance (a nanometre), over the comparisons that pick it: points
// moved each by less than a sixth of that (the same offsets from another origin) pick the
// same one.
std::size_t most_central(const std::vector<Vec2>& points, double* margin = nullptr);

// §13 figure: {role, loaded, reload_left, hero_hits}.
struct Figure {
  Role role = Role::kRanker;
  bool loaded = true;     // SK-07: all start loaded (sk_07_start_loaded)
  int reload_left = 0;    // Load actions still needed (SK-07; a cannon's are its squad's)
  bool tap = false;       // a rifle tap loaded: its next shot is a musket's (L73)
  bool canister = false;  // a cannon loaded with canister (SK-08: chosen when loading)
  int hero_hits = 0;      // §10 Heroes: 1 flesh wound, 2 wounded (-1), 3 killed
};

// §13 squad: {leader, retreating, lost_since_activation, passed_morale_this_turn}.
struct SquadState {
  int leader = -1;           // stand index of the squad leader, or -1 (killed, §5)
  int leaderless_turn = -1;  // turn the squad lost its leader (SK-17)
  int lost_since = 0;        // figures lost since its previous activation (SK-02)
  int passed_turn = -1;      // turn in which it last passed a morale test (L52)
  bool retreating = false;   // failed by 3+ (L31, SK-14): retreats until it passes
  int faltered_turn = -1;    // failed by 1-2 in this turn: load / fire / cover only (L29)
  int locked = -1;           // in contact: the enemy squad it fights (L87: ties go on)
  bool crossed = false;      // its charge crossed an undefended linear obstacle (L95)
  // Its figures could not close up on a promoted leader (L34-L36; blocked): they close up
  // within sk_11_follow_in at its next move (L48), and are not held to it until then.
  bool unclosed = false;
  bool activated = false;  // has had its card this turn
  // A cannon (SK-08): loaded or not, Load actions left (each crew figure's Load counts 1),
  // canister or ball (chosen when loading).
  bool gun_loaded = true;
  int gun_reload = 0;
  bool gun_canister = true;
  // SK-20: actions still needed to dismount or mount (-1: not begun), and dismounted.
  int dismount_left = -1;
  bool dismounted = false;
  Arm horse_arm = Arm::kCavalry;  // the arm it had mounted
  std::string last;               // last action, for the replay
};

class BattleSK final : public Battle, public NearestEnemyIndex {
 public:
  BattleSK(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream);

  const Scenario& scenario() const override { return scenario_; }
  const Force& force() const override { return force_; }
  int turn() const override { return turn_; }
  std::vector<int> units_to_order(int side) const override;
  std::vector<Action> legal_actions(int unit) const override;  // actions.cc
  ActionAssessment assess(const Action& a) const override;     // actions.cc
  DoctrineThresholds doctrine_thresholds() const override;     // actions.cc
  double formation_value(int unit, const std::string& to) const;
  void play_turn(const std::vector<OrderSource*>& orders, EventLog& log) override;
  double broken_fraction(int side) const override;
  double loss_fraction(int side) const override;
  std::optional<VictoryPoints> victory_points() const override;  // SK-22 scenario-only
  std::vector<std::string> invariant_violations() const override;
  std::uint64_t dice_drawn() const override { return rng_.draws(); }
  UnitReport unit_report(int unit) const override;  // report.cc
  bool take_touched_units(std::vector<int>* out) const override {
    touches_.take_units(force_.units.size(), force_.leaders.size(), out);
    return true;
  }
  // The commanders' nearest enemy (footprint to footprint, active only) from the squads'
  // footprint index (spatial.cc): the answer of sim/commander.cc's scan.
  int nearest_active_enemy(int unit, double* gap) const override;
  std::pair<int, double> nearest_active_enemy_fresh(int unit) const;  // not kept: (unit, gap)
  // The footprint the index keeps (footprint_of; invariant_violations compares it).
  Rect unit_footprint(int unit) const override { return footprint_of(unit); }

  const Figure& figure(int unit, int k) const { return figures_[unit][k]; }
  const SquadState& squad(int unit) const { return squads_[unit]; }
  // The cards of the last turn, in the order drawn ("British 2nd squad", "officer Lt Smith").
  std::vector<std::string> cards_drawn() const;  // deck.cc

  // --- situation (situation.cc) ---
  const std::string& option(const std::string& name) const;
  double option_number(const std::string& name) const;
  bool option_bool(const std::string& name) const;
  bool alive(int unit, int k) const { return !force_.units[unit].stands[k].removed; }
  Vec2 pos(int unit, int k) const { return force_.units[unit].stands[k].rect.centre; }
  std::vector<int> living(int unit) const;
  void living(int unit, std::vector<int>& out) const;  // the same, into `out`
  // Unit::figures(), kept: a squad's figures fall only in kill_figure (invariant_violations
  // compares the two).
  int figure_count(int unit) const { return figures_left_[static_cast<std::size_t>(unit)]; }
  bool is_officer_unit(int unit) const { return arms_[static_cast<std::size_t>(unit)].officer; }
  bool cannon(int unit) const { return force_.units[unit].arm == Arm::kArtillery; }
  bool can_act(int unit) const;  // on the table, not retreating, with figures
  const std::string& quality(int unit) const {
    return arms_[static_cast<std::size_t>(unit)].quality;
  }
  const std::string& weapon(int unit) const { return arms_[static_cast<std::size_t>(unit)].weapon; }
  bool mounted(int unit) const;
  int reload_actions(int unit, bool tap) const;  // L60-L65, L73 (the `reload` resolution)
  bool formed(int unit) const;
  int ranks(int unit) const;        // ranks of its formed layout (SK-09)
  bool leaderless(int unit) const;  // §5, SK-10: out of command until promotion
  Vec2 anchor(int unit) const;      // the squad leader, else the figure nearest its centre
  double gap_in(int a, int b) const;
  bool gap_within(int a, int b, double limit_in) const;  // gap_in(a, b) <= limit_in
  // Units of other sides than `unit`'s with a figure (not removed, on the table) in the box of
  // `unit`'s living figures grown by `mm`: a superset of those within `mm`, ascending, in `out`
  // (the squads' footprint index, then their figures' boxes: spatial.cc).
  void enemies_near(int unit, double mm, std::vector<int>& out) const;
  std::vector<int> enemies_near_scan(int unit, double mm) const;  // by a scan of every unit (tests)
  int nearest_enemy(int unit) const;        // the spatial index (spatial.cc), kept
  int nearest_enemy_fresh(int unit) const;  // the same, not kept
  int nearest_enemy_scan(int unit) const;   // the same by a scan of every unit (tests)
  double max_move_in(int unit) const;       // SK-12, SK-14
  bool sees(Vec2 a, Vec2 b) const;          // SK-06 line of sight over terrain
  bool sees_figure(int unit, int k, int target, int j) const;       // and past other figures
  bool sees_figure_scan(int unit, int k, int target, int j) const;  // by a scan (tests)
  // SK-19 (cover.cc): "none", "soft" or "hard" (views of constants).
  std::string_view cover_of(int target, Vec2 from) const;
  std::string_view cover_at(Vec2 p, Vec2 from) const;  // one figure's cover
  double range_in(int unit, int k, int target) const;  // SK-06, -1 if none visible
  // The same, or -1 as soon as it is known to be over `limit_in` (the nearest first).
  double range_within(int unit, int k, int target, double limit_in) const;
  double trace_range(int unit, int k, int target, double limit_in) const;  // unmemoised
  std::string_view judge_cover(int target, Vec2 from) const;               // unmemoised
  std::string_view judge_cover_scan(int target, Vec2 from) const;          // plainly (tests)
  bool in_range(int unit, int k, int target) const;                        // SK-06
  // in_range is false for every figure of `unit`: the footprints' boxes (which hold the figures'
  // centres) are farther apart than any figure fires (situation.cc).
  bool out_of_fire(int unit, int target) const;
  std::vector<int> officers_near(int side, Vec2 p, double inches) const;  // {unit*100+k}
  // The same by a scan of every officer (what a battle with few officers does; tests).
  std::vector<int> officers_near_scan(int side, Vec2 p, double inches) const;
  static constexpr std::size_t kFewOfficers = 16;
  bool can_charge(int unit, int target) const;
  bool restricted(int unit) const;  // load / fire / cover only (L29, L36)
  std::map<std::string, Value> fire_params(int unit, int k, int target, bool volley) const;
  // fire_params() typed (fire_shot.h), for the battle's fire and the doctrine's expected
  // kills: the squad's fields, then one figure's (its cover's text kept in `cover`, which the
  // situation views).
  detail::FireSituation squad_fire(int unit, int target, bool volley) const;
  void figure_fire(int unit, int k, int target, detail::FireSituation& f) const;
  // Pieces of fire_params that the doctrine's typed shots share (situation.cc).
  bool wounded_hero(int unit, int k) const;   // L99, §10: his fire at -1
  bool formed_target(int target) const;       // SK-09: the target counts as formed (+1)
  int canister_cap(int target) const;         // SK-08: the canister chain's kill limit
  bool officer_with(int target) const;        // SK-05: an officer within reach of its anchor (kept)
  bool officer_with_fresh(int target) const;  // the same, asked of the officers now
  // L21-L25: a squad's morale test, typed, and as the `morale` (or `charge`'s, `prefix`)
  // parameters.
  detail::MoraleSituation morale_situation(int unit, bool rallying) const;
  std::map<std::string, Value> morale_params(int unit, bool rallying,
                                             const std::string& prefix) const;
  std::map<std::string, Value> melee_params(int a_unit, int a_k, int b_unit, int b_k, bool charging,
                                            bool versus_two) const;
  Outcome resolve(const std::string& name, const std::map<std::string, Value>& given,
                  std::vector<RollRecord>* rolls);
  // actions.cc, cached; `as`: "formed", "open" or "dismounted" for the fire the squad would
  // give after that formation change (its loaded figures, where they stand).
  double expected_kills(int unit, int target, std::string_view as = "") const;
  struct ChargePath {
    Vec2 stop;             // where the leader's charge move ends
    bool crossed = false;  // an undefended linear obstacle on the way (L95: no +1)
    double inches = 0;     // the leader's move
  };
  ChargePath charge_path(int unit, int target) const;  // melee.cc

 private:
  // the turn (battle.cc, deck.cc)
  std::vector<std::pair<int, int>> build_deck() const;  // (unit, officer figure or -1)
  std::string card_name(int unit, int officer) const;
  void squad_deck_turn(const std::vector<OrderSource*>& orders, EventLog& log);
  void side_deck_turn(const std::vector<OrderSource*>& orders, EventLog& log);
  void end_of_turn(EventLog& log);
  void replace_officers(EventLog& log);  // SK-18 leader-promoted
  // an activation (activation.cc)
  void activate(int unit, int officer, const std::vector<OrderSource*>& orders, EventLog& log);
  bool morale_step(int unit, bool rallying, EventLog& log, bool immediate);
  void promote(int unit, const std::string& why, EventLog& log);
  void officer_promotes(int unit, int k, EventLog& log);
  // movement (move.cc)
  // `movers` (SK-11 split): only these figures move (the leader among them); the others stay
  // and the leader goes no farther than keeps them within sk_11_follow_in of him.
  double move_squad(int unit, Vec2 dest, double budget_in, int target, EventLog* log,
                    const std::vector<int>& movers = {});
  double roll_move(int unit, Vec2 dest, std::vector<RollRecord>* rolls);
  bool place(int unit, Vec2 leader_at, double facing, int contact_with,
             const std::vector<int>& movers = {});
  // place() in two steps, for a move's attempts: the figures to place (place_figs_: `movers`,
  // or the living figures), then each attempt at laying them out.
  void place_figures_of(int unit, const std::vector<int>& movers);
  bool place_figures(int unit, Vec2 leader_at, double facing, const std::vector<int>& movers);
  // SK-11 per-figure: the loaded figures advance with the leader, the unloaded ones stay and
  // load (move.cc).
  void split_move(int unit, Vec2 dest, EventLog& log);
  void retreat(int unit, const std::string& why, EventLog& log);
  // SK-09 open / formed, or SK-20 "dismounted" (formation.cc).
  void change_formation(int unit, const std::string& to, EventLog& log);
  int anchor_figure(int unit) const;        // the leader, else the figure nearest the centre
  int anchor_figure_fresh(int unit) const;  // the same, the nearest worked out now

 public:
  // SK-15: the nearest cover within the maximum move (or `within_in`).
  bool cover_destination(int unit, Vec2* dest, double within_in = -1) const;
  Vec2 area_centre(int area) const;  // the mean of a terrain area's corners (move.cc)
  // SK-11, L48: how far (mm) a figure of `unit` may stand from its leader: sk_11_follow_in,
  // or, where the squad cannot close that tight (place closes it no nearer than bases in
  // contact), the farthest figure of its starting layout closed up that way.
  double follow_reach(int unit) const;

 private:
  // fire and loading (fire.cc)
  void fire(const std::vector<std::pair<int, int>>& shots, EventLog& log);  // (unit, target)
  // The Load actions (SK-07: sk_07_actions per activation, less `spent`) of every unloaded
  // figure; a figure that `fired` in this activation has one fewer (a cannon: any figure).
  void load(int unit, EventLog& log, const std::vector<int>& fired = {}, int spent = 0);
  // The victims' notes go in `e` unless `log` (where `e` goes) is quiet.
  void kill(int unit, const std::string& victim, int kills, Vec2 from, Event& e,
            const EventLog& log);
  void kill_figure(int unit, int k, Event& e, const EventLog& log);
  void hit_leader(int unit, int k, Event& e, const EventLog& log);
  // charge and melee (melee.cc)
  void charge(int unit, int target, EventLog& log);
  void melee(int attacker, int defender, bool charging, bool crossed, EventLog& log);

  // What a squad's attributes (which never change in a battle) and the options the hot loops
  // read make of it, looked up by name once (arms.cc) instead of in every range test.
  struct Arms {
    std::string weapon;              // `weapon` attribute (default musket)
    std::string quality;             // `quality` attribute (default regular)
    bool mounted_attribute = false;  // `mounted` attribute
    double effective_in = 0;         // its weapon's effective range (fire.weapons), inches
    double close_in = 0;             // and its close range
    bool officer = false;            // an officer on his own (type "officer")
    int reload = 0;                  // its weapon's Load actions (fire.weapons reload, L60-L65)
    int tap_reload = 0;              // a rifle's tap (tap_reload, L73), or `reload`
  };
  struct HotOptions {
    bool pistol_only = false;        // sk_20_mounted_fire = pistol-only
    bool figures_block = false;      // sk_06_figures_block != none
    bool measure_leader = false;     // sk_06_measure = squad-leader
    double musket_effective_in = 0;  // a tap-loaded rifle's shot (L73)
    double cavalry_max_in = 0;       // movement.arms max (SK-12)
    double infantry_max_in = 0;
    // The `fire` parameters the options set (fire_params): SK-03, SK-04, SK-05, SK-08, SK-24.
    bool natural_face = false;
    bool natural_kills = false;
    bool missing_ranker = false;
    bool chain = false;
    bool ball_close = false;
    // SK-19 sk_19_cover_share: 0 half-or-more, 1 majority, 2 all (judge_cover).
    int cover_share = 0;
    // What the doctrine's decisions, fire and moves read of the other options, typed.
    bool charge_any_distance = false;   // sk_12_charge_reach = any-distance
    bool chain_limit_none = false;      // sk_08_chain_limit = none
    double officer_in = 0;              // sk_05_officer_in, inches
    bool formed_any_ranks = false;      // sk_09_formed = contact-any-ranks
    bool formed_target = false;         // sk_09_formed_target
    bool heroes = false;                // sk_heroes
    bool heroes_officers = false;       // sk_21_heroes_officers
    bool volley_any_squads = false;     // sk_23_volley_source = any-squads
    bool volley_formed_only = false;    // sk_23_volley_source = formed-squads
    double volley_min = 0;              // sk_23_volley_min
    bool split_per_figure = false;      // sk_11_split = per-figure
    bool gun_move_1d6 = false;          // sk_08_gun_move = crew-1d6
    double gun_move_crew = 0;           // sk_08_gun_move_crew
    bool cover_stay = false;            // sk_15_cover = stay
    double follow_in = 0;               // sk_11_follow_in, inches
    double obstacle_in = 0;             // sk_11_obstacle_in, inches
    double command_in = 0;              // sk_10_command_in, inches
    double actions = 0;                 // sk_07_actions
    bool casualty_immediate = false;    // sk_02_casualty_test = immediate
    bool road_any_part = false;         // sk_11_road = any-part
    bool terrain_whole_half = false;    // sk_11_terrain = whole-move-half
    bool terrain_double_cost = false;   // sk_11_terrain = double-cost
    bool move_roll_per_figure = false;  // sk_11_move_roll = per-figure
    double promotion_in = 0;            // movement.distances field-promotion (L34-L36)
    double officer_reach_in = 0;        // movement.distances officer-reach (L25, SK-16)
    bool rally_present = false;         // sk_16_rally = officer-present
  };
  void read_arms();
  std::vector<Arms> arms_;
  HotOptions hot_;

  // The event of `kind` for `unit` (or -1) with its narrative, for `log`; for a quiet log
  // (EventLog::quiet: mc, bench) its kind only, as nobody reads it. A quiet battle makes no
  // narrative text, roll records, event data nor strings only for the log; the dice and every
  // decision never read them.
  Event make_event(const EventLog& log, EventKind kind, int unit, std::string text) const;
  // Appends that event with the narrative `text()` gives, worked out only when it is kept.
  template <class Text>
  void emit(EventLog& log, EventKind kind, int unit, Text&& text) const {
    log.append(make_event(log, kind, unit, log.quiet() ? std::string() : std::string(text())));
  }
  std::string name(int unit) const;

  // The figures' spatial index (spatial.cc, issue 9): every living figure under its figure id
  // (fig_base_[unit] + k, ascending in unit then figure order, so a query's ids come in the
  // order a scan of every unit would meet them), in one index for the table (a side's figures
  // are its ids of that side's units: one index to keep as figures move, not two). place() and
  // kill_figure() keep it current; queries still check status and `removed`.
  void index_build();
  // After its figures were placed; `axes` (optional) is a frame whose f and r are the axes of
  // its facing (rect.forward(), rect.right()), for the figures that face so: no sine and cosine.
  void index_update(int unit, const RectFrame* axes = nullptr);
  void index_remove(int unit, int k);  // a figure killed
  // Unit::footprint(), kept by the index once built (it turns every corner: sine and cosine).
  Rect footprint_of(int unit) const {
    return fp_.empty() ? force_.units[unit].footprint() : fp_[static_cast<std::size_t>(unit)];
  }
  // Units of `side` with a figure filed within the box of `at` grown by `mm` (a superset of
  // those with a figure within `mm`), ascending.
  std::vector<int> units_near(int side, Vec2 at, double mm) const;
  // Figure ids of any side in `box` (ascending), into `out`.
  void figures_in(const Box& box, std::vector<int>& out) const;
  // Squads of any side whose footprint's box meets `box` (ascending), into `out`.
  void squads_in(const Box& box, std::vector<int>& out) const;
  bool sees_figure_past(int unit, int k, int target, int j, bool scan) const;  // sees_figure
  // The officers (unit * 100 + figure, ascending), maintained when a figure becomes one.
  void note_officer(int unit, int k);

  Scenario scenario_;
  Force force_;
  std::vector<std::vector<Figure>> figures_;
  std::vector<int> figures_left_;  // by unit: Unit::figures() (figure_count)
  std::vector<SquadState> squads_;
  // The last turn's cards as drawn: (unit, officer or -1); named only when asked (cards_drawn,
  // a logged card's text), not for a quiet battle's every card.
  std::vector<std::pair<int, int>> cards_;
  std::vector<int> officers_start_;                  // per side, officers at the start (SK-22)
  std::vector<std::pair<int, Vec2>> officers_lost_;  // this turn: (unit, where he fell), SK-18
  Rng rng_;
  SampledChance dice_;
  int turn_ = 0;
  std::string phase_;
  // While a commander decides (legal_actions, then assess for each action: activate), the
  // doctrine asks each (unit, target, `as`) -> expected kills of every fire action and again of
  // every formation change; they depend on the figures' loads, so they are kept for one
  // decision only. Off (and empty) outside a decision.
  struct RangeHash {
    std::size_t operator()(std::uint64_t key) const { return mix64(key); }
  };
  // A squad's shots at a target as count_expected_kills weighs them, whatever formation it
  // asks about (which sets only the volley and the mounted -1): its living figures, and each
  // loaded figure in range's typed shot; a cannon's kills whatever it asks.
  struct SquadShots {
    int unit = -1;
    int target = -1;
    int figures = 0;
    bool cannon = false;
    double cannon_kills = 0;
    std::vector<detail::FireSituation> shots;
  };
  struct DecisionMemo {
    bool on = false;
    FlatMemo<std::uint64_t, double, RangeHash> kills;
    // Each (unit, target)'s shots asked in this decision: [0, used) of `shots` (the storage is
    // kept for the next decision).
    std::vector<SquadShots> shots;
    std::size_t used = 0;
    void clear() {
      on = false;
      kills.clear();
      used = 0;
    }
  };
  // Each figure's range to a target and each cover judgement, traced once while nothing on the
  // table changes: (unit, figure, target) -> (range or -1, the limit it was traced to), and
  // (target, firer's position) -> cover. They depend only on where the figures stand, which
  // are on the table and the squad leaders (sk_06_measure squad-leader), so they serve every
  // decision and the fire that follows until a figure is placed or killed, a squad leaves the
  // table or a leader changes (world_changed).
  // The firer's position by value (a -0.0 is stored as 0.0, so equal keys hash alike), and
  // the target's figures' epoch (cover_epoch_) when judged.
  struct CoverKey {
    int target = -1;
    std::uint32_t epoch = 0;
    double x = 0;
    double y = 0;
    bool operator==(const CoverKey&) const = default;
  };
  struct CoverKeyHash {
    std::size_t operator()(const CoverKey& k) const {
      return mix64(std::bit_cast<std::uint64_t>(k.x) ^
                   mix64(std::bit_cast<std::uint64_t>(k.y) + static_cast<std::uint64_t>(k.target) +
                         (static_cast<std::uint64_t>(k.epoch) << 32)));
    }
  };
  struct SightMemo {
    FlatMemo<std::uint64_t, std::pair<double, double>, RangeHash> range;
    FlatMemo<CoverKey, std::string_view, CoverKeyHash> cover;
  };
  // What a figure's cover owes to where it stands (cover.cc): hard ground, woods, and the
  // linear obstacle segments within 2" of it ([begin, end) of its squad's `segments`).
  struct ObstacleSegment {
    Segment segment;
    bool wall = false;  // its id names a wall or stone: hard cover
  };
  struct FigureCover {
    Vec2 at;
    bool hard = false;
    bool woods = false;
    int begin = 0;
    int end = 0;
  };
  // A squad's living figures' FigureCover, for its cover_epoch_; `any`: some figure could be
  // in cover from some direction.
  struct SquadCover {
    bool known = false;
    std::uint32_t epoch = 0;
    bool any = false;
    std::vector<FigureCover> figures;
    std::vector<ObstacleSegment> segments;
  };
  void obstacles_near(Vec2 p, std::vector<ObstacleSegment>& out) const;
  static std::string_view cover_toward(Vec2 p, Vec2 from, const ObstacleSegment* begin,
                                       const ObstacleSegment* end, bool in_woods);
  const SquadCover& squad_cover(int target) const;
  mutable std::vector<SquadCover> squad_cover_;  // by unit
  // Marks a squad whose Unit or unit_report() may have changed, for a recorder
  // (Battle::take_touched_units, rules/touch_tracker.h).
  void touch(int unit) const { touches_.touch(unit); }
  // Forgets the ranges: a figure moved or fell, a squad left the table, a leader changed.
  void world_changed() {
    sight_.range.clear();
    ++world_version_;
  }
  // Counts the figures' moves and falls, squads leaving the table and new leaders: what
  // nearest_enemy keeps is kept for one version (kept_answer).
  std::uint64_t world_version_ = 0;
  // A unit's answer kept for the world's version and `status` (status_version_, or 0 where
  // the statuses do not change it): fresh() once either moved on. With check_kept, a kept
  // answer is compared with a fresh one (counted in kept_checks_ and `*checks`).
  template <typename T>
  struct KeptAnswer {
    std::uint64_t world = 0;  // world_version_ + 1 when kept (0: never)
    std::uint64_t status = 0;
    T value{};
  };
  template <typename T, typename Fresh>
  T kept_answer(std::vector<KeptAnswer<T>>& memo, int unit, std::uint64_t status, int* checks,
                Fresh fresh) const {
    if (memo.size() != force_.units.size()) memo.assign(force_.units.size(), {});
    KeptAnswer<T>& kept = memo[static_cast<std::size_t>(unit)];
    if (kept.world == world_version_ + 1 && kept.status == status) {
      if (check_kept_) {
        ++kept_checks_;
        if (checks != nullptr) ++*checks;
        if (kept.value != fresh()) ++kept_mismatches_;
      }
      return kept.value;
    }
    kept = {world_version_ + 1, status, fresh()};
    return kept.value;
  }
  mutable std::vector<KeptAnswer<int>> nearest_kept_;  // by unit
  // nearest_active_enemy's (unit, gap), found with nearest_enemy_fresh's search (spatial.cc).
  mutable std::vector<KeptAnswer<std::pair<int, double>>> active_kept_;  // by unit
  // Counts the squads' changes of status (routed, rallied, off the table, wiped out).
  std::uint64_t status_version_ = 0;
  void set_status(Unit& u, UnitStatus s) {
    u.status = s;
    ++status_version_;
  }

 public:
  // The sum of the anchors of a side's squads that can act (no officer on his own, no cannon),
  // in unit order, and their count: an officer's move goes behind their middle (legal_actions).
  // Kept per side for the world's and the statuses' versions (a battle of 1,000 squads a side
  // summed them for every officer's card).
  struct SideMiddle {
    std::uint64_t world = 0;  // world_version_ + 1 when kept (0: never)
    std::uint64_t status = 0;
    Vec2 sum{0, 0};
    int n = 0;
  };
  SideMiddle squads_middle(int side) const;        // kept
  SideMiddle squads_middle_fresh(int side) const;  // summed now

  // A test switch: every answer a memo kept for the world's version (nearest_enemy) and every
  // layout place() kept (its offsets) is compared with a fresh one, and each difference counted.
  void check_kept(bool on) const { check_kept_ = on; }
  int kept_mismatches() const { return kept_mismatches_; }
  int kept_checks() const { return kept_checks_; }
  int layout_checks() const { return layout_checks_; }    // place()'s kept layout offsets
  int middle_checks() const { return middle_checks_; }    // squads_middle's kept sums
  int blocker_checks() const { return blocker_checks_; }  // place()'s first-tried blocker
  int officer_checks() const { return officer_checks_; }  // officer_with's kept answers
  int anchor_checks() const { return anchor_checks_; }    // a leaderless squad's kept anchor
  int shots_checks() const { return shots_checks_; }      // a decision's kept SquadShots
  int central_checks() const { return central_checks_; }  // place()'s kept central slot
  int active_checks() const { return active_checks_; }    // nearest_active_enemy's kept answers

 private:
  // officer_with's answer per target, kept for the world's and the statuses' versions: the
  // target's anchor and the officers' places, lives and roles change only with the world
  // (placed, killed, promoted: world_changed), their squads' presence on the table with both.
  mutable std::vector<KeptAnswer<bool>> officer_kept_;  // by target
  mutable int officer_checks_ = 0;
  // A leaderless squad's anchor (its figure nearest its footprint's centre) kept for the world's
  // version, which every placing, fall and change of leader counts.
  mutable std::vector<KeptAnswer<int>> anchor_kept_;  // by unit
  mutable int anchor_checks_ = 0;
  mutable int shots_checks_ = 0;
  mutable int active_checks_ = 0;
  mutable std::vector<SideMiddle> side_middle_;  // by side (squads_middle)
  mutable bool check_kept_ = false;
  mutable int kept_mismatches_ = 0;
  mutable int kept_checks_ = 0;
  int layout_checks_ = 0;
  mutable int middle_checks_ = 0;
  int blocker_checks_ = 0;
  int central_checks_ = 0;
  // A cover judgement (judge_cover) depends only on the target's living figures and the
  // terrain, so it is kept until that squad's figures move or fall: each squad's epoch is
  // part of the key. Bounded: cleared past kMaxCover judgements.
  void figures_changed(int unit) {
    touch(unit);  // its stands moved or fell
    ++world_version_;
    if (cover_epoch_.empty()) {
      sight_.cover.clear();  // before index_build
    } else {
      ++cover_epoch_[static_cast<std::size_t>(unit)];
    }
  }
  static constexpr std::size_t kMaxCover = 1 << 16;
  std::vector<std::uint32_t> cover_epoch_;                                       // by unit
  double count_expected_kills(int unit, int target, std::string_view as) const;  // unmemoised
  void squad_shots(int unit, int target, SquadShots& out) const;                 // worked out now
  double shots_kills(const SquadShots& s, std::string_view as) const;
  mutable DecisionMemo memo_;
  mutable SightMemo sight_;
  // Terrain sight between two points (sees), kept per thread across battles on the same
  // terrain (terrain_sight.h).
  TerrainSight terrain_sight_;
  SpatialIndex all_figs_{100.0};
  std::vector<int> fig_base_;  // by unit: the id of its figure 0
  std::vector<int> fig_unit_;  // by figure id
  std::vector<int> officers_;  // unit * 100 + figure of every figure made an officer
  // The leaderless squads (leaderless_turn >= 0), ascending: an officer's card looks for them
  // (officer_promotes), and a scan of every squad per card was a seventh of a 10,000-figure turn.
  std::vector<int> leaderless_;
  TouchTracker touches_;                  // for a recorder (touch)
  std::vector<SpatialIndex> side_units_;  // per side: the units' footprints
  std::vector<Box> fp_box_;               // by unit: its footprint's bounding box
  std::vector<Rect> fp_;                  // by unit: its footprint (Unit::footprint) now
  std::vector<RectFrame> fp_frame_;       // by unit: RectFrame(fp_)
  // fp_, fp_box_, fp_frame_ and side_units_ (axes: as index_update's).
  void refile_footprint(int unit, const RectFrame* axes = nullptr);
  mutable std::vector<int> near_ids_;                  // scratch of enemies_near
  mutable std::vector<int> sight_ids_;                 // scratch of sees_figure
  mutable std::vector<int> squad_ids_;                 // scratch of squads_in
  mutable std::vector<Blocker> blockers_;              // scratch of sees_figure
  mutable std::vector<int> targets_;                   // scratch of the target loops (actions.cc)
  mutable std::vector<int> officer_ids_;               // scratch of officers_near
  mutable std::vector<int> kill_figs_;                 // scratch of count_expected_kills
  mutable std::vector<int> kill_shooters_;             // scratch of count_expected_kills
  mutable SquadShots kill_shots_;                      // count_expected_kills outside a decision
  mutable std::vector<Vec2> area_centres_;             // by area: area_centre
  mutable std::vector<std::pair<double, int>> order_;  // scratch of trace_range
  // scratch of the nearest searches (spatial.cc): units seen, by their boxes' gap
  mutable std::vector<std::pair<double, int>> nearest_pending_;
  std::vector<int> place_ids_;                           // scratch of place()
  std::vector<std::pair<int, const Stand*>> place_way_;  // scratch of place(): figures in the way
  std::vector<int> place_figs_;                          // scratch of place()
  std::vector<Vec2> place_at_;                           // scratch of place()
  // place()'s layout offsets for the squad, figures, arm, formation and facing it last laid
  // out (the attempts of one move share them), and its slots.
  struct PlaceMemo {
    int unit = -1;
    int figures = 0;
    Arm arm = Arm::kFoot;
    double facing = 0;
    std::string formation;
    LayoutPlan offsets;
    RectFrame frame;      // a slot's frame at the origin (its axes and half sizes)
    double half = 0;      // half a slot's diagonal and a millimetre: its box's reach
    double diagonal = 0;  // a slot's diagonal, as overlaps(Rect, Rect) works it out
    // The most central slot of the offsets (most_central) and its margin: the slot at every
    // leader's spot whose rounding moves the slots by less than a sixth of it.
    std::size_t centre = 0;
    double centre_margin = 0;
  };
  PlaceMemo place_plan_;
  std::vector<Stand> place_slots_;             // scratch of place()
  std::pair<int, int> place_blocker_{-1, -1};  // (unit, figure id) that stopped place() last
};

}  // namespace smoothbore::squad_skirmish
