// fast-1805 asks "beyond X?" of many gaps and measures distance() only when the centres'
// bound and the axis gap (rules/fast_1805/prefilters.h, issue 9) leave it undecided: the
// nearest-enemy searches, can_fire_at without a reason, and the unlimbering check. Here the
// searches are checked against a scan of every unit with distance(), can_fire_at without a
// reason against can_fire_at with one (which measures every gap), and the gaps gap_mm keeps
// across bounds against distance(), for every unit and enemy over six bounds of a generated
// battle.
#include <limits>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fast_1805/battle_impl.h"
#include "scale_test_util.h"
#include "sim/commander.h"

namespace smoothbore {
namespace {

class GapCheckingCommander final : public OrderSource {
 public:
  explicit GapCheckingCommander(std::uint64_t stream)
      : doctrine_(make_commander("doctrine", Rng(1, stream))) {}

  Action choose(const Battle& battle, int unit, const std::vector<Action>& legal) override {
    const auto& b = dynamic_cast<const fast_1805::Battle1805&>(battle);
    const auto& units = b.force().units;
    const int side = units[static_cast<std::size_t>(unit)].side;
    // The scan: least gap in inches (ties to the lower index), and least in mm.
    int best_in = -1, best_mm = -1;
    double key_in = std::numeric_limits<double>::infinity(), at_mm = key_in;
    for (int t = 0; t < static_cast<int>(units.size()); ++t) {
      const Unit& e = units[static_cast<std::size_t>(t)];
      if (e.side == side || !e.on_table() || e.status != UnitStatus::kActive) continue;
      const double mm = distance(units[static_cast<std::size_t>(unit)].footprint(), e.footprint());
      // The kept gap (gap_mm keeps it across bounds while neither unit is placed anew).
      EXPECT_EQ(b.gap_mm(unit, t), mm) << unit << " to " << t;
      if (mm / kMmPerInch < key_in) key_in = mm / kMmPerInch, best_in = t;
      if (mm < at_mm) at_mm = mm, best_mm = t;
      const auto quick = b.can_fire_at(unit, t, /*explain=*/false);
      const auto full = b.can_fire_at(unit, t, /*explain=*/true);
      EXPECT_EQ(quick.ok, full.ok) << unit << " at " << t;
      if (full.ok) {
        EXPECT_EQ(quick.gap_mm, full.gap_mm) << unit << " at " << t;
      }
      ++checked;
      if (full.ok) ++can_fire;
    }
    EXPECT_EQ(b.nearest_enemy(unit), best_in) << unit;
    EXPECT_EQ(b.nearest_enemy_for_orders(unit), best_in) << unit;
    double gap = -1;
    EXPECT_EQ(b.nearest_active_enemy(unit, &gap), best_mm) << unit;
    if (best_mm >= 0) {
      EXPECT_EQ(gap, at_mm) << unit;
    }
    return doctrine_->choose(battle, unit, legal);
  }

  int checked = 0;
  int can_fire = 0;

 private:
  std::unique_ptr<OrderSource> doctrine_;
};

TEST(Fast1805GapPrefilter, ShortcutsAnswerAsTheFullMeasure) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", 200, 5);
  std::unique_ptr<Battle> battle = rs->start(sc, 5);
  GapCheckingCommander blue(1), red(2);
  EventLog log;
  for (int bound = 0; bound < 6; ++bound) battle->play_turn({&blue, &red}, log);
  for (const std::string& v : battle->invariant_violations()) ADD_FAILURE() << v;
  EXPECT_GT(blue.checked + red.checked, 10000);
  EXPECT_GT(blue.can_fire + red.can_fire, 50);
}

// At 300 stands a side the nearest searches prune their rings (around_pruned, from 256 units
// a side in spatial.cc): the same answers as the scan.
TEST(Fast1805GapPrefilter, PrunedSearchesAnswerAsTheFullMeasure) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", 300, 7);
  std::unique_ptr<Battle> battle = rs->start(sc, 7);
  int blue_units = 0;
  for (const Unit& u : battle->force().units) blue_units += u.side == 0 ? 1 : 0;
  ASSERT_GE(blue_units, 256);
  ASSERT_GE(static_cast<int>(battle->force().units.size()) - blue_units, 256);
  GapCheckingCommander blue(1), red(2);
  EventLog log;
  for (int bound = 0; bound < 2; ++bound) battle->play_turn({&blue, &red}, log);
  for (const std::string& v : battle->invariant_violations()) ADD_FAILURE() << v;
  EXPECT_GT(blue.checked + red.checked, 100000);
}

}  // namespace
}  // namespace smoothbore
