// Pools of D12 rolled against a factor (R-001-1, R-001-4, R-001-5): each die succeeds on a
// face ≤ the factor (roll-under, D12-01) and fails above it. Battles roll the real dice and
// record every face; enumeration (`smoothbore odds`) picks the count of successes from its
// binomial cases (Chance::pick_cases), one branch per count, so a 30-die pool stays exact.
#pragma once

#include <string>
#include <string_view>

#include "core/dice/chance.h"
#include "core/events/event.h"

namespace smoothbore::elan_drill {

inline constexpr int kSides = 12;

// The faces of a D12 that succeed against `factor` (0..12).
int success_faces(int factor);

struct PoolResult {
  int dice = 0;
  int successes = 0;
  int failures = 0;
  int natural_12s = 0;  // faces of 12 rolled (D12-25); 0 when enumerating
};

// Rolls `dice` D12 against `factor` and counts the successes and failures. With a record,
// appends "Nd12" to its dice and each face (sampling) and sets its target to the factor.
// `roll_over` (D12-01's alternative): a die succeeds on a face >= 13 - factor instead (as
// many faces, so enumeration is the same).
PoolResult roll_pool(int dice, int factor, Chance& chance, RollRecord* record,
                     bool roll_over = false);

// Saving rolls (R-001-4): `hits` D12 against a capped save factor. A natural 12 is a
// special casualty when `natural_12_special` (L261); every other face above the factor is
// a casualty. `casualties` counts the special ones too.
struct SaveResult {
  int casualties = 0;
  int special = 0;
};
SaveResult roll_saves(int hits, int factor, bool natural_12_special, Chance& chance,
                      RollRecord* record);

}  // namespace smoothbore::elan_drill
