// elan-drill's exact odds kept per thread (BattleED::expected, probability, distribution; issue
// 9): on random situations, asked twice (once computed, once kept), each answer is the one the
// uncached enumeration gives, bit for bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <tuple>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/pool_odds.h"
#include "rules/registry.h"
#include "rules/resolution.h"

namespace smoothbore::elan_drill {
namespace {

// Random valid parameters of a resolution from its schema (small integers: quick to enumerate).
std::map<std::string, Value> random_given(const Resolution& r, std::mt19937& rng) {
  std::map<std::string, Value> out;
  for (const ParamSpec& s : r.params) {
    if (rng() % 3 == 0) continue;  // left at its default
    switch (s.type) {
      case ParamType::kBool:
        out[s.name] = Value(rng() % 2 == 0);
        break;
      case ParamType::kInt: {
        const auto lo = static_cast<std::int64_t>(s.min);
        const auto hi = std::min(static_cast<std::int64_t>(s.max), lo + 6);
        out[s.name] =
            Value(lo + static_cast<std::int64_t>(rng() % static_cast<unsigned>(hi - lo + 1)));
        break;
      }
      case ParamType::kNumber:
        out[s.name] =
            Value(std::uniform_real_distribution<double>(s.min, std::min(s.max, s.min + 30))(rng));
        break;
      case ParamType::kChoice:
        out[s.name] = Value(s.choices[rng() % s.choices.size()]);
        break;
      case ParamType::kString:
        break;
    }
  }
  return out;
}

std::vector<double> uncached_distribution(const Resolution& r, const Params& p,
                                          const std::string& field) {
  std::vector<double> out;
  for (const OutcomeProbability& op : exact_distribution(r, p)) {
    for (const auto& [k, v] : op.outcome) {
      if (k != field) continue;
      const auto c = static_cast<std::size_t>(as_number(v));
      if (out.size() <= c) out.resize(c + 1, 0.0);
      out[c] += op.probability;
    }
  }
  return out;
}

TEST(ElanDrillOddsMemo, KeptAnswersAreTheEnumeration) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  std::mt19937 rng(9);
  const std::vector<std::pair<std::string, std::string>> asked = {
      {"close-action", "casualties"}, {"elan-test", "failures"}, {"small-arms", "hits"}};
  for (int trial = 0; trial < 20; ++trial) {
    for (const auto& [name, field] : asked) {
      const Resolution* r = rs->resolution(name);
      ASSERT_NE(r, nullptr) << name;
      const auto given = random_given(*r, rng);
      const Params full = rs->battle_params(name, given);
      const std::vector<double> dist = uncached_distribution(*r, full, field);
      const double mean = outcome_mean(*r, full, field);
      const double p0 = outcome_probability(*r, full, field, Value(std::int64_t{0}));
      for (int twice = 0; twice < 2; ++twice) {
        EXPECT_EQ(BattleED::distribution(name, given, field), dist) << name << " " << trial;
        EXPECT_EQ(BattleED::expected(name, given, field), mean) << name << " " << trial;
        EXPECT_EQ(BattleED::probability(name, given, field, Value(std::int64_t{0})), p0)
            << name << " " << trial;
      }
    }
  }
}

// The distributions kept by pool (pool_odds.h) are the enumerated resolution's, bit for bit,
// on random situations (the schema's full ranges: large pools, negative factors, flags).
TEST(ElanDrillOddsMemo, PoolDistributionsAreTheEnumeration) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  std::mt19937 rng(11);
  const Resolution* close = rs->resolution("close-action");
  const Resolution* test = rs->resolution("elan-test");
  for (int trial = 0; trial < 60; ++trial) {
    auto close_given = random_given(*close, rng);
    close_given["figures"] = Value(std::int64_t{1 + static_cast<std::int64_t>(rng() % 16)});
    const std::vector<double> casualties =
        uncached_distribution(*close, rs->battle_params("close-action", close_given), "casualties");
    const auto test_given = random_given(*test, rng);
    const std::vector<double> failures =
        uncached_distribution(*test, rs->battle_params("elan-test", test_given), "failures");
    for (int twice = 0; twice < 2; ++twice) {
      EXPECT_EQ(BattleED::casualty_distribution(close_given), casualties) << trial;
      EXPECT_EQ(failure_distribution(elan_test_pool(rs->battle_params("elan-test", test_given))),
                failures)
          << trial;
    }
  }
}

