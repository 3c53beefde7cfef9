#include "rules/elan_drill/pool_odds.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <utility>

#include "core/check.h"
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

// Answers kept per thread by what a pool's enumeration comes down to: roll_pool picks
// success_faces(factor) faces on max(dice, 0) dice, so factors past the faces' range share
// an answer. Pools of fewer than kFlatDice dice find theirs by index (issue 9: a hash
// lookup per ask, and a charge's round the doctrine had not met asked up to 26), larger
// ones in a map. Never dropped (the parameters' ranges bound the keys), so a caller may
// hold several.
template <class T>
class PoolKept {
 public:
  template <class Compute>
  const T& get(const PoolDice& pool, Compute compute) {
    const int dice = std::max(pool.dice, 0);
    const int faces = success_faces(pool.factor);
    if (dice >= kFlatDice) {
      const std::uint64_t key = pack(dice, faces);
      if (auto it = large_.find(key); it != large_.end()) return it->second;
      return large_.emplace(key, compute()).first->second;
    }
    std::unique_ptr<T>& slot = flat_[static_cast<std::size_t>(dice * (kSides + 1) + faces)];
    if (slot == nullptr) slot = std::make_unique<T>(compute());
    return *slot;
  }

 private:
  static constexpr int kFlatDice = 64;
  std::vector<std::unique_ptr<T>> flat_ =
      std::vector<std::unique_ptr<T>>(static_cast<std::size_t>(kFlatDice * (kSides + 1)));
  std::unordered_map<std::uint64_t, T> large_;
};

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
  // Whether the count is certain (its one branch has a case and a total of 1).
  bool certain() const { return cases_ == nullptr; }
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

__extension__ typedef unsigned __int128 U128;  // GCC and Clang on 64-bit targets

// A round of saves is exact in 128-bit integers while its totals' product, 12^k (hits and
// natural 12s on 12 faces; the other dice's 11^n cancels: see close_casualties), stays
// below 2^126.
constexpr int kMaxTwelves = 35;

// v (0 <= v < 2^128) in 128 bits.
U128 as_u128(const BigInt& v) {
  const mpz_srcptr z = v.get_mpz_t();
  const std::size_t limbs = mpz_size(z);
  SB_CHECK(mpz_sgn(z) >= 0 && limbs <= 2, "not a 128-bit count");
  U128 out = 0;
  for (std::size_t i = limbs; i-- > 0;) {
    out = out << 64 | static_cast<std::uint64_t>(mpz_getlimbn(z, static_cast<mp_size_t>(i)));
  }
  return out;
}

int bit_width(U128 v) {
  const auto high = static_cast<std::uint64_t>(v >> 64);
  return static_cast<int>(high != 0 ? 64 + std::bit_width(high)
                                    : std::bit_width(static_cast<std::uint64_t>(v)));
}

// C(n, k), 11^n and 3^n for n up to kMaxTwelves, exact.
struct SmallCounts {
  std::array<std::array<std::uint64_t, kMaxTwelves + 1>, kMaxTwelves + 1> binomial{};
  std::array<U128, kMaxTwelves + 1> elevens{};
  std::array<std::uint64_t, kMaxTwelves + 1> threes{};
};
const SmallCounts& small_counts() {
  static const SmallCounts kCounts = [] {
    SmallCounts c;
    for (int n = 0; n <= kMaxTwelves; ++n) {
      const auto i = static_cast<std::size_t>(n);
      c.binomial[i][0] = 1;
      for (std::size_t k = 1; k <= i; ++k)
        c.binomial[i][k] = c.binomial[i - 1][k - 1] + c.binomial[i - 1][k];
      c.elevens[i] = n == 0 ? 1 : c.elevens[i - 1] * 11;
      c.threes[i] = n == 0 ? 1 : c.threes[i - 1] * 3;
    }
    return c;
  }();
  return kCounts;
}

// num / den and its remainder, the quotient known to fit 64 bits (num < den · 2^64): one
// divq on x86-64 (issue 9: the library's 128-bit division and a product for the remainder
// were a third of a path's rounding).
void divide(U128 num, std::uint64_t den, std::uint64_t* quotient, std::uint64_t* remainder) {
#if defined(__x86_64__)
  auto high = static_cast<std::uint64_t>(num >> 64);
  auto low = static_cast<std::uint64_t>(num);
  __asm__("divq %[den]" : "+a"(low), "+d"(high) : [den] "rm"(den) : "cc");
  *quotient = low;
  *remainder = high;
#else
  *quotient = static_cast<std::uint64_t>(num / den);
  *remainder = static_cast<std::uint64_t>(num % den);
#endif
}

