// The §8.31 worked example of a multi-unit melee (L604), played through Phase VII on
// hand-placed stands, with the follow-on engagements the text describes.
//
// "French units A and B contact Dutch units X, Y and Z. A inflicts one on X and two on Y. B
// inflicts two on Z and one on Y. X inflicts two on A. Y inflicts one on B and one on A. Z
// inflicts one on B. [...] Dutch Y and Z are losers and must check morale. French A is
// Engaged. French B and Dutch X are winners and do not check morale. A and X are now
// Engaged. B can advance if X and Z fail morale and must retreat. If either passes morale
// then B is engaged with them." B fought Y and Z, not X: the "X" is read as Y (pursuit.h).
//
// Layout: seven 15 yd slots side by side, x = 400 + 15k yd; the French face north with
// their front edges on y = 500, the Dutch face south on the same line, so each stand meets
// the one opposite front to front (§8.16) and its neighbours only corner to corner:
//
//   slot   0  1  2  3  4  5  6
//   Dutch  X  X  Y  Y  Y  Z  Z     (X stands 0-1, Y 0-2, Z 0-1)
//   French A  A  A  A  B  B  B     (A stands 0-3, B 0-2)
//
// Every stand has 6 castings and rating 2: bayonet against infantry hits on 0-1-2
// (§8.5 L642), no 2× castings, no higher MMG (L650-L652), no cover, no flank.
#include <gtest/gtest.h>

#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/pursuit.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using namespace fd_test;  // NOLINT: the shared helpers

double slot(int k) { return 400 + 15 * k; }

struct Example {
  ScenarioBuilder b;
  int a, bb, x, y, z, w = -1;
  // `support`: a Dutch stand W behind slot 5.5, its front edge 25 yd beyond the line.
  explicit Example(bool support = false) {
    a = b.line(
        0, {north(slot(0), 500), north(slot(1), 500), north(slot(2), 500), north(slot(3), 500)});
    bb = b.line(0, {north(slot(4), 500), north(slot(5), 500), north(slot(6), 500)});
    x = b.line(1, {south(slot(0), 500), south(slot(1), 500)});
    y = b.line(1, {south(slot(2), 500), south(slot(3), 500), south(slot(4), 500)});
    z = b.line(1, {south(slot(5), 500), south(slot(6), 500)});
    if (support) w = b.line(1, {south(slot(5) + 7.5, 525)});
  }
  MeleeBook book(const FdState& s) const {
    MeleeBook book;
    const std::vector<std::pair<int, int>> pairs = {{a, x}, {a, y}, {bb, y}, {bb, z}};
    for (const auto& [c, t] : pairs) {
      book.melees.push_back({c, t, false, false, false, stand_contacts(s, c, t)});
    }
    book.charged = {a, bb};
    return book;
  }
};

// The melee dice of the example, in rolling order (units in force order, stands in order):
// A 0 1 2 3, B 0 1 2, X 0 1, Y 0 1 2, Z 0 1. A hit is 0 (face 10), 1 or 2; a miss is 5.
const std::vector<int> kExampleDice = {
    10, 5, 1,  2,  // A: X stand 0 hit, X stand 1 miss; Y stands 0 and 1 hit: 1 on X, 2 on Y
    10, 1, 2,      // B: Y stand 2 hit; Z stands 0 and 1 hit: 1 on Y, 2 on Z
    10, 1,         // X: both on A: 2 on A
    2,  5, 10,     // Y: A stand 2 hit, A stand 3 miss; B stand 0 hit: 1 on A, 1 on B
    1,  5,         // Z: B stand 1 hit, B stand 2 miss: 1 on B
};

std::vector<int> with(std::vector<int> dice, const std::vector<int>& more) {
  dice.insert(dice.end(), more.begin(), more.end());
  return dice;
}

