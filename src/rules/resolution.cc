#include "rules/resolution.h"

namespace smoothbore {

tl::expected<std::vector<OutcomeProbability>, std::string> enumerate_distribution(
    const Resolution& r, const Params& params, long max_paths) {
  const std::function<Outcome(Chance&)> f =
      r.prepare ? r.prepare(params) : std::function<Outcome(Chance&)>([&](Chance& c) {
        return r.resolve(params, c, nullptr);
      });
  auto exact = enumerate_exact(f, max_paths);
  if (!exact) return tl::unexpected(exact.error());
  std::vector<OutcomeProbability> out;
  out.reserve(exact->size());
  for (auto& e : *exact) {
    out.push_back({std::move(e.outcome), e.probability, std::move(e.fraction)});
  }
  return out;
}

std::vector<OutcomeProbability> exact_distribution(const Resolution& r, const Params& params) {
  auto d = enumerate_distribution(r, params);
  SB_CHECK(d.has_value(), "too many dice paths to enumerate");
  return std::move(*d);
}

double outcome_probability(const Resolution& r, const Params& params, std::string_view field,
                           const Value& value) {
  double sum = 0;
  for (const OutcomeProbability& op : exact_distribution(r, params)) {
    for (const auto& [k, v] : op.outcome) {
      if (k == field && v == value) sum += op.probability;
    }
  }
  return sum;
}

double outcome_mean(const Resolution& r, const Params& params, std::string_view field) {
  double sum = 0;
  for (const OutcomeProbability& op : exact_distribution(r, params)) {
    for (const auto& [k, v] : op.outcome) {
      if (k == field) sum += op.probability * as_number(v);
    }
  }
  return sum;
}

Outcome sample(const Resolution& r, const Params& params, Rng& rng,
               std::vector<RollRecord>* explain) {
  SampledChance c(rng);
  return r.resolve(params, c, explain);
}

}  // namespace smoothbore
