// Fire and Discipline battles with scenario orders (§2.41, FD-52), tactical chits (§2.5)
// and the advanced-game retire (FD-58): a regiment the scenario puts on Hold stays where it
// is while its brigade commander sends General Advance to a regiment given no order; what
// a Hold permits is what the battle offers; chits are placed face down in Phase I and
// revealed in Phase V; and whole battles with the optional rules on keep their invariants.
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/registry.h"
#include "sim/commander.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"
#include "sim/scripted_commander.h"

namespace smoothbore {
namespace {

using sim_test::BattleHarness;
using sim_test::load_scenario;
using sim_test::ScriptedCommander;
using sim_test::ScriptStep;

// Blue (home south): the brigade "bde" with b-hold at (200, 150) and b-free at (400, 150),
// 4-stand lines facing north; the brigadier at (300, 100) and each regiment's colonel on
// it. Red (home north): r-foot, 4 stands facing south at (red_x, red_y), on Hold. Yards.
std::string orders_scenario(std::string_view hold_order, double red_y,
                            std::string_view options = "", std::string_view red_extra = "",
                            double red_x = 300) {
  return fmt::format(R"([scenario]
name = "orders"
ruleset = "fire-and-discipline"
first_side = "blue"

[options]
{}

[table]
width = 600
height = 600

[[sides]]
id = "blue"
home_edge = "south"

[[sides.commands]]
id = "bde"

[[sides.commands.units]]
id = "b-hold"
type = "infantry"
figures = 4
x = 200
y = 150
{}

[[sides.commands.units]]
id = "b-free"
type = "infantry"
figures = 4
x = 400
y = 150

[[sides]]
id = "red"
home_edge = "north"

[[sides.units]]
id = "r-foot"
type = "infantry"
figures = 4
x = {}
y = {}
order = "hold"
{}

[[leaders]]
id = "b-brig"
side = "blue"
command = "bde"
x = 300
y = 100

[[leaders]]
id = "b-col-hold"
side = "blue"
x = 200
y = 150

[[leaders]]
id = "b-col-free"
side = "blue"
x = 400
y = 150
)",
                     options, hold_order, red_x, red_y, red_extra);
}

std::vector<Rect> rects(const Unit& u) {
  std::vector<Rect> out;
  for (const Stand& s : u.stands) out.push_back(s.rect);
  return out;
}

struct Doctrine {
  std::unique_ptr<OrderSource> blue = make_commander(kDoctrine, Rng(1, 1));
  std::unique_ptr<OrderSource> red = make_commander(kDoctrine, Rng(1, 2));
  void play(BattleHarness& h) { h.battle().play_turn({blue.get(), red.get()}, h.log()); }
};

// §2.41 / FD-52: the scenario's Hold stands; the brigadier orders General Advance to the
// regiment given no order (messenger 112 yd: arrives in turn 1's Movement phase, signalled
// in turn 2's Administration phase), which then advances.
TEST(FireAndDisciplineOrdersBattle, ScenarioHoldKeepsARegimentInPlace) {
  BattleHarness h(load_scenario(orders_scenario("order = \"hold\"", 450)), 3);
  const std::vector<Rect> hold_start = rects(h.unit("b-hold"));
  const double free_y = h.unit("b-free").footprint().centre.y;
  Doctrine d;
  for (int turn = 1; turn <= 5; ++turn) d.play(h);
  EXPECT_TRUE(h.violations().empty());
  const std::vector<Rect> hold_end = rects(h.unit("b-hold"));
  ASSERT_EQ(hold_end.size(), hold_start.size());
  for (std::size_t i = 0; i < hold_end.size(); ++i) {
    EXPECT_EQ(hold_end[i].centre, hold_start[i].centre) << i;
    EXPECT_EQ(hold_end[i].facing, hold_start[i].facing) << i;
  }
  EXPECT_TRUE(h.events_with("to b-col-hold").empty());
  ASSERT_EQ(h.events_with("b-brig sends a messenger to b-col-free with the order General "
                          "Advance (§2.41)",
                          "", 1)
                .size(),
            1u);
  EXPECT_EQ(
      h.events_with("b-free takes the order General Advance by messenger (§2.41)", "b-free", 2)
          .size(),
      1u);
  EXPECT_GT(h.unit("b-free").footprint().centre.y - free_y, 20 * 2.54);
}

// The contrast: given no order, b-hold is ordered forward too and leaves its ground.
TEST(FireAndDisciplineOrdersBattle, WithoutTheOrderTheRegimentAdvances) {
  BattleHarness h(load_scenario(orders_scenario("", 450)), 3);
  const double y0 = h.unit("b-hold").footprint().centre.y;
  Doctrine d;
  for (int turn = 1; turn <= 5; ++turn) d.play(h);
  EXPECT_EQ(h.events_with("b-brig sends a messenger to b-col-hold with the order General "
                          "Advance (§2.41)")
                .size(),
            1u);
  EXPECT_GT(h.unit("b-hold").footprint().centre.y - y0, 20 * 2.54);
}

// FD-52 in what the battle offers a regiment on Hold: no move at all; a charge only at an
// enemy within 60 yd of it. b-hold's front edge is at y 156.25; r-foot's at red_y − 6.25.
TEST(FireAndDisciplineOrdersBattle, HoldPermissionsShapeTheOffer) {
  for (const auto& [red_y, charge] : {std::pair{226.0, false}, std::pair{220.0, true}}) {
    // Gap 63.5 yd (within the 80 yd charge rate, beyond the 60 yd hold) or 57.5 yd.
    BattleHarness h(load_scenario(orders_scenario("order = \"hold\"", red_y, "", "", 200)), 3);
    ScriptedCommander blue, red;
    h.play(blue, red);
    const int b = h.idx("b-hold");
    EXPECT_FALSE(blue.was_offered(b, ScriptStep{ActionKind::kMove, -1, "", true, nullptr}));
    EXPECT_FALSE(
        blue.was_offered(b, ScriptStep{ActionKind::kFormation, -1, "column", {}, nullptr}));
    EXPECT_EQ(
        blue.was_offered(b, ScriptStep{ActionKind::kCharge, h.idx("r-foot"), "", {}, nullptr}),
        charge)
        << red_y;
  }
}

// §2.5: the chits are placed face down in Phase I and revealed in Phase V; the charger's is
// A, the foot it charges holds with H, and a horse unit charged counter-charges with C.
TEST(FireAndDisciplineOrdersBattle, ChitsArePlacedAndRevealed) {
  const std::string text = orders_scenario(
      "order = \"general-advance\"", 226, "fd_opt_tactical_chits = true",
      "\n[[sides.units]]\nid = \"r-horse\"\ntype = \"cavalry\"\nfigures = 2\nx = 400\ny = 215\n"
      "order = \"hold\"",
      200);
  // b-hold (advancing) charges r-foot, 63.5 yd straight ahead; b-free charges nothing. r-horse, 2
  // stands at (400, 215), faces b-free 52.5 yd away.
  BattleHarness h(load_scenario(text), 3);
  ScriptedCommander blue, red;
  blue.charge(h.idx("b-hold"), h.idx("r-foot"));
  h.play(blue, red);
  EXPECT_TRUE(h.violations().empty());
  const auto placed = h.events_with("places a tactical order chit face down (§2.5)", "", 1);
  ASSERT_EQ(placed.size(), 4u);  // every unit is within charge range of an enemy
  for (const Event* e : placed) EXPECT_EQ(e->phase, "I administration");
  const auto a = h.events_with("b-hold reveals its chit A: attack", "b-hold", 1);
  const auto hold = h.events_with("r-foot reveals its chit H", "r-foot", 1);
  const auto c = h.events_with("r-horse reveals its chit C", "r-horse", 1);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(hold.size(), 1u);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(a[0]->phase, "V declaration");
  EXPECT_LT(h.position(placed.back()), h.position(a[0]));
  const auto declared = h.events_with("b-hold declares a charge on r-foot; it holds", "b-hold", 1);
  ASSERT_EQ(declared.size(), 1u);
  EXPECT_LT(h.position(a[0]), h.position(declared[0]));
}

TEST(FireAndDisciplineOrdersBattle, ChargedHorseWithACChitCounterCharges) {
  // b-hold carries no firearm, so no volley can halt r-horse first (FD-25).
  const std::string text = orders_scenario(
      "order = \"general-advance\"\nfirearm = \"none\"", 450, "fd_opt_tactical_chits = true",
      "\n[[sides.units]]\nid = \"r-horse\"\ntype = \"cavalry\"\nfigures = 2\nx = 200\ny = 205\n"
      "order = \"hold\"");
  // r-horse's front edge at y 198.75: 42.5 yd from b-hold, inside its 60 yd hold (FD-52).
  BattleHarness h(load_scenario(text), 3);
  ScriptedCommander blue, red;
  blue.charge(h.idx("b-hold"), h.idx("r-horse"));
  h.play(blue, red);
  EXPECT_EQ(h.events_with("b-hold declares a charge on r-horse; r-horse counter-charges (its C "
                          "chit, §2.5, FD-44)",
                          "b-hold", 1)
                .size(),
            1u);
  // Without chits the target's commander is asked (§8.2a, OrderSource::react): the scripted
  // commander takes the rules' default and holds.
  BattleHarness plain(load_scenario(orders_scenario(
                          "order = \"general-advance\"\nfirearm = \"none\"", 450, "",
                          "\n[[sides.units]]\nid = \"r-horse\"\ntype = \"cavalry\"\nfigures = "
                          "2\nx = 200\ny = 205\norder = \"hold\"")),
                      3);
  ScriptedCommander blue2, red2;
  blue2.charge(plain.idx("b-hold"), plain.idx("r-horse"));
  plain.play(blue2, red2);
  EXPECT_EQ(plain
                .events_with("b-hold declares a charge on r-horse; r-horse elects to hold (§8.2a)",
                             "b-hold", 1)
                .size(),
            1u);
}

// Whole battles of the small action with chits and the advanced-game retire: invariants
// after every step, a decision, and both rules in play.
TEST(FireAndDisciplineOrdersBattle, PlaythroughsWithChitsAndRetire) {
  Scenario sc = load_embedded("fire-and-discipline/small.toml");
  sc.options.set("fd_opt_tactical_chits", Value(true));
  sc.options.set("fd_58_shattered_retire", Value(true));
  const Ruleset* rs = find_ruleset(sc.ruleset);
  ASSERT_NE(rs, nullptr);
  int reveals = 0, retires = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    MatchConfig cfg;
    cfg.seed = seed;
    Match m(sc, *rs, cfg);
    m.set_step_hook([&](std::string_view step) {
      for (const std::string& v : m.battle().invariant_violations()) {
        ADD_FAILURE() << "seed " << seed << " turn " << m.battle().turn() << " after " << step
                      << ": " << v;
      }
    });
    const MatchResult& r = m.run();
    EXPECT_FALSE(r.reason.empty());
    for (const Event& e : m.log().events()) {
      reveals += e.text.find("reveals its chit") != std::string::npos;
      retires += e.text.find("retires toward") != std::string::npos;
    }
  }
  EXPECT_GT(reveals, 0);
  EXPECT_GT(retires, 0);
}

}  // namespace
}  // namespace smoothbore
