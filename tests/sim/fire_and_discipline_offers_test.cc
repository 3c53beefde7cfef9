// fire-and-discipline's unchecked offers (issue 9): to a commander that checks offers
// (OrderSource::checks_offers) the orders step offers offered_actions, whose moves, shifts
// and guns' prolonges and changes of direction are left unchecked, and the commander has
// them checked (Battle::check_offers) only where it reads them. Through battles, for every
// unit asked for an order: the offered list, once checked, is legal_actions' list field for
// field and bit for bit; the doctrine commander chooses from the offered list what it
// chooses from legal_actions' list, and never an unchecked action; and moves were in fact
// offered unchecked, some dropped by the check and some redirected (a blocked wheel), and
// the shifts and the guns' options stood for by one each.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "core/geometry/same_bits.h"
#include "embedded_scenario.h"
#include "rules/battle.h"
#include "rules/fire_and_discipline/fd_battle_impl.h"
#include "rules/registry.h"
#include "same_action.h"
#include "scale_test_util.h"
#include "sim/commander.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using fire_and_discipline::detail::FdBattle;
using testing_actions::same_action;

struct OfferCounts {
  int units = 0;          // lists compared
  int unchecked = 0;      // unchecked moves offered
  int dropped = 0;        // of those, moves the check left out
  int redirected = 0;     // of those, moves whose destination the check changed
  int shifts = 0;         // shifts an unchecked shift stood for
  int non_hold = 0;       // doctrine choices other than the hold
  int chosen_moves = 0;   // doctrine choices that are checked moves
  int chosen_shifts = 0;  // and shifts
  int gun_options = 0;    // unchecked prolonges and changes of direction offered
  int chosen_guns = 0;    // doctrine choices that are prolonges or changes of direction
  int guns_firing = 0;    // guns that hold to fire (their options never checked)
};

// The kinds offered_actions may leave unchecked.
constexpr ActionKind kUncheckedKinds[] = {ActionKind::kMove, ActionKind::kShift,
                                          ActionKind::kProlonge, ActionKind::kFace};

void compare_offers_battle(const Scenario& sc, int turns, OfferCounts& n) {
  const Ruleset* rs = find_ruleset("fire-and-discipline");
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = 7;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  const auto& b = dynamic_cast<const FdBattle&>(m.battle());
  const std::unique_ptr<OrderSource> doctrine = make_commander("doctrine", Rng(1, 1));
  ASSERT_TRUE(doctrine->checks_offers());
  // Without it the doctrine would read the offered list as checked (commander.cc: offers_).
  ASSERT_TRUE(b.offers_unchecked());
  for (int turn = 0; turn < turns && !m.finished(); ++turn) {
    for (int side = 0; side < static_cast<int>(b.force().sides.size()); ++side) {
      for (const int u : b.units_to_order(side)) {
        const std::vector<Action> offered = b.offered_actions(u);
        const std::vector<Action> full = b.legal_actions(u);
        std::vector<Action> checked = offered;
        for (const ActionKind k : kUncheckedKinds) b.check_offers(u, k, checked);
        ASSERT_EQ(checked.size(), full.size()) << b.force().units[u].id;
        for (std::size_t i = 0; i < full.size(); ++i) {
          EXPECT_FALSE(full[i].unchecked);
          EXPECT_TRUE(same_action(checked[i], full[i]))
              << b.force().units[u].id << " #" << i << ": " << checked[i].describe() << " / "
              << full[i].describe();
        }
        // Moves, shifts, prolonges and changes of direction alone are offered unchecked (a
        // road march and a crew's walk back are checked already).
        for (const Action& a : offered) {
          const bool lazy = std::find(std::begin(kUncheckedKinds), std::end(kUncheckedKinds),
                                      a.kind) != std::end(kUncheckedKinds);
          if (lazy && a.kind != ActionKind::kMove) {
            EXPECT_TRUE(a.unchecked);
          }
          if (!lazy) {
            EXPECT_FALSE(a.unchecked);
          }
          n.unchecked += a.kind == ActionKind::kMove && a.unchecked;
          n.gun_options += (a.kind == ActionKind::kFace || a.kind == ActionKind::kProlonge);
        }
        const int offered_moves =
            static_cast<int>(std::count_if(offered.begin(), offered.end(), [](const Action& a) {
              return a.kind == ActionKind::kMove;
            }));
        const int checked_moves = static_cast<int>(std::count_if(
            full.begin(), full.end(), [](const Action& a) { return a.kind == ActionKind::kMove; }));
        n.dropped += offered_moves - checked_moves;
        for (const Action& c : full) {
          if (c.kind != ActionKind::kMove || !c.rate.empty()) continue;
          const bool as_offered = std::any_of(offered.begin(), offered.end(), [&](const Action& a) {
            return a.kind == ActionKind::kMove && same_bits(a.destination.x, c.destination.x) &&
                   same_bits(a.destination.y, c.destination.y);
          });
          if (!as_offered) ++n.redirected;
        }
        n.shifts += static_cast<int>(std::count_if(full.begin(), full.end(), [](const Action& a) {
          return a.kind == ActionKind::kShift;
        }));
        // The doctrine's choice from either list.
        const Action from_offered = doctrine->choose(b, u, offered);
        const Action from_full = doctrine->choose(b, u, full);
        EXPECT_FALSE(from_offered.unchecked);
        EXPECT_TRUE(same_action(from_offered, from_full))
            << b.force().units[u].id << ": " << from_offered.describe() << " / "
            << from_full.describe();
        n.non_hold += from_full.kind != ActionKind::kHold;
        n.chosen_moves += from_full.kind == ActionKind::kMove;
        n.chosen_shifts += from_full.kind == ActionKind::kShift;
        n.chosen_guns +=
            from_full.kind == ActionKind::kFace || from_full.kind == ActionKind::kProlonge;
        n.guns_firing += from_full.kind == ActionKind::kHold &&
                         b.force().units[u].arm == Arm::kArtillery &&
                         b.assess(from_full).expected_kills > 0;
        ++n.units;
      }
    }
    m.play_turn();
  }
}

TEST(FireAndDisciplineOffers, CheckedOffersAreTheLegalListAndTheDoctrineChoosesAlike) {
  OfferCounts n;
  compare_offers_battle(load_embedded("fire-and-discipline/battle.toml"), 30, n);
  compare_offers_battle(generated_battle("fire-and-discipline", 400, 3), 8, n);
  // Counts as of round 22: 1,662 lists, 5,251 unchecked moves (2,986 dropped, 585
  // redirected), 3,151 shifts; 825 choices not the hold, 662 moves, 6 shifts, 62 guns'
  // options; 688 guns' unchecked options, 130 guns firing with theirs unread.
  EXPECT_GT(n.units, 800);
  EXPECT_GT(n.unchecked, 2500);
  EXPECT_GT(n.dropped, 1000);
  EXPECT_GT(n.redirected, 200);
  EXPECT_GT(n.shifts, 1500);
  EXPECT_GT(n.non_hold, 400);
  EXPECT_GT(n.chosen_moves, 300);
  EXPECT_GT(n.chosen_shifts, 0);
  EXPECT_GT(n.gun_options, 300);
  EXPECT_GT(n.chosen_guns, 30);
  EXPECT_GT(n.guns_firing, 60);
}

}  // namespace
}  // namespace smoothbore
