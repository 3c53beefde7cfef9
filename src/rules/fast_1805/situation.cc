// Situations derived from the table: who can shoot whom, with how many figures and which
// modifiers (002.md §6, A2-07, A2-09), who can charge whom, and who is in contact.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "core/geometry/rect_points.h"
#include "core/geometry/same_bits.h"
#include "core/geometry/sight.h"
#include "rules/fast_1805/battle_impl.h"
#include "rules/fast_1805/layout.h"
#include "rules/fast_1805/prefilters.h"

namespace smoothbore::fast_1805 {

using namespace std::string_view_literals;  // literals compared by size first

double Battle1805::gap_in(int a, int b) const { return gap_mm(a, b) / kMm; }

// distance(frame_of(a), frame_of(b)), kept while neither frame changes: a pure function of
// the two frames, measured again only after either unit is placed anew (most units stand
// from one bound to the next; issue 9).
double Battle1805::gap_mm(int a, int b) const {
  constexpr std::size_t kSlots = 4096;  // a power of two
  if (gap_kept_.size() != kSlots) gap_kept_.resize(kSlots);
  const std::uint64_t pair = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) |
                             static_cast<std::uint32_t>(b);
  const std::uint64_t at_a = placed_at_[static_cast<std::size_t>(a)];
  const std::uint64_t at_b = placed_at_[static_cast<std::size_t>(b)];
  GapKept& k = gap_kept_[((pair * 0x9E3779B97F4A7C15ull) >> 40) & (kSlots - 1)];
  if (k.pair != pair || k.at_a != at_a || k.at_b != at_b) {
    k = {pair, at_a, at_b, distance(frame_of(a), frame_of(b))};
  }
  return k.mm;
}

// The ground under a unit, recomputed only when its footprint has changed (the AI asks
// about every pair of units each bound; the answer changes only when a unit moves). Every
// flag is Table::any_in's test of the footprint's nine points, read from one terrain_at
// per point instead of one per point and class.
const Battle1805::Ground& Battle1805::ground(int unit) const {
  const Ground& g = ground_[unit];
  const Rect& r = rect_of(unit);
  if (g.valid && g.rect.centre == r.centre && g.rect.facing == r.facing &&
      g.rect.width == r.width && g.rect.depth == r.depth) {
    return g;
  }
  return ground_again(unit);
}

// ground()'s work when the footprint has changed, out of line: the kept answer (nearly
// every ask) is then a few comparisons, without this work's register saves (issue 9).
const Battle1805::Ground& Battle1805::ground_again(int unit) const {
  Ground& g = ground_[unit];
  const Rect& r = rect_of(unit);
  const Table& t = scenario_.table;
  g = Ground{};
  g.rect = r;
  g.valid = true;
  for (const Vec2 p : nine_points(r)) {
    const TerrainAt at = t.terrain_at(p);
    for (const TerrainClass c : at.classes) {
      switch (c) {
        case TerrainClass::kLightWoods:
        case TerrainClass::kHeavyWoods:
          g.woods = true;
          g.not_for_guns = true;
          break;
        case TerrainClass::kEarthworks:
          g.earthworks = true;
          break;
        case TerrainClass::kStream:
          g.stream = true;
          g.not_for_guns = true;
          break;
        case TerrainClass::kHill:
        case TerrainClass::kMarsh:
        case TerrainClass::kRough:
          g.not_for_guns = true;
          break;
        default:
          break;
      }
    }
  }
  return g;
}

bool Battle1805::in_woods(int unit) const { return ground(unit).woods; }

bool Battle1805::not_for_guns(int unit) const { return ground(unit).not_for_guns; }

bool Battle1805::in_building(int unit) const {
  const Rect& r = rect_of(unit);
  for (const AreaFeature& a : scenario_.table.areas()) {
    if (a.cls == TerrainClass::kBuilding && !burnt_.count(a.id) && a.shape.contains(r.centre)) {
      return true;
    }
  }
  return false;
}

bool Battle1805::in_earthworks(int unit) const { return ground(unit).earthworks; }

bool Battle1805::in_stream(int unit) const { return ground(unit).stream; }

