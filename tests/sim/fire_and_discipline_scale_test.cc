// Scale (issue 9): fire-and-discipline's frozen proximity answers (stand_grid.h: the
// StandCache frozen for the orders step and its UnitIndex of footprints) are the answers
// of a scan of every unit. A generated battle plays a turn with the doctrine AI on both
// sides (the orders step runs frozen), then on the state it left each index query is
// checked against the scan it replaces, frozen and not, with a unit trial under way too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "core/force/proximity.h"
#include "core/geometry/rect_frame.h"
#include "embedded_scenario.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fd_doctrine.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/local_memo.h"
#include "rules/fire_and_discipline/marches.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/movement_detail.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/stands_trial.h"
#include "rules/fire_and_discipline/state.h"
#include "rules/fire_and_discipline/unit_index.h"
#include "rules/fire_and_discipline/unit_trial.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr int kStands = 300;

Scenario played_battle(int turns) {
  const Ruleset* rs = find_ruleset("fire-and-discipline");
  EXPECT_NE(rs, nullptr);
  Scenario sc = generated_battle("fire-and-discipline", kStands, 1);
  MatchConfig cfg;
  cfg.seed = 1;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  for (int t = 0; t < turns; ++t) m.play_turn();
  for (const std::string& v : m.battle().invariant_violations()) ADD_FAILURE() << v;
  // The battle's NearestEnemyIndex (a scan outside the orders step) against the scan.
  const auto* index = dynamic_cast<const NearestEnemyIndex*>(&m.battle());
  EXPECT_NE(index, nullptr);
  const Force& f = m.battle().force();
  for (std::size_t u = 0; index != nullptr && u < f.units.size(); u += 7) {
    double want_gap = 0, got_gap = 0;
    const int want = scan_nearest_active(f, static_cast<int>(u), &want_gap);
    EXPECT_EQ(index->nearest_active_enemy(static_cast<int>(u), &got_gap), want);
    EXPECT_EQ(got_gap, want_gap);
  }
  sc.force = f;  // the positions the turns left
  return sc;
}

// The rules' state of a played battle as the tests read it: make_state's, with the force
// as played (its leaders as the battle left them). `sc` must outlive it (the state points
// at its scenario).
FdState played_state(const Scenario& sc) {
  FdState s = make_state(sc);
  s.force = sc.force;
  return s;
}

TEST(FireAndDisciplineScale, UnitIndexAnswersAsTheScan) {
  const Scenario sc = played_battle(2);
  const Force& f = sc.force;
  UnitIndex index;
  index.build(f);
  // The same force with every third stand removed (stand_frames leaves them out).
  Force thinned = f;
  int nth = 0;
  for (Unit& unit : thinned.units) {
    for (Stand& st : unit.stands) st.removed = st.removed || ++nth % 3 == 0;
  }
  UnitIndex thinned_index;
  thinned_index.build(thinned);
  int found = 0, any_within = 0, removed_stands = 0;
  for (std::size_t k = 0; k < f.units.size(); ++k) {
    const int u = static_cast<int>(k);
    const Rect me = f.units[k].footprint();
    EXPECT_EQ(index.footprint(u).centre, me.centre);
    EXPECT_EQ(index.box(u).min, me.bounds().min);
    EXPECT_EQ(index.box(u).max, me.bounds().max);
    EXPECT_EQ(index.frame(u).rect.centre, me.centre);
    EXPECT_EQ(index.frame(u).rect.facing, me.facing);
    // The stands' kept frames (round 22): the frame of each stand on the table, in order,
    // bit for bit, asked twice (framed once, then kept); here, and with stands removed.
    for (const UnitIndex* in : {&index, &thinned_index}) {
      const Force& of = in == &index ? f : thinned;
      for (int ask = 0; ask < 2; ++ask) {
        const std::span<const RectFrame> frames = in->stand_frames(of, u);
        std::size_t at = 0;
        for (const Stand& st : of.units[k].stands) {
          if (st.removed) {
            removed_stands += ask == 0 ? 1 : 0;
            continue;
          }
          ASSERT_LT(at, frames.size()) << of.units[k].id;
          const RectFrame want_frame(st.rect);
          const RectFrame& got_frame = frames[at++];
          EXPECT_TRUE(got_frame.rect.centre == want_frame.rect.centre &&
                      got_frame.rect.facing == want_frame.rect.facing &&
                      got_frame.rect.width == want_frame.rect.width &&
                      got_frame.rect.depth == want_frame.rect.depth &&
                      got_frame.corners == want_frame.corners && got_frame.f == want_frame.f &&
                      got_frame.r == want_frame.r)
              << of.units[k].id;
        }
        EXPECT_EQ(at, frames.size()) << of.units[k].id;
      }
    }
    const int side = f.units[k].side;
    // Nearest active enemy, ties to the lower index.
    auto active = [&](int i) {
      return f.units[static_cast<std::size_t>(i)].status == UnitStatus::kActive;
    };
    double want_gap = 0, got_gap = 0, framed_gap = 0;
    const int want = scan_nearest_active(f, u, &want_gap);
    const int got = index.nearest_other(
        side, me.bounds(), active, [&](int i) { return distance(me, index.footprint(i)); },
        &got_gap);
    EXPECT_EQ(got, want) << f.units[k].id;
    EXPECT_EQ(got_gap, want_gap) << f.units[k].id;
    // The kept frames (as FdBattle::nearest_active_enemy asks) answer the same, bit for bit.
    const int framed = index.nearest_other(
        side, index.box(u), active, [&](int i) { return distance(index.frame(u), index.frame(i)); },
        &framed_gap);
    EXPECT_EQ(framed, want) << f.units[k].id;
    EXPECT_EQ(framed_gap, want_gap) << f.units[k].id;
    // Both in one walk (FdBattle::nearest_enemies): the active ones, and a subset of them
    // (every unit but each third, by index), each as its own search answers.
    auto some = [&](int i) { return active(i) && i % 3 != 0; };
    auto framed_dist = [&](int i) { return distance(index.frame(u), index.frame(i)); };
    double some_gap = 0, both_wide_gap = 0, both_narrow_gap = 0;
    const int some_want = index.nearest_other(side, index.box(u), some, framed_dist, &some_gap);
    int both_wide = 0, both_narrow = 0;
    index.nearest_other_both(
        side, index.box(u), active, [&](int i) { return i % 3 != 0; }, framed_dist, &both_wide,
        &both_wide_gap, &both_narrow, &both_narrow_gap);
    EXPECT_EQ(both_wide, want) << f.units[k].id;
    EXPECT_EQ(both_wide_gap, want_gap) << f.units[k].id;
    EXPECT_EQ(both_narrow, some_want) << f.units[k].id;
    EXPECT_EQ(both_narrow_gap, some_gap) << f.units[k].id;
    found += want >= 0;
    // Every enemy within 100 and 400 mm is listed (perhaps with others), ascending.
    for (double reach : {100.0, 400.0}) {
      std::vector<int> near;
      index.near(1 - side, me.bounds(), reach, near);
      EXPECT_TRUE(std::is_sorted(near.begin(), near.end()));
      for (std::size_t i = 0; i < f.units.size(); ++i) {
        if (f.units[i].side == side || distance(me, f.units[i].footprint()) > reach) continue;
        EXPECT_TRUE(std::binary_search(near.begin(), near.end(), static_cast<int>(i)))
            << f.units[k].id << " misses " << f.units[i].id;
      }
    }
    // Some enemy within `reach` that a filter takes (every third unit), around the
    // nearest one's gap: as the scan.
    for (double reach : {want_gap * 0.99, want_gap, want_gap * 1.5}) {
      if (want < 0) break;
      auto every_third_within = [&](int i) {
        return i % 3 == 0 &&
               distance(me, f.units[static_cast<std::size_t>(i)].footprint()) <= reach;
      };
      bool want_any = false;
      for (std::size_t i = 0; i < f.units.size(); ++i) {
        want_any = want_any || (f.units[i].side != side && every_third_within(static_cast<int>(i)));
      }
      EXPECT_EQ(index.any_other_within(side, me.bounds(), reach, every_third_within), want_any)
          << f.units[k].id << " within " << reach;
      any_within += want_any;
    }
  }
  EXPECT_GT(found, 50);
  EXPECT_GT(any_within, 0);
  EXPECT_GT(removed_stands, 100);  // stands removed are left out
}

