// The main alternative of each Fire and Discipline fire option that had no test in play
// (issue 3: "each FD-xx option tested at its default and its main alternative"): FD-10,
// FD-13, FD-18, FD-34 and fd_howitzer_pdr (R-000-6). Each test runs Phase II or III on an
// FdState of hand-placed stands under the digest's default and the alternative and compares
// exact distributions worked by hand (fd_test::exact re-plays the phase once per dice path).
// Coordinates in yards, facing 0 = north; firers face north with their front edge at y = 100.
// The movement and melee options are in fire_and_discipline_option_alternatives_move_test.cc.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_fire_odds.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::ConstantChance;
using fd_test::events;
using fd_test::expect_int_dist;
using fd_test::fire_hits;
using fd_test::gun_hits;
using fd_test::IntDist;
using fd_test::named_fire_hits;
using fd_test::ScenarioBuilder;

// u0's one fire event after Phase II with every die showing `face`: its text and its roll's
// base reference.
std::string gun_fire_text(FdState s, int face) {
  EventLog log;
  ConstantChance dice(face);
  artillery_phase(s, {}, {}, dice, log);
  const auto fire = events(log, EventKind::kFire, "u0");
  EXPECT_EQ(fire.size(), 1u);
  if (fire.empty() || fire[0]->rolls.empty()) return "";
  return fire[0]->text + " | " + fire[0]->rolls[0].base_ref;
}

// FD-10, R-000-1: the 8-9 pdr row prints 20 at 151-300 yd (§6.9 L460) between 100 and 40;
// the digest reads it as 80. An 8 pdr section with 200 yd of ball at a lone formed stand (no
// modifier, L468-L486) hits 80% by default, 20% with fd_10_fix_8pdr = false.
TEST(FireAndDisciplineOptionAlternatives, EightPounderAt200YardsCorrectedOrPrinted) {
  for (const bool fix : {true, false}) {
    ScenarioBuilder b;
    b.option("fd_10_fix_8pdr", Value(fix));
    b.gun(0, b.north(100, 100), 8);
    b.line(1, {b.south(100, 300)});
    const double p = fix ? 0.8 : 0.2;
    expect_int_dist(gun_hits(b.state()), {{0, 1 - p}, {1, p}});
    const std::string text = gun_fire_text(b.state(), 100);
    EXPECT_NE(text.find(fix ? "printed 20, corrected 80" : "as printed"), std::string::npos)
        << text;
  }
}

// FD-13: "If it is 100+ then there is an automatic hit and a chance for a second hit" (§6.9
// L464). A 16 pdr (siege, canister 5: §6.22 L368) at 40 yd fires canister, 190 (§6.9 L462
// 16+ 01-50), at one of two cavalry stands side by side: mounted +10 (L476) and adjacent to
// other stands +10 (L474, under 300 yd) = 210. cap2: one automatic hit and the second on
// d100 ≤ 110, i.e. always 2 (no roll). per100: ⌊210/100⌋ = 2 automatic hits and a third on
// d100 ≤ 10: P(3) = 0.1.
TEST(FireAndDisciplineOptionAlternatives, ArtilleryMultiHitCap2OrPer100) {
  for (const char* multi : {"cap2", "per100"}) {
    ScenarioBuilder b;
    b.option("fd_13_artillery_multi_hit", multi);
    b.gun(0, b.north(100, 100), 16);
    b.add(1, "cavalry", "line", {b.south(92.5, 140), b.south(107.5, 140)});
    const bool per100 = std::string(multi) == "per100";
    expect_int_dist(gun_hits(b.state()), per100 ? IntDist{{2, 0.9}, {3, 0.1}} : IntDist{{2, 1.0}});
    const std::string text = gun_fire_text(b.state(), 100);
    EXPECT_NE(text.find("chance 210%"), std::string::npos) << text;
    EXPECT_NE(text.find(per100 ? "FD-13 option per100" : "at most 2 hits"), std::string::npos)
        << text;
  }
}

// The shatter boxes a gun section u1 has marked after u0's Phase II, over the first `dice`
// dice (the shot and the hit-location d10 of §6.8; later dice show 1, so a crew morale
// check passes).
IntDist boxes_after_fire(const FdState& s, int dice) {
  return fd_test::exact_step(
      s, [](FdState& t, Chance& c, EventLog& log) { artillery_phase(t, {}, {}, c, log); },
      [](const FdState& t, const EventLog&) { return t.units[1].boxes_marked; }, dice);
}

