// A count of dice faces for enumeration: how many of `dice` dice with `sides` faces show one
// of `faces` chosen faces, picked from its binomial cases (face_count_table) as one chance
// node instead of one branch per face of every die. For resolutions whose battles roll the
// real dice and record every face: they call this only while Chance::enumerating().
#pragma once

#include "core/dice/chance.h"

namespace smoothbore {

// The count (0..dice): no chance node when it is certain (no dice, no chosen face or every
// face chosen), since a zero-case branch would list an impossible outcome.
int pick_face_count(Chance& chance, int dice, int sides, int faces);

}  // namespace smoothbore