// A unit is behind an obstacle (L121 "behind cover", L32 "defending an obstacle") when
// the line from the other unit to it crosses a linear obstacle within 1" of its footprint.
bool Battle1805::behind_obstacle(int unit, int from) const {
  const Rect& me = rect_of(unit);
  const Rect& other = rect_of(from);
  const Vec2 dir = (other.centre - me.centre).normalized();
  const double reach = std::max(me.width, me.depth) / 2 + kMm;
  return scenario_.table.crosses(me.centre, me.centre + dir * reach, TerrainClass::kLinearObstacle);
}

bool Battle1805::shaken(int unit) const { return has_marker(force_.units[unit].markers, "shaken"); }
bool Battle1805::disordered(int unit) const {
  return has_marker(force_.units[unit].markers, "disordered");
}

// Visibility (L141): unlimited in the open, 10" into or out of woods; concealed units
// (A2-22) cannot be seen until discovered; terrain and other units block sight.
bool Battle1805::visible(int observer, int target) const {
  if (frozen_epoch_ == 0) return visible_now(observer, target);
  if (visible_epoch_ != frozen_epoch_) {
    visible_kept_.clear();
    visible_epoch_ = frozen_epoch_;
  }
  const std::uint64_t key =
      (static_cast<std::uint64_t>(observer) << 32) | static_cast<std::uint32_t>(target);
  if (auto it = visible_kept_.find(key); it != visible_kept_.end()) return it->second;
  const bool v = visible_now(observer, target);
  visible_kept_.emplace(key, v);
  return v;
}

bool Battle1805::visible_now(int observer, int target) const {
  return visible_past(observer, target, /*keep=*/true);
}

bool Battle1805::visible_traced(int observer, int target) const {
  return visible_past(observer, target, /*keep=*/false);
}

bool Battle1805::visible_past(int observer, int target, bool keep) const {
  if (state_[target].concealed) return false;
  const int side = force_.units[static_cast<std::size_t>(observer)].side;
  if ((in_woods(observer) || in_woods(target)) &&
      gap_in(observer, target) > tables().woods_visibility) {
    return false;
  }
  const Rect& ofp = rect_of(observer);
  const Rect& tfp = rect_of(target);
  Box box{{std::min(ofp.centre.x, tfp.centre.x) - 500, std::min(ofp.centre.y, tfp.centre.y) - 500},
          {std::max(ofp.centre.x, tfp.centre.x) + 500, std::max(ofp.centre.y, tfp.centre.y) + 500}};
  // Every sight line lies within the two footprints' boxes (grown 1 mm against rounding):
  // a unit whose box meets `box` and a line meets the intersection too (boxes that meet
  // pairwise share a point), so the narrower query finds every blocker that matters.
  const Box& ob = index_box_[static_cast<std::size_t>(observer)];
  const Box& tb = index_box_[static_cast<std::size_t>(target)];
  box.min = {std::max(box.min.x, std::min(ob.min.x, tb.min.x) - 1),
             std::max(box.min.y, std::min(ob.min.y, tb.min.y) - 1)};
  box.max = {std::min(box.max.x, std::max(ob.max.x, tb.max.x) + 1),
             std::min(box.max.y, std::max(ob.max.y, tb.max.y) + 1)};
  std::vector<int>& ids = sight_ids_;
  ids.clear();
  units_meeting(box, ids);
  std::vector<Blocker>& blockers = sight_blockers_;
  blockers.clear();
  blocker_ids_.clear();
  const SightCorridor corridor(frame_of(observer), frame_of(target));
  for (int id : ids) {
    if (id == observer || id == target || !force_.units[id].on_table()) continue;
    if (corridor.misses(frame_of(id))) continue;
    // The kept frames spare seen_past_friends a sine and cosine per blocker.
    blockers.push_back({rect_of(id), force_.units[id].side == side, &frame_of(id)});
    blocker_ids_.push_back(id);
  }
  // line_of_sight() is kClear or kPartiallyBlockedByEnemy, found without tracing every line.
  const double see_into = tables().woods_visibility * kMm;
  // The kept frames of the two footprints spare seen_past_friends two more sines and cosines.
  auto trace = [&] {
    return seen_past_friends(scenario_.table, frame_of(observer), frame_of(target), blockers,
                             see_into);
  };
  if (!keep) return trace();
  const std::uint64_t key =
      (static_cast<std::uint64_t>(observer) << 32) | static_cast<std::uint32_t>(target);
  if (sight_kept_bound_ != bound_) {
    // A pair not asked in the last bound seldom meets its kept answer again: dropped, so the
    // map holds about two bounds' pairs, not every pair of the battle.
    std::erase_if(sight_kept_, [&](const auto& e) { return e.second.asked < bound_ - 1; });
    sight_kept_bound_ = bound_;
  }
  SightKept& kept = sight_kept_[key];
  kept.asked = bound_;
  bool hit = kept.traced && same_bits(kept.observer, ofp) && same_bits(kept.target, tfp) &&
             kept.blockers.size() == blockers.size();
  for (std::size_t k = 0; hit && k < blockers.size(); ++k) {
    hit = kept.blockers[k].first == blocker_ids_[k] &&
          same_bits(kept.blockers[k].second, blockers[k].rect);
  }
  if (hit) return kept.seen;
  // The terrain memo holds for the footprints it was filled for, bit for bit.
  if (!kept.traced || !same_bits(kept.observer, ofp) || !same_bits(kept.target, tfp)) {
    kept.terrain = {};
  }
  kept.traced = true;
  kept.observer = ofp;
  kept.target = tfp;
  kept.blockers.clear();
  for (std::size_t k = 0; k < blockers.size(); ++k) {
    kept.blockers.emplace_back(blocker_ids_[k], blockers[k].rect);
  }
  kept.seen = seen_past_friends(scenario_.table, frame_of(observer), frame_of(target), blockers,
                                see_into, &kept.terrain);
  return kept.seen;
}