// FD-18: crew hits mark a shatter box (FD-20) and test morale (§6.8b L448); gun and limber
// hits are on the equipment (L446, L450): no box by default, one box each with "all".
// Unlimbered target: a 6 pdr at 187.5 yd of ball, 80 (§6.9 L458 151-300) − 10 for
// unlimbered guns (L480) = 70%; the hit is a crew hit on d10 1-8, a gun hit on 9 or 0
// (L476-L480). Default: a box on 0.7 × 0.8 = 0.56; all: on every hit, 0.7.
// Limbered target (its gun stand, touching its limber, is first in the path at 200 yd):
// 80 + 10 limbered gun (L482) + 10 adjacent (L474) = 100, one certain hit; crew on d10 1-6,
// limber on 7-9 or 0 (L468-L472). Default: a box on 0.6; all: always.
TEST(FireAndDisciplineOptionAlternatives, ArtilleryBoxesCrewOrAll) {
  for (const char* boxes : {"crew", "all"}) {
    const bool all = std::string(boxes) == "all";
    ScenarioBuilder b;
    b.option("fd_18_artillery_boxes", boxes);
    b.gun(0, b.north(100, 100));
    b.gun(1, b.north(100, 300));  // faces away from u0: it does not fire back
    FdState s = b.state();
    EXPECT_EQ(s.units[1].shatter_boxes, 2);  // one stand × rating 2 (§5.11)
    expect_int_dist(boxes_after_fire(s, 2),
                    all ? IntDist{{0, 0.3}, {1, 0.7}} : IntDist{{0, 0.44}, {1, 0.56}});
    // Every die 9: a hit (d100 9 ≤ 70), then a gun hit (§6.8a): halved firepower, a box only
    // under "all", and no morale check either way (only a crew hit causes one, §6.8b).
    EventLog log;
    ConstantChance nine(9);
    artillery_phase(s, {}, {}, nine, log);
    EXPECT_EQ(s.units[1].gun_hits, 1);
    EXPECT_EQ(s.units[1].crew, 4);
    EXPECT_EQ(s.units[1].boxes_marked, all ? 1 : 0);
    EXPECT_TRUE(events(log, EventKind::kMorale, "u1").empty());  // no crew hit, no check

    ScenarioBuilder l;
    l.option("fd_18_artillery_boxes", boxes);
    l.gun(0, l.north(100, 100));
    l.add(1, "artillery", "limbered",
          {l.rect(100, 306.25, 0), l.rect(100, 320, 0, 12.5, 15)},  // gun, then its limber
          {{"pdr", Value(std::int64_t{6})}}, 4);
    FdState t = l.state();
    expect_int_dist(boxes_after_fire(t, 1), all ? IntDist{{1, 1.0}} : IntDist{{0, 0.4}, {1, 0.6}});
    EventLog log2;
    ConstantChance seven(7);  // no roll for the certain hit; d10 7: a limber hit (§6.8c)
    artillery_phase(t, {}, {}, seven, log2);
    EXPECT_EQ(t.units[1].limber_hits, 1);
    EXPECT_EQ(t.units[1].boxes_marked, all ? 1 : 0);
    EXPECT_TRUE(events(log2, EventKind::kMorale, "u1").empty());
  }
}

