// Fire and Discipline tactical order chits (§2.5 L132-L146, FD-55; chits.h): which units
// place one (within charge range), that placement is face down and the reveal says what it
// was, the FD-55 default, the doctrine's choice, and what each chit permits in Phases V and
// VI. Positions in yards (fire_and_discipline_scenario.h): a foot line of 4 stands is
// 60 × 12.5 yd, so a unit centred at y faces north with its front edge at y + 6.25.
#include "rules/fire_and_discipline/chits.h"

#include <gtest/gtest.h>

#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::events_with;
using fd_test::ScenarioBuilder;
using fd_test::yd;

// §2.5 chits and the FD-55 default.
TEST(FireAndDisciplineChits, LettersAndPermissions) {
  for (const char* l : {"R", "L", "H", "C", "A", "U"}) {
    ASSERT_TRUE(parse_chit(l).has_value()) << l;
    EXPECT_EQ(chit_letter(*parse_chit(l)), l);
  }
  EXPECT_FALSE(parse_chit("X").has_value());
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  b.foot(0, 2, 500, 300, 0);
  EXPECT_EQ(default_chit(b.state()), Chit::kHold);
  b.option("fd_55_default_chit", fd_test::text("C"));
  EXPECT_EQ(default_chit(b.state()), Chit::kCounterCharge);
  EXPECT_TRUE(chit_allows(Chit::kHold, ChitAction::kMove));
  EXPECT_TRUE(chit_allows(Chit::kHold, ChitAction::kHoldCharged));
  EXPECT_FALSE(chit_allows(Chit::kHold, ChitAction::kCounterCharge));
  EXPECT_FALSE(chit_allows(Chit::kHold, ChitAction::kCharge));
  EXPECT_FALSE(chit_allows(Chit::kHold, ChitAction::kTurnAndMove));
  EXPECT_TRUE(chit_allows(Chit::kCounterCharge, ChitAction::kCounterCharge));
  EXPECT_TRUE(chit_allows(Chit::kRight, ChitAction::kTurnAndMove));
  EXPECT_TRUE(chit_allows(Chit::kLeft, ChitAction::kHoldCharged));
  EXPECT_FALSE(chit_allows(Chit::kRight, ChitAction::kCharge));
  EXPECT_TRUE(chit_allows(Chit::kAttack, ChitAction::kCharge));
  EXPECT_FALSE(chit_allows(Chit::kAttack, ChitAction::kMove));
  EXPECT_TRUE(chit_allows(Chit::kUnlimber, ChitAction::kUnlimber));
  EXPECT_FALSE(chit_allows(Chit::kHold, ChitAction::kUnlimber));
}

// "Within charge range" (FD-43 rates, either unit could charge): foot 80 yd, horse 120 yd.
TEST(FireAndDisciplineChits, WithinChargeRange) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  const int blue = b.foot(0, 4, 500, 300, 0);      // front edge y 306.25
  const int near = b.foot(1, 4, 500, 380, 180);    // front edge y 373.75: 67.5 yd
  const int far = b.foot(1, 4, 200, 400, 180);     // 300 yd west: out of range
  const int horse = b.horse(1, 2, 800, 300, 270);  // 10 × ... stands ~ 290 yd east
  FdState s = b.state();
  EXPECT_TRUE(within_charge_range(s, blue));
  EXPECT_TRUE(within_charge_range(s, near));
  EXPECT_FALSE(within_charge_range(s, far));
  EXPECT_FALSE(within_charge_range(s, horse));
  // Move the foot 90 yd off (front edges 90 yd apart): beyond 80.
  for (Stand& st : s.force.units[near].stands) st.rect.centre = st.rect.centre + yd(0, 22.5);
  EXPECT_FALSE(within_charge_range(s, blue));
  // The horse 110 yd from the blue line: within the horse's 120 (blue could be charged).
  const Rect bf = s.force.units[blue].footprint();
  const Rect hf = s.force.units[horse].footprint();
  const double gap = distance(bf, hf) / fd_test::kYd;
  for (Stand& st : s.force.units[horse].stands) {
    st.rect.centre = st.rect.centre - yd(gap - 110, 0);
  }
  EXPECT_NEAR(
      distance(s.force.units[blue].footprint(), s.force.units[horse].footprint()) / fd_test::kYd,
      110, 1e-6);
  EXPECT_TRUE(within_charge_range(s, blue));
  EXPECT_TRUE(within_charge_range(s, horse));
}