// Who shoots (A2-07): both ranks of a two-rank line, the front rank of a column (option:
// all), every skirmisher, the face of a square toward the target, and the gunners of the
// guns that can fire. Mounted cavalry do not shoot.
int Battle1805::shooters(int unit, int target) const {
  (void)target;
  const Unit& u = force_.units[unit];
  const int figs = u.figures();
  switch (u.arm) {
    case Arm::kCavalry:
    case Arm::kWagon:
      return 0;
    case Arm::kArtillery: {
      const UnitState& s = state_[unit];
      if (s.guns <= 0) return 0;
      return figs * std::max(0, s.working_guns()) / s.guns;
    }
    case Arm::kFoot:
      if (u.formation == "column"sv && options_.column_shooters == "front-rank"sv) {
        return front_rank(u.arm, u.formation, figs);
      }
      if (u.formation == "square"sv) return std::max(1, figs / 4);
      return figs;
  }
  return 0;
}

Battle1805::FireTarget Battle1805::can_fire_at(int shooter, int target, bool explain) const {
  FireTarget out;
  const Unit& s = force_.units[shooter];
  const Unit& t = force_.units[target];
  auto no = [&](const char* why) {
    if (explain) out.why_not = why;
    return out;
  };
  if (!active(shooter) || !t.on_table() || s.side == t.side) return no("not an enemy in play");
  if (in_melee(shooter)) return no("in melee");
  if (in_melee(target)) return no("target is in melee");
  if (shooters(shooter, target) <= 0) return no("no shooters");
  if (in_stream(shooter)) return no("crossing a stream (L126)");
  const bool artillery = s.arm == Arm::kArtillery;
  if (artillery) {
    if (s.formation != "unlimbered"sv) return no("limbered");
    if (state_[shooter].unlimber_bound == bound_) return no("unlimbering this turn (L137)");
    if (not_for_guns(shooter)) return no("guns fire only from firm, open, level ground (L137)");
  }
  if (!explain) {
    // Surely beyond the longest band of the shooter's table (woods widen it at most to
    // the reach): out of range whatever the arc, and no reason is asked for.
    const double reach = artillery ? artillery_reach_ : small_arms_reach_;
    if (surely_beyond(frame_of(shooter), frame_of(target),
                      [&](double mm) { return mm > reach * (1 + 1e-9) + 1e-6; })) {
      return out;
    }
  }
  const bool all_round = s.formation == "skirmish"sv || s.formation == "square"sv;
  if (!all_round && !in_arc(frame_of(shooter), frame_of(target), 45.0)) {
    return no("not in the 45° arc (A2-07)");
  }
  out.gap_mm = gap_mm(shooter, target);
  out.range_in = out.gap_mm / kMm;  // gap_in(shooter, target)
  const bool woods = in_woods(shooter) || in_woods(target);
  const Quality q = fire_quality(state_[shooter]);
  const bool lower = options_.lower_band_inclusive;
  std::optional<double> pct = artillery ? artillery_percent(q, out.range_in, woods, lower)
                                        : small_arms_percent(q, out.range_in, woods, lower);
  if (!pct) {
    if (explain) out.why_not = fmt::format("out of range ({:.1f}\")", out.range_in);
    return out;
  }
  if (!visible(shooter, target)) return no("not visible");
  out.ok = true;
  return out;
}

