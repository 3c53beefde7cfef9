// The state of a Fire and Discipline battle beyond the core Force (000.md §14 data model):
// per-unit shatter boxes, morale status, orders and memory, artillery components, and the
// messengers carrying orders. The battle sequence (phases I-VII, 000.md §4) is built on
// it; the modules that work on it (kill_zone.*, casualties.*, command.*) each own one
// concern and are tested on their own.
//
// Units and stands: Force::units[i] is a tactical unit (regiment, troop/squadron, gun
// section); its Stands are company/troop stands or half-stands (Stand::castings holds the
// castings; a stand with 0 castings is removed, FD-20). Distances here are in yards
// (rule unit); positions in the Force are table millimetres: convert with `mm_per_yd`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/force/force.h"
#include "core/table/table.h"
#include "rules/fire_and_discipline/corridor_memo.h"
#include "rules/fire_and_discipline/options.h"
#include "rules/fire_and_discipline/stand_grid.h"
#include "rules/scenario.h"
#include "rules/touch_tracker.h"

namespace smoothbore::fire_and_discipline {

// Operational directives (§2.41, FD-52).
enum class OrderKind { kGeneralAdvance, kAssault, kHold, kWithdrawal };
std::string_view order_kind_name(
    OrderKind k);  // "general-advance", "assault", "hold", "withdrawal"

struct Order {
  OrderKind kind = OrderKind::kHold;
  std::string feature;  // Assault / Hold: a terrain feature or objective id; empty = none
};

// Tactical order chits (§2.5, optional): R/L turn right/left up to 90° and move or hold if
// charged, H move but hold if charged, C move and may counter-charge, A charge straight
// ahead, U artillery unlimbers. What each permits: chits.h.
enum class Chit { kRight, kLeft, kHold, kCounterCharge, kAttack, kUnlimber };

struct UnitState {
  int rating = 2;             // Morale Rating = MMG (§5.1, FD-30)
  int shatter_boxes = 0;      // stands at the start × max(1, rating) (§5.11)
  int boxes_marked = 0;       // hits and attrition recorded (FD-20)
  int halted_until = -1;      // Halted through the Movement phase of this turn (FD-25)
  int disordered_until = -1;  // after fleeing: may only reform in place (FD-26)
  bool fled_this_turn = false;
  std::vector<int> engaged_with;  // units locked in melee from a prior turn (§8.45)
  int last_target_unit = -1;      // FD-38 "same target"
  int last_target_stand = -1;     // FD-38 option same_target "stand"
  int last_target_turn = -1;

  // Command (§2): the order it acts on, and the effects of losing a commander (§2.34).
  Order order;
  int leader = -1;               // its regimental commander (Force::leaders), or -1
  int commander_lost_turn = -1;  // next Administration: morale check; no charge then
  bool surrendered = false;
  // §2.5 (option tactical_chits): the chit placed face down in this turn's Phase I (or
  // given by FD-55 at the reveal), and whether Phase V has revealed it.
  std::optional<Chit> chit;
  bool chit_revealed = false;

  // Artillery sections (§6, FD-16..FD-19).
  int pdr = 0;
  int guns = 0;                           // 1 or 2
  int gun_hits = 0;                       // 1 halves firepower, 2 destroys the guns
  int crew = 0;                           // crew castings (2 per gun at the start)
  int limber_hits = 0;                    // ¼ movement each; 4 = immobile
  int ball = 0, canister = 0, shell = 0;  // barrage allotment left (§6.22; FD-17 "gun": × guns)
  bool captured = false;                  // FD-19, FD-64: the guns are the enemy's (§6.62)
  int captured_by = -1;                   // the side that took them
  bool hold_fire = false;                 // §6.4d
  // FD-19, §5.5 "gun crews flee without the guns": the crew (the unit's stand) has left
  // its unlimbered guns, which stand at `guns_at` (table mm) until re-manned or captured.
  bool guns_abandoned = false;
  Rect guns_at;
  int recrewed_turn = -1;  // re-manned in this turn's Artillery phase: fires next turn

  bool shattered() const { return shatter_boxes > 0 && boxes_marked >= shatter_boxes; }
  bool over_half() const { return 2 * boxes_marked > shatter_boxes; }  // §5.2 −1
  bool halted(int turn) const { return halted_until >= turn; }
};

// A messenger (courier) carrying an order from a brigade commander to a regimental
// commander at cavalry charge speed, 120 yd a turn (§2.41). It cannot be targeted or
// charged (§3.31, FD-50).
struct Messenger {
  int from_leader = -1;
  int to_leader = -1;  // the regimental commander it rides to
  Order order;
  Vec2 position;  // table mm
  int sent_turn = 0;
  int arrived_turn = -1;     // the Movement phase in which it reached its recipient
  bool delivered = false;    // signalled to the recipient's stands (next Administration)
  bool intercepted = false;  // FD-50 option: taken by an enemy stand; the order is lost
};

// The units and leaders whose recorded state changed since the replay recorder last asked
// (Battle::take_touched_units, rules/touch_tracker.h): every change of a unit's core Unit,
// of what FdBattle::unit_report shows of it, or of a Leader touches it. A copy of the state
// (a trial on a copy) starts untracked, as nobody records it; assigning a state keeps the
// target's own.
class StateTouches : public TouchTracker {
 public:
  StateTouches() = default;
  StateTouches(const StateTouches&) : TouchTracker() {}
  StateTouches& operator=(const StateTouches&) { return *this; }
};

// Everything a Fire and Discipline battle knows. Phase code mutates it; the modules read
// and update it through the functions they declare.
struct FdState {
  const Scenario* scenario = nullptr;
  Options options;
  Force force;                   // positions in table mm
  std::vector<UnitState> units;  // parallel to force.units
  std::vector<Messenger> messengers;
  int turn = 0;
  double mm_per_yd = 2.54;     // FD-01
  StandCache stands_on_table;  // a filed snapshot for proximity queries (stand_grid.h)
  StateTouches touched;        // for the replay recorder (see above)
  CorridorMemo gun_corridors;  // the features the guns' corridors enter (corridor_memo.h)

  const Table& table() const { return scenario->table; }
  double yd(double mm) const { return mm / mm_per_yd; }
  double mm(double yards) const { return yards * mm_per_yd; }
};

// Unit `unit`'s stands moved, changed, appeared or left, or it left the table: the stand
// snapshot refiles it (stand_grid.h) and the replay recorder compares it.
// When `unit` carries a regimental commander a messenger is riding to, every unit he commands
// shows the distance left to ride (fd_report.cc): touches them too (command.cc).
void touch_riders_of(const FdState& s, int unit);
inline void touch_stands(const FdState& s, int unit) {
  s.stands_on_table.touch(unit);
  s.touched.touch(unit);
  if (s.touched.tracking() && !s.messengers.empty()) touch_riders_of(s, unit);
}
// What unit_report shows of `unit` changed (UnitState), or its Unit did without its stands.
inline void touch_unit(const FdState& s, int unit) { s.touched.touch(unit); }

// A fresh state for `scenario` (options read, shatter boxes, artillery components and
// allotments, each unit's order from the scenario (orders.h) or else Hold (FD-52),
// leaders matched to units by command).
FdState make_state(const Scenario& scenario);

}  // namespace smoothbore::fire_and_discipline
