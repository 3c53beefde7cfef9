// The guns' kill zone of kill_zone.h (§6.3, §6.35, §6.7; FD-49, FD-57): what lies in a
// section's corridor, the terrain and objective zones that block it, the first stand it
// meets, and the stands one shot is rolled against. Split from kill_zone.cc (musketry) for
// size.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/check.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/elevation.h"
#include "rules/fire_and_discipline/fire_tables.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr double kEpsMm = 1e-6;     // geometric slack
constexpr int kFeatureSamples = 9;  // sample lines across a gun corridor

const Unit& unit_at(const FdState& s, int u) { return s.force.units[static_cast<std::size_t>(u)]; }
const UnitState& state_at(const FdState& s, int u) { return s.units[static_cast<std::size_t>(u)]; }
const Stand& stand_at(const FdState& s, StandRef r) {
  return unit_at(s, r.unit).stands[static_cast<std::size_t>(r.stand)];
}
bool live(const Stand& st) { return !st.removed && st.castings > 0; }
bool on_table(const FdState& s, int u) { return unit_at(s, u).on_table(); }

// Targets may be any live stand of an on-table, not surrendered unit of another side.
bool targetable_unit(const FdState& s, int firer, int u) {
  return unit_at(s, u).side != unit_at(s, firer).side && on_table(s, u) &&
         !state_at(s, u).surrendered;
}

}  // namespace

