// Movement (§6 L38-L48, SK-11): one roll per squad (the `movement` resolution: 2d6 / 3d6, a
// road's extra die, fences and walls 2"), measured for the squad leader along the table with
// woods and water at double cost; the squad is then placed around him, every figure within
// 6" (L48). Retreats (L31, SK-14) and the nearest cover (L29, SK-15).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>

#include "core/text/fixed1.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/squad_skirmish.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {

namespace {

bool slow_ground(const TerrainAt& at) {  // L44: woods and water (and buildings, proposed)
  return at.has(TerrainClass::kLightWoods) || at.has(TerrainClass::kHeavyWoods) ||
         at.has(TerrainClass::kMarsh) || at.has(TerrainClass::kStream) ||
         at.has(TerrainClass::kBuilding);
}

// The linear obstacles the straight move a→b crosses: only those whose boxes meet its box (the
// table's grid; segments_intersect is exact, so a crossing lies in both boxes).
int obstacles_crossed(const smoothbore::Table& t, Vec2 a, Vec2 b) {
  int n = 0;
  const Box box{{std::min(a.x, b.x) - 1.0, std::min(a.y, b.y) - 1.0},
                {std::max(a.x, b.x) + 1.0, std::max(a.y, b.y) + 1.0}};
  for (int li : t.linears_near(box)) {
    const LinearFeature& f = t.linears()[static_cast<std::size_t>(li)];
    if (f.cls != TerrainClass::kLinearObstacle) continue;
    for (std::size_t i = 1; i < f.path.size(); ++i) {
      if (segments_intersect(Segment{a, b}, Segment{f.path[i - 1], f.path[i]})) {
        ++n;
        break;
      }
    }
  }
  return n;
}

// A slot's frame on the layout's axes (its centre is moved_to each slot's; RectFrame::moved_to
// gives the corners of RectFrame(slot) bit for bit, whatever the centre it is moved from).
RectFrame slot_frame(const LayoutPlan& plan, double facing) {
  return RectFrame(Rect{Vec2{0, 0}, facing, plan.width, plan.depth});
}

}  // namespace

// The movement roll toward `dest` (SK-11: the road's die when the whole move, or any part, is
// on a road; the fences and walls crossed; with whole-move-half, the whole move halved if any
// of it is in woods or water; with double-cost the path does that, in move_squad).
double BattleSK::roll_move(int unit, Vec2 dest, std::vector<RollRecord>* rolls) {
  const Vec2 from = anchor(unit);
  const smoothbore::Table& t = scenario_.table;
  const bool a_road = t.terrain_at(from).has(TerrainClass::kRoad);
  const bool b_road = t.terrain_at(dest).has(TerrainClass::kRoad);
  const bool road = hot_.road_any_part ? (a_road || b_road) : (a_road && b_road);
  const int obstacles = std::min(4, obstacles_crossed(t, from, dest));
  std::string terrain = "open";
  if (hot_.terrain_whole_half && !road) {
    const double steps = std::max(1.0, distance(from, dest) / kMm);
    for (double i = 0; i <= steps; ++i) {
      if (slow_ground(t.terrain_at(from + (dest - from) * (i / steps)))) terrain = "woods";
    }
  }
  // The `movement` parameters, typed.
  detail::MoveSituation m;
  m.arm = cannon(unit)    ? "cannon"  // sk_08_gun_move: 1d6
          : mounted(unit) ? "cavalry"
                          : "infantry";
  m.road = road;
  m.terrain = terrain;
  m.obstacles = obstacles;
  // SK-11: one roll for the squad (per-squad), or one per figure (per-figure): the squad keeps
  // its layout around the leader (L48), so it goes as far as its slowest figure.
  const int dice = hot_.move_roll_per_figure ? std::max(1, figure_count(unit)) : 1;
  double inches = 1e9;
  for (int i = 0; i < dice; ++i) {
    inches = std::min(inches, detail::move_roll(m, dice_, rolls));
  }
  // sk_11_obstacle_in: the table's 2" per fence or wall, changed by the option.
  static const double table_cost = row("movement.obstacles", "fence").number("cost");
  inches = std::max(0.0, inches + obstacles * (table_cost - hot_.obstacle_in));
  return inches;
}

