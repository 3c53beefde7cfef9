// Fire targets of Fire and Discipline, artillery (000.md §6.2-§6.9, FD-10..FD-17, FD-36,
// FD-56): the situation of a gun's roll, how many rolls and which ammunition, barrages
// left, the shot a section takes, the held fire at a charger and the distributions of
// hits the commanders read.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "core/dice/chance.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/fire_targets_detail.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {

using fire_targets_detail::firearm_of;
using fire_targets_detail::open_order;
using fire_targets_detail::snap;

namespace {

bool in_play(const FdState& s, int u) {
  return s.force.units[static_cast<std::size_t>(u)].status == UnitStatus::kActive &&
         !s.units[static_cast<std::size_t>(u)].surrendered;
}

// Whether the target stand touches another stand (§6.9 "adjacent to other stands"), as
// `gun` asks it: only the stands around the target can touch it (stand_grid.h). The
// snapshot may hold the gun's own stands where they stood before a look-ahead moved them
// (unit_trial.h), so those are read from the state instead.
bool adjacent(const FdState& s, int gun, const StandRef& t) {
  const Rect& r = s.force.units[static_cast<std::size_t>(t.unit)]
                      .stands[static_cast<std::size_t>(t.stand)]
                      .rect;
  const double touch = s.mm(1.0);
  auto touches = [&](int u, int k, const Rect& o) {
    return !(u == t.unit && k == t.stand) && distance(r, o) <= touch;
  };
  const Unit& own = s.force.units[static_cast<std::size_t>(gun)];
  if (own.on_table()) {
    for (std::size_t k = 0; k < own.stands.size(); ++k) {
      const Stand& o = own.stands[k];
      if (!o.removed && touches(gun, static_cast<int>(k), o.rect)) return true;
    }
  }
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, gun);
  bool found = false;
  snap->around(r, touch, [&](int k) {
    const StandEntry& e = snap->stands[static_cast<std::size_t>(k)];
    found = found || (e.unit != gun && touches(e.unit, e.stand, e.rect));
  });
  return found;
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

}  // namespace

ArtillerySituation gun_situation(const FdState& s, int gun, const GunTarget& t, Ammo ammo) {
  ArtillerySituation a;
  gun_state(s, gun, a);
  a.range_yd = t.range_yd;
  a.ammo = ammo;
  a.same_target = same_target(s, gun, t.target);  // FD-38
  a.adjacent = adjacent(s, gun, t.target);
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
  std::optional<ValuedGunShot> v = valued_artillery_shot(s, u, false);
  if (!v) return std::nullopt;
  return std::move(v->shot);
}

std::optional<ValuedGunShot> valued_artillery_shot(const FdState& s, int u, bool want_hits) {
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
  // A lone candidate, or option "first", is taken without weighing (issue 9): its expected
  // hits are worked out only when the caller reads them.
  if (order.size() == 1 || s.options.musketry_target == "first") {
    const double hits = want_hits ? expected_shot_hits(s, u, order.front()) : 0.0;
    return ValuedGunShot{std::move(order.front()), hits};
  }
  std::size_t best = 0;
  double best_raw = expected_shot_hits(s, u, order[0]);
  double best_e = snap(best_raw);
  for (std::size_t i = 1; i < order.size(); ++i) {
    const double raw = expected_shot_hits(s, u, order[i]);
    const double e = snap(raw);
    if (e > best_e) {
      best = i;
      best_e = e;
      best_raw = raw;
    }
  }
  return ValuedGunShot{std::move(order[best]), best_raw};
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

namespace {

// Every field of an artillery situation, for the memo below (doubles compared as values:
// a situation's fields are never NaN).
using SituationKey =
    std::tuple<int, double, Ammo, bool, bool, ArtilleryTarget, TargetCover, int, int, int, bool,
               double, MultiHit, ArtilleryDie, bool, bool, bool, bool, double>;

// A field added to ArtillerySituation must join the key (this fails until it is counted).
static_assert(sizeof(ArtillerySituation) == 80, "key_of must list every field");

SituationKey key_of(const ArtillerySituation& a) {
  return {a.pdr,
          a.range_yd,
          a.ammo,
          a.same_target,
          a.adjacent,
          a.target,
          a.target_cover,
          a.gun_hits,
          a.crew,
          a.guns,
          a.fix_8pdr,
          a.modifier_break,
          a.multi_hit,
          a.die,
          a.stack_halvings,
          a.one_gun_half,
          a.poor_weather,
          a.band_upper_inclusive,
          a.canister_max_yd};
}

}  // namespace

// The enumeration is a pure function of the situation, and the doctrine asks for the same
// few situations again and again (each gun's shot at each facing it weighs, every turn): the
// answers are kept per thread, by every field of the situation (the same outcomes and
// probabilities, bit for bit), up to kKept situations before the memo starts afresh.
std::vector<std::pair<int, double>> artillery_hit_distribution(const ArtillerySituation& a) {
  constexpr std::size_t kKept = 4096;
  thread_local std::map<SituationKey, std::vector<std::pair<int, double>>> kept;
  const SituationKey key = key_of(a);
  if (const auto it = kept.find(key); it != kept.end()) return it->second;
  const ArtilleryChance chance = artillery_chance(a, /*explain=*/false);
  std::vector<std::pair<int, double>> out =
      enumerate_outcomes<int>([&](Chance& c) { return artillery_hits(a, chance, c); });
  if (kept.size() >= kKept) kept.clear();
  kept.emplace(key, out);
  return out;
}

double expected_artillery_hits(const ArtillerySituation& a) {
  double e = 0;
  for (const auto& [hits, p] : artillery_hit_distribution(a)) e += hits * p;
  return e;
}

}  // namespace smoothbore::fire_and_discipline