namespace {

struct PathItem {
  StandRef ref;
  double d_mm = 0;
  int elevation = 0;
  bool friendly = false;
  bool target = false;  // an enemy stand that may be fired on
};

struct FeatureHit {
  double d_mm = 0;
  int level = 0;  // ground level where the corridor enters it
  bool hill = false;
  const AreaFeature* area = nullptr;
};

bool blocks_fire(TerrainClass c) {
  return c == TerrainClass::kBuilding || c == TerrainClass::kHill ||
         c == TerrainClass::kLightWoods || c == TerrainClass::kHeavyWoods ||
         c == TerrainClass::kRough;
}

const Stand* gun_stand(const FdState& s, int u) {
  for (const Stand& st : unit_at(s, u).stands) {
    if (live(st)) return &st;
  }
  return nullptr;
}

// Whether area `a` lies wholly to one side of the band the sample lines of feature_hits
// sweep (from the front edge `e` along `fwd` for `range_mm`), on the band's own axes padded
// by `pad_mm`: the outline then meets none of them (its points bound it; issue 9: most
// features whose box met the lines' box met no line, each traced along all nine).
bool beside_lines(const AreaFeature& a, const Segment& e, Vec2 fwd, double range_mm,
                  double pad_mm) {
  const double len = (e.b - e.a).length();
  if (len <= 0) return false;
  const Vec2 across = (e.b - e.a) * (1.0 / len);
  double lo_f = std::numeric_limits<double>::infinity();
  double hi_f = -lo_f;
  double lo_a = lo_f;
  double hi_a = -lo_f;
  for (const Vec2 v : a.shape.points) {
    const Vec2 d = v - e.a;
    const double f = d.dot(fwd);
    const double w = d.dot(across);
    lo_f = std::min(lo_f, f);
    hi_f = std::max(hi_f, f);
    lo_a = std::min(lo_a, w);
    hi_a = std::max(hi_a, w);
  }
  return hi_f < -pad_mm || lo_f > range_mm + pad_mm || hi_a < -pad_mm || lo_a > len + pad_mm;
}

// Where the corridor first enters each blocking area feature, sampled along
// kFeatureSamples lines across it; features the gun's front edge is already in are skipped.
std::vector<FeatureHit> feature_hits(const FdState& s, const Rect& gun, double range_mm) {
  std::vector<FeatureHit> out;
  const Segment e = gun.front_edge();
  // Every sample line lies in the box of the front edge and its end at range (padded far
  // above rounding): a feature whose box misses it meets none of them.
  constexpr double kPadMm = 1;
  const Vec2 reach = gun.forward() * range_mm;
  const Box lines{{std::min({e.a.x, e.b.x, e.a.x + reach.x, e.b.x + reach.x}) - kPadMm,
                   std::min({e.a.y, e.b.y, e.a.y + reach.y, e.b.y + reach.y}) - kPadMm},
                  {std::max({e.a.x, e.b.x, e.a.x + reach.x, e.b.x + reach.x}) + kPadMm,
                   std::max({e.a.y, e.b.y, e.a.y + reach.y, e.b.y + reach.y}) + kPadMm}};
  for (const AreaFeature& a : s.table().areas()) {
    if (!blocks_fire(a.cls) || !lines.intersects(a.shape.bounds())) continue;
    const bool beside = beside_lines(a, e, gun.forward(), range_mm, kPadMm);
    if (beside && !shortcut_checks()) continue;
    double best = std::numeric_limits<double>::infinity();
    for (int k = 0; k < kFeatureSamples; ++k) {
      const double t = static_cast<double>(k) / (kFeatureSamples - 1);
      const Vec2 p = e.a + (e.b - e.a) * t;
      const Segment line{p, p + gun.forward() * range_mm};
      for (const auto& [t0, t1] : a.shape.inside_intervals(line)) {
        if (t0 <= kEpsMm || t1 <= t0) continue;
        best = std::min(best, t0 * range_mm);
        break;
      }
    }
    SB_CHECK(!beside || !std::isfinite(best),
             "a feature beside a gun corridor's sample lines meets one of them");
    if (!std::isfinite(best)) continue;
    // The level of the ground as the corridor enters: the feature's own (a wood on a
    // hill stands at the hill's level).
    const Vec2 entry = gun.front_centre() + gun.forward() * (best + 0.5);
    const int level = std::max(a.elevation, s.table().elevation_at(entry));
    out.push_back({best, level, a.cls == TerrainClass::kHill, &a});
  }
  return out;
}

// feature_hits as kept per corridor for the life of the state (corridor_memo.h), checked
// against a fresh tracing under the tests' switch (checks.h).
std::vector<FeatureHit> kept_feature_hits(const FdState& s, const Rect& gun, double range_mm) {
  std::vector<FeatureHit> out;
  const std::vector<CorridorFeature>* kept = s.gun_corridors.find(gun, range_mm);
  if (kept == nullptr) {
    out = feature_hits(s, gun, range_mm);
    std::vector<CorridorFeature> keep;
    keep.reserve(out.size());
    for (const FeatureHit& f : out) keep.push_back({f.area, f.d_mm, f.level});
    s.gun_corridors.keep(gun, range_mm, std::move(keep));
    return out;
  }
  out.reserve(kept->size());
  for (const CorridorFeature& f : *kept) {
    out.push_back({f.d_mm, f.level, f.area->cls == TerrainClass::kHill, f.area});
  }
  if (shortcut_checks()) {
    const std::vector<FeatureHit> fresh = feature_hits(s, gun, range_mm);
    bool same = fresh.size() == out.size();
    for (std::size_t k = 0; same && k < out.size(); ++k) {
      same = fresh[k].d_mm == out[k].d_mm && fresh[k].level == out[k].level &&
             fresh[k].hill == out[k].hill && fresh[k].area == out[k].area;
    }
    SB_CHECK(same, "a gun corridor's kept features differ from a fresh tracing");
  }
  return out;
}

// The path item of the stand in snapshot slot `k` (live, of a unit other than `u`) for the
// guns `gun` of side `side`, its elevation not read; nullopt when it is not in the kill zone
// `zone` (`corridor(gun, range_mm + 1)`, framed as `zone_frame`).
std::optional<PathItem> path_item(const FdState& s, const StandSnapshot& snap, int side, int k,
                                  const Rect& gun, const RectFrame& zone_frame, double range_mm) {
  const StandEntry& e = snap.stands[static_cast<std::size_t>(k)];
  const Unit& other = unit_at(s, e.unit);
  const Stand& st = other.stands[static_cast<std::size_t>(e.stand)];
  if (!live(st)) return std::nullopt;
  // The snapshot's frame is the stand's where it holds the stand as it stands.
  const bool filed = e.files(st.rect);
  const double d = filed ? kill_zone_distance(gun, zone_frame, e.frame, range_mm)
                         : kill_zone_distance(gun, st.rect, range_mm);
  if (d < 0) return std::nullopt;
  const bool friendly = other.side == side;
  return PathItem{{e.unit, e.stand}, d, 0, friendly, !friendly && !state_at(s, e.unit).surrendered};
}

[[gnu::noinline]] void check_off_zone(const RectFrame& zone, const Rect& r) {
  SB_CHECK(!overlaps(zone, RectFrame(r)), "a stand ruled off a gun's kill zone overlaps it");
}

// Whether a stand surely lies outside the kill zone framed as `zone` (overlaps would say
// no): its centre lies farther from the zone's axis, or from its middle along it, than half
// the zone's width (or depth) plus half the stand's width and half its depth (no less than
// its half diagonal) and a micron. Issue 9 round 21: the box `around` visits of a corridor
// at a slant holds many stands far off it, and path_item measured each of them; a corridor
// near square to the table's axes fills its box, and is not asked (`slanted_`). Checked
// against overlaps under the tests' switch (checks.h).
class OffZone {
 public:
  explicit OffZone(const RectFrame& zone) : zone_(zone), check_(shortcut_checks()) {
    // Half the sides of the zone's box against its half width and half depth.
    const double ex = zone.hd * std::fabs(zone.f.x) + zone.hw * std::fabs(zone.r.x);
    const double ey = zone.hd * std::fabs(zone.f.y) + zone.hw * std::fabs(zone.r.y);
    slanted_ = ex * ey > 1.5 * zone.hd * zone.hw;
  }
  bool slanted() const { return slanted_; }
  bool surely(const Rect& r) const {
    if (!slanted_) return false;
    constexpr double kSlackMm = 1e-3;
    const double radius = 0.5 * (r.width + r.depth) + kSlackMm;
    const Vec2 v = r.centre - zone_.rect.centre;
    const bool off = std::fabs(v.dot(zone_.f)) > zone_.hd + radius ||
                     std::fabs(v.dot(zone_.r)) > zone_.hw + radius;
    if (off && check_) [[unlikely]] {
      check_off_zone(zone_, r);
    }
    return off;
  }

