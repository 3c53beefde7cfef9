#include "rules/fire_and_discipline/elevation.h"

#include <algorithm>
#include <vector>

namespace smoothbore::fire_and_discipline {
namespace {

constexpr double kEpsMm = 1e-6;
constexpr double kStepMm = 0.5;  // looked past a level boundary to read the ground beyond

// The hill area of `level` holding p, or nullptr.
const AreaFeature* hill_at(const FdState& s, Vec2 p, int level) {
  for (const AreaFeature& a : s.table().areas()) {
    if (a.cls == TerrainClass::kHill && a.elevation == level && a.shape.contains(p)) return &a;
  }
  return nullptr;
}

}  // namespace

bool on_slope(const FdState& s, const Rect& r, int level) {
  if (level <= 0) return false;
  const AreaFeature* h = hill_at(s, r.centre, level);
  if (h == nullptr) return false;
  for (const AreaFeature& a : s.table().areas()) {
    if (a.cls != TerrainClass::kHill || a.elevation <= level) continue;
    for (Vec2 v : a.shape.points) {
      if (h->shape.contains(v)) return true;
    }
  }
  return false;
}

bool near_hill_edge(const FdState& s, const Rect& r, int level) {
  if (level <= 0) return true;
  const AreaFeature* h = hill_at(s, r.centre, level);
  if (h == nullptr) return true;
  const auto c = r.corners();
  const std::vector<Vec2>& p = h->shape.points;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Segment edge{p[i], p[(i + 1) % p.size()]};
    for (std::size_t k = 0; k < 4; ++k) {
      if (segment_distance({c[k], c[(k + 1) % 4]}, edge) <= s.mm(kHillEdgeYd) + kEpsMm) {
        return true;
      }
    }
  }
  return false;
}

SlopeFacing slope_facing(const FdState& s, const Rect& gun, int level, double range_mm) {
  if (range_mm <= 0 || !on_slope(s, gun, level)) return SlopeFacing::kNone;
  const Vec2 a = gun.front_centre();
  const Segment line{a, a + gun.forward() * range_mm};
  // Where the line of fire crosses the edge of any hill level, nearest first.
  std::vector<double> cuts;
  for (const AreaFeature& h : s.table().areas()) {
    if (h.cls != TerrainClass::kHill) continue;
    for (const auto& [t0, t1] : h.shape.inside_intervals(line)) {
      cuts.push_back(t0 * range_mm);
      cuts.push_back(t1 * range_mm);
    }
  }
  std::sort(cuts.begin(), cuts.end());
  for (double d : cuts) {
    if (d <= kEpsMm || d >= range_mm - kEpsMm) continue;
    const int e = s.table().elevation_at(a + gun.forward() * (d + kStepMm));
    if (e > level) return SlopeFacing::kUphill;
    if (e < level) return SlopeFacing::kDownhill;
  }
  return SlopeFacing::kNone;
}

}  // namespace smoothbore::fire_and_discipline
