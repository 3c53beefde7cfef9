#include "rules/squad_skirmish/terrain_sight.h"

#include <atomic>
#include <bit>
#include <cstddef>
#include <vector>

#include "core/geometry/same_bits.h"
#include "rules/squad_skirmish/flat_memo.h"

namespace smoothbore::squad_skirmish {

namespace {

// A line by its ends' exact bits.
struct SightLine {
  std::uint64_t ax, ay, bx, by;
  bool operator==(const SightLine&) const = default;
};
struct SightLineHash {
  std::size_t operator()(const SightLine& p) const {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (std::uint64_t v : {p.ax, p.ay, p.bx, p.by}) {
      h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    }
    return mix64(h);  // the memo probes by the low bits
  }
};
// Cleared past this many lines.
constexpr std::size_t kMaxSightLines = 1 << 18;

bool same_points(const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!same_bits(a[i].x, b[i].x) || !same_bits(a[i].y, b[i].y)) return false;
  }
  return true;
}

// What terrain_blocks_sight reads of a table, copied.
struct Terrain {
  double width = 0;
  double height = 0;
  double see_into = 0;
  std::vector<AreaFeature> areas;
  std::vector<LinearFeature> linears;
};

bool same_terrain(const smoothbore::Table& t, double see_into, const Terrain& k) {
  if (!same_bits(t.width(), k.width) || !same_bits(t.height(), k.height) ||
      !same_bits(see_into, k.see_into) || t.areas().size() != k.areas.size() ||
      t.linears().size() != k.linears.size()) {
    return false;
  }
  for (std::size_t i = 0; i < k.areas.size(); ++i) {
    const AreaFeature& a = t.areas()[i];
    const AreaFeature& b = k.areas[i];
    if (a.id != b.id || a.cls != b.cls || a.elevation != b.elevation ||
        a.blocks_sight != b.blocks_sight || !same_points(a.shape.points, b.shape.points)) {
      return false;
    }
  }
  for (std::size_t i = 0; i < k.linears.size(); ++i) {
    const LinearFeature& a = t.linears()[i];
    const LinearFeature& b = k.linears[i];
    if (a.id != b.id || a.cls != b.cls || !same_bits(a.width, b.width) ||
        a.blocks_sight != b.blocks_sight || !same_points(a.path, b.path)) {
      return false;
    }
  }
  return true;
}

struct ThreadSight {
  std::uint64_t generation = 0;  // 0: never filled
  Terrain terrain;
  FlatMemo<SightLine, bool, SightLineHash> lines;
};

// Fillings numbered across threads, so that a battle moved to another thread never takes that
// thread's memo for the one it checked.
std::atomic<std::uint64_t> sight_generations{0};

}  // namespace

bool TerrainSight::clear(const smoothbore::Table& table, double see_into, Vec2 a, Vec2 b) const {
  thread_local ThreadSight memo;
  if (memo_ != &memo || generation_ != memo.generation || table_ != &table ||
      !same_bits(see_into, memo.terrain.see_into)) {
    if (memo.generation == 0 || !same_terrain(table, see_into, memo.terrain)) {
      memo.terrain =
          Terrain{table.width(), table.height(), see_into, table.areas(), table.linears()};
      memo.lines.clear();
      memo.generation = ++sight_generations;
    }
    memo_ = &memo;
    generation_ = memo.generation;
    table_ = &table;
  }
  const SightLine key{std::bit_cast<std::uint64_t>(a.x), std::bit_cast<std::uint64_t>(a.y),
                      std::bit_cast<std::uint64_t>(b.x), std::bit_cast<std::uint64_t>(b.y)};
  if (const bool* kept = memo.lines.find(key)) return *kept;
  if (memo.lines.size() >= kMaxSightLines) memo.lines.clear();
  const bool seen = !table.terrain_blocks_sight(a, b, see_into);
  memo.lines.put(key, seen);
  return seen;
}

}  // namespace smoothbore::squad_skirmish
