// The nearest of many candidates by two keys at once (issue 9): by inches, the rule unit,
// and by mm, each with ties to the lower id. Two keys because dividing by 25.4 can make two
// different mm distances the same number of inches, where the lower id then wins; one
// search offers each candidate's exact distance once and gets both answers.
#pragma once

#include <algorithm>
#include <limits>

#include "core/geometry/vec2.h"

namespace smoothbore {

struct NearestByTwoKeys {
  int best_in = -1;                                         // nearest by inches (-1: none offered)
  int best_mm = -1;                                         // nearest by mm
  double key_in = std::numeric_limits<double>::infinity();  // best_in's inches
  double at_in = std::numeric_limits<double>::infinity();   // best_in's mm
  double at_mm = std::numeric_limits<double>::infinity();   // best_mm's mm

  // Candidate `id` at `mm` edge to edge.
  void offer(int id, double mm) {
    const double in = mm / kMmPerInch;
    if (in < key_in || (in == key_in && id < best_in)) {
      key_in = in;
      at_in = mm;
      best_in = id;
    }
    if (mm < at_mm || (mm == at_mm && id < best_mm)) {
      at_mm = mm;
      best_mm = id;
    }
  }

  // Whether a candidate no nearer than `lower_bound_mm` can change either answer: only
  // once both are found and it lies beyond both (with slack for rounding in the bound).
  bool beyond(double lower_bound_mm) const {
    return best_in >= 0 && lower_bound_mm > std::max(at_in, at_mm) * (1 + 1e-9) + 1e-6;
  }
};

}  // namespace smoothbore
