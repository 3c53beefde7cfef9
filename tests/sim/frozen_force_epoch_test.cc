// Battle::frozen_force_epoch promises that the force does not change while it stays the
// same nonzero value (the orders step of fast-1805, fire-and-discipline and group-orders),
// and the doctrine commander keeps each side's reserve for as long (sim/commander.cc,
// issue 9). Checked here from inside the commanders of generated battles: every decision
// made under an epoch sees the force as the first decision under that epoch saw it (what
// the reserve is found from: side, arm, status and place of every unit), and no epoch
// comes back after another.
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scale_test_util.h"
#include "sim/commander.h"

namespace smoothbore {
namespace {

struct UnitPrint {
  int side = 0;
  Arm arm = Arm::kFoot;
  UnitStatus status = UnitStatus::kActive;
  Vec2 centre;
  double facing = 0;
  bool operator==(const UnitPrint&) const = default;
};

std::vector<UnitPrint> print_of(const Force& f) {
  std::vector<UnitPrint> out;
  for (const Unit& u : f.units) {
    const Rect r = u.footprint();
    out.push_back({u.side, u.arm, u.status, r.centre, r.facing});
  }
  return out;
}

class EpochCheckingCommander final : public OrderSource {
 public:
  explicit EpochCheckingCommander(std::uint64_t stream)
      : doctrine_(make_commander("doctrine", Rng(1, stream))) {}

  Action choose(const Battle& battle, int unit, const std::vector<Action>& legal) override {
    const std::uint64_t epoch = battle.frozen_force_epoch();
    EXPECT_NE(epoch, 0u) << "orders are given while the force is frozen";
    if (epoch != epoch_) {
      EXPECT_TRUE(seen_.insert(epoch).second) << "epoch " << epoch << " came back";
      epoch_ = epoch;
      print_ = print_of(battle.force());
      ++epochs;
    } else {
      EXPECT_TRUE(print_of(battle.force()) == print_) << "the force changed within an epoch";
      ++checked;
    }
    return doctrine_->choose(battle, unit, legal);
  }

  int epochs = 0;
  int checked = 0;

 private:
  std::unique_ptr<OrderSource> doctrine_;
  std::uint64_t epoch_ = 0;
  std::set<std::uint64_t> seen_;
  std::vector<UnitPrint> print_;
};

void expect_frozen_within_epochs(const std::string& ruleset) {
  const Ruleset* rs = find_ruleset(ruleset);
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle(ruleset, 200, 5);
  std::unique_ptr<Battle> battle = rs->start(sc, 5);
  EXPECT_EQ(battle->frozen_force_epoch(), 0u) << "no promise outside the orders step";
  EpochCheckingCommander blue(1), red(2);
  EventLog log;
  for (int turn = 0; turn < 4; ++turn) {
    battle->play_turn({&blue, &red}, log);
    EXPECT_EQ(battle->frozen_force_epoch(), 0u) << "turn " << turn;
  }
  for (const std::string& v : battle->invariant_violations()) ADD_FAILURE() << v;
  EXPECT_GE(blue.epochs + red.epochs, 4) << "a new epoch every orders step";
  EXPECT_GT(blue.checked + red.checked, 100) << "many decisions within each epoch";
}

TEST(FrozenForceEpoch, Fast1805ForceDoesNotChangeWithinAnEpoch) {
  expect_frozen_within_epochs("fast-1805");
}

TEST(FrozenForceEpoch, FireAndDisciplineForceDoesNotChangeWithinAnEpoch) {
  expect_frozen_within_epochs("fire-and-discipline");
}

TEST(FrozenForceEpoch, GroupOrdersForceDoesNotChangeWithinAnEpoch) {
  expect_frozen_within_epochs("group-orders");
}

}  // namespace
}  // namespace smoothbore