// Moves the squad's leader (or anchor figure) toward `dest` by the roll (or `budget_in` when
// given), stepping back until the squad can be placed; returns the inches moved.
double BattleSK::move_squad(int unit, Vec2 dest, double budget_in, int target, EventLog* log,
                            const std::vector<int>& movers) {
  const Vec2 from = anchor(unit);
  // Its event's roll records and text, only for a log that keeps them.
  const bool told = log != nullptr && !log->quiet();
  std::vector<RollRecord> rolls;
  const double inches = budget_in >= 0 ? budget_in : roll_move(unit, dest, told ? &rolls : nullptr);
  const bool double_cost = hot_.terrain_double_cost;
  const CostFn cost = [&](const TerrainAt& at) {
    return double_cost && slow_ground(at) ? 2.0 : 1.0;
  };
  const double reach = scenario_.table.reachable(from, dest, inches * kMm, cost);
  const Vec2 dir = (dest - from).normalized();
  const double facing =
      distance(dest, from) > 1.0 ? bearing_of(dir) : force_.units[unit].stands[0].rect.facing;
  (void)target;
  double moved = 0;
  const double follow = (movers.empty() ? 0.0 : follow_reach(unit)) + 1e-6;
  auto stayers_follow = [&](Vec2 at) {  // L48: the figures staying remain within 6"
    for (int k : living(unit)) {
      if (std::find(movers.begin(), movers.end(), k) == movers.end() &&
          distance(pos(unit, k), at) > follow) {
        return false;
      }
    }
    return true;
  };
  // The figures to place, the same for every attempt (a failed one changes nothing).
  place_figures_of(unit, movers);
  for (int i = 0;; ++i) {
    const double d = std::max(0.0, reach - i * 0.25 * kMm);
    if ((movers.empty() || stayers_follow(from + dir * d)) &&
        place_figures(unit, from + dir * d, facing, movers)) {
      moved = d;
      break;
    }
    if (d <= 0) break;
  }
  if (log != nullptr) {
    // `<name> moves <moved, {:.1f}>" (allowance <inches, {:g}>", L40-L48)`, in one string.
    std::string text;
    if (told) {
      text.reserve(96);  // one allocation for the whole text
      text += name(unit);
      text += " moves ";
      append_fixed1(text, moved / kMm);  // core/text/fixed1.h
      text += "\" (allowance ";
      text += detail::format_g(inches);
      text += "\", L40-L48)";
    }
    Event e = make_event(*log, EventKind::kMove, unit, std::move(text));
    if (told) {
      e.rolls = std::move(rolls);
      e.data = {{"distance_in", Value(moved / kMm)}, {"allowance_in", Value(inches)}};
    }
    log->append(std::move(e));
  }
  return moved / kMm;
}

// Lays the squad out (the rule set's layout for its living figures) with its leader's slot
// at `leader_at`; false, changing nothing, if a figure would be off the table or on another
// squad's figure.
bool BattleSK::place(int unit, Vec2 leader_at, double facing, int contact_with,
                     const std::vector<int>& movers) {
  (void)contact_with;
  place_figures_of(unit, movers);
  return place_figures(unit, leader_at, facing, movers);
}

void BattleSK::place_figures_of(int unit, const std::vector<int>& movers) {
  if (movers.empty()) {
    living(unit, place_figs_);
  } else {
    place_figs_ = movers;
  }
}

