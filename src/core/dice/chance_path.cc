#include "core/dice/chance_path.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "core/check.h"
#include "core/dice/chance.h"

namespace smoothbore {

class PathWalker::Scripted final : public Chance {
 public:
  Scripted(std::vector<ChanceBranch>& path, long max_paths) : path_(path), max_paths_(max_paths) {}
  // Back to the start of the path, to replay it.
  void rewind() {
    branches_ = 1;
    next_ = 0;
  }
  int roll(int sides) override {
    SB_CHECK(sides >= 1, "a die needs at least one side");
    if (replaying()) {
      const ChanceBranch& b = path_[next_];
      SB_CHECK(b.kind == ChanceBranch::Kind::kDie && b.sides == sides,
               "resolution is not a pure function of its dice");
      return path_[next_++].face;
    }
    ChanceBranch b;
    b.sides = sides;
    return extend(std::move(b));
  }
  int pick(std::span<const double> weights) override {
    SB_CHECK(!weights.empty(), "nothing to pick from");
    if (replaying()) {
      const ChanceBranch& b = path_[next_];
      // Bit for bit (one memcmp, not a loop over the weights on every path): a pure
      // function computes the same weights the same way.
      SB_CHECK(
          b.kind == ChanceBranch::Kind::kWeights && b.weights.size() == weights.size() &&
              std::memcmp(b.weights.data(), weights.data(), weights.size() * sizeof(double)) == 0,
          "resolution is not a pure function of its dice");
      return path_[next_++].face - 1;
    }
    ChanceBranch b;
    b.kind = ChanceBranch::Kind::kWeights;
    b.sides = static_cast<int>(weights.size());
    b.weights.assign(weights.begin(), weights.end());
    return extend(std::move(b)) - 1;
  }
  int pick_cases(std::span<const BigInt> cases) override {
    SB_CHECK(!cases.empty(), "nothing to pick from");
    if (replaying()) {
      const ChanceBranch& b = path_[next_];
      SB_CHECK(b.kind == ChanceBranch::Kind::kCases && same_cases(*b.cases, cases),
               "resolution is not a pure function of its dice");
      return path_[next_++].face - 1;
    }
    return extend_cases(make_case_table(std::vector<BigInt>(cases.begin(), cases.end())));
  }
  int pick_table(const CaseTablePtr& table) override {
    SB_CHECK(table != nullptr, "no case table");
    if (replaying()) {
      const ChanceBranch& b = path_[next_];
      // The same table is the same counts (tables are immutable and the path keeps its own).
      SB_CHECK(b.kind == ChanceBranch::Kind::kCases &&
                   (b.cases == table || same_cases(*b.cases, table->cases)),
               "resolution is not a pure function of its dice");
      return path_[next_++].face - 1;
    }
    return extend_cases(table);
  }
  bool enumerating() const override { return true; }