// may_move (FD-52: General Advance reads the nearest enemy ahead) answers the same with
// the cache frozen as without, and the snapshot a Mover would take is the frozen one only
// for the unit on trial.
TEST(FireAndDisciplineScale, FrozenMayMoveAnswersAsTheScan) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  std::vector<std::pair<int, Rect>> asks;
  for (std::size_t k = 0; k < s.force.units.size(); k += 3) {
    if (!s.force.units[k].on_table()) continue;
    const Rect fp = s.force.units[k].footprint();
    for (double yd : {-60.0, 30.0, 90.0}) {
      Rect to = fp;
      to.centre = fp.centre + fp.forward() * s.mm(yd) + fp.right() * s.mm(yd / 3);
      asks.emplace_back(static_cast<int>(k), to);
    }
  }
  ASSERT_GT(asks.size(), 100u);
  // FD-52 General Advance by a scan of every enemy stand: no farther from the nearest enemy
  // unit with a stand ahead of the unit's front (every stand of that unit counts).
  auto nearest_ahead = [&](int u, const Rect& front, const Rect& r) {
    double best = std::numeric_limits<double>::infinity();
    for (const Unit& e : s.force.units) {
      if (e.side == s.force.units[static_cast<std::size_t>(u)].side || !e.on_table()) continue;
      const bool ahead = std::any_of(e.stands.begin(), e.stands.end(), [&](const Stand& st) {
        return !st.removed && (st.rect.centre - front.front_centre()).dot(front.forward()) > 0;
      });
      for (const Stand& st : e.stands) {
        if (ahead && !st.removed) best = std::min(best, distance(r, st.rect));
      }
    }
    return best;
  };
  std::vector<bool> want;
  int advancing = 0;
  for (const auto& [u, to] : asks) {
    const Rect from = s.force.units[static_cast<std::size_t>(u)].footprint();
    want.push_back(may_move(s, u, from, to, 0));
    if (s.units[static_cast<std::size_t>(u)].order.kind == OrderKind::kGeneralAdvance &&
        s.options.order_constraints != "advisory") {
      const double d0 = nearest_ahead(u, from, from);
      EXPECT_EQ(want.back(), d0 == std::numeric_limits<double>::infinity() ||
                                 nearest_ahead(u, from, to) <= d0 + 1e-6);
      ++advancing;
    }
  }
  EXPECT_GT(advancing, 50);
  int allowed = 0;
  {
    const FrozenStands frozen(s.stands_on_table, s.force);
    for (std::size_t i = 0; i < asks.size(); ++i) {
      const auto& [u, to] = asks[i];
      EXPECT_EQ(may_move(s, u, s.force.units[static_cast<std::size_t>(u)].footprint(), to, 0),
                want[i]);
      allowed += want[i];
    }
    // A trial of unit 0: its own questions keep the frozen snapshot, the others' do not.
    const auto snap = s.stands_on_table.get(s.force);
    const int side0 = s.force.units[0].side;
    UnitTrial trial(s, 0);
    for (Stand& st : trial.unit().stands) st.rect.centre = st.rect.centre + Vec2{1, 0};
    EXPECT_EQ(s.stands_on_table.get(s.force, 0), snap);
    EXPECT_NE(s.stands_on_table.get(s.force, 1), snap);
    EXPECT_EQ(s.stands_on_table.frozen_units(side0), nullptr);
    EXPECT_NE(s.stands_on_table.frozen_units(1 - side0), nullptr);
    {
      // Nested trials of two units (one of each side): neither side's filed footprints hold.
      const auto other = std::find_if(s.force.units.begin(), s.force.units.end(),
                                      [&](const Unit& x) { return x.side != side0; });
      ASSERT_NE(other, s.force.units.end());
      UnitTrial nested(s, static_cast<int>(other - s.force.units.begin()));
      EXPECT_EQ(s.stands_on_table.frozen_units(side0), nullptr);
      EXPECT_EQ(s.stands_on_table.frozen_units(1 - side0), nullptr);
      EXPECT_EQ(s.stands_on_table.frozen_enemies(side0, 2), nullptr);
    }
    // Unit 0 asks from where the trial put it (its remembered FD-52 distance was from
    // where it stood): the answers are a scan's from there.
    const Rect moved = s.force.units[0].footprint();
    FdState unfrozen = s;  // a copy is not frozen
    for (double yd : {-60.0, 30.0, 90.0}) {
      Rect to = moved;
      to.centre = moved.centre + moved.forward() * s.mm(yd);
      EXPECT_EQ(may_move(s, 0, moved, to, 0), may_move(unfrozen, 0, moved, to, 0)) << yd;
    }
  }
  EXPECT_EQ(s.stands_on_table.frozen_units(0), nullptr);  // thawed
  EXPECT_GT(allowed, 0);
  EXPECT_LT(allowed, static_cast<int>(asks.size()));
}

