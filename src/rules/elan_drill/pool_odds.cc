#include "rules/elan_drill/pool_odds.h"

#include <array>
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "core/dice/chance.h"
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
  return kept(
      memo, pack(pools.dice, pools.hit_factor, pools.save_factor, pools.special ? 1 : 0), [&] {
        // close-action's outcomes are (hits, casualties, special), in that order.
        using Round = std::array<int, 3>;
        const std::function<Round(Chance&)> f = [&](Chance& c) {
          const int hits = roll_pool(pools.dice, pools.hit_factor, c, nullptr).successes;
          const SaveResult saved = roll_saves(hits, pools.save_factor, pools.special, c, nullptr);
          return Round{hits, saved.casualties, saved.special};
        };
        return value_distribution(f, [](const Round& r) { return r[1]; });
      });
}

}  // namespace smoothbore::elan_drill
