#include "rules/fire_and_discipline/kill_zone.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "core/geometry/sight.h"
#include "rules/fire_and_discipline/fire_tables.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr double kRankTolMm = 0.5;  // front edges this close are one rank
constexpr double kContactMm = 0.1;  // FD-63: stands this close are in contact
constexpr double kEpsMm = 1e-6;     // geometric slack

const Unit& unit_at(const FdState& s, int u) { return s.force.units[static_cast<std::size_t>(u)]; }
const UnitState& state_at(const FdState& s, int u) { return s.units[static_cast<std::size_t>(u)]; }
const Stand& stand_at(const FdState& s, StandRef r) {
  return unit_at(s, r.unit).stands[static_cast<std::size_t>(r.stand)];
}
int count(const std::vector<Stand>& v) { return static_cast<int>(v.size()); }
int unit_count(const FdState& s) { return static_cast<int>(s.force.units.size()); }

bool live(const Stand& st) { return !st.removed && st.castings > 0; }

// A unit whose stands can be shot at (or block as stands): on the table.
bool on_table(const FdState& s, int u) { return unit_at(s, u).on_table(); }

// The front rank of a formed unit as a zero-depth Rect whose front edge runs from the
// outer end of one end stand to the other (§7.22), and the indices of its stands.
struct FrontRank {
  Rect front;
  std::vector<int> stands;
};

std::optional<FrontRank> front_rank(const FdState& s, int u) {
  const Unit& unit = unit_at(s, u);
  const Stand* ref = nullptr;
  for (const Stand& st : unit.stands) {
    if (live(st)) {
      ref = &st;
      break;
    }
  }
  if (ref == nullptr) return std::nullopt;
  const Vec2 o = ref->rect.front_centre();
  const Vec2 f = ref->rect.forward();
  const Vec2 r = ref->rect.right();
  // Rect::front_centre (centre + forward() * (depth / 2)), the first live stand's forward()
  // reused for every stand facing as it does (the same sine and cosine: the same bits).
  auto front_centre = [&](const Rect& x) {
    return x.facing == ref->rect.facing ? x.centre + f * (x.depth / 2) : x.front_centre();
  };
  double lead = -std::numeric_limits<double>::infinity();
  for (const Stand& st : unit.stands) {
    if (live(st)) lead = std::max(lead, (front_centre(st.rect) - o).dot(f));
  }
  FrontRank fr;
  fr.stands.reserve(unit.stands.size());
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (int i = 0; i < count(unit.stands); ++i) {
    const Stand& st = unit.stands[static_cast<std::size_t>(i)];
    if (!live(st) || (front_centre(st.rect) - o).dot(f) < lead - kRankTolMm) continue;
    fr.stands.push_back(i);
    const Segment e = st.rect.front_edge();
    for (Vec2 p : {e.a, e.b}) {
      lo = std::min(lo, (p - o).dot(r));
      hi = std::max(hi, (p - o).dot(r));
    }
  }
  fr.front.facing = ref->rect.facing;
  fr.front.width = hi - lo;
  fr.front.depth = 0;
  fr.front.centre = o + f * lead + r * ((lo + hi) / 2);
  return fr;
}

// The live stands of `side` outside unit `except` that may lie within `reach` mm of `r`
// (every one that does, perhaps others), unit by unit and stand by stand.
// `R` is a Rect or, for a long one, its RectFrame (StandSnapshot::around).
template <typename R>
std::vector<StandRef> friends_near(const FdState& s, const StandSnapshot& snap, int side,
                                   int except, const R& r, double reach) {
  std::vector<int> ks;
  snap.around(r, reach, [&](int k) {
    const StandEntry& o = snap.stands[static_cast<std::size_t>(k)];
    if (o.side == side && o.unit != except) ks.push_back(k);
  });
  snap.sort_scan(ks);
  std::vector<StandRef> out;
  out.reserve(ks.size());
  for (int k : ks) {
    const StandEntry& o = snap.stands[static_cast<std::size_t>(k)];
    if (live(unit_at(s, o.unit).stands[static_cast<std::size_t>(o.stand)])) {
      out.push_back({o.unit, o.stand});
    }
  }
  return out;
}

// Projection interval of a rect's corners on direction `d` from `o`.
std::pair<double, double> project(const Rect& r, Vec2 o, Vec2 d) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (Vec2 p : r.corners()) {
    lo = std::min(lo, (p - o).dot(d));
    hi = std::max(hi, (p - o).dot(d));
  }
  return {lo, hi};
}