 private:
  const RectFrame& zone_;
  bool check_ = false;
  bool slanted_ = false;
};

// path_items' order: nearer first, and a friend level with an enemy before it (it blocks it).
bool path_before(const PathItem& a, const PathItem& b) {
  if (a.d_mm != b.d_mm) return a.d_mm < b.d_mm;
  return a.friendly && !b.friendly;
}

// Every live stand of an on-table unit (other than the gun's) in the corridor. Only the
// stands around the corridor can be in it (stand_grid.h: the snapshot may hold the gun's
// own stands where a look-ahead has moved them from, but those never count), taken in the
// order of a scan of every unit, stand by stand.
std::vector<PathItem> path_items(const FdState& s, int u, const Rect& gun, double range_mm) {
  std::vector<PathItem> out;
  const int side = unit_at(s, u).side;
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, u);
  std::vector<int> ks;
  // kill_zone_distance takes only stands overlapping this corridor.
  const Rect zone = corridor(gun, range_mm + 1.0);
  const RectFrame zone_frame(zone);
  const OffZone off(zone_frame);
  snap->around(zone_frame, 0, [&](int k) {
    const StandEntry& e = snap->stands[static_cast<std::size_t>(k)];
    if (e.unit != u && !off.surely(stand_at(s, {e.unit, e.stand}).rect)) {
      ks.push_back(k);
    }
  });
  snap->sort_scan(ks);
  for (const int k : ks) {
    std::optional<PathItem> item = path_item(s, *snap, side, k, gun, zone_frame, range_mm);
    if (!item) continue;
    item->elevation = s.table().elevation_at(stand_at(s, item->ref).rect.centre);
    out.push_back(*item);
  }
  std::stable_sort(out.begin(), out.end(), path_before);
  return out;
}