bool BattleSK::place_figures(int unit, Vec2 leader_at, double facing,
                             const std::vector<int>& movers) {
  Unit& u = force_.units[unit];
  const std::vector<int>& figs = place_figs_;
  if (figs.empty()) return false;
  // The layout's offsets (its arm, formation and `ranks` SK-09, for this many figures at this
  // facing), worked out once for the attempts of a move, which differ only in the leader's
  // spot: each slot is (leader_at + across) + back, as Ruleset::layout sums it.
  PlaceMemo& plan = place_plan_;
  const auto n = static_cast<int>(figs.size());
  if (plan.unit != unit || plan.figures != n || plan.arm != u.arm ||
      std::bit_cast<std::uint64_t>(plan.facing) != std::bit_cast<std::uint64_t>(facing) ||
      plan.formation != u.formation) {
    plan.unit = unit;
    plan.figures = n;
    plan.arm = u.arm;
    plan.facing = facing;
    plan.formation = u.formation;
    plan_layout(u, n, facing, plan.offsets);
    plan.frame = slot_frame(plan.offsets, facing);
    plan.half = 0.5 * std::hypot(plan.offsets.width, plan.offsets.depth) + 1.0;
    plan.diagonal = std::sqrt(plan.offsets.width * plan.offsets.width +
                              plan.offsets.depth * plan.offsets.depth);
    std::vector<Vec2>& rel = place_at_;
    rel.clear();
    for (std::size_t i = 0; i < figs.size(); ++i) {
      rel.push_back(plan.offsets.across[i] + plan.offsets.back[i]);
    }
    plan.centre = most_central(rel, &plan.centre_margin);
  } else if (check_kept_) {  // a test: the kept offsets are a fresh plan's, bit for bit
    LayoutPlan fresh;
    plan_layout(u, n, facing, fresh);
    ++layout_checks_;
    auto same = [](const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
      return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](Vec2 p, Vec2 q) {
               return std::bit_cast<std::uint64_t>(p.x) == std::bit_cast<std::uint64_t>(q.x) &&
                      std::bit_cast<std::uint64_t>(p.y) == std::bit_cast<std::uint64_t>(q.y);
             });
    };
    const RectFrame frame = slot_frame(fresh, facing);
    if (!same(fresh.across, plan.offsets.across) || !same(fresh.back, plan.offsets.back) ||
        fresh.width != plan.offsets.width || fresh.depth != plan.offsets.depth ||
        !same({frame.f, frame.r}, {plan.frame.f, plan.frame.r})) {
      ++kept_mismatches_;
    }
  }
  std::vector<Stand>& slots = place_slots_;
  slots.resize(figs.size());
  std::vector<Vec2>& at = place_at_;
  at.clear();
  double extent = 0;  // the largest coordinate of a slot
  for (std::size_t i = 0; i < slots.size(); ++i) {
    slots[i].rect = Rect{leader_at + plan.offsets.across[i] + plan.offsets.back[i], facing,
                         plan.offsets.width, plan.offsets.depth};
    slots[i].figures = 1;
    at.push_back(slots[i].rect.centre);
    extent = std::max({extent, std::abs(at.back().x), std::abs(at.back().y)});
  }
  // The most central slot, the offsets' own (worked out with the plan) where the rounding of
  // the slots' coordinates cannot change the comparisons that pick it: the same slot as
  // most_central(at). A coordinate is two sums (leader_at + across + back), each rounded by
  // at most half a unit in the last place of the largest coordinate (2^-53 of `extent`), so
  // each slot lies within 2.3e-16 of `extent` (and the offsets' own rounding, some 1e-14 mm)
  // of the offsets moved to leader_at, and most_central keeps its slot when the margin is six
  // times that. Kept with ten times more room (1e-14 of `extent` and 1e-11 mm): ties in the
  // layout (a margin of a nanometre) keep their slot on a table up to 90 m across.
  const bool kept_centre = extent < 1e12 && extent * 1e-14 + 1e-11 < plan.centre_margin;
  const std::size_t centre = kept_centre ? plan.centre : most_central(at);
  if (kept_centre && check_kept_) {
    ++central_checks_;
    if (most_central(at) != centre) ++kept_mismatches_;
  }
  // SK-11 sk_11_follow_in: the figures close on the leader until every one is within that
  // distance, but no closer than bases in contact. The farthest and the nearest distances
  // are the roots of the extreme squares (the same doubles as the extremes of the roots); the
  // nearest only matters (and is only worked out) when the farthest is beyond that distance.
  double far2 = 0;
  for (const Vec2 p : at) {
    const Vec2 c = p - at[centre];
    far2 = std::max(far2, c.x * c.x + c.y * c.y);
  }
  const double far = std::sqrt(far2);
  const double follow = hot_.follow_in * kMm;
  double scale = 1.0;
  if (far > follow) {
    double near2 = -1;
    for (std::size_t i = 0; i < at.size(); ++i) {
      for (std::size_t j = i + 1; j < at.size(); ++j) {
        const Vec2 d = at[i] - at[j];
        const double square = d.x * d.x + d.y * d.y;
        if (near2 < 0 || square < near2) near2 = square;
      }
    }
    const double near = near2 < 0 ? 1e18 : std::sqrt(near2);
    scale = std::clamp(follow / far, std::min(1.0, slots[0].rect.width / near), 1.0);
  }
  for (Stand& s : slots) {
    s.rect.centre = leader_at + (s.rect.centre - at[centre]) * scale;
  }
  std::vector<int>& nearby = place_ids_;
  // Every slot's frame from one frame on the layout's axes (RectFrame::moved_to: the corners
  // of RectFrame(slot), bit for bit), for the table's edges (Table::contains(Rect) tests those
  // corners) and the overlaps (overlaps(Rect, Rect) is this test of the circles, then the
  // frames'): no sine and cosine per slot. The circles first, on the slot's centre alone (the
  // same doubles: the slot's diagonal kept with the plan, the other's root kept while the
  // figures met have its size), and a slot's frame only for a figure within them.
  const RectFrame& proto = plan.frame;
  const double half = plan.half;
  double other_width = -1;
  double other_depth = -1;
  double other_diagonal = 0;
  auto apart = [&](Vec2 spot, const Rect& b) {
    if (b.width != other_width || b.depth != other_depth) {
      other_width = b.width;
      other_depth = b.depth;
      other_diagonal = std::sqrt(b.width * b.width + b.depth * b.depth);
    }
    const double reach = 0.5 * (plan.diagonal + other_diagonal);
    const Vec2 gap = spot - b.centre;
    return gap.dot(gap) >= reach * reach;
  };
  // Figure `id` where it could be in the way (not removed, its squad on the table, not one of
  // the squad's own figures that move), or null.
  auto in_the_way = [&](int id) -> const Stand* {
    const int o = fig_unit_[static_cast<std::size_t>(id)];
    const int j = id - fig_base_[static_cast<std::size_t>(o)];
    if (!force_.units[static_cast<std::size_t>(o)].on_table()) return nullptr;
    const Stand& other =
        force_.units[static_cast<std::size_t>(o)].stands[static_cast<std::size_t>(j)];
    // The squad's own figures that stay where they are (SK-11 split) are in the way too.
    if (o == unit && (movers.empty() || std::find(figs.begin(), figs.end(), j) != figs.end())) {
      return nullptr;
    }
    return other.removed ? nullptr : &other;
  };
  const double table_width = scenario_.table.width();
  const double table_height = scenario_.table.height();
  // Every slot on the table and on no figure in the way (noting the figure that stops it). A
  // slot whose box (its circle's, grown by a millimetre) lies on the table has its corners
  // there, by far more than their rounding; only a slot near an edge asks its corners.
  // The figures whose boxes meet the slots' boxes are found once, by one query of the box
  // holding them all (the spatial index, spatial.cc), ids ascending; each slot tests those in
  // the way in that order. A figure whose box misses a slot's box cannot overlap that slot
  // (an overlap puts its box in the slot's), so each slot stops at the same first figure as a
  // query of its own box would name.
  std::vector<std::pair<int, const Stand*>>& way = place_way_;
  auto fits = [&] {
    Box all{{1e300, 1e300}, {-1e300, -1e300}};
    for (const Stand& s : slots) {
      const Vec2 c = s.rect.centre;
      all.min = {std::min(all.min.x, c.x - half), std::min(all.min.y, c.y - half)};
      all.max = {std::max(all.max.x, c.x + half), std::max(all.max.y, c.y + half)};
    }
    figures_in(all, nearby);
    way.clear();
    for (int id : nearby) {
      if (const Stand* other = in_the_way(id)) way.emplace_back(id, other);
    }
    for (const Stand& s : slots) {
      const Vec2 c = s.rect.centre;
      RectFrame frame;
      bool framed = false;
      if (!(c.x - half >= 0 && c.x + half <= table_width && c.y - half >= 0 &&
            c.y + half <= table_height)) {
        frame = proto.moved_to(c);
        framed = true;
        for (Vec2 p : frame.corners) {
          if (!scenario_.table.contains(p)) return false;
        }
      }
      for (const auto& [id, other] : way) {
        if (apart(c, other->rect)) continue;
        if (!framed) {
          frame = proto.moved_to(c);
          framed = true;
        }
        if (overlaps(frame, RectFrame(other->rect), 0.5)) {
          place_blocker_ = {unit, id};
          return false;
        }
      }
    }
    return true;
  };
  // The figure that stopped this squad's last attempt mostly stops the next, a step back: it is
  // tried first on every slot. Where it overlaps a slot, fits() fails too (an overlap puts its
  // box in that slot's box, so the index names it there), so false is its answer; check_kept
  // (a test) asks fits() as well and counts a difference.
  bool stopped = false;
  if (place_blocker_.first == unit) {
    if (const Stand* other = in_the_way(place_blocker_.second)) {
      RectFrame other_frame;
      bool other_framed = false;
      for (const Stand& s : slots) {
        if (apart(s.rect.centre, other->rect)) continue;
        if (!other_framed) {
          other_frame = RectFrame(other->rect);
          other_framed = true;
        }
        if (overlaps(proto.moved_to(s.rect.centre), other_frame, 0.5)) {
          stopped = true;
          break;
        }
      }
    }
  }
  if (stopped) {
    if (check_kept_) {
      ++kept_checks_;
      ++blocker_checks_;
      if (fits()) ++kept_mismatches_;
    }
    return false;
  }
  if (!fits()) return false;
  // The leader to the most central slot, the others to the rest in order.
  const int lead = anchor_figure(unit);
  std::size_t next = 0;
  for (int k : figs) {
    if (k != lead && next == centre) ++next;
    u.stands[k].rect = slots[k == lead ? centre : next++].rect;
  }
  index_update(unit, &proto);      // the slots face as the plan's frame
  squads_[unit].unclosed = false;  // closed up on its leader (L48)
  return true;
}

