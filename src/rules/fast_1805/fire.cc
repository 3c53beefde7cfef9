// The fire step (L9, L19, A2-01): shooters fire in initiative order; casualties take
// effect at once, so a unit that loses its last figures or routs before its turn does not
// fire ("casualties may not return fire"); targets test morale once per step (A2-14).
#include <fmt/format.h>

#include "rules/fast_1805/battle_impl.h"

namespace smoothbore::fast_1805 {

using namespace std::string_view_literals;  // literals compared by size first

void Battle1805::fire_step(EventLog& log) {
  ++step_;
  for (int u : order_) {
    const Order& o = orders_[u];
    if (o.action.kind != ActionKind::kFire || o.action.target < 0) continue;
    const int target = o.action.target;
    FireTarget ft = can_fire_at(u, target, /*explain=*/!log.quiet());
    if (!ft.ok) {
      if (!counted_quietly(log, EventKind::kFire)) {
        log.append(make_event(
            EventKind::kFire, u,
            fmt::format("{} cannot fire at {}: {}", unit_name(u), unit_name(target), ft.why_not)));
      }
      continue;
    }
    fire_one(u, target, /*unmoving=*/!o.action.moves, log);
  }
  std::vector<BatteryHits> deferred;
  deferred.swap(deferred_battery_hits_);
  for (const BatteryHits& h : deferred) {
    if (!force_.units[h.target].on_table()) continue;
    artillery_on_battery(h.shooter, h.target, h.hits, log);
    if (active(h.target)) morale_test(h.target, step_, log, "losses from counter-battery fire");
  }
}

void Battle1805::fire_one(int shooter, int target, bool unmoving, EventLog& log) {
  Unit& s = force_.units[shooter];
  UnitState& ss = state_[shooter];
  RollRecord rec;
  int kills = 0;
  if (s.arm == Arm::kArtillery) {
    kills = resolve_artillery(artillery_situation(shooter, target), dice_, record_for(log, rec));
  } else {
    kills = resolve_fire(fire_situation(shooter, target, unmoving), dice_, record_for(log, rec));
  }
  ss.fired_ever = true;
  ss.fired_at.insert(target);
  ss.fired = true;
  ss.concealed = false;  // A2-22: a unit that fires is discovered
  if (!counted_quietly(log, EventKind::kFire)) {
    Event e = make_event(EventKind::kFire, shooter,
                         fmt::format("{} fires at {} ({:.1f}\"): {}", unit_name(shooter),
                                     unit_name(target), gap_in(shooter, target), rec.result));
    e.target = force_.units[target].id;
    e.rolls.push_back(std::move(rec));
    e.data = {{"kills", std::int64_t{kills}}, {"range_in", gap_in(shooter, target)}};
    log.append(std::move(e));
  }
  if (kills <= 0) return;
  const Unit& t = force_.units[target];
  if (s.arm == Arm::kArtillery && t.arm == Arm::kArtillery) {
    if (options_.counter_battery == "simultaneous"sv) {
      // A2-18 option: every battery fires before any hit on a battery takes effect.
      deferred_battery_hits_.push_back({shooter, target, kills});
      return;
    }
    artillery_on_battery(shooter, target, kills, log);
  } else if (s.arm == Arm::kArtillery && in_building(target)) {
    artillery_on_building(shooter, target, kills, log);
  } else {
    take_losses(target, kills, log, "fire");
  }
  if (force_.units[target].status == UnitStatus::kActive) {
    morale_test(target, step_, log, "losses from fire");
  }
}

// L141, A2-18/A2-19/A2-20: each artillery hit on a battery rolls on the guns table.
// Fire is sequential (A2-01), so a battery whose guns are all out before its turn does
// not reply: the alternating exchange of A2-18 falls out of the initiative order.
void Battle1805::artillery_on_battery(int shooter, int target, int hits, EventLog& log) {
  (void)shooter;
  UnitState& ts = state_[target];
  int crew_losses = 0;
  for (int h = 0; h < hits && force_.units[target].on_table(); ++h) {
    RollRecord rec;
    GunHitEffect eff = resolve_gun_hit(dice_, record_for(log, rec),
                                       {static_cast<double>(options_.limber_explosion_percent),
                                        static_cast<double>(options_.gun_destroyed_percent)});
    std::string what;
    switch (eff) {
      case GunHitEffect::kLimber:
      case GunHitEffect::kHorse:
        // A2-19: a damaged limber counts as a horse hit; each horse -25% limbered move.
        if (ts.horses > 0) --ts.horses;
        if (!log.quiet()) what = fmt::format("a horse lost ({} left)", ts.horses);
        break;
      case GunHitEffect::kLimberExplosion:
        ts.limber_lost = true;
        ts.horses = 0;
        ++crew_losses;  // A2-19: kills one gunner and forces a morale roll
        what = "the limber explodes";
        break;
      case GunHitEffect::kCrew:
        ++crew_losses;
        what = "a gunner hit";
        break;
      case GunHitEffect::kGunDestroyed:
        if (ts.working_guns() > 0) ++ts.guns_destroyed;
        what = "a gun destroyed";
        break;
      case GunHitEffect::kGunSilenced:
        if (ts.working_guns() > 0) ++ts.guns_silenced;
        what = "a gun silenced";
        break;
    }
    if (counted_quietly(log, EventKind::kStatus)) continue;
    Event e = make_event(EventKind::kStatus, target,
                         fmt::format("{}: hit on the battery, {}", unit_name(target), what));
    e.rolls.push_back(std::move(rec));
    e.data = {{"effect", std::string(gun_hit_effect_name(eff))}};
    log.append(std::move(e));
  }
  if (crew_losses > 0) take_losses(target, crew_losses, log, "counter-battery fire");
  if (force_.units[target].on_table() && ts.working_guns() <= 0 && ts.guns_destroyed >= ts.guns) {
    remove_unit(target, UnitStatus::kRemoved, log, "every gun destroyed");
  }
}

// L139, A2-16/A2-17: each hit on a building is a hit on the occupants, and catches fire on
// d100 ≤ 25; the occupants then flee a ½ move, disordered (not a rout).
void Battle1805::artillery_on_building(int shooter, int target, int hits, EventLog& log) {
  take_losses(target, hits, log, "artillery fire on the building");
  std::string building;
  const Vec2 c = force_.units[target].footprint().centre;
  for (const AreaFeature& a : scenario_.table.areas()) {
    if (a.cls == TerrainClass::kBuilding && !burnt_.count(a.id) && a.shape.contains(c)) {
      building = a.id;
    }
  }
  for (int h = 0; h < hits && !building.empty(); ++h) {
    RollRecord rec;
    const bool fire = resolve_building_fire(dice_, record_for(log, rec));
    if (!counted_quietly(log, EventKind::kStatus)) {
      Event e = make_event(
          EventKind::kStatus, target,
          fmt::format("building {} {}", building, fire ? "catches fire" : "does not catch fire"));
      e.rolls.push_back(std::move(rec));
      log.append(std::move(e));
    }
    if (!fire) continue;
    if (options_.burnt_building_closed) burnt_.insert(building);
    if (force_.units[target].on_table()) {
      mark_disordered(target);
      // A2-16: out a ½ move, away from the firer, whatever the ground.
      const Vec2 away =
          force_.units[target].footprint().centre - force_.units[shooter].footprint().centre;
      forced_move(target, away, allowance_in(target, MoveColumn::kOpen) * kMm / 2, log);
      if (!counted_quietly(log, EventKind::kStatus)) {
        log.append(
            make_event(EventKind::kStatus, target,
                       fmt::format("{} flee the burning building, disordered", unit_name(target))));
      }
    }
    break;
  }
}

}  // namespace smoothbore::fast_1805
