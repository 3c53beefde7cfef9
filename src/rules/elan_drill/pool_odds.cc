#include "rules/elan_drill/pool_odds.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <utility>

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

std::uint64_t pools_key(const CloseActionPools& pools) {
  return pack(pools.dice, pools.hit_factor, pools.save_factor, pools.special ? 1 : 0);
}

// A binomial table of face counts with its cases' 64-bit bounds (every case is positive:
// its faces are neither none nor all), kept per thread by (dice, sides, faces): the
// parameters' ranges bound the keys (issue 9: close action looked each table up again, and
// bounded its cases again, for every pool it had not met).
struct BoundedCases {
  CaseTablePtr table;
  std::vector<TopBits> tops;
  TopBits total_top;
};

const BoundedCases& bounded_cases(int dice, int sides, int faces) {
  thread_local std::unordered_map<std::uint64_t, BoundedCases> memo;
  const std::uint64_t key = pack(dice, sides, faces);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  BoundedCases b;
  b.table = face_count_table(dice, sides, faces);
  b.tops.reserve(b.table->cases.size());
  for (const BigInt& c : b.table->cases) b.tops.push_back(top_bits(c));
  b.total_top = top_bits(b.table->total);
  return memo.emplace(key, std::move(b)).first->second;
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
      cases_ = &bounded_cases(dice, sides, faces);
    }
  }
  // Whether `count` is a branch (certain counts have one).
  bool has(int count) const {
    return cases_ == nullptr ? count == certain_
                             : count >= 0 && count < static_cast<int>(cases_->tops.size());
  }
  const BigInt& cases(int count) const {
    return cases_ == nullptr ? one() : cases_->table->cases[static_cast<std::size_t>(count)];
  }
  const BigInt& total() const { return cases_ == nullptr ? one() : cases_->table->total; }
  // Their 64-bit bounds.
  const TopBits& top(int count) const {
    return cases_ == nullptr ? kOneTop : cases_->tops[static_cast<std::size_t>(count)];
  }
  const TopBits& total_top() const { return cases_ == nullptr ? kOneTop : cases_->total_top; }
  int lowest() const { return cases_ == nullptr ? certain_ : 0; }
  int highest() const {
    return cases_ == nullptr ? certain_ : static_cast<int>(cases_->tops.size()) - 1;
  }

 private:
  static const BigInt& one() {
    static const BigInt kOne = 1;
    return kOne;
  }
  static constexpr TopBits kOneTop = {std::uint64_t{1} << 63, 0, -63};  // top_bits(1)
  int certain_ = 0;
  const BoundedCases* cases_ = nullptr;  // the memo's (never dropped)
};