namespace {

// A2-09 "target angle 45 degrees": the line of fire, from the shooter's centre to the
// target's, comes in 45° or more off the target's front.
bool oblique(const Rect& shooter, const Rect& target) {
  return bearing_difference(bearing_of(shooter.centre - target.centre), target.facing) >= 45.0;
}

}  // namespace

FireSituation Battle1805::fire_situation(int shooter, int target, bool unmoving) const {
  const Unit& s = force_.units[shooter];
  const Unit& t = force_.units[target];
  const UnitState& ss = state_[shooter];
  FireSituation f;
  f.shooters = shooters(shooter, target);
  f.quality = fire_quality(ss);
  f.range_in = gap_in(shooter, target);
  f.first_fire = options_.first_fire == "game"sv ? !ss.fired_ever : !ss.fired_at.count(target);
  // A2-09: the line of fire strikes the target's flank or rear, or infantry in column.
  f.target_angle = oblique(rect_of(shooter), rect_of(target)) ||
                   (t.arm == Arm::kFoot && t.formation == "column"sv);
  f.unmoving = unmoving && s.formation == "line"sv;
  f.behind_cover = in_woods(shooter) || in_building(shooter) || in_earthworks(shooter) ||
                   behind_obstacle(shooter, target);
  f.target_light_cover =
      in_woods(target) || in_building(target) || behind_obstacle(target, shooter);
  f.shaken = shaken(shooter);
  f.target_trenches = in_earthworks(target);
  f.woods = in_woods(shooter) || in_woods(target);
  f.lower_band_inclusive = options_.lower_band_inclusive;
  f.floor_total = options_.percent_floor == "total"sv;
  return f;
}

ArtillerySituation Battle1805::artillery_situation(int shooter, int target) const {
  const Unit& t = force_.units[target];
  const UnitState& ss = state_[shooter];
  ArtillerySituation a;
  a.gunners = shooters(shooter, target);
  a.quality = fire_quality(ss);
  a.range_in = gap_in(shooter, target);
  a.first_fire = options_.first_fire == "game"sv ? !ss.fired_ever : !ss.fired_at.count(target);
  a.unmoving_target = !state_[target].moved && !state_[target].moved_last;
  a.target_angle = oblique(rect_of(shooter), rect_of(target)) ||
                   (t.arm == Arm::kFoot && t.formation == "column"sv) || t.formation == "square"sv;
  const bool building = in_building(target);
  a.large_target = t.arm == Arm::kWagon || (building && options_.large_target_vs_building);
  a.shaken = shaken(shooter);
  // A2-17: occupants of a building get no trenches/cover modifier against artillery.
  a.target_trenches = in_earthworks(target) && !building;
  a.woods = in_woods(shooter) || in_woods(target);
  a.lower_band_inclusive = options_.lower_band_inclusive;
  a.floor_total = options_.percent_floor == "total"sv;
  return a;
}

