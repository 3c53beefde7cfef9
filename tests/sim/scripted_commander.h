// A test OrderSource that follows a script: for each unit it picks the first legal action
// matching the unit's script step (kind, and optionally target, formation, whether it
// moves, or any predicate), else holds. It records every unit it was asked about and the
// legal actions it was offered, so tests can check what the battle offered and to whom.
//
// BattleHarness drives a fast-1805 battle from TOML text for the sim tests: it loads the
// scenario, starts the battle with a seed, checks invariant_violations() after every step
// (set_step_hook) and gives the log filtered by bound, unit and kind.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "io/scenario_file.h"
#include "rules/battle.h"
#include "rules/registry.h"

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

// --- Scenario text -------------------------------------------------------------------

// One [[sides.units]] entry (inches, compass facing; `extra` holds further TOML lines such
// as `quality = "veteran"`).
inline std::string unit_toml(std::string_view id, std::string_view type, std::string_view formation,
                             int figures, double x, double y, std::string_view extra = "") {
  return fmt::format(
      "[[sides.units]]\nid = \"{}\"\ntype = \"{}\"\nformation = \"{}\"\nfigures = {}\n"
      "x = {}\ny = {}\n{}\n",
      id, type, formation, figures, x, y, extra);
}

// A fast-1805 scenario on an open 48" x 36" table: side "blue" (home south, facing north)
// and side "red" (home north, facing south). `options` are lines of the [options] table,
// `terrain` whole [[terrain]] entries.
inline std::string scenario_toml(std::string_view blue_units, std::string_view red_units,
                                 std::string_view options = "", std::string_view terrain = "") {
  return fmt::format(
      "[scenario]\nname = \"test\"\nruleset = \"fast-1805\"\nlength_unit = \"in\"\n"
      "first_side = \"blue\"\n\n[options]\n{}\n\n[table]\nwidth = 48\nheight = 36\n\n{}\n"
      "[[sides]]\nid = \"blue\"\nhome_edge = \"south\"\n\n{}\n"
      "[[sides]]\nid = \"red\"\nhome_edge = \"north\"\n\n{}\n",
      options, terrain, blue_units, red_units);
}

// Loads scenario text; throws (a test failure) with the diagnostics if it does not load.
inline Scenario load_scenario(std::string_view toml) {
  auto s = load_scenario_text(toml, "test.toml");
  if (!s) {
    std::string msg = "scenario does not load:";
    for (const Diagnostic& d : s.error()) msg += "\n  " + format(d);
    msg += "\n" + std::string(toml);
    throw std::runtime_error(msg);
  }
  return *s;
}

// --- Battle driver -------------------------------------------------------------------

class BattleHarness {
 public:
  BattleHarness(const Scenario& scenario, std::uint64_t seed) : scenario_(scenario) {
    const Ruleset* rs = find_ruleset(scenario.ruleset);
    if (rs == nullptr) throw std::runtime_error("no rule set " + scenario.ruleset);
    battle_ = rs->start(scenario_, seed);
    battle_->set_step_hook([this](std::string_view step) {
      for (const std::string& v : battle_->invariant_violations()) {
        violations_.push_back(fmt::format("bound {} after {}: {}", battle_->turn(), step, v));
      }
    });
  }
  BattleHarness(const BattleHarness&) = delete;
  BattleHarness& operator=(const BattleHarness&) = delete;

  Battle& battle() { return *battle_; }
  const Force& force() const { return battle_->force(); }
  EventLog& log() { return log_; }
  // Every invariant violation seen after any step so far.
  const std::vector<std::string>& violations() const { return violations_; }

  int idx(std::string_view id) const {
    const int i = force().unit_index(id);
    if (i < 0) throw std::runtime_error("no unit " + std::string(id));
    return i;
  }
  const Unit& unit(std::string_view id) const { return force().units[idx(id)]; }

  // Plays one bound with `blue` and `red` giving the orders (their records are reset).
  void play(ScriptedCommander& blue, ScriptedCommander& red) {
    blue.forget();
    red.forget();
    battle_->play_turn({&blue, &red}, log_);
  }

  // Events of `bound` (0 = any) of `kind`, for `unit` (empty = any unit).
  std::vector<const Event*> events(EventKind kind, std::string_view unit = "",
                                   int bound = 0) const {
    std::vector<const Event*> out;
    for (const Event& e : log_.events()) {
      if (e.kind != kind || (bound > 0 && e.turn != bound)) continue;
      if (!unit.empty() && e.unit != unit) continue;
      out.push_back(&e);
    }
    return out;
  }
  // Events of `bound` whose text contains `text` (any kind), for `unit` (empty = any).
  std::vector<const Event*> events_with(std::string_view text, std::string_view unit = "",
                                        int bound = 0) const {
    std::vector<const Event*> out;
    for (const Event& e : log_.events()) {
      if (bound > 0 && e.turn != bound) continue;
      if (!unit.empty() && e.unit != unit) continue;
      if (e.text.find(text) != std::string::npos) out.push_back(&e);
    }
    return out;
  }
  // Position of an event in the log (for ordering checks).
  std::ptrdiff_t position(const Event* e) const {
    const auto& all = log_.events();
    for (std::size_t i = 0; i < all.size(); ++i)
      if (&all[i] == e) return static_cast<std::ptrdiff_t>(i);
    return -1;
  }

 private:
  Scenario scenario_;
  std::unique_ptr<Battle> battle_;
  EventLog log_;
  std::vector<std::string> violations_;
};

// The value of an event's data field, or nullptr.
inline const Value* field(const Event& e, std::string_view key) {
  for (const auto& [k, v] : e.data) {
    if (k == key) return &v;
  }
  return nullptr;
}
inline std::string field_text(const Event& e, std::string_view key) {
  const Value* v = field(e, key);
  return v ? to_string(*v) : std::string();
}

}  // namespace smoothbore::sim_test
