// The one scenario builder of the Fire and Discipline rule tests: a hand-placed battle on a
// 1000 × 1000 yd open table (terrain, objectives, leaders, options added on demand), turned
// into an FdState by make_state. Coordinates are written in yards: 2.54 mm per yd by
// default (FD-01, 1" = 10 yd); a builder made with 2.0 (FD-01 "1cm=5yd") makes every yard
// an exact binary number of mm, which the band-edge tests need. Facing 0 is north (+y). A
// basic stand is 15 × 12.5 yd, a half-stand 7.5 × 10 yd. Side 0 has its home edge south,
// side 1 north. Dice and log queries are in fire_and_discipline_dice.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::fd_test {

inline constexpr double kYd = 2.54;     // mm per yd at the default scale (FD-01)
inline constexpr double kTolYd = 0.05;  // positions this close (yd) are the same

inline std::size_t z(int i) { return static_cast<std::size_t>(i); }
inline Value text(const char* s) { return Value(std::string(s)); }
inline Value number(int n) { return Value(std::int64_t{n}); }

// A stand footprint centred at (x, y) yd, at the default scale.
inline Rect R(double x, double y, double facing, double w = 15, double d = 12.5) {
  return Rect{Vec2{x * kYd, y * kYd}, facing, w * kYd, d * kYd};
}
// A basic stand facing north whose front edge is at y, centred on x; one facing south.
inline Rect north(double x, double front_y) { return R(x, front_y - 6.25, 0); }
inline Rect south(double x, double front_y) { return R(x, front_y + 6.25, 180); }
inline Vec2 yd(double x, double y) { return Vec2{x * kYd, y * kYd}; }
inline Polygon box_yd(double x0, double y0, double x1, double y1) {
  return Polygon{
      {{x0 * kYd, y0 * kYd}, {x1 * kYd, y0 * kYd}, {x1 * kYd, y1 * kYd}, {x0 * kYd, y1 * kYd}}};
}

// Stand `i` of unit `u`.
inline Stand& stand(FdState& s, int u, int i) { return s.force.units[z(u)].stands[z(i)]; }
inline const Stand& stand(const FdState& s, int u, int i) {
  return s.force.units[z(u)].stands[z(i)];
}

// How the builder names things and what state() hands back.
struct Setup {
  double mm_per_yd = kYd;
  bool blue_red = false;        // sides "blue"/"red" (else "a"/"b")
  bool ids_by_side = false;     // unit ids and names "b0", "r1" (else ids "u0", "u1")
  bool general_advance = true;  // state(): every unit under General Advance (FD-52)
  int turn = 3;                 // state(): the turn; 0 keeps make_state's
};
// Sides blue and red, units "u0", "u1", state() at turn 3 with no orders given.
inline constexpr Setup kBlueRed{kYd, true, false, false, 3};
// The same with units named by side: "b0", "r1".
inline constexpr Setup kBlueRedSideIds{kYd, true, true, false, 3};

// The table's centre, (500, 500) yd, and a point `east`, `north` yd from it.
inline constexpr Vec2 kMid{500 * kYd, 500 * kYd};
inline Vec2 from_mid(double east, double north) {
  return {kMid.x + east * kYd, kMid.y + north * kYd};
}

// One unit: laid out by the rule set (stand kinds and castings), then placed (add) or
// centred (add_at). `attributes` override the rule set's defaults.
struct UnitSpec {
  std::string type = "infantry";
  std::string formation = "line";
  std::map<std::string, Value> attributes;
  int figures = 0;    // start_figures; 0 = one a placed rect (add)
  int command = -1;   // index into the scenario's commands
  double facing = 0;  // add_at only
  std::string id;     // default by Setup
};
inline UnitSpec spec(std::string type, std::string formation,
                     std::map<std::string, Value> attributes = {}, int figures = 0) {
  UnitSpec u;
  u.type = std::move(type);
  u.formation = std::move(formation);
  u.attributes = std::move(attributes);
  u.figures = figures;
  return u;
}

class ScenarioBuilder {
 public:
  // `options` are checked and completed with the rule set's defaults (complete_params).
  explicit ScenarioBuilder(Setup setup = {}, const std::map<std::string, Value>& options = {})
      : setup_(setup), yd_(setup.mm_per_yd) {
    sc_.ruleset = "fire-and-discipline";
    sc_.table = Table(1000 * yd_, 1000 * yd_);
    sc_.options = complete_params(ruleset().options(), options).value();
    if (yd_ != kYd) option("fd_01_table_scale", text("1cm=5yd"));
    if (setup.blue_red) {
      sc_.force.sides = {{"blue", "Blue", Edge::kSouth}, {"red", "Red", Edge::kNorth}};
    } else {
      sc_.force.sides = {{"a", "A", Edge::kSouth}, {"b", "B", Edge::kNorth}};
    }
  }
  explicit ScenarioBuilder(double mm_per_yd) : ScenarioBuilder(Setup{mm_per_yd}) {}
  explicit ScenarioBuilder(const std::map<std::string, Value>& options)
      : ScenarioBuilder(Setup{}, options) {}

  void option(const std::string& name, Value v) { sc_.options.set(name, std::move(v)); }
  void option(const std::string& name, const char* v) { option(name, text(v)); }
  void first_side(int side) { sc_.first_side = side; }
  Table& table() { return sc_.table; }
  Scenario& scenario() { return sc_; }
  const Scenario& scenario() const { return sc_; }

  // Positions in this builder's yards.
  Vec2 at(double x, double y) const { return {x * yd_, y * yd_}; }
  Rect rect(double x, double y, double facing, double w = 15, double d = 12.5) const {
    return Rect{at(x, y), facing, w * yd_, d * yd_};
  }
  Rect north(double x, double front_y) const { return rect(x, front_y - 6.25, 0); }
  Rect south(double x, double front_y) const { return rect(x, front_y + 6.25, 180); }

