// Cover (SK-19): soft cover is woods, fences and hedges (a linear obstacle within 2" toward the
// firer), hard cover is buildings, earthworks and walls (a linear obstacle whose id names a
// wall or stone: the core's linear obstacle class does not tell them apart). A squad is in
// cover from a firer when enough of its figures he sees are (sk_19_cover_share).
//
// Issue 9: what a figure's cover owes to where it stands (the ground under it, the obstacle
// segments within 2" of it) is worked out once per squad until its figures move or fall
// (cover_epoch_), so a judgement from each firer tests only the direction to him; a squad none
// of whose figures has ground or an obstacle that could give cover is in none, whoever looks,
// and is judged without tracing sight to each figure. judge_cover_scan is the plain reading
// (the tests' reference).
#include <algorithm>
#include <string>

#include "rules/squad_skirmish/battle_impl.h"

namespace smoothbore::squad_skirmish {

namespace {

constexpr std::string_view kNoCover = "none";
constexpr std::string_view kSoftCover = "soft";
constexpr std::string_view kHardCover = "hard";

bool names_wall(const LinearFeature& f) {
  return f.id.find("wall") != std::string::npos || f.id.find("stone") != std::string::npos;
}

bool in_woods_at(const TerrainAt& at) {
  return at.has(TerrainClass::kLightWoods) || at.has(TerrainClass::kHeavyWoods);
}

bool hard_ground(const TerrainAt& at) {
  return at.has(TerrainClass::kBuilding) || at.has(TerrainClass::kEarthworks);
}

// The share of the figures seen that must be in cover (sk_19_cover_share: 0 half-or-more,
// 1 majority, 2 all).
std::string_view share_cover(int share, int seen, int hard, int soft) {
  if (seen == 0) return kNoCover;
  auto enough = [&](int n) {
    if (share == 2) return n == seen;     // all
    if (share == 1) return 2 * n > seen;  // majority
    return 2 * n >= seen;                 // half-or-more
  };
  if (enough(hard)) return kHardCover;
  return enough(soft) ? kSoftCover : kNoCover;
}

}  // namespace

// The linear obstacles near `p` whose segments a 2" line from it could meet: every segment
// whose box meets the box 2" (and a millimetre) around `p`. A segment that meets the line
// (segments_intersect, exact) has a point on it, so its box meets that one.
void BattleSK::obstacles_near(Vec2 p, std::vector<ObstacleSegment>& out) const {
  const smoothbore::Table& t = scenario_.table;
  const double r = 2.0 * kMm + 1.0;
  const Box around{{p.x - r, p.y - r}, {p.x + r, p.y + r}};
  for (int li : t.linears_near(around)) {
    const LinearFeature& f = t.linears()[static_cast<std::size_t>(li)];
    if (f.cls != TerrainClass::kLinearObstacle) continue;
    const bool wall = names_wall(f);
    for (std::size_t i = 1; i < f.path.size(); ++i) {
      const Vec2 a = f.path[i - 1];
      const Vec2 b = f.path[i];
      const Box seg{{std::min(a.x, b.x), std::min(a.y, b.y)},
                    {std::max(a.x, b.x), std::max(a.y, b.y)}};
      if (seg.intersects(around)) out.push_back({Segment{a, b}, wall});
    }
  }
}

std::string_view BattleSK::cover_at(Vec2 p, Vec2 from) const {
  const TerrainAt at = scenario_.table.terrain_at(p);
  if (hard_ground(at)) return kHardCover;
  std::vector<ObstacleSegment> near;
  obstacles_near(p, near);
  return cover_toward(p, from, near.data(), near.data() + near.size(), in_woods_at(at));
}

// One figure's cover from `from` given the obstacle segments near it: a wall the 2" line
// toward the firer meets is hard cover, a fence or hedge soft, else its woods (in any order:
// a wall met anywhere makes it hard).
std::string_view BattleSK::cover_toward(Vec2 p, Vec2 from, const ObstacleSegment* begin,
                                        const ObstacleSegment* end, bool in_woods) {
  std::string_view best = kNoCover;
  if (begin != end) {
    const Vec2 toward = p + (from - p).normalized() * (2.0 * kMm);
    for (const ObstacleSegment* s = begin; s != end; ++s) {
      if (!segments_intersect(Segment{p, toward}, s->segment)) continue;
      if (s->wall) return kHardCover;
      best = kSoftCover;
    }
  }
  if (best == kNoCover && in_woods) best = kSoftCover;
  return best;
}

const BattleSK::SquadCover& BattleSK::squad_cover(int target) const {
  const auto t = static_cast<std::size_t>(target);
  if (squad_cover_.size() != force_.units.size()) squad_cover_.assign(force_.units.size(), {});
  SquadCover& c = squad_cover_[t];
  const std::uint32_t epoch = cover_epoch_.empty() ? 0 : cover_epoch_[t];
  if (c.known && c.epoch == epoch && !cover_epoch_.empty()) return c;
  c.known = true;
  c.epoch = epoch;
  c.any = false;
  c.figures.clear();
  c.segments.clear();
  for (const Stand& st : force_.units[t].stands) {
    if (st.removed) continue;
    FigureCover f;
    f.at = st.rect.centre;
    const TerrainAt at = scenario_.table.terrain_at(f.at);
    f.hard = hard_ground(at);
    f.woods = in_woods_at(at);
    f.begin = static_cast<int>(c.segments.size());
    if (!f.hard) obstacles_near(f.at, c.segments);
    f.end = static_cast<int>(c.segments.size());
    c.any = c.any || f.hard || f.woods || f.end > f.begin;
    c.figures.push_back(f);
  }
  return c;
}

std::string_view BattleSK::cover_of(int target, Vec2 from) const {
  const CoverKey key{target,
                     cover_epoch_.empty() ? 0 : cover_epoch_[static_cast<std::size_t>(target)],
                     from.x + 0.0, from.y + 0.0};
  if (const std::string_view* kept = sight_.cover.find(key)) return *kept;
  if (sight_.cover.size() >= kMaxCover) sight_.cover.clear();
  const std::string_view c = judge_cover(target, from);
  sight_.cover.put(key, c);
  return c;
}

std::string_view BattleSK::judge_cover(int target, Vec2 from) const {
  const SquadCover& c = squad_cover(target);
  // No figure with cover of any kind: none, whichever of them the firer sees.
  if (!c.any) return kNoCover;
  int seen = 0;
  int hard = 0;
  int soft = 0;
  for (const FigureCover& f : c.figures) {
    if (!sees(from, f.at)) continue;
    ++seen;
    const std::string_view k = f.hard ? kHardCover
                                      : cover_toward(f.at, from, c.segments.data() + f.begin,
                                                     c.segments.data() + f.end, f.woods);
    if (k == kHardCover) ++hard;
    if (k != kNoCover) ++soft;
  }
  return share_cover(hot_.cover_share, seen, hard, soft);
}

std::string_view BattleSK::judge_cover_scan(int target, Vec2 from) const {
  int seen = 0;
  int hard = 0;
  int soft = 0;
  for (const Stand& st : force_.units[target].stands) {
    if (st.removed) continue;
    if (scenario_.table.terrain_blocks_sight(from, st.rect.centre, 2.0 * kMm)) continue;
    ++seen;
    const Vec2 p = st.rect.centre;
    const TerrainAt at = scenario_.table.terrain_at(p);
    std::string_view k = kNoCover;
    if (hard_ground(at)) {
      k = kHardCover;
    } else {
      const Vec2 toward = p + (from - p).normalized() * (2.0 * kMm);
      for (const LinearFeature& f : scenario_.table.linears()) {
        if (f.cls != TerrainClass::kLinearObstacle) continue;
        for (std::size_t i = 1; i < f.path.size(); ++i) {
          if (!segments_intersect(Segment{p, toward}, Segment{f.path[i - 1], f.path[i]})) continue;
          if (names_wall(f)) k = kHardCover;
          if (k == kNoCover) k = kSoftCover;
        }
      }
      if (k == kNoCover && in_woods_at(at)) k = kSoftCover;
    }
    if (k == kHardCover) ++hard;
    if (k != kNoCover) ++soft;
  }
  return share_cover(hot_.cover_share, seen, hard, soft);
}

}  // namespace smoothbore::squad_skirmish
