// The full Fire and Discipline battle (scenarios/fire-and-discipline/battle.toml) with its
// objective zone and FD-60 victory points: the match result carries the rule set's points
// (Battle::victory_points), Oberglau's garrison holds the village from the start, and an
// assault on it is fought as objective combat in step VII.1 (FD-49).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/registry.h"
#include "sim/commander.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

TEST(FireAndDisciplineObjectives, FullBattleResultCarriesTheFd60Points) {
  const Scenario sc = load_embedded("fire-and-discipline/battle.toml");
  ASSERT_EQ(sc.objectives.size(), 2u);
  EXPECT_EQ(sc.objectives[0].id, "village");
  EXPECT_EQ(sc.objectives[0].capacity, 6);  // an objective zone (FD-49)
  EXPECT_EQ(sc.objectives[1].capacity, 0);  // the hill: a place to hold
  const Ruleset* rs = find_ruleset(sc.ruleset);
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = 1;
  Match m(sc, *rs, cfg);
  // Before a shot: the French hold the village (Navarre's centre companies) and the hill
  // (the field guns), 2 × 10 (FD-60); nobody has a box marked.
  const std::optional<Battle::VictoryPoints> start = m.battle().victory_points();
  ASSERT_TRUE(start.has_value());
  EXPECT_EQ(start->points, (std::vector<int>{0, 20}));
  EXPECT_EQ(start->accounts[1], "0 boxes + 2 objectives ×10 = 20 (FD-60)");
  const MatchResult& r = m.run();
  const std::optional<Battle::VictoryPoints> end = m.battle().victory_points();
  ASSERT_TRUE(end.has_value());
  EXPECT_EQ(r.points, end->points);
  for (const std::string& account : end->accounts) {
    EXPECT_NE(r.summary.find(account), std::string::npos) << r.summary;
  }
  EXPECT_FALSE(r.reason.empty());
}

TEST(FireAndDisciplineObjectives, WithoutFd60TheMatchCountsItsGenericPoints) {
  Scenario sc = load_embedded("fire-and-discipline/battle.toml");
  sc.options.set("fd_60_victory_points", Value(false));
  const Ruleset* rs = find_ruleset(sc.ruleset);
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = 1;
  cfg.turn_limit = 2;
  Match m(sc, *rs, cfg);
  EXPECT_FALSE(m.battle().victory_points().has_value());
  const MatchResult& r = m.run();
  EXPECT_EQ(r.summary.find("FD-60"), std::string::npos) << r.summary;
  // Generic points (common.md §15): 1 per 1% of enemy losses, plus an objective's own
  // points: the French hold the village (10) and the hill (5) with nobody else there.
  EXPECT_GE(r.points[1], 15);
}

// Allied foot charge the village's garrison whenever they may, and otherwise make the move
// that ends nearest it; everything else follows the doctrine.
class Assault final : public OrderSource {
 public:
  explicit Assault(int garrison)
      : garrison_(garrison), doctrine_(make_commander(kDoctrine, Rng(1, 0))) {}
  Action choose(const Battle& b, int unit, const std::vector<Action>& legal) override {
    for (const Action& a : legal) {
      if (a.kind == ActionKind::kCharge && a.target == garrison_) return a;
    }
    if (b.force().units[unit].arm == Arm::kFoot) {
      const Vec2 goal = b.force().units[garrison_].footprint().centre;
      const Action* best = nullptr;
      double best_d = distance(b.force().units[unit].footprint().centre, goal) - 1;
      for (const Action& a : legal) {
        if (a.kind == ActionKind::kMove && a.moves && distance(a.destination, goal) < best_d) {
          best_d = distance(a.destination, goal);
          best = &a;
        }
      }
      if (best != nullptr) return *best;
    }
    return doctrine_->choose(b, unit, legal);
  }

 private:
  int garrison_;
  std::unique_ptr<OrderSource> doctrine_;
};

TEST(FireAndDisciplineObjectives, AnAssaultOnOberglauIsObjectiveCombat) {  // FD-49, L82
  const Scenario sc = load_embedded("fire-and-discipline/battle.toml");
  const Ruleset* rs = find_ruleset(sc.ruleset);
  ASSERT_NE(rs, nullptr);
  const int navarre = sc.force.unit_index("fr-navarre");
  ASSERT_GE(navarre, 0);
  std::unique_ptr<Battle> battle = rs->start(sc, 1);
  Assault allies(navarre);
  std::unique_ptr<OrderSource> french = make_commander(kDoctrine, Rng(2, 0));
  EventLog log;
  bool fought = false;
  for (int turn = 0; turn < 30 && !fought; ++turn) {
    battle->play_turn({&allies, french.get()}, log);
    for (const Event& e : log.events()) {
      fought = fought || (e.phase == "VII.1 objective combat" &&
                          e.text.find("Objective combat at Oberglau") != std::string::npos);
    }
  }
  EXPECT_TRUE(fought);
  // The objective combat comes before any field melee of the same turn (VII.1, VII.2).
  for (std::size_t i = 1; i < log.events().size(); ++i) {
    const Event& e = log.events()[i];
    if (e.phase != "VII.1 objective combat") continue;
    for (std::size_t j = i; j-- > 0 && log.events()[j].kind != EventKind::kPhase;) {
      EXPECT_NE(log.events()[j].kind, EventKind::kMelee) << log.events()[j].text;
    }
    break;
  }
}

// Random commanders charge the village, abandon and take guns: the invariants (no stand
// overlapping another unit's, none off the table, no negative count) hold after every
// step, and every battle reaches a decision with the FD-60 points.
TEST(FireAndDisciplineObjectives, RandomFullBattlesKeepTheInvariants) {
  const Scenario sc = load_embedded("fire-and-discipline/battle.toml");
  const Ruleset* rs = find_ruleset(sc.ruleset);
  ASSERT_NE(rs, nullptr);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    MatchConfig cfg;
    cfg.seed = seed;
    cfg.commanders = {"random", "random"};
    Match m(sc, *rs, cfg);
    m.set_step_hook([&](std::string_view step) {
      for (const std::string& v : m.battle().invariant_violations()) {
        ADD_FAILURE() << "seed " << seed << " turn " << m.battle().turn() << " after " << step
                      << ": " << v;
      }
    });
    const MatchResult& r = m.run();
    EXPECT_FALSE(r.reason.empty());
    EXPECT_NE(r.summary.find("(FD-60)"), std::string::npos);
  }
}

}  // namespace
}  // namespace smoothbore
