// For enumerating the fire resolutions (`smoothbore odds`): the closed forms kept per
// thread, and skirmish fire's exact case counts. Battles never come here: they roll real
// dice.
#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "core/dice/case_table.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/fire_resolutions_detail.h"

namespace smoothbore::fire_and_discipline {

namespace {

constexpr int kD10 = 10;

// `compute(dice, hit_faces)` once per thread and key: enumeration re-runs a resolution once
// per outcome, and the closed forms cost a pow per count (a skirmish volley of 100 dice, a
// 400-state recurrence per die). Bounded: cleared past 4,096 keys.
template <class T, class F>
const T& cached(std::map<std::pair<int, int>, T>& cache, int dice, int hit_faces, F compute) {
  constexpr std::size_t kMaxKeys = 4096;
  const auto key = std::make_pair(dice, hit_faces);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  if (cache.size() >= kMaxKeys) cache.clear();
  return cache.emplace(key, compute(dice, hit_faces)).first->second;
}

// The exact cases of skirmish fire (§7.15, FD-04): index casualties × 4 + effect, each d10
// hitting on `hit_faces` faces and each hit rolling the table's 3d10 for 9s. A die has
// 10 × 10^3 equally likely cases: (10 − h) × 10^3 misses and h × C(3, n) × 9^(3−n) hits
// with n nines, so the counts are the real dice's paths, summed.
std::vector<BigInt> skirmish_fire_cases(int dice, int hit_faces) {
  const FireTables& t = fire_tables();
  const std::vector<BigInt> nines = face_count_cases(t.skirmish_dice, kD10, 1);
  BigInt all_nines = 1;  // 10^3: the cases of one skirmish hit's dice
  for (const BigInt& n : nines) all_nines += n;
  all_nines -= 1;
  const BigInt miss = BigInt(kD10 - hit_faces) * all_nines;
  std::vector<BigInt> state(static_cast<std::size_t>(dice + 1) * 4, BigInt(0));
  state[0] = 1;
  for (int i = 0; i < dice; ++i) {
    std::vector<BigInt> next(state.size(), BigInt(0));
    for (std::size_t s = 0; s < state.size(); ++s) {
      if (sgn(state[s]) == 0) continue;
      next[s] += state[s] * miss;
      const std::size_t c = s / 4;
      const std::size_t e = s % 4;
      for (std::size_t n = 0; n < nines.size(); ++n) {
        const SkirmishResultRow& row = t.skirmish_results[n];
        const std::size_t c2 = c + static_cast<std::size_t>(row.casualties);
        const std::size_t e2 = std::max(e, static_cast<std::size_t>(row.effect));
        next[c2 * 4 + e2] += state[s] * hit_faces * nines[n];
      }
    }
    state = std::move(next);
  }
  return state;
}

detail::SkirmishTable skirmish_table(int dice, int hit_faces) {
  detail::SkirmishTable out;
  std::vector<BigInt> nonzero;
  const std::vector<BigInt> all = skirmish_fire_cases(dice, hit_faces);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (sgn(all[i]) == 0) continue;
    nonzero.push_back(all[i]);
    out.index.push_back(static_cast<int>(i));
  }
  out.table = make_case_table(std::move(nonzero));
  return out;
}

}  // namespace

const std::vector<double>& hit_count_weights(int dice, int hit_faces) {
  thread_local std::map<std::pair<int, int>, std::vector<double>> cache;
  return cached(cache, dice, hit_faces, hit_count_distribution);
}

namespace detail {

const std::vector<double>& skirmish_fire_weights(int dice, int hit_faces) {
  thread_local std::map<std::pair<int, int>, std::vector<double>> cache;
  return cached(cache, dice, hit_faces, skirmish_fire_distribution);
}

const SkirmishTable& skirmish_case_table(int dice, int hit_faces) {
  thread_local std::map<std::pair<int, int>, SkirmishTable> cache;
  return cached(cache, dice, hit_faces, skirmish_table);
}

}  // namespace detail

}  // namespace smoothbore::fire_and_discipline
