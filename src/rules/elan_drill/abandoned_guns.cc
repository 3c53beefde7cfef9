// Abandoned guns (§6 L123 "Gunners must leave guns", D12-16). The sheet says only that a
// battery's crew making Fire and Evade leaves its guns; the digest says nothing of what
// becomes of them. The engine's reading (documented in README.md):
//  - the guns stay where the battery stood (UnitState::guns_at);
//  - capture: an enemy unit in good order (not broken) that ends a move in contact with
//    them takes them; the battery is lost (removed, so it counts in D12-32's army break
//    and the victory points as a destroyed unit);
//  - recovery (option d12_16_recover_guns, default `return`): the crew, not broken, that
//    ends a move in contact with its guns while no enemy is in contact with them mans them
//    again: it stands in their place, unlimbered, and may fire again; `never`: the guns stay
//    abandoned and the crew fights on foot.
// Both are checked after each movement phase and each close action phase (pursuits).
#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

namespace {

bool touches(const Rect& a, const Rect& b) { return distance(a, b) / kMm <= kContactIn; }

}  // namespace

// A move onto abandoned guns within the unit's move (`rate = "seize"`): the crew going back
// to its own (when d12_16_recover_guns allows), an enemy in good order going to take them.
void BattleED::seize_moves(int unit, std::vector<Action>& out) const {
  const Unit& u = force_.units[unit];
  const double reach = move_rate_in(unit) * kMm;
  for (const int b : gunless_) {  // ascending: the units a scan would not skip
    const auto i = static_cast<std::size_t>(b);
    if (!state_[b].guns_left || !force_.units[i].on_table()) continue;
    const bool own = b == unit;
    if (own && !opts_.recover_guns) continue;
    if (!own && force_.units[i].side == u.side) continue;
    const Rect& guns = state_[b].guns_at;
    if (touches(u.footprint(), guns) || distance(u.footprint(), guns) > reach) continue;
    Action a;
    a.unit = unit;
    a.target = b;
    a.kind = ActionKind::kMove;
    a.moves = true;
    a.destination = guns.centre;
    a.facing = own ? guns.facing : bearing_of(guns.centre - u.footprint().centre);
    a.rate = "seize";
    out.push_back(a);
  }
}

void BattleED::abandoned_guns_step(EventLog& log) {
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int b = static_cast<int>(i);
    UnitState& s = state_[b];
    Unit& crew = force_.units[i];
    if (!s.guns_left || !crew.on_table()) continue;
    int taker = -1;
    for (std::size_t k = 0; k < force_.units.size() && taker < 0; ++k) {
      const int e = static_cast<int>(k);
      if (force_.units[k].side != crew.side && active(e) &&
          touches(force_.units[k].footprint(), s.guns_at)) {
        taker = e;
      }
    }
    if (taker >= 0) {
      log.append(event(log, EventKind::kStatus, taker, [&](Event& e) {
        e.text = fmt::format("{} captures the abandoned guns of {} (L123)", name(taker), name(b));
        e.target = crew.id;
      }));
      destroy(b, UnitStatus::kRemoved, "its guns are captured (L123)", log);
      continue;
    }
    if (!opts_.recover_guns || !active(b) || !touches(crew.footprint(), s.guns_at)) {
      continue;
    }
    s.guns_left = false;
    crew.formation = "unlimbered";
    if (place_ok(b, s.guns_at, -1)) crew.stands.front().rect = s.guns_at;
    refile(b);
    log.append(event(log, EventKind::kStatus, b, [&] {
      return fmt::format("{}: the gunners man their guns again (L123, d12_16_recover_guns)",
                         name(b));
    }));
  }
}

}  // namespace smoothbore::elan_drill