double BattleSK::follow_reach(int unit) const {
  const double follow = hot_.follow_in * kMm;
  const Unit& u = force_.units[static_cast<std::size_t>(unit)];
  LayoutPlan plan;
  plan_layout(u, std::max(1, u.start_figures), 0.0, plan);  // distances: any facing
  std::vector<Vec2> at;
  for (std::size_t i = 0; i < plan.across.size(); ++i) at.push_back(plan.across[i] + plan.back[i]);
  const Vec2 c = at[most_central(at)];
  double far = 0;
  double near = -1;
  for (std::size_t i = 0; i < at.size(); ++i) {
    far = std::max(far, distance(at[i], c));
    for (std::size_t j = i + 1; j < at.size(); ++j) {
      const double d = distance(at[i], at[j]);
      if (near < 0 || d < near) near = d;
    }
  }
  if (far <= follow || near <= 0) return follow;
  return std::max(follow, far * std::min(1.0, plan.width / near));
}

// SK-11 (sk_11_split per-figure): "figures that Fire or Load instead stay where they are".
// The leader and the loaded figures take the Move action; the unloaded figures stay and take
// their Load action; the leader stops where they are still within sk_11_follow_in (L48).
void BattleSK::split_move(int unit, Vec2 dest, EventLog& log) {
  const int lead = anchor_figure(unit);
  std::vector<int> movers;
  for (int k : living(unit)) {
    if (k == lead || figures_[unit][k].loaded) movers.push_back(k);
  }
  emit(log, EventKind::kOrder, unit, [&] {
    return fmt::format("{} splits its actions: {} figure{} move, {} load (SK-11)", name(unit),
                       movers.size(), movers.size() == 1 ? "" : "s",
                       figure_count(unit) - static_cast<int>(movers.size()));
  });
  move_squad(unit, dest, -1, -1, &log, movers);
  load(unit, log, movers);  // the movers spent one action moving (SK-07)
}

