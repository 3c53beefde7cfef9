// The edge-to-edge distance of two units' kept frames, kept per ordered pair until either
// unit is placed again (issue 9): the nearest-enemy search, the General's L5 check, gap_cm
// of shooting, charges and morale ask the same pairs again while nothing moves (the orders
// step above all: legal_actions, then the doctrine's assessment of the same targets), and a
// pair of units neither of which moved keeps its answer through another's move or losses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace smoothbore::group_orders {

// A direct-mapped table of (a, b, epoch) -> value: a slot holds the last pair that hashed
// to it, so a lookup is a few instructions and a clash only costs a fresh answer. The
// caller calls placed(u) whenever u's answers may change (BattleGO::placed), or
// invalidate() when every answer may.
class PairDistances {
 public:
  explicit PairDistances(std::size_t slots_log2 = 12)
      : slots_(std::size_t{1} << slots_log2), mask_((std::size_t{1} << slots_log2) - 1) {}

  // Every answer kept so far is stale.
  void invalidate() { floor_ = ++epoch_; }
  // Every answer kept so far of a pair with `unit` in it is stale (unit >= 0).
  void placed(int unit) {
    const std::size_t k = static_cast<std::size_t>(unit);
    if (placed_at_.size() <= k) placed_at_.resize(k + 1, 0);
    placed_at_[k] = ++epoch_;
  }

  // The kept value of (a, b), or fresh() kept. An answer stands while it was worked out
  // after the last placed() of a and of b and the last invalidate().
  template <typename Fresh>
  double get(int a, int b, Fresh fresh) {
    const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) |
                              static_cast<std::uint32_t>(b);
    Slot& s = slots_[static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 40) & mask_];
    if (s.key == key && s.epoch >= floor_ && s.epoch >= placed_at(a) && s.epoch >= placed_at(b)) {
      return s.value;
    }
    s.key = key;
    s.epoch = epoch_;
    s.value = fresh();
    return s.value;
  }

 private:
  struct Slot {
    std::uint64_t key = ~std::uint64_t{0};
    std::uint64_t epoch = 0;
    double value = 0;
  };
  // The epoch of the unit's last placed(); none kept for a negative id (always stale), 0 for
  // a unit never placed.
  std::uint64_t placed_at(int unit) const {
    if (unit < 0) return ~std::uint64_t{0};
    const std::size_t k = static_cast<std::size_t>(unit);
    return k < placed_at_.size() ? placed_at_[k] : 0;
  }
  std::vector<Slot> slots_;
  std::size_t mask_;
  std::vector<std::uint64_t> placed_at_;  // by unit
  std::uint64_t epoch_ = 1;               // no slot is valid until filled
  std::uint64_t floor_ = 1;               // the last invalidate()'s epoch
};

}  // namespace smoothbore::group_orders
