#include "analysis/odds.h"

namespace smoothbore {

Odds compute_odds(const Resolution& r, const Params& params) {
  Odds out;
  double cum = 0;
  for (OutcomeProbability& op : exact_distribution(r, params)) {
    cum += op.probability;
    out.rows.push_back({std::move(op.outcome), op.probability, cum});
  }
  if (out.rows.empty()) return out;
  for (const auto& [name, value] : out.rows.front().outcome) {
    if (std::holds_alternative<std::string>(value) || std::holds_alternative<bool>(value)) continue;
    double mean = 0;
    for (const OddsRow& row : out.rows) {
      for (const auto& [n, v] : row.outcome) {
        if (n == name) mean += row.probability * as_number(v);
      }
    }
    out.means.push_back({name, mean});
  }
  return out;
}

}  // namespace smoothbore
