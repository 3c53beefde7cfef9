#include "rules/fire_and_discipline/options.h"

namespace smoothbore::fire_and_discipline {

double mm_per_yard(const std::string& table_scale) {
  return table_scale == "1cm=5yd" ? kMmPerYardCm : kMmPerYardInch;
}

const std::vector<ParamSpec>& option_specs() {
  static const std::vector<ParamSpec> kSpecs = {
      option_choice(
          "fd_01_table_scale", {"1in=10yd", "1cm=5yd"}, "FD-01, §1.1",
          "ground scale: 1 inch = 10 yards (1 yd = 2.54 mm) or 1 cm = 5 yards (1 yd = 2 mm)"),
      option_choice("fd_02_phase_order", {"simultaneous", "alternate"}, "FD-02",
                    "both sides act simultaneously within each step, or alternately (first side "
                    "first)"),
      option_flag("fd_03_skirmish_fire_before_volley", false, "FD-03, §7.31",
                  "skirmish fire before volleys (§7.31) instead of step III.3 of the sequence"),
      option_flag("fd_04_skirmishers_volley", false, "FD-04",
                  "open-order stands also fire volleys, not only skirmish fire in step III.3"),
      option_choice("fd_05_prolonge_phase", {"artillery", "movement"}, "FD-05, §4.42, §6.4b",
                    "prolonge instead of firing in the Artillery phase, or in Movement step VI.4"),
      option_int("fd_06_cavalry_road_yd", 180, 60, 360, "FD-06, R-000-3, §4.3",
                 "cavalry road rate, yd per turn: 180 (chart) or 120 (text: same as charge)"),
      option_choice(
          "fd_07_tactical_shift", {"chart", "flat20"}, "FD-07, R-000-4, §4.6",
          "tactical shift distance: the chart's TACTICAL column (30/50/20/none) or a flat "
          "20 yd"),
      option_int("fd_07_shift_min_rating", 2, 0, 4, "FD-07",
                 "lowest morale rating counted as \"trained\" for tactical shifts"),
      option_choice(
          "fd_08_road_test", {"start-and-end", "start"}, "FD-08, §4.2",
          "road rate needs > 300 yd from every enemy at the start and end of the move, or "
          "only at the start"),
      option_choice("fd_09_limbered_exclusion", {"end", "path"}, "FD-09, §6.66",
                    "limbered guns may not end a move within 200 yd of the enemy, or may not pass "
                    "within 200 yd at any point"),
      option_flag("fd_10_fix_8pdr", true, "FD-10, R-000-1",
                  "8-9 pdr at 151-300 yd is 80% (reconstructed) instead of the printed 20%"),
      option_int("fd_11_modifier_break", 300, 1, 900, "FD-11, R-000-2, §6.9",
                 "artillery modifier columns break at this range, yd: 300 (body) or 400 "
                 "(pullout); \"under\" is read as ≤"),
      option_choice(
          "fd_12_artillery_die", {"d100", "d10"}, "FD-12, §6.5d",
          "artillery hits on d100 ≤ chance, or on a d10 × 10 (halved chances round down)"),
      option_choice("fd_13_artillery_multi_hit", {"cap2", "per100"}, "FD-13",
                    "a chance of 100+: one hit and a second on d100 ≤ C − 100 (at most 2), or "
                    "⌊C/100⌋ hits plus (C mod 100)%"),
      option_choice("fd_14_firepower_halvings", {"once", "stack"}, "FD-14",
                    "gun damage, one crewman and one-gun halvings apply at most once, or stack"),
      option_int("fd_15_canister_max_yd", 150, 0, 900, "FD-15, §6.2",
                 "canister only at or under this range; ball nearer uses the 151-300 column"),
      option_choice("fd_16_one_gun_fire", {"half", "full"}, "FD-16, §6.8",
                    "a section with one serviceable gun fires at ½, or at full chance"),
      option_choice("fd_17_ammunition_per", {"section", "gun"}, "FD-17, §6.22",
                    "the barrage allotment is per section (one roll a turn) or per gun"),
      option_choice(
          "fd_18_artillery_boxes", {"crew", "all"}, "FD-18, §6.8",
          "only crew hits mark a shatter box and test morale, or gun and limber hits too"),
      option_flag("fd_19_recrew", true, "FD-19",
                  "a fled crew back in contact with its uncaptured gun re-mans it"),
      option_flag(
          "fd_19_recapture", true, "FD-19, §6.62",
          "captured guns are retaken by their own side when one of its stands is in contact "
          "with them and none of the captor's (FD-19's capture read both ways); off: captured "
          "for good"),
      option_choice(
          "fd_20_overflow_hits", {"nearest-stand", "lost"}, "FD-20",
          "hits beyond a stand's castings go to the nearest stand of the unit, or are lost "
          "(boxes are marked either way)"),
      option_choice("fd_21_morale_base", {"castings", "five"}, "FD-21, §5.4b, §5.2",
                    "morale total = stand castings + rating + modifiers (§5.4b), or 5 + rating + "
                    "modifiers (§5.2)"),
      option_choice("fd_22_melee_morale", {"losers", "all"}, "FD-22, §8.2f, §5.3b",
                    "after a melee only losers test morale (§8.2f), or every side (§5.3b)"),
      option_int("fd_23_adjacent_bonus", 1, 0, 4, "FD-23, §5.65",
                 "morale \"adjacent bonus\" for a stand in edge contact with its parent unit"),
      option_int("fd_23_half_stand_plus", 1, 0, 4, "FD-23, §5.65",
                 "morale \"half-stand plus\" for a half-stand in open order"),
      option_choice("fd_24_morale_tests", {"once-per-unit", "per-stand"}, "FD-24",
                    "a unit tests once per step with its worst-hit stand, or each hit stand tests"),
      option_choice("fd_25_halt_until", {"next-movement", "end-of-turn"}, "FD-25, §5.5",
                    "a 1-3 halt lasts to the end of the next Movement phase, or of this turn"),
      option_flag("fd_26_flee_disorders", true, "FD-26",
                  "a unit that fled is disordered (halted) for its next Movement phase"),
      option_choice("fd_26_blocked_flee", {"surrender", "stop"}, "FD-26",
                    "a unit that cannot complete its flee surrenders, or stops where blocked"),
      option_choice("fd_27_flow_through_box", {"mover", "standing"}, "FD-27, §3.14",
                    "an interpenetration flow-through marks a box on the moving unit, or the "
                    "standing one"),
      option_int("fd_28_surround_quadrants", 3, 1, 4, "FD-28, §5.5",
                 "quadrants holding enemy within 100 yd that make a 0 a surrender"),
      option_choice("fd_29_cascade", {"once-per-step", "none", "unlimited"}, "FD-29, §5.3e",
                    "\"adjacent unit failed\" tests: once per unit per step, never, or unlimited"),
      option_flag("fd_31_or_groups_exclusive", false, "FD-31, §7.4",
                  "the pullout's \"OR\" musketry dice modifiers are exclusive, not cumulative"),
      option_choice("fd_32_melee_mmg_effect", {"double-casualties", "plus-one"}, "FD-32, §8.5",
                    "higher MMG in melee: each hit is 2 casualties (body), or +1 to the hit number "
                    "(pullout)"),
      option_flag("fd_33_cover_only_zero", true, "FD-33, §8.5",
                  "against enemy holding in cover only a 0 hits, whatever other modifiers apply"),
      option_int("fd_34_bow_max_yd", 60, 30, 100, "FD-34, §7.12",
                 "bow maximum range, yd: 60 (text) or 100 (the table's 61-100 column)"),
      option_choice(
          "fd_35_column_dice", {"front-rank", "all"}, "FD-35, §7.3",
          "musketry dice from front-rank stands only (column: the leading stand), or all"),
      option_flag("fd_36_band_upper_inclusive", true, "FD-36",
                  "range bands include their upper bound (30 yd is 0-30)"),
      option_choice("fd_37_musketry_target", {"firer-choice", "first"}, "FD-37, §7.3a",
                    "musketry may pick any unblocked enemy stand in the kill zone, or the first"),
      option_choice("fd_38_same_target", {"unit", "stand"}, "FD-38, §7.4, §6.9",
                    "\"same target\" bonus when the target is of the same enemy unit, or the same "
                    "stand"),
      option_flag("fd_39_poor_weather", false, "FD-39, §7.4", "poor weather: −3 musketry dice"),
      option_flag("fd_39_poor_weather_artillery", false, "FD-39",
                  "poor weather also affects artillery (−10 to the chance; none is stated)"),
      option_choice("fd_40_terrain_movement", {"proposed", "none"}, "FD-40",
                    "terrain movement costs: the digest's proposed multipliers, or none"),
      option_choice("fd_41_formation_change", {"whole-move", "half-field"}, "FD-41",
                    "a formation change uses the whole Movement phase, or half the Field rate"),
      option_choice("fd_42_wheel_pivot", {"front-corner", "centre"}, "FD-42, §4.5",
                    "units wheel about a front corner, or pivot on their centre"),
      option_flag("fd_43_cavalry_charge_wheel", true, "FD-43",
                  "a cavalry charge may include one wheel (its distance then halved)"),
      option_choice("fd_44_counter_charge", {"meet", "hold"}, "FD-44, §8.2a",
                    "counter-chargers move to meet the charger, or fight where they stand"),
      option_flag("fd_45_flank_bonus", true, "FD-45, §8.19",
                  "a flank contact gives +1 to the hit number and denies Final Protective Fire"),
      option_choice("fd_46_melee_dice", {"contacting-stands", "all-stands"}, "FD-46, §8.17",
                    "melee dice: one per contacting stand, or one per stand of the unit"),
      option_choice("fd_47_crew_melee_weapon", {"mixed", "bayonet"}, "FD-47, §8.43",
                    "gun crews fight in the Mixed Melee column, or the Bayonet column"),
      option_int("fd_48_melee_rounds", 1, 1, 3, "FD-48", "melee rounds per melee per turn"),
      option_choice(
          "fd_pursuit_by", {"chargers", "either-side"}, "§8.2h L596",
          "who may pursue 30 yd when every opponent failed morale and retreated: only units "
          "that charged or counter-charged (§8.2h \"charging stands\"), or a holding "
          "defender too"),
      option_choice("fd_pursuit_direction", {"straight", "follow"}, "§8.2h L596, §4.1, §4.5",
                    "a pursuit moves straight ahead (§4.1), or wheels toward the fled opponent and "
                    "moves half the distance (§4.5 wheel)"),
      option_choice(
          "fd_evade_charge", {"odds", "always", "never"}, "§8.2c L586, §4.43, §6.4d-e",
          "charged skirmishers and gun crews that did not hold fire flee (80 yd) instead of "
          "fighting: when losing the first round is likelier than winning it, always, or "
          "never"),
      option_flag(
          "fd_49_objective_protective", true, "FD-49",
          "occupants of objective zones ([[objectives]] with a capacity) are in a protective "
          "position and the zones block fire; off: zones only count for points"),
      option_flag("fd_50_courier_interception", false, "FD-50",
                  "messengers can be intercepted by enemy stands in their path"),
      option_choice("fd_51_commander_loss_reach", {"line-of-sight", "all"}, "FD-51, §2.36",
                    "a brigade commander's loss affects units that can see him, or all his units"),
      option_choice("fd_52_order_constraints", {"enforced", "advisory"}, "FD-52, §2.41",
                    "orders constrain moves and charges, or are advisory"),
      option_flag("fd_53_replace_regimental", false, "FD-53",
                  "a lost regimental commander is replaced at once"),
      option_choice("fd_54_commander_roll", {"per-attack", "per-hit"}, "FD-54, §2.31",
                    "a commander rolls once per fire attack that hits his stand, or once per hit"),
      option_choice("fd_55_default_chit", {"H", "C", "R", "L", "A"}, "FD-55, §2.5",
                    "chit assumed for a stand within charge range without one (tactical chits)"),
      option_int("fd_56_held_fire_range_yd", 10, 0, 50, "FD-56, §6.4d",
                 "range at which held artillery fire hits a charger"),
      option_flag("fd_57_artillery_vs_objectives", true, "FD-57",
                  "guns may fire into objective zones (protective cover or earthworks)"),
      option_flag("fd_58_shattered_retire", false, "FD-58, §5.11",
                  "advanced game: shattered units retire to their edge instead of being removed"),
      option_int("fd_60_turn_limit", 30, 1, 1000, "FD-60",
                 "default turn limit (30 turns = 1 hour); a scenario's [end] turn_limit wins"),
      {"fd_60_army_break",
       ParamType::kNumber,
       Value(0.5),
       "fraction of an army's starting strength shattered or surrendered that breaks it",
       {},
       0.05,
       1.0,
       "FD-60"},
      option_choice("fd_60_army_break_measure", {"shatter-boxes", "units"}, "FD-60",
                    "army strength counted in starting shatter boxes, or in units"),
      option_flag("fd_60_victory_points", true, "FD-60",
                  "victory points are FD-60's (boxes, units, guns, objectives); off: the engine's "
                  "generic points (losses and objectives, common.md §15)"),
      option_choice("fd_60_objective_points", {"ten", "scenario"}, "FD-60",
                    "an objective held at the end is worth 10 points (FD-60), or the scenario's "
                    "points for it"),
      option_choice("fd_62_leash_recovery", {"move-toward", "none"}, "FD-62, §3.12",
                    "an open-order stand beyond 50 yd of its command moves back toward it"),
      option_flag("fd_63_engaged_may_fire", false, "FD-63", "units engaged in melee may fire"),
      option_flag("fd_64_surrendered_guns_captured", true, "FD-64",
                  "a surrendered gun section is captured"),
      option_int("fd_howitzer_pdr", 10, 1, 48, "R-000-6, §6.21",
                 "ball weight of the artillery row a howitzer's shell uses"),
      option_int("fd_woods_see_into_yd", 20, 0, 900, "§6.36 L382, §6.9 L484-486, §7.24",
                 "a stand in woods or rough is seen and fired on (guns and musketry) through at "
                 "most this many yd of the feature it stands in; features between still block "
                 "(the text gives no depth: 0 = only a stand at the edge, 900 = never hidden by "
                 "its own wood)"),
      option_flag("fd_opt_tactical_chits", false, "§2.5", "optional: tactical order chits"),
      option_flag("fd_opt_fanaticism", false, "§5.64",
                  "optional: fanaticism (Indians, militia charging Indians, ratings 3-4)"),
      option_flag("fd_opt_extended_kill_zone", false, "§6.35",
                  "optional: artillery rolls for every stand in its kill zone, friend or foe"),
      option_flag("fd_opt_campaign", false, "§2.33",
                  "campaign game: a commander hit is dead on ODD, wounded on EVEN"),
  };
  return kSpecs;
}

Options read_options(const Params& p) {
  Options o;
  auto i = [&](const char* n) { return static_cast<int>(p.get_int(n)); };
  o.table_scale = p.get_string("fd_01_table_scale");
  o.phase_order = p.get_string("fd_02_phase_order");
  o.skirmish_fire_before_volley = p.get_bool("fd_03_skirmish_fire_before_volley");
  o.skirmishers_volley = p.get_bool("fd_04_skirmishers_volley");
  o.prolonge_phase = p.get_string("fd_05_prolonge_phase");
  o.cavalry_road_yd = i("fd_06_cavalry_road_yd");
  o.tactical_shift = p.get_string("fd_07_tactical_shift");
  o.tactical_shift_min_rating = i("fd_07_shift_min_rating");
  o.road_test = p.get_string("fd_08_road_test");
  o.limbered_exclusion = p.get_string("fd_09_limbered_exclusion");
  o.fix_8pdr = p.get_bool("fd_10_fix_8pdr");
  o.modifier_break_yd = i("fd_11_modifier_break");
  o.artillery_die = p.get_string("fd_12_artillery_die");
  o.artillery_multi_hit = p.get_string("fd_13_artillery_multi_hit");
  o.firepower_halvings = p.get_string("fd_14_firepower_halvings");
  o.canister_max_yd = i("fd_15_canister_max_yd");
  o.one_gun_fire = p.get_string("fd_16_one_gun_fire");
  o.ammunition_per = p.get_string("fd_17_ammunition_per");
  o.artillery_boxes = p.get_string("fd_18_artillery_boxes");
  o.recrew = p.get_bool("fd_19_recrew");
  o.recapture = p.get_bool("fd_19_recapture");
  o.overflow_hits = p.get_string("fd_20_overflow_hits");
  o.morale_base = p.get_string("fd_21_morale_base");
  o.melee_morale = p.get_string("fd_22_melee_morale");
  o.adjacent_bonus = i("fd_23_adjacent_bonus");
  o.half_stand_plus = i("fd_23_half_stand_plus");
  o.morale_tests = p.get_string("fd_24_morale_tests");
  o.halt_until = p.get_string("fd_25_halt_until");
  o.flee_disorders = p.get_bool("fd_26_flee_disorders");
  o.blocked_flee = p.get_string("fd_26_blocked_flee");
  o.flow_through_box = p.get_string("fd_27_flow_through_box");
  o.surround_quadrants = i("fd_28_surround_quadrants");
  o.cascade = p.get_string("fd_29_cascade");
  o.or_groups_exclusive = p.get_bool("fd_31_or_groups_exclusive");
  o.melee_mmg_effect = p.get_string("fd_32_melee_mmg_effect");
  o.cover_only_zero = p.get_bool("fd_33_cover_only_zero");
  o.bow_max_yd = i("fd_34_bow_max_yd");
  o.column_dice = p.get_string("fd_35_column_dice");
  o.band_upper_inclusive = p.get_bool("fd_36_band_upper_inclusive");
  o.musketry_target = p.get_string("fd_37_musketry_target");
  o.same_target = p.get_string("fd_38_same_target");
  o.poor_weather = p.get_bool("fd_39_poor_weather");
  o.poor_weather_artillery = p.get_bool("fd_39_poor_weather_artillery");
  o.terrain_movement = p.get_string("fd_40_terrain_movement");
  o.formation_change = p.get_string("fd_41_formation_change");
  o.wheel_pivot = p.get_string("fd_42_wheel_pivot");
  o.cavalry_charge_wheel = p.get_bool("fd_43_cavalry_charge_wheel");
  o.counter_charge = p.get_string("fd_44_counter_charge");
  o.flank_bonus = p.get_bool("fd_45_flank_bonus");
  o.melee_dice = p.get_string("fd_46_melee_dice");
  o.crew_melee_weapon = p.get_string("fd_47_crew_melee_weapon");
  o.melee_rounds = i("fd_48_melee_rounds");
  o.pursuit_by = p.get_string("fd_pursuit_by");
  o.pursuit_direction = p.get_string("fd_pursuit_direction");
  o.evade_charge = p.get_string("fd_evade_charge");
  o.objective_protective = p.get_bool("fd_49_objective_protective");
  o.courier_interception = p.get_bool("fd_50_courier_interception");
  o.commander_loss_reach = p.get_string("fd_51_commander_loss_reach");
  o.order_constraints = p.get_string("fd_52_order_constraints");
  o.replace_regimental = p.get_bool("fd_53_replace_regimental");
  o.commander_roll = p.get_string("fd_54_commander_roll");
  o.default_chit = p.get_string("fd_55_default_chit");
  o.held_fire_range_yd = i("fd_56_held_fire_range_yd");
  o.artillery_vs_objectives = p.get_bool("fd_57_artillery_vs_objectives");
  o.shattered_retire = p.get_bool("fd_58_shattered_retire");
  o.turn_limit = i("fd_60_turn_limit");
  o.army_break = p.get_number("fd_60_army_break");
  o.army_break_measure = p.get_string("fd_60_army_break_measure");
  o.victory_points = p.get_bool("fd_60_victory_points");
  o.objective_points = p.get_string("fd_60_objective_points");
  o.leash_recovery = p.get_string("fd_62_leash_recovery");
  o.engaged_may_fire = p.get_bool("fd_63_engaged_may_fire");
  o.surrendered_guns_captured = p.get_bool("fd_64_surrendered_guns_captured");
  o.howitzer_pdr = i("fd_howitzer_pdr");
  o.woods_see_into_yd = i("fd_woods_see_into_yd");
  o.tactical_chits = p.get_bool("fd_opt_tactical_chits");
  o.fanaticism = p.get_bool("fd_opt_fanaticism");
  o.extended_kill_zone = p.get_bool("fd_opt_extended_kill_zone");
  o.campaign = p.get_bool("fd_opt_campaign");
  return o;
}

}  // namespace smoothbore::fire_and_discipline
