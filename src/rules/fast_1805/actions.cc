// The candidate actions of a unit and their exact assessment (what the doctrine AI weighs).
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "rules/fast_1805/battle_impl.h"
#include "rules/fast_1805/fast_1805.h"
#include "rules/fast_1805/layout.h"
#include "rules/fast_1805/prefilters.h"

namespace smoothbore::fast_1805 {

using namespace std::string_view_literals;  // literals compared by size first

namespace {

// A move of `unit` toward `goal`, ending `stand_off` mm short of it (edge gap), no
// farther than `reach` mm, facing the goal: `bearing` gives bearing_of(goal - from.centre),
// asked only when the goal is not at the centre (a caller may keep it).
// approach_destination gives where it ends (`*length`: |goal - from.centre|), for a caller
// that builds the Action only when the move is kept.
[[gnu::always_inline]] inline Vec2 approach_destination(const Rect& from, Vec2 goal, double gap,
                                                        double stand_off, double reach,
                                                        double* length) {
  const Vec2 d = goal - from.centre;
  const double travel = std::clamp(gap - stand_off, 0.0, reach);
  // d.normalized() and d.length() > 1e-9 from one square root (the same bits).
  *length = d.length();
  const Vec2 unit_d = *length > 0 ? Vec2{d.x / *length, d.y / *length} : Vec2{0, 0};
  return from.centre + unit_d * travel;
}

template <typename Bearing>
Action approach(int unit, const Rect& from, Vec2 goal, double gap, double stand_off, double reach,
                Bearing bearing) {
  Action a;
  a.kind = ActionKind::kMove;
  a.unit = unit;
  a.moves = true;
  double length = 0;
  a.destination = approach_destination(from, goal, gap, stand_off, reach, &length);
  a.facing = length > 1e-9 ? bearing() : from.facing;
  return a;
}

Action approach(int unit, const Rect& from, Vec2 goal, double gap, double stand_off, double reach) {
  return approach(unit, from, goal, gap, stand_off, reach,
                  [&] { return bearing_of(goal - from.centre); });
}

constexpr double kMinMove = 0.25 * kMm;  // a move shorter than this is no move
// mm: a margin far above the rounding of a distance on a table, for bounds that decide
// a comparison without the exact distance.
constexpr double kSure = 1e-3;

}  // namespace

std::vector<Action> Battle1805::legal_actions(int unit) const {
  std::vector<Action> out;
  out.reserve(24);  // a unit's actions seldom number more: one allocation, no regrowth
  legal_actions_into(unit, out, /*move_facings=*/true);
  return out;
}

void Battle1805::settle_facing(Action& a) const {
  if (a.kind != ActionKind::kMove || !(a.facing < 0)) return;
  const std::size_t k = static_cast<std::size_t>(-a.facing) - 1;
  if (k < legal_dirs_.size()) a.facing = bearing_of(legal_dirs_[k]);
}

void Battle1805::legal_actions_into(int unit, std::vector<Action>& out, bool move_facings) const {
  out.clear();
  if (!move_facings) legal_dirs_.clear();  // a list with facings leaves the kept ones alone
  // The facing of a move toward `dir` (an objective's approach, the withdrawal):
  // bearing_of(dir), or its place among the directions kept for settle_facing (a bearing is
  // never negative).
  auto facing_toward = [&](Vec2 dir) {
    if (move_facings) return bearing_of(dir);
    legal_dirs_.push_back(dir);
    return -static_cast<double>(legal_dirs_.size());
  };
  Action hold;
  hold.unit = unit;
  out.push_back(hold);
  if (!active(unit) || in_melee(unit)) return;
  const Unit& u = force_.units[unit];
  const UnitState& s = state_[unit];
  if (s.formation_busy_until >= bound_ || s.unlimber_bound == bound_) return;
  const Rect& fp = rect_of(unit);
  const RectFrame& fr = frame_of(unit);
  const int enemy = nearest_enemy_for_orders(unit);
  // gap_mm(unit, enemy), asked once when first needed (the search measured it already).
  double enemy_gap_mm = -1;
  auto enemy_gap = [&] {
    if (enemy_gap_mm < 0) enemy_gap_mm = gap_mm(unit, enemy);
    return enemy_gap_mm;
  };
  // bearing_of(rect_of(enemy).centre - fp.centre), worked out once when first asked: the
  // approaches to the enemy, the pivot and each formation change face it (an atan2 each).
  std::optional<double> enemy_bearing_deg;
  auto enemy_bearing = [&] {
    if (!enemy_bearing_deg) enemy_bearing_deg = bearing_of(rect_of(enemy).centre - fp.centre);
    return *enemy_bearing_deg;
  };
  const bool is_gun = u.arm == Arm::kArtillery;
  const bool is_shaken = shaken(unit);
  // allowance_in(unit, kOpen), looked up once when first asked (a table row and column by
  // the unit's arm and formation): the fire approaches, the moves and each formation
  // change's half move ask it.
  double open_allowance = -1;
  auto open_rate = [&] {
    if (open_allowance < 0) open_allowance = allowance_in(unit, MoveColumn::kOpen);
    return open_allowance;
  };

  // Moves the terrain does not allow (e.g. a line into woods, R-002-1 "-") are not offered:
  // each move up to the pivot below is tested on its destination before it is built
  // (`budget`: 0.5 for a fire with ½ move, 1 for a move; a move shorter than kMinMove stays).
  const CostFn& cost = move_cost(unit, false);
  const double here_cost = uniform_cost_near(unit, kMinMove, cost);
  // A move of at least kMinMove: on uniform ground the answer is the same for every one.
  const bool uniform = here_cost >= 0;
  const bool uniform_full = uniform && !falls_short_on_uniform(1.0, here_cost, kMinMove);
  const bool uniform_half = uniform && !falls_short_on_uniform(0.5, here_cost, kMinMove);
  auto reaches = [&](Vec2 destination, double budget) {
    if (uniform) return budget == 1.0 ? uniform_full : uniform_half;
    return reachable_kept(fp.centre, destination, budget, cost) >= kMinMove;
  };
  auto allowed = [&](Vec2 destination, double budget) {
    return distance(destination, fp.centre) < kMinMove || reaches(destination, budget);
  };

  // Fire: every valid target, standing (unmoving) and, for foot, with a ½ move toward it.
  // Only units within the longest range of the unit's own table (can_fire_at: guns on the
  // artillery table, others on small arms) can be in range (ascending, as before).
  const double fire_reach = is_gun ? artillery_reach_ : small_arms_reach_;
  const double charge_reach = allowance_in(unit, MoveColumn::kCharge) * kMm;
  const bool limbered_gun = is_gun && u.formation == "limbered"sv;
  const double unlimber_limit = std::max(tables().unlimber_foot, tables().unlimber_cavalry) * kMm;
  // The enemies whose boxes come within the widest of the reaches asked below (fire, charge,
  // a limbered gun's unlimber limit), found once: each reach's list is the units of this one
  // whose boxes meet its own box, as the index would answer for that box (ascending).
  const Box& my_box = index_box_[static_cast<std::size_t>(unit)];  // fp.bounds(), kept
  const double widest =
      std::max({fire_reach, charge_reach, limbered_gun ? unlimber_limit : 0.0}) + 1.0;
  std::vector<int>& candidates = candidates_;
  enemies_near(unit, grown(my_box, widest), &candidates);
  auto within = [&](int id, const Box& box) {
    return index_box_[static_cast<std::size_t>(id)].intersects(box);
  };
  const Box fire_box = grown(my_box, fire_reach + 1.0);
  for (int ti : candidates) {
    if (!within(ti, fire_box)) continue;
    const FireTarget can = can_fire_at(unit, ti, /*explain=*/false);
    if (!can.ok) continue;
    Action f;
    f.kind = ActionKind::kFire;
    f.unit = unit;
    f.target = ti;
    out.push_back(std::move(f));
    if (!is_gun && !is_shaken && u.formation != "square"sv) {
      Action m =
          approach(unit, fp, rect_of(ti).centre, can.gap_mm, 2.0 * kMm, open_rate() * kMm / 2);
      m.kind = ActionKind::kFire;
      m.target = ti;
      if (m.destination != fp.centre && allowed(m.destination, 0.5)) out.push_back(std::move(m));
    }
  }
  // Charges: only units within charge reach can be charged (R-002-1).
  if (charge_reach > 0) {
    const Box charge_box = grown(my_box, charge_reach + 1.0);
    for (int t : candidates) {
      if (!within(t, charge_box) || !can_charge(unit, t)) continue;
      Action c;
      c.kind = ActionKind::kCharge;
      c.unit = unit;
      c.target = t;
      out.push_back(std::move(c));
    }
  }

  // Moves (limbered guns and wagons, foot and horse not in square).
  const bool can_move = (!is_gun || u.formation == "limbered"sv) && u.formation != "square"sv;
  if (can_move) {
    const double reach = open_rate() * kMm;
    if (enemy >= 0 && !is_shaken) {
      const Rect& ef = rect_of(enemy);
      const double gap = enemy_gap();
      // Advance to musket range (4") or, for guns, to 14" (outside the 12" unlimber limit).
      const double stand_off = is_gun ? 14.0 * kMm : 4.0 * kMm;
      Action a = approach(unit, fp, ef.centre, gap, stand_off, reach, enemy_bearing);
      if (distance(a.destination, fp.centre) > 0.25 * kMm && allowed(a.destination, 1.0)) {
        out.push_back(a);
      }
      Action full = approach(unit, fp, ef.centre, gap, 0.5 * kMm, reach, enemy_bearing);
      if (distance(full.destination, a.destination) > 0.25 * kMm &&
          allowed(full.destination, 1.0)) {
        out.push_back(full);
      }
    }
    // On uniform ground reaches(to, 1.0) is uniform_full for every destination: where that
    // is false no objective's move is kept, and the loop is skipped (it has no other effect).
    if (!is_shaken && !(uniform && !uniform_full)) {
      for (const Objective& o : scenario_.objectives) {
        // The Action is built only for a destination kept (some twenty objectives a unit in
        // a generated battle: issue 9).
        // approach_destination(fp, o.position, distance(fr, o.position), 0, reach, &length),
        // written out: the gap to the objective is no less than the centres' distance less
        // hw + hd (above the half diagonal), so an objective beyond the reach by that bound
        // (and a micron, far above rounding) gets the whole reach without the gap measured
        // (issue 9: some twenty objectives a unit, nearly all of them far).
        const Vec2 d = o.position - fp.centre;
        const double length = d.length();
        const double travel = length - (fr.hw + fr.hd) > reach + kSure
                                  ? reach
                                  : std::clamp(distance(fr, o.position), 0.0, reach);
        const Vec2 unit_d = length > 0 ? Vec2{d.x / length, d.y / length} : Vec2{0, 0};
        const Vec2 to = fp.centre + unit_d * travel;
        // (kMinMove is the 0.25" here: allowed() asks reaches() alone.) With a direction,
        // distance(to, fp.centre) is `travel` but for rounding far below a micron: measured only
        // within a micron of kMinMove.
        const bool moves_enough = length > 0 && std::fabs(travel - kMinMove) > kSure
                                      ? travel > kMinMove
                                      : distance(to, fp.centre) > kMinMove;
        if (!moves_enough || (!uniform && !reaches(to, 1.0))) continue;
        Action& a = out.emplace_back();
        a.kind = ActionKind::kMove;
        a.unit = unit;
        a.moves = true;
        a.destination = to;
        if (!(length > 1e-9)) {
          a.facing = fp.facing;
        } else if (move_facings) {
          a.facing = bearing_of(o.position - fp.centre);
        } else {  // facing_toward's deferred facing, written out (a call each otherwise)
          legal_dirs_.push_back(o.position - fp.centre);
          a.facing = -static_cast<double>(legal_dirs_.size());
        }
      }
    }
    // Withdraw toward the home edge, facing the enemy.
    const Vec2 home = bearing_vector(edge_bearing(force_.sides[u.side].home_edge));
    Action back;
    back.kind = ActionKind::kMove;
    back.unit = unit;
    back.moves = true;
    back.destination = fp.centre + home * (reach / 2);
    if (allowed(back.destination, 1.0)) {
      back.facing =
          enemy >= 0 ? facing_toward(rect_of(enemy).centre - back.destination) : fp.facing;
      out.push_back(std::move(back));
    }
  }
  // Face the nearest enemy (a pivot on the spot).
  if (enemy >= 0 && u.formation != "square"sv) {
    const double want = enemy_bearing();
    if (bearing_difference(want, fp.facing) > 20) {
      Action p;
      p.kind = ActionKind::kMove;
      p.unit = unit;
      p.moves = true;
      p.destination = fp.centre;
      p.facing = want;
      out.push_back(std::move(p));
    }
  }

  // Formation changes (L15, L168).
  if (const UnitTypeInfo* type = ruleset().unit_type(u.type)) {
    for (const std::string& f : type->formations) {
      if (f == u.formation) continue;
      if (is_gun) continue;  // guns limber/unlimber instead
      if (s.haitian == Haitian::kIrregular && f == "square"sv) continue;
      if (s.haitian != Haitian::kNone && f == "skirmish"sv && !options_.haitian_skirmish) continue;
      Action c;
      c.kind = ActionKind::kFormation;
      c.unit = unit;
      c.formation = f;
      c.facing = enemy >= 0 ? enemy_bearing() : fp.facing;
      out.push_back(std::move(c));
      // L15: the change takes ½ move; the other ½ may advance (not for Haitians, L168,
      // nor for skirmishers leaving woods, L15, nor into square).
      const bool whole_turn =
          s.haitian != Haitian::kNone || (u.formation == "skirmish"sv && in_woods(unit));
      if (!whole_turn && f != "square"sv && enemy >= 0 && !is_shaken) {
        Action m = approach(unit, fp, rect_of(enemy).centre, enemy_gap(), 4.0 * kMm,
                            open_rate() * kMm / 2, enemy_bearing);
        m.kind = ActionKind::kFormation;
        m.formation = f;
        if (distance(m.destination, fp.centre) > 0.25 * kMm) out.push_back(std::move(m));
      }
    }
  }
  if (is_gun) {
    if (limbered_gun) {
      bool too_close = false;  // L137: not within 12" of enemy foot or 18" of enemy horse
      const double limit = unlimber_limit;
      const Box limit_box = grown(my_box, limit + 1.0);
      for (int ei : candidates) {
        if (!within(ei, limit_box)) continue;
        const Unit& e = force_.units[static_cast<std::size_t>(ei)];
        if (e.side == u.side || e.status != UnitStatus::kActive) continue;
        // Surely beyond both limits: not measured.
        if (surely_beyond(fr, frame_of(ei),
                          [&](double mm) { return mm > limit * (1 + 1e-9) + 1e-6; })) {
          continue;
        }
        const double gap = distance(fr, frame_of(ei)) / kMm;
        if ((e.arm == Arm::kFoot && gap <= tables().unlimber_foot) ||
            (e.arm == Arm::kCavalry && gap <= tables().unlimber_cavalry)) {
          too_close = true;
          break;  // one is enough
        }
      }
      if (!too_close) {
        Action un;
        un.kind = ActionKind::kUnlimber;
        un.unit = unit;
        un.facing = enemy >= 0 ? enemy_bearing() : fp.facing;
        out.push_back(std::move(un));
      }
    } else if (!s.limber_lost && s.horses > 0) {
      Action li;
      li.kind = ActionKind::kLimber;
      li.unit = unit;
      li.facing = fp.facing;
      out.push_back(std::move(li));
    }
  }
}

namespace {

// P(a unit fails a morale test: shaken or rout) with `losses` cumulative (M-2).
double p_fail(Quality q, Arm arm, int losses) {
  const double target = morale_target({q, arm, losses});
  return std::clamp(1.0 - target / 100.0, 0.0, 1.0);
}
double p_rout(Quality q, Arm arm, int losses) {
  const double target = morale_target({q, arm, losses});
  return std::clamp(1.0 - (target + 10.0) / 100.0, 0.0, 1.0);
}

}  // namespace

FireSituation Battle1805::fire_situation_for_orders(int shooter, int target, bool unmoving) const {
  if (frozen_epoch_ == 0) return fire_situation(shooter, target, unmoving);
  FireKept& k = fire_kept_;
  if (k.epoch != frozen_epoch_ || k.shooter != shooter || k.target != target) {
    k = {frozen_epoch_, shooter, target, fire_situation(shooter, target, /*unmoving=*/false)};
  }
  FireSituation f = k.situation;
  f.unmoving = unmoving && force_.units[shooter].formation == "line"sv;  // as fire_situation
  return f;
}

ActionAssessment Battle1805::assess(const Action& a) const {
  ActionAssessment out;
  if (a.unit < 0 || a.target < 0) return out;
  const Unit& u = force_.units[a.unit];
  const Unit& t = force_.units[a.target];
  if (a.kind == ActionKind::kFire) {
    // M-1: the expected kills of ⌊P/100⌋ + Bernoulli(P mod 100) is exactly P/100.
    const KillChance k =
        u.arm == Arm::kArtillery
            ? artillery_chance(artillery_situation(a.unit, a.target), false)
            : fire_chance(fire_situation_for_orders(a.unit, a.target, !a.moves), false);
    out.expected_kills = k.possible ? k.total / 100.0 : 0.0;
    return out;
  }
  if (a.kind != ActionKind::kCharge) return out;
  // Exact composition of independent rolls: the charger closes (not routed on the morale
  // to close), the target fails its morale after our kills, and we pass ours after its
  // kills; each kill count is ⌊P/100⌋ or one more (M-1).
  const UnitState& us = state_[a.unit];
  const UnitState& ts = state_[a.target];
  const Quality uq = morale_quality(us);
  const Quality tq = morale_quality(ts);
  const int u_losses = u.start_figures - u.figures();
  const int t_losses = t.start_figures - t.figures();
  const double close_rout = p_rout(uq, u.arm, u_losses);
  const double close_ok = 1.0 - close_rout;
  MeleeSituation mine = melee_situation(a.unit, a.target, true);
  if (mine.figures <= 0) mine.figures = std::max(1, front_rank(u.arm, u.formation, u.figures()));
  MeleeSituation theirs = melee_situation(a.target, a.unit, false);
  if (theirs.figures <= 0)
    theirs.figures = std::max(1, front_rank(t.arm, t.formation, t.figures()));
  const KillChance km = melee_chance(mine, /*explain=*/false);
  const KillChance kt = melee_chance(theirs, /*explain=*/false);
  auto kill_dist = [](const KillChance& k) {
    const double total = k.possible ? k.total : 0.0;
    const int base = static_cast<int>(std::floor(total / 100.0));
    const double r = (total - base * 100.0) / 100.0;
    return std::pair<int, double>{base, r};
  };
  auto [mb, mr] = kill_dist(km);
  auto [tb, tr] = kill_dist(kt);
  const double t_fails =
      (1 - mr) * p_fail(tq, t.arm, t_losses + mb) + mr * p_fail(tq, t.arm, t_losses + mb + 1);
  const double u_holds = (1 - tr) * (1 - p_fail(uq, u.arm, u_losses + tb)) +
                         tr * (1 - p_fail(uq, u.arm, u_losses + tb + 1));
  const double u_routs =
      (1 - tr) * p_rout(uq, u.arm, u_losses + tb) + tr * p_rout(uq, u.arm, u_losses + tb + 1);
  double stand_fails = 0;  // A2-05: foot not in square may flee from cavalry outright
  if (u.arm == Arm::kCavalry && t.arm == Arm::kFoot && t.formation != "square"sv) {
    const double pct = stand_vs_cavalry_percent(ts.quality, options_.untrained_stand_percent);
    stand_fails = std::clamp(1.0 - (pct + 10.0) / 100.0, 0.0, 1.0);
  }
  out.win_probability = close_ok * (stand_fails + (1 - stand_fails) * t_fails * u_holds);
  out.risk = close_rout + close_ok * (1 - stand_fails) * u_routs;
  out.expected_kills = close_ok * (mb + mr);
  return out;
}

}  // namespace smoothbore::fast_1805
