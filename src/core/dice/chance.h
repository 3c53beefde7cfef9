// The dice interface a resolution is written against (design.md "a resolution is a
// function of a situation"). The same code is either sampled with an Rng or enumerated
// over every face to give its exact distribution, so the odds and the battle agree.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/dice/rng.h"

namespace smoothbore {

class Chance {
 public:
  virtual ~Chance() = default;
  // One die with `sides` faces, 1..sides. d10 face 10 is the printed "0" (common.md §8.3);
  // a d100 is 1..100 with "00" = 100 (§8.4).
  virtual int roll(int sides) = 0;
};

class SampledChance final : public Chance {
 public:
  explicit SampledChance(Rng& rng) : rng_(rng) {}
  int roll(int sides) override { return rng_.roll(sides); }

 private:
  Rng& rng_;
};

// Runs `f` once per path through its dice (depth-first, re-executing `f` with a scripted
// Chance) and sums the probability of each distinct outcome. `f` must be a pure function
// of its dice. Outcomes come back sorted by `operator<`. Aborts (SB_CHECK) past `max_paths`.
template <class Outcome>
std::vector<std::pair<Outcome, double>> enumerate_outcomes(const std::function<Outcome(Chance&)>& f,
                                                           long max_paths = 4'000'000) {
  struct Branch {
    int face;
    int sides;
  };
  class Scripted final : public Chance {
   public:
    explicit Scripted(std::vector<Branch>& path) : path_(path) {}
    int roll(int sides) override {
      SB_CHECK(sides >= 1, "a die needs at least one side");
      if (next_ < path_.size()) {
        SB_CHECK(path_[next_].sides == sides, "resolution is not a pure function of its dice");
        return path_[next_++].face;
      }
      path_.push_back({1, sides});
      ++next_;
      return 1;
    }

   private:
    std::vector<Branch>& path_;
    std::size_t next_ = 0;
  };

  // Each path has probability 1 / (product of its dice's sides). Paths are counted per
  // denominator and divided once at the end, so 68 faces of a d100 give exactly 0.68
  // (summing 68 × 0.01 would not).
  std::map<Outcome, std::map<std::uint64_t, std::uint64_t>> counts;
  std::vector<Branch> path;
  long paths = 0;
  while (true) {
    Scripted chance(path);
    Outcome o = f(chance);
    std::uint64_t denominator = 1;
    bool exact = true;
    for (const Branch& b : path) {
      const auto sides = static_cast<std::uint64_t>(b.sides);
      if (denominator > (std::uint64_t{1} << 62) / sides) exact = false;
      denominator *= sides;
    }
    SB_CHECK(exact, "dice path too long to weigh exactly");
    ++counts[std::move(o)][denominator];
    SB_CHECK(++paths <= max_paths, "too many dice paths to enumerate");
    while (!path.empty() && path.back().face == path.back().sides) path.pop_back();
    if (path.empty()) break;
    ++path.back().face;
  }
  std::vector<std::pair<Outcome, double>> out;
  for (auto& [outcome, by_denominator] : counts) {
    long double p = 0;
    for (const auto& [denominator, n] : by_denominator) {
      p += static_cast<long double>(n) / static_cast<long double>(denominator);
    }
    out.emplace_back(outcome, static_cast<double>(p));
  }
  return out;
}

}  // namespace smoothbore