// The items of path_items up to and including the first at or above `level` (all of them
// when none is): every later item lies behind a stand the guns at `level` do not fire over
// (6.71), so it is blocked. Only the stands that may come that early are measured: the
// distance along the corridor to a stand's nearest point in it is at least its centre's
// less half its diagonal, so stands are taken by that bound and the search stops once the
// bound passes the nearest item at or above `level` (by far more than rounding). With
// `all_high` (the guns stand at the table's lowest level) every item is at or above it, and
// only the first item's elevation is read.
std::vector<PathItem> leading_path_items(const FdState& s, int u, const Rect& gun, double range_mm,
                                         int level, bool all_high) {
  const int side = unit_at(s, u).side;
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, u);
  const Rect zone = corridor(gun, range_mm + 1.0);
  const RectFrame zone_frame(zone);
  const Vec2 fc = gun.front_centre();
  const Vec2 fwd = gun.forward();
  thread_local std::vector<std::pair<double, int>> by_bound;  // (bound, slot)
  by_bound.clear();
  const OffZone off(zone_frame);
  auto take = [&](auto surely_off) {
    snap->around(zone_frame, 0, [&](int k) {
      const StandEntry& e = snap->stands[static_cast<std::size_t>(k)];
      if (e.unit == u) return;
      const Rect& r = stand_at(s, {e.unit, e.stand}).rect;
      if (surely_off(r)) return;
      by_bound.emplace_back((r.centre - fc).dot(fwd) - half_diagonal(r), k);
    });
  };
  if (off.slanted()) {
    take([&](const Rect& r) { return off.surely(r); });
  } else {
    take([](const Rect&) { return false; });
  }
  std::sort(by_bound.begin(), by_bound.end());
  constexpr double kBoundSlackMm = 1e-3;
  auto elevation = [&](const PathItem& t) {
    return s.table().elevation_at(stand_at(s, t.ref).rect.centre);
  };
  std::vector<std::pair<PathItem, int>> found;            // (item, slot)
  double stop = std::numeric_limits<double>::infinity();  // nearest item at or above `level`
  for (const auto& [bound, k] : by_bound) {
    if (bound > stop + kBoundSlackMm) break;
    std::optional<PathItem> item = path_item(s, *snap, side, k, gun, zone_frame, range_mm);
    if (!item) continue;
    if (!all_high) item->elevation = elevation(*item);
    if (all_high || item->elevation >= level) stop = std::min(stop, item->d_mm);
    found.emplace_back(*item, k);
  }
  // path_items' stable order: by path_before, then the scan's.
  std::sort(found.begin(), found.end(), [&](const auto& a, const auto& b) {
    if (path_before(a.first, b.first)) return true;
    if (path_before(b.first, a.first)) return false;
    return snap->scan_less(a.second, b.second);
  });
  std::vector<PathItem> out;
  for (auto& [item, k] : found) {
    if (all_high) item.elevation = elevation(item);
    out.push_back(item);
    if (all_high || item.elevation >= level) break;
  }
  return out;
}

// The lowest elevation_at anywhere on the table: 0, or an area's below it.
int lowest_level(const Table& table) {
  int low = 0;
  for (const AreaFeature& a : table.areas()) low = std::min(low, a.elevation);
  return low;
}

// Whether a feature met before `item` blocks fire from guns at `gun_level` at it (§6.3,
// 6.75: features below both ends do not block; a hill blocks only what is below it).
bool feature_blocks(const FeatureHit& f, const PathItem& item, int gun_level) {
  if (f.d_mm >= item.d_mm - kEpsMm) return false;
  if (f.hill) return f.level > gun_level && f.level > item.elevation;
  return !(f.level < gun_level && f.level < item.elevation);
}

// Whether the guns and a stand at different levels may fire at each other (§6.7,
// elevation.h). 6.72: guns on a slope facing uphill target only stands on the slope (their
// own level) and stands on higher ground within 60 yd of its edge. 6.74: a stand on a
// hilltop (not a slope) exchanges fire with lower ground only within 60 yd of the edge.
bool levels_allow(const FdState& s, const Rect& gun, int gun_level, SlopeFacing facing,
                  const PathItem& t) {
  const Rect& tr = stand_at(s, t.ref).rect;
  if (facing == SlopeFacing::kUphill) {
    if (t.elevation < gun_level) return false;
    return t.elevation == gun_level || near_hill_edge(s, tr, t.elevation);
  }
  if (gun_level > t.elevation) {
    return on_slope(s, gun, gun_level) || near_hill_edge(s, gun, gun_level);
  }
  if (t.elevation > gun_level) {
    return on_slope(s, tr, t.elevation) || near_hill_edge(s, tr, t.elevation);
  }
  return true;
}

