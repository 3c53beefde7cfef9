// The limited evading charge responses (§6 L119-L125, D12-16): Fire and Evade (fire at the
// charger now, then a reduced evade of ½ move) and Limber and Evade (an unlimbered battery
// limbers and makes a reduced evade), each after a 2D Drill test (L105). D12-16 gives Fire
// and Evade to skirmishers, light cavalry and gun crews (an unlimbered battery fires its best
// shot at the charger, then the gunners leave their guns, L123, and evade ½ a move on foot;
// they fire no more), Limber and Evade to any unlimbered battery not in contact; option
// `d12_16_limited_responses = any` offers them to every unit that could make them.
#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

// ½ a move straight away from the charger (D12-15: "a reduced evade" = ½ move).
Action BattleED::reduced_evade(int unit, int charger, double rate_in) const {
  const Unit& u = force_.units[unit];
  Action a;
  a.unit = unit;
  a.target = charger;
  a.kind = ActionKind::kMove;
  a.moves = true;
  const Vec2 away = (u.footprint().centre - force_.units[charger].footprint().centre).normalized();
  a.destination = u.footprint().centre + away * (rate_in / 2 * kMm);
  a.facing = u.footprint().facing;
  return a;
}

void BattleED::limited_evades(int unit, int charger, std::vector<Action>& out) const {
  const Unit& u = force_.units[unit];
  const bool any = opts_.limited_responses_any;
  if (u.arm != Arm::kArtillery && can_fire_at(unit, charger) &&
      (any || u.formation == "skirmish"sv || u.type == "light-cavalry"sv)) {
    Action a = reduced_evade(unit, charger, move_rate_in(unit));
    a.rate = "fire-and-evade";  // L123
    out.push_back(a);
  }
  if (u.arm == Arm::kArtillery && u.formation == "unlimbered"sv && can_fire_at(unit, charger)) {
    Action a = reduced_evade(unit, charger, opts_.line_in);  // on foot
    a.rate = "fire-and-evade";                               // L123: gunners must leave guns
    out.push_back(a);
  }
  if (u.arm == Arm::kArtillery && u.formation == "unlimbered"sv && !state_[unit].guns_left &&
      (any || gap_in(unit, charger) > kContactIn)) {
    const double rate =
        u.type == "horse-artillery"sv ? opts_.horse_artillery_in : opts_.foot_artillery_in;
    Action a = reduced_evade(unit, charger, rate);
    a.kind = ActionKind::kLimber;  // L125
    a.rate = "limber-and-evade";
    out.push_back(a);
  }
}

// After a successful Drill test: fire at the charger (reaction fire, -1, L204; the unit
// then does not fire again this enemy turn, D12-27), or limber; then the reduced evade.
void BattleED::perform_evade(int unit, const Action& a, EventLog& log) {
  const int charger = a.target;
  if (a.rate == "fire-and-evade"sv && can_fire_at(unit, charger)) {
    std::map<int, FireTally> tally;
    fire_one(unit, charger, true, tally, log);
    fire_tests(tally, log);
    state_[unit].fired_reaction = true;
    if (force_.units[unit].arm == Arm::kArtillery && active(unit)) {
      state_[unit].guns_left = true;  // L123
      gunless_.insert(unit);
      state_[unit].guns_at = force_.units[unit].footprint();
      log.append(event(log, EventKind::kStatus, unit, [&] {
        return fmt::format("{}: the gunners leave their guns (L123, D12-16)", name(unit));
      }));
    }
  }
  if (!active(unit)) return;
  double budget = move_rate_in(unit) / 2;
  if (a.kind == ActionKind::kLimber) {
    if (!change_formation(unit, "limbered", 0, log)) return;
    budget = move_rate_in(unit) / 2;
  }
  const double moved = move_unit(unit, a.destination, a.facing, budget, -1);
  mark_moved(unit, moved);
  log.append(event(log, EventKind::kMove, unit, [&] {
    return fmt::format("{} evades {:.1f}\" ({})", name(unit), moved / kMm, a.rate);
  }));
}

}  // namespace smoothbore::elan_drill