 private:
  bool replaying() const { return next_ < path_.size(); }
  static bool same_cases(const CaseTable& t, std::span<const BigInt> cases) {
    return std::equal(t.cases.begin(), t.cases.end(), cases.begin(), cases.end());
  }
  int extend_cases(CaseTablePtr table) {
    ChanceBranch b;
    b.kind = ChanceBranch::Kind::kCases;
    b.sides = static_cast<int>(table->cases.size());
    b.cases = std::move(table);
    return extend(std::move(b)) - 1;
  }
  // A new chance node at the end of the path, on its first branch.
  int extend(ChanceBranch b) {
    // Branch counts multiply along the path and bound the number of paths from below.
    SB_CHECK(b.sides >= 1, "a chance node needs a branch");
    if (branches_ > max_paths_ / b.sides) {
      throw TooManyPaths(fmt::format("more than {} dice paths to enumerate", max_paths_));
    }
    branches_ *= b.sides;
    path_.push_back(std::move(b));
    ++next_;
    return 1;
  }
  std::vector<ChanceBranch>& path_;
  long max_paths_;
  long branches_ = 1;
  std::size_t next_ = 0;
};

PathWalker::PathWalker(long max_paths) : max_paths_(max_paths) {}
PathWalker::~PathWalker() = default;

Chance& PathWalker::chance() {
  if (chance_ == nullptr) chance_ = std::make_unique<Scripted>(path_, max_paths_);
  chance_->rewind();
  return *chance_;
}

bool PathWalker::next() {
  if (++paths_ > max_paths_) {
    throw TooManyPaths(fmt::format("more than {} dice paths to enumerate", max_paths_));
  }
  while (!path_.empty() && path_.back().face == path_.back().sides) path_.pop_back();
  if (path_.empty()) return false;
  ++path_.back().face;
  return true;
}

void PathSum::spill_single() {
  if (single_ == nullptr) return;
  case_sums_.emplace_back(single_->total, single_->cases[single_case_]);
  single_.reset();
}

void PathSum::add(const std::vector<ChanceBranch>& path) {
  const bool first =
      single_ == nullptr && dice_paths_.empty() && case_sums_.empty() && weighted_.empty();
  if (first && path.size() == 1 && path.front().kind == ChanceBranch::Kind::kCases) {
    single_ = path.front().cases;
    single_case_ = static_cast<std::size_t>(path.front().face - 1);
    return;
  }
  spill_single();
  // The dice denominator is at most the path's branch product, bounded by max_paths.
  std::uint64_t denominator = 1;
  bool weighted = false;
  bool cased = false;
  for (const ChanceBranch& b : path) {
    if (b.kind == ChanceBranch::Kind::kDie) denominator *= static_cast<std::uint64_t>(b.sides);
    weighted = weighted || b.kind == ChanceBranch::Kind::kWeights;
    cased = cased || b.kind == ChanceBranch::Kind::kCases;
  }
  if (!weighted && !cased) {
    ++dice_paths_[denominator];
    return;
  }
  if (!weighted) {
    BigInt numerator = 1;
    BigInt total = static_cast<unsigned long>(denominator);
    for (const ChanceBranch& b : path) {
      if (b.kind != ChanceBranch::Kind::kCases) continue;
      numerator *= b.cases->cases[static_cast<std::size_t>(b.face - 1)];
      total *= b.cases->total;
    }
    for (auto& [d, n] : case_sums_) {
      if (d == total) {
        n += numerator;
        return;
      }
    }
    case_sums_.emplace_back(std::move(total), std::move(numerator));
    return;
  }
  double w = 1;
  for (const ChanceBranch& b : path) {
    const auto i = static_cast<std::size_t>(b.face - 1);
    if (b.kind == ChanceBranch::Kind::kWeights) w *= b.weights[i];
    if (b.kind == ChanceBranch::Kind::kCases)
      w *= to_double(make_fraction(b.cases->cases[i], b.cases->total));
  }
  auto at = std::lower_bound(weighted_.begin(), weighted_.end(), denominator,
                             [](const auto& e, std::uint64_t d) { return e.first < d; });
  if (at == weighted_.end() || at->first != denominator)
    at = weighted_.insert(at, {denominator, 0.0});
  at->second += w;
}

Fraction PathSum::exact_part() const {
  // One denominator (the usual case: one path or paths of one shape): no sum to reduce.
  if (case_sums_.size() == 1 && dice_paths_.empty()) {
    return make_fraction(case_sums_.front().second, case_sums_.front().first);
  }
  Fraction sum = 0;
  for (const auto& [denominator, numerator] : case_sums_) {
    sum += make_fraction(numerator, denominator);
  }
  for (const auto& [denominator, paths] : dice_paths_) {
    sum += make_fraction(BigInt(static_cast<unsigned long>(paths)),
                         BigInt(static_cast<unsigned long>(denominator)));
  }
  return sum;
}

PathSum::Total PathSum::total() const {
  // One path through one case table: the table's own reduced fraction (what exact_part()
  // would reduce, numerator cases[i] over the table's total).
  if (single_ != nullptr) {
    return {single_->probability(single_case_), single_->fraction(single_case_)};
  }
  // Only floating weights: no exact part to add (it is 0).
  if (dice_paths_.empty() && case_sums_.empty() && !weighted_.empty()) {
    long double p = 0;
    for (const auto& [denominator, w] : weighted_) {
      p += static_cast<long double>(w) / static_cast<long double>(denominator);
    }
    return {static_cast<double>(p), std::nullopt};
  }
  Fraction exact = exact_part();
  if (weighted_.empty()) {
    const double p = to_double(exact);
    return {p, std::move(exact)};
  }
  long double p = to_double(exact);
  for (const auto& [denominator, w] : weighted_) {
    p += static_cast<long double>(w) / static_cast<long double>(denominator);
  }
  return {static_cast<double>(p), std::nullopt};
}

}  // namespace smoothbore