// A StandsTrial (the gun facing and tactical shift look-ahead) answers as a copy of the state
// with the stands so placed, and puts back the stands exactly: the answers after it are
// those before.
TEST(FireAndDisciplineScale, StandsTrialAnswersAsACopyAndPutsBack) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  int tried = 0;
  for (std::size_t k = 0; k < s.force.units.size(); k += 3) {
    const int unit = static_cast<int>(k);
    if (!s.force.units[k].on_table() || s.force.units[k].stands.empty()) continue;
    const std::vector<Stand> before = s.force.units[k].stands;
    const double volley = expected_volley_now(s, unit);
    const double guns = expected_gun_hits(s, unit);
    {
      StandsTrial trial(s, unit);
      for (Stand& st : trial.stands()) st.rect.centre = st.rect.centre + Vec2{s.mm(40.0), 0};
      const FdState copy = s;  // a copy is not frozen
      EXPECT_EQ(expected_volley_now(s, unit), expected_volley_now(copy, unit)) << k;
      EXPECT_EQ(expected_gun_hits(s, unit), expected_gun_hits(copy, unit)) << k;
    }
    const std::vector<Stand>& after = s.force.units[k].stands;
    ASSERT_EQ(after.size(), before.size());
    for (std::size_t i = 0; i < after.size(); ++i) {
      EXPECT_EQ(after[i].rect.centre.x, before[i].rect.centre.x);
      EXPECT_EQ(after[i].rect.centre.y, before[i].rect.centre.y);
      EXPECT_EQ(after[i].rect.facing, before[i].rect.facing);
      EXPECT_EQ(after[i].figures, before[i].figures);
      EXPECT_EQ(after[i].removed, before[i].removed);
    }
    EXPECT_EQ(expected_volley_now(s, unit), volley) << k;
    EXPECT_EQ(expected_gun_hits(s, unit), guns) << k;
    ++tried;
  }
  EXPECT_GT(tried, 10);
}

// The snapshot's overlap and enemy-distance tests answer as a scan of every other stand.
TEST(FireAndDisciplineScale, SnapshotTestsAnswerAsTheScan) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  const auto snap = s.stands_on_table.get(s.force);
  int overlapping = 0, near = 0, asked = 0;
  for (std::size_t k = 0; k < s.force.units.size(); k += 2) {
    const Unit& u = s.force.units[k];
    if (!u.on_table() || u.stands.empty() || u.stands.front().removed) continue;
    for (double yd : {0.0, 15.0, 120.0}) {
      Rect r = u.stands.front().rect;
      r.centre = r.centre + r.forward() * s.mm(yd);
      bool want_overlap = false, want_near = false;
      for (std::size_t o = 0; o < s.force.units.size(); ++o) {
        if (!s.force.units[o].on_table()) continue;
        for (const Stand& st : s.force.units[o].stands) {
          if (st.removed) continue;
          want_overlap = want_overlap || (o != k && overlaps(r, st.rect, 0.01));
          want_near =
              want_near || (s.force.units[o].side != u.side && distance(r, st.rect) <= s.mm(300));
        }
      }
      EXPECT_EQ(snap->overlaps_other(r, static_cast<int>(k), 0.01), want_overlap) << u.id;
      EXPECT_EQ(snap->enemy_within(r, u.side, s.mm(300)), want_near) << u.id;
      overlapping += want_overlap;
      near += want_near;
      ++asked;
    }
  }
  EXPECT_GT(overlapping, 0);
  EXPECT_LT(overlapping, asked);
  EXPECT_GT(near, 0);
  EXPECT_LT(near, asked);
}

// §6.4d's expected chargers of a unit (charge_threats) are the same frozen, where only the
// enemies within the longest charge rate are asked, as thawed, where every enemy is.
TEST(FireAndDisciplineScale, FrozenChargeThreatsAnswerAsTheScan) {
  const Scenario sc = played_battle(2);
  FdState s = played_state(sc);
  // Some units put 40 yd ahead of an enemy unit, in its charge corridor.
  std::size_t e = 0;
  for (std::size_t u = 0; u < s.force.units.size(); u += 9) {
    while (e < s.force.units.size() &&
           (s.force.units[e].side == s.force.units[u].side || !s.force.units[e].on_table())) {
      ++e;
    }
    if (e == s.force.units.size() || !s.force.units[u].on_table()) break;
    const Rect ef = s.force.units[e].footprint();
    const Rect uf = s.force.units[u].footprint();
    const Vec2 to = ef.front_centre() + ef.forward() * (s.mm(40) + std::max(uf.width, uf.depth));
    for (Stand& st : s.force.units[u].stands) st.rect.centre = st.rect.centre + (to - uf.centre);
    ++e;
  }
  std::vector<std::vector<int>> want;
  for (std::size_t u = 0; u < s.force.units.size(); ++u) {
    want.push_back(charge_threats(s, static_cast<int>(u)));
  }
  const FrozenStands frozen(s.stands_on_table, s.force);
  int threatened = 0;
  for (std::size_t u = 0; u < s.force.units.size(); ++u) {
    EXPECT_EQ(charge_threats(s, static_cast<int>(u)), want[u]) << s.force.units[u].id;
    threatened += !want[u].empty();
  }
  EXPECT_GT(threatened, 0);
}