  // A unit placed stand by stand on `rects`.
  int add(int side, UnitSpec spec, const std::vector<Rect>& rects) {
    if (spec.figures == 0) spec.figures = static_cast<int>(rects.size());
    Unit u = laid_out(side, spec, Vec2{0, 0}, 0);
    EXPECT_EQ(u.stands.size(), rects.size()) << spec.type << " " << spec.formation;
    for (std::size_t i = 0; i < rects.size() && i < u.stands.size(); ++i) {
      u.stands[i].rect = rects[i];
    }
    return push(std::move(u));
  }
  int add(int side, const std::string& type, const std::string& formation,
          const std::vector<Rect>& rects, std::map<std::string, Value> overrides = {},
          int figures = 0) {
    return add(side, spec(type, formation, std::move(overrides), figures), rects);
  }
  // A unit laid out by the rule set around `centre` (mm), facing spec.facing.
  int add_at(int side, const UnitSpec& spec, Vec2 centre) {
    return push(laid_out(side, spec, centre, spec.facing));
  }
  // A unit of `type` with `stands` stands (crew castings for artillery) laid out around
  // (x, y) yd facing `facing`; foot and horse in line.
  int add_at(int side, const std::string& type, const std::string& formation, int stands, double x,
             double y, double facing, std::map<std::string, Value> attributes = {}) {
    UnitSpec u = spec(type, formation, std::move(attributes), stands);
    u.facing = facing;
    return add_at(side, u, at(x, y));
  }
  int foot(int side, int stands, double x, double y, double facing,
           std::map<std::string, Value> attributes = {}) {
    return add_at(side, "infantry", "line", stands, x, y, facing, std::move(attributes));
  }
  int horse(int side, int stands, double x, double y, double facing) {
    return add_at(side, "cavalry", "line", stands, x, y, facing);
  }
  // Close-order infantry in line: `castings` per stand, Morale Rating `rating`.
  int line(int side, const std::vector<Rect>& rects, int rating = 2, int castings = 6) {
    return add(side, "infantry", "line", rects,
               {{"morale-rating", number(rating)}, {"castings", number(castings)}});
  }
  // An unlimbered section of `guns` guns of `pdr` pounds, 2 crew a gun (§6.11, §6.12).
  int gun(int side, const Rect& r, int pdr = 6, int guns = 2, int rating = 2) {
    return add(side, "artillery", "unlimbered", {r},
               {{"pdr", number(pdr)}, {"guns", number(guns)}, {"morale-rating", number(rating)}},
               2 * guns);
  }
  void area(TerrainClass c, const Polygon& shape, int elevation = 0) {
    sc_.table.add(AreaFeature{"f" + std::to_string(sc_.table.areas().size()), c, shape, elevation,
                              c != TerrainClass::kRough});
  }
  void command(const std::string& id, const std::string& name, int side, int leader) {
    sc_.force.commands.push_back({id, name, side, leader});
  }
  void leader(const std::string& id, int side, int command, Vec2 p, int attached = -1) {
    Leader l;
    l.id = id;
    l.side = side;
    l.command = command;
    l.position = p;
    l.attached_unit = attached;
    sc_.force.leaders.push_back(l);
  }
  // An objective at (x, y) yd of `radius` yd; a zone when `capacity` > 0.
  int objective(double x, double y, double radius, int capacity, bool fortified = false,
                int points = 10) {
    Objective o;
    o.id = "o" + std::to_string(sc_.objectives.size());
    o.name = "Objective " + std::to_string(sc_.objectives.size());
    o.position = at(x, y);
    o.radius = radius * yd_;
    o.capacity = capacity;
    o.fortified = fortified;
    o.points = points;
    sc_.objectives.push_back(o);
    return static_cast<int>(sc_.objectives.size()) - 1;
  }

  // The state as make_state leaves it.
  FdState initial_state() const { return make_state(sc_); }
  // The state at Setup::turn (so "last turn" effects are in the past), under General
  // Advance when Setup::general_advance (FD-52: any move, target and charge).
  FdState state() const {
    FdState s = make_state(sc_);
    if (setup_.turn > 0) s.turn = setup_.turn;
    if (setup_.general_advance) {
      for (UnitState& u : s.units) u.order.kind = OrderKind::kGeneralAdvance;
    }
    return s;
  }

 private:
  Unit laid_out(int side, const UnitSpec& spec, Vec2 centre, double facing) const {
    Unit u;
    const std::size_t n = sc_.force.units.size();
    if (!spec.id.empty()) {
      u.id = spec.id;
    } else if (setup_.ids_by_side) {
      u.id = (side == 0 ? "b" : "r") + std::to_string(n);
      u.name = u.id;
    } else {
      u.id = "u" + std::to_string(n);
    }
    u.side = side;
    u.command = spec.command;
    u.type = spec.type;
    u.arm = ruleset().unit_type(spec.type)->arm;
    u.formation = spec.formation;
    u.start_figures = spec.figures;
    for (const ParamSpec& s : ruleset().unit_attributes()) {
      auto it = spec.attributes.find(s.name);
      u.attributes.emplace_back(s.name, it != spec.attributes.end() ? it->second : s.default_value);
    }
    u.stands = ruleset().layout(u, centre, facing);
    return u;
  }
  int push(Unit u) {
    sc_.force.units.push_back(std::move(u));
    return static_cast<int>(sc_.force.units.size()) - 1;
  }

  Setup setup_;
  double yd_;
  Scenario sc_;
};

}  // namespace smoothbore::fire_and_discipline::fd_test
