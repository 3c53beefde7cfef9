// A squad's candidate actions (move / charge / load / fire, L9) and their exact assessments,
// which the doctrine AI weighs: fire where the expected kills are (volleys included), charge
// when the charge tests, the movement roll and the melee favour it, take cover and reload
// when the muskets are empty under fire.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <span>
#include <unordered_map>
#include <variant>

#include <fmt/format.h>

#include "core/geometry/same_bits.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/charge_odds.h"
#include "rules/squad_skirmish/fire_shot.h"
#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/squad_skirmish.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {

namespace {

// P(movement roll >= inches) for an arm, from the exact distribution of `movement` (L40),
// worked out from the dice (the same doubles as its enumeration).
double reach_probability(bool cavalry, double inches) {
  static const std::array<std::vector<std::pair<double, double>>, 2> kDists = {
      detail::open_move_distribution("infantry"), detail::open_move_distribution("cavalry")};
  double sum = 0;
  for (const auto& [in, pr] : kDists[cavalry ? 1 : 0]) {
    if (in >= inches) sum += pr;
  }
  return sum;
}

// The two sides' melee modifier totals of a pairing's `melee` parameters (L85-L95), kept per
// thread by the parameters given (issue 9: filling in the defaults and reading the modifiers
// by name was most of a charge's assessment, and a battle's pairings recur).
std::pair<int, int> melee_totals(const std::map<std::string, Value>& given) {
  thread_local std::map<std::map<std::string, Value>, std::pair<int, int>> kept;
  if (auto it = kept.find(given); it != kept.end()) return it->second;
  const std::vector<ParamSpec>& specs = ruleset().resolution("melee")->params;
  const Params full = *complete_params(specs, given);
  const std::pair<int, int> totals{detail::melee_modifiers(full, "a").total(),
                                   detail::melee_modifiers(full, "b").total()};
  if (kept.size() >= 4096) kept.clear();
  kept.emplace(given, totals);
  return totals;
}

}  // namespace

BattleSK::SideMiddle BattleSK::squads_middle_fresh(int side) const {
  SideMiddle m;
  for (std::size_t u = 0; u < force_.units.size(); ++u) {
    const int ui = static_cast<int>(u);
    if (force_.units[u].side != side || is_officer_unit(ui) || cannon(ui) || !can_act(ui)) continue;
    m.sum = m.sum + anchor(ui);
    ++m.n;
  }
  return m;
}

// Anchors move with the figures (placed, killed: world_version_) and the leaders (new leaders:
// world_changed); which squads can act changes with their status (status_version_) and their
// figures (killed).
BattleSK::SideMiddle BattleSK::squads_middle(int side) const {
  const auto s = static_cast<std::size_t>(side);
  if (side_middle_.size() != force_.sides.size()) side_middle_.assign(force_.sides.size(), {});
  SideMiddle& kept = side_middle_[s];
  if (kept.world == world_version_ + 1 && kept.status == status_version_) {
    if (check_kept_) {
      ++kept_checks_;
      ++middle_checks_;
      const SideMiddle fresh = squads_middle_fresh(side);
      if (fresh.n != kept.n || !same_bits(fresh.sum.x, kept.sum.x) ||
          !same_bits(fresh.sum.y, kept.sum.y)) {
        ++kept_mismatches_;
      }
    }
    return kept;
  }
  kept = squads_middle_fresh(side);
  kept.world = world_version_ + 1;
  kept.status = status_version_;
  return kept;
}