// §7.23: a friendly stand lies partly or wholly between the zone's front and the target
// (nearer than its nearest point `d_mm`) and overlaps it across the zone.
bool friend_in_front(const Rect& front, const Rect& target, double d_mm, const Rect& fr) {
  const Vec2 o = front.front_centre();
  const double hw = front.width / 2;
  auto [ta, tb] = project(target, o, front.right());
  ta = std::max(ta, -hw);
  tb = std::min(tb, hw);
  const auto [fa, fb] = project(fr, o, front.right());
  if (std::min(tb, fb) - std::max(ta, fa) <= kEpsMm) return false;
  const auto [near, far] = project(fr, o, front.forward());
  return far > kEpsMm && near < d_mm - kEpsMm;
}

bool in_contact_with_friend(const FdState& s, const StandSnapshot& snap, const Rect& target,
                            int side) {
  for (StandRef f : friends_near(s, snap, side, -1, target, kContactMm)) {
    if (distance(stand_at(s, f).rect, target) <= kContactMm) return true;
  }
  return false;
}

// How deep into a sight-blocking feature a firer and its target see and are seen: without
// limit when either stands in an objective zone (FD-49, zone_see_into); into woods and
// rough, fd_woods_see_into_yd (§7.24: a target in a wood is fired on, §6.36: a wood hides
// what is deep inside or behind it); into anything else (a building) not at all.
SeeIntoFn see_into(const FdState& s, int firer_unit, StandRef target) {
  const double zone = zone_see_into(s, firer_unit, target);
  const double woods = s.mm(s.options.woods_see_into_yd);
  return [zone, woods](const AreaFeature& f) {
    return woods_or_rough(f.cls) ? std::max(zone, woods) : zone;
  };
}

// Skirmish line of fire from `from` to `target`: not crossed by friends (§7.23, tested on
// a bare table), not wholly hidden by terrain.
bool skirmish_line(const FdState& s, StandRef from, StandRef target) {
  const Unit& unit = unit_at(s, from.unit);
  std::vector<Blocker> friends;
  for (int u = 0; u < unit_count(s); ++u) {
    const Unit& other = unit_at(s, u);
    if (other.side != unit.side || !on_table(s, u)) continue;
    for (int i = 0; i < count(other.stands); ++i) {
      if ((StandRef{u, i} == from) || !live(other.stands[static_cast<std::size_t>(i)])) continue;
      friends.push_back({other.stands[static_cast<std::size_t>(i)].rect, true});
    }
  }
  const Rect& a = stand_at(s, from).rect;
  const Rect& b = stand_at(s, target).rect;
  const Table bare(s.table().width(), s.table().height());
  if (line_of_sight(bare, a, b, friends) != Sight::kClear) return false;
  // FD-49: occupants of an objective zone are seen at its walls; zones hide what is
  // behind them.
  if (zone_hides(s, from.unit, a, target)) return false;
  return line_of_sight(s.table(), a, b, {}, see_into(s, from.unit, target)) != Sight::kBlocked;
}

bool can_musket(const FdState& s, int u) {
  const Unit& unit = unit_at(s, u);
  if (!on_table(s, u) || state_at(s, u).surrendered) return false;
  if (unit.arm == Arm::kArtillery || unit.arm == Arm::kWagon) return false;
  if (unit.arm == Arm::kCavalry && unit.formation != "open-order") return false;  // §7.1
  return s.options.engaged_may_fire || state_at(s, u).engaged_with.empty();       // FD-63
}

// Targets may be any live stand of an on-table, not surrendered unit of another side.
bool targetable_unit(const FdState& s, int firer, int u) {
  return unit_at(s, u).side != unit_at(s, firer).side && on_table(s, u) &&
         !state_at(s, u).surrendered;
}

}  // namespace

bool woods_or_rough(TerrainClass c) {
  return c == TerrainClass::kLightWoods || c == TerrainClass::kHeavyWoods ||
         c == TerrainClass::kRough;
}

double kill_zone_distance(const Rect& front, const Rect& target, double range_mm) {
  const double ext = range_mm + 1.0;
  if (!overlaps(corridor(front, ext), target)) return -1;
  const double d = corridor_distance(front, target, ext);
  return d < 0 || d > range_mm + kEpsMm ? -1 : d;
}

