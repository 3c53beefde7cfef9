// BattleOptions read from the scenario's options by name, once per battle (issue 9).
#include "rules/elan_drill/battle_options.h"

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

const double* BattleOptions::gun_max_in(std::string_view gun) const {
  if (gun == "heavy") return &heavy_max_in;
  if (gun == "medium") return &medium_max_in;
  if (gun == "light") return &light_max_in;
  if (gun == "ultra-light" || gun == "ultra_light") return &ultra_light_max_in;
  return nullptr;
}

BattleOptions BattleED::options_now() const {
  BattleOptions o;
  const auto whole = [this](std::string_view n) { return static_cast<int>(option_number(n)); };
  o.roll_over = option("d12_01_test_direction") == "roll-over";
  o.ratings_from_scenario = option("d12_02_ratings") == "scenario";
  o.broken_flee = option("d12_05_broken") == "flee";
  o.broken_contact_dice = option_flag("d12_05_broken_contact_dice");
  o.dm_idle = option("d12_06_dm_removal") == "rally-and-idle";
  o.formation_only_1d = option("d12_08_formation_only") == "1d";
  o.restricted_formations_only = option("d12_09_restricted") == "formations-only";
  o.all_figures_eligible = option("d12_11_eligible") == "all-figures";
  o.line_in = option_number("d12_07_line_in");
  o.column_in = option_number("d12_07_column_in");
  o.march_column_in = option_number("d12_07_march_column_in");
  o.skirmish_in = option_number("d12_07_skirmish_in");
  o.square_in = option_number("d12_07_square_in");
  o.light_cavalry_in = option_number("d12_07_light_cavalry_in");
  o.cavalry_in = option_number("d12_07_cavalry_in");
  o.cavalry_march_in = option_number("d12_07_cavalry_march_in");
  o.charge_bonus_in = option_number("d12_07_charge_bonus_in");
  o.foot_artillery_in = option_number("d12_07_foot_artillery_in");
  o.horse_artillery_in = option_number("d12_07_horse_artillery_in");
  o.manhandle_in = option_number("d12_07_manhandle_in");
  o.leader_in = option_number("d12_07_leader_in");
  o.road_bonus = option_number("d12_07_road_bonus");
  o.musketry_veteran = whole("d12_10_musketry_veteran");
  o.musketry_steady = whole("d12_10_musketry_steady");
  o.musketry_conscript = whole("d12_10_musketry_conscript");
  o.fire_arc_deg = option_number("d12_12_fire_arc_deg");
  o.artillery_arc_deg = option_number("d12_12_artillery_arc_deg");
  o.heavy_max_in = option_number("d12_13_heavy_max_in");
  o.medium_max_in = option_number("d12_13_medium_max_in");
  o.light_max_in = option_number("d12_13_light_max_in");
  o.ultra_light_max_in = option_number("d12_13_ultra_light_max_in");
  o.long_fraction = option_number("d12_13_long_fraction");
  o.shell_min_in = option_number("d12_14_shell_min_in");
  o.shrapnel_fraction = option_number("d12_14_shrapnel_fraction");
  o.shrapnel_any = option("d12_14_shrapnel_allowed") == "any";
  o.dm_count_before = option("d12_15_close_dm_count") == "before";
  o.failed_chargers_fire = option_flag("d12_15_failed_chargers_fire");
  o.limited_responses_any = option("d12_16_limited_responses") == "any";
  o.recover_guns = option("d12_16_recover_guns") == "return";
  o.rounds = whole("d12_17_rounds");
  o.no_break_both_stay = option("d12_17_no_break") == "both-stay";
  o.cavalry_pursuit = option("d12_18_cavalry_pursuit");
  o.infantry_pursuit = option("d12_18_infantry_pursuit");
  o.broken_to_hit = whole("d12_18_broken_to_hit");
  o.break_off_half = option("d12_19_break_off_move") == "half";
  o.pass_through = option("d12_20_pass_through");
  o.reform_skirmish = option_flag("d12_21_reform_skirmish");
  o.leader_bonus = whole("d12_22_leader_bonus");
  o.leader_rally_die = option_flag("d12_22_leader_rally_die");
  o.reinforcement_step = whole("d12_23_reinforcement_step");
  o.fortify_objectives = option_flag("d12_24_fortify_objectives");
  o.engineering_scripted = option("d12_24_engineering") == "scripted";
  o.first_fire_per_target = option("d12_26_first_fire") == "target";
  o.reactive_responders_only = option("d12_27_reactive_fire") == "responders-only";
  o.friendly_hits_12 = option("d12_25_friendly_hits") == "natural-12";
  o.half_or_fewer = option("d12_29_below_half") == "half-or-fewer";
  o.moving_over_half = option("d12_28_moving") == "moved-over-half";
  o.lost_more_whole = option("d12_30_lost_more") == "whole-action";
  o.outnumbered_contact = option("d12_31_outnumbered") == "contact-figures";
  o.artillery_weight = option_number("d12_32_artillery_weight");
  o.shell_class_modifiers = option_flag("d12_33_shell_class_modifiers");
  o.medium_is_heavy = option("d12_34_heavy") == "medium-and-heavy";
  o.closed_column_proposed = option("d12_35_solid_shot_targets") == "proposed";
  o.friend_broken_once = option("d12_36_friend_broken") == "once-per-step";
  o.platoon_round_up = option("d12_37_platoon_rounding") == "up";
  o.close_any_range = option("d12_04_close") == "any-range";
  o.per_trigger = option("d12_03_trigger_sum") == "per-trigger";
  o.per_casualty = option("d12_03_casualty_dice") == "per-casualty";
  o.min_dice = whole("r001_1_min_dice");
  o.factor_cap = option("r001_1_factor_cap") == "1-11";
  o.rally_successes = option("r001_2_rally_mode") == "successes";
  o.break_dms = whole("r001_3_break_dms");
  o.save_caps = option("r001_4_save_caps") != "none";
  o.special_leader_or_dm = option("r001_4_special") == "leader-or-dm";
  o.pistol_no_penalty = option("r001_5_pistol_range") == "no-penalty";
  o.scatter_nearest = option("r001_5_scatter") == "nearest-unit";
  o.scatter_enemies_only = option("r001_5_scatter_sides") == "enemies-only";
  const std::string& mode = option("r001_6_further_targets");
  o.further_mode = mode == "none"   ? FurtherMode::kNone
                   : mode == "flat" ? FurtherMode::kFlat
                                    : FurtherMode::kCumulative;
  o.max_further = whole("r001_6_max_further");
  o.further_range_own = option("r001_6_further_range") == "own";
  o.further_enemies_only = option("r001_6_further_sides") == "enemies-only";
  o.duplicates_twice = option("r001_7_duplicates") == "twice";
  return o;
}

}  // namespace smoothbore::elan_drill
