// The exact odds behind the Fire and Discipline commanders' choices (fd_doctrine.h,
// fire_targets.h): fire targets by expected hits (FD-37), the first round of a charge held
// or met (§8.2a, §7.7, FD-44), the charges a gun may expect (§6.4d), and the value of the
// §6.4 artillery options. Hand-placed stands in yards (1 yd = 2.54 mm, FD-01); facing 0 is
// north (+y). A basic stand is 15 × 12.5 yd, a half-stand 7.5 × 10 yd. Every expected value
// below is worked by hand from the tables of 000.md.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fd_doctrine.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::kYd;
using fd_test::ScenarioBuilder;

// Positions relative to (500, 300) on a 1000 × 1000 yd table, so every stand is on it.
Rect Rel(double x, double y, double facing, double w = 15, double d = 12.5) {
  return Rect{Vec2{(x + 500) * kYd, (y + 300) * kYd}, facing, w * kYd, d * kYd};
}
Rect rel_north(double x, double front_y) { return Rel(x, front_y - 6.25, 0); }
Rect rel_south(double x, double front_y) { return Rel(x, front_y + 6.25, 180); }

// --- FD-37: fire targets by expected hits --------------------------------------------

// A two-stand flintlock line (MMG 2, volley) fires on a skirmisher half-stand at 20 yd and a
// formed company at 45 yd, both in its kill zone with both stands counting dice (FD-35).
// Skirmisher: 2 dice − 2 open order (§7.4) = 0 → the minimum 1 die (§7.3), hitting on
// 0-1-2 at 0-30 yd (§7.5): 1 × 3/10 = 0.3 expected hits. Company: 2 dice hitting on 0-1 at
// 31-60 yd: 2 × 2/10 = 0.4. The doctrine fires on the company; the old "most dice, then
// nearest" rule (2 = 2 stands) and option "first" take the nearer skirmishers.
TEST(FireAndDisciplineDoctrine, VolleyGoesToTheMostExpectedHits) {  // FD-37, §7.3-§7.5
  for (const char* option : {"firer-choice", "first"}) {
    ScenarioBuilder b;
    b.option("fd_37_musketry_target", Value(std::string(option)));
    const int firer = b.line(0, {rel_north(-7.5, 0), rel_north(7.5, 0)});
    const int skirmishers = b.add(1, "infantry", "open-order", {Rel(-5, 25, 180, 7.5, 10)},
                                  {{"half-stands", Value(std::int64_t{1})}});
    const int company = b.line(1, {rel_south(7, 45)});
    const FdState s = b.state();
    const std::vector<MusketTarget> targets = volley_targets(s, firer);
    ASSERT_EQ(targets.size(), 2u);
    ASSERT_EQ(targets[0].target.unit, skirmishers);  // nearest first
    EXPECT_EQ(targets[0].dice_stands, 2);
    EXPECT_EQ(targets[1].dice_stands, 2);
    EXPECT_NEAR(expected_volley_hits(musketry_situation(s, firer, targets[0])), 0.3, 1e-12);
    EXPECT_NEAR(expected_volley_hits(musketry_situation(s, firer, targets[1])), 0.4, 1e-12);
    const std::optional<MusketTarget> t = choose_volley_target(s, firer, targets);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->target.unit, std::string(option) == "first" ? skirmishers : company) << option;
  }
}

// Equal expected hits: the larger chance of at least one hit (a morale check, §5.3a). A
// mounted troop at 45 yd: 2 + 1 (mounted) = 3 dice on 0-1: E = 0.6, P(≥1) = 1 − 0.8³ =
// 0.488. A company at 20 yd in the open... 2 dice on 0-1-2: E = 0.6, P(≥1) = 1 − 0.7² =
// 0.51. The company is chosen although the troop has more dice.
TEST(FireAndDisciplineDoctrine, ExpectedHitsTieGoesToTheSurerVolley) {  // FD-37
  ScenarioBuilder b;
  const int firer = b.line(0, {rel_north(-7.5, 0), rel_north(7.5, 0)});
  const int troop = b.add(1, "cavalry", "line", {rel_south(-7, 45)});
  const int company = b.line(1, {rel_south(8, 20)});
  const FdState s = b.state();
  const std::vector<MusketTarget> targets = volley_targets(s, firer);
  ASSERT_EQ(targets.size(), 2u);
  for (const MusketTarget& t : targets) {
    EXPECT_NEAR(expected_volley_hits(musketry_situation(s, firer, t)), 0.6, 1e-12);
  }
  const std::optional<MusketTarget> t = choose_volley_target(s, firer, targets);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->target.unit, company);
  (void)troop;
}

