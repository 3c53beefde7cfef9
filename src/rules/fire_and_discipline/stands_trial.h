// A StandsTrial: a UnitTrial (unit_trial.h) that only places the unit's stands, for the
// look-ahead of a gun's facing or of a tactical shift.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// A trial that only places the unit's stands (look-ahead of a gun's facing, of a tactical
// shift): the same notes as UnitTrial, but it saves and puts back the stands alone rather
// than the whole Unit (its names, type, formation, attributes and markers, which such a
// trial never changes).
class StandsTrial {
 public:
  StandsTrial(const FdState& s, int unit)
      : s_(const_cast<FdState&>(s)),
        unit_(static_cast<std::size_t>(unit)),
        saved_(s.force.units[unit_].stands) {
    s_.stands_on_table.begin_trial(unit, s_.force.units[unit_].side);
  }
  StandsTrial(const StandsTrial&) = delete;
  StandsTrial& operator=(const StandsTrial&) = delete;
  ~StandsTrial() {
    s_.force.units[unit_].stands = std::move(saved_);
    s_.stands_on_table.end_trial();
  }

  std::vector<Stand>& stands() { return s_.force.units[unit_].stands; }

 private:
  FdState& s_;
  std::size_t unit_;
  std::vector<Stand> saved_;
};

}  // namespace smoothbore::fire_and_discipline
