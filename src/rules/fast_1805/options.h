// Every numbered ambiguity of 002.md (A2-01 … A2-29) and the digest's table options as a
// named option with the documented default. See README.md for what each one switches.
#pragma once

#include <string>
#include <vector>

#include "rules/param.h"

namespace smoothbore::fast_1805 {

const std::vector<ParamSpec>& option_specs();

// The options a battle reads, typed. Built from a validated Params.
struct Options {
  bool move_then_shoot = false;                // A2-01 a2_move_then_shoot
  std::string shaken_applies = "morale";       // A2-02: morale (morale + stand-vs-cavalry) | all
  std::string shaken_until = "next-bound";     // A2-03: next-bound | this-bound
  bool rout_immediate_move = false;            // A2-04 a2_rout_immediate_move
  bool untrained_rout_disperses = true;        // A2-04
  int untrained_stand_percent = 40;            // A2-05 (one level below untrained)
  std::string cavalry_vs_square = "half";      // A2-06: half | full
  std::string column_shooters = "front-rank";  // A2-07: front-rank | all
  bool lower_band_inclusive = false;           // A2-08 (false: upper limits inclusive)
  std::string first_fire = "game";             // A2-09: game | target
  std::string overlap = "each-end";            // A2-10: each-end | one
  bool first_charge_once_per_game = false;     // A2-11 a2_first_charge_once_per_game
  bool melee_continues = true;                 // A2-12
  std::string close_morale = "charger";        // A2-13: charger | both
  std::string morale_trigger = "per-step";     // A2-14: per-step | per-bound
  std::string percent_floor = "per-figure";    // A2-15: per-figure | total
  bool burnt_building_closed = true;           // A2-16
  bool large_target_vs_building = true;        // A2-17
  std::string counter_battery = "alternate";   // A2-18: alternate | simultaneous
  int limber_explosion_percent = 30;           // A2-19
  int horses = 4;                              // A2-19 / A2-21 team per gun
  int gun_destroyed_percent = 70;              // A2-20
  int gun_repair_percent = 70;                 // A2-20
  bool concealment = true;                     // A2-22
  std::string mixed_terrain = "proportional";  // A2-23: proportional | slowest
  bool routers_interpenetrate = false;         // A2-24 (false: routers may not pass through)
  bool drop_affects_melee = false;             // A2-25
  double army_break = 0.5;                     // A2-26
  bool shaken_may_charge = false;              // A2-28
  bool haitian_skirmish = false;               // A2-29
  bool rout_literal = false;                   // R-002-1 a2_rout_literal
  bool wood_swap = false;                      // R-002-1 a2_wood_swap
  bool melee_rowmajor = false;                 // R-002-3 a2_melee_rowmajor
};

Options read_options(const Params& p);

}  // namespace smoothbore::fast_1805