// Whether any of the sample points of `r` (centre, corners, edge midpoints) lies in `a`.
bool stands_in(const AreaFeature& a, const Rect& r) {
  const auto c = r.corners();
  if (a.shape.contains(r.centre)) return true;
  for (std::size_t k = 0; k < 4; ++k) {
    if (a.shape.contains(c[k]) || a.shape.contains((c[k] + c[(k + 1) % 4]) * 0.5)) return true;
  }
  return false;
}

bool can_fire_guns(const FdState& s, int u) {
  const Unit& unit = unit_at(s, u);
  const UnitState& st = state_at(s, u);
  // FD-19: not while the crew is away from its guns, nor in the turn it re-manned them.
  return unit.arm == Arm::kArtillery && unit.formation == "unlimbered" && on_table(s, u) &&
         !st.captured && !st.surrendered && st.gun_hits < 2 && !st.guns_abandoned &&
         st.recrewed_turn != s.turn;
}

}  // namespace

namespace {

// The gun section's range on level ground (its pdr row; howitzers fd_howitzer_pdr).
double max_range_yd(const FdState& s, int unit) {
  const Value* howitzer = unit_at(s, unit).attribute("howitzer");
  const bool how = howitzer != nullptr && as_number(*howitzer, 0) != 0;
  const int pdr = how ? s.options.howitzer_pdr : std::max(1, state_at(s, unit).pdr);
  return gun_max_range(gun_row_of_pdr(pdr));
}

}  // namespace

double gun_range_yd(const FdState& s, int unit) {
  const Unit& u = unit_at(s, unit);
  const double max_yd = max_range_yd(s, unit);
  // 6.73: guns deployed on a slope facing downhill reach 400 yd at most.
  const Stand* gun = gun_stand(s, unit);
  if (gun == nullptr || u.formation != "unlimbered") return max_yd;
  const int level = s.table().elevation_at(gun->rect.centre);
  return slope_facing(s, gun->rect, level, s.mm(max_yd)) == SlopeFacing::kDownhill
             ? std::min(max_yd, kDownhillMaxYd)
             : max_yd;
}

namespace {

// What blocks the shot of a gun at path item `t` through terrain and objective zones: no
// feature met before it (§6.3, 6.75); objective zones block the kill zone (§6.36, FD-49)
// except that guns may fire into a zone the corridor reaches (FD-57), at its occupants,
// through the zone and the feature they stand in (the range is then to the zone's edge).
struct ZoneShot {
  bool blocked = false;
  int zone = -1;           // the zone holding the stand's centre, or -1
  bool into_zone = false;  // the stand is in a zone and FD-57 lets guns fire into it
  double range_mm = 0;     // to the stand, or to where the corridor enters its zone
};
ZoneShot zone_shot(const FdState& s, const PathItem& t, const std::vector<FeatureHit>& features,
                   const std::vector<ZoneEntry>& zone_hits, int gun_level) {
  ZoneShot out;
  out.zone = s.options.objective_protective ? zone_at(s, t.ref) : -1;
  out.into_zone = out.zone >= 0 && s.options.artillery_vs_objectives;
  out.range_mm = t.d_mm;
  const Rect& tr = stand_at(s, t.ref).rect;
  const double see_into = s.mm(s.options.woods_see_into_yd);
  for (const FeatureHit& f : features) {
    if (out.into_zone && f.area != nullptr && f.area->shape.contains(tr.centre)) continue;
    // §6.9 L484-486 "Target is in Heavy Woods / Lgt Woods or Rough": the wood or rough the
    // stand is in hides it only when the corridor runs more than fd_woods_see_into_yd
    // through it first (§6.36: features between the guns and the stand still block).
    if (f.area != nullptr && woods_or_rough(f.area->cls) && stands_in(*f.area, tr) &&
        t.d_mm - f.d_mm <= see_into + kEpsMm) {
      continue;
    }
    out.blocked = out.blocked || feature_blocks(f, t, gun_level);
  }
  for (const ZoneEntry& zh : zone_hits) {
    if (zh.d_mm >= t.d_mm - kEpsMm) continue;
    if (zh.objective == out.zone && out.into_zone) {
      out.range_mm = std::min(out.range_mm, zh.d_mm);
    } else {
      out.blocked = true;
    }
  }
  // FD-57 off: guns do not fire into zones.
  if (out.zone >= 0 && !out.into_zone) out.blocked = true;
  return out;
}

std::vector<ZoneEntry> zones_in_path(const FdState& s, const Rect& gun, double range_mm) {
  return s.options.objective_protective ? zone_entries(s, gun, range_mm) : std::vector<ZoneEntry>{};
}

}  // namespace

