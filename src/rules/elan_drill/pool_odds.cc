#include "rules/elan_drill/pool_odds.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "core/dice/case_table.h"
#include "core/dice/chance.h"
#include "core/dice/fraction.h"
#include "rules/elan_drill/pool.h"

namespace smoothbore::elan_drill {

namespace {

// Sums P(outcome) into P(value) as BattleED::distribution does over the resolution's sorted
// outcomes: `value_of` picks the asked field of an outcome.
template <class Outcome, class Value>
std::vector<double> value_distribution(const std::function<Outcome(Chance&)>& f, Value value_of) {
  std::vector<double> out;
  for (const auto& [outcome, probability] : enumerate_outcomes(f)) {
    const auto v = static_cast<std::size_t>(value_of(outcome));
    if (out.size() <= v) out.resize(v + 1, 0.0);
    out[v] += probability;
  }
  return out;
}

// The distribution kept under `key`, computed by `compute()` the first time this thread
// asks. Never dropped, so a caller may hold several: the parameters' ranges bound the keys
// (a battle meets a few hundred).
template <class Compute>
const std::vector<double>& kept(std::unordered_map<std::uint64_t, std::vector<double>>& memo,
                                std::uint64_t key, Compute compute) {
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  return memo.emplace(key, compute()).first->second;
}

// Each field in 16 bits, offset so that the negative factors a modifier can reach pack too.
std::uint64_t pack(int a, int b, int c = 0, int d = 0) {
  auto field = [](int v) { return static_cast<std::uint64_t>(static_cast<std::uint16_t>(v)); };
  return field(a) | field(b) << 16 | field(c) << 32 | field(d) << 48;
}

// A count of faces as pick_face_count() picks it: certain (no chance node), or each count
// from its binomial cases.
class FaceCount {
 public:
  FaceCount(int dice, int sides, int faces) {
    if (dice <= 0 || faces <= 0) {
      certain_ = 0;
    } else if (faces >= sides) {
      certain_ = dice;
    } else {
      table_ = face_count_table(dice, sides, faces);
    }
  }
  // Whether `count` is a branch (certain counts have one).
  bool has(int count) const {
    return table_ == nullptr ? count == certain_
                             : count >= 0 && count < static_cast<int>(table_->cases.size());
  }
  const BigInt& cases(int count) const {
    return table_ == nullptr ? one() : table_->cases[static_cast<std::size_t>(count)];
  }
  const BigInt& total() const { return table_ == nullptr ? one() : table_->total; }
  int lowest() const { return table_ == nullptr ? certain_ : 0; }
  int highest() const {
    return table_ == nullptr ? certain_ : static_cast<int>(table_->cases.size()) - 1;
  }

