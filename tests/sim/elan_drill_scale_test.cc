// Scale (issue 9): elan-drill keeps a live index of the units' footprints from the movement
// phase to the end of close action (rules/elan_drill/proximity.h, LiveIndex); every
// footprint change must re-file its unit, or the moves, placement, reactive fire and
// contact queries that take candidates from it could miss a unit. A generated battle
// fought turn by turn with the doctrine AI on both sides, checking after every phase that
// each filed footprint is the unit's footprint now. A correctness test, not a timing.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/nearest.h"
#include "rules/battle.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"
#include "rules/elan_drill/id_list.h"
#include "rules/elan_drill/tables.h"
#include "rules/registry.h"
#include "scale_test_util.h"
#include "sim/commander.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using elan_drill::BattleED;

// The doctrine commanding both sides, the match seeded with `seed`.
MatchConfig doctrine_config(std::uint64_t seed) {
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.commanders = {"doctrine", "doctrine"};
  return cfg;
}

TEST(ElanDrillScale, LiveIndexFollowsEveryFootprintThroughABattle) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 2);
  ASSERT_FALSE(sc.force.units.empty());

  Match m(sc, *rs, doctrine_config(2));
  auto& b = const_cast<BattleED&>(dynamic_cast<const BattleED&>(m.battle()));
  b.check_live = true;
  int turns = 0;
  for (; turns < 6 && !m.finished(); ++turns) {
    ASSERT_NO_THROW(m.play_turn()) << "turn " << turns;
  }
  EXPECT_GT(turns, 1);
  int moves = 0, fire = 0;
  for (const Event& e : m.log().events()) {
    moves += e.kind == EventKind::kMove;
    fire += e.kind == EventKind::kFire;
  }
  EXPECT_GT(moves, 0);  // units moved and fired while the index was checked
  EXPECT_GT(fire, 0);
}

// The registered rule set; a test that cannot find it fails by the exception.
const Ruleset& elan_drill_rules() {
  const Ruleset* rs = find_ruleset("elan-drill");
  if (rs == nullptr) throw std::runtime_error("elan-drill is not registered");
  return *rs;
}

// A generated 300-stand battle (seed 6), the doctrine on both sides, before its first turn
// (the match reads its scenario, so both live here).
struct Battle300 {
  Battle300()
      : scenario(generated_battle("elan-drill", 300, 6)),
        match(scenario, elan_drill_rules(), doctrine_config(6)) {}
  const Scenario scenario;
  Match match;
};

// Its units after one turn: moved, some in contact, as the proximity queries meet them.
Force force_after_one_turn() {
  Battle300 battle;
  battle.match.play_turn();
  return battle.match.battle().force();
}

// LiveIndex::build after clear() files again only the footprints that changed since: an
// index built on the units before a turn and built again on them after it answers every
// query as one built afresh on the units after it.
TEST(ElanDrillScale, LiveIndexBuiltAgainIsTheFreshIndex) {
  Battle300 battle;
  Match& m = battle.match;
  elan_drill::LiveIndex kept;
  const Force before = m.battle().force();
  kept.build(before);
  kept.clear();
  EXPECT_FALSE(kept.ready());
  m.play_turn();
  const Force& force = m.battle().force();
  kept.build(force);
  ASSERT_TRUE(kept.ready());
  EXPECT_EQ(kept.stale(force), -1);
  elan_drill::LiveIndex fresh;
  fresh.build(force);
  std::vector<int> a, b;
  int moved = 0;
  for (std::size_t u = 0; u < force.units.size(); ++u) {
    const Rect now = force.units[u].footprint();
    const Rect then = before.units[u].footprint();
    moved += now.centre.x != then.centre.x || now.centre.y != then.centre.y;
    for (const double reach_in : {0.0, 4.0, 24.0}) {
      const Box box = now.bounds();
      kept.near(box, reach_in * kMmPerInch, a);
      fresh.near(box, reach_in * kMmPerInch, b);
      ASSERT_EQ(a, b) << "unit " << u << ", " << reach_in << "\"";
    }
  }
  EXPECT_GT(moved, 10);  // the turn moved units, so the second build re-filed them
}

