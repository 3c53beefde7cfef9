#include "rules/elan_drill/options.h"

#include <string>
#include <utility>

namespace smoothbore::elan_drill {

namespace {

ParamSpec inches(std::string name, int def, std::string ref, std::string help) {
  return option_int(std::move(name), def, 0, 100, std::move(ref), std::move(help));
}

ParamSpec fraction(std::string name, double def, std::string ref, std::string help) {
  return number_param(std::move(name), def, 0, 1, std::move(help), std::move(ref));
}

}  // namespace

const std::vector<ParamSpec>& option_specs() {
  static const std::vector<ParamSpec> kSpecs = {
      option_choice(
          "d12_01_test_direction", {"roll-under", "roll-over"}, "D12-01",
          "a die succeeds on D12 <= factor (roll-under), or on D12 >= 13 - factor (roll-over, "
          "same odds, other faces)"),
      option_choice(
          "d12_02_ratings", {"proposed", "scenario"}, "D12-02",
          "unrated Elan/Drill/Gunnery/Musketry factors come from the proposed §2.2 table, or "
          "every unit must give them"),
      option_choice("d12_03_trigger_sum", {"one-test", "per-trigger"}, "D12-03",
                    "simultaneous triggers are summed into one test per trigger point, or tested "
                    "separately"),
      option_choice(
          "d12_03_casualty_dice", {"once-per-phase", "per-casualty"}, "D12-03",
          "shell/volley/canister/rifle casualty triggers add 1 die once per phase, or 1 per "
          "casualty"),
      option_choice(
          "d12_04_close", {"weapon-close", "any-range"}, "D12-04",
          "\"close\" casualty triggers: within the weapon's Close range (canister Short), or "
          "at any range"),
      option_choice(
          "d12_05_broken", {"flee", "stand"}, "D12-05",
          "broken units flee a full march move away each movement phase, or stay where they "
          "are unable to act"),
      option_flag("d12_05_broken_contact_dice", true, "D12-05",
                  "enemies in contact with a broken unit get +1D per figure (as flank)"),
      option_choice("d12_06_dm_removal", {"rally-only", "rally-and-idle"}, "D12-06",
                    "DMs are removed only by rally successes, or also one per turn out of action"),
      inches("d12_07_line_in", 6, "D12-07", "infantry line / two-rank line move"),
      inches("d12_07_column_in", 8, "D12-07", "attack, wide and closed column move"),
      inches("d12_07_march_column_in", 12, "D12-07", "infantry march column move"),
      inches("d12_07_skirmish_in", 9, "D12-07", "skirmish order move"),
      inches("d12_07_square_in", 2, "D12-07", "square move"),
      inches("d12_07_light_cavalry_in", 14, "D12-07", "light cavalry move"),
      inches("d12_07_cavalry_in", 12, "D12-07", "other cavalry move"),
      inches("d12_07_cavalry_march_in", 18, "D12-07", "cavalry in march column"),
      inches("d12_07_charge_bonus_in", 4, "D12-07", "added to a charging unit's move"),
      inches("d12_07_foot_artillery_in", 8, "D12-07", "foot artillery limbered"),
      inches("d12_07_horse_artillery_in", 14, "D12-07", "horse artillery limbered"),
      inches("d12_07_manhandle_in", 2, "D12-07", "unlimbered artillery manhandled"),
      inches("d12_07_leader_in", 24, "D12-07", "leaders"),
      fraction("d12_07_road_bonus", 0.5, "D12-07", "extra move for columns on a road (+50%)"),
      option_choice("d12_08_formation_only", {"no-test", "1d"}, "D12-08",
                    "changing formation without moving needs no Drill test, or a 1D test"),
      option_choice("d12_09_restricted", {"proposed", "formations-only"}, "D12-09",
                    "restricted formation: square, march column, difficult terrain or BUA; or only "
                    "square and march column"),
      option_int("d12_10_musketry_veteran", 6, 0, 12, "D12-10", "musketry/close skill of veterans"),
      option_int("d12_10_musketry_steady", 5, 0, 12, "D12-10",
                 "musketry/close skill of steady troops"),
      option_int("d12_10_musketry_conscript", 4, 0, 12, "D12-10",
                 "musketry/close skill of conscripts"),
      option_choice(
          "d12_11_eligible", {"front-two-ranks", "all-figures"}, "D12-11",
          "eligible figures: front two ranks (column: front rank, square: one face), or all"),
      option_int("d12_12_fire_arc_deg", 45, 0, 180, "D12-12",
                 "fire arc either side of straight ahead"),
      number_param("d12_12_artillery_arc_deg", 22.5, 0, 180,
                   "artillery fire arc either side of the barrel line", "D12-12"),
      inches("d12_13_heavy_max_in", 60, "D12-13", "heavy solid-shot maximum range"),
      inches("d12_13_medium_max_in", 48, "D12-13", "medium solid-shot maximum range"),
      inches("d12_13_light_max_in", 40, "D12-13", "light solid-shot maximum range"),
      inches("d12_13_ultra_light_max_in", 32, "D12-13", "ultra-light solid-shot maximum range"),
      fraction("d12_13_long_fraction", 0.5, "D12-13",
               "solid shot is at long range (-2) beyond this fraction of its maximum"),
      inches("d12_14_shell_min_in", 6, "D12-14", "shell cannot fire at a closer target"),
      fraction("d12_14_shrapnel_fraction", 0.5, "D12-14",
               "shrapnel maximum range as a fraction of the solid-shot maximum"),
      option_choice("d12_14_shrapnel_allowed", {"scenario", "any"}, "D12-14",
                    "who may fire shrapnel: guns the scenario allows (typically British), or any"),
      option_choice("d12_15_close_dm_count", {"after", "before"}, "D12-15",
                    "a disrupted charger closes with no more than 1 DM counting the new one, or "
                    "counting only those it had"),
      option_flag("d12_15_failed_chargers_fire", true, "D12-15, L26",
                  "chargers that fail to close halt at 1\" and may fire in the close action phase"),
      option_choice("d12_16_limited_responses", {"proposed", "any"}, "D12-16",
                    "limited charge responses only for the troops D12-16 names, or for any unit"),
      option_choice("d12_16_recover_guns", {"return", "never"}, "D12-16, L123 (engine)",
                    "gunners who left their guns (L123) man them again when they end a move in "
                    "contact with them and no enemy is, or never"),
      option_int("d12_17_rounds", 3, 1, 10, "D12-17",
                 "close action rounds in one close action step"),
      option_choice("d12_17_no_break", {"loser-falls-back", "both-stay"}, "D12-17",
                    "after the last round with nobody broken: the attacker falls back ½ unless it "
                    "caused more casualties (then the defender), or both stay in contact"),
      option_choice("d12_18_cavalry_pursuit", {"test-not-to", "always", "never"}, "D12-18",
                    "victorious cavalry must pass a 1D Drill test not to pursue, always pursue, or "
                    "never"),
      option_choice("d12_18_infantry_pursuit", {"commander", "never", "always"}, "D12-18",
                    "victorious infantry may pursue a broken enemy: its commander decides, never, "
                    "or always"),
      option_int("d12_18_broken_to_hit", -2, -12, 0, "D12-18",
                 "to-hit modifier of a broken unit caught in a new close action"),
      option_choice("d12_19_break_off_move", {"half", "none"}, "D12-19",
                    "a unit that breaks off moves ½ away, or just leaves contact"),
      option_choice("d12_20_pass_through", {"formed-unit", "fleeing-unit", "both"}, "D12-20",
                    "who takes the 1D Drill test when fleeing troops pass through formed friends"),
      option_flag("d12_21_reform_skirmish", true, "D12-21",
                  "re-forming a unit from skirmish order is a Reform Detachments test"),
      option_int("d12_22_leader_bonus", 1, 0, 3, "D12-22",
                 "an attached leader's bonus to Elan and Drill factors"),
      option_flag("d12_22_leader_rally_die", true, "D12-22",
                  "a leader within 4\" of a broken unit gives +1 rally die"),
      option_int("d12_23_reinforcement_step", 2, 0, 12, "D12-23",
                 "added to a reinforcement group's arrival number after each failed roll"),
      option_flag("d12_24_fortify_objectives", false, "D12-24 (engine)",
                  "commanders may set formed foot inside an objective with nothing to shoot at "
                  "to fortify it (the scenario allows it; else only scenario tasks)"),
      option_choice("d12_24_engineering", {"drill-2d", "scripted"}, "D12-24",
                    "engineering tasks: a 2D Drill test per turn (0 failures completes), or by the "
                    "scenario's script"),
      option_choice("d12_25_friendly_hits", {"none", "natural-12"}, "D12-25",
                    "fire at enemies in contact only with friends: -1 and no friendly hits, or a "
                    "natural 12 to hit strikes the friends"),
      option_choice("d12_26_first_fire", {"game", "target"}, "D12-26",
                    "first fire: the unit's first small-arms fire of the game, or at each target"),
      option_choice(
          "d12_27_reactive_fire", {"once-per-enemy-turn", "responders-only"}, "D12-27",
          "reactive fire: every defending unit with a target, once per enemy turn, or only "
          "stand-and-fire responders"),
      option_choice(
          "d12_28_moving", {"moved-this-turn", "moved-over-half"}, "D12-28",
          "firing while moving: the firer moved in this turn's movement phase, or more than "
          "half its move"),
      option_choice("d12_29_below_half", {"fewer-than-half", "half-or-fewer"}, "D12-29",
                    "below ½ strength: fewer than half the starting figures, or half or fewer"),
      option_choice(
          "d12_30_lost_more", {"round", "whole-action"}, "D12-30",
          "figures lost more than the opponent: in the round just fought, or in the whole "
          "close action"),
      option_choice("d12_31_outnumbered", {"total-figures", "contact-figures"}, "D12-31",
                    "outnumbered 2:1: total figures of the engaged units, or figures in contact"),
      option_int("d12_32_turn_limit", 12, 1, 100, "D12-32", "game turns before the battle ends"),
      fraction("d12_32_army_break", 0.5, "D12-32",
               "a side loses when broken + destroyed units reach this fraction of its units"),
      fraction("d12_32_artillery_weight", 0.5, "D12-32",
               "weight of an artillery unit in the army-break count"),
      option_flag("d12_33_shell_class_modifiers", true, "D12-33",
                  "shell/shrapnel to-hit also takes the Ball list's gun-class modifiers"),
      option_choice(
          "d12_34_heavy", {"10pdr-up", "medium-and-heavy"}, "D12-34",
          "\"heavy\" solid shot (hard cover only +1) is the 10 pdr+ class, or medium too"),
      option_choice("d12_35_solid_shot_targets", {"proposed", "closed-column-as-column"}, "D12-35",
                    "solid-shot target classes as D12-35 maps them (square and closed column 6D as "
                    "\"all others\"), or a closed column counted with the columns (4D)"),
      option_choice(
          "d12_36_friend_broken", {"once-per-step", "every-time"}, "D12-36",
          "a unit tests for friends broken within 4\" at most once per step, or each time"),
      option_choice("d12_37_platoon_rounding", {"up", "down"}, "D12-37",
                    "platoon fire rolls ½ the eligible figures rounded up, or down"),
      option_int("r001_1_min_dice", 1, 0, 3, "R-001-1", "fewest dice in an Elan or Drill test"),
      option_choice("r001_1_factor_cap", {"none", "1-11"}, "R-001-1",
                    "Elan/Drill factors are uncapped (>= 12 never fails, <= 0 always fails), or "
                    "clamped to 1..11"),
      option_choice("r001_2_rally_mode", {"successes", "failures"}, "R-001-2",
                    "rally removes 1 DM per success (a broken unit with a success stops), or rolls "
                    "on the Elan result table (0 failures rallies)"),
      option_int("r001_3_break_dms", 4, 1, 12, "R-001-3", "a unit with this many DMs is broken"),
      option_choice("r001_4_save_caps", {"10-open-11-cover", "none"}, "R-001-4",
                    "save factor capped at 10 in the open and 11 in cover, or uncapped"),
      option_choice("r001_4_special", {"leader-or-dm", "none"}, "R-001-4",
                    "a natural 12 save is a special casualty: the attached leader is hit (else +1 "
                    "DM), or just a casualty"),
      option_choice("r001_5_pistol_range", {"always-long", "no-penalty"}, "R-001-5",
                    "the pistol has no close band: always at long range (-2), or no range penalty"),
      option_choice(
          "r001_5_scatter", {"each-unit", "nearest-unit"}, "R-001-5",
          "a missed shell/shrapnel rolls against each unit within 4\", or the nearest only"),
      option_choice("r001_5_scatter_sides", {"friend-or-foe", "enemies-only"}, "R-001-5",
                    "a missed shell/shrapnel may strike any unit within 4\" of its target, friend "
                    "or foe (R-001-5), or only enemies"),
      option_choice("r001_6_further_targets", {"cumulative", "flat", "none"}, "R-001-6",
                    "solid shot goes on through units behind: -1, -2, -3 cumulative, -1 each, or "
                    "stops at the first target"),
      option_int("r001_6_max_further", 3, 0, 3, "R-001-6", "most further targets of one shot"),
      option_choice("r001_6_further_range", {"own", "first-target"}, "R-001-6, L199, D12-13",
                    "each unit the ball goes on through to is fired at at its own range from the "
                    "gun (long range -2 beyond ½ the maximum), or at the first target's"),
      option_choice("r001_6_further_sides", {"any-unit", "enemies-only"}, "R-001-6",
                    "the ball goes on through every unit on its line, friend or foe (the sheet "
                    "names no exception), or only enemies (friends are passed unharmed)"),
      option_choice(
          "r001_7_duplicates", {"once", "twice"}, "R-001-7",
          "modifiers printed in both the General and Small-Arms lists apply once, or twice"),
  };
  return kSpecs;
}

}  // namespace smoothbore::elan_drill