std::vector<Action> BattleSK::legal_actions(int unit) const {
  std::vector<Action> out;
  out.reserve(16);  // room for most squads' actions at once (a grown vector copies them)
  Action hold;      // Load (and stand); in contact, fight on
  hold.unit = unit;
  out.push_back(hold);
  if (!can_act(unit) || squads_[unit].locked >= 0) return out;
  const std::vector<int> figs = living(unit);
  bool empty_under_fire = false;
  // Only enemies within effective range (a tap-loaded rifle's musket range too) or charge
  // reach can be fired at or charged: those near its figures (the spatial index), in order.
  const double reach_in = hot_.charge_any_distance
                              ? 1e9
                              : std::max({arms_[static_cast<std::size_t>(unit)].effective_in,
                                          hot_.musket_effective_in, max_move_in(unit)});
  std::vector<int>& targets = targets_;
  enemies_near(unit, std::min(reach_in * kMm + 1.0, 1e12), targets);
  for (int ti : targets) {
    const auto t = static_cast<std::size_t>(ti);
    const Unit& tu = force_.units[t];
    if (tu.side == force_.units[unit].side || !tu.on_table() || figure_count(ti) == 0) continue;
    bool any = false;
    // No figure's range is traced to a target beyond every figure's reach (out_of_fire).
    for (int k : out_of_fire(unit, ti) ? std::span<const int>() : std::span<const int>(figs)) {
      // Its range is traced only when it could still tell something: a first loaded figure in
      // range (fire), or a first empty one (under fire).
      const bool empty = !figures_[unit][k].loaded && !cannon(unit);
      const bool ready = cannon(unit) ? squads_[unit].gun_loaded : figures_[unit][k].loaded;
      if (!(empty && !empty_under_fire) && !(ready && !any)) continue;
      if (!in_range(unit, k, ti)) continue;
      if (empty) empty_under_fire = true;
      if (ready) any = true;
    }
    if (any) {
      Action f = hold;
      f.kind = ActionKind::kFire;
      f.target = ti;
      out.push_back(f);
    }
    if (can_charge(unit, ti) && !is_officer_unit(unit) && !cannon(unit)) {
      Action c = hold;
      c.kind = ActionKind::kCharge;
      c.target = ti;
      out.push_back(c);
    }
  }
  const Vec2 here = anchor(unit);
  auto move_to = [&](Vec2 dest) {
    Action m = hold;
    m.kind = ActionKind::kMove;
    m.moves = true;
    m.destination = dest;
    m.facing = bearing_of(dest - here);
    out.push_back(m);
  };
  if (cannon(unit)) {
    // SK-08 (proposed, sk_08_gun_move crew-1d6): a crew of sk_08_gun_move_crew or more haul
    // the loaded gun 1d6" as its action (so never in an activation in which it fires; an
    // empty gun's crew are at its Load actions): toward the nearest enemy, or back.
    const int enemy = nearest_enemy(unit);
    if (!hot_.gun_move_1d6 || !squads_[unit].gun_loaded || enemy < 0 ||
        static_cast<int>(figs.size()) < static_cast<int>(hot_.gun_move_crew)) {
      return out;
    }
    move_to(here + (anchor(enemy) - here).normalized() * (6.0 * kMm));
    move_to(here + bearing_vector(edge_bearing(force_.sides[force_.units[unit].side].home_edge)) *
                       (6.0 * kMm));
    return out;
  }
  if (is_officer_unit(unit)) {
    // An officer keeps behind his squads, within reach of their morale (L25, SK-16) and of a
    // field promotion (L36): 3" behind the middle of his side's squads.
    const SideMiddle middle = squads_middle(force_.units[unit].side);
    const Vec2 mid = middle.sum;
    const int n = middle.n;
    if (n > 0) {
      const Vec2 back =
          bearing_vector(edge_bearing(force_.sides[force_.units[unit].side].home_edge));
      const Vec2 spot = mid * (1.0 / n) + back * (3.0 * kMm);
      if (distance(spot, here) > 1.0 * kMm) move_to(spot);
    }
    return out;
  }
  Vec2 cover;
  const bool has_cover = cover_destination(unit, &cover);
  if (has_cover) move_to(cover);  // L29, SK-15: retreat to the nearest cover
  // SK-11 per-figure: with some weapons empty, an advance takes the loaded figures with the
  // leader while the others stay and load (offered first, so it is the advance a commander
  // takes unless it asks for the whole squad).
  int loaded = 0;
  int empty = 0;  // besides the leader, who moves in any case
  for (int k : figs) {
    loaded += figures_[unit][k].loaded ? 1 : 0;
    empty += !figures_[unit][k].loaded && k != anchor_figure(unit) ? 1 : 0;
  }
  const bool split = hot_.split_per_figure && loaded > 0 && empty > 0;
  // L29, L36: a faltering or leaderless squad may only load, fire or go to cover; a squad
  // whose weapons are empty under fire reloads or takes cover rather than advance (or, split,
  // advances with its loaded figures while the empty ones load).
  if (restricted(unit) || (empty_under_fire && !split)) return out;
  // SK-09: open order or formed (two ranks in contact); SK-20: mounted figures dismount, and
  // dismounted ones mount again.
  auto form = [&](std::string to) {
    Action f = hold;
    f.kind = ActionKind::kFormation;
    f.formation = std::move(to);
    out.push_back(f);
  };
  if (!empty_under_fire) {
    if (figs.size() > 1) form(force_.units[unit].formation == "formed" ? "open" : "formed");
    if (mounted(unit)) form("dismounted");
    if (squads_[unit].dismounted) form("mounted");
  }
  const int enemy = nearest_enemy(unit);
  if (enemy < 0) return out;
  const Vec2 foe = anchor(enemy);
  const Vec2 dir = (foe - here).normalized();
  const double gap = distance(here, foe);
  const Arms& arms = arms_[static_cast<std::size_t>(unit)];  // its weapon's ranges (fire.weapons)
  // Advances stop in cover when there is some within 4" of where they would end (SK-19):
  // woods, buildings and earthworks, at a point 1" inside their corner toward the middle.
  auto in_cover = [&](Vec2 dest) {
    Vec2 best = dest;
    double least = 4.0 * kMm;
    // Spots lie within an inch of their area's box: only areas within 5" of `dest` count.
    const double r = 5.0 * kMm + 1.0;
    for (int ai :
         scenario_.table.areas_near(Box{{dest.x - r, dest.y - r}, {dest.x + r, dest.y + r}})) {
      const AreaFeature& a = scenario_.table.areas()[static_cast<std::size_t>(ai)];
      if (a.cls != TerrainClass::kLightWoods && a.cls != TerrainClass::kHeavyWoods &&
          a.cls != TerrainClass::kBuilding && a.cls != TerrainClass::kEarthworks) {
        continue;
      }
      const Vec2 mid = area_centre(ai);
      // Its middle, then a spot 1" inside each corner toward it (no vector of spots).
      auto consider = [&](Vec2 p) {
        if (distance(p, dest) < least && distance(p, foe) < gap) {
          least = distance(p, dest);
          best = p;
        }
      };
      consider(mid);
      for (Vec2 p : a.shape.points) consider(p + (mid - p).normalized() * kMm);
    }
    return best;
  };
  for (double stand_off : {arms.close_in - 1.0, arms.effective_in - 2.0, 4.0}) {
    const double travel = std::min(gap - stand_off * kMm, max_move_in(unit) * kMm);
    if (travel <= 0.5 * kMm) continue;
    const Vec2 dest = in_cover(here + dir * travel);
    if (split) {
      move_to(dest);
      out.back().rate = "split";
    }
    if (!empty_under_fire) move_to(dest);
  }
  const Vec2 home = bearing_vector(edge_bearing(force_.sides[force_.units[unit].side].home_edge));
  move_to(here + home * (4.0 * kMm));  // step back
  return out;
}

