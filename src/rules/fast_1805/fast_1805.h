// "1805: Fast Rules for the Musket Period", Sam Hepford, PW Review Feb 1997
// (shared/seeds/002_*.txt; digest shared/rules/002.md; cited by line, "L116", and by the
// digest's ids, "R-002-4", "A2-05").
//
// Summary of the rules. Units of figures on a table measured in inches; percentage dice.
// Each simultaneous bound every unit either shoots and half-moves or makes a full move; it
// may not fire and charge in one bound. Fire is the sum over shooters of a % per figure
// (by discipline and range, with modifiers): ⌊P/100⌋ kills plus one more on d100 ≤ P mod
// 100, taking effect at once in initiative order. Units that lose figures test morale:
// d100 ≤ 100 − k × losses, missing by 10 or less shakes, by more routs. Chargers test
// morale to close; melee is the same summed % per figure in contact plus one overlap,
// simultaneous. Routers flee a bound, rally facing away the next, and return a
// discipline level lower. Haitian irregulars and mutineers have fixed special ratings.
#pragma once

#include "rules/ruleset.h"

namespace smoothbore::fast_1805 {

inline constexpr std::string_view kId = "fast-1805";

const Ruleset& ruleset();

}  // namespace smoothbore::fast_1805
