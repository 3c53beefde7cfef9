#include "core/dice/face_count.h"

#include "core/dice/case_table.h"

namespace smoothbore {

int pick_face_count(Chance& chance, int dice, int sides, int faces) {
  return FaceCountPick(dice, sides, faces)(chance);
}

FaceCountPick::FaceCountPick(int dice, int sides, int faces) {
  if (dice <= 0 || faces <= 0) return;
  if (faces >= sides) {
    certain_ = dice;
    return;
  }
  table_ = face_count_table(dice, sides, faces);
}

}  // namespace smoothbore