namespace {

constexpr std::size_t kMoveRows = 6, kMoveColumns = 7;  // MoveRow, MoveColumn
using RateTable = std::array<std::array<double, kMoveColumns>, kMoveRows>;

// movement_rate(row, column, options).value_or(0) for every row and column, under each of
// the four option pairs (index rout_literal * 2 + wood_swap): the tables never change, so a
// look-up gives the same number (issue 9: legal_actions and move_unit ask it of every unit).
const RateTable& rates(bool rout_literal, bool wood_swap) {
  static const std::array<RateTable, 4> kRates = [] {
    std::array<RateTable, 4> out{};
    for (std::size_t o = 0; o < 4; ++o) {
      const MovementOptions mo{o >= 2, o % 2 == 1};
      for (std::size_t r = 0; r < kMoveRows; ++r) {
        for (std::size_t c = 0; c < kMoveColumns; ++c) {
          out[o][r][c] =
              movement_rate(static_cast<MoveRow>(r), static_cast<MoveColumn>(c), mo).value_or(0.0);
        }
      }
    }
    return out;
  }();
  return kRates[(rout_literal ? 2 : 0) + (wood_swap ? 1 : 0)];
}

}  // namespace

double Battle1805::allowance_in(int unit, MoveColumn column) const {
  return rates(options_.rout_literal, options_.wood_swap)[static_cast<std::size_t>(
      move_row(force_.units[unit]))][static_cast<std::size_t>(column)];
}

namespace {

// The movement-table column (R-002-1) for a point's ground, from the generic terrain
// classes (common.md §4.1): woods, rough, marsh and built-up ground use the Wood column
// (the text has only Wood), streams the Stream column, hills the Hill column, roads the
// Road column where the row has one.
MoveColumn terrain_column(const TerrainAt& at, bool road_rate) {
  if (at.has(TerrainClass::kBuilding) || at.has(TerrainClass::kMarsh) ||
      at.has(TerrainClass::kLightWoods) || at.has(TerrainClass::kHeavyWoods) ||
      at.has(TerrainClass::kRough)) {
    return MoveColumn::kWood;
  }
  if (at.has(TerrainClass::kStream)) return MoveColumn::kStream;
  if (at.has(TerrainClass::kHill)) return MoveColumn::kHill;
  if (road_rate && at.has(TerrainClass::kRoad)) return MoveColumn::kRoad;
  return MoveColumn::kOpen;
}

}  // namespace

// Cost per mm of ground for a unit (A2-23): moving through terrain with rate R inches per
// bound spends 1/R of the allowance per inch. "-" is impassable. A charge is "clear only"
// (R-002-1): any ground but open or road stops it.
// The function is one per movement-table row and charge or not (the options are the
// battle's): built once and kept (issue 9: a std::function and three table look-ups for
// every move weighed and made).
const CostFn& Battle1805::move_cost(int unit, bool charge) const {
  const MoveRow row = move_row(force_.units[unit]);
  CostFn& kept = move_costs_[static_cast<std::size_t>(row) * 2 + (charge ? 1 : 0)];
  if (!kept) kept = make_move_cost(row, charge);
  return kept;
}

double Battle1805::walk_kept(Vec2 a, Vec2 b, double budget, const CostFn& cost, bool path) const {
  constexpr std::size_t kSlots = 1024;  // a power of two
  if (reach_kept_.empty()) reach_kept_.resize(kSlots);
  const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
  const std::uint64_t ax = bits(a.x), ay = bits(a.y), bx = bits(b.x), by = bits(b.y),
                      bu = bits(budget);
  std::uint64_t h = ax;
  for (const std::uint64_t v : {ay, bx, by, bu}) h = (h ^ v) * 0x9E3779B97F4A7C15ULL;
  if (path) h ^= std::uint64_t{1} << 50;  // another slot than the reach along the same path
  ReachKept& k = reach_kept_[(h >> 40) & (kSlots - 1)];
  if (k.cost == &cost && k.path == path && k.ax == ax && k.ay == ay && k.bx == bx && k.by == by &&
      k.budget == bu) {
    return k.reach;
  }
  const double answer =
      path ? scenario_.table.path_cost(a, b, cost) : scenario_.table.reachable(a, b, budget, cost);
  k = {ax, ay, bx, by, bu, &cost, path, answer};
  return answer;
}