// LiveIndex::near asks its grid for the query box grown by the reach only (units are filed
// by their footprints' bounding boxes): every unit whose footprint lies within the reach
// of the box is listed, ascending, after a turn of a generated battle has moved them.
TEST(ElanDrillScale, LiveIndexListsEveryFootprintWithinReach) {
  const Force force = force_after_one_turn();
  const auto& units = force.units;
  elan_drill::LiveIndex index;
  index.build(force);
  std::vector<int> out;
  int within = 0;
  for (std::size_t u = 0; u < units.size(); u += 7) {
    for (const double half_in : {0.0, 2.0}) {
      for (const double reach_in : {0.0, 1.0, 4.0, 10.0, 24.0}) {
        const Vec2 p = units[u].footprint().centre + Vec2{37.0, -21.0} * reach_in;
        const double half = half_in * kMmPerInch, reach = reach_in * kMmPerInch;
        index.near(Box{{p.x - half, p.y - half}, {p.x + half, p.y + half}}, reach, out);
        ASSERT_TRUE(std::is_sorted(out.begin(), out.end()));
        const Rect square{p, 0, 2 * half, 2 * half};
        for (std::size_t i = 0; i < units.size(); ++i) {
          if (distance(units[i].footprint(), square) > reach) continue;
          ++within;
          EXPECT_TRUE(std::binary_search(out.begin(), out.end(), static_cast<int>(i)))
              << "unit " << i << " within " << reach_in << "\" of unit " << u << "'s query";
        }
      }
    }
  }
  EXPECT_GT(within, 100);
}

