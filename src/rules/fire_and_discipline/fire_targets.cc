// Fire targets of Fire and Discipline, musketry (000.md §7, FD-35..FD-38): a target's
// cover, mounted and crew-alone targets, the remembered target (FD-38), the musketry
// situation, volley and skirmish targets and the commander's choice among them by expected
// hits. The guns' targets are in fire_targets_guns.cc.
#include "rules/fire_and_discipline/fire_targets.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/check.h"
#include "core/dice/chance.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/fire_targets_detail.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {

using fire_targets_detail::firearm_of;
using fire_targets_detail::open_order;
using fire_targets_detail::snap;

namespace {

// Picks the target with the greatest value (a tuple compared in order); ties keep the
// earlier (nearer) target, so the choice is deterministic.
template <class Value>
std::optional<MusketTarget> best_target(const std::vector<MusketTarget>& targets,
                                        const std::function<Value(const MusketTarget&)>& value) {
  if (targets.empty()) return std::nullopt;
  std::size_t best = 0;
  Value best_v = value(targets[0]);
  for (std::size_t i = 1; i < targets.size(); ++i) {
    const Value v = value(targets[i]);
    if (best_v < v) {
      best = i;
      best_v = v;
    }
  }
  return targets[best];
}

}  // namespace

TargetCover cover_at(const FdState& s, StandRef r, bool artillery) {
  switch (zone_cover(s, r)) {
    case ZoneCover::kEarthworks:
      return TargetCover::kEarthworks;
    case ZoneCover::kProtective:
      return TargetCover::kProtective;
    case ZoneCover::kNone:
      break;
  }
  const Stand& st =
      s.force.units[static_cast<std::size_t>(r.unit)].stands[static_cast<std::size_t>(r.stand)];
  const TerrainAt at = s.table().terrain_at(st.rect.centre);
  if (at.has(TerrainClass::kEarthworks)) return TargetCover::kEarthworks;
  if (at.has(TerrainClass::kProtective) || building_cover(s, r)) return TargetCover::kProtective;
  if (!artillery) return TargetCover::kOpen;  // musketry has no woods modifier (§7.4)
  if (at.has(TerrainClass::kHeavyWoods)) return TargetCover::kHeavyWoods;
  if (at.has(TerrainClass::kLightWoods)) return TargetCover::kLightWoods;
  if (at.has(TerrainClass::kRough)) return TargetCover::kRough;
  return TargetCover::kOpen;
}

bool mounted_for_fire(const Unit& u) {
  // Dismounted dragoons (open order) fight on foot (§4.3, §7.13).
  return u.arm == Arm::kCavalry && u.formation != "open-order";
}

bool crew_alone(const FdState& s, int unit) {
  return s.force.units[static_cast<std::size_t>(unit)].arm == Arm::kArtillery &&
         s.units[static_cast<std::size_t>(unit)].guns_abandoned;
}

bool same_target(const FdState& s, int firer, const StandRef& target) {
  const UnitState& st = s.units[static_cast<std::size_t>(firer)];
  const bool stand = s.options.same_target != "stand" || st.last_target_stand == target.stand;
  return st.last_target_unit == target.unit && stand && st.last_target_turn >= 0 &&
         st.last_target_turn >= s.turn - 1;
}

void remember_target(FdState& s, int firer, const StandRef& target) {
  UnitState& st = s.units[static_cast<std::size_t>(firer)];
  st.last_target_unit = target.unit;
  st.last_target_stand = target.stand;
  st.last_target_turn = s.turn;
}

std::optional<double> musket_range_yd(const FdState& s, int unit) {
  const std::optional<Firearm> arm = firearm_of(s.force.units[static_cast<std::size_t>(unit)]);
  if (!arm) return std::nullopt;  // "none"
  return *arm == Firearm::kBow ? s.options.bow_max_yd : musket_max_range(*arm);
}

MusketrySituation musketry_situation(const FdState& s, int u, const MusketTarget& t) {
  const Unit& unit = s.force.units[static_cast<std::size_t>(u)];
  const Unit& tu = s.force.units[static_cast<std::size_t>(t.target.unit)];
  MusketrySituation m;
  m.stands = std::max(1, t.dice_stands);
  m.weapon = firearm_of(unit).value_or(Firearm::kFlintlock);
  m.range_yd = t.range_yd;
  m.morale_rating = s.units[static_cast<std::size_t>(u)].rating;
  m.platoon = unit.attribute_string("fire-tactic", "volley") == "platoon";
  m.same_target = same_target(s, u, t.target);  // FD-38
  m.mixed_armed = unit.attribute_string("mixed-armed", "false") == "true";
  m.poor_weather = s.options.poor_weather;  // FD-39
  m.target_cover = cover_at(s, t.target, false);
  m.target_open_order = open_order(tu);
  m.target_mounted = mounted_for_fire(tu);
  m.or_groups_exclusive = s.options.or_groups_exclusive;    // FD-31
  m.band_upper_inclusive = s.options.band_upper_inclusive;  // FD-36
  m.bow_max_yd = s.options.bow_max_yd;                      // FD-34
  return m;
}

