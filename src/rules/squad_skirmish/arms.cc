// The squads' attributes and the options that the range tests, sight and movement read in
// their hot loops (issue 9): looked up by name once per battle. The attributes and options
// never change during a battle (dismounting, SK-20, changes the arm, which is read live).
#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {

void BattleSK::read_arms() {
  arms_.clear();
  for (const Unit& u : force_.units) {
    Arms a;
    a.weapon = u.attribute_string("weapon", "musket");
    a.quality = u.attribute_string("quality", "regular");
    const Value* m = u.attribute("mounted");
    a.mounted_attribute = m != nullptr && std::get<bool>(*m);
    const Row& w = row("fire.weapons", a.weapon);
    a.effective_in = w.number("effective");
    a.close_in = w.number("close");
    a.officer = u.type == "officer";
    a.reload = w.number("reload");
    a.tap_reload = w.numbers.count("tap_reload") > 0 ? w.number("tap_reload") : a.reload;
    arms_.push_back(std::move(a));
  }
  hot_.pistol_only = option("sk_20_mounted_fire") == "pistol-only";
  hot_.figures_block = option("sk_06_figures_block") != "none";
  hot_.measure_leader = option("sk_06_measure") == "squad-leader";
  hot_.musket_effective_in = row("fire.weapons", "musket").number("effective");
  hot_.cavalry_max_in = row("movement.arms", "cavalry").number("max");
  hot_.infantry_max_in = row("movement.arms", "infantry").number("max");
  hot_.natural_face = option("sk_03_natural_10") == "face";
  hot_.natural_kills = option_bool("sk_04_natural_10_kills");
  hot_.missing_ranker = option("sk_05_missing_victim") == "ranker";
  hot_.chain = option("sk_08_canister_chain") == "modified-over-10";
  hot_.ball_close = option("sk_24_ball_close") == "plus-1";
  const std::string& share = option("sk_19_cover_share");
  hot_.cover_share = share == "all" ? 2 : share == "majority" ? 1 : 0;
  hot_.charge_any_distance = option("sk_12_charge_reach") == "any-distance";
  hot_.chain_limit_none = option("sk_08_chain_limit") == "none";
  hot_.officer_in = option_number("sk_05_officer_in");
  hot_.formed_any_ranks = option("sk_09_formed") == "contact-any-ranks";
  hot_.formed_target = option_bool("sk_09_formed_target");
  hot_.heroes = option_bool("sk_heroes");
  hot_.heroes_officers = option_bool("sk_21_heroes_officers");
  hot_.volley_any_squads = option("sk_23_volley_source") == "any-squads";
  hot_.volley_formed_only = option("sk_23_volley_source") == "formed-squads";
  hot_.volley_min = option_number("sk_23_volley_min");
  hot_.split_per_figure = option("sk_11_split") == "per-figure";
  hot_.gun_move_1d6 = option("sk_08_gun_move") == "crew-1d6";
  hot_.gun_move_crew = option_number("sk_08_gun_move_crew");
  hot_.cover_stay = option("sk_15_cover") == "stay";
  hot_.follow_in = option_number("sk_11_follow_in");
  hot_.obstacle_in = option_number("sk_11_obstacle_in");
  hot_.command_in = option_number("sk_10_command_in");
  hot_.actions = option_number("sk_07_actions");
  hot_.casualty_immediate = option("sk_02_casualty_test") == "immediate";
  hot_.road_any_part = option("sk_11_road") == "any-part";
  hot_.terrain_whole_half = option("sk_11_terrain") == "whole-move-half";
  hot_.terrain_double_cost = option("sk_11_terrain") == "double-cost";
  hot_.move_roll_per_figure = option("sk_11_move_roll") == "per-figure";
  hot_.promotion_in = row("movement.distances", "field-promotion").number("inches");
  hot_.officer_reach_in = row("movement.distances", "officer-reach").number("inches");
  hot_.rally_present = option("sk_16_rally") == "officer-present";
}

}  // namespace smoothbore::squad_skirmish