TEST(FireAndDisciplineMultiMelee, EachStandRollsAgainstTheStandOppositeIt) {  // FD-46, §8.16
  Example ex;
  FdState s = ex.b.state();
  const MeleeBook book = ex.book(s);
  // Front-to-front pairs only: the corner neighbours are not in contact.
  EXPECT_EQ(book.melees[0].contacts.size(), 2u);  // A-X
  EXPECT_EQ(book.melees[1].contacts.size(), 2u);  // A-Y
  EXPECT_EQ(book.melees[2].contacts.size(), 1u);  // B-Y
  EXPECT_EQ(book.melees[3].contacts.size(), 2u);  // B-Z
  const std::vector<MeleeDie> dice = melee_dice(s, book.melees);
  const std::vector<std::pair<StandRef, StandRef>> want = {
      {{ex.a, 0}, {ex.x, 0}},  {{ex.a, 1}, {ex.x, 1}},  {{ex.a, 2}, {ex.y, 0}},
      {{ex.a, 3}, {ex.y, 1}},  {{ex.bb, 0}, {ex.y, 2}}, {{ex.bb, 1}, {ex.z, 0}},
      {{ex.bb, 2}, {ex.z, 1}}, {{ex.x, 0}, {ex.a, 0}},  {{ex.x, 1}, {ex.a, 1}},
      {{ex.y, 0}, {ex.a, 2}},  {{ex.y, 1}, {ex.a, 3}},  {{ex.y, 2}, {ex.bb, 0}},
      {{ex.z, 0}, {ex.bb, 1}}, {{ex.z, 1}, {ex.bb, 2}},
  };
  ASSERT_EQ(dice.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(dice[i].by, want[i].first) << i;
    EXPECT_EQ(dice[i].on, want[i].second) << i;
  }
}

// Morale of the losers, Y then Z (force order): the testing stand took 1 hit and has 5
// castings; 5 + rating 2 + adjacent bonus 1 (FD-23) = 8 (§5.4b). A 9 fails and an effects
// d10 of 5 is "flee 100 yards" (§5.5 L320); a 1 passes.
const std::vector<int> kFlee = {9, 5};
const std::vector<int> kPass = {1};
const std::vector<int> kHalt = {9, 2};

TEST(FireAndDisciplineMultiMelee, TotalsWinnersLosersAndWhoTests) {  // §8.31 L604, FD-22
  Example ex;
  FdState s = ex.b.state();
  MeleeBook book = ex.book(s);
  Scripted dice(with(with(kExampleDice, kPass), kPass));
  EventLog log;
  const MeleeStep step = fight_melees(s, book.melees, book, dice, log, "VII.2 new melees");
  EXPECT_TRUE(dice.done());
  struct Want {
    int unit;
    int inflicted, received;
    MeleeStanding standing;
    bool tests;
  };
  const Want want[] = {
      {ex.a, 3, 3, MeleeStanding::kEngaged, false},  // "A inflicted three and received three"
      {ex.bb, 3, 2, MeleeStanding::kWinner, false},  // "B inflicted three and received two"
      {ex.x, 2, 1, MeleeStanding::kWinner, false},   // "X inflicted two and received one"
      {ex.y, 2, 3, MeleeStanding::kLoser, true},     // "Y inflicted two and received three"
      {ex.z, 1, 2, MeleeStanding::kLoser, true},     // "Z inflicted one and received two"
  };
  ASSERT_EQ(step.fighters.size(), 5u);
  for (const Want& w : want) {
    const MeleeFighter* f = step.fighter(w.unit);
    ASSERT_NE(f, nullptr) << w.unit;
    EXPECT_EQ(f->first_round, (MeleeTally{w.inflicted, w.received})) << w.unit;
    EXPECT_EQ(f->standing, w.standing) << w.unit;
    EXPECT_EQ(f->tested, w.tests) << w.unit;  // "winners ... do not check morale"
    EXPECT_EQ(count(log, EventKind::kMorale, s.force.units[static_cast<std::size_t>(w.unit)].id),
              w.tests ? 1 : 0);
  }
  // Both losers passed: every pair stays locked (§8.18), "A and X are now Engaged".
  EXPECT_EQ(step.engaged, (std::vector<std::pair<int, int>>{
                              {ex.a, ex.x}, {ex.a, ex.y}, {ex.bb, ex.y}, {ex.bb, ex.z}}));
  // Casualties (FD-20): one casting per hit, one box each.
  EXPECT_EQ(s.units[static_cast<std::size_t>(ex.a)].boxes_marked, 3);
  EXPECT_EQ(s.units[static_cast<std::size_t>(ex.y)].boxes_marked, 3);
  EXPECT_EQ(s.force.units[static_cast<std::size_t>(ex.y)].stands[0].castings, 5);
}

