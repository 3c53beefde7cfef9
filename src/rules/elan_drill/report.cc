// What a replay shows of an Élan/Drill unit (Battle::unit_report): its status flags in
// neutral names and its books, read from the battle's state (battle_impl.h).
#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

Battle::UnitReport BattleED::unit_report(int unit) const {
  UnitReport r;
  const UnitState& s = state_[unit];
  const int break_dms = opts_.break_dms;
  if (broken(unit)) r.flags.emplace_back("routed");                           // R-001-3
  if (active(unit) && s.dms > 0) r.flags.emplace_back("disordered");          // D12-06 disruption
  if (s.charging >= 0 || s.charged_by >= 0) r.flags.emplace_back("engaged");  // §6, §9

  auto book = [&](std::string label, std::string value) {
    r.books.emplace_back(std::move(label), std::move(value));
  };
  book("disruption markers", fmt::format("{} (broken at {}, R-001-3)", s.dms, break_dms));
  book("experience", experience(unit));
  book("élan / drill", fmt::format("{} / {}", elan(unit), drill(unit)));
  if (s.charging >= 0) {
    book("charging", force_.units[s.charging].name);
  }
  if (s.charged_by >= 0) {
    book("charged by", force_.units[s.charged_by].name +
                           (s.response.empty() ? "" : " (response: " + s.response + ")"));
  }
  if (const int li = attached_leader(unit); li >= 0) {
    book("leader", fmt::format("{} (+{} Élan and Drill, D12-22)", force_.leaders[li].name,
                               opts_.leader_bonus));
  }
  if (!s.fired_ever) book("first fire", "still to come (D12-26)");
  return r;
}

}  // namespace smoothbore::elan_drill
