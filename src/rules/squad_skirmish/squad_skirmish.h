// The squad skirmish quick-reference summary: an unidentified 1:1 skirmish rule set for the
// musket era (shared/seeds/003_*.txt; digest shared/rules/003.md; cited by line, "L58", and by
// the digest's ids, "SK-08").
//
// Summary of the rules. One figure is one man; figures form squads under squad leaders, and
// officers command several squads. Cards decide who activates (SK-01); an activation is
// Morale, Action (move / charge / load / fire) and Melee. Morale rolls d10 <= 8 / 9 / 10 (green
// / regular / veteran) with modifiers; failing by 1-2 restricts the squad to load / fire /
// retreat to cover, by 3+ it retreats. Movement is 2d6 (infantry) or 3d6 (cavalry) inches.
// Each firing figure rolls d10, modified 8+ kills; a natural 10 picks the victim (ranker,
// squad leader, officer). Weapons need 1-5 Load actions to reload. Melee is an opposed
// modified d10, at most 2 figures on 1.
//
// The battle (battle.h, battle_impl.h) keeps one core stand per figure and plays card-driven
// turns; README.md maps the text to the code and lists its known limits.
#pragma once

#include <string_view>
#include <vector>

#include "rules/ruleset.h"

namespace smoothbore::squad_skirmish {

inline constexpr std::string_view kId = "squad-skirmish";
inline constexpr std::string_view kStatus = "playable";

const Ruleset& ruleset();

// SK-09: the ranks a squad stands in when formed, the scenario's `ranks` (default 2).
int formed_ranks(const Unit& unit);

// The rule set's layout of `figures` figures of `unit` (its arm, formation and `ranks`) facing
// `facing`, as offsets: figure i stands at (centre + across[i]) + back[i] on a base `width` ×
// `depth` (Ruleset::layout is that sum, the same doubles). A squad placed again and again at
// one facing (move.cc's place) works its offsets out once.
struct LayoutPlan {
  std::vector<Vec2> across;
  std::vector<Vec2> back;
  double width = 0;
  double depth = 0;
};
void plan_layout(const Unit& unit, int figures, double facing, LayoutPlan& out);

}  // namespace smoothbore::squad_skirmish
