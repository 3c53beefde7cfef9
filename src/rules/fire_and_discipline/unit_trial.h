// A trial change of one unit made on the battle's own state and undone when the trial
// ends (make and unmake, as a chess engine tries a move), for look-ahead that changes only
// that unit (its stands, formation, facing): copying the whole state for it cost the AI
// more than the look-ahead itself on large battles (issue 9). The trial is noted in the
// state's StandCache, whose frozen answers then hold only where that unit does not count. The state
// must be the battle's own (not an object defined const), and nothing else may change while it
// lasts.
#pragma once

#include <cstddef>

#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

class UnitTrial {
 public:
  UnitTrial(const FdState& s, int unit)
      : s_(const_cast<FdState&>(s)),
        unit_(static_cast<std::size_t>(unit)),
        saved_(s.force.units[unit_]) {
    s_.stands_on_table.begin_trial(unit, s_.force.units[unit_].side);
  }
  UnitTrial(const UnitTrial&) = delete;
  UnitTrial& operator=(const UnitTrial&) = delete;
  ~UnitTrial() {
    s_.force.units[unit_] = std::move(saved_);
    s_.stands_on_table.end_trial();
  }

  FdState& state() { return s_; }
  Unit& unit() { return s_.force.units[unit_]; }

 private:
  FdState& s_;
  std::size_t unit_;
  Unit saved_;
};

}  // namespace smoothbore::fire_and_discipline
