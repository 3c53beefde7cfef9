// The results tables' rows by score (shooting, melee, morale), looked up once per table
// (issue 9), against a scan of each table's rows: the last row whose min..max holds the
// score, for every score the tables cover.
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/tables.h"

namespace smoothbore::group_orders {
namespace {

const Row* scanned(std::string_view table_name, int score) {
  const Row* out = nullptr;
  for (const Row& r : table(table_name).rows) {
    if (score >= r.number("min") && score <= r.number("max")) out = &r;
  }
  return out;
}

TEST(GroupOrdersBandRows, EveryScoreFindsTheScannedRow) {
  int checked = 0;
  for (int score = -99; score <= 99; ++score) {
    ASSERT_NE(scanned("shooting.results", score), nullptr) << score;
    EXPECT_EQ(&shooting_result(score), scanned("shooting.results", score)) << score;
    EXPECT_EQ(&melee_result(score), scanned("melee.results", score)) << score;
    for (const char* test : {"rally", "charge", "general"}) {
      MoraleSituation s;
      s.test = test;
      const OrderChange got = morale_result(s, score);
      EXPECT_EQ(got.row, scanned(std::string("morale.") + test, score)) << test << " " << score;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 199 * 3);
}

}  // namespace
}  // namespace smoothbore::group_orders
