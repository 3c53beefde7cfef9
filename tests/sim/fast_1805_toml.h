// Scenario text shared by the fast-1805 battle tests (fast_1805_battle_test.cc and
// fast_1805_combat_test.cc): the inch, and a veteran unit's quality line.
#pragma once

#include <string>

namespace smoothbore::sim_test {

inline constexpr double kIn = 25.4;  // mm per inch

inline std::string vet() { return "quality = \"veteran\"\n"; }

}  // namespace smoothbore::sim_test
