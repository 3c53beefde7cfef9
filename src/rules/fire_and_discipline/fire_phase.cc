#include "rules/fire_and_discipline/fire_phase.h"

#include <algorithm>

#include <fmt/format.h>

#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/objective_zones.h"
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

// The cover of a stand for fire (§7.4, §6.9): an occupant of an objective zone is in
// protective cover, or earthworks if the zone is fortified (FD-49, FD-57); otherwise its
// ground (a building is protective).
TargetCover cover_at(const FdState& s, StandRef r, bool artillery) {
  switch (zone_cover(s, r)) {
    case ZoneCover::kEarthworks:
      return TargetCover::kEarthworks;
    case ZoneCover::kProtective:
      return TargetCover::kProtective;
    case ZoneCover::kNone:
      break;
  }
  const Stand& st = s.force.units[r.unit].stands[r.stand];
  const TerrainAt at = s.table().terrain_at(st.rect.centre);
  if (at.has(TerrainClass::kEarthworks)) return TargetCover::kEarthworks;
  if (at.has(TerrainClass::kProtective) || building_cover(s, r)) return TargetCover::kProtective;
  if (!artillery) return TargetCover::kOpen;  // musketry has no woods modifier (§7.4)
  if (at.has(TerrainClass::kHeavyWoods)) return TargetCover::kHeavyWoods;
  if (at.has(TerrainClass::kLightWoods)) return TargetCover::kLightWoods;
  if (at.has(TerrainClass::kRough)) return TargetCover::kRough;
  return TargetCover::kOpen;
}

bool open_order(const Unit& u) { return u.formation == "open-order"; }
// A gun crew away from its guns (FD-19) is shot at as open-order foot (§8.43); its hits
// fall on the crew, not on gun components (§6.8).
bool crew_alone(const FdState& s, int u) {
  return s.force.units[u].arm == Arm::kArtillery && s.units[u].guns_abandoned;
}
bool mounted(const Unit& u) {
  return u.arm == Arm::kCavalry || (u.type == "dragoons" && u.formation != "open-order");
}
// FD-38: the firer's last target (this turn or last) was the target's unit, or with option
// same_target "stand" the target stand itself.
bool same_target(const FdState& s, int firer, const StandRef& target) {
  const UnitState& st = s.units[firer];
  const bool stand = s.options.same_target != "stand" || st.last_target_stand == target.stand;
  return st.last_target_unit == target.unit && stand && st.last_target_turn >= 0 &&
         st.last_target_turn >= s.turn - 1;
}
void remember_target(FdState& s, int firer, const StandRef& target) {
  UnitState& st = s.units[firer];
  st.last_target_unit = target.unit;
  st.last_target_stand = target.stand;
  st.last_target_turn = s.turn;
}

// Whether the target stand touches another stand (§6.9 "adjacent to other stands").
bool adjacent(const FdState& s, const StandRef& t) {
  const Rect& r = s.force.units[t.unit].stands[t.stand].rect;
  for (std::size_t u = 0; u < s.force.units.size(); ++u) {
    if (!s.force.units[u].on_table()) continue;
    for (std::size_t k = 0; k < s.force.units[u].stands.size(); ++k) {
      const Stand& o = s.force.units[u].stands[k];
      if (o.removed || (static_cast<int>(u) == t.unit && static_cast<int>(k) == t.stand)) continue;
      if (distance(r, o.rect) <= s.mm(1.0)) return true;
    }
  }
  return false;
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
        const GunHitComponent c = resolve_artillery_hit(limbered, dice, &rec);
        Event e = event(
            s, EventKind::kStatus, sh.target.unit,
            fmt::format("{}: hit on the section: {}", name(s, sh.target.unit), rec.result), phase);
        e.rolls.push_back(std::move(rec));
        log.append(std::move(e));
        apply_gun_component_hit(s, sh.target.unit, c, log);
        if (c == GunHitComponent::kCrew) ++counts[static_cast<std::size_t>(sh.target.stand)];
      }
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
      r = resolve_morale(morale_situation(s, u, stand), dice, &rec);
      const std::string who =
          stands.size() > 1
              ? fmt::format("{} stand {} (FD-24: each stand hit tests)", name(s, u), stand)
              : name(s, u);
      Event e = event(s, EventKind::kMorale, u,
                      fmt::format("{} checks morale: {}", who, rec.result), "morale");
      e.rolls.push_back(std::move(rec));
      log.append(std::move(e));
      if (r != MoraleResult::kPass) break;
    }
    if (r == MoraleResult::kPass) continue;
    // §5.3e, FD-29: adjacent units test too (before this one moves away).
    for (int a : cascade_units(s, u, tested)) queue.push_back({a, from});
    apply_morale_result(s, u, r, from, /*before_movement=*/true, log);
  }
}

