// Every squad-skirmish option's alternatives are wired into play (design.md: "every ambiguity
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
    {"sk_01_officer_card_in", std::int64_t{0}},   // SK-01: the officer's card is his own
    {"sk_05_officer_in", std::int64_t{0}},        // SK-05: no officer victims nearby
    {"sk_07_actions", std::int64_t{2}},           // SK-07: two actions a figure
    {"sk_08_crew", std::int64_t{3}},              // SK-08: the digest's other crew size
    {"sk_08_gun_move_crew", std::int64_t{1}},     // SK-08: one figure moves a gun
    {"sk_10_command_in", std::int64_t{0}},        // SK-10: no command reach
    {"sk_11_follow_in", std::int64_t{1}},         // SK-11: closed up base to base
    {"sk_11_obstacle_in", std::int64_t{0}},       // SK-11: obstacles cost nothing
    {"sk_13_pairing", std::int64_t{1}},           // SK-13: one on one
    {"sk_20_dismount_actions", std::int64_t{0}},  // SK-20: dismount for free
    {"sk_22_casualty_fraction", 0.2},             // SK-22: a brittler side
    {"sk_22_turn_limit", std::int64_t{3}},        // SK-22: a shorter game
    {"sk_23_volley_min", std::int64_t{2}},        // SK-23: small volleys count
};

// Options no battle reads, and why (README.md, Options and Known limits).
const std::set<std::string> kNotRead = {};

// Alternatives that these battles never or rarely reach, with the test that pins them.
// Each must still be looked up by name (options_sweep.h, looked_up_in_sources).
const std::set<std::string> kRare = {
    // Only a natural 10 (the die face, sk_03_natural_10 = face) under modifiers of -3 or less,
    // which alone miss the 8 (under "modified" a natural 10 is a score of 10, a kill anyway):
    // SquadSkirmishOptions.NaturalTenKillsWhateverTheModifiers_SK04_L79.
    "sk_04_natural_10_kills",
    // Only a squad in three or more ranks:
    // SquadSkirmishFormation.ThreeRanksFormedOnlyWithAnyRanks_SK09.
    "sk_09_formed",
    // Only figures beyond sk_10_command_in that charge:
    // SquadSkirmishOptions.OutOfCommandFiguresDoNotCharge_SK10.
    "sk_10_restrict",
    // Only a charged squad that falters: SquadSkirmishOptions.FalteringDefenderTakesCover_SK12.
    "sk_12_defender_falter",
    // Only a squad left leaderless for a turn:
    // SquadSkirmishOptions.LeaderlessSquadPromotesAfterAFullTurn_SK17_L36.
    "sk_17_auto_promotion",
    // No mounted figure fires in these battles: SquadSkirmishOptions.MountedFirePistolOnly_SK20.
    "sk_20_mounted_fire",
    // No cavalry dismounts here: SquadSkirmishFormation.DismountTakesItsActions_SK20.
    "sk_20_dismount_actions",
    // Only with sk_heroes on: SquadSkirmishOptions.HeroesCoverOfficers_SK21.
    "sk_21_heroes_officers",
    // Ball at close range only for cannon firing ball within close range:
    // SquadSkirmishOptions.BallAtCloseRange_SK24_L67.
    "sk_24_ball_close",
};

TEST(SquadSkirmishOptionsSweep, EveryAlternativeIsPlayableAndChangesPlay) {
  const std::vector<Scenario> base = {load_embedded("squad-skirmish/small.toml"),
                                      load_embedded("squad-skirmish/raid.toml")};
  options_sweep::expect_every_option_read("squad-skirmish", "squad_skirmish", base, kNumeric, 5,
                                          kNotRead, kRare);
}

}  // namespace
}  // namespace smoothbore