// --- §8.2a, FD-44: hold or counter-charge --------------------------------------------

// A troop of horse (STEEL, 3 castings, MMG 2) charges another 100 yd away across open
// ground. Cavalry Combat, Cavalry row, STEEL Contact: "0" (§8.5 L624), one die each:
// charger wins 0.1 × 0.9 = 0.09, loses 0.09, ties 0.82, whether the target holds (horse
// has no FPF, §7.7) or meets it. The loser's morale: 3 castings + 2 = 5, fails on 6-0
// (§5.4): 0.5. Only a counter-charger may pursue a broken charger (§8.2h, FD-44), with
// chance 0.09 × 0.5 = 0.045: the doctrine meets the charge.
TEST(FireAndDisciplineDoctrine, HorseMeetsHorseInTheOpen) {  // §8.2a, §8.2h, FD-44
  ScenarioBuilder b;
  const int target = b.add(0, "cavalry", "line", {rel_north(0, 0)});
  const int charger = b.add(1, "cavalry", "line", {rel_south(0, 100)});
  const FdState s = b.state();
  ASSERT_EQ(counter_charge_invalid(s, target, charger), std::nullopt);
  ASSERT_EQ(legal_responses(s, target, charger).size(), 2u);
  for (ChargeResponse r : {ChargeResponse::kHold, ChargeResponse::kCounterCharge}) {
    const ChargeOdds o = charge_odds(s, charger, target, r, OddsTime::kDeclaration);
    EXPECT_TRUE(o.reaches);
    EXPECT_NEAR(o.stopped, 0, 1e-12);
    EXPECT_NEAR(o.charger_wins, 0.09, 1e-12);
    EXPECT_NEAR(o.target_wins, 0.09, 1e-12);
    EXPECT_NEAR(o.tie, 0.82, 1e-12);
    EXPECT_NEAR(o.charger_breaks, 0.045, 1e-12);
    EXPECT_NEAR(o.target_breaks, 0.045, 1e-12);
  }
  EXPECT_EQ(doctrine_response(s, target, charger, OddsTime::kDeclaration),
            ChargeResponse::kCounterCharge);
}

