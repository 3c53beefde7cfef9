// The units and leaders a battle changed since a replay recorder last asked
// (Battle::take_touched_units, take_touched_leaders): every rule set keeps one and calls
// touch() wherever it changes a unit's core Unit or what its unit_report() shows, so the
// recorder compares those units only (issue 9: comparing every unit after every event made
// `run --log` quadratic in the size of the battle).
//
// Nothing is kept until someone first asks, so a battle nobody records does not grow the
// lists; the first answer names every unit and leader (what happened before anyone asked).
// The members are mutable: a battle's const functions touch too, and the recorder asks
// through a const Battle.
#pragma once

#include <cstddef>
#include <vector>

namespace smoothbore {

class TouchTracker {
 public:
  void touch(int unit) const {
    if (tracking_) units_.push_back(unit);
  }
  void touch_leader(int leader) const {
    if (tracking_) leaders_.push_back(leader);
  }
  // Whether anyone has asked yet (touches before that are not kept).
  bool tracking() const { return tracking_; }
  // Every unit, for changes that reach them all (a new turn that unit_report reads).
  void touch_all(std::size_t units) const {
    for (std::size_t i = 0; i < units && tracking_; ++i) units_.push_back(static_cast<int>(i));
  }
  // Appends the units touched since the last call and forgets them. The first call turns
  // tracking on and names every one of `units` (and of `leaders` for take_leaders).
  void take_units(std::size_t units, std::size_t leaders, std::vector<int>* out) const {
    start(units, leaders);
    out->insert(out->end(), units_.begin(), units_.end());
    units_.clear();
  }
  void take_leaders(std::size_t units, std::size_t leaders, std::vector<int>* out) const {
    start(units, leaders);
    out->insert(out->end(), leaders_.begin(), leaders_.end());
    leaders_.clear();
  }

 private:
  void start(std::size_t units, std::size_t leaders) const {
    if (tracking_) return;
    tracking_ = true;
    touch_all(units);
    for (std::size_t i = 0; i < leaders; ++i) leaders_.push_back(static_cast<int>(i));
  }

  mutable std::vector<int> units_;
  mutable std::vector<int> leaders_;
  mutable bool tracking_ = false;
};

}  // namespace smoothbore
