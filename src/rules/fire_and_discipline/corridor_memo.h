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

#include "core/geometry/same_bits.h"
#include "core/geometry/shapes.h"
#include "core/table/table.h"

namespace smoothbore::fire_and_discipline {

// The hash of a memo key that is an array of bits (FNV-1a on 64-bit words, each mixed).
template <class Key>
struct BitsHash {
  std::size_t operator()(const Key& k) const {
    std::uint64_t h = 1469598103934665603ull;
    for (const std::uint64_t v : k.bits) {
      h = (h ^ v) * 1099511628211ull;
      h ^= h >> 29;
    }
    return static_cast<std::size_t>(h);
  }
};

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
  static Key key_of(const Rect& gun, double range_mm) {
    return {{std::bit_cast<std::uint64_t>(gun.centre.x), std::bit_cast<std::uint64_t>(gun.centre.y),
             std::bit_cast<std::uint64_t>(gun.facing), std::bit_cast<std::uint64_t>(gun.width),
             std::bit_cast<std::uint64_t>(gun.depth), std::bit_cast<std::uint64_t>(range_mm)}};
  }
  static constexpr std::size_t kMaxKept = 4096;  // emptied when full
  mutable std::unordered_map<Key, std::vector<CorridorFeature>, BitsHash<Key>> kept_;
};

// A stand that may lie in a gun's corridor (kill_zone_guns.cc: around the corridor and not
// surely off it), as the first target search reads it: where it stands, whether it is live
// and whether its unit has surrendered.
struct CorridorStand {
  int unit = -1;
  int stand = -1;
  Rect rect;
  bool live = false;
  bool surrendered = false;

  bool same(const CorridorStand& o) const {
    return unit == o.unit && stand == o.stand && same_bits(rect, o.rect) && live == o.live &&
           surrendered == o.surrendered;
  }
};

// The first target of a gun (artillery_target) and a howitzer's shell targets
// (shell_targets) kept per corridor: the search, the unit, its gun stand's rect, the range
// and the options the search reads, bit for bit, with the stands that may lie in the
// corridor as it was worked out (issue 9 round 25). The doctrine asks a
// gun that has nothing to fire at for each facing turn after turn, and a gun stands for
// turns: the answer is the same while those stands are (the terrain and the objectives do
// not change in a battle). Answers read from the objective zones' occupants (FD-49) are not
// kept. A copy of a state starts empty; under the tests' switch (checks.h) every answer
// kept is checked against a fresh search.
class GunTargetMemo {
 public:
  // One target kept: a stand and the range to it (yd).
  struct Target {
    int unit = -1;
    int stand = -1;
    double range_yd = 0;
  };
  // The search's answer: its targets (the first target's: none or one).
  struct Answer {
    std::vector<Target> targets;
  };
  // Which search a corridor's answer is of: the first target (§6.3) or the shell targets
  // (FD-15).
  enum class Search : std::uint64_t { kFirst = 0, kShell = 1 };
  // The key of a corridor: the search, the gun unit, its stand's rect, the range and the
  // options read.
  struct Key {
    std::uint64_t bits[10];
    bool operator==(const Key&) const = default;
  };
  static Key key_of(Search search, int unit, const Rect& gun, double range_mm, bool protective,
                    bool into_zones, double see_into_yd) {
    const std::uint64_t flags =
        (static_cast<std::uint64_t>(protective) << 1) | static_cast<std::uint64_t>(into_zones);
    return {{static_cast<std::uint64_t>(static_cast<std::uint32_t>(unit)),
             std::bit_cast<std::uint64_t>(gun.centre.x), std::bit_cast<std::uint64_t>(gun.centre.y),
             std::bit_cast<std::uint64_t>(gun.facing), std::bit_cast<std::uint64_t>(gun.width),
             std::bit_cast<std::uint64_t>(gun.depth), std::bit_cast<std::uint64_t>(range_mm), flags,
             std::bit_cast<std::uint64_t>(see_into_yd), static_cast<std::uint64_t>(search)}};
  }

  GunTargetMemo() = default;
  GunTargetMemo(const GunTargetMemo&) {}
  GunTargetMemo& operator=(const GunTargetMemo&) {
    kept_.clear();
    return *this;
  }
  // The answer kept for `key` while the corridor's stands are `seen` (sorted by unit and
  // stand), or nullptr.
  const Answer* find(const Key& key, const std::vector<CorridorStand>& seen) const {
    const auto it = kept_.find(key);
    if (it == kept_.end() || it->second.seen.size() != seen.size()) return nullptr;
    for (std::size_t k = 0; k < seen.size(); ++k) {
      if (!it->second.seen[k].same(seen[k])) return nullptr;
    }
    return &it->second.answer;
  }
  void keep(const Key& key, const std::vector<CorridorStand>& seen, const Answer& answer) const {
    if (kept_.size() >= kMaxKept) kept_.clear();
    Kept& k = kept_[key];
    k.seen = seen;
    k.answer = answer;
  }

 private:
  struct Kept {
    std::vector<CorridorStand> seen;
    Answer answer;
  };
  static constexpr std::size_t kMaxKept = 4096;  // emptied when full
  mutable std::unordered_map<Key, Kept, BitsHash<Key>> kept_;
};

}  // namespace smoothbore::fire_and_discipline
