// Equally likely cases as one immutable, shared table: what a resolution hands core when a
// sub-result's exact distribution is known (a binomial count of faces, a table's rows), so
// enumeration branches once per case without copying or re-checking the counts on every
// path: a path keeps the table alive and a replayed chance node is the same table.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "core/dice/fraction.h"

namespace smoothbore {

struct CaseTable {
  std::vector<BigInt> cases;  // each ≥ 0
  BigInt total;               // sum of `cases`, > 0

  // cases[i] / total in lowest terms and the double nearest it: what an enumeration path
  // through this table alone sums to. Worked out for every case on first use (safe across
  // threads), so enumerating the same table again reduces no fraction.
  const Fraction& fraction(std::size_t i) const { return shares().fractions[i]; }
  double probability(std::size_t i) const { return shares().probabilities[i]; }

 private:
  struct Shares {
    std::vector<Fraction> fractions;
    std::vector<double> probabilities;
  };
  const Shares& shares() const;
  mutable std::once_flag shares_once_;
  mutable Shares shares_;
};

using CaseTablePtr = std::shared_ptr<const CaseTable>;

// A table of `cases` (non-empty, non-negative, positive sum) with its total.
CaseTablePtr make_case_table(std::vector<BigInt> cases);

// face_count_cases(dice, sides, faces) as a table, built once per thread and key (dice,
// sides, faces) (bounded: cleared past 4,096 keys; a path holds its own reference).
CaseTablePtr face_count_table(int dice, int sides, int faces);

}  // namespace smoothbore
