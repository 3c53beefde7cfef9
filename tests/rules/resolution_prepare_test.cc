// Resolution::prepare: enumerate_distribution() reads the parameters once through it and
// runs its per-path function on every dice path; sampling keeps calling resolve.
#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/resolution.h"

namespace smoothbore {
namespace {

// A d6 plus `bonus`, counting how often each step runs.
struct Counts {
  int resolved = 0;
  int prepared = 0;
  int run = 0;
};

Resolution d6_plus(Counts& n, bool with_prepare) {
  Resolution r;
  r.name = "d6-plus";
  r.params = {int_param("bonus", 0, 0, 6, "added to the die", "test")};
  r.outcome_fields = {"total"};
  r.resolve = [&n](const Params& p, Chance& c, std::vector<RollRecord>*) {
    ++n.resolved;
    return Outcome{{"total", Value(c.roll(6) + p.get_int("bonus"))}};
  };
  if (with_prepare) {
    r.prepare = [&n](const Params& p) -> std::function<Outcome(Chance&)> {
      ++n.prepared;
      return [&n, bonus = p.get_int("bonus")](Chance& c) {
        ++n.run;
        return Outcome{{"total", Value(c.roll(6) + bonus)}};
      };
    };
  }
  return r;
}

TEST(ResolutionPrepare, EnumerationReadsTheParametersOnce) {
  Counts with;
  Counts without;
  const Resolution a = d6_plus(with, true);
  const Resolution b = d6_plus(without, false);
  auto p = complete_params(a.params, {{"bonus", Value(std::int64_t{2})}});
  ASSERT_TRUE(p.has_value());
  const auto got = exact_distribution(a, *p);
  const auto want = exact_distribution(b, *p);
  EXPECT_EQ(with.prepared, 1);
  EXPECT_EQ(with.run, 6);
  EXPECT_EQ(with.resolved, 0);
  EXPECT_EQ(without.resolved, 6);
  ASSERT_EQ(got.size(), 6u);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].outcome, want[i].outcome);
    EXPECT_EQ(got[i].probability, want[i].probability);
    EXPECT_EQ(got[i].fraction, want[i].fraction);
  }
  EXPECT_EQ(got.front().outcome, (Outcome{{"total", Value(std::int64_t{3})}}));
  // Sampling still resolves.
  Rng rng(1, 0);
  sample(a, *p, rng);
  EXPECT_EQ(with.resolved, 1);
  EXPECT_EQ(with.prepared, 1);
}

}  // namespace
}  // namespace smoothbore