namespace {

// artillery_target's choice among `items` (path_items' order) for the guns `gun` at
// `gun_level`, facing `facing` on their slope.
std::optional<GunTarget> first_unblocked(const FdState& s, const Rect& gun, double range_mm,
                                         int gun_level, SlopeFacing facing,
                                         const std::vector<PathItem>& items) {
  if (items.empty()) return std::nullopt;
  // The terrain and zones of the corridor, traced once the first item may be fired on.
  std::optional<std::vector<FeatureHit>> features;
  std::vector<ZoneEntry> zone_hits;
  // The first enemy stand nothing blocks: no feature or objective zone met before it
  // (zone_shot) and no stand met before it unless both that stand and the target are lower
  // than the guns (6.71). A friend or feature met first thus leaves no target (FD-37).
  for (std::size_t k = 0; k < items.size(); ++k) {
    const PathItem& t = items[k];
    if (!t.target || !levels_allow(s, gun, gun_level, facing, t)) continue;
    if (!features) {
      features = kept_feature_hits(s, gun, range_mm);
      zone_hits = zones_in_path(s, gun, range_mm);
    }
    const ZoneShot z = zone_shot(s, t, *features, zone_hits, gun_level);
    bool blocked = z.blocked;
    for (std::size_t j = 0; j < k; ++j) {
      const bool over = items[j].elevation < gun_level && t.elevation < gun_level;
      blocked = blocked || (!over && items[j].d_mm < t.d_mm + kEpsMm);
    }
    if (blocked) continue;
    if (z.zone < 0) return GunTarget{t.ref, s.yd(t.d_mm)};
    // FD-49: the hits go to the occupant nearest the guns; the range is to the zone.
    return GunTarget{zone_hit_stand(s, t.ref, gun.front_centre()), s.yd(z.range_mm)};
  }
  return std::nullopt;
}

}  // namespace

std::optional<GunTarget> artillery_target(const FdState& s, int unit) {
  if (!can_fire_guns(s, unit)) return std::nullopt;
  const Stand* gun = gun_stand(s, unit);
  if (gun == nullptr) return std::nullopt;
  // gun_range_yd (the guns are unlimbered), with the level and the slope's facing it works
  // out kept: the facing over the range fired is the one over the whole range unless 6.73
  // cut it short.
  const int gun_level = s.table().elevation_at(gun->rect.centre);
  double range_yd = max_range_yd(s, unit);
  SlopeFacing facing = slope_facing(s, gun->rect, gun_level, s.mm(range_yd));
  if (facing == SlopeFacing::kDownhill && kDownhillMaxYd < range_yd) {
    range_yd = kDownhillMaxYd;
    facing = slope_facing(s, gun->rect, gun_level, s.mm(range_yd));
  }
  const double range_mm = s.mm(range_yd);
  if (shortcut_checks()) {
    SB_CHECK(range_mm == s.mm(gun_range_yd(s, unit)) &&
                 facing == slope_facing(s, gun->rect, gun_level, range_mm),
             "a gun's range or slope facing differs from gun_range_yd's");
  }
  auto whole_path = [&] {
    return first_unblocked(s, gun->rect, range_mm, gun_level, facing,
                           path_items(s, unit, gun->rect, range_mm));
  };
  // A stand at or above the guns is not fired over (6.71): it blocks every later item of the
  // path (path_items' order puts none nearer), so the path is read only up to the first
  // (issue 9 round 12; on the table's lowest level, round 10, that is the first item).
  const bool all_high = gun_level <= lowest_level(s.table());
  const std::optional<GunTarget> out =
      first_unblocked(s, gun->rect, range_mm, gun_level, facing,
                      leading_path_items(s, unit, gun->rect, range_mm, gun_level, all_high));
  if (shortcut_checks()) {
    const std::optional<GunTarget> want = whole_path();
    SB_CHECK(out.has_value() == want.has_value() &&
                 (!out || (out->target == want->target && out->range_yd == want->range_yd)),
             "a gun's target from the path's leading items differs from the whole path's");
  }
  return out;
}

