// Helpers shared by the fire-and-discipline option-wiring tests: a small battle of
// hand-placed stands (coordinates in yards, facing 0 = north = +y), dice that always show
// one face, exact distributions of a whole battle step (enumerate_outcomes re-runs the step
// on a copy of the state once per dice path) and log queries.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/chance.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::test {

// A battle on a 1000 × 1000 yd table. `mm_per_yd` 2.54 is the default scale (FD-01,
// 1" = 10 yd); 2.0 (1 cm = 5 yd) makes every yard an exact binary number of mm, which the
// band-edge tests need.
class TestBattle {
 public:
  explicit TestBattle(double mm_per_yd = 2.54) : yd_(mm_per_yd) {
    sc_.ruleset = "fire-and-discipline";
    sc_.table = Table(1000 * yd_, 1000 * yd_);
    sc_.options = complete_params(ruleset().options(), {}).value();
    if (mm_per_yd != 2.54) option("fd_01_table_scale", Value(std::string("1cm=5yd")));
    sc_.force.sides = {{"a", "A", Edge::kSouth}, {"b", "B", Edge::kNorth}};
  }
  void option(const std::string& name, Value v) { sc_.options.set(name, std::move(v)); }
  void option(const std::string& name, const char* v) { option(name, Value(std::string(v))); }
  void first_side(int side) { sc_.first_side = side; }

  // A stand footprint centred at (x, y) yd.
  Rect rect(double x, double y, double facing, double w = 15, double d = 12.5) const {
    return Rect{Vec2{x * yd_, y * yd_}, facing, w * yd_, d * yd_};
  }
  // A basic stand facing north with its front edge at y; one facing south, front edge at y.
  Rect north(double x, double front_y) const { return rect(x, front_y - 6.25, 0); }
  Rect south(double x, double front_y) const { return rect(x, front_y + 6.25, 180); }

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
  int line(int side, const std::vector<Rect>& rects, int rating = 2, int castings = 6) {
    return add(side, "infantry", "line", rects,
               {{"morale-rating", Value(std::int64_t{rating})},
                {"castings", Value(std::int64_t{castings})}});
  }
  // An unlimbered section of `guns` guns of `pdr` pounds, 2 crew a gun (§6.11, §6.12).
  int gun(int side, const Rect& r, int pdr = 6, int guns = 2) {
    return add(side, "artillery", "unlimbered", {r},
               {{"pdr", Value(std::int64_t{pdr})}, {"guns", Value(std::int64_t{guns})}}, 2 * guns);
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
  Vec2 at(double x, double y) const { return {x * yd_, y * yd_}; }
  Scenario& scenario() { return sc_; }

  // Turn 3, every unit under General Advance (FD-52: moves and charges allowed).
  FdState state() const {
    FdState s = make_state(sc_);
    s.turn = 3;
    for (UnitState& u : s.units) u.order.kind = OrderKind::kGeneralAdvance;
    return s;
  }

 private:
  double yd_;
  Scenario sc_;
};

// Every die shows `face`; pick() is not expected.
class ConstantChance final : public Chance {
 public:
  explicit ConstantChance(int face) : face_(face) {}
  int roll(int sides) override { return std::min(face_, sides); }
  int pick(std::span<const double>) override {
    ADD_FAILURE() << "pick() not expected";
    return 0;
  }

 private:
  int face_;
};

using Dist = std::map<int, double>;

// Passes the first `n` dice to `inner` (enumerated), then shows `face` on every later die:
// exact when the outcome depends only on the first `n` dice (the fire rolls of a step come
// before its casualties and morale), and it keeps the enumeration small.
class FirstDice final : public Chance {
 public:
  FirstDice(Chance& inner, int n, int face) : inner_(inner), left_(n), face_(face) {}
  int roll(int sides) override {
    if (left_ < 0) return inner_.roll(sides);  // every die
    if (left_ == 0) return std::min(face_, sides);
    --left_;
    return inner_.roll(sides);
  }
  int pick(std::span<const double> w) override { return inner_.pick(w); }

 private:
  Chance& inner_;
  int left_;
  int face_;
};

// The exact distribution of `outcome` after `step` runs on a fresh copy of `s`, over every
// die (`first_dice` < 0) or only the first `first_dice` dice (later ones show 1).
inline Dist exact(const FdState& s, const std::function<void(FdState&, Chance&, EventLog&)>& step,
                  const std::function<int(const FdState&, const EventLog&)>& outcome,
                  int first_dice = -1) {
  Dist d;
  const auto paths = enumerate_outcomes<int>([&](Chance& c) {
    FdState copy = s;
    EventLog log;
    FirstDice dice(c, first_dice, 1);
    step(copy, dice, log);
    return outcome(copy, log);
  });
  for (const auto& [o, p] : paths) d[o] += p;
  return d;
}

inline void expect_dist(const Dist& got, const Dist& want) {
  for (const auto& [k, p] : want) {
    auto it = got.find(k);
    EXPECT_NEAR(it == got.end() ? 0 : it->second, p, 1e-12) << "outcome " << k;
  }
  for (const auto& [k, p] : got) {
    if (p > 0) {
      EXPECT_TRUE(want.count(k)) << "unexpected " << k << " " << p;
    }
  }
}

// The events of `kind` by unit `unit` (every unit when empty) whose text contains `has`.
inline std::vector<const Event*> events(const EventLog& log, EventKind kind,
                                        const std::string& unit = "", const std::string& has = "") {
  std::vector<const Event*> out;
  for (const Event& e : log.events()) {
    if (e.kind == kind && (unit.empty() || e.unit == unit) &&
        e.text.find(has) != std::string::npos) {
      out.push_back(&e);
    }
  }
  return out;
}

// The hits of `unit`'s fire events (their "hits" field), summed.
inline int fire_hits(const EventLog& log, const std::string& unit, const std::string& target = "") {
  int hits = 0;
  for (const Event* e : events(log, EventKind::kFire, unit)) {
    if (!target.empty() && e->target != target) continue;
    for (const auto& [k, v] : e->data) {
      if (k == "hits") hits += static_cast<int>(as_number(v, 0));
    }
  }
  return hits;
}

}  // namespace smoothbore::fire_and_discipline::test
