// A value per unit for this bound, walked in ascending unit order: the battle's orders
// (issue 9, round 26). It replaces a std::map<int, T>, which made a node for each of the
// 20,000 units of a generated battle each bound and walked the tree at every look-up; the
// slots are kept from one bound to the next (T is trivially copyable, an Action and a roll).
#pragma once

#include <cstddef>
#include <vector>

namespace smoothbore::fast_1805 {

template <typename T>
class UnitBook {
 public:
  // No unit has a value (the slots are kept).
  void clear() {
    for (const int u : units_) has_[static_cast<std::size_t>(u)] = 0;
    units_.clear();
    ascending_ = true;
  }
  // `unit`'s value, a default one made first if it has none (as the map's operator[]).
  T& operator[](int unit) {
    const std::size_t k = static_cast<std::size_t>(unit);
    if (k >= slots_.size()) {
      slots_.resize(k + 1);
      has_.resize(k + 1, 0);
    }
    if (!has_[k]) {
      has_[k] = 1;
      slots_[k] = T{};
      if (!units_.empty() && unit < units_.back()) ascending_ = false;
      units_.push_back(unit);
    }
    return slots_[k];
  }
  // `unit`'s value, or null if it has none (the map's find).
  const T* find(int unit) const {
    const std::size_t k = static_cast<std::size_t>(unit);
    return k < has_.size() && has_[k] ? &slots_[k] : nullptr;
  }
  std::size_t size() const { return units_.size(); }
  // Puts units() in ascending order: a scan of the flags when the values were not made in
  // that order (a pass over the units, not a sort).
  void make_ascending() {
    if (ascending_) return;
    units_.clear();
    for (std::size_t k = 0; k < has_.size(); ++k) {
      if (has_[k]) units_.push_back(static_cast<int>(k));
    }
    ascending_ = true;
  }
  // The units with a value, in the order made (ascending after make_ascending(): the map's
  // order).
  const std::vector<int>& units() const { return units_; }

 private:
  std::vector<T> slots_;            // by unit
  std::vector<unsigned char> has_;  // by unit: slots_[unit] holds a value this bound
  std::vector<int> units_;          // the units with a value
  bool ascending_ = true;           // units_ ascending
};

}  // namespace smoothbore::fast_1805