// Expected kills of the squad's loaded figures at `target` (exact, `fire`), volley included
// when the squad alone is enough for one (SK-23), at most the target's figures.
double BattleSK::expected_kills(int unit, int target, std::string_view as) const {
  const int as_code = as == "formed" ? 1 : as == "open" ? 2 : as == "dismounted" ? 3 : 0;
  if (!memo_.on || (as_code == 0 && !as.empty())) return count_expected_kills(unit, target, as);
  const std::uint64_t key = (static_cast<std::uint64_t>(unit) << 34) |
                            (static_cast<std::uint64_t>(target) << 4) |
                            static_cast<std::uint64_t>(as_code);
  if (const double* kept = memo_.kills.find(key)) return *kept;
  const double k = count_expected_kills(unit, target, as);
  memo_.kills.put(key, k);
  return k;
}

// A squad's shots at a target are worked out once per decision (nothing moves in one) for every
// formation the doctrine asks about.
double BattleSK::count_expected_kills(int unit, int target, std::string_view as) const {
  if (!memo_.on) {
    squad_shots(unit, target, kill_shots_);
    return shots_kills(kill_shots_, as);
  }
  for (std::size_t i = 0; i < memo_.used; ++i) {
    const SquadShots& kept = memo_.shots[i];
    if (kept.unit != unit || kept.target != target) continue;
    const double k = shots_kills(kept, as);
    if (check_kept_) {
      ++kept_checks_;
      ++shots_checks_;
      squad_shots(unit, target, kill_shots_);
      if (!same_bits(shots_kills(kill_shots_, as), k)) ++kept_mismatches_;
    }
    return k;
  }
  if (memo_.used == memo_.shots.size()) memo_.shots.emplace_back();
  SquadShots& s = memo_.shots[memo_.used++];
  squad_shots(unit, target, s);
  return shots_kills(s, as);
}