// close-action's casualties as enumerating it gives them, without walking its paths: each
// outcome (hits, casualties, special) is one path whose probability is the product of its
// picks' cases over the product of their totals (PathSum), rounded to the nearest double,
// and the outcomes are summed into their casualties in the order of the enumeration's sorted
// outcomes (hits, then casualties, then special). Each path's ratio is rounded from the
// products' 64-bit bounds when they decide it (issue 9: a GMP product and conversion per
// path were most of the cost), else from the exact products, which round the same.
std::vector<double> close_casualties(const CloseActionPools& pools) {
  std::vector<double> out;
  auto add = [&](int casualties, double p) {
    const auto c = static_cast<std::size_t>(casualties);
    if (out.size() <= c) out.resize(c + 1, 0.0);
    out[c] += p;
  };
  thread_local BigInt numerator, denominator;
  // The double nearest (a · b) / (c · d · e), from the bounds `n` and `den` of the products
  // when they decide it.
  auto ratio = [&](const TopBits& n, const TopBits& den, const BigInt& a, const BigInt& b,
                   const BigInt& c, const BigInt& d, const BigInt& e) {
    const double p = to_double_if_decided(n, den);
    if (!std::isnan(p)) return p;
    numerator = a * b;
    denominator = c * d;
    denominator *= e;
    return to_double(numerator, denominator);
  };
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
  static const BigInt kOne = 1;
  for (int h = hit.lowest(); h <= hit.highest(); ++h) {
    if (h == 0) {  // no saves to roll
      add(0, to_double(hit.cases(0), hit.total()));
      continue;
    }
    if (!pools.special) {
      const FaceCount failed(h, kSides, kSides - success_faces(pools.save_factor));
      const TopBits den = hit.total_top() * failed.total_top();
      for (int c = failed.lowest(); c <= failed.highest(); ++c) {
        add(c, ratio(hit.top(h) * failed.top(c), den, hit.cases(h), failed.cases(c), hit.total(),
                     failed.total(), kOne));
      }
      continue;
    }
    // Natural 12s first, then the other h - s dice (`rest`).
    const FaceCount twelves(h, kSides, 1);
    auto others = [&](int s) -> const FaceCount& { return rest[static_cast<std::size_t>(h - s)]; };
    // The path's factors that depend on s alone, bounded once per s (issue 9: four
    // products a path before).
    const TopBits hs_den = hit.total_top() * twelves.total_top();
    thread_local std::vector<TopBits> s_numerators, s_denominators;
    if (s_numerators.size() <= static_cast<std::size_t>(h)) {
      s_numerators.resize(static_cast<std::size_t>(h) + 1);
      s_denominators.resize(static_cast<std::size_t>(h) + 1);
    }
    for (int s = 0; s <= h; ++s) {
      if (!twelves.has(s)) continue;
      const auto i = static_cast<std::size_t>(s);
      s_numerators[i] = hit.top(h) * twelves.top(s);
      s_denominators[i] = hs_den * others(s).total_top();
    }
    for (int c = 0; c <= h; ++c) {
      for (int s = 0; s <= c; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const FaceCount& other = others(s);
        if (!twelves.has(s) || !other.has(c - s)) continue;
        const double p =
            to_double_if_decided(s_numerators[i] * other.top(c - s), s_denominators[i]);
        if (!std::isnan(p)) {
          add(c, p);
          continue;
        }
        numerator = hit.cases(h) * twelves.cases(s);
        numerator *= other.cases(c - s);
        denominator = hit.total() * twelves.total();
        denominator *= other.total();
        add(c, to_double(numerator, denominator));
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
  return kept(memo, pools_key(pools), [&] { return close_casualties(pools); });
}

namespace {

struct ChargeKey {
  std::uint64_t mine, theirs, target, charger;
  bool operator==(const ChargeKey&) const = default;
};

struct ChargeKeyHash {
  std::size_t operator()(const ChargeKey& k) const {
    std::uint64_t h = k.mine;
    for (const std::uint64_t v : {k.theirs, k.target, k.charger}) {
      h = (h ^ v) * 0x9E3779B97F4A7C15ULL;
      h ^= h >> 29;
    }
    return static_cast<std::size_t>(h);
  }
};

ChargeRound charge_round_now(const CloseActionPools& mine_pools,
                             const CloseActionPools& theirs_pools, const ElanTestPools& target,
                             const ElanTestPools& charger) {
  const auto& mine = casualty_distribution(mine_pools);
  const auto& theirs = casualty_distribution(theirs_pools);
  // Each side's round-1 test (L38) is found once; only the figures lost more vary, counted
  // up to 12 (the tests past 12 are the test at 12).
  auto test = [](const ElanTestPools& pools, int lost_more) {
    return &failure_distribution(pools.at(lost_more));
  };
  std::array<const std::vector<double>*, 13> target_tests{}, charger_tests{};
  double more = 0, worse = 0, by_me = 0;
  for (std::size_t x = 0; x < mine.size(); ++x) {
    by_me += static_cast<double>(x) * mine[x];
    for (std::size_t y = 0; y < theirs.size(); ++y) {
      const double pxy = mine[x] * theirs[y];
      if (pxy < 1e-9) continue;
      const int diff = static_cast<int>(x) - static_cast<int>(y);
      const int target_more = std::min(std::max(diff, 0), 12);
      const int charger_more = std::min(std::max(-diff, 0), 12);
      auto& target_test = target_tests[static_cast<std::size_t>(target_more)];
      if (target_test == nullptr) target_test = test(target, target_more);
      auto& charger_test = charger_tests[static_cast<std::size_t>(charger_more)];
      if (charger_test == nullptr) charger_test = test(charger, charger_more);
      const std::vector<double>& ft = *target_test;
      const std::vector<double>& fc = *charger_test;
      // The terms i > j into `more` and j >= i + 2 into `worse`, each added in the order
      // of the full i, j walk (issue 9: the same sums, bit for bit, without visiting
      // the pairs that add to neither); pxy * ft[i] * fc[j] is (pxy * ft[i]) * fc[j].
      for (std::size_t i = 0; i < ft.size(); ++i) {
        const double pi = pxy * ft[i];
        const std::size_t below = std::min(i, fc.size());
        for (std::size_t j = 0; j < below; ++j) more += pi * fc[j];
        for (std::size_t j = i + 2; j < fc.size(); ++j) worse += pi * fc[j];
      }
    }
  }
  return {more, worse, by_me};
}

}  // namespace

ChargeRound charge_round(const CloseActionPools& mine, const CloseActionPools& theirs,
                         const ElanTestPools& target, const ElanTestPools& charger) {
  thread_local std::unordered_map<ChargeKey, ChargeRound, ChargeKeyHash> memo;
  const ChargeKey key{pools_key(mine), pools_key(theirs), target.key(), charger.key()};
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  // Bounded (a bench fights thousands of battles); the rounds are returned by value.
  if (memo.size() >= 1u << 16) memo.clear();
  return memo.emplace(key, charge_round_now(mine, theirs, target, charger)).first->second;
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
