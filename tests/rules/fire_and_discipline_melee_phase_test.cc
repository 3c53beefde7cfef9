// Charges and field melee of Fire and Discipline (000.md §9, §7.7; FD-22, FD-43..FD-46), on
// hand-placed stands. Coordinates in yards (1 yd = 2.54 mm, FD-01 default); facing 0 is
// north (+y). A basic stand is 15 × 12.5 yd, a half-stand 7.5 × 10 yd.
#include "rules/fire_and_discipline/melee_phase.h"

#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"

namespace smoothbore::fire_and_discipline {
namespace {

using namespace fd_test;  // NOLINT: the shared helpers

TEST(FireAndDisciplineMeleePhase, InfantryReachIs80Yards) {  // FD-43
  ScenarioBuilder b;
  const int a = b.line(0, {north(0, 0)});
  const int near = b.line(1, {south(0, 79)});
  const int far = b.line(1, {south(100, 81)});
  FdState s = b.state();
  // Move the two far targets straight ahead of the charger in turn.
  EXPECT_EQ(charge_invalid(s, a, near), std::nullopt);
  s.force.units[static_cast<std::size_t>(near)].stands[0].rect = south(300, 79);
  s.force.units[static_cast<std::size_t>(far)].stands[0].rect = south(0, 81);
  EXPECT_NE(charge_invalid(s, a, far), std::nullopt);  // 81 yd: out of reach
}

TEST(FireAndDisciplineMeleePhase, SkirmishersMayNotChargeCloseOrder) {  // §8.12
  ScenarioBuilder b;
  const int sk = b.add(0, "infantry", "open-order", {R(0, -5, 0, 7.5, 10)},
                       {{"half-stands", Value(std::int64_t{1})}});
  const int line = b.line(1, {south(0, 30)});
  FdState s = b.state();
  const auto why = charge_invalid(s, sk, line);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("§8.12"), std::string::npos) << *why;
}

TEST(FireAndDisciplineMeleePhase, WithdrawalOrderRefusesCharge) {  // FD-52
  ScenarioBuilder b;
  const int a = b.line(0, {north(0, 0)});
  const int t = b.line(1, {south(0, 30)});
  FdState s = b.state();
  EXPECT_EQ(charge_invalid(s, a, t), std::nullopt);
  s.units[static_cast<std::size_t>(a)].order.kind = OrderKind::kWithdrawal;
  EXPECT_NE(charge_invalid(s, a, t), std::nullopt);
  s.units[static_cast<std::size_t>(a)].order.kind = OrderKind::kGeneralAdvance;
  s.units[static_cast<std::size_t>(a)].halted_until = s.turn;  // FD-25
  EXPECT_NE(charge_invalid(s, a, t), std::nullopt);
}

TEST(FireAndDisciplineMeleePhase, ChargerMovesAndShiftsToLineUp) {  // §8.2b, §8.16
  ScenarioBuilder b;
  const int a = b.line(0, {north(0, 0)});
  const int t = b.line(1, {south(10, 50)});  // 10 yd to the right, overlapping the corridor
  FdState s = b.state();
  s.units[static_cast<std::size_t>(t)].last_target_turn = s.turn;  // fired: no FPF
  Scripted dice({});
  EventLog log;
  MeleeBook book = charge_moves(s, {{a, t}}, dice, log);
  const Rect& r = s.force.units[static_cast<std::size_t>(a)].stands[0].rect;
  EXPECT_NEAR(r.centre.x / kYd, 10, 1e-6);     // the charger shifted onto the defender
  EXPECT_NEAR(r.centre.y / kYd, 43.75, 1e-6);  // front edge on the defender's at 50 yd
  EXPECT_NEAR(r.facing, 0, 1e-6);
  ASSERT_EQ(book.melees.size(), 1u);
  EXPECT_EQ(book.melees[0].contacts.size(), 1u);
  EXPECT_FALSE(book.melees[0].flank);
  EXPECT_EQ(count(log, EventKind::kFire), 0);
}

// Faces of the FPF volley: every die a miss.
std::vector<int> fpf_misses(const FdState& s, int firer) {
  MusketrySituation m;
  m.stands = 1;
  m.range_yd = s.options.held_fire_range_yd;
  m.morale_rating = s.units[static_cast<std::size_t>(firer)].rating;
  const MusketryDice d = musketry_dice(m);
  int miss = 1;
  while (std::find(d.hit_faces.begin(), d.hit_faces.end(), miss) != d.hit_faces.end()) ++miss;
  return std::vector<int>(static_cast<std::size_t>(d.dice), miss);
}

TEST(FireAndDisciplineMeleePhase, FinalProtectiveFireOnlyIfHeldAndNotFired) {  // §7.7
  for (int variant = 0; variant < 3; ++variant) {
    ScenarioBuilder b;
    const int a = b.line(0, {north(0, 0)});
    const int t = b.line(1, {south(0, 50)});
    FdState s = b.state();
    std::vector<int> faces;
    bool counter = false;
    if (variant == 0) faces = fpf_misses(s, t);  // held: fires
    if (variant == 1) s.units[static_cast<std::size_t>(t)].last_target_turn = s.turn;  // fired
    if (variant == 2) counter = true;  // counter-charged
    Scripted dice(faces);
    EventLog log;
    MeleeBook book = charge_moves(s, {{a, t, counter}}, dice, log);
    EXPECT_EQ(count(log, EventKind::kFire), variant == 0 ? 1 : 0) << variant;
    EXPECT_TRUE(dice.done());
    EXPECT_EQ(book.melees.size(), 1u) << variant;  // no hits: the charge goes in
  }
}

// FD-43: a cavalry troop with a company off its corridor, 32 yd away edge to edge (25 yd to
// the right, 20 yd ahead), wheels toward it (§4.5 L226: the charge rate halved to 60 yd),
// goes straight in and lines up on it (§8.16): a melee, no morale test. With a friendly
// company just ahead of its left half the wheel about its right front corner (FD-42) would
// swing into it: the troop cannot wheel, goes straight ahead, fails to reach its target and
// tests morale (§8.15).
TEST(FireAndDisciplineMeleePhase, FailedContactTestsMorale) {  // §8.15, FD-43 wheel
  for (const bool blocked : {false, true}) {
    ScenarioBuilder b;
    const int c = b.add(0, "cavalry", "line", {north(100, 100)});
    const int t = b.line(1, {south(140, 120)});
    if (blocked) b.line(0, {north(95, 116)});  // 3.5 yd ahead of the troop's left half
    FdState s = b.state();
    s.units[static_cast<std::size_t>(t)].last_target_turn = s.turn;  // fired: no FPF
    ASSERT_EQ(charge_invalid(s, c, t), std::nullopt);
    Scripted dice(blocked ? std::vector<int>{1} : std::vector<int>{});  // 3 + 2 = 5: 1 passes
    EventLog log;
    MeleeBook book = charge_moves(s, {{c, t}}, dice, log);
    EXPECT_EQ(book.melees.empty(), blocked);
    EXPECT_EQ(count(log, EventKind::kMorale, "u0"), blocked ? 1 : 0);
    EXPECT_TRUE(dice.done());
    bool wheeled = false;
    for (const Event& e : log.events()) {
      wheeled = wheeled || (e.text.find("u0 wheels") != std::string::npos &&
                            e.text.find("right toward u1, its charge rate halved to 60 yd "
                                        "(§4.5, FD-43)") != std::string::npos);
    }
    EXPECT_EQ(wheeled, !blocked);
    if (!blocked) {
      // The wheel (about the right front corner, turning until the company's centre is on
      // the troop's centre line) leaves the troop's front west of the company, in the zone of
      // its west flank (the company faces south): it lines up on that flank (§8.16), facing
      // east with its front edge on x = 132.5, keeping its offset (centre y = 120).
      const Rect& r = s.force.units[static_cast<std::size_t>(c)].stands[0].rect;
      EXPECT_NEAR(r.facing, 90, 1e-6);
      EXPECT_NEAR(r.centre.x / kYd, 126.25, 1e-6);
      EXPECT_NEAR(r.centre.y / kYd, 120, 1e-6);
      EXPECT_EQ(book.melees[0].contacts.size(), 1u);
    }
  }
}

TEST(FireAndDisciplineMeleePhase, FlankContactWhenChargerExtendsBehindRear) {  // §8.19, FD-45
  ScenarioBuilder b;
  const int a = b.line(0, {north(0, 0)});
  const int t = b.line(1, {R(0, 40, 90)});  // faces east: its south flank toward the charger
  FdState s = b.state();
  Scripted dice({});
  EventLog log;
  MeleeBook book = charge_moves(s, {{a, t}}, dice, log);
  ASSERT_EQ(book.melees.size(), 1u);
  EXPECT_TRUE(book.melees[0].flank);           // 15 yd of front on a 12.5 yd flank
  EXPECT_EQ(count(log, EventKind::kFire), 0);  // no FPF at flankers
}

TEST(FireAndDisciplineMeleePhase, TwoStandsBeatOneLoserTestsWinnerDoesNot) {  // FD-22, FD-46
  ScenarioBuilder b;
  const int a = b.line(0, {north(-7.5, 0), north(7.5, 0)}, 4);
  const int t = b.line(1, {south(0, 0)}, 4);
  FdState s = b.state();
  MeleeBook book;
  book.melees.push_back({a, t, false, false, false, stand_contacts(s, a, t)});
  book.charged = {a};
  ASSERT_EQ(book.melees[0].contacts.size(), 2u);
  // Bayonet vs infantry hits on 0-1-2 (§8.5). Dice unit by unit, stand by stand (FD-46):
  // blue stand 0 rolls 0, blue stand 1 rolls 1, red rolls 5 (a miss); then red's morale:
  // 4 castings + rating 4 = 8, a 1 passes.
  Scripted dice({10, 1, 5, 1});
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_EQ(s.force.units[static_cast<std::size_t>(t)].stands[0].castings, 4);
  EXPECT_EQ(count(log, EventKind::kMorale, "u1"), 1);
  EXPECT_EQ(count(log, EventKind::kMorale, "u0"), 0);
  // The loser passed: still locked (§8.18).
  EXPECT_EQ(s.units[static_cast<std::size_t>(t)].engaged_with, std::vector<int>{a});
}

TEST(FireAndDisciplineMeleePhase, EqualHitsEngagedThenEngagedColumn) {  // §8.18, §8.45
  ScenarioBuilder b;
  const int a = b.line(0, {north(0, 0)}, 4);
  const int t = b.line(1, {south(0, 0)}, 4);
  FdState s = b.state();
  MeleeBook book;
  book.melees.push_back({a, t, false, false, false, stand_contacts(s, a, t)});
  book.charged = {a};
  Scripted dice({10, 10});  // one hit each: engaged, nobody tests (FD-22)
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_EQ(count(log, EventKind::kMorale), 0);
  EXPECT_EQ(s.units[static_cast<std::size_t>(a)].engaged_with, std::vector<int>{t});
  // Next turn: the infantry +1 makes 0-1-2-3; a 3 hits, a 5 misses; red (4 + 4 = 8) tests.
  ++s.turn;
  MeleeBook next;
  Scripted dice2({3, 5, 1});
  resolve_melees(s, next, dice2, log);
  EXPECT_TRUE(dice2.done());
  ASSERT_EQ(next.melees.size(), 1u);
  EXPECT_TRUE(next.melees[0].engaged);
  EXPECT_EQ(s.force.units[static_cast<std::size_t>(t)].stands[0].castings, 4);
  EXPECT_EQ(count(log, EventKind::kMorale, "u1"), 1);
}

TEST(FireAndDisciplineMeleePhase, CornerToCornerIsNotContact) {  // §8.16-§8.17
  EXPECT_TRUE(fighting_contact(north(0, 0), south(0, 0)));       // front to front
  EXPECT_FALSE(fighting_contact(north(0, 0), south(15, 0)));     // diagonal neighbours
  EXPECT_TRUE(fighting_contact(north(0, 0), south(10, 0)));      // 5 yd of shared edge
  EXPECT_TRUE(
      fighting_contact(north(0, 0), R(0, 13.75 / std::sqrt(2.0), 45)));  // a corner on the front
  EXPECT_FALSE(fighting_contact(north(0, 0), south(0, 1)));              // 1 yd apart
}

// Issue 9 round 25: stand_contacts asks fighting_contact on frames kept per stand; on pairs
// about contact (shared edges, corners on edges, corner to corner, a little apart, turned)
// it answers as the test on the rects.
TEST(FireAndDisciplineMeleePhase, FightingContactOnFramesAnswersAsOnRects) {
  std::mt19937 rng(25);
  const double offsets[] = {-15, -12.5, -10, -7.5, -5, 0, 5, 7.5, 10, 12.5, 13.75, 15, 20};
  const double facings[] = {0, 45, 90, 135, 180, 270, 30.5};
  std::uniform_real_distribution<double> jitter(-0.3, 0.3);
  int contacts = 0;
  int apart = 0;
  for (int k = 0; k < 20000; ++k) {
    const Rect a = R(0, 0, facings[rng() % 7]);
    double x = offsets[rng() % 13];
    double y = offsets[rng() % 13];
    if (rng() % 3 == 0) {
      x += jitter(rng);
      y += jitter(rng);
    }
    const Rect b = R(x, y, facings[rng() % 7]);
    const bool want = fighting_contact(a, b);
    EXPECT_EQ(detail::fighting_contact(RectFrame(a), RectFrame(b)), want) << k;
    (want ? contacts : apart) += 1;
  }
  EXPECT_GT(contacts, 1000);
  EXPECT_GT(apart, 1000);
}

// A skirmisher half-stand (2 castings, open order) and a line stand (6 castings) in contact.
struct SkirmishCharge {
  ScenarioBuilder b;
  int line = -1, sk = -1;
  explicit SkirmishCharge(std::map<std::string, Value> options = {}) : b(std::move(options)) {
    line = b.line(0, {north(500, 480)});
    sk = b.add(
        1, "infantry", "open-order", {R(500, 505, 180, 7.5, 10)},
        {{"half-stands", Value(std::int64_t{1})}, {"half-stand-castings", Value(std::int64_t{2})}});
  }
};

TEST(FireAndDisciplineMeleePhase, MeleeRoundOddsAreExact) {  // §8.5, FD-46
  SkirmishCharge c;
  FdState s = c.b.state();
  s.force.units[static_cast<std::size_t>(c.line)].stands[0].rect = north(500, 500);
  MeleeBook book;
  book.charged = {c.line};
  const Melee m{c.line, c.sk, false, false, false, stand_contacts(s, c.line, c.sk)};
  ASSERT_EQ(m.contacts.size(), 1u);
  // Line: bayonet vs Open Infantry 0-1-2 (L644) +1 for 6 ≥ 2 × 2 castings (L650) = 40%.
  // Skirmisher: bayonet vs Infantry 0-1-2 (L642) = 30%. One die each.
  const MeleeRoundOdds o = melee_round_odds(s, m, book);
  EXPECT_NEAR(o.charger_wins, 0.4 * 0.7, 1e-12);
  EXPECT_NEAR(o.target_wins, 0.6 * 0.3, 1e-12);
  EXPECT_NEAR(o.tie, 0.4 * 0.3 + 0.6 * 0.7, 1e-12);
}

TEST(FireAndDisciplineMeleePhase, ChargedSkirmishersFleeWhenLikelierToLose) {  // §8.2c
  for (const char* option : {"odds", "never"}) {
    SkirmishCharge c({{"fd_evade_charge", Value(std::string(option))}});
    FdState s = c.b.state();
    Scripted dice({});  // skirmishers fire no FPF (§7.7) and a flight rolls nothing
    EventLog log;
    MeleeBook book = charge_moves(s, {{c.line, c.sk}}, dice, log);
    EXPECT_TRUE(dice.done());
    const Rect& r = s.force.units[static_cast<std::size_t>(c.sk)].stands[0].rect;
    if (std::string(option) == "odds") {
      // Losing (0.28) is likelier than winning (0.18): it flees 80 yd north (§4.43 rate).
      EXPECT_TRUE(book.melees.empty());
      EXPECT_NEAR(r.centre.y / kYd, 505 + 80, 1e-6);
      EXPECT_TRUE(s.units[static_cast<std::size_t>(c.sk)].fled_this_turn);
    } else {
      EXPECT_EQ(book.melees.size(), 1u);
    }
  }
}

TEST(FireAndDisciplineMeleePhase, ACrewHoldingFireMeleesOthersMayFlee) {  // §6.4d-e, §4.43
  for (const bool held : {true, false}) {
    ScenarioBuilder b({{"fd_evade_charge", Value(std::string("always"))}});
    const int a = b.line(0, {north(500, 480)});
    const int g =
        b.add(1, "artillery", "unlimbered", {south(500, 505)}, {{"pdr", Value(std::int64_t{6})}});
    FdState s = b.state();
    UnitState& gs = s.units[static_cast<std::size_t>(g)];
    gs.hold_fire = held;
    gs.ball = gs.canister = 0;  // nothing left to fire: no held-fire roll
    Scripted dice({});
    EventLog log;
    MeleeBook book = charge_moves(s, {{a, g}}, dice, log);
    EXPECT_TRUE(dice.done());
    EXPECT_EQ(book.melees.size(), held ? 1u : 0u) << held;
    EXPECT_EQ(may_evade(s, g), false) << held;  // fought, or already fled this turn
  }
}

TEST(FireAndDisciplineMeleePhase, CloseOrderInfantryNeverEvades) {  // §8.2c
  ScenarioBuilder b({{"fd_evade_charge", Value(std::string("always"))}});
  b.line(0, {north(500, 480)});
  const int t = b.line(1, {south(500, 505)});
  FdState s = b.state();
  EXPECT_FALSE(may_evade(s, t));
}

TEST(FireAndDisciplineMeleePhase, ASecondRoundOnlyWhileNeitherBroke) {  // FD-48, §8.45
  for (const int variant : {0, 1, 2}) {
    // Rating 4 (4 shatter boxes a stand, so two hits do not shatter it). 0: rounds 1, a tie:
    // one round. 1: rounds 2, a tie then round 2 in the Engaged column (infantry +1:
    // 0-1-2-3, L648): blue 3 hits, red 5 misses; red (4 castings + 4 = 8) fails on a 0 (read
    // as 10) and flees on 5. 2: rounds 2, red loses round 1 and flees: no round 2.
    ScenarioBuilder b({{"fd_48_melee_rounds", Value(std::int64_t{variant == 0 ? 1 : 2})}});
    const int a = b.line(0, {north(500, 500)}, 4);
    const int t = b.line(1, {south(500, 500)}, 4);
    FdState s = b.state();
    MeleeBook book;
    book.melees.push_back({a, t, false, false, false, stand_contacts(s, a, t)});
    book.charged = {a};
    std::vector<int> faces = {10, 10};
    if (variant == 1) faces = {10, 10, 3, 5, 10, 5};
    if (variant == 2) faces = {10, 5, 10, 5};
    Scripted dice(faces);
    EventLog log;
    const MeleeStep step = fight_melees(s, book.melees, book, dice, log, "VII.2 new melees");
    EXPECT_TRUE(dice.done()) << variant;
    EXPECT_EQ(step.rounds, variant == 1 ? 2 : 1) << variant;
    EXPECT_EQ(count(log, EventKind::kMorale, "u1"), variant == 0 ? 0 : 1) << variant;
    const MeleeFighter* red = step.fighter(t);
    ASSERT_NE(red, nullptr);
    EXPECT_EQ(red->retreated, variant != 0) << variant;
    EXPECT_EQ(step.engaged.empty(), variant != 0) << variant;
    if (variant == 1) {
      EXPECT_EQ(red->first_round, (MeleeTally{1, 1}));  // round 1 was a tie
      EXPECT_EQ(red->standing, MeleeStanding::kLoser);  // round 2 lost
      EXPECT_EQ(red->rounds, 2);
    }
  }
}

TEST(FireAndDisciplineMeleePhase, AllStandsRollsForEveryStand) {  // FD-46 option
  for (const bool all : {false, true}) {
    ScenarioBuilder b(
        all ? std::map<std::string, Value>{{"fd_46_melee_dice", Value(std::string("all-stands"))}}
            : std::map<std::string, Value>{});
    const int a = b.line(0, {north(485, 500), north(500, 500), north(515, 500)});
    const int t = b.line(1, {south(500, 500)});
    FdState s = b.state();
    const std::vector<Melee> melees = {{a, t, false, false, false, stand_contacts(s, a, t)}};
    ASSERT_EQ(melees[0].contacts.size(), 1u);  // only the middle stand meets it
    const std::vector<MeleeDie> dice = melee_dice(s, melees);
    if (!all) {
      ASSERT_EQ(dice.size(), 2u);
      EXPECT_EQ(dice[0].by, (StandRef{a, 1}));
      EXPECT_EQ(dice[1].on, (StandRef{a, 1}));
    } else {
      ASSERT_EQ(dice.size(), 4u);  // three for the line, all against the one stand
      for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(dice[static_cast<std::size_t>(i)].by, (StandRef{a, i}));
        EXPECT_EQ(dice[static_cast<std::size_t>(i)].on, (StandRef{t, 0}));
      }
      EXPECT_EQ(dice[3].by, (StandRef{t, 0}));
    }
  }
}

