// Scale (issue 9): fire-and-discipline's tracked stand snapshot (stand_grid.h), refiled
// unit by unit from `touch`, answers as a fresh snapshot and as a scan of every stand (its
// per-side grids as the scan of every other side's stand, its unit grids' nearest enemy
// stand and enemy stand within a limit as the scan of every enemy stand) after random
// moves, removals and formation-like changes; a snapshot held across them stays as it was;
// and whole battles played with the check on (every tracked `get` compared with a fresh
// snapshot, so a change no one touched aborts) stay consistent, as do the start distances,
// separations and stands near a sweep that a Mover keeps, and the doctrine's shortcuts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/dice/rng.h"
#include "embedded_scenario.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/movement_detail.h"
#include "rules/fire_and_discipline/state.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore::fire_and_discipline {
namespace {

bool same_rect(const Rect& a, const Rect& b) {
  return a.centre == b.centre && a.facing == b.facing && a.width == b.width && a.depth == b.depth;
}

void expect_same(const std::vector<StandEntry>& got, const std::vector<StandEntry>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].unit, want[i].unit);
    EXPECT_EQ(got[i].stand, want[i].stand);
    EXPECT_EQ(got[i].side, want[i].side);
    EXPECT_TRUE(same_rect(got[i].rect, want[i].rect)) << i;
  }
}

TEST(FireAndDisciplineTracking, RefiledSnapshotAnswersAsAFreshOneAndAsTheScan) {
  const Scenario sc = generated_battle("fire-and-discipline", 300, 3);
  FdState s = make_state(sc);
  s.stands_on_table.track();
  Rng rng(5, 0);
  const auto first = s.stands_on_table.get(s.force);
  const std::vector<StandEntry> at_first = first->in_scan_order();
  int queries = 0, found = 0, nearest = 0, withins = 0;
  for (int step = 0; step < 400; ++step) {
    const int unit = static_cast<int>(rng.uniform() * static_cast<double>(s.force.units.size()));
    Unit& u = s.force.units[static_cast<std::size_t>(unit)];
    const double what = rng.uniform();
    if (what < 0.6) {  // a move
      const Vec2 shift{rng.uniform() * 400 - 200, rng.uniform() * 400 - 200};
      for (Stand& st : u.stands) st.rect.centre = st.rect.centre + shift;
    } else if (what < 0.75 && !u.stands.empty()) {  // a stand lost
      u.stands[static_cast<std::size_t>(rng.uniform() * static_cast<double>(u.stands.size()))]
          .removed = true;
    } else if (what < 0.85 && !u.stands.empty()) {  // a new layout with one stand more
      Stand extra = u.stands.back();
      extra.removed = false;
      extra.rect.centre = extra.rect.centre + extra.rect.forward() * 30.0;
      extra.rect.width *= 1.5;  // wider than any before: the bound must grow
      u.stands.push_back(extra);
    } else if (what < 0.9) {
      u.status = UnitStatus::kRemoved;
    }  // else: touched but unchanged
    s.stands_on_table.touch(unit);
    if (step % 5 != 0) continue;
    const auto snap = s.stands_on_table.get(s.force);
    FdState fresh_state = s;  // an untracked copy builds its snapshot afresh
    expect_same(snap->in_scan_order(),
                fresh_state.stands_on_table.get(fresh_state.force)->in_scan_order());
    for (std::size_t v = 0; v < s.force.units.size(); ++v) {
      EXPECT_TRUE(snap->holds(s.force, static_cast<int>(v))) << "step " << step << " unit " << v;
    }
    for (int q = 0; q < 10; ++q) {
      Rect r;
      r.centre = {rng.uniform() * s.table().width(), rng.uniform() * s.table().height()};
      r.width = 40;
      r.depth = 20;
      r.facing = rng.uniform() * 360;
      const double reach = rng.uniform() * 300;
      std::vector<bool> seen(snap->stands.size(), false);
      snap->around(r, reach, [&](int k) { seen[static_cast<std::size_t>(k)] = true; });
      for (std::size_t k = 0; k < snap->stands.size(); ++k) {
        const StandEntry& e = snap->stands[k];
        if (e.unit < 0 || distance(r, e.rect) > reach) continue;
        EXPECT_TRUE(seen[k]) << "step " << step << " slot " << k;
        ++found;
      }
      // around_enemies: every stand of another side that around must visit, and none of
      // `side`'s own.
      for (int side = 0; side < static_cast<int>(s.force.sides.size()); ++side) {
        std::vector<bool> enemy_seen(snap->stands.size(), false);
        snap->around_enemies(r, side, reach, [&](int k) {
          const StandEntry& e = snap->stands[static_cast<std::size_t>(k)];
          EXPECT_GE(e.unit, 0) << "step " << step << " slot " << k;
          EXPECT_NE(e.side, side) << "step " << step << " slot " << k;
          enemy_seen[static_cast<std::size_t>(k)] = true;
        });
        for (std::size_t k = 0; k < snap->stands.size(); ++k) {
          const StandEntry& e = snap->stands[k];
          if (e.unit < 0 || e.side == side || distance(r, e.rect) > reach) continue;
          EXPECT_TRUE(enemy_seen[k]) << "step " << step << " side " << side << " slot " << k;
        }
      }
      // The unit grids' nearest enemy stand and enemy stand within a limit (FD-52's
      // closing check), for every unit and for every third one: as the scan, bit for bit.
      const RectFrame fr(r);
      for (int side = 0; side < static_cast<int>(s.force.sides.size()); ++side) {
        for (int every : {1, 3}) {
          auto accept = [&](int v) { return v % every == 0; };
          double want = std::numeric_limits<double>::infinity();
          for (const StandEntry& e : snap->stands) {
            if (e.unit >= 0 && e.side != side && accept(e.unit)) {
              want = std::min(want, distance(r, e.rect));
            }
          }
          EXPECT_EQ(snap->nearest_enemy_stand(fr, side, accept), want) << "step " << step;
          nearest += want < std::numeric_limits<double>::infinity();
          for (double limit : {reach, want, want * 0.999}) {
            bool within = false;
            for (const StandEntry& e : snap->stands) {
              within = within || (e.unit >= 0 && e.side != side && accept(e.unit) &&
                                  distance(r, e.rect) <= limit);
            }
            EXPECT_EQ(snap->enemy_stand_within(fr, side, limit, accept), within)
                << "step " << step << " limit " << limit;
            withins += within;
          }
        }
      }
      ++queries;
    }
    snap->check_unit_grids();
  }
  EXPECT_GT(found, queries);  // the queries found stands
  EXPECT_GT(nearest, queries);
  EXPECT_GT(withins, queries);
  expect_same(first->in_scan_order(), at_first);  // held all along: unchanged
}

