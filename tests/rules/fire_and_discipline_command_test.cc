// Fire and Discipline command and control (000.md §5): messengers and signalling (§2.41,
// FD-53), order permissions (FD-52) and commander casualties (§2.3, §2.34, FD-51, FD-54).
// Every expectation is computed by hand from the digest.
#include "rules/fire_and_discipline/command.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::kYd;

// Scripted d10s.
class ScriptedChance final : public Chance {
 public:
  explicit ScriptedChance(std::vector<int> faces) : dice_(std::move(faces), 10) {}
  int roll(int sides) override { return dice_.roll(sides); }
  int pick(std::span<const double> w) override { return dice_.pick(w); }
  std::size_t left() const { return dice_.left(); }

 private:
  fd_test::Scripted dice_;
};

// Units: 0 A and 1 B (blue line, facing north), 2 W (blue, south of the wood), 3 G (the
// brigade commander's guard, no regimental commander), 4 E (red, 1000 mm north).
// Leaders: 0 the blue brigade commander (on G), 1-3 the regimental commanders of A, B, W.
// The wood covers x 900..1700, y 500..700; the objective "farm" is at (2500, 1000).
enum : int { kA = 0, kB, kW, kG, kE };
enum : int { kBde = 0, kRegA, kRegB, kRegW };

class FireAndDisciplineCommand : public ::testing::Test {
 protected:
  FireAndDisciplineCommand() {
    fd_test::ScenarioBuilder b(fd_test::kBlueRed);
    b.table() = Table(3000, 3000);
    AreaFeature wood;
    wood.id = "wood";
    wood.cls = TerrainClass::kLightWoods;
    wood.blocks_sight = true;
    wood.shape.points = {{900, 500}, {1700, 500}, {1700, 700}, {900, 700}};
    b.table().add(wood);
    b.scenario().objectives.push_back({"farm", "Farm", {2500, 1000}, 50, 1});
    b.command("bde", "Brigade", 0, kBde);
    b.command("red", "Red", 1, -1);
    const auto unit = [&b](const std::string& id, int side, Vec2 centre, double facing) {
      fd_test::UnitSpec u = fd_test::spec("infantry", "line", {}, 4);
      u.command = side;
      u.facing = facing;
      u.id = id;
      b.add_at(side, u, centre);
    };
    unit("A", 0, {1000, 1000}, 0);
    unit("B", 0, {1600, 1000}, 0);
    unit("W", 0, {1300, 300}, 0);
    unit("G", 0, {1300, 900}, 0);
    unit("E", 1, {1300, 2000}, 180);
    scenario_ = b.scenario();
    b.leader("bde", 0, 0, first_stand(kG), kG);
    b.leader("reg-a", 0, -1, first_stand(kA));
    b.leader("reg-b", 0, -1, first_stand(kB));
    b.leader("reg-w", 0, -1, first_stand(kW));
    scenario_ = b.scenario();
    s_ = make_state(scenario_);
    s_.turn = 1;
  }

  Vec2 first_stand(int u) const { return scenario_.force.units[u].stands[0].rect.centre; }
  Rect footprint(int u) const { return s_.force.units[u].footprint(); }
  static Rect moved(Rect r, double dx_yd, double dy_yd) {
    r.centre = r.centre + Vec2{dx_yd * kYd, dy_yd * kYd};
    return r;
  }
  void shift_unit(int u, Vec2 delta) {
    for (Stand& st : s_.force.units[u].stands) st.rect.centre = st.rect.centre + delta;
  }
  // The brigade commander on foot `yd` south of A's first stand (not on a unit).
  void place_brigadier_south_of_a(double yd) {
    Leader& b = s_.force.leaders[kBde];
    b.attached_unit = -1;
    b.position = s_.force.units[kA].stands[0].rect.centre - Vec2{0, yd * kYd};
  }
  // One whole turn of the command cycle: Phase I signal, end of Phase VI messengers.
  void phase_one() { signal_orders(s_, log_); }
  void end_of_movement() { move_messengers(s_, log_); }

  Scenario scenario_;
  FdState s_;
  EventLog log_;
};

const Order kAdvance{OrderKind::kGeneralAdvance, ""};

TEST_F(FireAndDisciplineCommand, StateMatchesLeaders) {
  EXPECT_EQ(s_.units[kA].leader, kRegA);
  EXPECT_EQ(s_.units[kB].leader, kRegB);
  EXPECT_EQ(s_.units[kW].leader, kRegW);
  EXPECT_EQ(s_.units[kG].leader, -1);
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kHold);  // FD-52: no order = Hold
}

