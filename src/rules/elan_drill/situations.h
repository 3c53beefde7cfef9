// Typed situations of elan-drill's resolutions (issue 9): what a resolution reads from its
// complete parameters, as values. Each resolution turns its parameters into one
// (`*_situation(const Params&)`) and resolves that, so the battle, which fills them from the
// table directly, rolls and weighs exactly what `smoothbore odds` enumerates, without a
// string-keyed parameter map completed against the schema on every question the doctrine
// asks. `*_params(situation)` gives the parameters back (tests, the generic path).
// Internal to src/rules/elan_drill.
#pragma once

#include <map>
#include <string>
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
Outcome roll_small_arms(const SmallArmsSituation& s, Chance& c, std::vector<RollRecord>* explain);

}  // namespace smoothbore::elan_drill