 private:
  static const BigInt& one() {
    static const BigInt kOne = 1;
    return kOne;
  }
  int certain_ = 0;
  CaseTablePtr table_;
};

// close-action's casualties as enumerating it gives them, without walking its paths: each
// outcome (hits, casualties, special) is one path whose probability is the product of its
// picks' cases over the product of their totals (PathSum), rounded to the nearest double,
// and the outcomes are summed into their casualties in the order of the enumeration's sorted
// outcomes (hits, then casualties, then special).
std::vector<double> close_casualties(const CloseActionPools& pools) {
  std::vector<double> out;
  auto add = [&](int casualties, double p) {
    const auto c = static_cast<std::size_t>(casualties);
    if (out.size() <= c) out.resize(c + 1, 0.0);
    out[c] += p;
  };
  thread_local BigInt numerator, denominator, hs_denominator;
  const FaceCount hit(pools.dice, kSides, success_faces(pools.hit_factor));
  // With special casualties, the dice that are not 12s fail on the faces above the factor
  // (roll_saves): their counts for each number of such dice, found once for every count of
  // hits (issue 9: each count of hits looked its tables up again).
  const int failing = kSides - 1 - std::clamp(pools.save_factor, 0, kSides - 1);
  std::vector<FaceCount> rest;
  if (pools.special) {
    rest.reserve(static_cast<std::size_t>(std::max(hit.highest(), 0)) + 1);
    for (int n = 0; n <= hit.highest(); ++n) rest.emplace_back(n, kSides - 1, failing);
  }
  for (int h = hit.lowest(); h <= hit.highest(); ++h) {
    if (h == 0) {  // no saves to roll
      add(0, to_double(hit.cases(0), hit.total()));
      continue;
    }
    if (!pools.special) {
      const FaceCount failed(h, kSides, kSides - success_faces(pools.save_factor));
      denominator = hit.total() * failed.total();
      for (int c = failed.lowest(); c <= failed.highest(); ++c) {
        numerator = hit.cases(h) * failed.cases(c);
        add(c, to_double(numerator, denominator));
      }
      continue;
    }
    // Natural 12s first, then the other h - s dice (`rest`).
    const FaceCount twelves(h, kSides, 1);
    auto others = [&](int s) -> const FaceCount& { return rest[static_cast<std::size_t>(h - s)]; };
    // The path's factors that depend on s alone, multiplied once per s (issue 9: four
    // products a path before; the same integers, so the same doubles).
    hs_denominator = hit.total() * twelves.total();
    thread_local std::vector<BigInt> s_numerators, s_denominators;
    if (s_numerators.size() <= static_cast<std::size_t>(h)) {
      s_numerators.resize(static_cast<std::size_t>(h) + 1);
      s_denominators.resize(static_cast<std::size_t>(h) + 1);
    }
    for (int s = 0; s <= h; ++s) {
      if (!twelves.has(s)) continue;
      const auto i = static_cast<std::size_t>(s);
      s_numerators[i] = hit.cases(h) * twelves.cases(s);
      s_denominators[i] = hs_denominator * others(s).total();
    }
    for (int c = 0; c <= h; ++c) {
      for (int s = 0; s <= c; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const FaceCount& other = others(s);
        if (!twelves.has(s) || !other.has(c - s)) continue;
        numerator = s_numerators[i] * other.cases(c - s);
        add(c, to_double(numerator, s_denominators[i]));
      }
    }
  }
  return out;
}

}  // namespace

const std::vector<double>& failure_distribution(const PoolDice& pool) {
  thread_local std::unordered_map<std::uint64_t, std::vector<double>> memo;
  return kept(memo, pack(pool.dice, pool.factor), [&] {
    // The outcomes of elan-test are ordered by failures, each failure count one outcome.
    const std::function<int(Chance&)> f = [&](Chance& c) {
      return roll_pool(pool.dice, pool.factor, c, nullptr).failures;
    };
    return value_distribution(f, [](int failures) { return failures; });
  });
}

double success_mean(const PoolDice& pool) {
  thread_local std::unordered_map<std::uint64_t, double> memo;
  const std::uint64_t key = pack(pool.dice, pool.factor);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  const std::function<int(Chance&)> f = [&](Chance& c) {
    return roll_pool(pool.dice, pool.factor, c, nullptr).successes;
  };
  double sum = 0;
  for (const auto& [successes, probability] : enumerate_outcomes(f)) {
    sum += probability * static_cast<double>(successes);
  }
  return memo.emplace(key, sum).first->second;
}

const std::vector<double>& casualty_distribution(const CloseActionPools& pools) {
  thread_local std::unordered_map<std::uint64_t, std::vector<double>> memo;
  return kept(memo, pack(pools.dice, pools.hit_factor, pools.save_factor, pools.special ? 1 : 0),
              [&] { return close_casualties(pools); });
}

const CloseToMeleeOdds& close_to_melee_odds(const CloseToMeleeSituation& s) {
  thread_local std::unordered_map<std::uint64_t, CloseToMeleeOdds> memo;
  const PoolDice pool = close_to_melee_pool(s);
  const std::uint64_t key = pack(pool.dice, pool.factor, s.elan.dms | s.elan.options.break_dms << 8,
                                 (s.defender ? 1 : 0) | (s.dm_count_before ? 2 : 0));
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  const std::function<Outcome(Chance&)> f = [&](Chance& c) {
    return roll_close_to_melee(s, c, nullptr);
  };
  CloseToMeleeOdds odds;
  const Value yes(true), none(std::int64_t{0});
  for (const auto& [outcome, probability] : enumerate_outcomes(f)) {
    for (const auto& [k, v] : outcome) {
      if (k == "contact" && v == yes) odds.contact += probability;
      if (k == "broken" && v == yes) odds.broken += probability;
      if (k == "failures" && v == none) odds.steady += probability;
    }
  }
  return memo.emplace(key, odds).first->second;
}

double shot_hits_mean(const ShotSituation& s) {
  thread_local std::unordered_map<std::uint64_t, double> memo;
  const std::uint64_t key = shot_odds_key(s);
  if (key != 0) {
    if (auto it = memo.find(key); it != memo.end()) return it->second;
  }
  const std::function<Outcome(Chance&)> f = [&](Chance& c) {
    return roll_shot(s, c, nullptr).fields;
  };
  double sum = 0;
  for (const auto& [outcome, probability] : enumerate_outcomes(f)) {
    for (const auto& [k, v] : outcome) {
      if (k == "hits") sum += probability * as_number(v);
    }
  }
  if (key != 0) memo.emplace(key, sum);
  return sum;
}

}  // namespace smoothbore::elan_drill
