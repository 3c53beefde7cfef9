#include "core/dice/face_count.h"

#include "core/dice/case_table.h"

namespace smoothbore {

int pick_face_count(Chance& chance, int dice, int sides, int faces) {
  if (dice <= 0 || faces <= 0) return 0;
  if (faces >= sides) return dice;
  return chance.pick_table(face_count_table(dice, sides, faces));
}

}  // namespace smoothbore