// L31, SK-14: the full maximum move (or a roll) toward the friendly edge, leaving the table
// when it reaches it (sk_14_leave_table).
void BattleSK::retreat(int unit, const std::string& why, EventLog& log) {
  SquadState& s = squads_[unit];
  s.retreating = true;
  touch(unit);
  if (s.locked >= 0) {
    touch(s.locked);
    squads_[s.locked].locked = -1;
    s.locked = -1;
  }
  Unit& u = force_.units[unit];
  set_status(u, UnitStatus::kRouted);
  std::vector<RollRecord> rolls;
  const Vec2 home = bearing_vector(edge_bearing(force_.sides[u.side].home_edge));
  const Vec2 from = anchor(unit);
  const double budget =
      option("sk_14_retreat") == "rolled-move"
          ? roll_move(unit, from + home * (max_move_in(unit) * kMm), record_for(log, rolls))
          : max_move_in(unit);
  // How far the table goes that way.
  const smoothbore::Table& t = scenario_.table;
  double to_edge = 1e18;
  if (home.x > 0.5) to_edge = t.width() - from.x;
  if (home.x < -0.5) to_edge = from.x;
  if (home.y > 0.5) to_edge = t.height() - from.y;
  if (home.y < -0.5) to_edge = from.y;
  Event e = make_event(log, EventKind::kRout, unit, {});
  if (!log.quiet()) {
    e.text = fmt::format("{} retreats {:g}\" toward its edge: {}", name(unit), budget, why);
    e.rolls = std::move(rolls);
  }
  if (to_edge <= budget * kMm && option_bool("sk_14_leave_table")) {
    set_status(u, UnitStatus::kOffTable);
    world_changed();  // its figures no longer block sight nor can be seen
    if (!log.quiet()) e.text += "; it leaves the table (SK-14)";
    log.append(std::move(e));
    return;
  }
  log.append(std::move(e));
  move_squad(unit, from + home * (budget * kMm), budget, -1, nullptr);
}