void BattleSK::squad_shots(int unit, int target, SquadShots& out) const {
  std::vector<int>& figs = kill_figs_;  // nothing below asks for it again
  living(unit, figs);
  out.unit = unit;
  out.target = target;
  out.figures = static_cast<int>(figs.size());
  out.cannon = cannon(unit);
  out.cannon_kills = 0;
  out.shots.clear();
  // The loaded figures in range, traced once (nothing below moves a figure).
  std::vector<int>& shooters = kill_shooters_;
  shooters.clear();
  const bool beyond = out_of_fire(unit, target);  // then no figure is in range
  for (int k : figs) {
    if (figures_[unit][k].loaded && !beyond && in_range(unit, k, target)) shooters.push_back(k);
  }
  // The shots as fire_params() gives them, typed: the squad's fields once, each figure's own.
  detail::FireSituation f = squad_fire(unit, target, false);
  if (out.cannon) {
    if (!squads_[unit].gun_loaded || figs.empty() || beyond ||
        !in_range(unit, figs.front(), target)) {
      return;
    }
    figure_fire(unit, figs.front(), target, f);
    f.canister = squads_[unit].gun_canister;
    out.cannon_kills = detail::situation_mean_kills(f);
    return;
  }
  for (int k : shooters) {
    figure_fire(unit, k, target, f);
    // Whole inches: once to share a cache keyed by the range, now only what the doctrine
    // weighs (a fraction past the close range counts as close), kept so its choices stay.
    f.range = std::round(f.range);
    out.shots.push_back(f);
  }
}

// Expected kills of `s` as the squad would fire in formation `as`: volley included when the
// squad alone is enough for one (SK-23), at most the target's figures.
double BattleSK::shots_kills(const SquadShots& s, std::string_view as) const {
  if (s.cannon) return s.cannon_kills;
  const int ready = static_cast<int>(s.shots.size());
  // SK-09: Formed in two ranks (or any, contact-any-ranks); SK-20: dismounted, no -1 (L71).
  const bool will_form = as == "formed"
                             ? s.figures > 1 && (ranks(s.unit) <= 2 || hot_.formed_any_ranks)
                             : (as == "open" ? false : formed(s.unit));
  const bool volley =
      (will_form || hot_.volley_any_squads) && ready >= static_cast<int>(hot_.volley_min);
  double sum = 0;
  for (detail::FireSituation f : s.shots) {
    f.volley = volley;
    if (as == "dismounted") f.mounted = false;
    sum += detail::situation_mean_kills(f);
  }
  // The shots stop when the target is gone (fire.cc): no more kills than it has figures.
  return std::min(sum, static_cast<double>(figure_count(s.target)));
}

// A formation change is worth the fire it gives in the squad's next activation (SK-09's
// volley +1, SK-23; SK-20's dismounted fire without the mounted -1, L71) at its best target,
// its loaded figures firing from where they stand; nothing when an enemy could charge it
// before then (within that enemy's maximum move, SK-12), or when it would give no more fire.
double BattleSK::formation_value(int unit, const std::string& to) const {
  if (to != "formed" && to != "dismounted") return 0;
  double best = 0;
  double now = 0;
  // Enemies beyond every arm's maximum move and the squad's effective range neither threaten
  // a charge nor give kills: only those near (the spatial index) are weighed.
  const double reach_in =
      std::max({hot_.cavalry_max_in, hot_.infantry_max_in,
                arms_[static_cast<std::size_t>(unit)].effective_in, hot_.musket_effective_in});
  std::vector<int>& targets = targets_;
  enemies_near(unit, reach_in * kMm + 1.0, targets);
  for (int ti : targets) {
    const auto t = static_cast<std::size_t>(ti);
    const Unit& tu = force_.units[t];
    if (tu.side == force_.units[unit].side || !can_act(ti)) continue;
    if (!is_officer_unit(ti) && !cannon(ti) && gap_within(unit, ti, max_move_in(ti))) return 0;
    best = std::max(best, expected_kills(unit, ti, to));
    now = std::max(now, expected_kills(unit, ti));
  }
  return best > now ? best : 0;
}

