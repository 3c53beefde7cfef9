// A memo kept in one flat array (open addressing, linear probing) for the sight memos' hot
// lookups (issue 9): std::unordered_map allocated a node per answer kept, and freeing them
// was a tenth of a battle. Keys are compared with ==; `Hash` must spread them over its low
// bits. Nothing is erased one by one: clear() forgets every answer at once by starting a new
// epoch (a slot of an older epoch is empty), so the memos cleared after every move cost
// nothing to clear however large they grew.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace smoothbore::squad_skirmish {

template <typename Key, typename Value, typename Hash>
class FlatMemo {
 public:
  // The value kept for `key`, or nullptr. Valid until the next put or clear.
  Value* find(const Key& key) {
    if (size_ == 0) return nullptr;
    for (std::size_t i = Hash{}(key)&mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.epoch != epoch_) return nullptr;
      if (s.key == key) return &s.value;
    }
  }
  // Keeps `value` for `key` (replacing an earlier one).
  void put(const Key& key, const Value& value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    for (std::size_t i = Hash{}(key)&mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.epoch != epoch_) {
        s = Slot{key, value, epoch_};
        ++size_;
        return;
      }
      if (s.key == key) {
        s.value = value;
        return;
      }
    }
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Forgets every answer and keeps the array (a battle fills it again).
  void clear() {
    if (size_ == 0) return;
    size_ = 0;
    if (++epoch_ != 0) return;
    for (Slot& s : slots_) s.epoch = 0;  // the epochs wrapped: no slot may look current
    epoch_ = 1;
  }

 private:
  struct Slot {
    Key key{};
    Value value{};
    std::uint32_t epoch = 0;  // the slot holds an answer when this is the memo's epoch_
  };
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    size_ = 0;
    for (const Slot& s : old) {
      if (s.epoch == epoch_) put(s.key, s.value);
    }
  }
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::uint32_t epoch_ = 1;
};

// A 64-bit mix (splitmix64's finaliser) for keys packed into one integer.
inline std::size_t mix64(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return static_cast<std::size_t>(x ^ (x >> 31));
}

}  // namespace smoothbore::squad_skirmish