// The mean of an area's corners, worked out once per battle (the terrain never changes).
Vec2 BattleSK::area_centre(int area) const {
  const auto& areas = scenario_.table.areas();
  if (area_centres_.size() != areas.size()) {
    area_centres_.clear();
    for (const AreaFeature& a : areas) {
      Vec2 centre{0, 0};
      for (Vec2 p : a.shape.points) centre = centre + p;
      area_centres_.push_back(centre * (1.0 / static_cast<double>(a.shape.points.size())));
    }
  }
  return area_centres_[static_cast<std::size_t>(area)];
}

// SK-15: the nearest woods, building or earthworks within the maximum move that is no nearer
// the nearest enemy; false when there is none (or sk_15_cover is `stay`).
bool BattleSK::cover_destination(int unit, Vec2* dest, double within_in) const {
  if (hot_.cover_stay) return false;
  const Vec2 from = anchor(unit);
  // The nearest enemy (a search) only once an area within reach asks where he stands.
  bool foe_known = false;
  Vec2 foe = from;  // none: where the squad stands
  auto foe_at = [&] {
    if (!foe_known) {
      const int enemy = nearest_enemy(unit);
      if (enemy >= 0) foe = anchor(enemy);
      foe_known = true;
    }
    return foe;
  };
  double best = (within_in >= 0 ? within_in : max_move_in(unit)) * kMm;
  bool found = false;
  // Only areas whose boxes meet the reach around `from` can hold it or have their centre
  // within reach (the table's grid; ascending, as the scan of every area).
  const double r = best + 1.0;
  for (int ai :
       scenario_.table.areas_near(Box{{from.x - r, from.y - r}, {from.x + r, from.y + r}})) {
    const AreaFeature& a = scenario_.table.areas()[static_cast<std::size_t>(ai)];
    const TerrainClass c = a.cls;
    if (c != TerrainClass::kLightWoods && c != TerrainClass::kHeavyWoods &&
        c != TerrainClass::kBuilding && c != TerrainClass::kEarthworks) {
      continue;
    }
    const Vec2 centre = area_centre(ai);
    if (a.shape.contains(from)) return false;  // already in cover
    const double d = distance(from, centre);
    if (d > best) continue;
    const Vec2 f = foe_at();
    if (distance(centre, f) + 1.0 < distance(from, f) * 0.8) continue;
    best = d;
    *dest = centre;
    found = true;
  }
  return found;
}

}  // namespace smoothbore::squad_skirmish