// §2.41: 120 yd a turn. 300 yd: 180 left after turn 1, 60 after turn 2, arrives in turn
// 3's Movement phase, signalled in turn 4's Administration phase.
TEST_F(FireAndDisciplineCommand, MessengerFromThreeHundredYards) {
  place_brigadier_south_of_a(300);
  send_order(s_, kBde, kRegA, kAdvance, log_);
  ASSERT_EQ(s_.messengers.size(), 1u);
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kHold);
  end_of_movement();
  const Vec2 goal = first_stand(kA);
  EXPECT_NEAR(distance(s_.messengers[0].position, goal), 180 * kYd, 1e-6);
  EXPECT_EQ(s_.messengers[0].arrived_turn, -1);
  for (int turn = 2; turn <= 3; ++turn) {
    s_.turn = turn;
    phase_one();
    EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kHold) << turn;
    end_of_movement();
  }
  EXPECT_EQ(s_.messengers[0].arrived_turn, 3);
  EXPECT_FALSE(s_.messengers[0].delivered);
  s_.turn = 4;
  phase_one();
  EXPECT_TRUE(s_.messengers[0].delivered);
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kGeneralAdvance);
  EXPECT_EQ(s_.units[kB].order.kind, OrderKind::kHold);  // another regiment
}

// 100 yd: arrives in turn 1's Movement phase, not signalled until turn 2 (§2.41 relay).
TEST_F(FireAndDisciplineCommand, MessengerFromOneHundredYards) {
  place_brigadier_south_of_a(100);
  send_order(s_, kBde, kRegA, kAdvance, log_);
  end_of_movement();
  EXPECT_EQ(s_.messengers[0].arrived_turn, 1);
  phase_one();  // still turn 1: the arrival was this turn
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kHold);
  s_.turn = 2;
  phase_one();
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kGeneralAdvance);
}

// The messenger rides toward the recipient's current position.
TEST_F(FireAndDisciplineCommand, MessengerFollowsTheRecipient) {
  place_brigadier_south_of_a(100);
  send_order(s_, kBde, kRegA, kAdvance, log_);
  shift_unit(kA, {0, 100 * kYd});  // A moves 100 yd north: 200 yd to ride
  end_of_movement();
  EXPECT_EQ(s_.messengers[0].arrived_turn, -1);
  EXPECT_NEAR(distance(s_.messengers[0].position, first_stand(kA) + Vec2{0, 100 * kYd}), 80 * kYd,
              1e-6);
}

// FD-53 "in person": within 1 yd of a stand of the regiment, no messenger, immediate.
TEST_F(FireAndDisciplineCommand, InPersonIsImmediate) {
  Leader& b = s_.force.leaders[kBde];
  b.attached_unit = -1;
  const Rect st = s_.force.units[kA].stands[0].rect;
  b.position = st.centre - st.forward() * (st.depth / 2 + 0.5 * kYd);  // 0.5 yd behind
  send_order(s_, kBde, kRegA, {OrderKind::kAssault, "farm"}, log_);
  EXPECT_TRUE(s_.messengers.empty());
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kAssault);
  EXPECT_EQ(s_.units[kA].order.feature, "farm");
  // 2 yd away is not contact: a messenger rides.
  b.position = st.centre - st.forward() * (st.depth / 2 + 2 * kYd);
  send_order(s_, kBde, kRegA, kAdvance, log_);
  EXPECT_EQ(s_.messengers.size(), 1u);
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kAssault);
}

// §2.41: the regimental commander signals his whole command.
TEST_F(FireAndDisciplineCommand, EveryUnitOfTheRegimentTakesTheOrder) {
  s_.units[kB].leader = kRegA;  // B also answers to reg-a
  place_brigadier_south_of_a(50);
  send_order(s_, kBde, kRegA, {OrderKind::kWithdrawal, ""}, log_);
  end_of_movement();
  s_.turn = 2;
  phase_one();
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kWithdrawal);
  EXPECT_EQ(s_.units[kB].order.kind, OrderKind::kWithdrawal);
  EXPECT_EQ(s_.units[kW].order.kind, OrderKind::kHold);
}