// A two-company flintlock line that has not fired this turn, charged by a troop of horse
// from 100 yd straight ahead. Holding, it fires FPF at 10 yd (§7.7, FD-56): 2 stands + 1
// (mounted) = 3 dice on 0-1-2 (§7.5): P(k) = C(3,k) .3^k .7^(3−k). Hits fall on the troop
// (3 castings, 2 shatter boxes): k ≥ 2 shatters it (P .216); k = 1 leaves 2 castings and
// it must pass 2 + 2 = 4 (P .4) to go on; so P(stopped) = .441 × .6 + .216 = .4806. At
// contact the troop's stand (centred on the line's front) touches both companies: 1 die
// for the troop (STEEL vs Inf w/ Bayonet "0", L630), 2 for the line (Bayonet vs Mounted "0",
// L640, +1 for 6 castings ≥ 2 × 3 (and 2), L650): A ~ B(1, .1), B ~ B(2, .2):
// P(A > B) = .1 × .64 = .064, P(A < B) = .9 × .36 + .1 × .04 = .328, tie .608. The charge
// closes with P .343 + .441 × .4 = .5194. Held: charger wins .5194 × .064, the line
// .4806 + .5194 × .328; met (no FPF): .064 against .328. The doctrine holds.
TEST(FireAndDisciplineDoctrine, FootHoldsForItsFinalProtectiveFire) {  // §7.7, §8.2a
  ScenarioBuilder b;
  const int target = b.line(0, {rel_north(-7.5, 0), rel_north(7.5, 0)});
  const int charger = b.add(1, "cavalry", "line", {rel_south(0, 100)});
  const FdState s = b.state();
  const ChargePrediction p = predict_charge(s, charger, target);
  ASSERT_TRUE(p.reaches);
  EXPECT_TRUE(p.frontal);
  EXPECT_EQ(p.fpf_stands, 2);
  EXPECT_EQ(p.contacts.size(), 2u);

  const ChargeOdds held =
      charge_odds(s, charger, target, ChargeResponse::kHold, OddsTime::kDeclaration);
  const double close = 0.343 + 0.441 * 0.4;
  EXPECT_NEAR(held.fire_hits, 0.9, 1e-12);
  EXPECT_NEAR(held.stopped, 0.441 * 0.6 + 0.216, 1e-12);
  EXPECT_NEAR(held.charger_wins, close * 0.064, 1e-12);
  EXPECT_NEAR(held.target_wins, close * 0.328, 1e-12);
  EXPECT_NEAR(held.tie, close * 0.608, 1e-12);

  ASSERT_EQ(counter_charge_invalid(s, target, charger), std::nullopt);
  const ChargeOdds met =
      charge_odds(s, charger, target, ChargeResponse::kCounterCharge, OddsTime::kDeclaration);
  EXPECT_NEAR(met.stopped, 0, 1e-12);
  EXPECT_NEAR(met.charger_wins, 0.064, 1e-12);
  EXPECT_NEAR(met.target_wins, 0.328, 1e-12);
  EXPECT_EQ(doctrine_response(s, target, charger, OddsTime::kDeclaration), ChargeResponse::kHold);

  // Once it has fired this turn (§8.41) the two are equal, and meeting the charge keeps
  // the right to pursue: it counter-charges.
  FdState fired = s;
  fired.units[static_cast<std::size_t>(target)].last_target_turn = fired.turn;
  const ChargeOdds no_fpf =
      charge_odds(fired, charger, target, ChargeResponse::kHold, OddsTime::kDeclaration);
  EXPECT_NEAR(no_fpf.stopped, 0, 1e-12);
  EXPECT_NEAR(no_fpf.charger_wins, 0.064, 1e-12);
  EXPECT_EQ(doctrine_response(fired, target, charger, OddsTime::kDeclaration),
            ChargeResponse::kCounterCharge);
}

// Before the fire phases a charger reads the target's FPF as lost when the target has a
// musketry target now (it will volley in Phase III, §8.41).
TEST(FireAndDisciplineDoctrine, TurnStartOddsExpectTheTargetToVolley) {  // §8.41
  ScenarioBuilder b;
  const int target = b.line(0, {rel_north(-7.5, 0), rel_north(7.5, 0)});
  const int charger =
      b.add(1, "cavalry", "line", {rel_south(0, 100)});  // at 100 yd: in flintlock range
  FdState s = b.state();
  EXPECT_NEAR(charge_odds(s, charger, target, ChargeResponse::kHold, OddsTime::kTurnStart).stopped,
              0, 1e-12);
  EXPECT_GT(charge_odds(s, charger, target, ChargeResponse::kHold, OddsTime::kDeclaration).stopped,
            0.4);
}

TEST(FireAndDisciplineDoctrine, WhoMayCounterCharge) {  // §5.5, §8.12, FD-44, FD-52
  ScenarioBuilder b;
  const int target = b.add(0, "cavalry", "line", {rel_north(0, 0)});
  const int charger = b.add(1, "cavalry", "line", {rel_south(0, 100)});
  const int flanker =
      b.add(1, "cavalry", "line", {Rel(-60, -6.25, 90)});  // comes at the left flank
  const int guns = b.gun(0, rel_north(200, 0), 3);
  FdState s = b.state();
  EXPECT_EQ(counter_charge_invalid(s, target, charger), std::nullopt);
  EXPECT_NE(counter_charge_invalid(s, target, flanker), std::nullopt);  // not frontal
  EXPECT_NE(counter_charge_invalid(s, guns, charger), std::nullopt);    // guns do not charge
  FdState halted = s;
  halted.units[static_cast<std::size_t>(target)].halted_until = halted.turn;
  EXPECT_NE(counter_charge_invalid(halted, target, charger), std::nullopt);  // §5.5 L318
  FdState withdrawing = s;
  withdrawing.units[static_cast<std::size_t>(target)].order.kind = OrderKind::kWithdrawal;
  EXPECT_NE(counter_charge_invalid(withdrawing, target, charger), std::nullopt);  // §2.41d
  FdState hold_option = s;
  hold_option.options.counter_charge = "hold";  // FD-44 option
  EXPECT_NE(counter_charge_invalid(hold_option, target, charger), std::nullopt);
  EXPECT_EQ(legal_responses(hold_option, target, charger).size(), 1u);
}