// IdList (rules/elan_drill/id_list.h): the proximity queries' lists leased from a
// per-thread pool of reused buffers. Nested leases get distinct buffers, an inner lease
// ending leaves the outer list as it was, a buffer comes back cleared, and every lease is
// given back when its scope ends.
TEST(ElanDrillScale, IdListsNestedKeepTheirOwnIds) {
  const std::size_t before = elan_drill::IdList::leased();
  {
    const elan_drill::IdList outer([](std::vector<int>& out) { out = {1, 2, 3}; });
    EXPECT_EQ(elan_drill::IdList::leased(), before + 1);
    for (const int o : outer) {  // a query inside a loop over another's answer
      const elan_drill::IdList inner([&](std::vector<int>& out) { out.assign(5, o); });
      EXPECT_EQ(elan_drill::IdList::leased(), before + 2);
      EXPECT_NE(&inner.ids(), &outer.ids());
      EXPECT_EQ(inner.ids(), std::vector<int>(5, o));
    }
    EXPECT_EQ(outer.ids(), (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(elan_drill::IdList::leased(), before + 1);
  }
  EXPECT_EQ(elan_drill::IdList::leased(), before);
}

TEST(ElanDrillScale, IdListsReusedBufferComesBackEmpty) {
  const std::vector<int>* first = nullptr;
  {
    elan_drill::IdList a;
    a.ids() = {7, 8, 9};
    first = &a.ids();
  }
  const elan_drill::IdList b;
  EXPECT_EQ(&b.ids(), first);  // the same buffer, reused
  EXPECT_TRUE(b.empty());
  EXPECT_EQ(b.size(), 0u);
}

// UnitSnapshot::near fills a buffer the caller reuses (issue 9: it returned a new vector
// per call): whatever the buffer held before, it lists, ascending, exactly the ids the
// grid's candidates sort to, and every unit whose footprint lies within the reach.
TEST(ElanDrillScale, SnapshotNearIntoAReusedBufferListsEveryFootprintWithinReach) {
  const Force force = force_after_one_turn();
  const auto& units = force.units;
  elan_drill::UnitSnapshot snap;
  snap.build(force);
  std::vector<int> out{-5, 12, -5}, fresh;
  int within = 0;
  for (std::size_t u = 0; u < units.size(); u += 7) {
    for (const double reach_in : {0.0, 1.0, 4.0, 10.0, 24.0}) {
      const Rect& r = snap.footprint(static_cast<int>(u));
      const double reach = reach_in * kMmPerInch;
      snap.near(r, reach, out);  // into the buffer the last query filled
      snap.near_unordered(r.centre, reach + half_diagonal(r), fresh);
      std::sort(fresh.begin(), fresh.end());
      ASSERT_EQ(out, fresh) << "unit " << u << ", " << reach_in << "\"";
      for (std::size_t i = 0; i < units.size(); ++i) {
        if (distance(units[i].footprint(), r) > reach) continue;
        ++within;
        EXPECT_TRUE(std::binary_search(out.begin(), out.end(), static_cast<int>(i)))
            << "unit " << i << " within " << reach_in << "\" of unit " << u;
      }
    }
  }
  EXPECT_GT(within, 100);
}

// UnitSnapshot::build keeps its grids when no footprint changed since the last build (bit
// for bit): a snapshot built before a turn, then again on the same units and again after
// the turn moved them, lists what a snapshot built afresh lists, every time.
TEST(ElanDrillScale, SnapshotBuiltAgainIsTheFreshSnapshot) {
  Battle300 battle;
  Match& m = battle.match;
  elan_drill::UnitSnapshot kept;
  auto compare = [&](const Force& force) {
    kept.clear();
    kept.build(force);
    elan_drill::UnitSnapshot fresh;
    fresh.build(force);
    std::vector<int> a, b;
    for (std::size_t u = 0; u < force.units.size(); u += 3) {
      const Rect& r = fresh.footprint(static_cast<int>(u));
      for (const double reach_in : {0.0, 4.0, 24.0}) {
        kept.near(r, reach_in * kMmPerInch, a);
        fresh.near(r, reach_in * kMmPerInch, b);
        ASSERT_EQ(a, b) << "unit " << u << ", " << reach_in << "\"";
        a = kept.near_enemies(force.units[u].side, r, reach_in * kMmPerInch);
        b = fresh.near_enemies(force.units[u].side, r, reach_in * kMmPerInch);
        ASSERT_EQ(a, b) << "unit " << u << "'s enemies, " << reach_in << "\"";
      }
    }
  };
  compare(m.battle().force());
  compare(m.battle().force());  // the same units: the grids kept
  m.play_turn();
  compare(m.battle().force());  // moved: filed again
}

// The snapshot's enemies near a footprint (BattleED::enemies_near's candidates for fire and
// charge targets) list every unit of another side within reach and none of its own side.
TEST(ElanDrillScale, SnapshotNearEnemiesListEveryEnemyWithinReachAndNoFriend) {
  const Force force = force_after_one_turn();
  const auto& units = force.units;
  elan_drill::UnitSnapshot snap;
  snap.build(force);
  std::vector<int> out;
  int within = 0, beyond = 0;
  for (std::size_t u = 0; u < units.size(); u += 5) {
    const int side = units[u].side;
    for (const double reach_in : {0.0, 4.0, 24.0, 48.0, 96.0}) {  // the armies start apart
      const Rect& r = snap.footprint(static_cast<int>(u));
      const double reach = reach_in * kMmPerInch;
      snap.near_enemies_unordered(side, r, reach, out);
      for (const int o : out) {
        ASSERT_NE(units[static_cast<std::size_t>(o)].side, side)
            << "unit " << u << "'s friend " << o;
      }
      std::sort(out.begin(), out.end());
      for (std::size_t i = 0; i < units.size(); ++i) {
        if (units[i].side == side) continue;
        if (distance(units[i].footprint(), r) > reach) {
          ++beyond;
          continue;
        }
        ++within;
        EXPECT_TRUE(std::binary_search(out.begin(), out.end(), static_cast<int>(i)))
            << "enemy " << i << " within " << reach_in << "\" of unit " << u;
      }
    }
  }
  EXPECT_GT(within, 50);
  EXPECT_GT(beyond, 50);
}

// SideFootprints (the acting side's units for the reactive fire) lists, ascending, every
// unit of its side whose footprint lies within reach of a point, and no unit of another
// side, whatever the buffer held before.
TEST(ElanDrillScale, SideFootprintsListEveryUnitOfTheSideWithinReach) {
  const Force force = force_after_one_turn();
  const auto& units = force.units;
  int within = 0, beyond = 0;
  for (const int side : {0, 1}) {
    elan_drill::SideFootprints filed;
    filed.build(force, side);
    std::vector<int> out{-3, 7};
    for (std::size_t u = 0; u < units.size(); u += 5) {
      const Vec2 p = units[u].footprint().centre;
      for (const double reach_in : {0.0, 4.0, 24.0, 60.0}) {
        const double reach = reach_in * kMmPerInch;
        filed.near(p, reach, out);
        ASSERT_TRUE(std::is_sorted(out.begin(), out.end()));
        for (const int o : out) ASSERT_EQ(units[static_cast<std::size_t>(o)].side, side);
        for (std::size_t i = 0; i < units.size(); ++i) {
          if (units[i].side != side) continue;
          const Rect f = units[i].footprint();
          if (distance(f, p) > reach) {
            ++beyond;
            continue;
          }
          ++within;
          EXPECT_TRUE(std::binary_search(out.begin(), out.end(), static_cast<int>(i)))
              << "unit " << i << " within " << reach_in << "\" of unit " << u << "'s centre";
        }
      }
    }
  }
  EXPECT_GT(within, 100);
  EXPECT_GT(beyond, 100);
}

// axes_gap (the gap along the four axes of two frames) never passes the edge-to-edge
// distance, often passes the gap along the line of centres, and is the distance itself
// for footprints facing the same way that overlap side to side.
TEST(ElanDrillScale, AxesGapBoundsTheDistanceAndIsItSideBySide) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> pos(-600, 600), bearing(0, 360), size(20, 600),
      unit(-1, 1);
  int tighter = 0;
  for (int i = 0; i < 20000; ++i) {
    const RectFrame a(Rect{{pos(rng), pos(rng)}, bearing(rng), size(rng), size(rng) / 4});
    const RectFrame b(Rect{{pos(rng), pos(rng)}, bearing(rng), size(rng), size(rng) / 4});
    const double d = distance(a, b);
    ASSERT_LE(elan_drill::axes_gap(a, b), d + 1e-9) << i;
    if (d > 0 && elan_drill::axes_gap(a, b) > elan_drill::centre_line_gap(a, b) + 1) ++tighter;
    // b's footprint on a's facing, ahead of it by `gap`, its centre within the span where
    // the two overlap side to side.
    const double gap = (unit(rng) + 1) * 300;
    const double side = unit(rng) * ((a.hw + b.hw) - 1);
    const RectFrame c(Rect{a.rect.centre + a.f * (a.hd + b.hd + gap) + a.r * side, a.rect.facing,
                           b.rect.width, b.rect.depth});
    ASSERT_NEAR(elan_drill::axes_gap(a, c), distance(a, c), 1e-6) << i;
  }
  EXPECT_GT(tighter, 1000);
}

// The nearest-enemy searches of the frozen snapshot start from the distance to the enemy
// last found for the unit, or else for the side; every answer through a generated battle
// is the full scan's (check_nearest: and every formation's fit, from one list of
// neighbours a unit, is place_ok's).
TEST(ElanDrillScale, BoundedNearestEnemyIsTheFullScan) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 3);
  Match m(sc, *rs, doctrine_config(3));
  auto& b = const_cast<BattleED&>(dynamic_cast<const BattleED&>(m.battle()));
  b.check_nearest = true;
  int turns = 0;
  for (; turns < 4 && !m.finished(); ++turns) {
    ASSERT_NO_THROW(m.play_turn()) << "turn " << turns;
  }
  EXPECT_GT(turns, 1);
}

