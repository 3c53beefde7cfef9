#include "core/dice/chance.h"

#include <algorithm>
#include <vector>

namespace smoothbore {

int Chance::pick_cases(std::span<const BigInt> cases) {
  SB_CHECK(!cases.empty(), "nothing to pick from");
  BigInt total = 0;
  for (const BigInt& c : cases) total += c;
  SB_CHECK(sgn(total) > 0, "case counts sum to zero");
  std::vector<double> weights;
  weights.reserve(cases.size());
  for (const BigInt& c : cases) weights.push_back(to_double(make_fraction(c, total)));
  return pick(weights);
}

int Chance::pick_table(const CaseTablePtr& table) {
  SB_CHECK(table != nullptr, "no case table");
  return pick_cases(table->cases);
}

int Chance::pick_face_class(const std::vector<int>& classes) {
  SB_CHECK(!classes.empty(), "a die without faces");
  std::vector<int> seen;  // each class once, in order of its first face
  std::vector<BigInt> cases;
  std::vector<int> top;  // each class's highest face
  for (std::size_t f = 0; f < classes.size(); ++f) {
    const auto at = std::find(seen.begin(), seen.end(), classes[f]);
    const std::size_t k = static_cast<std::size_t>(at - seen.begin());
    if (at == seen.end()) {
      seen.push_back(classes[f]);
      cases.emplace_back(0);
      top.push_back(0);
    }
    cases[k] += 1;
    top[k] = static_cast<int>(f) + 1;
  }
  return top[static_cast<std::size_t>(pick_cases(cases))];
}

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
