// Casualties, morale, shaken and routed units (L9, L13, L21, L23; A2-02 … A2-04, A2-14,
// A2-25), and the bound's upkeep and wrap-up.
#include <algorithm>

#include <fmt/format.h>

#include "rules/fast_1805/battle_impl.h"
#include "rules/fast_1805/fast_1805.h"

namespace smoothbore::fast_1805 {

using namespace std::string_view_literals;  // literals compared by size first

void Battle1805::take_losses(int unit, int figures, EventLog& log, std::string_view cause) {
  Unit& u = force_.units[unit];
  if (!u.on_table() || figures <= 0) return;
  const int before = u.figures();
  const int lost = std::min(before, figures);
  Stand& st = u.stands.front();
  st.figures -= lost;
  if (!counted_quietly(log, EventKind::kStatus)) {
    Event e = make_event(EventKind::kStatus, unit,
                         fmt::format("{} loses {} figure{} to {} ({} left)", unit_name(unit), lost,
                                     lost == 1 ? "" : "s", cause, u.figures()));
    e.data = {{"lost", std::int64_t{lost}}, {"figures", std::int64_t{u.figures()}}};
    log.append(std::move(e));
  }
  state_[unit].morale_pending = true;
  touch(unit);
  if (u.figures() <= 0) {
    remove_unit(unit, UnitStatus::kRemoved, log, "no figures left");
    return;
  }
  // The block shrinks about its centre.
  const Rect r = st.rect;
  st.rect = ruleset().layout(u, r.centre, r.facing).front().rect;
  placed(unit);
}

void Battle1805::remove_unit(int unit, UnitStatus status, EventLog& log, std::string_view why) {
  Unit& u = force_.units[unit];
  if (!u.on_table()) return;
  end_melee(unit);
  u.status = status;
  touch(unit);
  if (counted_quietly(log, EventKind::kRemoved)) return;
  Event e =
      make_event(EventKind::kRemoved, unit,
                 fmt::format("{} is {}: {}", unit_name(unit),
                             status == UnitStatus::kOffTable ? "off the table" : "gone", why));
  e.data = {{"status", std::string(unit_status_name(status))}};
  log.append(std::move(e));
}

void Battle1805::end_melee(int unit) {
  for (int other : state_[unit].melee_with) {
    auto& v = state_[other].melee_with;
    v.erase(std::remove(v.begin(), v.end(), unit), v.end());
    touch(other);
  }
  state_[unit].melee_with.clear();
  touch(unit);
}

// M-2 (R-002-2, L21): d100 ≤ 100 − rate × cumulative losses; a miss by 10 or less shakes,
// by more routs. Once per step (A2-14).
void Battle1805::morale_test(int unit, int step, EventLog& log, std::string_view why) {
  UnitState& s = state_[unit];
  Unit& u = force_.units[unit];
  if (u.status != UnitStatus::kActive) return;
  if (options_.morale_trigger == "per-bound"sv && step >= 0) return;  // tested at bound end
  if (step >= 0 && s.tested_step == step) return;
  s.tested_step = step;
  s.morale_pending = false;
  RollRecord rec;
  MoraleSituation m{morale_quality(s), u.arm == Arm::kWagon ? Arm::kArtillery : u.arm,
                    u.start_figures - u.figures()};
  MoraleResult r = resolve_morale(m, dice_, record_for(log, rec));
  if (!counted_quietly(log, EventKind::kMorale)) {
    Event e = make_event(EventKind::kMorale, unit,
                         fmt::format("{} tests morale ({}): {}", unit_name(unit), why, rec.result));
    e.rolls.push_back(std::move(rec));
    e.data = {{"result", std::string(morale_result_name(r))}};
    log.append(std::move(e));
  }
  if (r == MoraleResult::kShaken) shake(unit, log, "missed morale by 10 or less (L21)");
  if (r == MoraleResult::kRout) rout(unit, log, "missed morale by more than 10 (A2-02)");
}

void Battle1805::mark_shaken(int unit) {
  // A2-03: through the end of the next bound (option: this bound).
  const int last = options_.shaken_until == "next-bound"sv ? bound_ + 1 : bound_;
  set_marker(force_.units[unit].markers, {"shaken", 1, last, bound_});
  touch(unit);
}

void Battle1805::mark_disordered(int unit) {
  set_marker(force_.units[unit].markers, {"disordered", 1, bound_, bound_});  // this bound
  touch(unit);
}

// L21, A2-03: may not advance; in melee it is pushed back ½ move and the melee ends.
void Battle1805::shake(int unit, EventLog& log, std::string_view why) {
  UnitState& s = state_[unit];
  mark_shaken(unit);
  if (!counted_quietly(log, EventKind::kStatus)) {
    log.append(make_event(EventKind::kStatus, unit,
                          fmt::format("{} is shaken: {}", unit_name(unit), why)));
  }
  if (in_melee(unit)) {
    const int from = s.melee_with.front();
    end_melee(unit);
    push_back(unit, from, log);
  }
}

// L23, A2-04: the unit loses formation and flees; an untrained unit disperses (option).
void Battle1805::rout(int unit, EventLog& log, std::string_view why) {
  Unit& u = force_.units[unit];
  UnitState& s = state_[unit];
  if (u.status != UnitStatus::kActive) return;
  end_melee(unit);
  if (s.quality == Quality::kUntrained && options_.untrained_rout_disperses &&
      u.arm != Arm::kArtillery) {
    if (!counted_quietly(log, EventKind::kRout)) {
      log.append(make_event(EventKind::kRout, unit,
                            fmt::format("{} routs and, being untrained, disperses (A2-04): {}",
                                        unit_name(unit), why)));
    }
    remove_unit(unit, UnitStatus::kRemoved, log, "dispersed after routing");
    return;
  }
  u.status = UnitStatus::kRouted;
  s.routed_bound = bound_;
  s.concealed = false;
  touch(unit);
  if (!counted_quietly(log, EventKind::kRout)) {
    log.append(
        make_event(EventKind::kRout, unit, fmt::format("{} routs: {}", unit_name(unit), why)));
  }
  if (options_.rout_immediate_move) rout_move(unit, log);
}

void Battle1805::upkeep(EventLog& log) {
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int u = static_cast<int>(i);
    Unit& unit = force_.units[i];
    UnitState& s = state_[i];
    s.moved_last = s.moved;
    s.moved = false;
    s.fired = false;
    s.fleeing = false;
    for (const std::string& m : expire_markers(unit.markers, bound_)) {
      if (counted_quietly(log, EventKind::kStatus)) continue;
      log.append(make_event(EventKind::kStatus, u, fmt::format("{}: {} ends", unit_name(u), m)));
    }
    if (!unit.on_table()) continue;
    // A2-20: each silenced gun is repaired on d100 ≤ 70 at the start of a later bound.
    for (int g = s.guns_silenced; g > 0; --g) {
      RollRecord rec;
      if (resolve_gun_repair(dice_, record_for(log, rec), options_.gun_repair_percent)) {
        --s.guns_silenced;
      }
      if (counted_quietly(log, EventKind::kStatus)) continue;
      Event e = make_event(EventKind::kStatus, u,
                           fmt::format("{} repairs a gun: {}", unit_name(u), rec.result));
      e.rolls.push_back(std::move(rec));
      log.append(std::move(e));
    }
    // A2-04 timeline: t+1 rout move (move step), t+2 rally facing away, t+3 normal, one
    // Discipline level lower (L23).
    if (unit.status == UnitStatus::kRouted) {
      if (bound_ == s.routed_bound + 2) {
        // Turn about where it stands, if there is room to.
        Rect turned = unit.footprint();
        turned.facing = bearing_of(away_from_enemy(u));
        if (place_ok(u, turned, -1)) set_pose(u, turned.centre, turned.facing);
        if (!counted_quietly(log, EventKind::kStatus)) {
          log.append(make_event(EventKind::kStatus, u,
                                fmt::format("{} rallies, backs to the enemy (L23)", unit_name(u))));
        }
      } else if (bound_ >= s.routed_bound + 3) {
        unit.status = UnitStatus::kActive;
        std::optional<Quality> lower = quality_drop(s.quality);
        if (lower) s.quality = *lower;
        // Option: melee effectiveness drops a step too (Fiery → Steady → Timid).
        if (options_.drop_affects_melee && s.effectiveness != Effectiveness::kTimid) {
          s.effectiveness = static_cast<Effectiveness>(static_cast<int>(s.effectiveness) + 1);
        }
        if (counted_quietly(log, EventKind::kStatus)) continue;
        std::string melee;
        if (options_.drop_affects_melee) {
          melee = fmt::format(", fighting as {} (option a2_drop_affects_melee)",
                              effectiveness_name(s.effectiveness));
        }
        log.append(make_event(EventKind::kStatus, u,
                              fmt::format("{} returns to the fight as {} (L23, A2-25){}",
                                          unit_name(u), quality_name(s.quality), melee)));
      }
    }
  }
  // A2-22: try to discover concealed enemies within the woods visibility of an observer.
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int u = static_cast<int>(i);
    if (!state_[i].concealed || !force_.units[i].on_table()) continue;
    const int obs = nearest_enemy(u);
    if (obs < 0) continue;
    const double d = gap_in(obs, u);
    if (d > tables().woods_visibility) continue;
    RollRecord rec;
    const bool found = resolve_discover({d, false}, dice_, record_for(log, rec));
    if (!counted_quietly(log, EventKind::kStatus)) {
      Event e = make_event(EventKind::kStatus, u,
                           fmt::format("{} looks for {} ({:.1f}\"): {}", unit_name(obs),
                                       unit_name(u), d, rec.result));
      e.rolls.push_back(std::move(rec));
      log.append(std::move(e));
    }
    if (found) {
      state_[i].concealed = false;
      state_[i].spotted = true;
      touch(u);
    }
  }
}

void Battle1805::end_of_bound(EventLog& log) {
  if (options_.morale_trigger == "per-bound"sv) {
    for (std::size_t i = 0; i < force_.units.size(); ++i) {
      if (state_[i].morale_pending) morale_test(static_cast<int>(i), -1, log, "losses this bound");
    }
  }
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    UnitState& s = state_[i];
    s.morale_pending = false;
    const int u = static_cast<int>(i);
    if (!force_.units[i].on_table()) continue;
    // A2-22: a unit in woods that neither moved nor fired (and was not found) hides.
    if (options_.concealment && !s.concealed && !s.spotted && !s.moved && !s.fired && active(u) &&
        in_woods(u)) {
      s.concealed = true;
      if (counted_quietly(log, EventKind::kStatus)) continue;
      log.append(make_event(EventKind::kStatus, u,
                            fmt::format("{} is concealed in the woods (A2-22)", unit_name(u))));
    }
  }
}

}  // namespace smoothbore::fast_1805
