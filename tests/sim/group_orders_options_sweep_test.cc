// Every group-orders option's alternatives are wired into play (design.md: "every ambiguity
// from the digests is a named option with the documented default"): an option the battle never
// reads silently gives the default. The sweep (tests/sim/options_sweep.h) takes every
// alternative from the option schema, plays a fixed set of seeded battles with it (every
// invariant after every step) and fails for one that changes none of them, unless it is
// listed below with the reason and the test that pins it, or in kNotRead (README.md, Options).
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/embedded_scenario.h"
#include "sim/options_sweep.h"

namespace smoothbore {
namespace {

// The main alternative of each numeric option (the digest's other reading, or another value
// in its range).
const std::map<std::string, Value> kNumeric = {
    {"h4_02_general_in", std::int64_t{5}},                   // H4-02: the General must be near
    {"h4_02_c_in_c_in", std::int64_t{5}},                    // H4-02: ... and the C-in-C
    {"h4_02_retreat_test", std::int64_t{1}},                 // H4-02: Retreat always recovers
    {"h4_03_rout_rate", 3.0},                                // H4-03: routers run 3x
    {"h4_05_hard_cover_small_arms", std::int64_t{0}},        // H4-05: no hard cover v muskets
    {"h4_05_soft_cover_artillery", std::int64_t{-2}},        // H4-05
    {"h4_05_hard_cover_heavy_artillery", std::int64_t{-2}},  // H4-05
    {"h4_06_arc", std::int64_t{0}},                          // H4-06: no arc
    {"h4_06_sight_into_terrain", std::int64_t{20}},          // H4-06: see deep into woods
    {"h4_17_general_move", std::int64_t{5}},                 // H4-17: slow Generals
    {"h4_18_deep_column", std::int64_t{2}},                  // H4-18: 2-deep columns count
    {"h4_19_incline_cost", std::int64_t{4}},                 // H4-19
    {"h4_19_wheel_cost", std::int64_t{4}},                   // H4-19
    {"h4_23_break_fraction", 0.2},                           // H4-23: a brittler army
    {"h4_23_c_in_c_break_fraction", 0.0},                    // H4-23: losing the C-in-C breaks
    {"h4_23_turn_limit", std::int64_t{3}},                   // H4-23: a shorter game
    {"h4_26_reserve_zone", std::int64_t{60}},                // H4-26: Reserve keeps well back
};

// Options no battle reads, and why (README.md, Options and Known limits).
const std::set<std::string> kNotRead = {
    // A unit is one block of identical stands that shrinks in place: which stand is removed
    // does not arise (README.md, Known limits).
    "h4_12_stand_removal",
};

// Alternatives that these battles never or rarely reach, with the test that pins them.
// Each must still be looked up by name (options_sweep.h, looked_up_in_sources).
const std::set<std::string> kRare = {
    // Artillery seldom routs in these battles:
    // GroupOrdersOptions.RoutedArtilleryRemovedOrRouts_H4_03.
    "h4_03_routed_artillery",
    // Few shots at troops in hard cover; the typed situation carries it
    // (GroupOrdersTypedSituation.TypedSituationsAndOddsMatchTheParameterMaps).
    "h4_05_hard_cover_small_arms",
    // Overlaps need a second friendly unit in side contact but not level with the fighter:
    // the doctrine fights in level lines. GroupOrdersOptions.OverlapNeedsALevelFront_H4_11_L149.
    "h4_11_overlap",
    // A unit falling back into enemy: these battles' fall-backs are open.
    // GroupOrdersOptions.FallBackBlockedByTheEnemy_H4_14.
    "h4_14_fall_back_blocked",
    // No 4-stand column fights cavalry here: GroupOrdersOptions.DeepColumnStands_H4_18_L148.
    "h4_18_deep_column",
    // No C-in-C is removed in these battles:
    // GroupOrdersOptions.CInCRemovedBreaksTheArmyPastItsFraction_H4_23.
    "h4_23_c_in_c_break_fraction",
    // Uphill needs a unit half on a hill: GroupOrdersOptions.UphillFromTheTable_H4_27.
    "h4_27_uphill",
};

TEST(GroupOrdersOptionsSweep, EveryAlternativeIsPlayableAndChangesPlay) {
  const std::vector<Scenario> base = {load_embedded("group-orders/small.toml"),
                                      load_embedded("group-orders/battle.toml")};
  // Ten seeds: with the charge that falls short of contact riding into its target (fixed,
  // GroupOrdersChargeShort), units overlapped on seeds 2, 4, 7 and 8 under several
  // alternatives, among them h4_02_retreat_test=1 and h4_06_arc=0.
  options_sweep::expect_every_option_read("group-orders", "group_orders", base, kNumeric, 10,
                                          kNotRead, kRare);
}

}  // namespace
}  // namespace smoothbore