namespace {

ArtillerySituation gun_situation(const FdState& s, int u, const GunTarget& t, Ammo ammo) {
  const UnitState& st = s.units[static_cast<std::size_t>(u)];
  const Unit& tu = s.force.units[static_cast<std::size_t>(t.target.unit)];
  ArtillerySituation a;
  a.pdr = st.pdr;
  a.range_yd = t.range_yd;
  a.ammo = ammo;
  a.same_target = same_target(s, u, t.target);
  a.adjacent = adjacent(s, t.target);
  a.target = crew_alone(s, t.target.unit) ? ArtilleryTarget::kSkirmish
             : tu.arm == Arm::kArtillery
                 ? (tu.formation == "limbered" ? ArtilleryTarget::kLimbered
                                               : ArtilleryTarget::kUnlimberedGuns)
             : tu.arm == Arm::kWagon ? ArtilleryTarget::kLimbered
             : mounted(tu)           ? ArtilleryTarget::kMounted
             : open_order(tu)        ? ArtilleryTarget::kSkirmish
                                     : ArtilleryTarget::kFormed;
  a.target_cover = cover_at(s, t.target, true);
  a.gun_hits = st.gun_hits;
  a.crew = st.crew;
  a.guns = st.guns;
  a.fix_8pdr = s.options.fix_8pdr;
  a.modifier_break = s.options.modifier_break_yd;
  a.multi_hit = s.options.artillery_multi_hit == "per100" ? MultiHit::kPer100 : MultiHit::kCap2;
  a.die = s.options.artillery_die == "d10" ? ArtilleryDie::kD10 : ArtilleryDie::kD100;  // FD-12
  a.stack_halvings = s.options.firepower_halvings == "stack";                           // FD-14
  a.one_gun_half = s.options.one_gun_fire != "full";                                    // FD-16
  a.poor_weather = s.options.poor_weather && s.options.poor_weather_artillery;          // FD-39
  a.band_upper_inclusive = s.options.band_upper_inclusive;                              // FD-36
  if (s.options.ammunition_per == "gun") {
    // FD-17 "gun": this roll is one serviceable gun's, with its own crew (§6.11, §6.12).
    a.guns = 1;
    a.gun_hits = 0;
  }
  return a;
}

// FD-17: one roll a turn for the section, or (option "gun") one for each gun that can fire:
// not disabled by a gun hit (§6.8a), and served by at least one crewman (§6.8b).
int gun_rolls(const FdState& s, const UnitState& st) {
  if (s.options.ammunition_per != "gun") return 1;
  return std::max(0, std::min(st.guns - st.gun_hits, st.crew));
}

}  // namespace