// Battles played by a tracked FdBattle with every `get` checked against a fresh snapshot.
void play_checked(const Scenario& sc, std::uint64_t seed, std::vector<std::string> commanders,
                  int turns) {
  StandCache::check_tracking(true);
  const Ruleset* rs = find_ruleset("fire-and-discipline");
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.commanders = std::move(commanders);
  Match m(sc, *rs, cfg);
  for (int t = 0; t < turns && !m.finished(); ++t) m.play_turn();
  StandCache::check_tracking(false);
}

TEST(FireAndDisciplineTracking, BattlesKeepTheTrackedSnapshotCurrent) {
  const Scenario small = load_embedded("fire-and-discipline/small.toml");
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    play_checked(small, seed, {"doctrine", "random"}, 40);
    play_checked(small, seed, {"random", "doctrine"}, 40);
  }
  play_checked(load_embedded("fire-and-discipline/battle.toml"), 1, {"doctrine", "doctrine"}, 40);
  play_checked(generated_battle("fire-and-discipline", 300, 1), 1, {"doctrine", "doctrine"}, 3);
}

// Mover's start distances and a sweep's pairs kept apart (movement_mover.cc), checked
// against fresh answers at every use through whole battles (a wrong one aborts).
TEST(FireAndDisciplineTracking, BattlesKeepTheMoverStartDistancesFresh) {
  movement_detail::Mover::check_kept(true);
  play_checked(load_embedded("fire-and-discipline/small.toml"), 2, {"doctrine", "random"}, 40);
  play_checked(load_embedded("fire-and-discipline/battle.toml"), 1, {"doctrine", "doctrine"}, 40);
  play_checked(generated_battle("fire-and-discipline", 300, 1), 1, {"doctrine", "doctrine"}, 2);
  movement_detail::Mover::check_kept(false);
}

// The doctrine's shortcuts (checks.h: a shift offered on its first step, a volley target
// found by the first one, a shift far from the enemy or with no enemy near its kill zone
// finding no volley, a gun's change of direction kept from check_faces for its
// assessment), each checked against the long way at every use through whole battles (a
// difference aborts).
TEST(FireAndDisciplineTracking, BattlesKeepTheDoctrineShortcutsExact) {
  set_shortcut_checks(true);
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    play_checked(load_embedded("fire-and-discipline/small.toml"), seed, {"doctrine", "random"}, 40);
  }
  play_checked(load_embedded("fire-and-discipline/battle.toml"), 1, {"doctrine", "doctrine"}, 40);
  play_checked(load_embedded("fire-and-discipline/battle.toml"), 2, {"doctrine", "doctrine"}, 40);
  play_checked(generated_battle("fire-and-discipline", 300, 1), 1, {"doctrine", "doctrine"}, 2);
  set_shortcut_checks(false);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
