// The options the battle reads (options.cc names them), read once when the battle starts
// (issue 9: they cannot change in a battle, and the hot paths looked them up by name, a
// hash of the name and a string comparison a call). A choice the battle only compares with
// one of its values is kept as that comparison; BattleED::options_now() reads them all.
#pragma once

#include <string>
#include <string_view>

#include "rules/elan_drill/situations.h"

namespace smoothbore::elan_drill {

struct BattleOptions {
  bool roll_over = false;              // d12_01_test_direction == "roll-over"
  bool ratings_from_scenario = false;  // d12_02_ratings == "scenario"
  // D12-05, D12-08, D12-09, D12-11
  bool broken_flee = true;                  // d12_05_broken == "flee"
  bool broken_contact_dice = true;          // d12_05_broken_contact_dice
  bool formation_only_1d = false;           // d12_08_formation_only == "1d"
  bool restricted_formations_only = false;  // d12_09_restricted == "formations-only"
  bool all_figures_eligible = false;        // d12_11_eligible == "all-figures"
  bool dm_idle = false;                     // d12_06_dm_removal == "rally-and-idle"
  // D12-07 move rates, inches
  double line_in = 0, column_in = 0, march_column_in = 0, skirmish_in = 0, square_in = 0;
  double light_cavalry_in = 0, cavalry_in = 0, cavalry_march_in = 0, charge_bonus_in = 0;
  double foot_artillery_in = 0, horse_artillery_in = 0, manhandle_in = 0, leader_in = 0;
  double road_bonus = 0;
  // D12-10, D12-12, D12-13, D12-14
  int musketry_veteran = 0, musketry_steady = 0, musketry_conscript = 0;
  double fire_arc_deg = 0, artillery_arc_deg = 0;
  double heavy_max_in = 0, medium_max_in = 0, light_max_in = 0, ultra_light_max_in = 0;
  double long_fraction = 0;
  double shell_min_in = 0, shrapnel_fraction = 0;
  bool shrapnel_any = false;  // d12_14_shrapnel_allowed == "any"
  // D12-15 … D12-25
  bool dm_count_before = false;                   // d12_15_close_dm_count == "before"
  bool failed_chargers_fire = true;               // d12_15_failed_chargers_fire
  bool limited_responses_any = false;             // d12_16_limited_responses == "any"
  bool recover_guns = true;                       // d12_16_recover_guns == "return"
  int rounds = 0;                                 // d12_17_rounds
  bool no_break_both_stay = false;                // d12_17_no_break == "both-stay"
  std::string cavalry_pursuit, infantry_pursuit;  // d12_18_*_pursuit
  int broken_to_hit = 0;                          // d12_18_broken_to_hit
  bool break_off_half = true;                     // d12_19_break_off_move == "half"
  std::string pass_through;                       // d12_20_pass_through
  bool reform_skirmish = true;                    // d12_21_reform_skirmish
  int leader_bonus = 0;                           // d12_22_leader_bonus
  bool leader_rally_die = true;                   // d12_22_leader_rally_die
  int reinforcement_step = 0;                     // d12_23_reinforcement_step
  bool fortify_objectives = false;                // d12_24_fortify_objectives
  bool engineering_scripted = false;              // d12_24_engineering == "scripted"
  bool first_fire_per_target = false;             // d12_26_first_fire == "target"
  bool reactive_responders_only = false;          // d12_27_reactive_fire == "responders-only"
  bool friendly_hits_12 = false;                  // d12_25_friendly_hits == "natural-12"
  // D12-29 … D12-37
  bool moving_over_half = false;       // d12_28_moving == "moved-over-half"
  bool lost_more_whole = false;        // d12_30_lost_more == "whole-action"
  bool outnumbered_contact = false;    // d12_31_outnumbered == "contact-figures"
  bool half_or_fewer = false;          // d12_29_below_half == "half-or-fewer"
  double artillery_weight = 0;         // d12_32_artillery_weight
  bool shell_class_modifiers = true;   // d12_33_shell_class_modifiers
  bool medium_is_heavy = false;        // d12_34_heavy == "medium-and-heavy"
  bool closed_column_proposed = true;  // d12_35_solid_shot_targets == "proposed"
  bool friend_broken_once = true;      // d12_36_friend_broken == "once-per-step"
  bool platoon_round_up = true;        // d12_37_platoon_rounding == "up"
  bool close_any_range = false;        // d12_04_close == "any-range"
  bool per_trigger = false;            // d12_03_trigger_sum == "per-trigger"
  bool per_casualty = false;           // d12_03_casualty_dice == "per-casualty"
  // R-001-1 … R-001-7
  int min_dice = 0;                                     // r001_1_min_dice
  bool factor_cap = false;                              // r001_1_factor_cap == "1-11"
  bool rally_successes = true;                          // r001_2_rally_mode == "successes"
  int break_dms = 0;                                    // r001_3_break_dms
  bool save_caps = true;                                // r001_4_save_caps != "none"
  bool special_leader_or_dm = true;                     // r001_4_special == "leader-or-dm"
  bool pistol_no_penalty = false;                       // r001_5_pistol_range == "no-penalty"
  bool scatter_nearest = false;                         // r001_5_scatter == "nearest-unit"
  bool scatter_enemies_only = false;                    // r001_5_scatter_sides == "enemies-only"
  FurtherMode further_mode = FurtherMode::kCumulative;  // r001_6_further_targets
  int max_further = 0;                                  // r001_6_max_further
  bool further_range_own = true;                        // r001_6_further_range == "own"
  bool further_enemies_only = false;                    // r001_6_further_sides == "enemies-only"
  bool duplicates_twice = false;                        // r001_7_duplicates == "twice"

  // D12-13: a gun class's solid-shot maximum (heavy, medium, light, ultra-light), or
  // nullptr for a class no option names.
  const double* gun_max_in(std::string_view gun) const;
  // The options every Élan and Drill test and rally carries (R-001-1, R-001-3, D12-22,
  // D12-01).
  TestOptions tests() const { return {leader_bonus, break_dms, min_dice, factor_cap, roll_over}; }
  bool operator==(const BattleOptions&) const = default;
};

}  // namespace smoothbore::elan_drill
