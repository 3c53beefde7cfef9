// A battle in progress under one rule set: the state and the rule set's own turn
// sequence. Decisions come from an OrderSource per side (the sim layer's commanders:
// doctrine AI, random, scripted, a human); the rules decide everything else.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/dice/rng.h"
#include "core/events/event.h"
#include "core/force/force.h"
#include "core/table/table.h"
#include "core/text/short_name.h"
#include "rules/scenario.h"

namespace smoothbore {

enum class ActionKind {
  kHold,       // stay put (and rally, where the rule set allows)
  kMove,       // full move toward `destination`, ending facing `facing`
  kFire,       // shoot at `target` (and, where allowed, a reduced move toward `destination`)
  kCharge,     // charge `target`
  kFormation,  // change to `formation`
  kLimber,     // guns: limber up
  kUnlimber,   // guns: unlimber, ending facing `facing`
  // Added for rule sets with reactions and artillery options (fire-and-discipline); a
  // rule set that does not offer them never sees them.
  kCounterCharge,  // reaction: meet the charge of `target` by charging it (see react())
  kHoldFire,       // guns: hold fire this turn to fire at a charger before contact
  kProlonge,       // guns: move by hand (prolonge) to `destination`, instead of firing
  kFace,           // turn in place to `facing` (guns: change the direction of fire)
  kShift,          // a short lateral or backward step to `destination`, keeping facing
};
std::string_view action_kind_name(ActionKind k);

struct Action {
  ActionKind kind = ActionKind::kHold;
  int unit = -1;       // index into Force::units
  int target = -1;     // index into Force::units (fire, charge), or -1
  bool moves = false;  // kMove / kFire: whether `destination` is used
  // Offered but not yet checked (issue 9): only to a commander that takes such offers
  // (OrderSource::checks_offers), which has Battle::check_offers check an action of its kind
  // before it reads anything of it but its kind, unit, target and rate. False in every list
  // legal_actions returns and in every action chosen. Beside `moves`, in the padding before
  // `destination`: an Action stays 112 bytes (the doctrine copies lists of them).
  bool unchecked = false;
  Vec2 destination;   // mm, the unit's intended centre
  double facing = 0;  // bearing at the end of the move
  // The three names below are ShortNames (inline, no heap) so that an Action is trivially
  // copyable: rule sets build and the doctrine AI copies them by the thousand per turn.
  ShortName formation;  // kFormation
  // The rule set's variant of this action when it is not the usual one (empty = usual).
  // F&D: "road" on a kMove is a road march (§4.2c, FD-06, FD-08); on a kFormation to
  // column, a column that will then stand on a road. elan-drill: "road" (D12-07), "full"
  // (& move full, L81), "fire-and-evade" / "limber-and-evade" (charge responses, L123).
  ShortName rate;
  // kFire: the ammunition, where the rule set offers a choice (elan-drill's guns: canister,
  // solid-shot, shell or shrapnel); empty = the rule set's usual fire.
  ShortName shot;
  std::string describe() const;
  // Appends describe()'s text to `out` (issue 9: an order event writes it into its own
  // text, with no string between).
  void describe_to(std::string& out) const;
};
static_assert(std::is_trivially_copyable_v<Action>);
static_assert(sizeof(Action) == 112,
              "an Action grew: rule sets build and copy them by the thousand");

// What a commander may ask of the battle to weigh an action (the odds behind the doctrine
// AI's choices). Values are expectations under the rule set's exact distributions.
struct ActionAssessment {
  double expected_kills = 0;   // fire: expected enemy figures lost
  double win_probability = 0;  // charge: chance the target breaks or is beaten
  double risk = 0;             // chance this action costs us the unit (rout, destruction)
  // charge, counter-charge: chance the enemy is beaten and breaks so that the unit may
  // follow up (pursue); a tie-break between reactions whose other odds are equal.
  double pursuit_probability = 0;
};
// The doctrine AI's thresholds (src/sim/commander.cc), which a rule set may set to its own
// game: the defaults suit units that rout as a whole; a 1:1 skirmish, where the loser of
// each pairing dies, trades well at lower odds.
struct DoctrineThresholds {
  double charge_win = 0.6;    // charge when the chance to win is at least this
  double charge_risk = 0.25;  // and the risk of losing the unit at most this
  double deploy_gain = 1.5;   // take a formation whose fire is this many times the fire now
};
// Reactions (OrderSource::react) are assessed from the reacting unit's side: for the target
// of a charge, a kHold whose `target` is the charger means "stand and receive the charge";
// win_probability is then the chance the charge is beaten (stopped before contact or the
// charger loses the first round) and risk the chance the unit loses the first round.

class Battle;

class OrderSource {
 public:
  virtual ~OrderSource() = default;
  // Picks one of `legal` (never empty; always contains a kHold) for `unit`.
  virtual Action choose(const Battle& battle, int unit, const std::vector<Action>& legal) = 0;
  // A reaction the rules ask for in the middle of a turn, e.g. the target of a charge
  // electing to hold or counter-charge (`legal`: a kHold with `target` = the charger, then
  // a kCounterCharge at the charger where the rules allow one). `legal` is never empty and
  // its first entry is the rules' default. By default the commander's choose() decides.
  virtual Action react(const Battle& battle, int unit, const std::vector<Action>& legal) {
    return choose(battle, unit, legal);
  }
  // Whether choose() reads the `facing` of the kMove actions it is offered. A rule set whose
  // moves turn toward their destination by themselves may then offer moves whose facing is
  // not yet worked out and work it out for the one chosen (issue 9: group-orders, a bearing
  // per candidate move). The doctrine and random commanders do not read it.
  virtual bool reads_move_facing() const { return true; }
  // Whether choose() takes a list whose costly actions are offered unchecked
  // (Action::unchecked) and checks those of a kind (Battle::check_offers) only where it
  // reads them, choosing as it would from legal_actions' list (issue 9: fire-and-discipline
  // probed every move of every unit, most of them for a choice made before the moves are
  // read). The doctrine commander does; react() is always given a checked list.
  virtual bool checks_offers() const { return false; }
};

class Battle {
 public:
  virtual ~Battle() = default;
  virtual const Scenario& scenario() const = 0;
  virtual const Force& force() const = 0;
  virtual const Table& table() const { return scenario().table; }
  virtual int turn() const = 0;  // the turn/bound being or last played, 0 before the first