// The snapshot's `around` visits every stand within the reach of a rectangle, edge to
// edge, whatever its size: the stands' footprints, long gun corridors (path_items) and
// musket reaches (shift_offsets) lean on it to pass over the others.
TEST(FireAndDisciplineScale, SnapshotAroundVisitsEveryStandWithinReach) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  const auto snap = s.stands_on_table.get(s.force);
  int within = 0;
  for (std::size_t k = 0; k < snap->stands.size(); k += 11) {
    const Rect& r = snap->stands[k].rect;
    Rect turned = r;  // at a slant: the box of a frame is then far from its rectangle
    turned.facing = std::fmod(r.facing + 37.0 + static_cast<double>(k), 360.0);
    for (const Rect& q :
         {r, corridor(r, s.mm(600)), corridor(r, s.mm(1200)), corridor(turned, s.mm(900))}) {
      for (double reach : {0.0, s.mm(20), s.mm(150)}) {
        std::vector<bool> seen(snap->stands.size(), false), framed(snap->stands.size(), false);
        snap->around(q, reach, [&](int i) { seen[static_cast<std::size_t>(i)] = true; });
        snap->around(RectFrame(q), reach,
                     [&](int i) { framed[static_cast<std::size_t>(i)] = true; });
        for (std::size_t i = 0; i < snap->stands.size(); ++i) {
          if (distance(q, snap->stands[i].rect) > reach) continue;
          EXPECT_TRUE(seen[i]) << "stand " << i << " near stand " << k;
          EXPECT_TRUE(framed[i]) << "stand " << i << " near stand " << k << " (framed)";
          ++within;
        }
      }
    }
  }
  EXPECT_GT(within, 100);
}

// §6.9 "adjacent to other stands" of a gun's roll (gun_situation) answers as a scan of
// every other stand: thawed, frozen, and frozen with a trial moving the gun itself beside
// the target (its stands then differ from the frozen snapshot's).
TEST(FireAndDisciplineScale, GunAdjacencyAnswersAsTheScan) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  auto scan = [&](const StandRef& t) {
    const Rect& r = s.force.units[static_cast<std::size_t>(t.unit)]
                        .stands[static_cast<std::size_t>(t.stand)]
                        .rect;
    for (std::size_t u = 0; u < s.force.units.size(); ++u) {
      if (!s.force.units[u].on_table()) continue;
      for (std::size_t k = 0; k < s.force.units[u].stands.size(); ++k) {
        const Stand& o = s.force.units[u].stands[k];
        const bool self = static_cast<int>(u) == t.unit && static_cast<int>(k) == t.stand;
        if (!o.removed && !self && distance(r, o.rect) <= s.mm(1.0)) return true;
      }
    }
    return false;
  };
  auto adjacent = [&](int gun, const StandRef& t) {
    return gun_situation(s, gun, GunTarget{t, 100}, Ammo::kBall).adjacent;
  };
  std::vector<StandRef> targets;
  for (std::size_t u = 1; u < s.force.units.size(); u += 5) {
    if (!s.force.units[u].on_table()) continue;
    for (std::size_t k = 0; k < s.force.units[u].stands.size(); ++k) {
      if (!s.force.units[u].stands[k].removed) {
        targets.push_back({static_cast<int>(u), static_cast<int>(k)});
      }
    }
  }
  ASSERT_GT(targets.size(), 20u);
  int touching = 0;
  for (const StandRef& t : targets) {
    const bool want = scan(t);
    EXPECT_EQ(adjacent(0, t), want);
    touching += want;
  }
  EXPECT_GT(touching, 0);
  const FrozenStands frozen(s.stands_on_table, s.force);
  for (const StandRef& t : targets) EXPECT_EQ(adjacent(0, t), scan(t));
  // Unit 0 on trial, its first stand put just behind a target's rear edge.
  for (std::size_t i = 0; i < targets.size(); i += 4) {
    const StandRef& t = targets[i];
    UnitTrial trial(s, 0);
    const Rect& r = s.force.units[static_cast<std::size_t>(t.unit)]
                        .stands[static_cast<std::size_t>(t.stand)]
                        .rect;
    Rect& mine = trial.unit().stands.front().rect;
    mine.facing = r.facing;
    mine.centre = r.centre - r.forward() * ((r.depth + mine.depth) / 2 + s.mm(0.5));
    EXPECT_TRUE(scan(t));
    EXPECT_TRUE(adjacent(0, t));
  }
  // Unit 0 on trial, its stands spread far apart on the table: the first one alone.
  UnitTrial trial(s, 0);
  const Vec2 corner{s.table().width() * 0.9, s.table().height() * 0.05};
  for (std::size_t k = 0; k < trial.unit().stands.size(); ++k) {
    trial.unit().stands[k].rect.centre = corner - Vec2{s.mm(60.0) * static_cast<double>(k), 0};
  }
  EXPECT_EQ(adjacent(0, {0, 0}), scan({0, 0}));
  EXPECT_FALSE(adjacent(0, {0, 0}));
}

// Calls visit(k, unit, live stand indices) for every unit of `s` on the table with a live
// stand, first with Mover::check_kept on, then off (the movement as played), and leaves it
// off.
template <typename Visit>
void each_live_unit_kept_and_not(const FdState& s, Visit visit) {
  for (const bool kept : {true, false}) {
    movement_detail::Mover::check_kept(kept);
    for (std::size_t k = 0; k < s.force.units.size(); ++k) {
      const Unit& u = s.force.units[k];
      const std::vector<int> idx = movement_detail::live_stands(u);
      if (!u.on_table() || idx.empty()) continue;
      visit(static_cast<int>(k), u, idx);
    }
  }
  movement_detail::Mover::check_kept(false);
}

// A wheel tested on lists of each stand's neighbours made once for the whole wheel
// (Mover::wheel_clear) answers as path_ok asked at each step: the same steps clear, the
// same reason for the first that is not; with check_kept on, every stand the grid would
// visit at a step is in its list, and every stand the wheel passes over (none listed, well
// inside the table) passes each step. Asked with check_kept off too: the wheel as played.
TEST(FireAndDisciplineScale, WheelListsAnswerAsPathOkAtEachStep) {
  using movement_detail::Mover;
  constexpr int kChecks = 12;
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  int blocked = 0, whole = 0;
  each_live_unit_kept_and_not(s, [&](int k, const Unit& u, const std::vector<int>& idx) {
    const Mover m(s, k, movement_detail::rects_of(u, idx));
    const Rect fp = u.footprint();
    const auto corners = fp.corners();
    for (const double turn : {-170.0, -90.0, -30.0, 20.0, 45.0, 120.0}) {
      for (const Vec2 pivot : {fp.centre, corners[0], corners[1]}) {
        int want = 0;
        std::string want_why;
        for (int step = 1; step <= kChecks; ++step) {
          const std::vector<Rect> rs =
              movement_detail::transform(m.base(), {}, pivot, turn * step / kChecks);
          if (!m.path_ok(rs, &want_why)) break;
          want = step;
        }
        std::string got_why;
        EXPECT_EQ(m.wheel_clear(pivot, turn, kChecks, &got_why), want) << u.id << " " << turn;
        EXPECT_EQ(got_why, want_why) << u.id << " " << turn;
        (want < kChecks ? blocked : whole) += 1;
      }
    }
  });
  EXPECT_GT(blocked, 0);
  EXPECT_GT(whole, 0);
}