TEST(FireAndDisciplineMeleePhase, UnderAllEveryUnitInAMeleeTests) {  // FD-22 "all", §5.3b
  ScenarioBuilder b({{"fd_22_melee_morale", Value(std::string("all"))}});
  const int a = b.line(0, {north(500, 500)});
  const int t = b.line(1, {south(500, 500)});
  FdState s = b.state();
  MeleeBook book;
  book.melees.push_back({a, t, false, false, false, stand_contacts(s, a, t)});
  book.charged = {a};
  Scripted dice({10, 5, 1, 1});  // blue wins 1-0; blue tests (6 + 2 = 8), then red (5 + 2)
  EventLog log;
  fight_melees(s, book.melees, book, dice, log, "VII.2 new melees");
  EXPECT_TRUE(dice.done());
  EXPECT_EQ(count(log, EventKind::kMorale, "u0"), 1);
  EXPECT_EQ(count(log, EventKind::kMorale, "u1"), 1);
}

TEST(FireAndDisciplineMeleePhase, EngagedUnitsNoLongerInContactAreReleased) {  // §8.45
  ScenarioBuilder b;
  const int a = b.line(0, {north(500, 500)});
  const int t = b.line(1, {south(500, 520)});
  FdState s = b.state();
  s.units[static_cast<std::size_t>(a)].engaged_with = {t};
  s.units[static_cast<std::size_t>(t)].engaged_with = {a};
  MeleeBook book;
  Scripted dice({});
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(book.melees.empty());
  EXPECT_TRUE(s.units[static_cast<std::size_t>(a)].engaged_with.empty());
  EXPECT_TRUE(s.units[static_cast<std::size_t>(t)].engaged_with.empty());
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