  // Units of `side` that take an order this turn, in the order they are asked.
  virtual std::vector<int> units_to_order(int side) const = 0;
  // Candidate actions for a unit (a representative legal set: holds, moves toward
  // objectives and enemies, every legal fire and charge target, formation changes).
  virtual std::vector<Action> legal_actions(int unit) const = 0;
  virtual ActionAssessment assess(const Action& a) const = 0;
  // For a commander that checks offers (OrderSource::checks_offers): turns the unchecked
  // actions of `kind` in `legal`, a list the battle offered `unit` in this state, into what
  // legal_actions(unit) lists in their place, in order (an action it would not offer is
  // removed; one may stand for several). The default: a battle that offers none unchecked.
  virtual void check_offers(int unit, ActionKind kind, std::vector<Action>& legal) const {
    (void)unit;
    (void)kind;
    (void)legal;
  }
  // For a commander that checks offers: false only when every action check_offers would list
  // for `unit` in place of its unchecked actions of `kind` would assess 0 expected kills
  // (assess), so that a commander weighing them by those alone may pass them over unchecked.
  // The default: true (only checking them tells).
  virtual bool offers_may_kill(int unit, ActionKind kind) const {
    (void)unit;
    (void)kind;
    return true;
  }
  // Whether it ever offers an action unchecked (check_offers does something): a commander
  // that checks offers asks once per choice and, where not, reads the list as it is without
  // looking for unchecked actions in it (issue 9: group-orders' lists of some thirty actions).
  virtual bool offers_unchecked() const { return false; }
  virtual DoctrineThresholds doctrine_thresholds() const { return {}; }

