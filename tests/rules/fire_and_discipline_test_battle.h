// A hand-placed Fire and Discipline battle state for module tests (orders, chits, the
// FD-58 retire): a 1000 × 1000 yd open table at the default 1" = 10 yd (2.54 mm per yd),
// side 0 "blue" at home on the south edge, side 1 "red" on the north edge. Units are laid
// out by the rule set (a basic stand is 15 × 12.5 yd) around a centre given in yards;
// facing 0 is north (+y).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/chance.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::test {

inline constexpr double kYd = 2.54;  // mm per yd (FD-01 default)

inline Vec2 yd(double x, double y) { return {x * kYd, y * kYd}; }

class FdTestBattle {
 public:
  FdTestBattle() {
    sc_.ruleset = "fire-and-discipline";
    sc_.table = Table(1000 * kYd, 1000 * kYd);
    sc_.options = complete_params(ruleset().options(), {}).value();
    sc_.force.sides = {{"blue", "Blue", Edge::kSouth}, {"red", "Red", Edge::kNorth}};
  }
  void option(const std::string& name, Value v) { sc_.options.set(name, std::move(v)); }
  Table& table() { return sc_.table; }
  Scenario& scenario() { return sc_; }

  // A unit of `type` with `stands` stands (crew castings for artillery) centred at
  // (x, y) yd, facing `facing`; `attributes` override the rule set's defaults.
  int add(int side, const std::string& type, const std::string& formation, int stands, double x,
          double y, double facing, std::map<std::string, Value> attributes = {}) {
    Unit u;
    u.id = (side == 0 ? "b" : "r") + std::to_string(sc_.force.units.size());
    u.name = u.id;
    u.side = side;
    u.type = type;
    u.arm = ruleset().unit_type(type)->arm;
    u.formation = formation;
    u.start_figures = stands;
    for (const ParamSpec& s : ruleset().unit_attributes()) {
      auto it = attributes.find(s.name);
      u.attributes.emplace_back(s.name, it != attributes.end() ? it->second : s.default_value);
    }
    u.stands = ruleset().layout(u, yd(x, y), facing);
    sc_.force.units.push_back(u);
    return static_cast<int>(sc_.force.units.size()) - 1;
  }
  int foot(int side, int stands, double x, double y, double facing,
           std::map<std::string, Value> attributes = {}) {
    return add(side, "infantry", "line", stands, x, y, facing, std::move(attributes));
  }
  int horse(int side, int stands, double x, double y, double facing) {
    return add(side, "cavalry", "line", stands, x, y, facing);
  }

  // The state at turn 3 (so "last turn" effects are in the past).
  FdState state() const {
    FdState s = make_state(sc_);
    s.turn = 3;
    return s;
  }

 private:
  Scenario sc_;
};

inline Value text(const char* s) { return Value(std::string(s)); }

// Faces from a list; pick() is not expected.
class ScriptedDice final : public Chance {
 public:
  explicit ScriptedDice(std::vector<int> faces) : faces_(faces.begin(), faces.end()) {}
  int roll(int sides) override {
    if (faces_.empty()) {
      ADD_FAILURE() << "unexpected d" << sides;
      return 1;
    }
    const int f = faces_.front();
    faces_.pop_front();
    return f;
  }
  int pick(std::span<const double> /*weights*/) override {
    ADD_FAILURE() << "unexpected pick";
    return 0;
  }
  std::size_t left() const { return faces_.size(); }

 private:
  std::deque<int> faces_;
};

// The events of `log` whose text contains `needle`.
inline std::vector<const Event*> events_with(const EventLog& log, std::string_view needle) {
  std::vector<const Event*> out;
  for (const Event& e : log.events()) {
    if (e.text.find(needle) != std::string::npos) out.push_back(&e);
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline::test
