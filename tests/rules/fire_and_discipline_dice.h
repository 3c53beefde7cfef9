// Dice and log queries of the Fire and Discipline rule tests: scripted and constant dice,
// exact distributions of a whole battle step (enumerate_outcomes re-runs the step on a copy
// of the state once per dice path), and counts of logged events. The battles themselves
// are built with fire_and_discipline_scenario.h.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::fd_test {

// Faces from a list (a d10's 0 is 10); pick() is not expected. With `sides` > 0 every
// roll must be of a die of that many sides.
class Scripted final : public Chance {
 public:
  explicit Scripted(std::vector<int> faces, int sides = 0)
      : faces_(std::move(faces)), sides_(sides) {}
  int roll(int sides) override {
    if (sides_ > 0) {
      EXPECT_EQ(sides, sides_);
    }
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
  std::size_t left() const { return faces_.size() - next_; }

 private:
  std::vector<int> faces_;
  int sides_;
  std::size_t next_ = 0;
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

using IntDist = std::map<int, double>;

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
inline IntDist exact_step(const FdState& s,
                          const std::function<void(FdState&, Chance&, EventLog&)>& step,
                          const std::function<int(const FdState&, const EventLog&)>& outcome,
                          int first_dice = -1) {
  IntDist d;
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

inline void expect_int_dist(const IntDist& got, const IntDist& want) {
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

// The events of `log`, of any kind, whose text contains `needle`.
inline std::vector<const Event*> events_with(const EventLog& log, std::string_view needle) {
  std::vector<const Event*> out;
  for (const Event& e : log.events()) {
    if (e.text.find(needle) != std::string::npos) out.push_back(&e);
  }
  return out;
}

// How many events of `kind` (of `unit` when given) have `needle` in their text.
inline int count_events(const EventLog& log, EventKind kind, const std::string& needle,
                        const std::string& unit = "") {
  return static_cast<int>(events(log, kind, unit, needle).size());
}

// How many events of `k` (of `unit` when given); of morale, the checks themselves
// (apply_morale_result logs its effect separately).
inline int count(const EventLog& log, EventKind k, const std::string& unit = "") {
  return k == EventKind::kMorale ? count_events(log, k, "tests morale", unit)
                                 : count_events(log, k, "", unit);
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

}  // namespace smoothbore::fire_and_discipline::fd_test