ActionAssessment BattleSK::assess(const Action& a) const {
  ActionAssessment out;
  if (a.kind == ActionKind::kFormation && a.unit >= 0) {
    out.expected_kills = formation_value(a.unit, a.formation);
    return out;
  }
  if (a.unit < 0 || a.target < 0) return out;
  if (a.kind == ActionKind::kFire) {
    out.expected_kills = expected_kills(a.unit, a.target);
    return out;
  }
  if (a.kind != ActionKind::kCharge) return out;
  // The charge tests (`charge`, L50-L54), the chance the movement roll reaches (L40), and one
  // pairing of the melee at +1 charging (L85-L95): two on one when the chargers outnumber the
  // defenders 2:1 (the defender rolls once at -2 and dies if either beats him, SK-13).
  const detail::ChargeOdds odds =
      detail::charge_odds(morale_situation(a.unit, false), squads_[a.unit].passed_turn == turn_,
                          morale_situation(a.target, false));
  const double goes_in = odds.goes_in;
  const double flees = odds.flees;
  const double turned = odds.turned;
  // The movement roll must cover the leader's charge move (L40, the fences' cost, SK-11).
  const ChargePath path = charge_path(a.unit, a.target);
  const double reach = reach_probability(
      mounted(a.unit),
      path.inches + hot_.obstacle_in * (scenario_.table.crosses(anchor(a.unit), path.stop,
                                                                TerrainClass::kLinearObstacle)
                                            ? 1
                                            : 0));
  const int attackers = figure_count(a.unit);
  const int defenders = figure_count(a.target);
  const bool two = attackers >= 2 * defenders;
  auto mp =
      melee_params(a.unit, anchor_figure(a.unit), a.target, anchor_figure(a.target), true, two);
  mp["a-crossed-obstacle"] = Value(path.crossed);  // L95: as the melee will be fought
  const auto [am, dm] = melee_totals(mp);
  double win = 0;
  double lose = 0;
  for (int d = 1; d <= 10; ++d) {
    for (int x = 1; x <= 10; ++x) {
      for (int y = 1; y <= (two ? 10 : 1); ++y) {
        const double w = two ? 1e-3 : 1e-2;
        const bool beats = x + am > d + dm || (two && y + am > d + dm);
        if (beats) win += w;
        if (d + dm > x + am) lose += w;
      }
    }
  }
  out.win_probability = flees + goes_in * reach * win;
  out.risk = turned + goes_in * reach * lose;
  out.expected_kills = goes_in * reach * win * std::min(defenders, (attackers + 1) / (two ? 2 : 1));
  return out;
}

}  // namespace smoothbore::squad_skirmish

namespace smoothbore::squad_skirmish {

// The doctrine's thresholds for a 1:1 skirmish. Charges: the loser of every pairing dies
// (SK-13) on either side, and a charge whose movement roll falls short only moves the squad,
// so the win counts that miss against it. Even numbers 5" apart give a win of 41 % with a
// risk of 27 %, a trade in the charger's favour the shared 60 % / 25 % (made for units that
// rout whole) refuse: they let a squad charge only at 2:1. So a squad charges at a win of
// 35 % or more with a risk of 30 % or less (3 on 3 at +1 with a 46 % risk, or a long roll
// needed, stay out). Formations: the volley's +1 on the 8+ (L77) turns 3 kills in 10 into 4,
// 4/3 of the fire now, and dismounting (L71's -1 gone) 2 into 3, so a gain of 1.25 lets a
// squad form or dismount out of charge reach (formation_value) instead of firing.
DoctrineThresholds BattleSK::doctrine_thresholds() const {
  DoctrineThresholds t;
  t.charge_win = 0.35;
  t.charge_risk = 0.3;
  t.deploy_gain = 1.25;
  return t;
}

}  // namespace smoothbore::squad_skirmish