void artillery_phase(FdState& s, const std::set<int>& holding, Chance& dice, EventLog& log,
                     int side) {
  std::vector<Shot> shots;
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const int u = static_cast<int>(i);
    const Unit& unit = s.force.units[i];
    UnitState& st = s.units[i];
    if (side >= 0 && unit.side != side) continue;  // FD-02 alternate
    if (unit.arm != Arm::kArtillery || unit.formation != "unlimbered" || !may_fire(s, u)) continue;
    if (st.halted(s.turn) || st.captured || st.crew <= 0 || st.gun_hits >= 2 || holding.count(u)) {
      continue;  // §5.5: halted artillery cannot fire
    }
    // §6.3 the first stand of the kill zone; §6.35 option: every stand in the path.
    const std::vector<GunTarget> targets = gun_shot_targets(s, u);
    const auto aim = std::find_if(targets.begin(), targets.end(), [&](const GunTarget& t) {
      return s.force.units[static_cast<std::size_t>(t.target.unit)].side != unit.side;
    });
    if (aim == targets.end()) continue;
    const int rolls = gun_rolls(s, st);
    for (int roll = 0; roll < rolls; ++roll) {
      // FD-15: canister at 150 yd or less while it lasts, else ball.
      const Ammo ammo = aim->range_yd <= s.options.canister_max_yd && st.canister > 0
                            ? Ammo::kCanister
                            : Ammo::kBall;
      if (ammo == Ammo::kBall && st.ball <= 0) break;  // §6.64: no resupply
      for (const GunTarget& t : targets) {
        const Unit& tu = s.force.units[static_cast<std::size_t>(t.target.unit)];
        const bool friend_hit = tu.side == unit.side;
        RollRecord rec;
        const int hits = resolve_artillery(gun_situation(s, u, t, ammo), dice, &rec);
        std::string how;
        if (rolls > 1) how += fmt::format("; gun {} of {}, FD-17 per gun", roll + 1, rolls);
        if (targets.size() > 1) how += "; extended kill zone, §6.35";
        Event e = event(s, EventKind::kFire, u,
                        fmt::format("{} fires {} {} {} ({:.0f} yd{}): {}", name(s, u),
                                    ammo == Ammo::kCanister ? "canister" : "ball",
                                    friend_hit ? "through its own" : "at", name(s, t.target.unit),
                                    t.range_yd, how, rec.result),
                        "II artillery");
        e.target = tu.id;
        e.rolls.push_back(std::move(rec));
        e.data = {{"hits", std::int64_t{hits}}, {"range_yd", t.range_yd}};
        log.append(std::move(e));
        shots.push_back(
            {u, t.target, hits, tu.arm == Arm::kArtillery && !crew_alone(s, t.target.unit)});
      }
      (ammo == Ammo::kCanister ? st.canister : st.ball) -= 1;  // one barrage (FD-15, FD-17)
    }
    remember_target(s, u, aim->target);
  }
  apply_shots(s, shots, dice, log, "II artillery");
}

namespace {

std::optional<Firearm> firearm_of(const Unit& u) {
  return parse_firearm(u.attribute_string("firearm", "flintlock"));
}

MusketrySituation situation(const FdState& s, int u, const MusketTarget& t) {
  const Unit& unit = s.force.units[u];
  const Unit& tu = s.force.units[t.target.unit];
  MusketrySituation m;
  m.stands = std::max(1, t.dice_stands);
  m.weapon = firearm_of(unit).value_or(Firearm::kFlintlock);
  m.range_yd = t.range_yd;
  m.morale_rating = s.units[u].rating;
  m.platoon = unit.attribute_string("fire-tactic", "volley") == "platoon";
  m.same_target = same_target(s, u, t.target);
  m.mixed_armed = unit.attribute_string("mixed-armed", "false") == "true";
  m.poor_weather = s.options.poor_weather;
  m.target_cover = cover_at(s, t.target, false);
  m.target_open_order = open_order(tu);
  m.target_mounted = mounted(tu);
  m.or_groups_exclusive = s.options.or_groups_exclusive;
  m.band_upper_inclusive = s.options.band_upper_inclusive;  // FD-36
  return m;
}

}  // namespace

