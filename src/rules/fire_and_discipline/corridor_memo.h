// Where a gun's corridor enters the table's blocking area features (issue 9;
// kill_zone_guns.cc: tracing nine sample lines through every feature near the corridor was
// a third of the guns' target search), kept per corridor for the life of a state: the
// terrain does not change in a battle and guns stand for turns, so the doctrine's hold and
// facings and the Phase II shot ask the same corridors turn after turn. A copy of a state
// starts empty. Under the tests' switch (checks.h) every answer kept is checked against a
// fresh tracing.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/geometry/shapes.h"
#include "core/table/table.h"

namespace smoothbore::fire_and_discipline {

// One feature the corridor enters: where (mm from the guns' front edge) and the level of
// the ground there.
struct CorridorFeature {
  const AreaFeature* area = nullptr;
  double d_mm = 0;
  int level = 0;

  bool operator==(const CorridorFeature&) const = default;
};

class CorridorMemo {
 public:
  CorridorMemo() = default;
  CorridorMemo(const CorridorMemo&) {}
  CorridorMemo& operator=(const CorridorMemo&) {
    kept_.clear();
    return *this;
  }
  // The features kept for the corridor of `gun` (its front edge) to `range_mm`, or nullptr.
  const std::vector<CorridorFeature>* find(const Rect& gun, double range_mm) const {
    const auto it = kept_.find(key_of(gun, range_mm));
    return it == kept_.end() ? nullptr : &it->second;
  }
  void keep(const Rect& gun, double range_mm, std::vector<CorridorFeature> features) const {
    if (kept_.size() >= kMaxKept) kept_.clear();
    kept_[key_of(gun, range_mm)] = std::move(features);
  }

 private:
  // The corridor bit for bit: the gun's rect and the range.
  struct Key {
    std::uint64_t bits[6];
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = 1469598103934665603ull;
      for (const std::uint64_t v : k.bits) {
        h = (h ^ v) * 1099511628211ull;
        h ^= h >> 29;
      }
      return static_cast<std::size_t>(h);
    }
  };
  static Key key_of(const Rect& gun, double range_mm) {
    return {{std::bit_cast<std::uint64_t>(gun.centre.x), std::bit_cast<std::uint64_t>(gun.centre.y),
             std::bit_cast<std::uint64_t>(gun.facing), std::bit_cast<std::uint64_t>(gun.width),
             std::bit_cast<std::uint64_t>(gun.depth), std::bit_cast<std::uint64_t>(range_mm)}};
  }
  static constexpr std::size_t kMaxKept = 4096;  // emptied when full
  mutable std::unordered_map<Key, std::vector<CorridorFeature>, KeyHash> kept_;
};

}  // namespace smoothbore::fire_and_discipline