double Battle1805::uniform_cost_near(int unit, double radius, const CostFn& cost) const {
  const std::size_t k = static_cast<std::size_t>(unit);
  if (uniform_kept_.size() < placed_at_.size()) uniform_kept_.resize(placed_at_.size());
  UniformKept& kept = uniform_kept_[k];
  if (kept.at == placed_at_[k] && kept.cost == &cost && same_bits(kept.radius, radius)) {
    return kept.here_cost;
  }
  TerrainAt here;  // the ground all round the unit's centre, if it is the same there
  const double here_cost =
      uniform_ground_near(scenario_.table, fp_[k].centre, radius, &here) ? cost(here) : -1;
  kept = {placed_at_[k], &cost, radius, here_cost};
  return here_cost;
}

CostFn Battle1805::make_move_cost(MoveRow row, bool charge) const {
  const MovementOptions mo{options_.rout_literal, options_.wood_swap};
  const bool road_rate = movement_rate(row, MoveColumn::kRoad, mo).has_value();
  auto cost = [row, mo, charge, road_rate](const TerrainAt& at) -> double {
    if (charge) {
      for (TerrainClass c : at.classes) {
        if (c != TerrainClass::kOpen && c != TerrainClass::kRoad) return kImpassable;
      }
    }
    const std::optional<double> r =
        movement_rate(row, charge ? MoveColumn::kCharge : terrain_column(at, road_rate), mo);
    if (!r || *r <= 0) return kImpassable;
    return 1.0 / (*r * kMm);
  };
  // Open ground (no feature at the point), the ground of most pieces of most paths, worked
  // out once per unit rather than per piece.
  const double open = cost(TerrainAt{});
  return [cost, open](const TerrainAt& at) { return at.classes.empty() ? open : cost(at); };
}

// Routers flee as a mass (L23): at the rout rate on open ground, slowed by other ground in
// the proportion it slows a column of their arm (foot and horse columns can cross every
// terrain; guns keep the artillery row).
CostFn Battle1805::rout_cost(int unit) const {
  const Unit& u = force_.units[unit];
  const MoveRow row = u.arm == Arm::kCavalry ? MoveRow::kCavColumn
                      : u.arm == Arm::kFoot  ? MoveRow::kInfColumn
                                             : MoveRow::kArtillery;
  const MovementOptions mo{options_.rout_literal, options_.wood_swap};
  const double open = movement_rate(row, MoveColumn::kOpen, mo).value_or(0);
  const double rout = allowance_in(unit, MoveColumn::kRout);
  return [row, mo, open, rout](const TerrainAt& at) -> double {
    const std::optional<double> r = movement_rate(row, terrain_column(at, false), mo);
    if (!r || *r <= 0 || rout <= 0) return kImpassable;
    return open / (*r * rout * kMm);
  };
}

bool Battle1805::can_charge(int unit, int target, std::string* why_not) const {
  auto no = [&](const char* why) {
    if (why_not) *why_not = why;
    return false;
  };
  const Unit& u = force_.units[unit];
  const Unit& t = force_.units[target];
  if (!active(unit) || !active(target) || u.side == t.side) return no("not an enemy in play");
  if (in_melee(unit)) return no("already in melee");
  if (u.arm == Arm::kArtillery || u.arm == Arm::kWagon) return no("guns do not charge (R-002-1)");
  const double allowance = allowance_in(unit, MoveColumn::kCharge);
  if (!allowance) return no("this formation cannot charge (R-002-1)");
  if (shaken(unit) && !options_.shaken_may_charge) return no("shaken units may not advance (L21)");
  if (state_[unit].formation_busy_until >= bound_) return no("changing formation");
  const Rect& ufp = rect_of(unit);
  const Rect& tfp = rect_of(target);
  const double reach = allowance * kMm;
  // Beyond the reach by the centres (or the widest axis gap) already: not measured.
  auto beyond = [reach](double mm) { return mm > reach; };
  if (surely_beyond(frame_of(unit), frame_of(target), beyond) || gap_mm(unit, target) > reach) {
    return no("out of charge reach");
  }
  if (!visible(unit, target)) return no("target not visible");
  if (u.arm == Arm::kCavalry && behind_obstacle(target, unit)) {
    return no("cavalry may not attack opponents behind a defended obstacle (L26)");
  }
  // Clear terrain only (R-002-1): the path to the target must be open or road.
  const double cost = path_cost_kept(ufp.centre, tfp.centre, move_cost(unit, true));
  if (!std::isfinite(cost)) return no("charges cross clear terrain only (R-002-1)");
  return true;
}

