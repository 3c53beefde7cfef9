// Exact enumeration (Chance::pick_cases, enumerate_exact): fractions that stay exact for
// dice pools far past 128 bits, agree with real dice, and a clear error past the path limit.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numeric>
#include <tuple>
#include <vector>

#include "core/dice/case_table.h"
#include "core/dice/chance.h"
#include "core/dice/face_count.h"

namespace smoothbore {
namespace {

// Counts of 9s on 3d10, rolled face by face or picked from the binomial cases.
int nines_rolled(Chance& c) {
  int n = 0;
  for (int i = 0; i < 3; ++i) n += c.roll(10) == 9 ? 1 : 0;
  return n;
}
int nines_picked(Chance& c) { return c.pick_cases(face_count_cases(3, 10, 1)); }

TEST(EnumerateExact, CasePicksEqualRealDiceAsFractions) {
  auto rolled = enumerate_exact<int>(nines_rolled);
  auto picked = enumerate_exact<int>(nines_picked);
  ASSERT_TRUE(rolled && picked);
  ASSERT_EQ(rolled->size(), 4u);
  ASSERT_EQ(picked->size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    ASSERT_TRUE((*rolled)[k].fraction && (*picked)[k].fraction);
    EXPECT_EQ(*(*rolled)[k].fraction, *(*picked)[k].fraction) << k << " nines";
    EXPECT_EQ((*rolled)[k].probability, (*picked)[k].probability);
  }
  EXPECT_EQ(*(*rolled)[1].fraction, make_fraction(243, 1000));
}

TEST(EnumerateExact, TwoHundredDicePoolSumsToExactlyOne) {
  // A pick over 201 binomial cases (10^200 in all), then a d6: still exact.
  std::function<int(Chance&)> f = [](Chance& c) {
    return c.pick_cases(face_count_cases(200, 10, 3)) + (c.roll(6) == 6 ? 1 : 0);
  };
  auto dist = enumerate_exact(f);
  ASSERT_TRUE(dist);
  Fraction total = 0;
  double mean = 0;
  for (const auto& o : *dist) {
    ASSERT_TRUE(o.fraction);
    EXPECT_EQ(o.probability, to_double(*o.fraction));
    total += *o.fraction;
    mean += o.outcome * o.probability;
  }
  EXPECT_EQ(total, 1);
  EXPECT_NEAR(mean, 60 + 1.0 / 6, 1e-9);
}

TEST(EnumerateExact, FloatingWeightsAreNotExact) {
  const std::vector<double> w = {0.5, 0.5};
  std::function<int(Chance&)> f = [&](Chance& c) {
    return c.roll(2) == 1 ? 0 : 1 + c.pick(w);  // 0 by a die alone; 1 and 2 through pick
  };
  auto dist = enumerate_exact(f);
  ASSERT_TRUE(dist);
  ASSERT_EQ(dist->size(), 3u);
  ASSERT_TRUE((*dist)[0].fraction);
  EXPECT_EQ(*(*dist)[0].fraction, make_fraction(1, 2));
  EXPECT_FALSE((*dist)[1].fraction);
  EXPECT_FALSE((*dist)[2].fraction);
  EXPECT_EQ((*dist)[1].probability, 0.25);
}

TEST(EnumerateExact, TooManyPathsIsAnErrorValue) {
  // Ten d10s are 10^10 paths: the first path alone shows it, so this returns at once.
  std::function<int(Chance&)> f = [](Chance& c) {
    int s = 0;
    for (int i = 0; i < 10; ++i) s += c.roll(10);
    return s;
  };
  auto dist = enumerate_exact(f, 1'000'000);
  ASSERT_FALSE(dist);
  EXPECT_EQ(dist.error(), "more than 1000000 dice paths to enumerate");
  // An unbounded reroll (a d6 rerolled on 6, for ever) stops the same way.
  std::function<int(Chance&)> reroll = [](Chance& c) {
    int n = 0;
    while (c.roll(6) == 6) ++n;
    return n;
  };
  EXPECT_FALSE(enumerate_exact(reroll, 1000));
}

TEST(SampledChance, PickCasesSamplesTheCaseRatios) {
  Rng rng(5, 1);
  SampledChance sampled(rng);
  const auto cases = face_count_cases(3, 10, 1);
  const int n = 40000;
  std::vector<int> seen(4, 0);
  for (int i = 0; i < n; ++i) ++seen[static_cast<std::size_t>(sampled.pick_cases(cases))];
  for (std::size_t k = 0; k < 4; ++k) {
    const double p = to_double(make_fraction(cases[k], 1000));
    const double se = std::sqrt(p * (1 - p) / n);
    EXPECT_NEAR(static_cast<double>(seen[k]) / n, p, 4 * se) << k << " nines";
  }
}

}  // namespace
}  // namespace smoothbore