std::vector<int> engaged_of(const FdState& s, int u) {
  return s.units[static_cast<std::size_t>(u)].engaged_with;
}

TEST(FireAndDisciplineMultiMelee, YAndZFleeSoBAdvancesAndAIsEngagedWithX) {  // L604, §8.2h
  Example ex;
  FdState s = ex.b.state();
  MeleeBook book = ex.book(s);
  Scripted dice(with(with(kExampleDice, kFlee), kFlee));
  EventLog log;
  const Rect before = s.force.units[static_cast<std::size_t>(ex.bb)].stands[1].rect;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  // "A and X are now Engaged"; Y left A, so A is engaged with X alone.
  EXPECT_EQ(engaged_of(s, ex.a), std::vector<int>{ex.x});
  EXPECT_EQ(engaged_of(s, ex.x), std::vector<int>{ex.a});
  EXPECT_TRUE(engaged_of(s, ex.bb).empty());
  EXPECT_TRUE(engaged_of(s, ex.y).empty());
  EXPECT_TRUE(engaged_of(s, ex.z).empty());
  // "B can advance": 30 yd straight ahead (§8.2h), meeting no one.
  const Rect after = s.force.units[static_cast<std::size_t>(ex.bb)].stands[1].rect;
  EXPECT_NEAR(after.centre.x, before.centre.x, 1e-6);
  EXPECT_NEAR((after.centre.y - before.centre.y) / kYd, kPursuitYd, 1e-6);
  // A (tied, locked with X) and X (a winner, but not a charger and locked with A) stay.
  EXPECT_NEAR(s.force.units[static_cast<std::size_t>(ex.a)].stands[0].rect.centre.y / kYd, 493.75,
              1e-6);
  EXPECT_EQ(count(log, EventKind::kMove, "u1"), 1);  // B's pursuit move
  EXPECT_EQ(count(log, EventKind::kMove, "u0"), 0);
}

TEST(FireAndDisciplineMultiMelee, YPassesSoBIsEngagedWithYAndDoesNotAdvance) {  // L604
  Example ex;
  FdState s = ex.b.state();
  MeleeBook book = ex.book(s);
  Scripted dice(with(with(kExampleDice, kPass), kFlee));  // Y passes, Z flees
  EventLog log;
  const Rect before = s.force.units[static_cast<std::size_t>(ex.bb)].stands[1].rect;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  // "If either passes morale then B is engaged with them."
  EXPECT_EQ(engaged_of(s, ex.bb), std::vector<int>{ex.y});
  EXPECT_EQ(engaged_of(s, ex.a), (std::vector<int>{ex.x, ex.y}));
  EXPECT_EQ(engaged_of(s, ex.y), (std::vector<int>{ex.a, ex.bb}));
  EXPECT_TRUE(engaged_of(s, ex.z).empty());
  const Rect after = s.force.units[static_cast<std::size_t>(ex.bb)].stands[1].rect;
  EXPECT_NEAR(after.centre.y, before.centre.y, 1e-6);
  EXPECT_EQ(count(log, EventKind::kMove, "u1"), 0);
}