// Phase I: placed face down only with the option and within charge range.
TEST(FireAndDisciplineChits, PlacementIsFaceDown) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  const int blue = b.foot(0, 4, 500, 300, 0);
  const int far = b.foot(0, 4, 100, 100, 0);
  b.foot(1, 4, 500, 380, 180);
  FdState s = b.state();
  EventLog log;
  EXPECT_FALSE(place_chit(s, blue, Chit::kAttack, log));  // option off
  EXPECT_FALSE(s.units[blue].chit.has_value());
  s.options.tactical_chits = true;
  EXPECT_FALSE(place_chit(s, far, Chit::kHold, log));  // not within charge range
  EXPECT_TRUE(place_chit(s, blue, Chit::kAttack, log));
  ASSERT_EQ(log.size(), 1u);
  const Event& e = log.events()[0];
  EXPECT_EQ(e.text, "b0 places a tactical order chit face down (§2.5)");
  EXPECT_TRUE(e.data.empty());  // nothing in the log gives the letter away
  EXPECT_EQ(s.units[blue].chit, Chit::kAttack);
  EXPECT_FALSE(s.units[blue].chit_revealed);
  clear_chits(s);
  EXPECT_FALSE(s.units[blue].chit.has_value());
}

// Phase V step 1: every chit turned up with its meaning; FD-55 for a unit in range without
// one; none for a unit out of range.
TEST(FireAndDisciplineChits, RevealAndTheDefaultChit) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  const int blue = b.foot(0, 4, 500, 300, 0);
  const int red = b.foot(1, 4, 500, 380, 180);
  const int far = b.foot(1, 4, 100, 900, 180);
  FdState s = b.state();
  s.options.tactical_chits = true;
  EventLog log;
  ASSERT_TRUE(place_chit(s, blue, Chit::kAttack, log));
  reveal_chits(s, log);
  EXPECT_TRUE(s.units[blue].chit_revealed);
  ASSERT_EQ(events_with(log, "reveals").size(), 1u);
  EXPECT_EQ(events_with(log, "reveals")[0]->text,
            "b0 reveals its chit A: attack: charge straight ahead at an enemy unit (§2.5)");
  EXPECT_EQ(s.units[red].chit, Chit::kHold);  // FD-55
  ASSERT_EQ(events_with(log, "FD-55").size(), 1u);
  EXPECT_EQ(events_with(log, "FD-55")[0]->text,
            "r1 has no chit within charge range and takes the default H: move if desired, but "
            "hold if charged (§2.5, FD-55)");
  EXPECT_FALSE(s.units[far].chit.has_value());
  // A second reveal in the same turn says nothing new.
  const std::size_t n = log.size();
  reveal_chits(s, log);
  EXPECT_EQ(log.size(), n);
  // Option default_chit C.
  clear_chits(s);
  s.options.default_chit = "C";
  reveal_chits(s, log);
  EXPECT_EQ(s.units[red].chit, Chit::kCounterCharge);
  EXPECT_EQ(s.units[blue].chit, Chit::kCounterCharge);
}

// The doctrine's chit follows the action chosen for the turn.
TEST(FireAndDisciplineChits, DoctrineChoosesFromItsAction) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  const int foot = b.foot(0, 4, 500, 300, 0);
  const int horse = b.horse(0, 2, 300, 300, 0);
  const int guns =
      b.add_at(0, "artillery", "limbered", 4, 700, 300, 0, {{"pdr", Value(std::int64_t{6})}});
  const int open =
      b.add_at(0, "artillery", "unlimbered", 4, 800, 300, 0, {{"pdr", Value(std::int64_t{6})}});
  const FdState s = b.state();
  Action a;
  a.kind = ActionKind::kCharge;
  EXPECT_EQ(choose_chit(s, foot, a), Chit::kAttack);
  a.kind = ActionKind::kUnlimber;
  EXPECT_EQ(choose_chit(s, guns, a), Chit::kUnlimber);
  EXPECT_EQ(choose_chit(s, open, a), Chit::kHold);  // already unlimbered
  a.kind = ActionKind::kMove;
  a.moves = true;
  a.facing = 30;  // a wheel to the right
  EXPECT_EQ(choose_chit(s, foot, a), Chit::kRight);
  a.facing = 300;  // to the left
  EXPECT_EQ(choose_chit(s, foot, a), Chit::kLeft);
  a.facing = 0;  // straight on
  EXPECT_EQ(choose_chit(s, foot, a), Chit::kHold);
  EXPECT_EQ(choose_chit(s, horse, a), Chit::kCounterCharge);
  a.kind = ActionKind::kHold;
  EXPECT_EQ(choose_chit(s, foot, a), Chit::kHold);  // foot keep their FPF (§7.7)
  EXPECT_EQ(choose_chit(s, horse, a), Chit::kCounterCharge);
}

