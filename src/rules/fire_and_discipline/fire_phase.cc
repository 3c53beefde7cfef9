#include "rules/fire_and_discipline/fire_phase.h"

#include <algorithm>

#include <fmt/format.h>

#include "rules/battle.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/retire.h"

namespace smoothbore::fire_and_discipline {

namespace {

bool in_play(const FdState& s, int u) {
  return s.force.units[u].status == UnitStatus::kActive && !s.units[u].surrendered;
}

// Shattered units retiring do not fire (FD-58).
bool may_fire(const FdState& s, int u) { return in_play(s, u) && !retiring(s, u); }

std::string name(const FdState& s, int u) {
  const Unit& unit = s.force.units[u];
  return unit.name.empty() ? unit.id : unit.name;
}

Event event(const FdState& s, EventKind kind, int u, std::string text, std::string phase) {
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  e.phase = std::move(phase);
  if (u >= 0) {
    e.unit = s.force.units[u].id;
    e.side = s.force.sides[s.force.units[u].side].id;
  }
  e.text = std::move(text);
  return e;
}

struct Shot {
  int firer;
  StandRef target;
  int hits;
  bool guns;  // artillery on a gun section: components (§6.8)
};

// Applies a step's shots, then the morale checks (FD-02 simultaneous).
void apply_shots(FdState& s, const std::vector<Shot>& shots, Chance& dice, EventLog& log,
                 const char* phase) {
  std::vector<std::vector<int>> hit(s.force.units.size());
  std::vector<Vec2> cause(s.force.units.size());
  for (const Shot& sh : shots) {
    if (sh.hits <= 0 || !s.force.units[sh.target.unit].on_table()) continue;
    Unit& tu = s.force.units[sh.target.unit];
    cause[sh.target.unit] = s.force.units[sh.firer].footprint().centre;
    auto& counts = hit[sh.target.unit];
    counts.resize(tu.stands.size(), 0);
    if (sh.guns) {
      const bool limbered = tu.formation == "limbered";
      for (int h = 0; h < sh.hits && tu.on_table(); ++h) {
        RollRecord rec;
        const GunHitComponent c = resolve_artillery_hit(limbered, dice, record_for(log, rec));
        if (!counted_quietly(log, EventKind::kStatus)) {
          Event e =
              event(s, EventKind::kStatus, sh.target.unit,
                    fmt::format("{}: hit on the section: {}", name(s, sh.target.unit), rec.result),
                    phase);
          e.rolls.push_back(std::move(rec));
          log.append(std::move(e));
        }
        apply_gun_component_hit(s, sh.target.unit, c, log);
        if (c == GunHitComponent::kCrew) ++counts[static_cast<std::size_t>(sh.target.stand)];
      }
      // FD-18, §6.8b: only a crew hit causes a morale check, not a gun or limber hit.
      if (std::all_of(counts.begin(), counts.end(), [](int h) { return h == 0; })) counts.clear();
    } else {
      apply_hits(s, sh.target.unit, sh.target.stand, sh.hits, log, phase);
      counts[static_cast<std::size_t>(sh.target.stand)] += sh.hits;
      // §2.32, FD-54: a commander with the hit stand (the first stand) rolls once.
      const int first = [&] {
        for (std::size_t k = 0; k < tu.stands.size(); ++k) {
          if (!tu.stands[k].removed) return static_cast<int>(k);
        }
        return -1;
      }();
      if (sh.target.stand == first || first < 0) {
        commander_fire_check(s, sh.target.unit, dice, log, sh.hits);
      }
    }
  }
  morale_after_fire(s, hit, cause, dice, log);
}

}  // namespace

void morale_after_fire(FdState& s, const std::vector<std::vector<int>>& hits_by_stand,
                       const std::vector<Vec2>& cause, Chance& dice, EventLog& log) {
  std::vector<int> tested;
  std::vector<std::pair<int, Vec2>> queue;
  for (std::size_t u = 0; u < hits_by_stand.size(); ++u) {
    if (!hits_by_stand[u].empty()) queue.push_back({static_cast<int>(u), cause[u]});
  }
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const auto [u, from] = queue[q];
    if (!in_play(s, u) || std::find(tested.begin(), tested.end(), u) != tested.end()) continue;
    tested.push_back(u);
    const std::vector<int> counts =
        static_cast<std::size_t>(u) < hits_by_stand.size() ? hits_by_stand[u] : std::vector<int>{};
    // FD-24: one test for the unit, or (option per-stand) one per stand hit until one fails;
    // the first failure applies to the whole unit.
    const std::vector<int> stands = testing_stands(s, u, counts);
    MoraleResult r = MoraleResult::kPass;
    for (int stand : stands) {
      RollRecord rec;
      r = resolve_morale(morale_situation(s, u, stand), dice, record_for(log, rec));
      if (!counted_quietly(log, EventKind::kMorale)) {
        const std::string who =
            stands.size() > 1
                ? fmt::format("{} stand {} (FD-24: each stand hit tests)", name(s, u), stand)
                : name(s, u);
        Event e = event(s, EventKind::kMorale, u,
                        fmt::format("{} checks morale: {}", who, rec.result), "morale");
        e.rolls.push_back(std::move(rec));
        log.append(std::move(e));
      }
      if (r != MoraleResult::kPass) break;
    }
    if (r == MoraleResult::kPass) continue;
    // §5.3e, FD-29: adjacent units test too (before this one moves away).
    for (int a : cascade_units(s, u, tested)) queue.push_back({a, from});
    apply_morale_result(s, u, r, from, /*before_movement=*/true, log);
  }
}

