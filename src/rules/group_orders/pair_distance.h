// The edge-to-edge distance of two units' kept frames, kept per ordered pair until any unit
// is placed again (issue 9): the nearest-enemy search, the General's L5 check, gap_cm of
// shooting, charges and morale ask the same pairs again while nothing moves (the orders
// step above all: legal_actions, then the doctrine's assessment of the same targets).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace smoothbore::group_orders {

// A direct-mapped table of (a, b, epoch) -> value: a slot holds the last pair that hashed
// to it, so a lookup is a few instructions and a clash only costs a fresh answer. The
// caller bumps the epoch whenever any answer may change (BattleGO::placed).
class PairDistances {
 public:
  explicit PairDistances(std::size_t slots_log2 = 12)
      : slots_(std::size_t{1} << slots_log2), mask_((std::size_t{1} << slots_log2) - 1) {}

  // Every answer kept so far is stale.
  void invalidate() { ++epoch_; }

  // The kept value of (a, b) in this epoch, or fresh() kept.
  template <typename Fresh>
  double get(int a, int b, Fresh fresh) {
    const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) |
                              static_cast<std::uint32_t>(b);
    Slot& s = slots_[static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 40) & mask_];
    if (s.key == key && s.epoch == epoch_) return s.value;
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
  std::vector<Slot> slots_;
  std::size_t mask_;
  std::uint64_t epoch_ = 1;  // no slot is valid until filled
};

}  // namespace smoothbore::group_orders