  // Plays one whole turn: asks `orders[side]` for each unit's action and resolves the
  // rule set's sequence, appending every event to `log`.
  virtual void play_turn(const std::vector<OrderSource*>& orders, EventLog& log) = 0;

  // Strength measures for end conditions (common.md §15), as fractions of the side's
  // starting strength in the rule set's unit of account (figures for 002).
  virtual double broken_fraction(int side) const = 0;  // routed + removed
  virtual double loss_fraction(int side) const = 0;    // casualties
  // The rule set's own victory points, when it has them (000's FD-60): per side, with a
  // short account of each side's points for the narrative. nullopt (the default): the
  // match counts its generic points (common.md §15).
  struct VictoryPoints {
    std::vector<int> points;            // per side
    std::vector<std::string> accounts;  // per side, e.g. "12 boxes, 1 unit ×5 (FD-60)"
  };
  virtual std::optional<VictoryPoints> victory_points() const { return std::nullopt; }

  // What a replay (io/replay/) shows of a unit beyond the core Unit, read from the rule
  // set's own state. `flags` are status flags in neutral names: "routed", "shaken",
  // "disordered", "halted", "engaged" (the page marks these), or a rule set's own word
  // ("surrendered", "shattered"; shown by name). `books` are the rule set's books as
  // (label, value) in plain words: shatter boxes, the order and the one on its way,
  // ratings, guns. The default (battle.cc): "routed" from the unit's status and the
  // flags its markers name, no books.
  struct UnitReport {
    std::vector<std::string> flags;
    std::vector<std::pair<std::string, std::string>> books;
  };
  virtual UnitReport unit_report(int unit) const;
  // Per scenario objective, the index of the side holding it now, or -1. The default is
  // the generic rule of common.md §15 (generic_objective_holders below).
  virtual std::vector<int> objective_holders() const;
  // Unit::footprint() of `unit` as its stands stand now, bit for bit. A rule set that keeps
  // its units' footprints (squad-skirmish's spatial index) returns the kept one instead of
  // turning every stand's corners again (issue 9: the generic holders and the doctrine asked
  // for every unit's footprint at every check and decision).
  virtual Rect unit_footprint(int unit) const {
    return force().units[static_cast<std::size_t>(unit)].footprint();
  }
  // unit_footprint(unit).bounds(), bit for bit. A rule set that files its units' boxes
  // (group-orders' spatial index) returns the filed one (issue 9: the generic holders
  // turned every unit's corners at every check).
  virtual Box unit_bounds(int unit) const { return unit_footprint(unit).bounds(); }
  // The 32-bit words the battle's own dice generator has consumed so far (Rng::draws()),
  // for `smoothbore bench`'s dice per battle; 0 when a rule set does not report it.
  virtual std::uint64_t dice_drawn() const { return 0; }
  // Heavy validation (tests): no overlapping stands, no negative counts, every stand on
  // the table or removed. Returns the violations found, empty when valid.
  virtual std::vector<std::string> invariant_violations() const = 0;

  // Nonzero while the force does not change: a stretch in which every side gives its
  // orders before anything moves (fast-1805's orders step), so a commander may cache what
  // it derives from the whole force (sim/commander.cc). Each stretch gets a new value,
  // unique across battles in the process. 0 (the default): no such promise.
  virtual std::uint64_t frozen_force_epoch() const { return 0; }
  // A fresh value for frozen_force_epoch, unique across battles in the process.
  static std::uint64_t new_frozen_force_epoch();

