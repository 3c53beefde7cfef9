// The machinery behind enumerate_exact() (chance.h): a scripted Chance that replays one
// path through a resolution's chance nodes and steps depth-first to the next, and the
// exact sum of the paths that end in one outcome. Not templated on the outcome, so it
// lives in a .cc.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/dice/case_table.h"
#include "core/dice/fraction.h"

namespace smoothbore {

class Chance;

// One chance node on a path: a die, a pick among floating weights or a pick among
// equally likely cases.
struct ChanceBranch {
  enum class Kind { kDie, kWeights, kCases };
  Kind kind = Kind::kDie;
  int face = 1;                 // 1-based face, or 1-based index into weights/cases
  int sides = 1;                // faces, or number of weights/cases
  std::vector<double> weights;  // kWeights
  CaseTablePtr cases;           // kCases: the counts and their total
};

// Thrown out of a resolution being enumerated when one path alone proves there are more
// than the allowed number of paths (each die of n sides splits the rest of the path n
// ways, so the product of a path's branch counts is at most the number of paths).
class TooManyPaths : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Walks every path depth-first. Use: do { f(walker.chance()); use(walker.path()); }
// while (walker.next());
class PathWalker {
 public:
  explicit PathWalker(long max_paths);
  ~PathWalker();
  PathWalker(const PathWalker&) = delete;
  PathWalker& operator=(const PathWalker&) = delete;

  // A fresh scripted Chance that replays the current path and extends it.
  Chance& chance();
  const std::vector<ChanceBranch>& path() const { return path_; }
  // Steps to the next path; false when every path has been walked. Throws TooManyPaths
  // past max_paths.
  bool next();
  long max_paths() const { return max_paths_; }

 private:
  class Scripted;
  std::vector<ChanceBranch> path_;
  std::unique_ptr<Scripted> chance_;  // one per walker, rewound for every path
  long max_paths_;
  long paths_ = 0;
};

// The probability of the paths that end in one outcome. Paths through dice and case
// picks only are summed exactly; a path through a pick with floating weights makes the
// sum approximate (fraction() is then nullopt).
class PathSum {
 public:
  void add(const std::vector<ChanceBranch>& path);
  struct Total {
    double probability = 0;            // the double nearest the exact sum, or the floating sum
    std::optional<Fraction> fraction;  // nullopt when not exact
  };
  Total total() const;
  std::optional<Fraction> fraction() const { return total().fraction; }
  double probability() const { return total().probability; }

 private:
  Fraction exact_part() const;
  // Moves a kept single-table path (single_) into case_sums_.
  void spill_single();
  // The first path when it is one pick from a case table and nothing else (a count of
  // faces, the usual shape of an enumerated resolution): kept as the table and the case,
  // whose reduced fraction the table holds, until a second path arrives.
  CaseTablePtr single_;
  std::size_t single_case_ = 0;
  // Dice-only paths (the common case, no big numbers): paths per denominator.
  std::map<std::uint64_t, std::uint64_t> dice_paths_;
  // Paths through case picks, exactly: the sum of their numerators per denominator, not
  // reduced until the end (one gcd per denominator, not two per path).
  std::vector<std::pair<BigInt, BigInt>> case_sums_;  // (denominator, numerator sum)
  // Paths through floating weights: the weights' product per dice denominator, summed
  // per denominator and divided once (68 faces of a d100 give exactly 0.68). Ascending by
  // denominator (the order they are added up in); seldom more than one.
  std::vector<std::pair<std::uint64_t, double>> weighted_;
};

}  // namespace smoothbore