// move_unit's walk without the steps on the table before every blocker's next step moves
// every unit of a generated battle as asking every step does, and its turn placed among
// the units near its path is place_ok's, and each blocker's kept frame is its frame now:
// check_moves walks each move both ways, asks place_ok and frames each blocker afresh, and
// throws on a distance or frame that differs by a bit or another answer.
TEST(ElanDrillScale, MovesWithoutTheStepsSkippedAreEveryStepAsked) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 4);
  Match m(sc, *rs, doctrine_config(4));
  auto& b = const_cast<BattleED&>(dynamic_cast<const BattleED&>(m.battle()));
  b.check_moves = true;
  int turns = 0;
  for (; turns < 4 && !m.finished(); ++turns) {
    ASSERT_NO_THROW(m.play_turn()) << "turn " << turns;
  }
  EXPECT_GT(turns, 1);
  int moves = 0;
  for (const Event& e : m.log().events()) moves += e.kind == EventKind::kMove;
  EXPECT_GT(moves, 100);  // the walks were compared
}

// The frames gap_in and within_in measure (BattleED::frame_of, kept per unit while its
// footprint is unchanged) give the distances of the footprints now, after every turn of a
// battle in which units move, fall back, flee and leave the table; a pair's gap, kept once
// for both ways of asking, is each way's distance.
TEST(ElanDrillScale, KeptFramesMeasureTheFootprintsNow) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 4);
  Match m(sc, *rs, doctrine_config(4));
  const auto& b = dynamic_cast<const BattleED&>(m.battle());
  const auto& units = b.force().units;
  const int n = std::min(static_cast<int>(units.size()), 80);
  int turns = 0, checked = 0;
  for (; turns < 5 && !m.finished(); ++turns) {
    m.play_turn();
    for (int a = 0; a < n; ++a) {
      for (int c = a + 1; c < n; ++c) {
        const double gap = distance(units[a].footprint(), units[c].footprint()) / kMmPerInch;
        ASSERT_EQ(b.gap_in(a, c), gap) << a << " " << c << " turn " << turns;
        ASSERT_EQ(b.within_in(a, c, 6.0), gap <= 6.0) << a << " " << c << " turn " << turns;
        // Given the footprints (the reactive fire's and touching_friend's way), the same
        // answer, and the gap when it holds.
        double given = -1;
        const bool in = b.within_in(a, c, b.footprint_of(a), b.footprint_of(c), 6.0, &given);
        ASSERT_EQ(in, gap <= 6.0) << a << " " << c << " turn " << turns;
        if (in) {
          ASSERT_EQ(given, gap) << a << " " << c << " turn " << turns;
        }
        // Asked the other way, the gap kept for (a, c) answers: it must be the distance
        // measured that way (distance() is the same bit for bit both ways).
        const double back = distance(units[c].footprint(), units[a].footprint()) / kMmPerInch;
        ASSERT_EQ(b.gap_in(c, a), back) << c << " " << a << " turn " << turns;
        ++checked;
      }
    }
  }
  EXPECT_GT(turns, 1);
  EXPECT_GT(checked, 1000);
}