// --- §6.4: the guns' options -----------------------------------------------------------

// A light section (two 3-pdrs) with a troop of horse 100 yd in front: the horse could charge
// it (120 yd, FD-43), so the gun may hold fire (§6.4d). Held fire at 10 yd with canister
// (FD-56): 1-4 pdr 01-50 yd 80% (§6.9) + 10 mounted = 90%: 0.9 expected hits. Firing now
// at 100 yd: canister (≤ 150, FD-15) 51-150 yd 50% + 10 mounted = 60%: 0.6.
TEST(FireAndDisciplineDoctrine, GunsValueHeldFireAgainstHorseInReach) {  // §6.4d, FD-56
  ScenarioBuilder b;
  const int gun = b.gun(0, rel_north(0, 0), 3);
  const int horse = b.add(1, "cavalry", "line", {rel_south(0, 100)});
  const FdState s = b.state();
  EXPECT_EQ(charge_threats(s, gun), std::vector<int>{horse});
  EXPECT_TRUE(may_hold_fire(s, gun));
  const HeldFireValue v = held_fire_value(s, gun);
  EXPECT_NEAR(v.expected_hits, 0.9, 1e-12);
  EXPECT_NEAR(expected_gun_hits(s, gun), 0.6, 1e-12);
  // The held shot stops the troop (3 castings, 2 boxes) when it hits and the troop fails
  // 2 + 2 = 4 (P .6): .9 × .6 = .54.
  EXPECT_NEAR(v.stop_probability, 0.54, 1e-12);

  // Out of reach (130 yd): no threat, no held fire.
  ScenarioBuilder far;
  const int gun2 = far.gun(0, rel_north(0, 0), 3);
  far.add(1, "cavalry", "line", {rel_south(0, 130)});
  EXPECT_TRUE(charge_threats(far.state(), gun2).empty());
  EXPECT_NEAR(held_fire_value(far.state(), gun2).expected_hits, 0, 1e-12);
}

// The kill zone (§6.3) holds nothing; an enemy company stands 200 yd away 40° to the right.
// Turning to face it (§6.4c) puts it at 151-300 yd: ball, 1-4 pdr 30% (§6.9). A company
// just beyond the 450 yd maximum straight ahead comes in range after a 20 yd prolonge
// (§6.4b, R-000-5): 301-600 yd 10%.
TEST(FireAndDisciplineDoctrine, ChangeOfDirectionAndProlongeBringTargetsIntoTheZone) {
  ScenarioBuilder b;
  const int gun = b.gun(0, rel_north(0, 0), 3);
  const double bearing = 40.0;
  const double rad = bearing * 3.14159265358979 / 180.0;
  const int oblique = b.line(1, {Rel(207 * std::sin(rad), 207 * std::cos(rad), 180)});
  FdState s = b.state();
  EXPECT_NEAR(expected_gun_hits(s, gun), 0, 1e-12);
  EXPECT_NEAR(expected_gun_hits_facing(s, gun, bearing), 0.3, 1e-12);
  (void)oblique;

  ScenarioBuilder p;
  const int gun2 = p.gun(0, rel_north(0, 0), 3);
  p.line(1, {rel_south(0, 460)});
  FdState s2 = p.state();  // not const: the look-ahead tries moves on it (unit_trial.h)
  EXPECT_NEAR(expected_gun_hits(s2, gun2), 0, 1e-12);
  const std::optional<std::vector<Rect>> forward = prolonge_plan(s2, gun2, 20);
  ASSERT_TRUE(forward.has_value());
  EXPECT_NEAR(expected_gun_hits_at(s2, gun2, *forward), 0.1, 1e-12);
  EXPECT_FALSE(prolonge_plan(s2, gun2, 21).has_value());  // beyond the TACTICAL 20 yd
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