// One Mover's wheels about a pivot share a listing of the stands in the union of their
// boxes (issue 9 round 23): wheels of growing, shrinking and opposite turns about each pivot
// in turn, each asked of the kept Mover and of a fresh one (its own listing), answer alike.
// Round 24: a wheel that outgrows the lists lists for a turn kWheelListMoreDeg larger too,
// which the turns a little larger after it (63°, 66°, 70° after 60°) find covering; and a
// turn no larger than those the lists were made for (5° after 20°, 10°, 15°) works out no
// box of its own, reading the kept centres' boxes for its table test.
TEST(FireAndDisciplineScale, WheelsSharingListsAnswerAsEachAlone) {
  using movement_detail::Mover;
  constexpr int kChecks = 12;
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  int blocked = 0, whole = 0;
  each_live_unit_kept_and_not(s, [&](int k, const Unit& u, const std::vector<int>& idx) {
    const Mover kept(s, k, movement_detail::rects_of(u, idx));
    const Rect fp = u.footprint();
    const auto corners = fp.corners();
    for (const Vec2 pivot : {corners[1], corners[0], fp.centre, corners[1]}) {
      for (const double turn :
           {20.0, 5.0, 60.0, 63.0, 66.0, 70.0, 10.0, 120.0, -30.0, 45.0, -170.0, 15.0}) {
        const Mover alone(s, k, movement_detail::rects_of(u, idx));
        std::string want_why, got_why;
        const int want = alone.wheel_clear(pivot, turn, kChecks, &want_why);
        EXPECT_EQ(kept.wheel_clear(pivot, turn, kChecks, &got_why), want) << u.id << " " << turn;
        EXPECT_EQ(got_why, want_why) << u.id << " " << turn;
        (want < kChecks ? blocked : whole) += 1;
      }
    }
  });
  EXPECT_GT(blocked, 0);
  EXPECT_GT(whole, 0);
}

// A sweep's bisection after a failed step keeps no stand's bound from a midpoint that fails
// as a whole (issue 9 round 23): the bounds look forward along the sweep, and every later
// midpoint lies before that one. Three stands of a unit go right, each toward a stand of
// another: B's blocks the step to 0.25 yd (B within 1 yd past 0.2 yd) and C's the midpoint
// 0.125 yd (past 0.1 yd), where A, tested before C, passes; A's neighbour, vertex to vertex
// with A at 45 degrees, comes within 1 yd of it only between about 0.018 and 0.107 yd. A
// bound A kept from 0.125 yd would pass it at the next midpoint, 0.0625 yd, and the move end
// near 0.1 yd with A 0.9997 yd from its neighbour; the sweep ends before A comes within 1 yd.
TEST(FireAndDisciplineScale, SweepBisectionKeepsNoBoundFromAFailedMidpoint) {
  using movement_detail::Mover;
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  const double yd = s.mm(1.0);
  const double side = 2 * yd;                   // every stand a 2 yd square
  const double vertex = side / std::sqrt(2.0);  // centre to vertex at 45 degrees
  const Vec2 a0{s.table().width() * 0.3, s.table().height() * 0.5};
  const Vec2 far{s.table().width() * 0.9, s.table().height() * 0.9};
  // The moving unit (k) and the neighbours' unit (j, an enemy): units of 3 stands or more.
  int k = -1, j = -1;
  for (std::size_t u = 0; u < s.force.units.size() && j < 0; ++u) {
    const Unit& unit = s.force.units[u];
    if (!unit.on_table() || unit.stands.size() < 3 || movement_detail::limbered_guns(unit)) {
      continue;
    }
    if (k < 0) {
      k = static_cast<int>(u);
    } else if (unit.side != s.force.units[static_cast<std::size_t>(k)].side) {
      j = static_cast<int>(u);
    }
  }
  ASSERT_GE(j, 0);
  for (Unit& unit : s.force.units) {
    for (Stand& st : unit.stands) st.rect = {far, 0, side, side};  // far from the three
  }
  auto square = [&](Vec2 c, double facing) { return Rect{c, facing, side, side}; };
  const Rect a = square(a0, 45), b = square(a0 - Vec2{0, 5 * yd}, 0),
             c = square(a0 - Vec2{0, 10 * yd}, 0);
  std::vector<Stand>& near = s.force.units[static_cast<std::size_t>(j)].stands;
  for (int q = 0; q < 3; ++q) near[static_cast<std::size_t>(q)].removed = false;
  near[0].rect = square(a0 + Vec2{0.0625 * yd, 2 * vertex + 0.999 * yd}, 45);
  near[1].rect = square(b.centre + Vec2{side + 1.2 * yd, 0}, 0);
  near[2].rect = square(c.centre + Vec2{side + 1.1 * yd, 0}, 0);
  for (const bool kept : {false, true}) {
    Mover::check_kept(kept);
    const Mover m(s, k, {a, b, c});
    std::string why;
    const double t = m.sweep({1, 0}, 2 * yd, &why);
    // A's vertex is 0.999 yd below its neighbour's and 0.0625 - t yd to the left of it: the
    // two are within 1 yd while |0.0625 - t| < sqrt(1 - 0.999^2) = 0.0447 yd, from t =
    // 0.0178 yd; the bisection closes on that from below, well within 0.015 yd.
    EXPECT_GT(t, 0.015 * yd) << kept;
    EXPECT_LT(t, 0.018 * yd) << kept;
    const std::vector<Rect> at = movement_detail::transform(m.base(), Vec2{t, 0}, {}, 0);
    EXPECT_TRUE(m.path_ok(at, nullptr)) << kept;
  }
  Mover::check_kept(false);
}