void musketry_phase(FdState& s, bool platoon_phase, Chance& dice, EventLog& log, int side) {
  const char* phase = platoon_phase ? "IV platoon fire" : "III volley";
  std::vector<Shot> shots;
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const int u = static_cast<int>(i);
    const Unit& unit = s.force.units[i];
    if (!may_fire(s, u) || unit.arm == Arm::kArtillery || unit.arm == Arm::kWagon) continue;
    if (side >= 0 && unit.side != side) continue;  // FD-02 alternate
    if (platoon_phase && unit.attribute_string("fire-tactic", "volley") != "platoon") continue;
    const std::optional<Firearm> arm = firearm_of(unit);
    if (!arm) continue;  // "none"
    const double max_range = *arm == Firearm::kBow ? s.options.bow_max_yd : musket_max_range(*arm);
    std::vector<MusketTarget> targets = musketry_targets(s, u, max_range);
    if (!s.options.skirmishers_volley) {  // FD-04: open-order stands only skirmish
      targets.erase(std::remove_if(targets.begin(), targets.end(),
                                   [](const MusketTarget& t) { return t.skirmish; }),
                    targets.end());
    }
    if (targets.empty()) continue;
    // FD-37: the firer's choice; the most dice, then the nearest.
    const MusketTarget t = *std::max_element(
        targets.begin(), targets.end(), [](const MusketTarget& a, const MusketTarget& b) {
          return a.dice_stands != b.dice_stands ? a.dice_stands < b.dice_stands
                                                : a.range_yd > b.range_yd;
        });
    RollRecord rec;
    const int hits = resolve_musketry(situation(s, u, t), dice, &rec);
    remember_target(s, u, t.target);
    Event e = event(s, EventKind::kFire, u,
                    fmt::format("{} {} at {} ({:.0f} yd): {}", name(s, u),
                                t.skirmish ? "fires a volley (FD-04 option)" : "fires",
                                name(s, t.target.unit), t.range_yd, rec.result),
                    phase);
    e.target = s.force.units[t.target.unit].id;
    e.rolls.push_back(std::move(rec));
    e.data = {{"hits", std::int64_t{hits}}, {"range_yd", t.range_yd}};
    log.append(std::move(e));
    shots.push_back({u, t.target, hits, false});
  }
  apply_shots(s, shots, dice, log, phase);
}

void skirmish_fire_step(FdState& s, Chance& dice, EventLog& log, int side) {
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const int u = static_cast<int>(i);
    if (!may_fire(s, u) || !is_skirmisher(s, u)) continue;
    if (side >= 0 && s.force.units[i].side != side) continue;  // FD-02 alternate
    const std::optional<Firearm> arm = firearm_of(s.force.units[i]);
    if (!arm) continue;
    const double max_range = *arm == Firearm::kBow ? s.options.bow_max_yd : musket_max_range(*arm);
    std::vector<MusketTarget> targets = musketry_targets(s, u, max_range);
    if (targets.empty()) continue;
    const MusketTarget& t = targets.front();  // nearest first
    std::vector<RollRecord> recs;
    const SkirmishFireResult r = resolve_skirmish_fire(situation(s, u, t), dice, &recs);
    Event e = event(s, EventKind::kFire, u,
                    fmt::format("{} skirmish fire at {} ({:.0f} yd): {} casualt{}, {}", name(s, u),
                                name(s, t.target.unit), t.range_yd, r.casualties,
                                r.casualties == 1 ? "y" : "ies", skirmish_effect_name(r.effect)),
                    "III.3 skirmish fire");
    e.target = s.force.units[t.target.unit].id;
    e.rolls = std::move(recs);
    log.append(std::move(e));
    // §7.31: the skirmish result replaces the morale check.
    if (r.casualties > 0)
      apply_hits(s, t.target.unit, t.target.stand, r.casualties, log, "skirmish fire");
    if (!in_play(s, t.target.unit)) continue;
    UnitState& ts = s.units[static_cast<std::size_t>(t.target.unit)];
    if (r.effect == SkirmishEffect::kHalt || r.effect == SkirmishEffect::kHaltHit) {
      ts.halted_until = std::max(ts.halted_until, s.turn);  // FD-59 → FD-25
    } else if (r.effect == SkirmishEffect::kRetreatHit) {
      flee(s, t.target.unit, s.force.units[i].footprint().centre, true, log, 30);
    }
  }
}

}  // namespace smoothbore::fire_and_discipline