// The doctrine, recording what the battle promises while it is asked: every choice made
// under a frozen-force epoch (Battle::frozen_force_epoch) sees the force as the first
// choice of that epoch saw it (footprints and statuses), and every choice has one.
class EpochWitness final : public OrderSource {
 public:
  EpochWitness() : doctrine_(make_commander("doctrine", Rng(1, 1))) {}
  Action choose(const Battle& b, int unit, const std::vector<Action>& legal) override {
    const std::uint64_t epoch = b.frozen_force_epoch();
    EXPECT_NE(epoch, 0u) << "unit " << unit;
    if (epoch != epoch_) {
      epoch_ = epoch;
      seen_.clear();
      for (const Unit& u : b.force().units) seen_.push_back({u.footprint(), u.status});
      ++epochs;
    } else {
      for (std::size_t i = 0; i < seen_.size(); ++i) {
        const Unit& u = b.force().units[i];
        const Rect f = u.footprint();
        EXPECT_TRUE(f.centre == seen_[i].first.centre && f.facing == seen_[i].first.facing &&
                    u.status == seen_[i].second)
            << "unit " << i << " changed under epoch " << epoch;
      }
    }
    ++choices;
    return doctrine_->choose(b, unit, legal);
  }
  Action react(const Battle& b, int unit, const std::vector<Action>& legal) override {
    return doctrine_->react(b, unit, legal);
  }
  int epochs = 0, choices = 0;

 private:
  std::unique_ptr<OrderSource> doctrine_;
  std::uint64_t epoch_ = 0;
  std::vector<std::pair<Rect, UnitStatus>> seen_;
};

// Issue 9: the orders step promises an unchanging force (the doctrine keeps its reserve
// through it), and the attached leader of every unit, kept in a vector rebuilt when a
// leader attaches, detaches or falls, is the scan of every leader's after every turn.
TEST(ElanDrillScale, OrdersStepFreezesTheForceAndKeptLeadersAreTheScan) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 5);
  ASSERT_FALSE(sc.force.leaders.empty());
  auto battle = rs->start(sc, 5, 0);
  auto& b = dynamic_cast<BattleED&>(*battle);
  EpochWitness blue, red;
  EventLog log;
  int turns = 0, attached = 0;
  for (; turns < 8; ++turns) {
    battle->play_turn({&blue, &red}, log);
    EXPECT_EQ(b.frozen_force_epoch(), 0u);  // no promise outside the orders step
    for (int u = 0; u < static_cast<int>(b.force().units.size()); ++u) {
      ASSERT_EQ(b.attached_leader(u), b.attached_leader_scan(u)) << "unit " << u;
      attached += b.attached_leader(u) >= 0;
    }
  }
  EXPECT_GT(attached, 0);
  EXPECT_GE(blue.epochs, turns);  // one epoch per orders step
  EXPECT_GT(blue.choices, blue.epochs);
  EXPECT_GT(red.choices, red.epochs);
}