// possible_shifts (one trial of a unit's stands for all its offsets) answers as
// tactical_shift_possible asked of each offset in turn, those within `apart` of one taken
// before left out: every unit of a played battle, left, right, back, forward (refused), a
// short step, a duplicate and one beyond the TACTICAL rate.
TEST(FireAndDisciplineScale, PossibleShiftsAnswerAsEachOffsetAlone) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  const double apart = s.mm(1);
  int taken = 0, left_out = 0;
  each_live_unit_kept_and_not(s, [&](int k, const Unit& u, const std::vector<int>&) {
    const Rect fp = u.footprint();
    const std::optional<double> rate = rate_yd(s, k, Rate::kTactical);
    const double r = s.mm(rate ? *rate : 20.0);
    const std::vector<Vec2> wanted = {
        fp.right() * -r,      fp.right() * r,           fp.forward() * -r,      fp.forward() * r,
        fp.right() * (r / 8), fp.right() * (r * 0.999), fp.right() * (-r - 1.0)};
    std::vector<Vec2> want;
    for (const Vec2 off : wanted) {
      bool seen = false;
      for (const Vec2 o : want) seen = seen || distance(o, off) < apart;
      if (!seen && tactical_shift_possible(s, k, off)) want.push_back(off);
    }
    const std::vector<Vec2> got = possible_shifts(s, k, wanted, apart);
    ASSERT_EQ(got.size(), want.size()) << u.id;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].x, want[i].x) << u.id;
      EXPECT_EQ(got[i].y, want[i].y) << u.id;
    }
    taken += static_cast<int>(want.size());
    left_out += static_cast<int>(wanted.size() - want.size());
  });
  EXPECT_GT(taken, 0);
  EXPECT_GT(left_out, 0);
}

// The plans of one MoveProbes (one trial of the unit's stands for every move, issue 9
// round 19) are plan_move's, each asked alone: every unit of a played battle, toward each
// side and the table's corners, near and far, straight ahead and wheeling, as an offer and
// in full, with the kept answers checked (check_kept) and as played.
TEST(FireAndDisciplineScale, MoveProbesPlanAsPlanMoveAlone) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  int moved = 0, wheeled = 0, refused = 0;
  each_live_unit_kept_and_not(s, [&](int k, const Unit& u, const std::vector<int>&) {
    const Rect fp = u.footprint();
    MoveProbes probes(s, k);
    for (const PlanDetail detail : {PlanDetail::kOffer, PlanDetail::kFull}) {
      for (const double bearing : {0.0, 90.0, 180.0, 270.0, 33.0}) {
        for (const double yd : {3.0, 40.0, 300.0}) {
          for (const double turn : {0.0, 25.0, -100.0}) {
            const Vec2 goal = fp.centre + bearing_vector(fp.facing + bearing) * s.mm(yd);
            const double facing = normalize_bearing(fp.facing + turn);
            const MovePlan want = plan_move(s, k, goal, facing, Rate::kField, 2, detail);
            const MovePlan got = probes.plan(goal, facing, Rate::kField, 2, detail);
            EXPECT_EQ(got.stands, want.stands) << u.id;
            ASSERT_EQ(got.rects.size(), want.rects.size()) << u.id;
            for (std::size_t i = 0; i < got.rects.size(); ++i) {
              EXPECT_EQ(got.rects[i].centre, want.rects[i].centre) << u.id;
              EXPECT_EQ(got.rects[i].facing, want.rects[i].facing) << u.id;
            }
            EXPECT_EQ(got.aim, want.aim) << u.id;
            EXPECT_EQ(got.centre, want.centre) << u.id;
            EXPECT_EQ(got.text, want.text) << u.id;
            EXPECT_EQ(got.result.moved, want.result.moved) << u.id;
            EXPECT_EQ(got.result.wheeled, want.result.wheeled) << u.id;
            EXPECT_EQ(got.result.distance_yd, want.result.distance_yd) << u.id;
            EXPECT_EQ(got.result.stopped_by, want.result.stopped_by) << u.id;
            moved += want.result.moved;
            wheeled += want.result.wheeled;
            refused += !want.result.moved;
          }
        }
      }
    }
  });
  EXPECT_GT(moved, 0);
  EXPECT_GT(wheeled, 0);
  EXPECT_GT(refused, 0);
}

// The doctrine's local look-ahead kept across turns (local_memo.h) reads no stand beyond
// local_reach: on a played battle, for every third unit whose answers are kept, the probes
// of moves toward every side with wheels up to 170° and the runs of its longest shifts
// left, right and back are worked out; then each stand of another unit whose centre lies
// beyond the reach (less its half diagonal) but within 150 yd past it is taken off the
// table in turn, and the answers must stay as they were, bit for bit. A reach cut short
// (e.g. without a wheel's sweep about a corner of the footprint) fails: a stand in the arc
// of a wheel it leaves out blocks that wheel.
TEST(FireAndDisciplineScale, LocalLookAheadReadsNoStandBeyondItsReach) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  struct Probe {
    bool offered, blocked;
    Vec2 aim;
    bool operator==(const Probe&) const = default;
  };
  int removed = 0, wheels_blocked = 0, shifts_run = 0;
  for (std::size_t k = 0; k < s.force.units.size(); k += 3) {
    const int unit = static_cast<int>(k);
    const Unit& u = s.force.units[k];
    std::vector<std::uint64_t> own;
    if (!u.on_table() || movement_detail::live_stands(u).empty() || !local_own(s, unit, own)) {
      continue;
    }
    const Rect fp = u.footprint();
    auto probes = [&] {
      std::vector<Probe> out;
      for (const double bearing : {0.0, 90.0, 180.0, 270.0, 33.0}) {
        for (const double turn : {0.0, 25.0, -100.0, 170.0}) {
          const Vec2 goal = fp.centre + bearing_vector(fp.facing + bearing) * s.mm(40);
          const MovePlan p = plan_move(s, unit, goal, normalize_bearing(fp.facing + turn),
                                       Rate::kField, kProbeYd, PlanDetail::kOffer);
          out.push_back({!p.stands.empty() && (p.result.wheeled || p.result.distance_yd >= 1),
                         p.result.stopped_by.starts_with("wheel blocked"), p.aim});
        }
      }
      return out;
    };
    const double tactical = s.mm(rate_yd(s, unit, Rate::kTactical).value_or(0.0));
    auto runs = [&] {
      std::vector<std::optional<double>> out;
      for (const Vec2 dir : {fp.right(), fp.right() * -1.0, fp.forward() * -1.0}) {
        out.push_back(tactical_shift_mm(s, unit, dir * tactical));
      }
      return out;
    };
    const std::vector<Probe> want_probes = probes();
    const std::vector<std::optional<double>> want_runs = runs();
    for (const Probe& p : want_probes) wheels_blocked += p.blocked;
    for (const std::optional<double>& t : want_runs) shifts_run += t.has_value();
    const double probe_reach = local_reach(s, unit, LocalKind::kProbe);
    const double shift_reach = local_reach(s, unit, LocalKind::kShift);
    for (std::size_t j = 0; j < s.force.units.size(); ++j) {
      if (j == k || !s.force.units[j].on_table()) continue;
      for (Stand& st : s.force.units[j].stands) {
        if (st.removed) continue;
        const double d = (st.rect.centre - fp.centre).length() - half_diagonal(st.rect);
        const bool beyond_probe = d > probe_reach;
        const bool beyond_shift = d > shift_reach;
        if ((!beyond_probe && !beyond_shift) ||
            d > std::max(probe_reach, shift_reach) + s.mm(150)) {
          continue;
        }
        st.removed = true;
        if (beyond_probe) {
          EXPECT_TRUE(probes() == want_probes)
              << u.id << " without a stand of " << s.force.units[j].id;
        }
        if (beyond_shift) {
          EXPECT_TRUE(runs() == want_runs) << u.id << " without a stand of " << s.force.units[j].id;
        }
        st.removed = false;
        ++removed;
      }
    }
  }
  EXPECT_GT(removed, 100);
  EXPECT_GT(wheels_blocked, 0);
  EXPECT_GT(shifts_run, 0);
}

