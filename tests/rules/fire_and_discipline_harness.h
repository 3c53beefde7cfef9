// A hand-placed Fire and Discipline battle for module tests on an FdState (objective
// zones, victory points, captured guns). Coordinates are written in yards (1 yd = 2.54 mm,
// FD-01 default); facing 0 is north (+y). A basic stand is 15 × 12.5 yd, a half-stand
// 7.5 × 10 yd. Side 0 ("a") has its home edge south, side 1 ("b") north.
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::testing {

constexpr double kYd = 2.54;

// A stand footprint centred at (x, y) yd.
inline Rect R(double x, double y, double facing, double w = 15, double d = 12.5) {
  return Rect{Vec2{x * kYd, y * kYd}, facing, w * kYd, d * kYd};
}
// A stand facing north whose front edge is at y, centred on x.
inline Rect north(double x, double front_y) { return R(x, front_y - 6.25, 0); }
// A stand facing south whose front edge is at y, centred on x.
inline Rect south(double x, double front_y) { return R(x, front_y + 6.25, 180); }

inline Vec2 yd(double x, double y) { return Vec2{x * kYd, y * kYd}; }

inline Polygon box_yd(double x0, double y0, double x1, double y1) {
  return Polygon{
      {{x0 * kYd, y0 * kYd}, {x1 * kYd, y0 * kYd}, {x1 * kYd, y1 * kYd}, {x0 * kYd, y1 * kYd}}};
}

// Faces from a list (d10 0 is 10); pick() is not expected.
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
  Battle() {
    sc_.ruleset = "fire-and-discipline";
    sc_.table = Table(1000 * kYd, 1000 * kYd);
    sc_.options = complete_params(ruleset().options(), {}).value();
    sc_.force.sides = {{"a", "A", Edge::kSouth}, {"b", "B", Edge::kNorth}};
  }
  // A unit laid out by the rule set (stand kinds and castings), then placed on `rects`.
  int add(int side, const std::string& type, const std::string& formation,
          const std::vector<Rect>& rects, std::map<std::string, Value> overrides = {},
          int figures = 0) {
    Unit u;
    u.id = "u" + std::to_string(sc_.force.units.size());
    u.side = side;
    u.type = type;
    u.arm = ruleset().unit_type(type)->arm;
    u.formation = formation;
    u.start_figures = figures > 0 ? figures : static_cast<int>(rects.size());
    for (const ParamSpec& s : ruleset().unit_attributes()) {
      auto it = overrides.find(s.name);
      u.attributes.emplace_back(s.name, it != overrides.end() ? it->second : s.default_value);
    }
    u.stands = ruleset().layout(u, Vec2{0, 0}, 0);
    EXPECT_EQ(u.stands.size(), rects.size()) << type << " " << formation;
    for (std::size_t i = 0; i < rects.size() && i < u.stands.size(); ++i) {
      u.stands[i].rect = rects[i];
    }
    sc_.force.units.push_back(u);
    return static_cast<int>(sc_.force.units.size()) - 1;
  }
  // Close-order infantry in line: `castings` per stand (default 6), Morale Rating `rating`.
  int line(int side, const std::vector<Rect>& rects, int rating = 2, int castings = 6) {
    return add(side, "infantry", "line", rects,
               {{"morale-rating", Value(std::int64_t{rating})},
                {"castings", Value(std::int64_t{castings})}});
  }
  // A two-gun 6-pdr section unlimbered with 4 crew.
  int gun(int side, const Rect& r, int rating = 2) {
    return add(side, "artillery", "unlimbered", {r},
               {{"pdr", Value(std::int64_t{6})}, {"morale-rating", Value(std::int64_t{rating})}},
               4);
  }
  void area(TerrainClass c, const Polygon& shape) {
    sc_.table.add(AreaFeature{"f" + std::to_string(sc_.table.areas().size()), c, shape, 0,
                              c != TerrainClass::kRough});
  }
  // An objective at (x, y) yd of `radius` yd; a zone when `capacity` > 0.
  int objective(double x, double y, double radius, int capacity, bool fortified = false,
                int points = 10) {
    Objective o;
    o.id = "o" + std::to_string(sc_.objectives.size());
    o.name = "Objective " + std::to_string(sc_.objectives.size());
    o.position = yd(x, y);
    o.radius = radius * kYd;
    o.capacity = capacity;
    o.fortified = fortified;
    o.points = points;
    sc_.objectives.push_back(o);
    return static_cast<int>(sc_.objectives.size()) - 1;
  }
  // A scenario option (before state() or scenario()).
  void option(const std::string& name, Value v) { sc_.options.set(name, std::move(v)); }
  // The scenario as built, for whole battles (start_battle).
  const Scenario& scenario() const { return sc_; }
  // Turn 3, every unit under General Advance (FD-52: any move and charge).
  FdState state() const {
    FdState s = make_state(sc_);
    s.turn = 3;
    for (UnitState& u : s.units) u.order.kind = OrderKind::kGeneralAdvance;
    return s;
  }

 private:
  Scenario sc_;
};

inline std::size_t z(int i) { return static_cast<std::size_t>(i); }

// Events of `kind` (of `unit` when given) whose text contains `needle`.
inline int count_events(const EventLog& log, EventKind kind, const std::string& needle,
                        const std::string& unit = "") {
  int n = 0;
  for (const Event& e : log.events()) {
    n += e.kind == kind && e.text.find(needle) != std::string::npos &&
         (unit.empty() || e.unit == unit);
  }
  return n;
}

}  // namespace smoothbore::fire_and_discipline::testing