// overlaps and corridor_distance on frames answer as on their rects (rect_frame.h).
double kill_zone_distance(const Rect& front, const RectFrame& zone, const RectFrame& target,
                          double range_mm) {
  const double ext = range_mm + 1.0;
  if (!overlaps(zone, target)) return -1;
  const double d = corridor_distance(front, target, ext);
  return d < 0 || d > range_mm + kEpsMm ? -1 : d;
}

bool is_skirmisher(const FdState& s, int unit) {
  return unit_at(s, unit).formation == "open-order";
}

Rect unit_kill_zone(const FdState& s, int unit, double range_yd) {
  const std::optional<FrontRank> fr = front_rank(s, unit);
  if (!fr) return Rect{};
  return corridor(fr->front, s.mm(range_yd));
}

namespace {

// The stands of a unit in close order with front rank `fr` that may count a die (FD-35):
// the front rank, or in column under column_dice = "all" every live stand.
std::vector<int> dice_candidates(const FdState& s, int unit, const FrontRank& fr) {
  const Unit& firer = unit_at(s, unit);
  if (firer.formation != "column" || s.options.column_dice != "all") return fr.stands;
  std::vector<int> out;
  for (int i = 0; i < count(firer.stands); ++i) {
    if (live(firer.stands[static_cast<std::size_t>(i)])) out.push_back(i);
  }
  return out;
}

// For each of `candidates` (dice_candidates), the friends that may overlap its view
// `corridor(r, d)` for any d up to `depth` (those around corridor(r, depth), which holds
// each such view).
struct ViewFriends {
  double depth = 0;
  std::vector<std::vector<StandRef>> of;  // parallel to the candidates
};
ViewFriends view_friends(const FdState& s, const StandSnapshot& snap, int unit,
                         const std::vector<int>& candidates, double depth) {
  const Unit& firer = unit_at(s, unit);
  ViewFriends out;
  out.depth = depth;
  out.of.reserve(candidates.size());
  for (int i : candidates) {
    const Rect view = corridor(firer.stands[static_cast<std::size_t>(i)].rect, depth);
    out.of.push_back(friends_near(s, snap, firer.side, unit, RectFrame(view), 0));
  }
  return out;
}

// firing_stands of a unit in close order with front rank `fr` (front_rank). `kept`: the
// friends of each candidate's view (view_friends), used for a target no deeper than they
// were listed for; else they are listed here for this target's views.
std::vector<StandRef> close_order_firing_stands(const FdState& s, int unit, const StandRef& target,
                                                const FrontRank& fr,
                                                const ViewFriends* kept = nullptr) {
  std::vector<StandRef> out;
  const Unit& firer = unit_at(s, unit);
  const Rect& t = stand_at(s, target).rect;
  const double far = s.table().width() + s.table().height() + 1;
  const double d = kill_zone_distance(fr.front, t, far);
  if (d < 0) return out;  // outside the unit-wide zone (§7.22)
  const std::vector<int> candidates = dice_candidates(s, unit, fr);
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, unit);
  const bool listed = kept != nullptr && d <= kept->depth;
  for (std::size_t j = 0; j < candidates.size(); ++j) {
    const Rect& r = firer.stands[static_cast<std::size_t>(candidates[j])].rect;
    bool blocked = false;
    if (d > kEpsMm) {
      // Only friends near the view can overlap it (stand_grid.h).
      const Rect view = corridor(r, d);
      const std::vector<StandRef> near =
          listed ? std::vector<StandRef>{}
                 : friends_near(s, *snap, firer.side, unit, RectFrame(view), 0);
      for (StandRef f : listed ? kept->of[j] : near) {
        blocked = blocked || overlaps(view, stand_at(s, f).rect);
      }
    }
    if (!blocked) out.push_back({unit, candidates[j]});
  }
  return out;
}

}  // namespace

std::vector<StandRef> firing_stands(const FdState& s, int unit, const StandRef& target) {
  std::vector<StandRef> out;
  const Unit& firer = unit_at(s, unit);
  if (is_skirmisher(s, unit)) {
    for (int i = 0; i < count(firer.stands); ++i) {
      if (live(firer.stands[static_cast<std::size_t>(i)]) && skirmish_line(s, {unit, i}, target)) {
        out.push_back({unit, i});
      }
    }
    return out;
  }
  const std::optional<FrontRank> fr = front_rank(s, unit);
  if (!fr) return out;
  return close_order_firing_stands(s, unit, target, *fr);
}

