// Shared case tables (Chance::pick_table, face_count_table, pick_face_count): the same exact
// odds as picking the counts or rolling every die, and the same samples.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "core/dice/case_table.h"
#include "core/dice/chance.h"
#include "core/dice/face_count.h"

namespace smoothbore {
namespace {

// The exact distribution of `f`, every outcome's fraction known.
std::vector<std::pair<int, Fraction>> exact(const std::function<int(Chance&)>& f) {
  auto dist = enumerate_exact(f);
  SB_CHECK(dist.has_value(), "enumerable");
  std::vector<std::pair<int, Fraction>> out;
  for (const auto& o : *dist) {
    SB_CHECK(o.fraction.has_value(), "exact");
    SB_CHECK(o.probability == to_double(*o.fraction), "the double nearest the fraction");
    out.emplace_back(o.outcome, *o.fraction);
  }
  return out;
}

// How many of `dice` dice show a face ≤ `faces`, rolled face by face.
int rolled(Chance& c, int dice, int sides, int faces) {
  int n = 0;
  for (int i = 0; i < dice; ++i) n += c.roll(sides) <= faces ? 1 : 0;
  return n;
}

TEST(CaseTable, KeepsItsTotal) {
  const CaseTablePtr t = make_case_table({BigInt(1), BigInt(0), BigInt(5)});
  EXPECT_EQ(t->total, 6);
  EXPECT_EQ(t->cases.size(), 3u);
}

TEST(CaseTable, FaceCountTableIsKeptPerKey) {
  const CaseTablePtr a = face_count_table(30, 12, 5);
  EXPECT_EQ(a, face_count_table(30, 12, 5));  // the same table, not a copy
  EXPECT_EQ(a->cases, face_count_cases(30, 12, 5));
  BigInt all;
  mpz_ui_pow_ui(all.get_mpz_t(), 12, 30);
  EXPECT_EQ(a->total, all);
  EXPECT_NE(a, face_count_table(30, 12, 6));
}

RC_GTEST_PROP(CaseTableProperty, PickFaceCountEqualsRollingEveryDie, ()) {
  const int sides = *rc::gen::inRange(1, 9);
  const int dice = *rc::gen::inRange(0, 5);
  const int faces = *rc::gen::inRange(0, sides + 1);
  const int before = *rc::gen::inRange(1, 4);  // a die before the pool: several denominators
  auto real = exact([&](Chance& c) { return 10 * c.roll(before) + rolled(c, dice, sides, faces); });
  auto picked = exact(
      [&](Chance& c) { return 10 * c.roll(before) + pick_face_count(c, dice, sides, faces); });
  RC_ASSERT(real == picked);
}

RC_GTEST_PROP(CaseTableProperty, PickTableEqualsPickCases, ()) {
  // Two picks in a row, the second's table depending on the first: paths with different
  // totals ending in the same outcome (outcome = sum mod 3).
  const auto first =
      *rc::gen::container<std::vector<int>>(*rc::gen::inRange(1, 6), rc::gen::inRange(1, 50));
  const auto second =
      *rc::gen::container<std::vector<int>>(*rc::gen::inRange(1, 6), rc::gen::inRange(0, 50));
  RC_PRE(std::any_of(second.begin(), second.end(), [](int c) { return c > 0; }));
  std::vector<BigInt> a(first.begin(), first.end());
  std::vector<BigInt> b(second.begin(), second.end());
  auto by_span = exact([&](Chance& c) {
    const int i = c.pick_cases(a);
    std::vector<BigInt> scaled = b;
    for (BigInt& x : scaled) x *= i + 1;
    scaled.push_back(BigInt(i));
    return (i + c.pick_cases(scaled)) % 3;
  });
  auto by_table = exact([&](Chance& c) {
    const int i = c.pick_table(make_case_table(a));  // a new, equal table on every path
    std::vector<BigInt> scaled = b;
    for (BigInt& x : scaled) x *= i + 1;
    scaled.push_back(BigInt(i));
    return (i + c.pick_table(make_case_table(scaled))) % 3;
  });
  RC_ASSERT(by_span == by_table);
  Fraction total = 0;
  for (const auto& [o, f] : by_table) total += f;
  RC_ASSERT(total == 1);
}

TEST(CaseTable, PickTableSamplesAsPickCases) {
  const CaseTablePtr t = face_count_table(3, 10, 1);
  Rng a(9, 2);
  Rng b(9, 2);
  SampledChance by_table(a);
  SampledChance by_cases(b);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(by_table.pick_table(t), by_cases.pick_cases(t->cases));
}

TEST(CaseTable, CertainCountsNeedNoChanceNode) {
  EXPECT_EQ(exact([](Chance& c) { return pick_face_count(c, 7, 6, 6); }).size(), 1u);
  EXPECT_EQ(exact([](Chance& c) { return pick_face_count(c, 7, 6, 0); }).size(), 1u);
  EXPECT_EQ(exact([](Chance& c) { return pick_face_count(c, 0, 6, 3); }).size(), 1u);
  const auto pool = exact([](Chance& c) { return pick_face_count(c, 60, 12, 5); });
  ASSERT_EQ(pool.size(), 61u);
  BigInt fives;
  BigInt twelves;
  mpz_ui_pow_ui(fives.get_mpz_t(), 5, 60);
  mpz_ui_pow_ui(twelves.get_mpz_t(), 12, 60);
  EXPECT_EQ(pool[60].second, make_fraction(fives, twelves));  // all 60 succeed: (5/12)^60
}

}  // namespace
}  // namespace smoothbore
