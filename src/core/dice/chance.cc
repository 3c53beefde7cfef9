#include "core/dice/chance.h"

namespace smoothbore {

int SampledChance::pick(std::span<const double> weights) {
  SB_CHECK(!weights.empty(), "nothing to pick from");
  const double u = rng_.uniform();
  double cumulative = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    cumulative += weights[i];
    if (u < cumulative) return static_cast<int>(i);
  }
  // Rounding can leave the weights' sum a hair under 1: the last non-zero weight takes it.
  for (std::size_t i = weights.size(); i-- > 0;) {
    if (weights[i] > 0) return static_cast<int>(i);
  }
  return static_cast<int>(weights.size()) - 1;
}

}  // namespace smoothbore