TEST(FireAndDisciplineMultiMelee, AHaltedLoserStaysEngagedAndBlocksTheAdvance) {  // §8.18
  Example ex;
  FdState s = ex.b.state();
  MeleeBook book = ex.book(s);
  Scripted dice(with(with(kExampleDice, kFlee), kHalt));  // Y flees, Z halts (§5.5 1-3)
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  // "its morale loss does not require a retreat": Z stays locked with B.
  EXPECT_EQ(engaged_of(s, ex.bb), std::vector<int>{ex.z});
  EXPECT_EQ(engaged_of(s, ex.a), std::vector<int>{ex.x});
  EXPECT_EQ(count(log, EventKind::kMove, "u1"), 0);
}

TEST(FireAndDisciplineMultiMelee, BPursuesIntoTheSupportAndFightsAPursuitMelee) {  // §8.2h-i
  Example ex(/*support=*/true);
  FdState s = ex.b.state();
  MeleeBook book = ex.book(s);
  // Y and Z flee through W (FD-27: the movers take the flow-through hits, which shatter Z;
  // a unit destroyed still counts as gone for the pursuit). B's path meets W's
  // front edge 25 yd ahead, inside 30: B lines up on it (§8.16) and only its middle stand
  // meets W front to front. Pursuit melee, Contact column: B stand 1 rolls 0 (a hit), W
  // rolls 5 (a miss). W lost 0 to 1: 5 castings + rating 2 = 7, a 9 fails, effects 5 flee.
  Scripted dice(with(with(with(kExampleDice, kFlee), kFlee), {10, 5, 9, 5}));
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  ASSERT_EQ(book.melees.size(), 5u);
  const Melee& chase = book.melees.back();
  EXPECT_TRUE(chase.pursuit);
  EXPECT_FALSE(chase.engaged);  // Contact column (FD-47)
  EXPECT_EQ(chase.charger, ex.bb);
  EXPECT_EQ(chase.target, ex.w);
  EXPECT_EQ(chase.contacts.size(), 1u);
  // B moved 25 yd and shifted 7.5 yd right onto W's centre line.
  const Rect& mid = s.force.units[static_cast<std::size_t>(ex.bb)].stands[1].rect;
  EXPECT_NEAR(mid.centre.x / kYd, slot(5) + 7.5, 1e-6);
  EXPECT_NEAR(mid.centre.y / kYd, 518.75, 1e-6);
  EXPECT_EQ(count(log, EventKind::kMorale, "u5"), 1);
  // W fled: no second pursuit (§8.2i), and B is engaged with no one.
  EXPECT_TRUE(engaged_of(s, ex.bb).empty());
  EXPECT_TRUE(engaged_of(s, ex.w).empty());
  bool no_second = false;
  for (const Event& e : log.events()) {
    no_second = no_second || e.text.find("§8.2i") != std::string::npos;
  }
  EXPECT_TRUE(no_second);
}

TEST(FireAndDisciplineMultiMelee, NextTurnAAndXFightTheEngagedMelee) {  // §8.45, L90
  Example ex;
  FdState s = ex.b.state();
  MeleeBook book = ex.book(s);
  Scripted dice(with(with(kExampleDice, kFlee), kFlee));
  EventLog log;
  resolve_melees(s, book, dice, log);
  ++s.turn;
  // Step VII.4: A stands 0-1 against X stands 0-1, then X; the infantry "engaged from the
  // prior turn" +1 makes 0-1-2-3 (L648). A: 3 and 3 hit; X: 4 and 5 miss. X lost 0 to 2 and
  // tests: X stand 0 has 5 castings (1 hit last turn) + 2 + 1 = 8; a 1 passes.
  MeleeBook next;
  Scripted dice2({3, 3, 4, 5, 1});
  resolve_melees(s, next, dice2, log);
  EXPECT_TRUE(dice2.done());
  ASSERT_EQ(next.melees.size(), 1u);
  EXPECT_TRUE(next.melees[0].engaged);
  EXPECT_EQ(next.melees[0].charger, ex.a);
  EXPECT_EQ(next.melees[0].target, ex.x);
  EXPECT_EQ(engaged_of(s, ex.a), std::vector<int>{ex.x});
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
