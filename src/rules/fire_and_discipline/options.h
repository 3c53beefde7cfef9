// Every resolution of 000.md §13 that is a choice (FD-01 … FD-64) as a named option with
// the digest's default, the end conditions of FD-60, the reconstructed-table options of
// §12 and the optional rules of the text. See README.md for what each one switches and
// which FD items have no option (FD-30, FD-59, FD-61).
#pragma once

#include <string>
#include <vector>

#include "rules/param.h"

namespace smoothbore::fire_and_discipline {

const std::vector<ParamSpec>& option_specs();

// Millimetres of table per yard for an fd_01_table_scale value (FD-01).
inline constexpr double kMmPerYardInch = 2.54;  // 1" = 10 yd
inline constexpr double kMmPerYardCm = 2.0;     // 1 cm = 5 yd
double mm_per_yard(const std::string& table_scale);

// The options a battle reads, typed. Built from a validated Params.
struct Options {
  std::string table_scale = "1in=10yd";                // FD-01: 1in=10yd | 1cm=5yd
  std::string phase_order = "simultaneous";            // FD-02: simultaneous | alternate
  bool skirmish_fire_before_volley = false;            // FD-03
  bool skirmishers_volley = false;                     // FD-04
  std::string prolonge_phase = "artillery";            // FD-05: artillery | movement
  int cavalry_road_yd = 180;                           // FD-06 (text: 120)
  std::string tactical_shift = "chart";                // FD-07: chart | flat20
  int tactical_shift_min_rating = 2;                   // FD-07 "trained"
  std::string road_test = "start-and-end";             // FD-08: start-and-end | start
  std::string limbered_exclusion = "end";              // FD-09: end | path
  bool fix_8pdr = true;                                // FD-10, R-000-1
  int modifier_break_yd = 300;                         // FD-11, R-000-2 (pullout: 400)
  std::string artillery_die = "d100";                  // FD-12: d100 | d10
  std::string artillery_multi_hit = "cap2";            // FD-13: cap2 | per100
  std::string firepower_halvings = "once";             // FD-14: once | stack
  int canister_max_yd = 150;                           // FD-15
  std::string one_gun_fire = "half";                   // FD-16: half | full
  std::string ammunition_per = "section";              // FD-17: section | gun
  std::string artillery_boxes = "crew";                // FD-18: crew | all
  bool recrew = true;                                  // FD-19
  bool recapture = true;                               // FD-19 read both ways (§6.62)
  std::string overflow_hits = "nearest-stand";         // FD-20: nearest-stand | lost
  std::string morale_base = "castings";                // FD-21: castings | five
  std::string melee_morale = "losers";                 // FD-22: losers | all
  int adjacent_bonus = 1;                              // FD-23
  int half_stand_plus = 1;                             // FD-23
  std::string morale_tests = "once-per-unit";          // FD-24: once-per-unit | per-stand
  std::string halt_until = "next-movement";            // FD-25: next-movement | end-of-turn
  bool flee_disorders = true;                          // FD-26
  std::string blocked_flee = "surrender";              // FD-26: surrender | stop
  std::string flow_through_box = "mover";              // FD-27: mover | standing
  int surround_quadrants = 3;                          // FD-28
  std::string cascade = "once-per-step";               // FD-29: once-per-step | none | unlimited
  bool or_groups_exclusive = false;                    // FD-31
  std::string melee_mmg_effect = "double-casualties";  // FD-32: double-casualties | plus-one
  bool cover_only_zero = true;                         // FD-33
  int bow_max_yd = 60;                                 // FD-34 (table: 100)
  std::string column_dice = "front-rank";              // FD-35: front-rank | all
  bool band_upper_inclusive = true;                    // FD-36
  std::string musketry_target = "firer-choice";        // FD-37: firer-choice | first
  std::string same_target = "unit";                    // FD-38: unit | stand
  bool poor_weather = false;                           // FD-39
  bool poor_weather_artillery = false;                 // FD-39
  std::string terrain_movement = "proposed";           // FD-40: proposed | none
  std::string formation_change = "whole-move";         // FD-41: whole-move | half-field
  std::string wheel_pivot = "front-corner";            // FD-42: front-corner | centre
  bool cavalry_charge_wheel = true;                    // FD-43
  std::string counter_charge = "meet";                 // FD-44: meet | hold
  bool flank_bonus = true;                             // FD-45
  std::string melee_dice = "contacting-stands";        // FD-46: contacting-stands | all-stands
  std::string crew_melee_weapon = "mixed";             // FD-47: mixed | bayonet
  int melee_rounds = 1;                                // FD-48
  std::string pursuit_by = "chargers";                 // §8.2h: chargers | either-side
  std::string pursuit_direction = "straight";          // §8.2h: straight | follow
  std::string evade_charge = "odds";                   // §8.2c: odds | always | never
  bool objective_protective = true;                    // FD-49
  bool courier_interception = false;                   // FD-50
  std::string commander_loss_reach = "line-of-sight";  // FD-51: line-of-sight | all
  std::string order_constraints = "enforced";          // FD-52: enforced | advisory
  bool replace_regimental = false;                     // FD-53
  std::string commander_roll = "per-attack";           // FD-54: per-attack | per-hit
  std::string default_chit = "H";                      // FD-55
  int held_fire_range_yd = 10;                         // FD-56
  bool artillery_vs_objectives = true;                 // FD-57
  int turn_limit = 30;                                 // FD-60
  double army_break = 0.5;                             // FD-60
  std::string army_break_measure = "shatter-boxes";    // FD-60: shatter-boxes | units
  bool victory_points = true;                          // FD-60
  std::string objective_points = "ten";                // FD-60: ten | scenario
  std::string leash_recovery = "move-toward";          // FD-62: move-toward | none
  bool engaged_may_fire = false;                       // FD-63
  bool surrendered_guns_captured = true;               // FD-64
  int howitzer_pdr = 10;                               // R-000-6
  int woods_see_into_yd = 20;                          // §6.36, §6.9, §7.24 (not in the text)
  // Optional and advanced rules of the text.
  bool tactical_chits = false;      // §2.5
  bool fanaticism = false;          // §5.64
  bool extended_kill_zone = false;  // §6.35
  bool shattered_retire = false;    // §5.11 advanced game, FD-58
  bool campaign = false;            // §2.33
};

Options read_options(const Params& p);

}  // namespace smoothbore::fire_and_discipline
