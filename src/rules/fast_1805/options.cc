#include "rules/fast_1805/options.h"

namespace smoothbore::fast_1805 {

namespace {

ParamSpec percent(std::string name, int def, std::string ref, std::string help) {
  return option_int(std::move(name), def, 0, 100, std::move(ref), std::move(help));
}

}  // namespace

const std::vector<ParamSpec>& option_specs() {
  static const std::vector<ParamSpec> kSpecs = {
      option_flag("a2_move_then_shoot", false, "A2-01",
                  "shooters make their half move before the fire step instead of after it"),
      option_choice(
          "a2_shaken_applies", {"morale", "all"}, "A2-02",
          "which missed rolls can shake: morale (morale, to close, foot vs cavalry) or all "
          "initiative rolls too"),
      option_choice("a2_shaken_until", {"next-bound", "this-bound"}, "A2-03",
                    "how long shaken lasts: to the end of the next bound, or of this one"),
      option_flag(
          "a2_rout_immediate_move", false, "A2-04",
          "routers flee at once in the bound they rout (the next bound then counts as used)"),
      option_flag("a2_untrained_rout_disperses", true, "A2-04",
                  "an untrained unit that routs disperses instead of dropping a level"),
      percent("a2_untrained_stand_percent", 40, "A2-05",
              "initiative % for untrained foot standing against cavalry (one level below 50%)"),
      option_choice("a2_cavalry_vs_square", {"half", "full"}, "A2-06",
                    "cavalry melee % against a square: half, or full"),
      option_choice("a2_column_shooters", {"front-rank", "all"}, "A2-07",
                    "who shoots in a column: its front rank, or every figure"),
      option_flag("a2_lower_band_inclusive", false, "A2-08",
                  "range bands include their lower limit (6\" is 0-6 by default)"),
      option_choice("a2_first_fire", {"game", "target"}, "A2-09",
                    "first fire is a unit's first shot of the game, or its first at each target"),
      option_choice("a2_overlap", {"each-end", "one"}, "A2-10",
                    "melee overlap: one figure at each end of the contact, or one in all"),
      option_flag("a2_first_charge_once_per_game", false, "A2-11",
                  "cavalry +10% first charge only on the unit's first charge of the game"),
      option_flag("a2_melee_continues", true, "A2-12",
                  "a melee both sides stand continues next bound (else both fall back)"),
      option_choice("a2_close_morale", {"charger", "both"}, "A2-13",
                    "who rolls morale to close: the charger, or both sides"),
      option_choice("a2_morale_trigger", {"per-step", "per-bound"}, "A2-14",
                    "test morale after each step with losses, or once at the end of the bound"),
      option_choice("a2_percent_floor", {"per-figure", "total"}, "A2-15",
                    "floor modified % at 0 per figure, or only the total"),
      option_flag("a2_burnt_building_closed", true, "A2-16",
                  "a building that caught fire cannot be occupied again"),
      option_flag("a2_large_target_vs_building", true, "A2-17",
                  "artillery firing at occupants of a building gets +10% large target"),
      option_choice(
          "a2_counter_battery", {"alternate", "simultaneous"}, "A2-18",
          "batteries exchanging hits alternate effect rolls (a gun hit stops the rest), or "
          "apply all"),
      percent("a2_limber_explosion_percent", 30, "A2-19, L159",
              "d100 ≤ this explodes a hit limber"),
      {"a2_horses",
       ParamType::kInt,
       Value(std::int64_t{4}),
       "horses in a gun's team",
       {},
       1,
       12,
       "A2-19, A2-21"},
      percent("a2_gun_destroyed_percent", 70, "A2-20, L161", "d100 ≤ this destroys a hit gun"),
      percent("a2_gun_repair_percent", 70, "A2-20, L161",
              "d100 ≤ this repairs a silenced gun each bound"),
      option_flag("a2_concealment", true, "A2-22",
                  "units in woods that have not moved are concealed until discovered"),
      option_choice(
          "a2_mixed_terrain", {"proportional", "slowest"}, "A2-23",
          "a move across several terrains spends allowance proportionally, or at the slowest "
          "terrain's rate for the whole move"),
      option_flag("a2_routers_interpenetrate", false, "A2-24",
                  "routers may flow through friends (both disordered) instead of being blocked"),
      option_flag("a2_drop_affects_melee", false, "A2-25",
                  "a discipline drop also lowers melee effectiveness one step"),
      {"a2_army_break",
       ParamType::kNumber,
       Value(0.5),
       "fraction of starting figures in routed or eliminated units that breaks an army",
       {},
       0.05,
       1.0,
       "A2-26"},
      option_flag("a2_shaken_may_charge", false, "A2-28", "shaken units may charge"),
      option_flag("a2_haitian_skirmish", false, "A2-29", "Haitian units may form skirmish order"),
      option_flag(
          "a2_rout_literal", false, "R-002-1",
          "rout rates from the printed table (by formation) instead of by arm (foot 12, horse 18)"),
      option_flag("a2_wood_swap", false, "R-002-1",
                  "wood rates swapped: infantry column 4, skirmishers 6"),
      option_flag("a2_melee_rowmajor", false, "R-002-3",
                  "melee effectiveness table read row-major (Fiery 25/20/15, Steady 15/10/5, Timid "
                  "10/5/0)"),
  };
  return kSpecs;
}

Options read_options(const Params& p) {
  Options o;
  o.move_then_shoot = p.get_bool("a2_move_then_shoot");
  o.shaken_applies = p.get_string("a2_shaken_applies");
  o.shaken_until = p.get_string("a2_shaken_until");
  o.rout_immediate_move = p.get_bool("a2_rout_immediate_move");
  o.untrained_rout_disperses = p.get_bool("a2_untrained_rout_disperses");
  o.untrained_stand_percent = static_cast<int>(p.get_int("a2_untrained_stand_percent"));
  o.cavalry_vs_square = p.get_string("a2_cavalry_vs_square");
  o.column_shooters = p.get_string("a2_column_shooters");
  o.lower_band_inclusive = p.get_bool("a2_lower_band_inclusive");
  o.first_fire = p.get_string("a2_first_fire");
  o.overlap = p.get_string("a2_overlap");
  o.first_charge_once_per_game = p.get_bool("a2_first_charge_once_per_game");
  o.melee_continues = p.get_bool("a2_melee_continues");
  o.close_morale = p.get_string("a2_close_morale");
  o.morale_trigger = p.get_string("a2_morale_trigger");
  o.percent_floor = p.get_string("a2_percent_floor");
  o.burnt_building_closed = p.get_bool("a2_burnt_building_closed");
  o.large_target_vs_building = p.get_bool("a2_large_target_vs_building");
  o.counter_battery = p.get_string("a2_counter_battery");
  o.limber_explosion_percent = static_cast<int>(p.get_int("a2_limber_explosion_percent"));
  o.horses = static_cast<int>(p.get_int("a2_horses"));
  o.gun_destroyed_percent = static_cast<int>(p.get_int("a2_gun_destroyed_percent"));
  o.gun_repair_percent = static_cast<int>(p.get_int("a2_gun_repair_percent"));
  o.concealment = p.get_bool("a2_concealment");
  o.mixed_terrain = p.get_string("a2_mixed_terrain");
  o.routers_interpenetrate = p.get_bool("a2_routers_interpenetrate");
  o.drop_affects_melee = p.get_bool("a2_drop_affects_melee");
  o.army_break = p.get_number("a2_army_break");
  o.shaken_may_charge = p.get_bool("a2_shaken_may_charge");
  o.haitian_skirmish = p.get_bool("a2_haitian_skirmish");
  o.rout_literal = p.get_bool("a2_rout_literal");
  o.wood_swap = p.get_bool("a2_wood_swap");
  o.melee_rowmajor = p.get_bool("a2_melee_rowmajor");
  return o;
}

}  // namespace smoothbore::fast_1805
