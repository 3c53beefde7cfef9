// The Fire and Discipline commanders' reactive and artillery decisions in real battles
// (issue 3): the doctrine meets a charge of horse with horse (§8.2a, FD-44) and holds with
// foot that can give Final Protective Fire (§7.7); guns hold fire when horse is within
// charge reach (§6.4d) and otherwise fire; guns with nothing in their kill zone change
// their direction of fire (§6.4c) or prolonge (§6.4b) and fire the next turn; a volley
// goes to the target with the most expected hits (FD-37); the random commander picks
// among the legal reactions at random. The odds themselves are worked by hand in
// tests/rules/fire_and_discipline_doctrine_test.cc.
//
// Battles on an open 600 × 600 yd table; side "blue" (home south, facing north) is led by
// the doctrine commander, side "red" (home north, facing south) follows a script. Orders
// are advisory (fd_52_order_constraints), so every unit may charge on turn 1.
#include <cmath>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "sim/commander.h"
#include "sim/fire_and_discipline_toml.h"
#include "sim/scripted_commander.h"

namespace smoothbore {
namespace {

using sim_test::BattleHarness;
using sim_test::ScriptedCommander;

using fd_toml::unit;

// `options`: further lines of the [options] table.
std::string scenario(std::string_view blue, std::string_view red, std::string_view options = "") {
  return fd_toml::scenario({"ai test", 600, 600, ""}, blue, red, options);
}

// A light section (two 3-pdrs, 4 crew) unlimbered at (x, y).
std::string guns(double x, double y) {
  return unit("b-guns", "artillery", "unlimbered", 4, x, y, "pdr = 3\nguns = 2");
}

class AiBattle {
 public:
  explicit AiBattle(const std::string& toml, std::uint64_t seed = 1)
      : h_(sim_test::load_scenario(toml), seed),
        doctrine_(make_commander(kDoctrine, Rng(seed, 0))) {}
  void play() { h_.battle().play_turn({doctrine_.get(), &red_}, h_.log()); }
  BattleHarness& h() { return h_; }
  ScriptedCommander& red() { return red_; }
  int count(std::string_view text, std::string_view unit = "", int turn = 0) const {
    return static_cast<int>(h_.events_with(text, unit, turn).size());
  }

