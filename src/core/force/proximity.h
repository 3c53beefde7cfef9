// An optional capability of a battle: proximity answers from the rule set's spatial index
// (issue 9). The sim layer's commanders ask for it with dynamic_cast and fall back to a
// scan of every unit when a battle does not offer it; both give the same answer.
#pragma once

namespace smoothbore {

class NearestEnemyIndex {
 public:
  virtual ~NearestEnemyIndex() = default;
  // The unit of another side with status active whose footprint is nearest `unit`'s, edge
  // to edge (common.md §3.4), ties to the lower index; -1 when there is none. `*gap` (if
  // given) gets the distance in mm, or infinity when there is none.
  virtual int nearest_active_enemy(int unit, double* gap) const = 0;
};

}  // namespace smoothbore
