// Helpers shared by the squad-skirmish resolution files: parameter builders, the modifier
// list that both sums a die modifier and records each modifier with its rule reference, and
// outcome builders. Internal to src/rules/squad_skirmish.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/events/event.h"
#include "rules/input_params.h"
#include "rules/param.h"
#include "rules/resolution.h"
#include "rules/roll_helpers.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish::detail {

inline constexpr int kD10 = 10;  // SK-03: the "0" face reads 10
inline constexpr int kD6 = 6;

using input_params::choice;  // rules/input_params.h
using input_params::count;
using input_params::flag;
using input_params::inches;
using input_params::int_of;

// The keys of a table's rows, with `first` moved to the front (the default of a choice).
std::vector<std::string> keys_of(std::string_view table_name, std::string_view first = "");

using Modifiers = RowModifiers;  // rules/roll_helpers.h

// A morale test (§4, L13-L32): d10 <= base morale + modifiers passes; the miss (roll -
// morale) picks the result row. Shared by `morale` and `charge`.
struct MoraleSituation {
  std::string quality = "regular";  // green | regular | veteran
  int figures_lost = 0;
  bool leader_killed = false;
  bool formed = false;
  bool officer_rallying = false;
  bool wounded_leader = false;  // Heroes (L99): the squad leader rolls at -1
};
struct MoraleResult {
  int morale = 0;  // the modified morale
  int roll = 0;
  const Row* result = nullptr;  // morale.results
};
MoraleResult morale_test(const MoraleSituation& s, Chance& chance, RollRecord* rec,
                         std::string_view purpose);
// The pieces of it: the modified morale the d10 must not exceed, and the morale.results row
// of a miss (roll - morale).
int modified_morale(const MoraleSituation& s);
const Row& morale_result(int miss);

// fmt's "{:g}" of `v` (a movement roll's record writes one per move): whole and half numbers
// below 10^5 without fmt, the same text.
std::string format_g(double v);

// The `movement` resolution's parameters, typed, and its roll (movement_resolutions.cc): the
// battle rolls its moves on one instead of naming the parameters (its record the same).
struct MoveSituation {
  std::string_view arm = "infantry";  // a movement.arms key
  bool road = false;
  std::string_view terrain = "open";  // a movement.terrain key
  int obstacles = 0;
};
double move_roll(const MoveSituation& m, Chance& chance, std::vector<RollRecord>* explain);

// The `movement` outcomes of an arm's roll in open ground, off roads and across no fence (the
// doctrine's charge reach): (inches, probability) in the order of its exact distribution,
// each probability the nearest double to its count of faces over 6^dice, as the enumeration
// gives it (movement_resolutions.cc).
std::vector<std::pair<double, double>> open_move_distribution(std::string_view arm);

// One side's melee modifiers (L89-L95) from the `melee` resolution's parameters, `side` "a" or
// "b" (test_resolutions.cc). The battle uses it to roll a figure facing two once (SK-13).
Modifiers melee_modifiers(const Params& p, const std::string& side);

}  // namespace smoothbore::squad_skirmish::detail
