// The doctrine AI (sim/commander.cc) on a bare field (a Battle that offers only the actions
// it is given): its advance (rule 7) passes over moves by bounds of the gap (axis_gap, the
// centres' distance) and must still take the move a direct scan takes, the one ending
// nearest 4" from the enemy if nearer than standing by ½", the first of equal ones; the
// marked actions (rule 6a) are found in one scan, "seize" before "task" before "screen".
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "core/geometry/shapes.h"
#include "sim/commander.h"

namespace smoothbore {
namespace {

class Field final : public Battle {
 public:
  Scenario sc;
  std::vector<Action> legal;
  const Scenario& scenario() const override { return sc; }
  const Force& force() const override { return sc.force; }
  int turn() const override { return 5; }  // past the reserve's turns
  std::vector<int> units_to_order(int) const override { return {0}; }
  std::vector<Action> legal_actions(int) const override { return legal; }
  ActionAssessment assess(const Action&) const override { return {}; }
  void play_turn(const std::vector<OrderSource*>&, EventLog&) override {}
  double broken_fraction(int) const override { return 0; }
  double loss_fraction(int) const override { return 0; }
  std::vector<std::string> invariant_violations() const override { return {}; }
};

Unit foot(int side, Rect r) {
  Unit u;
  u.id = side == 0 ? "us" : "them";
  u.side = side;
  u.arm = Arm::kFoot;
  u.formation = "line";
  u.stands.push_back({r, 12, 0, false});
  return u;
}

Field field(Rect mine, Rect theirs) {
  Field f;
  f.sc.force.sides = {{"a", "A", Edge::kSouth}, {"b", "B", Edge::kNorth}};
  f.sc.force.units = {foot(0, mine), foot(1, theirs)};
  Action hold;
  hold.unit = 0;
  f.legal.push_back(hold);
  return f;
}

Action move_to(Vec2 at, int id) {
  Action m;
  m.kind = ActionKind::kMove;
  m.unit = 0;
  m.moves = true;
  m.destination = at;
  m.facing = id;  // names the move (the doctrine measures the footprint moved, not turned)
  return m;
}

TEST(DoctrineChoice, AdvanceTakesTheMoveADirectScanTakes) {
  Rng rng(7, 1);
  auto uniform = [&](double lo, double hi) {
    return lo + (hi - lo) * (rng.roll(1000000) - 1) / 999999.0;
  };
  std::unique_ptr<OrderSource> doctrine = make_commander("doctrine", Rng(1, 1));
  int moved = 0, stood = 0, tied = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const Rect theirs{
        {uniform(-50, 50), uniform(-50, 50)}, uniform(0, 360), uniform(60, 240), uniform(20, 60)};
    const double away = uniform(0, 360), far = uniform(100, 700);
    const Rect mine{theirs.centre + bearing_vector(away) * far, uniform(0, 360), uniform(60, 240),
                    uniform(20, 60)};
    Field f = field(mine, theirs);
    const int n = 1 + trial % 15;
    for (int i = 0; i < n; ++i) {
      const Vec2 step = bearing_vector(uniform(0, 360)) * uniform(0, 300);
      f.legal.push_back(move_to(mine.centre + step, i + 1));
      if (trial % 4 == 0 && i % 3 == 2) {  // the same end again: the first must win
        f.legal.push_back(move_to(mine.centre + step, 100 + i));
      }
    }
    // The direct scan: every move's gap worked out.
    const double want = 4 * kMmPerInch;
    double best = std::abs(distance(mine, theirs) - want) - 0.5 * kMmPerInch;
    int expect = 0;          // the hold's facing
    std::vector<double> ds;  // the gaps of the moves to an end already offered
    for (const Action& a : f.legal) {
      if (a.kind != ActionKind::kMove) continue;
      Rect end = mine;
      end.centre = a.destination;
      const double d = std::abs(distance(end, theirs) - want);
      if (a.facing >= 100) ds.push_back(d);
      if (d < best) {
        best = d;
        expect = static_cast<int>(a.facing);
      }
    }
    for (double d : ds) tied += expect != 0 && d == best;  // a later move as good
    const Action got = doctrine->choose(f, 0, f.legal);
    ASSERT_EQ(static_cast<int>(got.facing), expect) << "trial " << trial;
    (expect == 0 ? stood : moved) += 1;
  }
  EXPECT_GT(moved, 1000);
  EXPECT_GT(stood, 100);
  EXPECT_GT(tied, 10);
}

TEST(DoctrineChoice, MarkedActionsSeizeThenTaskThenScreen) {
  Field f = field({{0, 600}, 180, 120, 40}, {{0, 0}, 0, 120, 40});
  f.legal.push_back(move_to({0, 500}, 1));
  for (const auto& [rate, id] : std::vector<std::pair<std::string, int>>{
           {"screen", 2}, {"task", 3}, {"seize", 4}, {"task", 5}, {"seize", 6}}) {
    Action a = move_to({0, 550}, id);
    a.rate = rate;
    f.legal.push_back(a);
  }
  std::unique_ptr<OrderSource> doctrine = make_commander("doctrine", Rng(1, 1));
  EXPECT_EQ(static_cast<int>(doctrine->choose(f, 0, f.legal).facing), 4);
  std::erase_if(f.legal, [](const Action& a) { return a.rate == "seize"; });
  EXPECT_EQ(static_cast<int>(doctrine->choose(f, 0, f.legal).facing), 3);
  std::erase_if(f.legal, [](const Action& a) { return a.rate == "task"; });
  EXPECT_EQ(static_cast<int>(doctrine->choose(f, 0, f.legal).facing), 2);
}

}  // namespace
}  // namespace smoothbore