std::vector<MusketTarget> musketry_targets(const FdState& s, int unit, double max_range_yd,
                                           bool first_only) {
  std::vector<MusketTarget> out;
  if (!can_musket(s, unit)) return out;
  const Unit& firer = unit_at(s, unit);
  const bool skirmish = is_skirmisher(s, unit);
  const std::optional<FrontRank> fr = front_rank(s, unit);
  if (!fr) return out;
  const double range_mm = s.mm(max_range_yd);
  // Only stands near the zone (or, for skirmishers, near the firer) can be targets, and
  // only friends near the zone can block (stand_grid.h); in the order of a scan.
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, unit);
  const Rect zone = corridor(fr->front, range_mm + 1.0);
  const RectFrame zone_frame(zone);  // kill_zone_distance's, once
  std::vector<int> ks;
  auto take = [&](int k) {
    if (snap->stands[static_cast<std::size_t>(k)].side != firer.side) ks.push_back(k);
  };
  if (skirmish) {
    snap->around(firer.footprint(), range_mm + 1.0, take);
  } else {
    snap->around(zone_frame, 0, take);
  }
  // With no enemy stand around there is no target, and no friend to look for (round 21:
  // the friends were gathered first, for every unit in every fire phase and look-ahead).
  if (ks.empty()) return out;
  const std::vector<StandRef> friends =
      // A friend_in_front overlaps the zone's extent both ways: its centre lies within its
      // own radius of the zone rectangle, so within reach of it at max_radius.
      skirmish ? std::vector<StandRef>{}
               : friends_near(s, *snap, firer.side, unit, zone_frame, snap->max_radius);
  snap->sort_scan(ks);
  std::optional<ViewFriends> views;  // view_friends, at the first target that needs them
  for (const int at : ks) {
    if (first_only && !out.empty()) break;
    const int u = snap->stands[static_cast<std::size_t>(at)].unit;
    const int i = snap->stands[static_cast<std::size_t>(at)].stand;
    if (!targetable_unit(s, unit, u)) continue;
    const Unit& enemy = unit_at(s, u);
    {
      const StandRef ref{u, i};
      const Stand& st = enemy.stands[static_cast<std::size_t>(i)];
      if (!live(st)) continue;
      // FD-63: a stand in contact with a friend is not a target (tested last: it is the
      // dearest test, and the others are pure too).
      auto touches_friend = [&] { return in_contact_with_friend(s, *snap, st.rect, firer.side); };
      if (skirmish) {
        double best = std::numeric_limits<double>::infinity();
        int dice = 0;
        for (int k = 0; k < count(firer.stands); ++k) {
          const Stand& mine = firer.stands[static_cast<std::size_t>(k)];
          if (!live(mine)) continue;
          const double d = distance(mine.rect, st.rect);
          if (d > range_mm + kEpsMm || !skirmish_line(s, {unit, k}, ref)) continue;
          best = std::min(best, d);
          ++dice;
        }
        if (dice > 0 && !touches_friend()) {
          out.push_back({zone_hit_stand(s, ref, firer.footprint().centre), s.yd(best), dice, true});
        }
        continue;
      }
      const StandEntry& e = snap->stands[static_cast<std::size_t>(at)];
      const bool filed = e.files(st.rect);
      const double d = filed ? kill_zone_distance(fr->front, zone_frame, e.frame, range_mm)
                             : kill_zone_distance(fr->front, st.rect, range_mm);
      if (d < 0) continue;
      bool blocked = false;
      for (StandRef f : friends) {
        blocked = blocked || friend_in_front(fr->front, st.rect, d, stand_at(s, f).rect);
      }
      // FD-49: the building an occupant stands in does not hide it; zones hide what is
      // behind them.
      if (blocked || touches_friend() || zone_hides(s, unit, fr->front, ref) ||
          terrain_hides(s.table(), fr->front, st.rect, see_into(s, unit, ref))) {
        continue;
      }
      // The friends of the dice stands' views, listed once for every target (round 21: once
      // a target and stand; a view to a target in the zone is at most the range deep).
      if (!views) {
        views = view_friends(s, *snap, unit, dice_candidates(s, unit, *fr), range_mm + 1.0);
      }
      const int dice =
          static_cast<int>(close_order_firing_stands(s, unit, ref, *fr, &*views).size());
      // FD-49: hits on an occupant go to the occupant nearest the firer.
      out.push_back({zone_hit_stand(s, ref, fr->front.centre), s.yd(d), dice, false});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const MusketTarget& a, const MusketTarget& b) {
    return a.range_yd < b.range_yd;
  });
  return out;
}

// ---- Artillery (§6.3, §6.7) ----

}  // namespace smoothbore::fire_and_discipline
