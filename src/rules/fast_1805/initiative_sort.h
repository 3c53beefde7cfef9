// The order of play from the initiative rolls (L19, A2-01): units that passed first, lowest
// roll first; then those that failed, lowest roll first; ties in the order given (unit
// order). A stable counting sort by (failed, roll): the order std::stable_sort gives with
// that comparison, without its merges (issue 9, round 26: 20,000 rolls a bound in the
// 10,000-stand game). Rolls spread over more than kMaxSpan faces fall back to the sort.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace smoothbore::fast_1805 {

struct InitiativeRolled {
  int id;
  bool passed;
  int roll;
};

inline std::vector<int> initiative_ids(const std::vector<InitiativeRolled>& rolled) {
  constexpr int kMaxSpan = 4096;
  std::vector<int> ids;
  ids.reserve(rolled.size());
  if (rolled.empty()) return ids;
  int lo = rolled.front().roll, hi = lo;
  for (const InitiativeRolled& r : rolled) {
    lo = std::min(lo, r.roll);
    hi = std::max(hi, r.roll);
  }
  if (static_cast<long long>(hi) - lo >= kMaxSpan) {
    std::vector<InitiativeRolled> sorted = rolled;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const InitiativeRolled& x, const InitiativeRolled& y) {
                       if (x.passed != y.passed) return x.passed;
                       return x.roll < y.roll;
                     });
    for (const InitiativeRolled& r : sorted) ids.push_back(r.id);
    return ids;
  }
  const std::size_t span = static_cast<std::size_t>(hi - lo) + 1;
  // Bucket of a roll: the passed ones' faces first, then the failed ones'.
  auto bucket = [&](const InitiativeRolled& r) {
    return (r.passed ? 0 : span) + static_cast<std::size_t>(r.roll - lo);
  };
  std::vector<std::size_t> start(2 * span + 1, 0);
  for (const InitiativeRolled& r : rolled) ++start[bucket(r) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  ids.resize(rolled.size());
  for (const InitiativeRolled& r : rolled) ids[start[bucket(r)]++] = r.id;
  return ids;
}

}  // namespace smoothbore::fast_1805