namespace smoothbore {
namespace {

// A d100 against 37.5 and 47.5 (pass, missed by 10 or less, more), rolled face by face or
// by class (Chance::roll_classed): the same exact fractions, three paths instead of 100,
// and sampling draws the face as roll() does.
int morale_band(int face) { return face <= 37.5 ? 0 : face - 37.5 <= 10 ? 1 : 2; }

TEST(RollClassed, EqualsEveryFaceInExactFractionsWithOnePathPerClass) {
  auto faces = enumerate_exact<int>([](Chance& c) { return morale_band(c.roll(100)); });
  int paths = 0;
  auto classed = enumerate_exact<int>([&](Chance& c) {
    ++paths;
    const int face = c.roll_classed(100, morale_band);
    EXPECT_EQ(face, std::vector<int>({37, 47, 100})[static_cast<std::size_t>(morale_band(face))])
        << "each class's highest face";
    return morale_band(face);
  });
  ASSERT_TRUE(faces && classed);
  ASSERT_EQ(faces->size(), 3u);
  ASSERT_EQ(classed->size(), 3u);
  EXPECT_EQ(paths, 3);
  for (std::size_t k = 0; k < 3; ++k) {
    ASSERT_TRUE((*faces)[k].fraction && (*classed)[k].fraction);
    EXPECT_EQ(*(*faces)[k].fraction, *(*classed)[k].fraction) << k;
    EXPECT_EQ((*faces)[k].probability, (*classed)[k].probability);
  }
  EXPECT_EQ(*(*classed)[1].fraction, make_fraction(10, 100));
  // A class without faces is no path (no outcome of probability 0).
  auto certain =
      enumerate_exact<int>([](Chance& c) { return c.roll_classed(6, [](int) { return 0; }); });
  ASSERT_TRUE(certain);
  ASSERT_EQ(certain->size(), 1u);
  EXPECT_EQ(certain->front().outcome, 6);
}

TEST(RollClassed, SamplingDrawsTheFaceAsRollDoes) {
  Rng a(11, 3), b(11, 3);
  SampledChance classed(a), plain(b);
  for (int i = 0; i < 1000; ++i) {
    EXPECT_EQ(classed.roll_classed(100, morale_band), plain.roll(100)) << i;
  }
}

// The shortcuts of exact enumeration (issue 9, exact odds under 100 us): a path that is one
// pick from a case table sums to the table's own reduced fraction, paths through floating
// weights alone skip the exact part, and outcomes found in order are kept at the end of the
// map. Each must give what the general sum gives, bit for bit: the general sum is forced by
// a one-sided die in front of the pick (a chance node that changes no probability).

template <class Outcome>
void expect_same(const std::vector<ExactOutcome<Outcome>>& got,
                 const std::vector<ExactOutcome<Outcome>>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].outcome, want[i].outcome);
    EXPECT_EQ(got[i].probability, want[i].probability) << "outcome " << got[i].outcome;
    EXPECT_EQ(got[i].fraction, want[i].fraction) << "outcome " << got[i].outcome;
  }
}

// `f` enumerated as it is and behind a one-sided die (the general path sum).
void expect_shortcut_as_general(const std::function<int(Chance&)>& f) {
  const std::function<int(Chance&)> general = [&](Chance& c) {
    c.roll(1);
    return f(c);
  };
  const auto got = enumerate_exact(f);
  const auto want = enumerate_exact(general);
  ASSERT_TRUE(got && want);
  expect_same(*got, *want);
}