// A unit's terrain reach (movement_detail::unit_reach) is the least of its stands'
// point_reach, bit for bit, both where no feature lies near the move (issue 9 round 17:
// open ground worked out without the terrain queries), where only linear features' boxes
// meet it (round 21: each stand clear of their segments on open ground, the others by
// point_reach) and where an area's does: every unit, toward every side, short and long, on
// a generated battle with every terrain class.
TEST(FireAndDisciplineScale, UnitReachIsTheLeastPointReach) {
  const Scenario sc = played_battle(1);
  FdState s = played_state(sc);
  int open = 0, near = 0, linear_only = 0;
  each_live_unit_kept_and_not(s, [&](int k, const Unit& u, const std::vector<int>& idx) {
    const std::vector<Rect> rs = movement_detail::rects_of(u, idx);
    const CostFn cost = terrain_cost(s, k);
    for (const double bearing : {0.0, 45.0, 90.0, 170.0, 200.0, 275.0, 333.3}) {
      const Vec2 dir = bearing_vector(bearing);
      for (const double want_yd : {0.25, 2.0, 30.0, 120.0, 400.0}) {
        for (const double budget_yd : {0.0, 1.0, 60.0, 90.0}) {
          const double want = s.mm(want_yd), budget = s.mm(budget_yd);
          double least = want;
          Box all{{kImpassable, kImpassable}, {-kImpassable, -kImpassable}};
          for (const Rect& r : rs) {
            least = std::min(
                least, movement_detail::point_reach(s, r.centre, dir, want, budget, cost, true));
            const Vec2 b = r.centre + dir * want;
            all.min = {std::min({all.min.x, r.centre.x, b.x}),
                       std::min({all.min.y, r.centre.y, b.y})};
            all.max = {std::max({all.max.x, r.centre.x, b.x}),
                       std::max({all.max.y, r.centre.y, b.y})};
          }
          const Box padded{all.min - Vec2{2, 2}, all.max + Vec2{2, 2}};
          const bool no_area = s.table().areas_near(padded).empty();
          const bool clear = no_area && s.table().linears_near(padded).empty();
          (clear ? open : near) += 1;
          if (no_area && !clear) ++linear_only;
          EXPECT_EQ(movement_detail::unit_reach(s, k, rs, dir, want, budget), least)
              << u.id << " " << bearing << " " << want_yd << " " << budget_yd;
        }
      }
    }
  });
  EXPECT_GT(open, 100);
  EXPECT_GT(near, 100);
  EXPECT_GT(linear_only, 100);
}