void artillery_phase(FdState& s, const std::set<int>& holding, const std::set<int>& busy,
                     Chance& dice, EventLog& log, int side) {
  std::vector<Shot> shots;
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const int u = static_cast<int>(i);
    const Unit& unit = s.force.units[i];
    UnitState& st = s.units[i];
    if (side >= 0 && unit.side != side) continue;  // FD-02 alternate
    st.hold_fire = false;                          // a mark lasts one turn (§6.4d)
    if (!may_fire(s, u) || !gun_may_fire(s, u)) continue;
    if (busy.count(u)) continue;  // prolonge or change of direction instead (§6.4b-c)
    if (holding.count(u)) {
      st.hold_fire = true;  // §6.4d: mark the gun
      if (!counted_quietly(log, EventKind::kStatus)) {
        log.append(
            event(s, EventKind::kStatus, u,
                  fmt::format("{} holds its fire against an expected charge (§6.4d)", name(s, u)),
                  "II artillery"));
      }
      continue;
    }
    const std::optional<GunShot> shot = artillery_shot(s, u);
    if (!shot) continue;
    for (int roll = 0; roll < shot->rolls; ++roll) {
      // FD-15: canister at 150 yd or less while it lasts, a howitzer's shell while it lasts,
      // else ball (§6.64: no resupply).
      const std::optional<Ammo> ammo = roll_ammo(s, *shot, barrages_left(s, u));
      if (!ammo) break;
      for (const GunTarget& t : shot->targets) {
        const Unit& tu = s.force.units[static_cast<std::size_t>(t.target.unit)];
        const bool friend_hit = tu.side == unit.side;
        RollRecord rec;
        const int hits =
            resolve_artillery(gun_situation(s, u, t, *ammo), dice, record_for(log, rec));
        if (!counted_quietly(log, EventKind::kFire)) {
          std::string how;
          if (*ammo == Ammo::kShell) {
            how += "; high angle, over any stands in the way, FD-15";
          }
          if (shot->rolls > 1) {
            how += fmt::format("; gun {} of {}, FD-17 per gun", roll + 1, shot->rolls);
          }
          if (shot->targets.size() > 1) how += "; extended kill zone, §6.35";
          Event e = event(s, EventKind::kFire, u,
                          fmt::format("{} fires {} {} {} ({:.0f} yd{}): {}", name(s, u),
                                      ammo_name(*ammo), friend_hit ? "through its own" : "at",
                                      name(s, t.target.unit), t.range_yd, how, rec.result),
                          "II artillery");
          e.target = tu.id;
          e.rolls.push_back(std::move(rec));
          e.data = {{"hits", std::int64_t{hits}}, {"range_yd", t.range_yd}};
          log.append(std::move(e));
        }
        shots.push_back(
            {u, t.target, hits, tu.arm == Arm::kArtillery && !crew_alone(s, t.target.unit)});
      }
      switch (*ammo) {  // one barrage (FD-15, FD-17)
        case Ammo::kCanister:
          st.canister -= 1;
          break;
        case Ammo::kShell:
          st.shell -= 1;
          break;
        case Ammo::kBall:
          st.ball -= 1;
          break;
      }
      touch_unit(s, u);
    }
    remember_target(s, u, shot->aim.target);
  }
  apply_shots(s, shots, dice, log, "II artillery");
}