// FD-34: "Bows have a maximum range of 60 yards" (§7.12 L492) against the table's printed
// 61-100 column "0" (§7.5 L544). A bow-armed company 80 yd from a line: by default it has no
// target; with fd_34_bow_max_yd = 100 it fires one die hitting on 0 (10%). A bow skirmisher
// (one open-order half-stand) at the same 80 yd rolls on the Skirmish column "0-1" (20%):
// outcome = its skirmish hits (one 3d10 record each, §7.5 L552).
TEST(FireAndDisciplineOptionAlternatives, BowMaxRange60Or100) {
  const std::map<std::string, Value> bow = {{"firearm", Value(std::string("bow"))}};
  for (const std::int64_t max_yd : {60, 100}) {
    const bool far = max_yd == 100;
    ScenarioBuilder b;
    b.option("fd_34_bow_max_yd", Value(max_yd));
    b.add(0, "infantry", "line", {b.north(100, 100)}, bow);
    b.line(1, {b.south(100, 180)});
    FdState s = b.state();
    EXPECT_EQ(s.options.bow_max_yd, max_yd);
    const IntDist volley = fd_test::exact_step(
        s, [](FdState& t, Chance& c, EventLog& log) { musketry_phase(t, false, c, log); },
        [](const FdState&, const EventLog& log) { return fire_hits(log, "u0"); }, 1);
    expect_int_dist(volley, far ? IntDist{{0, 0.9}, {1, 0.1}} : IntDist{{0, 1.0}});

    ScenarioBuilder k;
    k.option("fd_34_bow_max_yd", Value(max_yd));
    std::map<std::string, Value> skirmisher = bow;
    skirmisher["half-stands"] = Value(std::int64_t{1});
    k.add(0, "infantry", "open-order", {k.rect(100, 95, 0, 7.5, 10)}, skirmisher);
    k.line(1, {k.south(100, 180)});
    const IntDist skirmish = fd_test::exact_step(
        k.state(), [](FdState& t, Chance& c, EventLog& log) { skirmish_fire_step(t, c, log); },
        [](const FdState&, const EventLog& log) {
          const auto fire = events(log, EventKind::kFire, "u0");
          return fire.empty() ? -1 : static_cast<int>(fire[0]->rolls.size()) - 1;
        },
        1);
    expect_int_dist(skirmish, far ? IntDist{{0, 0.8}, {1, 0.2}} : IntDist{{-1, 1.0}});
  }
  // The named resolution (smoothbore odds) takes the option as bow-max-yd.
  expect_int_dist(named_fire_hits("musketry", {"weapon=bow", "range=80"}), {{0, 1.0}});
  expect_int_dist(named_fire_hits("musketry", {"weapon=bow", "range=80", "bow-max-yd=100"}),
                  {{0, 0.9}, {1, 0.1}});
  expect_int_dist(named_fire_hits("musketry", {"weapon=flintlock", "range=80", "bow-max-yd=30"}),
                  {{0, 0.9}, {1, 0.1}});  // other firearms keep the table (L550 "0")
  expect_int_dist(named_fire_hits("musketry", {"weapon=bow", "range=45", "bow-max-yd=30"}),
                  {{0, 1.0}});
}

// fd_howitzer_pdr, R-000-6: a howitzer fires with the chart row of its equivalent ball
// weight, 10 (the 10-12 row) by default. At 400 yd (301-600, no modifier beyond 300 for a
// lone formed stand) the 10-12 row reads 60 (§6.9 L462) and the 6 row 20 (L458). At 700 yd
// only the 10-12 row reaches (800 yd max, 601-900 reads 10); the 6 row stops at 600 yd.
// Howitzers move as 8 pdr+ whatever the row (R-000-6; chart L248: Field 30).
TEST(FireAndDisciplineOptionAlternatives, HowitzerChartRow) {
  for (const std::int64_t pdr : {10, 6}) {
    const bool ten = pdr == 10;
    for (const double range : {400.0, 700.0}) {
      ScenarioBuilder b;
      b.option("fd_howitzer_pdr", Value(pdr));
      b.add(0, "artillery", "unlimbered", {b.north(100, 100)}, {{"howitzer", Value(true)}}, 4);
      b.line(1, {b.south(100, 100 + range)});
      FdState s = b.state();
      EXPECT_EQ(s.units[0].pdr, pdr);
      EXPECT_EQ(s.units[0].ball, 10);  // howitzer allotment (§6.22 L360)
      const double p = range == 400 ? (ten ? 0.6 : 0.2) : (ten ? 0.1 : 0.0);
      expect_int_dist(gun_hits(s), p > 0 ? IntDist{{0, 1 - p}, {1, p}} : IntDist{{0, 1.0}});
    }
    ScenarioBuilder m;
    m.option("fd_howitzer_pdr", Value(pdr));
    const int h =
        m.add(0, "artillery", "limbered", {m.rect(100, 100, 0), m.rect(100, 113.75, 0, 12.5, 15)},
              {{"howitzer", Value(true)}}, 4);
    const FdState s = m.state();
    EXPECT_EQ(rate_yd(s, h, Rate::kField), 30);
    EXPECT_EQ(rate_yd(s, h, Rate::kRoad), 60);
  }
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
