// The dice interface a resolution is written against (design.md "a resolution is a
// function of a situation"). The same code is either sampled with an Rng or enumerated
// over every face to give its exact distribution, so the odds and the battle agree.
#pragma once

#include <cstdint>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <tl/expected.hpp>

#include "core/check.h"
#include "core/dice/case_table.h"
#include "core/dice/chance_path.h"
#include "core/dice/fraction.h"
#include "core/dice/rng.h"

namespace smoothbore {

// Enumerations stop past this many paths (what `smoothbore odds` will wait for).
inline constexpr long kMaxChancePaths = 4'000'000;

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
  // An outcome drawn from equally likely cases: index i in cases[i] of the sum(cases)
  // cases (each non-negative, the sum positive); face_count_cases() gives the cases of a
  // binomial count of faces. Enumeration carries the counts as exact integers, so the odds
  // stay exact fractions (`smoothbore odds --exact`), which pick()'s doubles cannot.
  // Sampling draws index i with probability cases[i] / sum as a double, through pick().
  virtual int pick_cases(std::span<const BigInt> cases);
  // pick_cases() from a shared, immutable table (a resolution's cached distribution, e.g.
  // face_count_table()): enumeration keeps the table instead of copying the counts and
  // knows a replayed node by the table itself, so a pick costs the same whatever its size.
  // Sampling draws exactly as pick_cases(table->cases) does.
  virtual int pick_table(const CaseTablePtr& table);
  // One die with `sides` faces whose face the caller reads only through `class_of(face)`
  // (an int: e.g. whether a d100 is at most a percentage) and its roll record. Sampling
  // rolls it as roll(sides) does and returns the face; enumeration branches once per class
  // that has faces, weighted exactly by its count of faces, and returns that class's
  // highest face. A d100 against one percentage is two paths instead of 100 (issue 9:
  // fast-1805's exact odds), with the same exact probabilities.
  template <class ClassOf>
  int roll_classed(int sides, ClassOf class_of) {
    if (!enumerating()) return roll(sides);
    std::vector<int> classes;
    classes.reserve(static_cast<std::size_t>(sides));
    for (int face = 1; face <= sides; ++face) classes.push_back(static_cast<int>(class_of(face)));
    return pick_face_class(classes);
  }
  // Whether this Chance enumerates every outcome (exact odds) rather than sampling.
  // Battles sample and log every face, so resolutions roll real dice then; when
  // enumerating they may use pick() with the closed-form distribution instead.
  virtual bool enumerating() const { return false; }

 private:
  // roll_classed's enumeration: classes[f - 1] is face f's class.
  int pick_face_class(const std::vector<int>& classes);
};

class SampledChance final : public Chance {
 public:
  explicit SampledChance(Rng& rng) : rng_(rng) {}
  int roll(int sides) override { return rng_.roll(sides); }
  int pick(std::span<const double> weights) override;

 private:
  Rng& rng_;
};

// One outcome of an enumeration: its probability (the double nearest the exact value) and,
// when every path to it went through dice and case picks only, the exact fraction.
template <class Outcome>
struct ExactOutcome {
  Outcome outcome;
  double probability = 0;
  std::optional<Fraction> fraction;  // nullopt: a path used pick() with floating weights
};

// Runs `f` once per path through its chance nodes (depth-first, re-executing `f` with a
// scripted Chance) and sums the probability of each distinct outcome, exactly where it
// can. `f` must be a pure function of its dice. Outcomes come back sorted by `operator<`.
// More than `max_paths` paths is an error value ("more than N dice paths to enumerate"),
// found as soon as one path's branch counts multiply past it.
template <class Outcome>
tl::expected<std::vector<ExactOutcome<Outcome>>, std::string> enumerate_exact(
    const std::function<Outcome(Chance&)>& f, long max_paths = kMaxChancePaths) {
  std::map<Outcome, PathSum> sums;
  try {
    PathWalker walker(max_paths);
    auto last = sums.end();  // the entry of the previous path
    do {
      Outcome o = f(walker.chance());
      // Paths in a row often end alike (the last die's faces), and counts picked in order
      // end after every kept outcome: a comparison or two instead of a search.
      if (last == sums.end() || !(last->first == o)) {
        last = !sums.empty() && std::prev(sums.end())->first < o
                   ? sums.emplace_hint(sums.end(), std::move(o), PathSum())
                   : sums.try_emplace(std::move(o)).first;
      }
      last->second.add(walker.path());
    } while (walker.next());
  } catch (const TooManyPaths& e) {
    return tl::unexpected(std::string(e.what()));
  }
  std::vector<ExactOutcome<Outcome>> out;
  out.reserve(sums.size());
  while (!sums.empty()) {  // moving each outcome out rather than copying it
    auto node = sums.extract(sums.begin());
    PathSum::Total t = node.mapped().total();
    out.push_back({std::move(node.key()), t.probability, std::move(t.fraction)});
  }
  return out;
}

// enumerate_exact() for callers that need only the doubles and know the paths are few:
// aborts (SB_CHECK) past `max_paths`.
template <class Outcome>
std::vector<std::pair<Outcome, double>> enumerate_outcomes(const std::function<Outcome(Chance&)>& f,
                                                           long max_paths = kMaxChancePaths) {
  auto exact = enumerate_exact(f, max_paths);
  SB_CHECK(exact.has_value(), "too many dice paths to enumerate");
  std::vector<std::pair<Outcome, double>> out;
  out.reserve(exact->size());
  for (auto& e : *exact) out.emplace_back(std::move(e.outcome), e.probability);
  return out;
}

}  // namespace smoothbore
