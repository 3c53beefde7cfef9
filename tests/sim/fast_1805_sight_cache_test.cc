// fast-1805 keeps each observer-target answer of visible() while the force is frozen (the
// orders step, issue 9), and across steps the last traced answer of each pair with the
// footprints and blockers it was traced for (visible_now reuses it when they are bitwise the
// same). Both are checked here against visible_traced(), which traces the sight lines again,
// for every pair the doctrine's units may fire at or charge, asked twice (the first call
// keeps the answer, the second returns it), over six bounds of a generated battle with
// woods, hills and walls (units that stand still meet their kept answers of earlier bounds).
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fast_1805/battle_impl.h"
#include "scale_test_util.h"
#include "sim/commander.h"

namespace smoothbore {
namespace {

class CheckingCommander final : public OrderSource {
 public:
  explicit CheckingCommander(std::uint64_t stream)
      : doctrine_(make_commander("doctrine", Rng(1, stream))) {}

  Action choose(const Battle& battle, int unit, const std::vector<Action>& legal) override {
    const auto& b = dynamic_cast<const fast_1805::Battle1805&>(battle);
    EXPECT_NE(b.frozen_force_epoch(), 0u);
    for (int t = 0; t < static_cast<int>(b.force().units.size()); ++t) {
      if (t == unit || !b.force().units[static_cast<std::size_t>(t)].on_table()) continue;
      if (b.gap_in(unit, t) > 40) continue;  // beyond every range and charge
      const bool now = b.visible_traced(unit, t);
      EXPECT_EQ(b.visible_now(unit, t), now) << unit << " sees " << t << ", across steps";
      EXPECT_EQ(b.visible(unit, t), now) << unit << " sees " << t;
      EXPECT_EQ(b.visible(unit, t), now) << unit << " sees " << t << ", kept";
      ++checked;
      if (now) ++seen;
    }
    return doctrine_->choose(battle, unit, legal);
  }

  int checked = 0;
  int seen = 0;

 private:
  std::unique_ptr<OrderSource> doctrine_;
};

TEST(Fast1805SightCache, KeptAnswersEqualTracedOnes) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", 300, 3);
  std::unique_ptr<Battle> battle = rs->start(sc, 3);
  CheckingCommander blue(1), red(2);
  EventLog log;
  for (int bound = 0; bound < 6; ++bound) battle->play_turn({&blue, &red}, log);
  for (const std::string& v : battle->invariant_violations()) ADD_FAILURE() << v;
  EXPECT_GT(blue.checked + red.checked, 1000);
  EXPECT_GT(blue.seen + red.seen, 100);
  EXPECT_LT(blue.seen + red.seen, blue.checked + red.checked);  // some sight is blocked
}

}  // namespace
}  // namespace smoothbore