// A volley target's dice (musketry_targets: the friends of each dice stand's view listed
// once for every target, round 21) are the stands firing_stands finds for it alone, which
// lists the friends of each view for that target: every formed unit, after each turn of the
// full battle while its lines meet, at every target outside an objective zone (inside one
// the hits go to another stand, FD-49).
TEST(FireAndDisciplineScale, VolleyDiceAnswerAsFiringStandsAlone) {
  const Ruleset* rs = find_ruleset("fire-and-discipline");
  ASSERT_NE(rs, nullptr);
  Scenario sc = load_embedded("fire-and-discipline/battle.toml");
  MatchConfig cfg;
  cfg.seed = 1;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  int checked = 0, several = 0;
  for (int turn = 0; turn < 8; ++turn) {
    m.play_turn();
    sc.force = m.battle().force();
    const FdState s = played_state(sc);
    for (int u = 0; u < static_cast<int>(s.force.units.size()); ++u) {
      const std::optional<double> range = musket_range_yd(s, u);
      if (!range || is_skirmisher(s, u)) continue;
      const std::vector<MusketTarget> targets = musketry_targets(s, u, *range);
      if (targets.size() > 1) ++several;
      for (const MusketTarget& t : targets) {
        if (zone_at(s, t.target) >= 0) continue;
        EXPECT_EQ(t.dice_stands, static_cast<int>(firing_stands(s, u, t.target).size()))
            << s.force.units[static_cast<std::size_t>(u)].id << " turn " << turn + 1;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 20);
  EXPECT_GT(several, 5);
}

// Whether trial stands overlap another unit's (detail::stands_overlap_other_unit: the
// stands beyond the box of the trial stands' circles not tried, round 21) answers as
// trying every pair: every unit of a played battle, its stands moved about where they
// stand (some onto their neighbours), with and without a unit left out.
TEST(FireAndDisciplineScale, StandsOverlapAnswersAsEveryPair) {
  const Scenario sc = played_battle(2);
  FdState s = played_state(sc);
  auto every_pair = [&](int u, const std::vector<Stand>& stands, int except) {
    for (int i = 0; i < static_cast<int>(s.force.units.size()); ++i) {
      const Unit& o = s.force.units[static_cast<std::size_t>(i)];
      if (i == u || i == except || !o.on_table() ||
          s.units[static_cast<std::size_t>(i)].surrendered) {
        continue;
      }
      for (const Stand& a : stands) {
        if (!detail::live(a)) continue;
        for (const Stand& b : o.stands) {
          if (detail::live(b) && overlaps(a.rect, b.rect, s.mm(0.5))) return true;
        }
      }
    }
    return false;
  };
  int overlapping = 0, clear = 0;
  for (int u = 0; u < static_cast<int>(s.force.units.size()); ++u) {
    const Unit& unit = s.force.units[static_cast<std::size_t>(u)];
    if (!unit.on_table()) continue;
    for (const double dx : {-60.0, -20.0, 0.0, 20.0, 60.0}) {
      for (const double dy : {-60.0, -20.0, 0.0, 20.0, 60.0}) {
        std::vector<Stand> moved = unit.stands;
        for (Stand& st : moved) {
          st.rect.centre = st.rect.centre + Vec2{dx, dy};
          st.rect.facing = normalize_bearing(st.rect.facing + dx);
        }
        for (const int except : {-1, (u + 1) % static_cast<int>(s.force.units.size())}) {
          const bool want = every_pair(u, moved, except);
          EXPECT_EQ(detail::stands_overlap_other_unit(s, u, moved, except), want)
              << unit.id << " " << dx << " " << dy << " " << except;
          (want ? overlapping : clear) += 1;
        }
      }
    }
  }
  EXPECT_GT(overlapping, 50);
  EXPECT_GT(clear, 50);
}

// detail::CorridorMiss (round 21: the stands path_ahead and reach_mm need not clip) never
// passes over a rectangle corridor_distance finds in the corridor: random firers, ranges
// and rectangles about the corridor, at and beside its edges, some of them thin.
TEST(FireAndDisciplineScale, CorridorMissOnlyWhereCorridorDistanceIsNegative) {
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int missed = 0, inside = 0, near_edge = 0;
  for (int k = 0; k < 20000; ++k) {
    Rect firer;
    firer.centre = {200 + 400 * unit(rng), 200 + 400 * unit(rng)};
    firer.facing = 360 * unit(rng);
    firer.width = k % 7 == 0 ? 0.0 : 10 + 200 * unit(rng);
    firer.depth = 5 + 40 * unit(rng);
    const double range = 1 + 300 * unit(rng);
    Rect r;
    r.facing = 360 * unit(rng);
    r.width = k % 5 == 0 ? 1e-3 : 5 + 60 * unit(rng);
    r.depth = 2 + 30 * unit(rng);
    // About the corridor: along from behind the front to beyond the range, across from
    // beyond either side; every third one placed just clear of an edge.
    const double along = -80 + (range + 160) * unit(rng);
    double across = (firer.width / 2 + 80) * (2 * unit(rng) - 1);
    if (k % 3 == 0) {
      const double reach = 0.5 * std::hypot(r.width, r.depth);
      across = (across < 0 ? -1 : 1) * (firer.width / 2 + reach + 1e-4 * unit(rng));
    }
    r.centre = firer.front_centre() + firer.forward() * along + firer.right() * across;
    const detail::CorridorMiss miss(firer, range);
    const double d = corridor_distance(firer, r, range);
    if (miss.surely(r)) {
      EXPECT_LT(d, 0) << k;
      ++missed;
    } else {
      (d >= 0 ? inside : near_edge) += 1;
    }
  }
  EXPECT_GT(missed, 1000);
  EXPECT_GT(inside, 1000);
  EXPECT_GT(near_edge, 100);
}

// Whether a line would be offered the road march once in column (road_march_after_column:
// no trial where the column could not form or its footprint centre would not stand on a
// road, round 21) answers as forming the column in a trial and planning the march: every
// unit of the full battle's first side (the other gone), in line where it stands and moved
// onto the road along it.
TEST(FireAndDisciplineScale, RoadMarchAfterColumnAnswersAsTheTrial) {
  // The second side's units gone, so that the first side's are far from the enemy.
  Scenario sc = load_embedded("fire-and-discipline/battle.toml");
  for (Unit& u : sc.force.units) {
    if (u.side == 1) u.status = UnitStatus::kRemoved;
  }
  FdState s = played_state(sc);
  auto the_trial = [&](int u) {
    const Unit& unit = s.force.units[static_cast<std::size_t>(u)];
    if (unit.formation != "line" || (unit.arm != Arm::kFoot && unit.arm != Arm::kCavalry)) {
      return false;
    }
    UnitTrial trial(s, u);
    EventLog scratch(/*quiet=*/true);
    if (!change_formation(trial.state(), u, "column", scratch)) return false;
    return road_march_plan(s, u).has_value();
  };
  // The middle of the road's last stretch, and its bearing.
  const auto road =
      std::find_if(s.table().linears().begin(), s.table().linears().end(),
                   [](const LinearFeature& f) { return f.cls == TerrainClass::kRoad; });
  ASSERT_NE(road, s.table().linears().end());
  const std::size_t n = road->path.size();
  ASSERT_GE(n, 2u);
  const Vec2 along = road->path[n - 1] - road->path[n - 2];
  const Vec2 on_road = road->path[n - 2] + along * 0.5;
  const double bearing = bearing_of(along);
  int offered = 0, refused = 0;
  for (int u = 0; u < static_cast<int>(s.force.units.size()); ++u) {
    const Unit saved = s.force.units[static_cast<std::size_t>(u)];
    const double edge = road->width / 2;  // mm from the road's line: on it, at and beyond its edge
    for (const double x : {-1.0, 0.0, edge - 0.5, edge + 0.5, 40.0}) {
      Unit& unit = s.force.units[static_cast<std::size_t>(u)];
      if (x >= 0 && unit.on_table()) {
        // The unit turned to face along the road, its first stand x mm off its line.
        const Vec2 first = unit.stands.front().rect.centre;
        const double turn = bearing - unit.stands.front().rect.facing;
        const Vec2 to = on_road + bearing_vector(bearing + 90) * x;
        for (Stand& st : unit.stands) {
          const Vec2 off = st.rect.centre - first;
          const Vec2 r = bearing_vector(turn);  // rotation by `turn` (compass sense)
          st.rect.centre = to + Vec2{off.x * r.y + off.y * r.x, -off.x * r.x + off.y * r.y};
          st.rect.facing = normalize_bearing(st.rect.facing + turn);
        }
      }
      touch_stands(s, u);
      const bool want = the_trial(u);
      EXPECT_EQ(road_march_after_column(s, u), want) << unit.id << " " << x;
      (want ? offered : refused) += 1;
      s.force.units[static_cast<std::size_t>(u)] = saved;
      touch_stands(s, u);
    }
  }
  EXPECT_GT(offered, 3);
  EXPECT_GT(refused, 3);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