// FD-53: a dead regimental commander's stands keep their last order; in person still
// works; option replace_regimental delivers by messenger.
TEST_F(FireAndDisciplineCommand, DeadRegimentalCommander) {
  s_.units[kA].order = kAdvance;
  place_brigadier_south_of_a(50);
  send_order(s_, kBde, kRegA, {OrderKind::kWithdrawal, ""}, log_);
  s_.force.leaders[kRegA].alive = false;
  end_of_movement();
  s_.turn = 2;
  phase_one();
  EXPECT_TRUE(s_.messengers[0].delivered);
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kGeneralAdvance);

  s_.options.replace_regimental = true;
  send_order(s_, kBde, kRegA, {OrderKind::kWithdrawal, ""}, log_);
  end_of_movement();
  s_.turn = 3;
  phase_one();
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kWithdrawal);

  s_.options.replace_regimental = false;
  place_brigadier_south_of_a(0);  // standing on A's first stand
  send_order(s_, kBde, kRegA, {OrderKind::kHold, ""}, log_);
  EXPECT_EQ(s_.units[kA].order.kind, OrderKind::kHold);
}

// FD-52 General Advance: not increasing the distance to the nearest enemy to the front.
TEST_F(FireAndDisciplineCommand, GeneralAdvanceMoves) {
  s_.units[kA].order = kAdvance;
  const Rect r = footprint(kA);
  EXPECT_TRUE(may_move(s_, kA, r, moved(r, 0, 20), 30));
  EXPECT_FALSE(may_move(s_, kA, r, moved(r, 0, -20), 30));
  Rect turned = r;
  turned.facing = 90;
  EXPECT_TRUE(may_move(s_, kA, r, turned, 30));  // facing change in place
  // With no enemy ahead (E moved behind A) any move is allowed.
  shift_unit(kE, {0, -1900});
  EXPECT_TRUE(may_move(s_, kA, r, moved(r, 0, -20), 30));
}

// FD-52 General Advance against an enemy unit of more stands than the nearest-enemy-ahead
// search holds in bound order (16; issue 9 round 21: the rest are measured as they come):
// the answer is a scan of every stand's distance, moves in every direction. The blue
// unit stands before the line's 21st and 22nd stands, so the nearest lie past the 16th.
TEST(FireAndDisciplineCommandWide, GeneralAdvanceReadsEveryStandOfAWideUnit) {
  fd_test::ScenarioBuilder b(fd_test::kBlueRed);
  std::vector<Rect> line;
  for (int i = 0; i < 24; ++i) line.push_back(b.south(100 + 15 * i, 600));
  const int red = b.add(1, "infantry", "line", line);
  const int blue = b.add_at(0, "infantry", "line", 4, 100 + 15 * 20.5, 560, 0);
  FdState s = make_state(b.scenario());
  s.turn = 1;
  s.units[static_cast<std::size_t>(blue)].order = kAdvance;
  auto nearest = [&](const Rect& r) {
    double best = std::numeric_limits<double>::infinity();
    for (const Stand& st : s.force.units[static_cast<std::size_t>(red)].stands) {
      best = std::min(best, distance(r, st.rect));
    }
    return best;
  };
  const Rect from = s.force.units[static_cast<std::size_t>(blue)].footprint();
  int allowed = 0, refused = 0;
  // Both searches: the stand snapshot's (movement) and, frozen, the units' (orders step).
  auto ask_all = [&] {
    for (int k = 0; k < 36; ++k) {
      const double a = (10.0 * k + 5.0) * std::numbers::pi / 180;  // never along the line
      Rect to = from;
      to.centre = from.centre + Vec2{std::cos(a), std::sin(a)} * (20 * kYd);
      const bool want = nearest(to) <= nearest(from) + 1e-6;
      EXPECT_EQ(may_move(s, blue, from, to, 0), want) << k;
      ++(want ? allowed : refused);
    }
  };
  ask_all();
  {
    const FrozenStands frozen(s.stands_on_table, s.force);
    ASSERT_NE(s.stands_on_table.frozen_units(1), nullptr);
    ask_all();
  }
  EXPECT_GT(allowed, 10);
  EXPECT_GT(refused, 10);
}

// FD-52 Hold: facing and tactical shifts up to the chart's tactical distance only.
TEST_F(FireAndDisciplineCommand, HoldShiftLimit) {
  const Rect r = footprint(kA);
  EXPECT_TRUE(may_move(s_, kA, r, moved(r, 30, 0), 30));
  EXPECT_FALSE(may_move(s_, kA, r, moved(r, 31, 0), 30));
  EXPECT_TRUE(may_move(s_, kA, r, moved(r, 0, 40), 50));  // cavalry: 50 yd
  EXPECT_FALSE(may_move(s_, kA, r, moved(r, 0, 51), 50));
}

