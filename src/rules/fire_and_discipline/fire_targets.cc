#include "rules/fire_and_discipline/fire_targets.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/dice/chance.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {

namespace {

bool in_play(const FdState& s, int u) {
  return s.force.units[static_cast<std::size_t>(u)].status == UnitStatus::kActive &&
         !s.units[static_cast<std::size_t>(u)].surrendered;
}

bool open_order(const Unit& u) { return u.formation == "open-order"; }

std::optional<Firearm> firearm_of(const Unit& u) {
  return parse_firearm(u.attribute_string("firearm", "flintlock"));
}

// Whether the target stand touches another stand (§6.9 "adjacent to other stands").
bool adjacent(const FdState& s, const StandRef& t) {
  const Rect& r = s.force.units[static_cast<std::size_t>(t.unit)]
                      .stands[static_cast<std::size_t>(t.stand)]
                      .rect;
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

ArtilleryTarget artillery_target_kind(const FdState& s, int unit) {
  const Unit& tu = s.force.units[static_cast<std::size_t>(unit)];
  if (crew_alone(s, unit)) return ArtilleryTarget::kSkirmish;
  if (tu.arm == Arm::kArtillery) {
    return tu.formation == "limbered" ? ArtilleryTarget::kLimbered
                                      : ArtilleryTarget::kUnlimberedGuns;
  }
  if (tu.arm == Arm::kWagon) return ArtilleryTarget::kLimbered;
  if (mounted_for_fire(tu)) return ArtilleryTarget::kMounted;
  if (open_order(tu)) return ArtilleryTarget::kSkirmish;
  return ArtilleryTarget::kFormed;
}

// The section's state and the table options of every artillery roll.
void gun_state(const FdState& s, int gun, ArtillerySituation& a) {
  const UnitState& st = s.units[static_cast<std::size_t>(gun)];
  a.pdr = st.pdr;
  a.gun_hits = st.gun_hits;
  a.crew = st.crew;
  a.guns = st.guns;
  a.fix_8pdr = s.options.fix_8pdr;                                                      // FD-10
  a.modifier_break = s.options.modifier_break_yd;                                       // FD-11
  a.die = s.options.artillery_die == "d10" ? ArtilleryDie::kD10 : ArtilleryDie::kD100;  // FD-12
  a.multi_hit = s.options.artillery_multi_hit == "per100" ? MultiHit::kPer100 : MultiHit::kCap2;
  a.stack_halvings = s.options.firepower_halvings == "stack";                   // FD-14
  a.one_gun_half = s.options.one_gun_fire != "full";                            // FD-16
  a.poor_weather = s.options.poor_weather && s.options.poor_weather_artillery;  // FD-39
  a.band_upper_inclusive = s.options.band_upper_inclusive;                      // FD-36
  a.canister_max_yd = s.options.canister_max_yd;                                // FD-15
}

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

// Differences below this are ties (rounding of the closed forms).
constexpr double kTie = 1e-9;
double snap(double x) { return std::round(x / kTie) * kTie; }

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

std::vector<MusketTarget> skirmish_targets(const FdState& s, int unit) {
  const std::optional<double> range = musket_range_yd(s, unit);
  if (!range || !is_skirmisher(s, unit)) return {};
  return musketry_targets(s, unit, *range);
}

std::vector<double> volley_hit_distribution(const MusketrySituation& m) {
  const MusketryDice d = musketry_dice(m);
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
  const MusketryDice d = musketry_dice(m, /*skirmish=*/true);
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

ArtillerySituation gun_situation(const FdState& s, int gun, const GunTarget& t, Ammo ammo) {
  ArtillerySituation a;
  gun_state(s, gun, a);
  a.range_yd = t.range_yd;
  a.ammo = ammo;
  a.same_target = same_target(s, gun, t.target);  // FD-38
  a.adjacent = adjacent(s, t.target);
  a.target = artillery_target_kind(s, t.target.unit);
  a.target_cover = cover_at(s, t.target, true);
  if (s.options.ammunition_per == "gun") {
    // FD-17 "gun": this roll is one serviceable gun's, with its own crew (§6.11, §6.12).
    a.guns = 1;
    a.gun_hits = 0;
  }
  return a;
}

int gun_rolls(const FdState& s, int gun) {
  const UnitState& st = s.units[static_cast<std::size_t>(gun)];
  if (s.options.ammunition_per != "gun") return 1;
  return std::max(0, std::min(st.guns - st.gun_hits, st.crew));
}

bool gun_may_fire(const FdState& s, int gun) {
  const Unit& unit = s.force.units[static_cast<std::size_t>(gun)];
  const UnitState& st = s.units[static_cast<std::size_t>(gun)];
  if (unit.arm != Arm::kArtillery || unit.formation != "unlimbered" || !in_play(s, gun)) {
    return false;
  }
  // §5.5: halted artillery cannot fire; FD-19: nor a crew away from its guns, nor in the
  // turn it re-manned them.
  return !st.halted(s.turn) && !st.captured && st.crew > 0 && st.gun_hits < 2 &&
         !st.guns_abandoned && st.recrewed_turn != s.turn;
}

std::optional<Ammo> gun_ammo(const FdState& s, int gun, double range_yd) {
  const UnitState& st = s.units[static_cast<std::size_t>(gun)];
  const Ammo ammo =
      range_yd <= s.options.canister_max_yd && st.canister > 0 ? Ammo::kCanister : Ammo::kBall;
  if (ammo == Ammo::kBall && st.ball <= 0) return std::nullopt;
  return ammo;
}

Barrages barrages_left(const FdState& s, int gun) {
  const UnitState& st = s.units[static_cast<std::size_t>(gun)];
  return Barrages{st.ball, st.canister, st.shell};
}

std::optional<Ammo> roll_ammo(const FdState& s, const GunShot& shot, const Barrages& left) {
  if (shot.ammo == Ammo::kShell) {
    if (left.shell > 0) return Ammo::kShell;
    if (shot.ball_reaches && left.ball > 0) return Ammo::kBall;  // FD-15: ball after shell
    return std::nullopt;
  }
  if (shot.aim.range_yd <= s.options.canister_max_yd && left.canister > 0) return Ammo::kCanister;
  if (left.ball > 0) return Ammo::kBall;
  return std::nullopt;
}

std::optional<GunShot> artillery_shot(const FdState& s, int u) {
  if (!gun_may_fire(s, u)) return std::nullopt;
  const int rolls = gun_rolls(s, u);
  if (rolls <= 0) return std::nullopt;
  const int side = s.force.units[static_cast<std::size_t>(u)].side;
  // §6.3 the first stand of the kill zone; §6.35 option: every stand in the path.
  std::optional<GunShot> first;
  {
    GunShot shot;
    shot.targets = gun_shot_targets(s, u);
    shot.rolls = rolls;
    const auto aim =
        std::find_if(shot.targets.begin(), shot.targets.end(), [&](const GunTarget& t) {
          return s.force.units[static_cast<std::size_t>(t.target.unit)].side != side;
        });
    if (aim != shot.targets.end()) {
      shot.aim = *aim;
      if (const std::optional<Ammo> ammo = gun_ammo(s, u, aim->range_yd)) {
        shot.ammo = *ammo;
        first = shot;
      }
    }
  }
  // FD-15: a howitzer's shell, high angle, at any enemy stand the terrain does not hide.
  std::vector<GunShot> order;
  if (first && first->ammo == Ammo::kCanister) order.push_back(*first);
  if (s.units[static_cast<std::size_t>(u)].shell > 0) {
    for (const GunTarget& t : shell_targets(s, u)) {
      GunShot shot;
      shot.targets = {t};
      shot.aim = t;
      shot.ammo = Ammo::kShell;
      shot.rolls = rolls;
      shot.ball_reaches = first && first->targets.size() == 1 && first->aim.target == t.target;
      order.push_back(shot);
    }
  }
  if (first && first->ammo == Ammo::kBall) order.push_back(*first);
  if (order.empty()) return std::nullopt;
  if (s.options.musketry_target == "first") return order.front();
  std::size_t best = 0;
  double best_e = snap(expected_shot_hits(s, u, order[0]));
  for (std::size_t i = 1; i < order.size(); ++i) {
    const double e = snap(expected_shot_hits(s, u, order[i]));
    if (e > best_e) {
      best = i;
      best_e = e;
    }
  }
  return order[best];
}

double expected_shot_hits(const FdState& s, int gun, const GunShot& shot) {
  const int side = s.force.units[static_cast<std::size_t>(gun)].side;
  double e = 0;
  // Each roll spends one barrage (FD-15, FD-17): canister or shell while it lasts, then ball.
  Barrages left = barrages_left(s, gun);
  for (int roll = 0; roll < shot.rolls; ++roll) {
    const std::optional<Ammo> ammo = roll_ammo(s, shot, left);
    if (!ammo) break;
    for (const GunTarget& t : shot.targets) {
      if (s.force.units[static_cast<std::size_t>(t.target.unit)].side == side) continue;
      e += expected_artillery_hits(gun_situation(s, gun, t, *ammo));
    }
    left.of(*ammo) -= 1;
  }
  return e;
}

std::vector<ArtillerySituation> held_fire_rolls(const FdState& s, int gun, StandRef aim) {
  std::vector<ArtillerySituation> out;
  const double range = s.options.held_fire_range_yd;
  Barrages left = barrages_left(s, gun);
  for (int roll = 0; roll < gun_rolls(s, gun); ++roll) {
    // FD-56: canister if any remains (and FD-15 lets it reach); else a howitzer's shell
    // (as ball, FD-15), else ball.
    Ammo ammo = Ammo::kBall;
    if (range <= s.options.canister_max_yd && left.canister > 0) {
      ammo = Ammo::kCanister;
    } else if (left.shell > 0) {
      ammo = Ammo::kShell;
    } else if (left.ball <= 0) {
      break;
    }
    out.push_back(gun_situation(s, gun, GunTarget{aim, range}, ammo));
    left.of(ammo) -= 1;
  }
  return out;
}

std::vector<double> artillery_rolls_distribution(const std::vector<ArtillerySituation>& rolls) {
  std::vector<double> out{1.0};
  for (const ArtillerySituation& a : rolls) {
    std::vector<double> next;
    for (const auto& [hits, p] : artillery_hit_distribution(a)) {
      for (std::size_t k = 0; k < out.size(); ++k) {
        const std::size_t at = k + static_cast<std::size_t>(hits);
        if (next.size() <= at) next.resize(at + 1, 0.0);
        next[at] += out[k] * p;
      }
    }
    out = std::move(next);
  }
  return out;
}

MusketrySituation fpf_situation(const FdState& s, int unit, StandRef aim, int stands) {
  const Unit& tu = s.force.units[static_cast<std::size_t>(unit)];
  MusketrySituation m;
  m.stands = std::max(1, stands);
  m.weapon = firearm_of(tu).value_or(Firearm::kFlintlock);
  m.range_yd = s.options.held_fire_range_yd;
  m.morale_rating = s.units[static_cast<std::size_t>(unit)].rating;
  m.mixed_armed = tu.attribute_string("mixed-armed", "false") == "true";
  m.target_mounted = s.force.units[static_cast<std::size_t>(aim.unit)].arm == Arm::kCavalry;
  m.poor_weather = s.options.poor_weather;
  m.or_groups_exclusive = s.options.or_groups_exclusive;
  m.band_upper_inclusive = s.options.band_upper_inclusive;  // FD-36
  m.bow_max_yd = s.options.bow_max_yd;                      // FD-34
  return m;
}

std::vector<std::pair<int, double>> artillery_hit_distribution(const ArtillerySituation& a) {
  return enumerate_outcomes<int>([&](Chance& c) { return resolve_artillery(a, c); });
}

double expected_artillery_hits(const ArtillerySituation& a) {
  double e = 0;
  for (const auto& [hits, p] : artillery_hit_distribution(a)) e += hits * p;
  return e;
}

}  // namespace smoothbore::fire_and_discipline
