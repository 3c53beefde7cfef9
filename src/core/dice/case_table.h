// Equally likely cases as one immutable, shared table: what a resolution hands core when a
// sub-result's exact distribution is known (a binomial count of faces, a table's rows), so
// enumeration branches once per case without copying or re-checking the counts on every
// path: a path keeps the table alive and a replayed chance node is the same table.
#pragma once

#include <memory>
#include <vector>

#include "core/dice/fraction.h"

namespace smoothbore {

struct CaseTable {
  std::vector<BigInt> cases;  // each ≥ 0
  BigInt total;               // sum of `cases`, > 0
};

using CaseTablePtr = std::shared_ptr<const CaseTable>;

// A table of `cases` (non-empty, non-negative, positive sum) with its total.
CaseTablePtr make_case_table(std::vector<BigInt> cases);

// face_count_cases(dice, sides, faces) as a table, built once per thread and key (dice,
// sides, faces) (bounded: cleared past 4,096 keys; a path holds its own reference).
CaseTablePtr face_count_table(int dice, int sides, int faces);

}  // namespace smoothbore