// FD-52 Assault: toward the named feature (a wood to the south, an objective to the east).
TEST_F(FireAndDisciplineCommand, AssaultTowardTheFeature) {
  const Rect r = footprint(kA);
  s_.units[kA].order = {OrderKind::kAssault, "wood"};
  EXPECT_TRUE(may_move(s_, kA, r, moved(r, 0, -20), 30));
  EXPECT_FALSE(may_move(s_, kA, r, moved(r, 0, 20), 30));
  s_.units[kA].order = {OrderKind::kAssault, "farm"};
  EXPECT_TRUE(may_move(s_, kA, r, moved(r, 20, 0), 30));
  EXPECT_FALSE(may_move(s_, kA, r, moved(r, -20, 0), 30));
}

// FD-52 Withdrawal: each move reduces the distance to the friendly (south) edge.
TEST_F(FireAndDisciplineCommand, WithdrawalAndAdvisory) {
  s_.units[kA].order = {OrderKind::kWithdrawal, ""};
  const Rect r = footprint(kA);
  EXPECT_TRUE(may_move(s_, kA, r, moved(r, 0, -20), 30));
  EXPECT_FALSE(may_move(s_, kA, r, moved(r, 0, 20), 30));
  EXPECT_FALSE(may_move(s_, kA, r, moved(r, 20, 0), 30));
  EXPECT_FALSE(may_charge(s_, kA, kE));
  EXPECT_FALSE(may_counter_charge(s_, kA, kE));
  s_.options.order_constraints = "advisory";
  EXPECT_TRUE(may_move(s_, kA, r, moved(r, 0, 20), 30));
  EXPECT_TRUE(may_charge(s_, kA, kE));
  EXPECT_TRUE(may_counter_charge(s_, kA, kE));
}

TEST_F(FireAndDisciplineCommand, ChargePermissions) {
  s_.units[kA].order = kAdvance;
  EXPECT_TRUE(may_charge(s_, kA, kE));
  EXPECT_FALSE(may_charge(s_, kA, kB));  // a friend
  // Hold with no feature: only an enemy within 60 yd of the unit. E is ~1000 mm off.
  s_.units[kA].order = {OrderKind::kHold, ""};
  EXPECT_FALSE(may_charge(s_, kA, kE));
  // Move E straight north of A, its nearest stand 50 yd from A's front.
  shift_unit(kE, {-300, 0});
  const double gap = distance(footprint(kA), footprint(kE));
  shift_unit(kE, {0, -(gap - 50 * kYd)});
  EXPECT_TRUE(may_charge(s_, kA, kE));
  EXPECT_TRUE(may_counter_charge(s_, kA, kE));
  // Hold of the wood: E (now ~ y 1200) is far from the wood; move it into the wood.
  s_.units[kA].order = {OrderKind::kHold, "wood"};
  EXPECT_FALSE(may_charge(s_, kA, kE));
  shift_unit(kE, first_stand(kW) + Vec2{0, 300} - s_.force.units[kE].stands[0].rect.centre);
  EXPECT_TRUE(may_charge(s_, kA, kE));
  // Halted units may not charge.
  s_.units[kA].order = kAdvance;
  s_.units[kA].halted_until = 1;
  EXPECT_FALSE(may_charge(s_, kA, kE));
  s_.units[kA].halted_until = 0;
  EXPECT_TRUE(may_charge(s_, kA, kE));
  // §2.34: commander lost this turn or last turn: no charge; advisory does not lift it.
  s_.units[kA].commander_lost_turn = 1;
  s_.options.order_constraints = "advisory";
  EXPECT_FALSE(may_charge(s_, kA, kE));
  s_.turn = 2;
  EXPECT_FALSE(may_charge(s_, kA, kE));
  s_.turn = 3;
  EXPECT_TRUE(may_charge(s_, kA, kE));
}

