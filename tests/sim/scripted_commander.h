// A test OrderSource that follows a script: for each unit it picks the first legal action
// matching the unit's script step (kind, and optionally target, formation, whether it
// moves, or any predicate), else holds. It records every unit it was asked about and the
// legal actions it was offered, so tests can check what the battle offered and to whom.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/battle.h"

namespace smoothbore::sim_test {

// What a unit should do: the first legal action with this kind (and target, formation,
// moves and predicate, when given).
struct ScriptStep {
  ActionKind kind = ActionKind::kHold;
  int target = -1;        // unit index the action must aim at; -1 = any
  std::string formation;  // kFormation: the formation wanted; empty = any
  std::optional<bool> moves;
  std::function<bool(const Action&)> accept;  // further condition, when set
};

inline bool matches(const ScriptStep& s, const Action& a) {
  if (a.kind != s.kind) return false;
  if (s.target >= 0 && a.target != s.target) return false;
  if (!s.formation.empty() && a.formation != s.formation) return false;
  if (s.moves && a.moves != *s.moves) return false;
  if (s.accept && !s.accept(a)) return false;
  return true;
}

class ScriptedCommander final : public OrderSource {
 public:
  // Sets (or replaces) the script of `unit`; units without a script hold.
  void set(int unit, ScriptStep step) { script_[unit] = std::move(step); }
  void fire(int unit, int target, bool moves = false) {
    set(unit, {ActionKind::kFire, target, "", moves, nullptr});
  }
  void charge(int unit, int target) { set(unit, {ActionKind::kCharge, target, "", {}, nullptr}); }
  void form(int unit, std::string formation) {
    set(unit, {ActionKind::kFormation, -1, std::move(formation), {}, nullptr});
  }
  void hold(int unit) { script_.erase(unit); }
  void clear() { script_.clear(); }

  Action choose(const Battle& battle, int unit, const std::vector<Action>& legal) override {
    (void)battle;
    asked_.push_back(unit);
    offered_[unit] = legal;
    auto it = script_.find(unit);
    if (it != script_.end()) {
      for (const Action& a : legal) {
        if (matches(it->second, a)) return a;
      }
      ++unmatched_;
    }
    for (const Action& a : legal) {
      if (a.kind == ActionKind::kHold) return a;
    }
    return legal.front();
  }

  // Units asked for an order since the last forget(), in the order asked.
  const std::vector<int>& asked() const { return asked_; }
  bool was_asked(int unit) const {
    return std::find(asked_.begin(), asked_.end(), unit) != asked_.end();
  }
  // The legal actions last offered for `unit` (empty if never asked).
  std::vector<Action> offered(int unit) const {
    auto it = offered_.find(unit);
    return it == offered_.end() ? std::vector<Action>{} : it->second;
  }
  // Whether the last offer for `unit` held an action matching `step`.
  bool was_offered(int unit, const ScriptStep& step) const {
    for (const Action& a : offered(unit)) {
      if (matches(step, a)) return true;
    }
    return false;
  }
  // How many times a scripted unit found no matching legal action and held instead.
  int unmatched() const { return unmatched_; }
  void forget() {
    asked_.clear();
    offered_.clear();
    unmatched_ = 0;
  }

 private:
  std::map<int, ScriptStep> script_;
  std::vector<int> asked_;
  std::map<int, std::vector<Action>> offered_;
  int unmatched_ = 0;
};

}  // namespace smoothbore::sim_test
