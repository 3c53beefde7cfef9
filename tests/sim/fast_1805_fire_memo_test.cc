// fast-1805 keeps the fire situation of the last shooter-target pair while the force is
// frozen (the orders step, issue 9): the doctrine assesses a fire standing and then with a
// half move toward the same target. Checked here against fire_situation(), field by field,
// for every fire the doctrine's units are offered, standing and moving, asked in both
// orders, over four bounds of a generated battle.
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fast_1805/battle_impl.h"
#include "scale_test_util.h"
#include "sim/commander.h"

namespace smoothbore {
namespace {

void expect_same_fire(const fast_1805::FireSituation& kept, const fast_1805::FireSituation& now) {
  EXPECT_EQ(kept.shooters, now.shooters);
  EXPECT_EQ(kept.quality, now.quality);
  EXPECT_EQ(kept.range_in, now.range_in);
  EXPECT_EQ(kept.first_fire, now.first_fire);
  EXPECT_EQ(kept.target_angle, now.target_angle);
  EXPECT_EQ(kept.unmoving, now.unmoving);
  EXPECT_EQ(kept.behind_cover, now.behind_cover);
  EXPECT_EQ(kept.target_light_cover, now.target_light_cover);
  EXPECT_EQ(kept.shaken, now.shaken);
  EXPECT_EQ(kept.target_trenches, now.target_trenches);
  EXPECT_EQ(kept.woods, now.woods);
  EXPECT_EQ(kept.lower_band_inclusive, now.lower_band_inclusive);
  EXPECT_EQ(kept.floor_total, now.floor_total);
}

class FireMemoCommander final : public OrderSource {
 public:
  explicit FireMemoCommander(std::uint64_t stream)
      : doctrine_(make_commander("doctrine", Rng(1, stream))) {}

  Action choose(const Battle& battle, int unit, const std::vector<Action>& legal) override {
    const auto& b = dynamic_cast<const fast_1805::Battle1805&>(battle);
    EXPECT_NE(b.frozen_force_epoch(), 0u);
    const bool gun = b.force().units[static_cast<std::size_t>(unit)].arm == Arm::kArtillery;
    for (const Action& a : legal) {
      if (a.kind != ActionKind::kFire || gun) continue;
      for (const bool unmoving : {true, false, true}) {
        expect_same_fire(b.fire_situation_for_orders(unit, a.target, unmoving),
                         b.fire_situation(unit, a.target, unmoving));
        ++checked;
        if (unmoving && b.fire_situation(unit, a.target, true).unmoving) ++unmoving_lines;
      }
    }
    return doctrine_->choose(battle, unit, legal);
  }

  int checked = 0;
  int unmoving_lines = 0;

 private:
  std::unique_ptr<OrderSource> doctrine_;
};

TEST(Fast1805FireMemo, KeptSituationEqualsFreshOne) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", 300, 5);
  std::unique_ptr<Battle> battle = rs->start(sc, 5);
  FireMemoCommander blue(1), red(2);
  EventLog log;
  for (int bound = 0; bound < 4; ++bound) battle->play_turn({&blue, &red}, log);
  for (const std::string& v : battle->invariant_violations()) ADD_FAILURE() << v;
  EXPECT_GT(blue.checked + red.checked, 100);
  EXPECT_GT(blue.unmoving_lines + red.unmoving_lines, 0);  // `unmoving` set both ways
}

}  // namespace
}  // namespace smoothbore
