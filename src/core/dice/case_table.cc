#include "core/dice/case_table.h"

#include <map>
#include <numeric>
#include <tuple>
#include <utility>

#include "core/check.h"

namespace smoothbore {

CaseTablePtr make_case_table(std::vector<BigInt> cases) {
  SB_CHECK(!cases.empty(), "nothing to pick from");
  auto table = std::make_shared<CaseTable>();
  table->total = std::accumulate(cases.begin(), cases.end(), BigInt(0));
  for (const BigInt& c : cases) SB_CHECK(sgn(c) >= 0, "a negative case count");
  SB_CHECK(sgn(table->total) > 0, "case counts sum to zero");
  table->cases = std::move(cases);
  return table;
}

const CaseTable::Shares& CaseTable::shares() const {
  std::call_once(shares_once_, [this] {
    shares_.fractions.reserve(cases.size());
    shares_.probabilities.reserve(cases.size());
    for (const BigInt& c : cases) {
      shares_.fractions.push_back(make_fraction(c, total));
      shares_.probabilities.push_back(to_double(shares_.fractions.back()));
    }
  });
  return shares_;
}

CaseTablePtr face_count_table(int dice, int sides, int faces) {
  constexpr std::size_t kMaxCachedTables = 4096;
  thread_local std::map<std::tuple<int, int, int>, CaseTablePtr> cache;
  const auto key = std::make_tuple(dice, sides, faces);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  if (cache.size() >= kMaxCachedTables) cache.clear();
  CaseTablePtr& slot = cache[key];
  slot = make_case_table(face_count_cases(dice, sides, faces));
  return slot;
}

}  // namespace smoothbore