// The double nearest n / 12^k (0 < n <= 12^k, k <= kMaxTwelves), as to_double rounds the
// ratio: 12^k = 3^k · 4^k, so n / 3^k is taken to 64 bits by one integer division (n or 3^k
// shifted), rounded to 53 bits to nearest, ties to even, with the remainder as the sticky
// bit (to_double_by_division's steps), and scaled by 4^-k.
double over_twelve_to(U128 n, int k) {
  const std::uint64_t three = small_counts().threes[static_cast<std::size_t>(k)];
  const int e = 63 - (bit_width(n) - static_cast<int>(std::bit_width(three)));
  U128 num = n;
  std::uint64_t den = three;
  if (e >= 0) {
    num <<= e;  // below 2^(63 + 56)
  } else {
    den <<= -e;  // below 2^63: n < 2^126
  }
  // The quotient, in [2^62, 2^64), and whether a remainder is left.
  std::uint64_t q = 0;
  std::uint64_t remainder = 0;
  divide(num, den, &q, &remainder);
  const bool sticky = remainder != 0;
  const int drop = (q >> 63) != 0 ? 11 : 10;  // keep 53 of q's 64 or 63 bits
  std::uint64_t mantissa = q >> drop;
  const std::uint64_t rest = q & ((std::uint64_t{1} << drop) - 1);
  const std::uint64_t half = std::uint64_t{1} << (drop - 1);
  if (rest > half || (rest == half && (sticky || (mantissa & 1) != 0))) ++mantissa;
  long exponent = drop - e - 2L * k;         // the value is mantissa · 2^exponent
  if (mantissa == std::uint64_t{1} << 53) {  // rounded up to the next power of two
    mantissa >>= 1;
    ++exponent;
  }
  // The double 1.f · 2^(exponent + 52), far from the subnormals (n / 12^k > 2^-126).
  const auto biased = static_cast<std::uint64_t>(exponent + 52 + 1023);
  return std::bit_cast<double>(biased << 52 | (mantissa & ((std::uint64_t{1} << 52) - 1)));
}

// close-action's casualties as enumerating it gives them, without walking its paths: each
// outcome (hits, casualties, special) is one path whose probability is the product of its
// picks' cases over the product of their totals (PathSum), rounded to the nearest double,
// and the outcomes are summed into their casualties in the order of the enumeration's sorted
// outcomes (hits, then casualties, then special). Each path's ratio is n / 12^k, rounded
// exactly from 128-bit integers while 12^k < 2^126 (over_twelve_to: pools of up to 17
// dice, most of a battle's); past it, from the products' 64-bit bounds when they decide it
// (issue 9: a GMP product and conversion per path were most of the cost), else from the
// exact products. Each way gives the double nearest the ratio.
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
      // Exactly while 12^k stays below 2^126, as with special casualties below: a path's
      // ratio is hits(h) · failed(c) over their totals, 12^dice and 12^h (or 1, certain).
      if (const int k = (hit.certain() ? 0 : pools.dice) + (failed.certain() ? 0 : h);
          k <= kMaxTwelves) {
        const U128 hits = as_u128(hit.cases(h));
        for (int c = failed.lowest(); c <= failed.highest(); ++c) {
          add(c, over_twelve_to(failed.certain() ? hits : hits * as_u128(failed.cases(c)), k));
        }
        continue;
      }
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
    // Exactly, in 128-bit integers, when the totals allow (issue 9: the bounds' products and
    // division, and the loop's calls, were some 300 instructions a path; a warm battle still
    // meets a dozen new pools). A path's ratio is hits(h) · C(h, s) 11^(h-s) · others(c-s)
    // over 12^dice · 12^h · 11^(h-s) (the others' total, when they are a table; their
    // certain count's is 1): the 11^(h-s) cancels, leaving n / 12^k.
    const int k = (hit.certain() ? 0 : pools.dice) + h;
    if (k <= kMaxTwelves) {
      const SmallCounts& small = small_counts();
      const U128 hits = as_u128(hit.cases(h));
      thread_local std::vector<U128> by_s;  // hits(h) · C(h, s) · what of 11^(h-s) is left
      by_s.resize(static_cast<std::size_t>(h) + 1);
      for (int s = 0; s <= h; ++s) {
        const auto i = static_cast<std::size_t>(s);
        by_s[i] = hits * small.binomial[static_cast<std::size_t>(h)][i] *
                  (others(s).certain() ? small.elevens[static_cast<std::size_t>(h - s)] : 1);
      }
      for (int c = 0; c <= h; ++c) {
        for (int s = 0; s <= c; ++s) {
          const FaceCount& other = others(s);
          if (!other.has(c - s)) continue;
          const U128 n = other.certain()
                             ? by_s[static_cast<std::size_t>(s)]
                             : by_s[static_cast<std::size_t>(s)] * as_u128(other.cases(c - s));
          add(c, over_twelve_to(n, k));
        }
      }
      continue;
    }
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
  thread_local PoolKept<std::vector<double>> memo;
  return memo.get(pool, [&] {
    // The outcomes of elan-test are ordered by failures, each failure count one outcome.
    const std::function<int(Chance&)> f = [&](Chance& c) {
      return roll_pool(pool.dice, pool.factor, c, nullptr).failures;
    };
    return value_distribution(f, [](int failures) { return failures; });
  });
}

double success_mean(const PoolDice& pool) {
  thread_local PoolKept<double> memo;
  return memo.get(pool, [&] {
    const std::function<int(Chance&)> f = [&](Chance& c) {
      return roll_pool(pool.dice, pool.factor, c, nullptr).successes;
    };
    double sum = 0;
    for (const auto& [successes, probability] : enumerate_outcomes(f)) {
      sum += probability * static_cast<double>(successes);
    }
    return sum;
  });
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