std::vector<GunTarget> extended_kill_zone_targets(const FdState& s, int unit) {
  std::vector<GunTarget> out;
  if (!can_fire_guns(s, unit)) return out;
  const Stand* gun = gun_stand(s, unit);
  if (gun == nullptr) return out;
  const double range_mm = s.mm(gun_range_yd(s, unit));
  const int gun_level = s.table().elevation_at(gun->rect.centre);
  const std::vector<FeatureHit> features = kept_feature_hits(s, gun->rect, range_mm);
  const std::vector<ZoneEntry> zone_hits = zones_in_path(s, gun->rect, range_mm);
  // Every stand in the path that no feature or zone hides (zone_shot): stands in a zone
  // the guns may fire into are each rolled against, at the range to the zone.
  for (const PathItem& t : path_items(s, unit, gun->rect, range_mm)) {
    const ZoneShot z = zone_shot(s, t, features, zone_hits, gun_level);
    if (!z.blocked) out.push_back({t.ref, s.yd(z.range_mm)});
  }
  return out;
}

std::vector<GunTarget> shell_targets(const FdState& s, int unit) {
  std::vector<GunTarget> out;
  if (!can_fire_guns(s, unit)) return out;
  const Stand* gun = gun_stand(s, unit);
  if (gun == nullptr) return out;
  const double range_mm = s.mm(gun_range_yd(s, unit));
  const int gun_level = s.table().elevation_at(gun->rect.centre);
  const std::vector<FeatureHit> features = kept_feature_hits(s, gun->rect, range_mm);
  const std::vector<ZoneEntry> zone_hits = zones_in_path(s, gun->rect, range_mm);
  const SlopeFacing facing = slope_facing(s, gun->rect, gun_level, range_mm);
  // §6.31 L372 "any unblocked enemy stand located in its kill zone": for shell (high angle,
  // FD-15) the stands in the path, friend or foe, neither block (§6.36 L382 "friendly stands
  // and enemy stands") nor take the shot (§6.34 L378 "first target" does not apply); the
  // terrain and objective zones of §6.36 still do, with the 6.71-6.75 elevation rules.
  for (const PathItem& t : path_items(s, unit, gun->rect, range_mm)) {
    if (!t.target || !levels_allow(s, gun->rect, gun_level, facing, t)) continue;
    const ZoneShot z = zone_shot(s, t, features, zone_hits, gun_level);
    if (z.blocked) continue;
    const GunTarget g = z.zone < 0
                            ? GunTarget{t.ref, s.yd(t.d_mm)}
                            : GunTarget{zone_hit_stand(s, t.ref, gun->rect.front_centre()),
                                        s.yd(z.range_mm)};  // FD-49: the occupant nearest the guns
    const bool seen = std::any_of(out.begin(), out.end(),
                                  [&](const GunTarget& o) { return o.target == g.target; });
    if (!seen) out.push_back(g);
  }
  return out;
}

std::vector<GunTarget> gun_shot_targets(const FdState& s, int unit) {
  if (!s.options.extended_kill_zone) {
    const std::optional<GunTarget> t = artillery_target(s, unit);
    return t ? std::vector<GunTarget>{*t} : std::vector<GunTarget>{};
  }
  std::vector<GunTarget> path = extended_kill_zone_targets(s, unit);
  const bool enemy = std::any_of(path.begin(), path.end(), [&](const GunTarget& t) {
    return targetable_unit(s, unit, t.target.unit);
  });
  return enemy ? path : std::vector<GunTarget>{};
}

}  // namespace smoothbore::fire_and_discipline
