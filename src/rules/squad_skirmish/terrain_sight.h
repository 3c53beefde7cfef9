// Terrain sight between two points (SK-06), kept per thread for every battle it fights on the
// same terrain (issue 9). The terrain never changes in a battle, and a Monte Carlo run fights
// each battle on the same table from the same deployment: the lines its first activations
// trace are the previous battle's. The memo belongs to the thread and is checked against the
// terrain it was filled on (every feature, bit for bit) whenever a battle starts using it or
// another battle's terrain replaced it, so an answer is always the table's own.
#pragma once

#include <cstdint>

#include "core/geometry/vec2.h"
#include "core/table/table.h"

namespace smoothbore::squad_skirmish {

class TerrainSight {
 public:
  // !table.terrain_blocks_sight(a, b, see_into), from this thread's memo when it was filled
  // on `table`'s terrain and the same `see_into` (mm).
  bool clear(const smoothbore::Table& table, double see_into, Vec2 a, Vec2 b) const;

 private:
  // The thread's memo this battle last found filled on its terrain, that filling, and the
  // table it was asked about then.
  mutable const void* memo_ = nullptr;
  mutable std::uint64_t generation_ = 0;
  mutable const smoothbore::Table* table_ = nullptr;
};

}  // namespace smoothbore::squad_skirmish
