#include "analysis/odds.h"

#include <variant>

namespace smoothbore {

namespace {

bool numeric(const Value& v) {
  return std::holds_alternative<std::int64_t>(v) || std::holds_alternative<double>(v);
}

// A numeric outcome value as an exact fraction (a double is a dyadic rational).
Fraction exact_value(const Value& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return Fraction(static_cast<long>(*i));
  return Fraction(std::get<double>(v));
}

const Value* field_of(const Outcome& o, const std::string& name) {
  for (const auto& [n, v] : o) {
    if (n == name) return &v;
  }
  return nullptr;
}

}  // namespace

tl::expected<Odds, std::string> compute_odds(const Resolution& r, const Params& params,
                                             long max_paths) {
  auto distribution = enumerate_distribution(r, params, max_paths);
  if (!distribution) return tl::unexpected(distribution.error());
  Odds out;
  double cum = 0;
  Fraction total = 0;
  bool exact = true;
  for (OutcomeProbability& op : *distribution) {
    cum += op.probability;
    if (op.fraction) {
      total += *op.fraction;
    } else {
      exact = false;
    }
    out.rows.push_back({std::move(op.outcome), op.probability, cum, std::move(op.fraction)});
  }
  if (exact) out.total = total;
  if (out.rows.empty()) return out;
  for (const auto& [name, value] : out.rows.front().outcome) {
    if (!numeric(value)) continue;
    OddsMean mean{name, 0, std::nullopt};
    Fraction exact_mean = 0;
    for (const OddsRow& row : out.rows) {
      const Value* v = field_of(row.outcome, name);
      if (v == nullptr) continue;
      mean.value += row.probability * as_number(*v);
      if (exact) exact_mean += *row.fraction * exact_value(*v);
    }
    if (exact) mean.exact = exact_mean;
    out.means.push_back(std::move(mean));
  }
  return out;
}

}  // namespace smoothbore