// A pool's failures and mean successes are kept by its dice and success faces (factors
// past 0..12 share an answer, negative dice are none; small pools by index, pools of 64
// dice or more in a map): asked for every factor from -3 to 15, each answer is the
// enumeration of that pool itself, whichever factor of its faces was asked first.
TEST(ElanDrillOddsMemo, PoolOddsKeptByFacesAreTheEnumeration) {
  for (const int dice : {-2, 0, 1, 2, 5, 9, 17, 30, 63, 64, 70}) {
    for (const int first : {-3, 15, 6}) {
      for (int step = 0; step <= 19; ++step) {
        const int factor = step == 0 ? first : step - 4;
        const std::function<int(Chance&)> failed = [&](Chance& c) {
          return roll_pool(dice, factor, c, nullptr).failures;
        };
        const std::function<int(Chance&)> succeeded = [&](Chance& c) {
          return roll_pool(dice, factor, c, nullptr).successes;
        };
        std::vector<double> failures;
        for (const auto& [n, probability] : enumerate_outcomes(failed)) {
          const auto i = static_cast<std::size_t>(n);
          if (failures.size() <= i) failures.resize(i + 1, 0.0);
          failures[i] += probability;
        }
        double mean = 0;
        for (const auto& [n, probability] : enumerate_outcomes(succeeded)) {
          mean += probability * static_cast<double>(n);
        }
        EXPECT_EQ(failure_distribution({dice, factor}), failures) << dice << " " << factor;
        EXPECT_EQ(success_mean({dice, factor}), mean) << dice << " " << factor;
      }
    }
  }
}

// Larger pools too (up to 40 blows: the products of cases outgrow 64 bits and the paths'
// ratios are mostly rounded from their bounds, fraction.h: TopBits).
TEST(ElanDrillOddsMemo, LargeCloseActionPoolsAreTheEnumeration) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  std::mt19937 rng(17);
  const Resolution* close = rs->resolution("close-action");
  for (int trial = 0; trial < 6; ++trial) {
    auto close_given = random_given(*close, rng);
    close_given["figures"] = Value(std::int64_t{17 + static_cast<std::int64_t>(rng() % 24)});
    const std::vector<double> casualties =
        uncached_distribution(*close, rs->battle_params("close-action", close_given), "casualties");
    EXPECT_EQ(BattleED::casualty_distribution(close_given), casualties) << trial;
  }
}

// A round of close action's casualties (close_casualties: exact in 128-bit integers while
// 12^(dice + hits) stays below 2^126, else from the products' bounds) is the enumeration of
// its hits and saves, bit for bit: every hit and save factor at and past the faces' range,
// with and without special casualties, pools of up to 17 dice (all in 128 bits) and of 18 to
// 24 (their larger counts of hits past it).
TEST(ElanDrillOddsMemo, CloseActionCasualtiesAreTheEnumerationAtEveryFactor) {
  for (const int dice : {1, 2, 3, 5, 8, 11, 17, 18, 24}) {
    for (const int hit_factor : {-1, 0, 1, 4, 7, 11, 12, 13}) {
      for (const int save_factor : {-1, 0, 3, 6, 10, 11, 12}) {
        for (const bool special : {true, false}) {
          if (dice > 11 && (hit_factor % 4 != 0 || save_factor % 3 != 0)) continue;  // quick
          const std::function<std::tuple<int, int, int>(Chance&)> f = [&](Chance& c) {
            const int hits = roll_pool(dice, hit_factor, c, nullptr).successes;
            const SaveResult saved = roll_saves(hits, save_factor, special, c, nullptr);
            return std::tuple<int, int, int>(hits, saved.casualties, saved.special);
          };
          std::vector<double> want;
          for (const auto& [outcome, probability] : enumerate_outcomes(f)) {
            const auto c = static_cast<std::size_t>(std::get<1>(outcome));
            if (want.size() <= c) want.resize(c + 1, 0.0);
            want[c] += probability;
          }
          EXPECT_EQ(casualty_distribution(CloseActionPools{dice, hit_factor, save_factor, special}),
                    want)
              << dice << " " << hit_factor << " " << save_factor << " " << special;
        }
      }
    }
  }
}