TEST(CaseTable, FractionsAreTheReducedCases) {
  const CaseTablePtr t = face_count_table(7, 12, 5);
  for (std::size_t i = 0; i < t->cases.size(); ++i) {
    EXPECT_EQ(t->fraction(i), make_fraction(t->cases[i], t->total)) << i;
    EXPECT_EQ(t->probability(i), to_double(make_fraction(t->cases[i], t->total))) << i;
  }
}

TEST(PathSum, OneTablePathIsTheGeneralSum) {
  for (const auto& [dice, sides, faces] :
       {std::tuple{60, 12, 5}, std::tuple{3, 10, 1}, std::tuple{100, 10, 3}, std::tuple{1, 6, 2}}) {
    const CaseTablePtr t = face_count_table(dice, sides, faces);
    expect_shortcut_as_general([t](Chance& c) { return c.pick_table(t); });
    // Several paths to one outcome: the first path's table share is spilled into the sum.
    expect_shortcut_as_general([t](Chance& c) { return c.pick_table(t) % 3; });
    // Cases copied per node (pick_cases) rather than a shared table.
    expect_shortcut_as_general([t](Chance& c) { return c.pick_cases(t->cases) / 2; });
  }
}

TEST(PathSum, FloatingWeightsAloneAreTheGeneralSum) {
  const std::vector<double> w = {0.1, 0.2, 0.3, 0.15, 0.25};
  expect_shortcut_as_general([&](Chance& c) { return c.pick(w); });
  expect_shortcut_as_general([&](Chance& c) { return c.pick(w) / 2; });
  const auto d = enumerate_exact<int>([&](Chance& c) { return c.pick(w); });
  ASSERT_TRUE(d);
  for (std::size_t i = 0; i < w.size(); ++i) {
    EXPECT_EQ((*d)[i].probability, w[i]);
    EXPECT_FALSE((*d)[i].fraction.has_value());
  }
}

TEST(EnumerateExact, OutcomesComeSortedWhateverTheirOrder) {
  for (const std::function<int(Chance&)>& f :
       {std::function<int(Chance&)>([](Chance& c) { return c.roll(6); }),
        std::function<int(Chance&)>([](Chance& c) { return 7 - c.roll(6); }),
        std::function<int(Chance&)>([](Chance& c) { return (c.roll(6) * 5) % 7; })}) {
    const auto d = enumerate_exact(f);
    ASSERT_TRUE(d);
    ASSERT_EQ(d->size(), 6u);
    for (std::size_t i = 0; i < d->size(); ++i) {
      if (i > 0) {
        EXPECT_LT((*d)[i - 1].outcome, (*d)[i].outcome);
      }
      EXPECT_EQ(*(*d)[i].fraction, make_fraction(1, 6));
    }
  }
}

TEST(FaceCountPick, PicksAsPickFaceCount) {
  // Certain counts: no chance node (a single path, probability 1).
  for (const auto& [dice, faces, want] :
       {std::tuple{0, 3, 0}, std::tuple{4, 0, 0}, std::tuple{4, 6, 4}, std::tuple{-1, 3, 0}}) {
    const FaceCountPick pick(dice, 6, faces);
    const auto d = enumerate_exact<int>([&](Chance& c) { return pick(c); });
    ASSERT_TRUE(d);
    ASSERT_EQ(d->size(), 1u);
    EXPECT_EQ(d->front().outcome, want);
    EXPECT_EQ(*d->front().fraction, 1);
  }
  const FaceCountPick pick(9, 12, 5);
  const auto got = enumerate_exact<int>([&](Chance& c) { return pick(c); });
  const auto want = enumerate_exact<int>([](Chance& c) { return pick_face_count(c, 9, 12, 5); });
  ASSERT_TRUE(got && want);
  expect_same(*got, *want);
}

}  // namespace
}  // namespace smoothbore