void musketry_phase(FdState& s, bool platoon_phase, Chance& dice, EventLog& log, int side) {
  const char* phase = platoon_phase ? "IV platoon fire" : "III volley";
  std::vector<Shot> shots;
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const int u = static_cast<int>(i);
    const Unit& unit = s.force.units[i];
    if (!may_fire(s, u)) continue;
    if (side >= 0 && unit.side != side) continue;  // FD-02 alternate
    if (platoon_phase && unit.attribute_string("fire-tactic", "volley") != "platoon") continue;
    // FD-37: the firer's choice, by expected hits (fire_targets.h).
    const std::optional<MusketTarget> chosen = choose_volley_target(s, u, volley_targets(s, u));
    if (!chosen) continue;
    const MusketTarget& t = *chosen;
    RollRecord rec;
    const int hits = resolve_musketry(musketry_situation(s, u, t), dice, record_for(log, rec));
    remember_target(s, u, t.target);
    if (!counted_quietly(log, EventKind::kFire)) {
      Event e = event(s, EventKind::kFire, u,
                      fmt::format("{} {} at {} ({:.0f} yd): {}", name(s, u),
                                  t.skirmish ? "fires a volley (FD-04 option)" : "fires",
                                  name(s, t.target.unit), t.range_yd, rec.result),
                      phase);
      e.target = s.force.units[t.target.unit].id;
      e.rolls.push_back(std::move(rec));
      e.data = {{"hits", std::int64_t{hits}}, {"range_yd", t.range_yd}};
      log.append(std::move(e));
    }
    shots.push_back({u, t.target, hits, false});
  }
  apply_shots(s, shots, dice, log, phase);
}

void skirmish_fire_step(FdState& s, Chance& dice, EventLog& log, int side) {
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const int u = static_cast<int>(i);
    if (!may_fire(s, u) || !is_skirmisher(s, u)) continue;
    if (side >= 0 && s.force.units[i].side != side) continue;  // FD-02 alternate
    const std::optional<MusketTarget> chosen =
        choose_skirmish_target(s, u, skirmish_targets(s, u));  // FD-37
    if (!chosen) continue;
    const MusketTarget& t = *chosen;
    std::vector<RollRecord> recs;
    const SkirmishFireResult r =
        resolve_skirmish_fire(musketry_situation(s, u, t), dice, record_for(log, recs));
    if (!counted_quietly(log, EventKind::kFire)) {
      Event e = event(s, EventKind::kFire, u,
                      fmt::format("{} skirmish fire at {} ({:.0f} yd): {} casualt{}, {}",
                                  name(s, u), name(s, t.target.unit), t.range_yd, r.casualties,
                                  r.casualties == 1 ? "y" : "ies", skirmish_effect_name(r.effect)),
                      "III.3 skirmish fire");
      e.target = s.force.units[t.target.unit].id;
      e.rolls = std::move(recs);
      log.append(std::move(e));
    }
    // §7.31: the skirmish result replaces the morale check.
    if (r.casualties > 0)
      apply_hits(s, t.target.unit, t.target.stand, r.casualties, log, "skirmish fire");
    if (!in_play(s, t.target.unit)) continue;
    UnitState& ts = s.units[static_cast<std::size_t>(t.target.unit)];
    if (r.effect == SkirmishEffect::kHalt || r.effect == SkirmishEffect::kHaltHit) {
      ts.halted_until = std::max(ts.halted_until, s.turn);  // FD-59 → FD-25
      touch_unit(s, t.target.unit);
    } else if (r.effect == SkirmishEffect::kRetreatHit) {
      flee(s, t.target.unit, s.force.units[i].footprint().centre, true, log, 30);
    }
  }
}

}  // namespace smoothbore::fire_and_discipline
