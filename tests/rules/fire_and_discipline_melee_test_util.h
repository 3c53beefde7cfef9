// Helpers shared by the Fire and Discipline melee, pursuit and multi-unit melee tests:
// hand-placed stands in yards (1 yd = 2.54 mm, FD-01 default; facing 0 is north, +y), a
// scripted Chance that hands out given d10 faces, and event counts.
#pragma once

#include <algorithm>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/chance.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::fd_test {

constexpr double kYd = 2.54;

inline Rect R(double x, double y, double facing, double w = 15, double d = 12.5) {
  return Rect{Vec2{x * kYd, y * kYd}, facing, w * kYd, d * kYd};
}
inline Rect north(double x, double front_y) { return R(x, front_y - 6.25, 0); }
inline Rect south(double x, double front_y) { return R(x, front_y + 6.25, 180); }

// Faces from a list; pick() is not expected.
class Scripted final : public Chance {
 public:
  explicit Scripted(std::vector<int> faces) : faces_(std::move(faces)) {}
  int roll(int sides) override {
    if (next_ >= faces_.size()) {
      ADD_FAILURE() << "unexpected d" << sides;
      return 1;
    }
    return faces_[next_++];
  }
  int pick(std::span<const double> /*weights*/) override {
    ADD_FAILURE() << "unexpected pick";
    return 0;
  }
  bool done() const { return next_ == faces_.size(); }

 private:
  std::vector<int> faces_;
  std::size_t next_ = 0;
};

class Battle {
 public:
  explicit Battle(std::map<std::string, Value> options = {}) {
    sc_.ruleset = "fire-and-discipline";
    sc_.table = Table(1000 * kYd, 1000 * kYd);
    sc_.options = complete_params(ruleset().options(), options).value();
    sc_.force.sides = {{"a", "A", Edge::kSouth}, {"b", "B", Edge::kNorth}};
  }
  int add(int side, const std::string& type, const std::string& formation,
          const std::vector<Rect>& rects, std::map<std::string, Value> overrides = {}) {
    Unit u;
    u.id = "u" + std::to_string(sc_.force.units.size());
    u.side = side;
    u.type = type;
    u.arm = ruleset().unit_type(type)->arm;
    u.formation = formation;
    u.start_figures = static_cast<int>(rects.size());
    for (const ParamSpec& s : ruleset().unit_attributes()) {
      auto it = overrides.find(s.name);
      u.attributes.emplace_back(s.name, it != overrides.end() ? it->second : s.default_value);
    }
    u.stands = ruleset().layout(u, Vec2{0, 0}, 0);
    EXPECT_EQ(u.stands.size(), rects.size());
    for (std::size_t i = 0; i < rects.size() && i < u.stands.size(); ++i) {
      u.stands[i].rect = rects[i];
    }
    sc_.force.units.push_back(u);
    return static_cast<int>(sc_.force.units.size()) - 1;
  }
  int line(int side, const std::vector<Rect>& rects, int rating = 2) {
    return add(side, "infantry", "line", rects, {{"morale-rating", Value(std::int64_t{rating})}});
  }
  // Every unit under General Advance (FD-52: any target), turn 3.
  FdState state() const {
    FdState s = make_state(sc_);
    s.turn = 3;
    for (UnitState& u : s.units) u.order.kind = OrderKind::kGeneralAdvance;
    return s;
  }

 private:
  Scenario sc_;
};

inline int count(const EventLog& log, EventKind k, const std::string& unit = "") {
  int n = 0;
  for (const Event& e : log.events()) {
    // Morale: the check itself (apply_morale_result logs its effect separately).
    const bool check = k != EventKind::kMorale || e.text.find("tests morale") != std::string::npos;
    n += e.kind == k && check && (unit.empty() || e.unit == unit);
  }
  return n;
}

}  // namespace smoothbore::fire_and_discipline::fd_test