// The doctrine, checking as it is asked that every fire action's range and friend in
// contact, kept by the pair through the orders step (BattleED::fire_geometry), are those
// measured afresh (gap_in, and contact_friend_now, which keeps nothing), asked twice each.
class FireGeometryWitness final : public OrderSource {
 public:
  FireGeometryWitness() : doctrine_(make_commander("doctrine", Rng(1, 1))) {}
  Action choose(const Battle& b, int unit, const std::vector<Action>& legal) override {
    const auto& ed = dynamic_cast<const BattleED&>(b);
    for (const Action& a : legal) {
      if (a.kind != ActionKind::kFire || a.target < 0) continue;
      for (int ask = 0; ask < 2; ++ask) {
        const BattleED::FireGeometry kept = ed.fire_geometry(unit, a.target);
        EXPECT_EQ(kept.range, ed.gap_in(unit, a.target)) << unit << " at " << a.target;
        EXPECT_EQ(kept.friend_contact, ed.contact_friend_now(unit, a.target) >= 0)
            << unit << " at " << a.target;
        ++checked;
      }
    }
    return doctrine_->choose(b, unit, legal);
  }
  Action react(const Battle& b, int unit, const std::vector<Action>& legal) override {
    return doctrine_->react(b, unit, legal);
  }
  int checked = 0;

 private:
  std::unique_ptr<OrderSource> doctrine_;
};

TEST(ElanDrillScale, KeptFireGeometryIsTheFreshOne) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 7);
  auto battle = rs->start(sc, 7, 0);
  FireGeometryWitness blue, red;
  EventLog log;
  for (int turn = 0; turn < 6; ++turn) battle->play_turn({&blue, &red}, log);
  EXPECT_GT(blue.checked + red.checked, 100);
}

// Issue 9: each unit's facts (attributes, ratings, ranges), worked out once when the battle
// starts, are those its attributes and the options give after every turn of a battle (and
// the ranges read from them are the table rows' columns read by name); and
// formation_footprint (whether a formation fits, asked without copying the unit) is the
// ruleset's layout of the unit re-formed, for every unit and formation it may take.
TEST(ElanDrillScale, KeptFactsAndFormationFootprintsAreTheFreshOnes) {
  const Ruleset* rs = &elan_drill_rules();
  Battle300 battle;
  Match& m = battle.match;
  const auto& b = dynamic_cast<const BattleED&>(m.battle());
  const auto& units = b.force().units;
  int turns = 0, laid = 0, artillery = 0, armed = 0, canister = 0;
  for (; turns < 4 && !m.finished(); ++turns) {
    m.play_turn();
    for (int i = 0; i < static_cast<int>(units.size()); ++i) {
      const Unit& u = units[static_cast<std::size_t>(i)];
      ASSERT_TRUE(b.facts(i) == b.facts_now(i)) << "unit " << i << " turn " << turns;
      artillery += u.arm == Arm::kArtillery && b.max_range_in(i) > 0;
      const elan_drill::UnitFacts& facts = b.facts(i);
      if (facts.weapon_row != nullptr) {
        const TableRow& w = elan_drill::row("fire.weapons", facts.weapon);
        ASSERT_EQ(b.weapon_close_in(i), w.number("close")) << "unit " << i;
        ASSERT_EQ(b.weapon_long_in(i), w.number("long")) << "unit " << i;
        ++armed;
      }
      if (u.arm == Arm::kArtillery) {
        const TableRow& c = elan_drill::row("fire.canister", facts.gun);
        ASSERT_EQ(b.canister_short_in(i), c.number("short")) << "unit " << i;
        ASSERT_EQ(b.canister_long_in(i), c.number("long")) << "unit " << i;
        ++canister;
      }
      const UnitTypeInfo* type = rs->unit_type(u.type);
      ASSERT_NE(type, nullptr);
      const Rect fp = u.footprint();
      for (const std::string& f : type->formations) {
        Unit probe = u;
        probe.formation = f;
        const Rect want = rs->layout(probe, fp.centre, fp.facing).front().rect;
        const Rect got = elan_drill::formation_footprint(u.arm, f, elan_drill::layout_figures(u),
                                                         fp.centre, fp.facing);
        ASSERT_TRUE(got.centre == want.centre && got.facing == want.facing &&
                    got.width == want.width && got.depth == want.depth)
            << "unit " << i << " in " << f;
        ++laid;
      }
    }
  }
  EXPECT_GT(turns, 1);
  EXPECT_GT(laid, 1000);
  EXPECT_GT(artillery, 0);
  EXPECT_GT(armed, 0);
  EXPECT_GT(canister, 0);
}

}  // namespace
}  // namespace smoothbore
