// rules/odds_memo.h: the doctrine's exact odds kept per thread (issue 9). A kept answer must
// be the one the computation gives, and two questions may share one only when they are the
// same question: the key tells every parameter's type and exact value apart.
#include "rules/odds_memo.h"

#include <gtest/gtest.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/registry.h"
#include "rules/resolution.h"

namespace smoothbore {
namespace {

TEST(OddsMemo, KeyTellsTypesAndExactValuesApart) {
  const std::string one_int = odds_key("r", "p", {{"x", Value(std::int64_t{1})}});
  const std::string one_double = odds_key("r", "p", {{"x", Value(1.0)}});
  const std::string one_bool = odds_key("r", "p", {{"x", Value(true)}});
  const std::string one_text = odds_key("r", "p", {{"x", Value(std::string("1"))}});
  EXPECT_NE(one_int, one_double);
  EXPECT_NE(one_int, one_bool);
  EXPECT_NE(one_double, one_text);
  // Doubles a {:g} format would print alike.
  EXPECT_NE(odds_key("r", "p", {{"x", Value(12.34561)}}),
            odds_key("r", "p", {{"x", Value(12.34562)}}));
  EXPECT_NE(odds_key("r", "p", {{"x", Value(0.3)}}), odds_key("r", "p", {{"x", Value(0.1 + 0.2)}}));
  EXPECT_NE(odds_key("a", "p", {}), odds_key("b", "p", {}));
  EXPECT_NE(odds_key("r", "p", {}), odds_key("r", "q", {}));
  EXPECT_EQ(odds_key("r", "p", {{"x", Value(2.5)}, {"y", Value(std::string("line"))}}),
            odds_key("r", "p", {{"y", Value(std::string("line"))}, {"x", Value(2.5)}}));
}

TEST(OddsMemo, AnswersAsTheComputationAndComputesOnce) {
  int computed = 0;
  auto compute = [&] {
    ++computed;
    return 0.25 * computed;
  };
  const std::string key = odds_key("odds-memo-test", "once", {{"x", Value(3.0)}});
  EXPECT_EQ(memo_odds<double>(key, compute), 0.25);
  EXPECT_EQ(memo_odds<double>(key, compute), 0.25);
  EXPECT_EQ(computed, 1);
  EXPECT_EQ(memo_odds<double>(key + "other", compute), 0.5);
  EXPECT_EQ(computed, 2);
}

// group-orders' assessments keep P(result) of its resolutions (BattleGO::probability): asked
// twice, once computed and once kept, it is the sum over the exact distribution.
TEST(OddsMemo, GroupOrdersProbabilityAsTheDistribution) {
  const Ruleset* rs = find_ruleset("group-orders");
  ASSERT_NE(rs, nullptr);
  const std::map<std::string, Value> given = {{"half-strength", Value(true)},
                                              {"melees-won", Value(std::int64_t{1})}};
  double want = 0;
  for (const OutcomeProbability& op :
       exact_distribution(*rs->resolution("morale"), rs->battle_params("morale", given))) {
    for (const auto& [k, v] : op.outcome) {
      if (k == "result" && to_string(v) == "stay") want += op.probability;
    }
  }
  EXPECT_GT(want, 0.0);
  EXPECT_EQ(group_orders::BattleGO::probability("morale", given, "result", "stay"), want);
  EXPECT_EQ(group_orders::BattleGO::probability("morale", given, "result", "stay"), want);
}

}  // namespace
}  // namespace smoothbore
