// Indices grouped by a small key: fill(keys, n, key) files each i in [0, n) under key(i)
// (those whose key is outside [0, keys) are left out), and of(k) gives the indices filed
// under k in ascending order: what a scan of 0..n-1 for key(i) == k visits, without the
// scan. One counting sort; the buffers are kept for the next fill.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace smoothbore::fire_and_discipline {

class Buckets {
 public:
  template <typename Key>
  void fill(std::size_t keys, std::size_t n, Key key);

  // The indices filed under `k` (none when `k` is outside [0, keys)), ascending.
  std::span<const int> of(int k) const {
    if (k < 0 || static_cast<std::size_t>(k) + 1 >= start_.size()) return {};
    const std::size_t b = start_[static_cast<std::size_t>(k)];
    const std::size_t e = start_[static_cast<std::size_t>(k) + 1];
    return std::span<const int>(items_.data() + b, e - b);
  }

 private:
  std::vector<std::size_t> start_;  // keys + 1 offsets into items_
  std::vector<int> keys_;           // key(i) for each i, as filed
  std::vector<int> items_;
};

template <typename Key>
void Buckets::fill(std::size_t keys, std::size_t n, Key key) {
  keys_.resize(n);
  start_.assign(keys + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const int k = key(i);
    keys_[i] = k;
    if (k >= 0 && static_cast<std::size_t>(k) < keys) ++start_[static_cast<std::size_t>(k) + 1];
  }
  for (std::size_t k = 0; k < keys; ++k) start_[k + 1] += start_[k];
  items_.resize(start_[keys]);
  std::vector<std::size_t>& next = start_;  // filled from the back, then shifted back
  for (std::size_t i = n; i-- > 0;) {
    const int k = keys_[i];
    if (k < 0 || static_cast<std::size_t>(k) >= keys) continue;
    items_[--next[static_cast<std::size_t>(k) + 1]] = static_cast<int>(i);
  }
  // Filling from the back moved each start_[k + 1] down to the start of bucket k.
  for (std::size_t k = 0; k < keys; ++k) start_[k] = start_[k + 1];
  start_[keys] = items_.size();
}

}  // namespace smoothbore::fire_and_discipline