// Phase V: only A charges; only a revealed C counter-charges.
TEST(FireAndDisciplineChits, ChargesAndCounterCharges) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  const int u = b.foot(0, 4, 500, 300, 0);
  FdState s = b.state();
  EXPECT_FALSE(chit_forbids_charge(s, u).has_value());  // option off
  s.options.tactical_chits = true;
  EXPECT_FALSE(chit_forbids_charge(s, u).has_value());  // no chit
  s.units[u].chit = Chit::kHold;
  ASSERT_TRUE(chit_forbids_charge(s, u).has_value());
  EXPECT_EQ(*chit_forbids_charge(s, u),
            "its chit is H (move if desired, but hold if charged); only an A chit charges "
            "(§2.5)");
  s.units[u].chit = Chit::kAttack;
  EXPECT_FALSE(chit_forbids_charge(s, u).has_value());
  EXPECT_FALSE(chit_counter_charges(s, u));
  s.units[u].chit = Chit::kCounterCharge;
  EXPECT_FALSE(chit_counter_charges(s, u));  // still face down
  s.units[u].chit_revealed = true;
  EXPECT_TRUE(chit_counter_charges(s, u));
  s.options.tactical_chits = false;
  EXPECT_FALSE(chit_counter_charges(s, u));
}

// Phase VI: R/L turn up to 90° to their side; H/C move without a wheel; A and U no move.
TEST(FireAndDisciplineChits, WhatAChitMakesOfAMove) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  const int u = b.foot(0, 4, 500, 300, 0);
  FdState s = b.state();
  s.options.tactical_chits = true;
  EXPECT_DOUBLE_EQ(chit_move(s, u, 45).facing, 45);  // no chit: as asked
  s.units[u].chit = Chit::kRight;
  EXPECT_DOUBLE_EQ(chit_move(s, u, 45).facing, 45);
  EXPECT_TRUE(chit_move(s, u, 45).why.empty());
  EXPECT_DOUBLE_EQ(chit_move(s, u, 120).facing, 90);  // at most 90°
  EXPECT_EQ(chit_move(s, u, 120).why, "its chit R turns at most 90 degrees (§2.5)");
  EXPECT_DOUBLE_EQ(chit_move(s, u, 330).facing, 0);  // not left
  EXPECT_EQ(chit_move(s, u, 330).why,
            "its chit R turns only right: it moves without turning (§2.5)");
  s.units[u].chit = Chit::kLeft;
  EXPECT_DOUBLE_EQ(chit_move(s, u, 330).facing, 330);
  EXPECT_DOUBLE_EQ(chit_move(s, u, 200).facing, 270);
  s.units[u].chit = Chit::kHold;
  EXPECT_TRUE(chit_move(s, u, 45).allowed);
  EXPECT_DOUBLE_EQ(chit_move(s, u, 45).facing, 0);
  EXPECT_DOUBLE_EQ(chit_move(s, u, 0).facing, 0);
  EXPECT_TRUE(chit_move(s, u, 0).why.empty());
  s.units[u].chit = Chit::kAttack;
  EXPECT_FALSE(chit_move(s, u, 0).allowed);
  EXPECT_EQ(chit_move(s, u, 0).why, "its chit A allows no other move (§2.5)");
  s.units[u].chit = Chit::kUnlimber;
  EXPECT_FALSE(chit_move(s, u, 0).allowed);
}

// U: "Artillery guns must unlimber" — a limbered section only.
TEST(FireAndDisciplineChits, UnlimberChit) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  const int limbered =
      b.add_at(0, "artillery", "limbered", 4, 500, 300, 0, {{"pdr", Value(std::int64_t{6})}});
  const int unlimbered =
      b.add_at(0, "artillery", "unlimbered", 4, 700, 300, 0, {{"pdr", Value(std::int64_t{6})}});
  FdState s = b.state();
  s.units[limbered].chit = Chit::kUnlimber;
  s.units[unlimbered].chit = Chit::kUnlimber;
  EXPECT_FALSE(chit_must_unlimber(s, limbered));  // option off
  s.options.tactical_chits = true;
  EXPECT_TRUE(chit_must_unlimber(s, limbered));
  EXPECT_FALSE(chit_must_unlimber(s, unlimbered));
  s.units[limbered].chit = Chit::kHold;
  EXPECT_FALSE(chit_must_unlimber(s, limbered));
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
