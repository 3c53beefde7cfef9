// The dice interface a resolution is written against (design.md "a resolution is a
// function of a situation"). The same code is either sampled with an Rng or enumerated
// over every face to give its exact distribution, so the odds and the battle agree.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <span>
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
  // An outcome drawn from a known distribution: index i with probability weights[i]
  // (non-negative, summing to 1). A chance node in OpenSpiel's sense: enumeration
  // branches once per outcome instead of once per face of every die, which keeps the
  // exact odds of a 30-die volley (a binomial count of faces in a set) tractable.
  virtual int pick(std::span<const double> weights) = 0;
  // Whether this Chance enumerates every outcome (exact odds) rather than sampling.
  // Battles sample and log every face, so resolutions roll real dice then; when
  // enumerating they may use pick() with the closed-form distribution instead.
  virtual bool enumerating() const { return false; }
};

class SampledChance final : public Chance {
 public:
  explicit SampledChance(Rng& rng) : rng_(rng) {}
  int roll(int sides) override { return rng_.roll(sides); }
  int pick(std::span<const double> weights) override;

 private:
  Rng& rng_;
};

// Runs `f` once per path through its chance nodes (depth-first, re-executing `f` with a
// scripted Chance) and sums the probability of each distinct outcome. `f` must be a pure
// function of its dice. Outcomes come back sorted by `operator<`. Aborts (SB_CHECK) past
// `max_paths`.
template <class Outcome>
std::vector<std::pair<Outcome, double>> enumerate_outcomes(const std::function<Outcome(Chance&)>& f,
                                                           long max_paths = 4'000'000) {
  struct Branch {
    int face;                     // 1-based face or 1-based index into weights
    int sides;                    // faces, or number of weights
    std::vector<double> weights;  // empty for a die
  };
  class Scripted final : public Chance {
   public:
    explicit Scripted(std::vector<Branch>& path) : path_(path) {}
    int roll(int sides) override {
      SB_CHECK(sides >= 1, "a die needs at least one side");
      return next(sides, {});
    }
    int pick(std::span<const double> weights) override {
      SB_CHECK(!weights.empty(), "nothing to pick from");
      return next(static_cast<int>(weights.size()), {weights.begin(), weights.end()}) - 1;
    }
    bool enumerating() const override { return true; }

   private:
    int next(int sides, std::vector<double> weights) {
      if (next_ < path_.size()) {
        SB_CHECK(path_[next_].sides == sides && path_[next_].weights == weights,
                 "resolution is not a pure function of its dice");
        return path_[next_++].face;
      }
      path_.push_back({1, sides, std::move(weights)});
      ++next_;
      return 1;
    }
    std::vector<Branch>& path_;
    std::size_t next_ = 0;
  };

  // A path's probability is (product of its picks' weights) / (product of its dice's
  // sides). Paths are summed per denominator and divided once at the end, so 68 faces of
  // a d100 give exactly 0.68 (summing 68 × 0.01 would not).
  std::map<Outcome, std::map<std::uint64_t, double>> sums;
  std::vector<Branch> path;
  long paths = 0;
  while (true) {
    Scripted chance(path);
    Outcome o = f(chance);
    std::uint64_t denominator = 1;
    double weight = 1;
    for (const Branch& b : path) {
      if (b.weights.empty()) {
        const auto sides = static_cast<std::uint64_t>(b.sides);
        SB_CHECK(denominator <= (std::uint64_t{1} << 62) / sides,
                 "dice path too long to weigh exactly");
        denominator *= sides;
      } else {
        weight *= b.weights[static_cast<std::size_t>(b.face - 1)];
      }
    }
    sums[std::move(o)][denominator] += weight;
    SB_CHECK(++paths <= max_paths, "too many dice paths to enumerate");
    while (!path.empty() && path.back().face == path.back().sides) path.pop_back();
    if (path.empty()) break;
    ++path.back().face;
  }
  std::vector<std::pair<Outcome, double>> out;
  for (auto& [outcome, by_denominator] : sums) {
    long double p = 0;
    for (const auto& [denominator, w] : by_denominator) {
      p += static_cast<long double>(w) / static_cast<long double>(denominator);
    }
    out.emplace_back(outcome, static_cast<double>(p));
  }
  return out;
}

}  // namespace smoothbore