std::vector<MusketTarget> volley_targets(const FdState& s, int unit) {
  const Unit& u = s.force.units[static_cast<std::size_t>(unit)];
  if (u.arm == Arm::kArtillery || u.arm == Arm::kWagon) return {};
  const std::optional<double> range = musket_range_yd(s, unit);
  if (!range) return {};
  std::vector<MusketTarget> targets = musketry_targets(s, unit, *range);
  if (!s.options.skirmishers_volley) {  // FD-04: open-order stands only skirmish
    targets.erase(std::remove_if(targets.begin(), targets.end(),
                                 [](const MusketTarget& t) { return t.skirmish; }),
                  targets.end());
  }
  return targets;
}

bool has_volley_target(const FdState& s, int unit) {
  const Unit& u = s.force.units[static_cast<std::size_t>(unit)];
  if (u.arm == Arm::kArtillery || u.arm == Arm::kWagon) return false;
  const std::optional<double> range = musket_range_yd(s, unit);
  if (!range) return false;
  // A skirmisher's targets are all skirmish targets (FD-04 removes every one), another
  // unit's none.
  if (!s.options.skirmishers_volley && is_skirmisher(s, unit)) return false;
  const bool any = !musketry_targets(s, unit, *range, /*first_only=*/true).empty();
  if (shortcut_checks()) {
    SB_CHECK(any == !volley_targets(s, unit).empty(), "has_volley_target differs");
  }
  return any;
}

std::vector<MusketTarget> skirmish_targets(const FdState& s, int unit) {
  const std::optional<double> range = musket_range_yd(s, unit);
  if (!range || !is_skirmisher(s, unit)) return {};
  return musketry_targets(s, unit, *range);
}

std::vector<double> volley_hit_distribution(const MusketrySituation& m) {
  const MusketryDice d = musketry_dice(m, false, /*explain=*/false);
  if (!d.possible) return {1.0};
  return hit_count_distribution(d.dice, static_cast<int>(d.hit_faces.size()));
}

double expected_volley_hits(const MusketrySituation& m) {
  const std::vector<double> p = volley_hit_distribution(m);
  double e = 0;
  for (std::size_t k = 0; k < p.size(); ++k) e += static_cast<double>(k) * p[k];
  return e;
}

std::pair<double, double> skirmish_value(const MusketrySituation& m) {
  const MusketryDice d = musketry_dice(m, /*skirmish=*/true, /*explain=*/false);
  if (!d.possible) return {0.0, 0.0};
  const std::vector<double> p =
      skirmish_fire_distribution(d.dice, static_cast<int>(d.hit_faces.size()));
  double casualties = 0, halted = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    casualties += static_cast<double>(i / 4) * p[i];
    if (i % 4 != static_cast<std::size_t>(SkirmishEffect::kNone)) halted += p[i];
  }
  return {casualties, halted};
}

std::optional<MusketTarget> choose_volley_target(const FdState& s, int unit,
                                                 const std::vector<MusketTarget>& targets) {
  if (s.options.musketry_target == "first") {
    return targets.empty() ? std::nullopt : std::optional<MusketTarget>(targets.front());
  }
  using V = std::pair<double, double>;  // expected hits, P(at least one hit)
  return best_target<V>(targets, [&](const MusketTarget& t) {
    const std::vector<double> p = volley_hit_distribution(musketry_situation(s, unit, t));
    double e = 0;
    for (std::size_t k = 0; k < p.size(); ++k) e += static_cast<double>(k) * p[k];
    return V{snap(e), snap(1.0 - p[0])};
  });
}

std::optional<MusketTarget> choose_skirmish_target(const FdState& s, int unit,
                                                   const std::vector<MusketTarget>& targets) {
  if (s.options.musketry_target == "first") {
    return targets.empty() ? std::nullopt : std::optional<MusketTarget>(targets.front());
  }
  using V = std::pair<double, double>;  // expected casualties, P(halt or worse)
  return best_target<V>(targets, [&](const MusketTarget& t) {
    const auto [c, h] = skirmish_value(musketry_situation(s, unit, t));
    return V{snap(c), snap(h)};
  });
}

}  // namespace smoothbore::fire_and_discipline