// A charge's first round kept by its four pools is the full walk over both sides' casualties
// and both tests' failures (every i, j pair, in order), bit for bit, computed or kept.
ChargeRound full_walk(const CloseActionPools& mine_pools, const CloseActionPools& theirs_pools,
                      const ElanTestPools& target, const ElanTestPools& charger) {
  const std::vector<double> mine = casualty_distribution(mine_pools);
  const std::vector<double> theirs = casualty_distribution(theirs_pools);
  ChargeRound out;
  for (std::size_t x = 0; x < mine.size(); ++x) {
    out.by_me += static_cast<double>(x) * mine[x];
    for (std::size_t y = 0; y < theirs.size(); ++y) {
      const double pxy = mine[x] * theirs[y];
      if (pxy < 1e-9) continue;
      const int diff = static_cast<int>(x) - static_cast<int>(y);
      const std::vector<double> ft = failure_distribution(target.at(std::clamp(diff, 0, 12)));
      const std::vector<double> fc = failure_distribution(charger.at(std::clamp(-diff, 0, 12)));
      for (std::size_t i = 0; i < ft.size(); ++i) {
        for (std::size_t j = 0; j < fc.size(); ++j) {
          if (i > j) out.more += pxy * ft[i] * fc[j];
          if (j >= i + 2) out.worse += pxy * ft[i] * fc[j];
        }
      }
    }
  }
  return out;
}

TEST(ElanDrillOddsMemo, ChargeRoundIsTheFullWalk) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  std::mt19937 rng(19);
  const Resolution* close = rs->resolution("close-action");
  const Resolution* test = rs->resolution("elan-test");
  for (int trial = 0; trial < 40; ++trial) {
    auto pools = [&] {
      auto given = random_given(*close, rng);
      given["figures"] = Value(std::int64_t{1 + static_cast<std::int64_t>(rng() % 30)});
      return close_action_pools(rs->battle_params("close-action", given));
    };
    auto tests = [&] {
      ElanTestSituation s =
          elan_test_situation(rs->battle_params("elan-test", random_given(*test, rng)));
      s.round = 1;
      return ElanTestPools(s);
    };
    const CloseActionPools mine = pools(), theirs = pools();
    const ElanTestPools target = tests(), charger = tests();
    const ChargeRound want = full_walk(mine, theirs, target, charger);
    for (int twice = 0; twice < 2; ++twice) {
      const ChargeRound got = charge_round(mine, theirs, target, charger);
      EXPECT_EQ(got.more, want.more) << trial;
      EXPECT_EQ(got.worse, want.worse) << trial;
      EXPECT_EQ(got.by_me, want.by_me) << trial;
    }
  }
}

// Small arms' mean hits kept by pool are outcome_mean's, bit for bit, on random volleys
// (every weapon and fire type, in and out of range, mounted or not).
TEST(ElanDrillOddsMemo, SmallArmsMeanIsTheEnumeration) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Resolution* r = rs->resolution("small-arms");
  std::mt19937 rng(13);
  for (int trial = 0; trial < 200; ++trial) {
    auto given = random_given(*r, rng);
    given["figures"] = Value(std::int64_t{1 + static_cast<std::int64_t>(rng() % 60)});
    const Params full = rs->battle_params("small-arms", given);
    EXPECT_EQ(success_mean(small_arms_pool(full)), outcome_mean(*r, full, "hits")) << trial;
  }
}

// A kept answer is not given to another question: near-equal ranges have their own odds.
TEST(ElanDrillOddsMemo, NearlyEqualSituationsKeepTheirOwnOdds) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Resolution* r = rs->resolution("small-arms");
  for (const double range : {2.0, 2.0 + 1e-12, 8.0, 8.0 - 1e-12, 8.0 + 1e-12}) {
    const std::map<std::string, Value> given = {{"range", Value(range)},
                                                {"figures", Value(std::int64_t{12})}};
    EXPECT_EQ(BattleED::expected("small-arms", given, "hits"),
              outcome_mean(*r, rs->battle_params("small-arms", given), "hits"))
        << range;
  }
}

}  // namespace
}  // namespace smoothbore::elan_drill
