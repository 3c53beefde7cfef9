// Every fire-and-discipline option's alternatives are wired into play (design.md: "Tests
// pin the default and at least the main alternative"; issue 3: "each FD-xx option tested
// at its default and its main alternative"). The alternatives come from the option schema
// itself, so an option added later is swept without editing this file: a flag is flipped,
// every other value of a choice is tried, and a number takes the value listed in
// kNumericAlternatives (a new numeric option without one fails the test). Battles with an
// alternative keep every invariant after every step and must change what happens in at
// least one of a fixed set of seeded battles, unless the option is listed in kRareFd with
// the reason and the test that pins it. Each option's detailed behaviour is tested where
// it is cheap to isolate (tests/rules/fire_and_discipline_*_test.cc).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/events/jsonl.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"
#include "sim/options_sweep.h"

namespace smoothbore {
namespace {

// Under AddressSanitizer (10x slower) every alternative is still played, for memory errors
// and invariants, but on one seed of the proving ground only, and whether it changes play
// is left to the release build.
#ifdef __SANITIZE_ADDRESS__
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// Hashes of a fixed set of battles (the proving ground, where every arm meets every other
// within a few turns, and the small shipped battle; doctrine and random commanders),
// checking invariants after every step.
std::vector<std::uint64_t> play_fd_set(const std::vector<Scenario>& scenarios,
                                       const std::string& label) {
  return options_sweep::play(scenarios, label, kSanitized ? 1 : 3);
}

// The main alternative of each numeric option (the digest's or the text's other reading).
const std::map<std::string, Value> kNumericAlternatives = {
    {"fd_06_cavalry_road_yd", std::int64_t{120}},    // FD-06: the text's 120 yd
    {"fd_07_shift_min_rating", std::int64_t{0}},     // FD-07: any rating may shift
    {"fd_11_modifier_break", std::int64_t{400}},     // FD-11: the pullout's 400 yd
    {"fd_15_canister_max_yd", std::int64_t{300}},    // FD-15: canister out to 300 yd
    {"fd_23_adjacent_bonus", std::int64_t{0}},       // FD-23: no adjacency bonus
    {"fd_23_half_stand_plus", std::int64_t{0}},      // FD-23: no half-stand bonus
    {"fd_28_surround_quadrants", std::int64_t{2}},   // FD-28: two sides suffice
    {"fd_34_bow_max_yd", std::int64_t{100}},         // FD-34: the table's 100 yd
    {"fd_48_melee_rounds", std::int64_t{3}},         // FD-48: up to three rounds
    {"fd_56_held_fire_range_yd", std::int64_t{40}},  // FD-56: held fire at 40 yd
    {"fd_60_turn_limit", std::int64_t{6}},           // FD-60: a shorter game
    {"fd_60_army_break", 0.3},                       // FD-60: a brittler army
    {"fd_howitzer_pdr", std::int64_t{16}},           // R-000-6: the 16+ row
    {"fd_woods_see_into_yd", std::int64_t{0}},       // §6.36: only a stand at a wood's edge
};

// Options whose alternative matters only with another option set: the baseline and the
// alternative are both played with the prerequisite.
const std::map<std::string, std::pair<std::string, Value>> kPrerequisite = {
    // FD-39: guns feel poor weather only in poor weather ("also").
    {"fd_39_poor_weather_artillery", {"fd_39_poor_weather", true}},
    // FD-55: the default chit is used only with the optional chits (§2.5).
    {"fd_55_default_chit", {"fd_opt_tactical_chits", true}},
};

// Alternatives that these battles never or rarely reach, with the test that pins them.
const std::set<std::string> kRareFd = {
    // Road marches (now offered, fd_actions.cc) need a column on a road more than 300 yd
    // from every enemy stand, and these close battles start everyone nearer than that; the
    // full battle's reserve marches by road (battle.toml), and the battle tests pin both:
    // HorseRoadRateIsTheTextsChargeRateUnderFd06 and FootRoadMarchStopsOutside300YardsOfTheEnemy
    // (tests/sim/fire_and_discipline_march_test.cc), CavalryRoadRate180Or120 and
    // RoadNeedsColumnThreeHundredYardsAndRoad (option_alternatives_move_test).
    "fd_06_cavalry_road_yd",
    "fd_08_road_test",
    // Counter-charges are rare here (the doctrine meets only horse with horse); since the
    // tactical shifts joined the legal actions the random battles that reached one no longer
    // do: WhoMayCounterCharge (doctrine_test).
    "fd_44_counter_charge",
    // No limbered gun passes within 200 yd of an enemy and on beyond it.
    "fd_09_limbered_exclusion",  // LimberedExclusionAtEndOrOnThePath
    // No cavalry charge here needs a wheel (the doctrine's horse charges straight ahead or
    // not at all); no crew melees; no holder stands in cover.
    "fd_43_cavalry_charge_wheel",  // CavalryChargeWheelOrStraightOnly, FailedContactTestsMorale
    "fd_47_crew_melee_weapon",     // CrewMeleeWeaponMixedOrBayonet
    "fd_33_cover_only_zero",       // CoverOnlyZeroAgainstHoldingDefender
    // No 8 pdr fires at 151-300 yd, no chance reaches 200%, gun and limber hits are rare,
    // and no unit carries bows: tests/rules/fire_and_discipline_option_alternatives_test.cc.
    "fd_10_fix_8pdr",             // EightPounderAt200YardsCorrectedOrPrinted
    "fd_13_artillery_multi_hit",  // ArtilleryMultiHitCap2OrPer100
    "fd_18_artillery_boxes",      // ArtilleryBoxesCrewOrAll
    "fd_34_bow_max_yd",           // BowMaxRange60Or100
    // The doctrine prolonges only a section with nothing in its kill zone (§6.4b), which the
    // proving ground's guns always have: ProlongeInArtilleryOrMovementPhase,
    // BattleProlongesAGunWithNoTarget (option_wiring_turn_test).
    "fd_05_prolonge_phase",
    // Captured, abandoned and re-manned guns need a crew to flee and come back, or a section
    // to surrender: AFledCrewBackInContactRemansAndFiresNextTurn,
    // ASurrenderedSectionIsCaptured (victory_test), and objectives_wiring_test.
    "fd_19_recrew",
    "fd_19_recapture",  // AStandOfTheOwnersInContactRetakesUnguardedGuns (recapture_test)
    "fd_64_surrendered_guns_captured",
    // Blocked flights, units surrounded on two sides and morale cascades to adjacent units
    // are rare on an open table: FleeBlockedStopsWithOption, SurroundedInThreeQuadrantsNotTwo,
    // CascadeOncePerStepEngagedExempt (casualties_test).
    "fd_26_blocked_flee",
    "fd_28_surround_quadrants",
    "fd_29_cascade",
    // Pursuits and charged skirmishers need charges that win, which these doctrine and
    // random battles rarely make: AHoldingDefenderDoesNotPursueByDefault,
    // FollowWheelsTowardTheFledAndHalvesTheMove (pursuit_test),
    // ChargedSkirmishersFleeWhenLikelierToLose (melee_phase_test).
    "fd_pursuit_by",
    "fd_pursuit_direction",
    "fd_evade_charge",
    // No messenger rides past an enemy stand: CourierInterception (option_wiring_turn_test).
    "fd_50_courier_interception",
    // Commanders seldom fall in 12 turns: BrigadeLossInSight, DeadRegimentalCommander
    // (command_test).
    "fd_51_commander_loss_reach",
    "fd_53_replace_regimental",
    "fd_opt_campaign",  // CampaignRollsDeadOrWounded (command_test)
    // The proving ground's guns are never aimed into the farm zone: GunsFireIntoAZoneTheyReach
    // (objectives_test).
    "fd_57_artillery_vs_objectives",
    // No stand here is fired on inside the copse or the orchard:
    // GunsFireAtAStandInsideTheWoodItsCorridorEnters, MusketryIntoAndOutOfAWood (woods_test).
    "fd_woods_see_into_yd",
    // No open-order stand strays past 50 yd here: LeashPullsStrayStandBack (movement_test).
    "fd_62_leash_recovery",
};

TEST(FireAndDisciplineOptionsSweep, EveryAlternativeIsPlayableAndChangesPlay) {
  auto ground = load_scenario_file(std::string(SMOOTHBORE_SOURCE_DIR) +
                                   "/tests/sim/data/fd_proving_ground.toml");
  ASSERT_TRUE(ground.has_value()) << format(ground.error().front());
  std::vector<Scenario> base = {*ground};
  if (!kSanitized) base.push_back(load_embedded("fire-and-discipline/small.toml"));
  const std::vector<std::uint64_t> defaults = play_fd_set(base, "defaults");
  const Ruleset* rs = find_ruleset("fire-and-discipline");
  ASSERT_NE(rs, nullptr);
  std::vector<std::string> unchanged;
  for (const ParamSpec& spec : rs->options()) {
    for (const options_sweep::Alternative& a :
         options_sweep::alternatives_of(spec, kNumericAlternatives)) {
      std::vector<Scenario> alt = base;
      options_sweep::apply(*rs, a, alt);  // with the [end] copies (FD-60)
      std::vector<std::uint64_t> baseline = defaults;
      if (auto pre = kPrerequisite.find(a.option); pre != kPrerequisite.end()) {
        std::vector<Scenario> with = base;
        for (Scenario& sc : with) sc.options.set(pre->second.first, pre->second.second);
        baseline = play_fd_set(with, pre->second.first);
        for (Scenario& sc : alt) sc.options.set(pre->second.first, pre->second.second);
      }
      if (play_fd_set(alt, a.label()) == baseline) unchanged.push_back(a.label());
    }
  }
  if (kSanitized) return;
  for (const std::string& name : unchanged) {
    const std::string option = name.substr(0, name.find('='));
    EXPECT_TRUE(kRareFd.count(option)) << name << " changed no battle";
  }
}

}  // namespace
}  // namespace smoothbore
