#include "rules/resolution.h"

namespace smoothbore {

std::vector<OutcomeProbability> exact_distribution(const Resolution& r, const Params& params) {
  std::function<Outcome(Chance&)> f = [&](Chance& c) { return r.resolve(params, c, nullptr); };
  std::vector<OutcomeProbability> out;
  for (auto& [o, p] : enumerate_outcomes<Outcome>(f)) out.push_back({o, p});
  return out;
}

Outcome sample(const Resolution& r, const Params& params, Rng& rng,
               std::vector<RollRecord>* explain) {
  SampledChance c(rng);
  return r.resolve(params, c, explain);
}

}  // namespace smoothbore