// Figures in base contact plus one overlap at each end (L25, A2-10): the length of the
// unit's front that faces the enemy, in figure widths, plus one figure beyond each end of
// the contact where the front extends past it (option: one in all), capped at the front
// rank. Units more than ½" apart are not in contact.
int Battle1805::figures_in_contact(int unit, int enemy) const {
  const Unit& u = force_.units[unit];
  const Rect& a = rect_of(unit);
  const Rect& b = rect_of(enemy);
  if (distance(a, b) > 0.5 * kMm) return 0;
  // Project both footprints on the axis across the line joining them.
  const Vec2 axis = (b.centre - a.centre).normalized();
  const Vec2 across{-axis.y, axis.x};
  auto span = [&](const Rect& r) {
    double lo = 1e18, hi = -1e18;
    for (Vec2 c : r.corners()) {
      double p = (c - a.centre).dot(across);
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
    return std::pair{lo, hi};
  };
  auto [alo, ahi] = span(a);
  auto [blo, bhi] = span(b);
  const double contact = std::max(0.0, std::min(ahi, bhi) - std::max(alo, blo));
  const int figs = u.figures();
  const int front = u.arm == Arm::kArtillery ? figs : front_rank(u.arm, u.formation, figs);
  const double fig_w = u.arm == Arm::kCavalry        ? kHorseWidth
                       : u.arm == Arm::kArtillery    ? kGunWidth / 4
                       : u.formation == "skirmish"sv ? kSkirmishSpacing
                                                     : kFootWidth;
  int n = std::max(1, static_cast<int>(std::floor(contact / (fig_w * kMm) + 1e-6)));
  int overlaps = 0;
  if (alo < blo - 1e-6) ++overlaps;
  if (ahi > bhi + 1e-6) ++overlaps;
  if (options_.overlap == "one"sv) overlaps = std::min(overlaps, 1);
  // A2-10 counts front-rank figures only.
  return std::min(front, std::min(figs, n + overlaps));
}

MeleeSituation Battle1805::melee_situation(int unit, int enemy, bool charging) const {
  const Unit& u = force_.units[unit];
  const Unit& e = force_.units[enemy];
  const UnitState& us = state_[unit];
  MeleeSituation m;
  m.figures = figures_in_contact(unit, enemy);
  m.arm = u.arm == Arm::kWagon ? Arm::kArtillery : u.arm;
  m.effectiveness = melee_effectiveness(us, options_);
  const bool cavalry = u.arm == Arm::kCavalry;
  m.vs_fleeing_foot = cavalry && e.arm == Arm::kFoot && (state_[enemy].fleeing || routed(enemy));
  m.vs_square = cavalry && e.formation == "square"sv && options_.cavalry_vs_square == "half"sv;
  m.first_charge = cavalry && charging && e.formation != "square"sv &&
                   !(options_.first_charge_once_per_game && us.charged_ever);
  const int my_level = scenario_.table.elevation_at(rect_of(unit).centre);
  const int their_level = scenario_.table.elevation_at(rect_of(enemy).centre);
  m.downhill = their_level < my_level;
  m.obstacle = !charging && behind_obstacle(unit, enemy);
  m.disordered = disordered(unit);
  m.rowmajor = options_.melee_rowmajor;
  m.floor_total = options_.percent_floor == "total"sv;
  return m;
}

}  // namespace smoothbore::fast_1805