 private:
  BattleHarness h_;
  std::unique_ptr<OrderSource> doctrine_;
  ScriptedCommander red_;
};

// Horse charged by horse across open ground: holding and meeting have the same first-round
// odds (no FPF for horse, §7.7), and only a counter-charger may pursue (§8.2h, FD-44).
TEST(FireAndDisciplineAi, HorseCounterChargesHorse) {
  AiBattle b(scenario(unit("b-horse", "cavalry", "line", 1, 300, 100),
                      unit("r-horse", "cavalry", "line", 1, 300, 212.5)));
  b.red().charge(b.h().idx("r-horse"), b.h().idx("b-horse"));
  b.play();
  EXPECT_EQ(b.count("b-horse elects to counter-charge (§8.2a, FD-44)", "r-horse", 1), 1);
  EXPECT_EQ(b.count("b-horse counter-charges to meet r-horse", "b-horse", 1), 1);
  EXPECT_EQ(b.count("strikes", "b-horse", 1), 1);  // the melee was fought
  EXPECT_TRUE(b.h().violations().empty());
}

// Foot charged by horse from 110 yd: out of musket range in Phase III (flintlock 100 yd),
// so it has not fired and holds for its Final Protective Fire (§7.7, §8.41).
TEST(FireAndDisciplineAi, FootHoldsAndGivesFinalProtectiveFire) {
  AiBattle b(scenario(unit("b-foot", "infantry", "line", 2, 300, 100),
                      unit("r-horse", "cavalry", "line", 1, 300, 222.5)));
  b.red().charge(b.h().idx("r-horse"), b.h().idx("b-foot"));
  b.play();
  EXPECT_EQ(b.count("fires at", "b-foot", 1), 0);
  EXPECT_EQ(b.count("b-foot elects to hold (§8.2a)", "r-horse", 1), 1);
  EXPECT_EQ(b.count("Final Protective Fire (§7.7)", "b-foot", 1), 1);
  EXPECT_EQ(b.count("counter-charges", "", 1), 0);
  EXPECT_TRUE(b.h().violations().empty());
}

// Horse 100 yd in front of a light section could charge it this turn (120 yd, FD-43): the
// held shot at 10 yd (90% with canister against mounted troops) beats firing now (60%), so
// the guns hold fire (§6.4d). At 130 yd no charge can come and the guns fire.
TEST(FireAndDisciplineAi, GunsHoldFireWhenHorseIsWithinChargeReach) {
  for (double gap : {100.0, 130.0}) {
    AiBattle b(scenario(guns(300, 100),
                        unit("r-horse", "cavalry", "line", 1, 300, 100 + 6.25 + gap + 6.25)));
    b.play();
    const bool reach = gap <= 120;
    EXPECT_EQ(b.count("holds its fire against an expected charge (§6.4d)", "b-guns", 1),
              reach ? 1 : 0)
        << gap;
    EXPECT_EQ(b.count("fires canister at", "b-guns", 1), reach ? 0 : 1) << gap;
  }
}

// Held fire falls on the charger before contact (§6.4d, FD-56).
TEST(FireAndDisciplineAi, HeldGunsFireOnTheCharger) {
  AiBattle b(scenario(guns(300, 100), unit("r-horse", "cavalry", "line", 1, 300, 212.5)));
  b.red().charge(b.h().idx("r-horse"), b.h().idx("b-guns"));
  b.play();
  EXPECT_EQ(b.count("holds its fire", "b-guns", 1), 1);
  EXPECT_EQ(b.count("held artillery fire (§6.4d, FD-56) with canister at 10 yd", "b-guns", 1), 1);
  EXPECT_TRUE(b.h().violations().empty());
}

// Nothing in the kill zone; a company 200 yd away, 40° to the right. The doctrine turns the
// guns toward it instead of firing (§6.4c) and fires ball at it next turn.
TEST(FireAndDisciplineAi, GunsChangeDirectionToBringATargetIntoTheirZone) {
  const double rad = 40.0 * 3.14159265358979 / 180.0;
  AiBattle b(scenario(guns(200, 100), unit("r-foot", "infantry", "line", 1,
                                           200 + 210 * std::sin(rad), 100 + 210 * std::cos(rad))));
  b.play();
  EXPECT_EQ(b.count("changes its direction of fire", "b-guns", 1), 1);
  EXPECT_EQ(b.count("fires", "b-guns", 1), 0);
  b.play();
  EXPECT_EQ(b.count("fires ball at", "b-guns", 2), 1);
}

// A company 460 yd straight ahead, beyond the light guns' 450 yd: prolonge 20 yd forward
// (§6.4b, R-000-5) instead of firing, and fire next turn (301-600 yd, 10%). The prolonge is
// made in the Artillery phase (FD-05), or in Movement step VI.4 under option
// fd_05_prolonge_phase = "movement".
TEST(FireAndDisciplineAi, GunsProlongeToBringATargetIntoRange) {
  for (const char* phase : {"artillery", "movement"}) {
    AiBattle b(scenario(guns(300, 50),
                        unit("r-foot", "infantry", "line", 1, 300, 56.25 + 460 + 6.25),
                        fmt::format("fd_05_prolonge_phase = \"{}\"", phase)));
    b.play();
    const auto moved = b.h().events_with("by prolonge", "b-guns", 1);
    ASSERT_EQ(moved.size(), 1u) << phase;
    const auto phase3 = b.h().events_with("Phase III:", "", 1);
    const auto phase6 = b.h().events_with("Phase VI:", "", 1);
    ASSERT_EQ(phase3.size(), 1u);
    ASSERT_EQ(phase6.size(), 1u);
    if (std::string(phase) == "artillery") {
      EXPECT_LT(b.h().position(moved[0]), b.h().position(phase3[0]));
    } else {
      EXPECT_GT(b.h().position(moved[0]), b.h().position(phase6[0]));
    }
    EXPECT_EQ(b.count("fires", "b-guns", 1), 0) << phase;
    b.play();
    EXPECT_EQ(b.count("fires ball at", "b-guns", 2), 1) << phase;
  }
}

// FD-37: a skirmisher half-stand at 20 yd (1 die on 0-1-2: 0.3 expected hits) and a
// company at 45 yd (2 dice on 0-1: 0.4) in the kill zone of a two-company line: the volley
// goes to the company.
TEST(FireAndDisciplineAi, VolleyGoesToTheMostExpectedHits) {
  AiBattle b(scenario(
      unit("b-foot", "infantry", "line", 2, 300, 100),
      unit("r-skirmishers", "infantry", "open-order", 1, 295, 106.25 + 20 + 5, "half-stands = 1") +
          unit("r-company", "infantry", "line", 1, 307, 106.25 + 45 + 6.25)));
  b.play();
  EXPECT_EQ(b.count("b-foot fires at r-company", "b-foot", 1), 1);
  EXPECT_EQ(b.count("fires at r-skirmishers", "b-foot", 1), 0);
}

// The random commander picks among the legal reactions at random.
TEST(FireAndDisciplineAi, RandomCommanderPicksAmongReactions) {
  AiBattle b(scenario(unit("b-horse", "cavalry", "line", 1, 300, 100),
                      unit("r-horse", "cavalry", "line", 1, 300, 212.5)));
  const int me = b.h().idx("b-horse");
  const int them = b.h().idx("r-horse");
  Action hold;
  hold.unit = me;
  hold.target = them;
  Action meet = hold;
  meet.kind = ActionKind::kCounterCharge;
  auto random = make_commander(kRandom, Rng(7, 0));
  int met = 0;
  for (int i = 0; i < 200; ++i) {
    met += random->react(b.h().battle(), me, {hold, meet}).kind == ActionKind::kCounterCharge;
  }
  EXPECT_GT(met, 60);
  EXPECT_LT(met, 140);
}

}  // namespace
}  // namespace smoothbore
