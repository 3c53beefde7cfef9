// The Élan/Drill D12 quick-reference sheet: an unidentified Napoleonic battalion-level rule
// set (shared/seeds/001_*.txt; digest shared/rules/001.md; cited by line, "L32", and by the
// digest's ids, "R-001-2", "D12-15").
//
// Summary of the rules. IGOUGO player turns (command, movement, reactive then acting fire,
// close action). Every test rolls a pool of D12 against a factor, each die succeeding on a
// face <= the factor: Élan (morale) and Drill (manoeuvre) tests count failed dice (0
// success, 1 disrupted/sloppy, 2-3 shaken/failure, 4+ break/disgrace) and hand out
// Disruption Markers, 4 of which break a unit; rally counts successes. Fire rolls one die per
// figure (small arms) or per the gun's table (canister, solid shot by target situation,
// shell and shrapnel after a to-hit die); every success is a hit, and the target saves each
// hit on D12 <= its experience's save (7/6/5, capped at 10 open, 11 in cover; natural 12 is a
// special casualty).
//
// The battle (battle.h) plays the four phases; README.md's "Known limits" lists what it plays
// more simply than the sheet, and status() says "playable".
#pragma once

#include <string_view>

#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace smoothbore::elan_drill {

inline constexpr std::string_view kId = "elan-drill";
inline constexpr std::string_view kStatus = "playable";

const Ruleset& ruleset();

// The ruleset's layout (one stand): how many figures the stand holds, and its footprint for
// `figures` figures of `arm` in `formation` at `centre` and `facing` (issue 9: whether a
// formation fits is asked without copying the Unit).
int layout_figures(const Unit& unit);
Rect formation_footprint(Arm arm, std::string_view formation, int figures, Vec2 centre,
                         double facing);

// Whether unit.attribute_string(key, fallback) == text, without copying the text (issue 9:
// the scenario checks and the battle's start asked each of 20,000 units of a
// 10,000-stand file for five to nine attributes, most of them absent, a string each).
bool attribute_is(const Unit& unit, std::string_view key, std::string_view fallback,
                  std::string_view text);

// D12-02: the §2.2 factors a unit's attributes do not give as a number of 1 or more (Élan,
// Drill and Musketry for every unit, Musketry being its close-action skill too; Gunnery for
// artillery). With `d12_02_ratings = scenario` each is a scenario error.
std::vector<std::string> unrated_factors(const Unit& unit);

}  // namespace smoothbore::elan_drill
