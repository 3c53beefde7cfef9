// A count of dice faces for enumeration: how many of `dice` dice with `sides` faces show one
// of `faces` chosen faces, picked from its binomial cases (face_count_table) as one chance
// node instead of one branch per face of every die. For resolutions whose battles roll the
// real dice and record every face: they call this only while Chance::enumerating().
#pragma once

#include "core/dice/case_table.h"
#include "core/dice/chance.h"

namespace smoothbore {

// The count (0..dice): no chance node when it is certain (no dice, no chosen face or every
// face chosen), since a zero-case branch would list an impossible outcome.
int pick_face_count(Chance& chance, int dice, int sides, int faces);

// pick_face_count() with its table found once: a resolution's prepare step
// (Resolution::prepare) keeps one for the count every path of its enumeration picks, instead
// of looking the table up again on each path.
class FaceCountPick {
 public:
  FaceCountPick(int dice, int sides, int faces);
  int operator()(Chance& chance) const {
    return table_ != nullptr ? chance.pick_table(table_) : certain_;
  }

 private:
  int certain_ = 0;     // the count when no chance node is needed
  CaseTablePtr table_;  // null when certain
};

}  // namespace smoothbore
