// A scratch list of unit ids for the elan-drill proximity queries (issue 9): each query
// returned a new vector (units_near, about 250 M instructions of a 10,000-stand turn's
// orders); an IdList leases a buffer from a per-thread pool instead and gives it back when
// it goes out of scope. Leases nest (a query made while looping over another's answer gets
// its own buffer) and are given back in the reverse order, as scopes end.
// Internal to src/rules/elan_drill.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace smoothbore::elan_drill {

namespace id_list_detail {
struct Pool {
  std::vector<std::unique_ptr<std::vector<int>>> buffers;  // stable addresses as it grows
  std::size_t leased = 0;
};
inline Pool& pool() {
  thread_local Pool kept;
  return kept;
}
}  // namespace id_list_detail

class IdList {
 public:
  IdList() {  // an empty list in a buffer of its own
    id_list_detail::Pool& p = id_list_detail::pool();
    if (p.leased == p.buffers.size()) p.buffers.push_back(std::make_unique<std::vector<int>>());
    slot_ = p.leased++;
    ids_ = p.buffers[slot_].get();
    ids_->clear();
  }
  // A list filled by `fill(ids())`: how a function returns one (by guaranteed elision).
  template <class Fill>
  explicit IdList(Fill&& fill) : IdList() {
    fill(*ids_);
  }
  ~IdList() { id_list_detail::pool().leased = slot_; }  // scopes end in reverse order
  IdList(const IdList&) = delete;
  IdList& operator=(const IdList&) = delete;
  IdList(IdList&&) = delete;  // returned by guaranteed elision only
  IdList& operator=(IdList&&) = delete;

  std::vector<int>& ids() { return *ids_; }
  const std::vector<int>& ids() const { return *ids_; }
  std::size_t size() const { return ids_->size(); }
  bool empty() const { return ids_->empty(); }
  int operator[](std::size_t i) const { return (*ids_)[i]; }
  std::vector<int>::const_iterator begin() const { return ids_->begin(); }
  std::vector<int>::const_iterator end() const { return ids_->end(); }

  // How many lists this thread holds now (tests).
  static std::size_t leased() { return id_list_detail::pool().leased; }

 private:
  std::vector<int>* ids_;
  std::size_t slot_;
};

}  // namespace smoothbore::elan_drill
