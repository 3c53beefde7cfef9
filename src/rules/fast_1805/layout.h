// Unit footprints for 1805. The rules give no base sizes (002.md §1): a unit is a block
// of figures, laid out here as one rectangle whose frontage and depth follow from its
// formation and figure count. Sizes are in inches (the rule unit).
#pragma once

#include "core/force/force.h"

namespace smoothbore::fast_1805 {

inline constexpr double kFootWidth = 0.5;        // in, one foot figure's frontage
inline constexpr double kFootDepth = 0.5;        // in, one rank of foot
inline constexpr double kHorseWidth = 1.0;       // in
inline constexpr double kHorseDepth = 1.5;       // in
inline constexpr double kGunWidth = 1.5;         // in, a gun and its crew, unlimbered
inline constexpr double kGunDepth = 2.0;         // in
inline constexpr double kLimberLength = 3.0;     // in, a limbered gun and team
inline constexpr double kSkirmishSpacing = 1.0;  // in between skirmishers

// Frontage and depth (inches) of a unit of `figures` in `formation` (guns: `guns`).
struct Size {
  double width;
  double depth;
};
Size unit_size(Arm arm, const std::string& formation, int figures, int guns);
// Ranks that shoot / fight in a formation (two-rank line: both, A2-07).
int ranks(Arm arm, const std::string& formation, int figures);
// Figures in the front rank.
int front_rank(Arm arm, const std::string& formation, int figures);

}  // namespace smoothbore::fast_1805