  // For a recorder that follows the battle event by event (io/replay/recorder.h), so that
  // it need not compare every unit after every event (issue 9: that made `run --log`
  // quadratic). Appends the units the battle touched since the last call and returns true;
  // a unit is touched at or after a change to its core Unit or its unit_report(), before
  // the next event or step, or else is named by the event that follows the change or by
  // the one before it. A battle that returns true changes no leader but those
  // take_touched_leaders names, and its objective_holders() and victory_points() follow
  // standings_follow_presence(). The default, false: not tracked, compare every unit. Rule
  // sets keep the lists in a TouchTracker (rules/touch_tracker.h).
  virtual bool take_touched_units(std::vector<int>* out) const {
    (void)out;
    return false;
  }
  // With take_touched_units: appends the leaders whose Leader (position, attachment, alive)
  // changed since the last call, touched under the same rule as units (an event naming a
  // leader's unit does not name him). The default: a battle that changes no leader.
  virtual void take_touched_leaders(std::vector<int>* out) const { (void)out; }
  // With take_touched_units, when the recorder reads objective_holders() and
  // victory_points() again. true (the default): they change only when some unit's generic
  // presence at an objective does (generic_objective_holders: in good order, footprint
  // within the radius), as the generic holders and points counted from them (SK-22) do.
  // false: a battle with standings of its own derives them from what the recorder records
  // of its units (the core Unit and unit_report()), where a unit's place counts only while
  // its footprint is within an objective's radius; they are read again after any event
  // that changed a unit within a radius (before or after) or anything of a unit but its
  // stands (fire-and-discipline's FD-60 holders and points).
  virtual bool standings_follow_presence() const { return true; }

  // Heavy validation mode: when set, the battle calls `hook(step name)` after every step
  // of its sequence (tests check invariant_violations() there).
  void set_step_hook(std::function<void(std::string_view step)> hook) { hook_ = std::move(hook); }
  // Observers of the sequence (replays, io/replay/recorder.h): `fn(step name)` runs after
  // every step, as the hook does. Observing changes nothing in the battle, so a const
  // Battle takes them. Returns an id for remove_step_observer.
  int add_step_observer(std::function<void(std::string_view step)> fn) const {
    observers_.emplace_back(++last_observer_, std::move(fn));
    return last_observer_;
  }
  void remove_step_observer(int id) const {
    std::erase_if(observers_, [id](const auto& o) { return o.first == id; });
  }

 protected:
  void after_step(std::string_view step) const {
    if (hook_) hook_(step);
    for (const auto& [id, fn] : observers_) fn(step);
  }

 private:
  std::function<void(std::string_view)> hook_;
  mutable std::vector<std::pair<int, std::function<void(std::string_view)>>> observers_;
  mutable int last_observer_ = 0;
};

// Helpers the rule sets' battles share.
// The unit's name, else its id (for the narrative); lives as long as the force's unit.
const std::string& unit_label(const Force& force, int unit);
// An event of `kind` in `turn` naming `unit` and its side (unit -1: none).
Event unit_event(const Force& force, EventKind kind, int turn, int unit, std::string text);
// A quiet log (mc, bench: nobody reads it) only counts events. For one, counts an event of
// `kind` (EventLog::count_quietly, no event built) and returns true: the caller then builds
// no text, records or data.
bool counted_quietly(EventLog& log, EventKind kind);
// Whether `unit` may stand at `r`: on the table and overlapping no other unit on the table
// except `ignore`.
bool place_free(const Table& table, const Force& force, int unit, const Rect& r, int ignore);

// Figures (stands, castings' figures) lost by `side` over its starting figures: those gone
// from units on the table, and every figure of a unit that left it (common.md §15).
double figures_lost_fraction(const Force& force, int side);

// The generic holders of common.md §15: per objective, the side with a unit in good order
// (UnitStatus::kActive) whose footprint is within the radius when no other side has one;
// else -1. With `battle`, its units' footprints are Battle::unit_footprint (the same rects).
std::vector<int> generic_objective_holders(const Scenario& scenario, const Force& force,
                                           const Battle* battle = nullptr);

}  // namespace smoothbore
