// What a replay shows of an 1805 unit (Battle::unit_report): its status flags in neutral
// names and its books, read from the battle's state (state.h).
#include <fmt/format.h>

#include "rules/fast_1805/battle_impl.h"

namespace smoothbore::fast_1805 {

Battle::UnitReport Battle1805::unit_report(int unit) const {
  UnitReport r;
  const UnitState& s = state_[static_cast<std::size_t>(unit)];
  if (routed(unit)) r.flags.emplace_back("routed");          // L23
  if (shaken(unit)) r.flags.emplace_back("shaken");          // L21, A2-03
  if (disordered(unit)) r.flags.emplace_back("disordered");  // L17, L21, L33
  if (s.formation_busy_until >= bound_ || s.unlimber_bound == bound_) {
    r.flags.emplace_back("halted");  // L137 (un)limbering, L165 a Haitian formation change
  }
  if (in_melee(unit)) r.flags.emplace_back("engaged");  // A2-12 locked in melee
  if (s.fleeing) r.flags.emplace_back("fleeing");       // A2-05 failed to stand vs cavalry

  auto book = [&](std::string label, std::string value) {
    r.books.emplace_back(std::move(label), std::move(value));
  };
  book("discipline", std::string(quality_name(s.quality)));  // R-002-2
  if (s.haitian == Haitian::kNone) {
    book("melee", std::string(effectiveness_name(s.effectiveness)));  // R-002-3
  } else {
    book("Haitian", s.haitian == Haitian::kIrregular ? "irregular (L165)" : "mutineer (L165)");
  }
  if (s.guns > 0) {  // A2-19, A2-20
    std::string g = fmt::format("{} of {} working", s.working_guns(), s.guns);
    if (s.guns_destroyed > 0) g += fmt::format(", {} destroyed", s.guns_destroyed);
    if (s.guns_silenced > 0) g += fmt::format(", {} silenced", s.guns_silenced);
    book("guns", g);
    book("horses",
         s.limber_lost ? fmt::format("{} (limber lost)", s.horses) : fmt::format("{}", s.horses));
  }
  if (s.concealed && !s.spotted) book("concealed", "yes (A2-22)");
  if (!s.fired_ever && force_.units[static_cast<std::size_t>(unit)].arm != Arm::kCavalry) {
    book("first fire", "still to come (L118, A2-09)");
  }
  return r;
}

bool Battle1805::take_touched_units(std::vector<int>* out) const {
  touches_.take_units(force_.units.size(), force_.leaders.size(), out);
  return true;
}

}  // namespace smoothbore::fast_1805