// §2.31, FD-54: one d10 per fire resolution; only a 0 (face 10) hits.
TEST_F(FireAndDisciplineCommand, FireCheckKillsOnZeroOnly) {
  for (int face = 1; face <= 9; ++face) {
    ScriptedChance dice({face});
    EXPECT_TRUE(commander_fire_check(s_, kA, dice, log_).empty()) << face;
    EXPECT_TRUE(s_.force.leaders[kRegA].alive);
  }
  ScriptedChance zero({10});
  EXPECT_EQ(commander_fire_check(s_, kA, zero, log_), std::vector<int>{kRegA});
  EXPECT_FALSE(s_.force.leaders[kRegA].alive);
  EXPECT_EQ(s_.units[kA].commander_lost_turn, 1);
  EXPECT_EQ(s_.units[kB].commander_lost_turn, -1);  // a regimental loss: his stands only
  // Phase I of turn 2: A tests morale.
  s_.turn = 2;
  EXPECT_EQ(units_to_test_for_commander_loss(s_), std::vector<int>{kA});
  s_.turn = 3;
  EXPECT_TRUE(units_to_test_for_commander_loss(s_).empty());
  // A dead commander rolls no more.
  ScriptedChance none({});
  EXPECT_TRUE(commander_fire_check(s_, kA, none, log_).empty());
}

// §2.33 L116, option fd_opt_campaign: a commander hit (d10 0) rolls again, ODD dead, EVEN
// wounded; either way he leaves the battle. Without the option no second die is rolled.
TEST_F(FireAndDisciplineCommand, CampaignRollsDeadOrWounded) {
  for (const int second : {3, 2, 0}) {
    s_ = make_state(scenario_);
    s_.turn = 1;
    s_.options.campaign = second != 0;
    ScriptedChance dice(second != 0 ? std::vector<int>{10, second} : std::vector<int>{10});
    EventLog log;
    EXPECT_EQ(commander_fire_check(s_, kA, dice, log), std::vector<int>{kRegA});
    EXPECT_EQ(dice.left(), 0u) << second;
    EXPECT_FALSE(s_.force.leaders[kRegA].alive);
    ASSERT_FALSE(log.events().empty());
    const std::string want = second == 2 ? "wounded" : "killed";
    EXPECT_NE(log.events().back().text.find("commander " + want), std::string::npos)
        << log.events().back().text;
  }
}

// FD-54 option per-hit: one roll per hit.
TEST_F(FireAndDisciplineCommand, PerHitRolls) {
  s_.options.commander_roll = "per-hit";
  ScriptedChance dice({3, 5, 10});
  EXPECT_EQ(commander_fire_check(s_, kA, dice, log_, 3), std::vector<int>{kRegA});
  EXPECT_EQ(dice.left(), 0u);
  s_.options.commander_roll = "per-attack";
  ScriptedChance one({4});
  EXPECT_TRUE(commander_fire_check(s_, kB, one, log_, 3).empty());
  EXPECT_EQ(one.left(), 0u);
}

// FD-51: a brigade loss affects units of his side with a line of sight to where he fell,
// not W behind the wood; option "all" reaches W too.
TEST_F(FireAndDisciplineCommand, BrigadeLossInSight) {
  ScriptedChance dice({10});
  EXPECT_EQ(commander_fire_check(s_, kG, dice, log_), std::vector<int>{kBde});
  EXPECT_FALSE(s_.force.leaders[kBde].alive);
  EXPECT_EQ(s_.units[kA].commander_lost_turn, 1);
  EXPECT_EQ(s_.units[kB].commander_lost_turn, 1);
  EXPECT_EQ(s_.units[kG].commander_lost_turn, 1);
  EXPECT_EQ(s_.units[kW].commander_lost_turn, -1);
  EXPECT_EQ(s_.units[kE].commander_lost_turn, -1);  // the enemy
  s_.options.commander_loss_reach = "all";
  EXPECT_EQ(units_affected_by_loss(s_, kBde), (std::vector<int>{kA, kB, kW, kG}));
}

// §2.32: passed — a 0 then a 0; failed — an odd then a 0.
TEST_F(FireAndDisciplineCommand, MeleeCheck) {
  ScriptedChance passed_odd({3, 10});
  EXPECT_TRUE(commander_melee_check(s_, kA, true, passed_odd, log_).empty());
  ScriptedChance failed_even({4, 10});
  EXPECT_TRUE(commander_melee_check(s_, kA, false, failed_even, log_).empty());
  ScriptedChance failed_odd_miss({3, 9});
  EXPECT_TRUE(commander_melee_check(s_, kA, false, failed_odd_miss, log_).empty());
  ScriptedChance failed_odd_hit({3, 10});
  EXPECT_EQ(commander_melee_check(s_, kA, false, failed_odd_hit, log_), std::vector<int>{kRegA});
  EXPECT_EQ(s_.units[kA].commander_lost_turn, 1);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
