#include "rules/group_orders/options.h"

#include <string>
#include <utility>

namespace smoothbore::group_orders {

namespace {

ParamSpec cm(std::string name, int def, std::string ref, std::string help) {
  return option_int(std::move(name), def, 0, 200, std::move(ref), std::move(help));
}

}  // namespace

const std::vector<ParamSpec>& option_specs() {
  static const std::vector<ParamSpec> kSpecs = {
      option_choice("h4_01_sequence", {"alternate", "simultaneous"}, "H4-01",
                    "alternate player turns (orders, rally, charge tests, move, shoot, melee, "
                    "morale), or both sides together with a D6 initiative for who moves first"),
      option_flag("h4_01_morale_after_shooting", true, "H4-01 (proposed), L162",
                  "a Group that lost stands to shooting tests morale too (the text names only "
                  "melee)"),
      cm("h4_02_general_in", 20, "H4-02",
         "a Group may change orders if its General is within this distance of one of its units"),
      cm("h4_02_c_in_c_in", 40, "H4-02", "... or the C-in-C within this distance"),
      option_int("h4_02_retreat_test", 4, 1, 7, "H4-02",
                 "Retreat to Stand or Reserve needs a morale score of this much (7: never)"),
      number_param("h4_03_rout_rate", 1.5, 1, 3,
                   "the first rout move, in multiples of maximum speed (\"Rout rate (see "
                   "later)\" is missing, L27)",
                   "H4-03, L27"),
      option_choice("h4_03_routed_artillery", {"removed", "routs"}, "H4-03",
                    "artillery that routs is removed, or routs like other troops"),
      option_choice("h4_04_terrain", {"proposed", "halve-all"}, "H4-04, L157",
                    "terrain types 0-3 with the digest's speed factors per class and arm "
                    "(units.terrain), or every type 1-3 halves every unit"),
      option_int("h4_05_hard_cover_small_arms", -2, -3, 0, "H4-05, L96",
                 "hard cover against small arms (absent from the text)"),
      option_int("h4_05_soft_cover_artillery", 0, -2, 0, "H4-05, L96",
                 "soft cover against artillery"),
      option_int("h4_05_hard_cover_heavy_artillery", 0, -2, 0, "H4-05, L96",
                 "hard cover against Heavy artillery and Howitzers"),
      option_int("h4_06_arc", 45, 0, 90, "H4-06",
                 "a stand may shoot at a target within this arc (degrees) from its front corners"),
      cm("h4_06_sight_into_terrain", 2, "H4-06",
         "line of sight reaches this far into type 2-3 terrain"),
      option_choice("h4_07_disorder_clears", {"rested-turn", "next-turn", "never"},
                    "H4-07, L132, L155, L181",
                    "Disorganised (= Disordered, one status) clears at the end of the unit's "
                    "next own turn if it rested (moved <= 5 cm, did not shoot or fight), at the "
                    "end of its next turn whatever it did, or never"),
      option_choice("h4_08_charger_conforms", {"conforms", "contact-only"}, "H4-08",
                    "a charger moves into frontal contact and conforms to the target, or stops "
                    "at first contact"),
      option_choice("h4_09_charged_test", {"on-contact", "none"}, "H4-09",
                    "a Group tests at once (other circumstances) when a charge contacts one of "
                    "its units, or only at the end of the melee"),
      option_choice("h4_10_results", {"simultaneous", "attacker-first"}, "H4-10, L154",
                    "both sides' melee results apply together, or the charger's first"),
      option_choice("h4_11_overlap", {"level-side-contact", "any-side-contact"}, "H4-11, L149",
                    "an overlap is a friendly stand in side contact, facing the same way and "
                    "level with the fighting stand, or any friendly stand in side contact"),
      option_choice("h4_12_losses", {"full-20", "nearest-20"}, "H4-12, L180",
                    "the morale -1 per 20% of the Group's starting stands killed counts full "
                    "20%s (round down), or the nearest"),
      option_choice("h4_12_stand_removal", {"owner-nearest", "random"}, "H4-12",
                    "the owner removes the stands in contact or nearest the shooter, or stands "
                    "are removed at random"),
      option_choice("h4_13_artillery_killed", {"group", "tester"}, "H4-13, L228",
                    "\"Artillery is Killed\" removes every artillery unit of the Massed Group, "
                    "or only a tester that is artillery"),
      option_choice("h4_14_fall_back_blocked", {"enemy-destroys", "stop"}, "H4-14",
                    "a unit falling back (directly away, keeping facing) that is blocked by "
                    "enemy is destroyed (by friends or terrain: it stops), or it always stops"),
      option_choice("h4_15_test_scope", {"group", "unit"}, "H4-15",
                    "the morale test is thrown once per Group and applied to each unit by its "
                    "class, or once per unit"),
      option_choice("h4_16_general_range", {"d4-per-test", "fixed-20"}, "H4-16, L174",
                    "the General's +1 reaches D4 x 5 cm, rolled per test, or a fixed 20 cm"),
      cm("h4_17_general_move", 40, "H4-17", "a General's move (a single stand, ignoring orders)"),
      option_choice("h4_17_general_contacted", {"removed", "retires"}, "H4-17",
                    "a General contacted by enemy with no friends in contact is removed, or "
                    "retires to the nearest friendly unit"),
      option_int("h4_18_deep_column", 3, 2, 6, "H4-18, L148",
                 "stands deep for the +1 of a deep column versus cavalry"),
      option_choice("h4_18_square", {"stand-orders", "any-orders"}, "H4-18, L22",
                    "Massed infantry forms square only on Stand orders, or on any orders"),
      option_int("h4_19_incline_cost", 2, 1, 4, "H4-19, L90",
                 "the incline-march cost multiplier of normal troops and cavalry (half speed: 2)"),
      option_int("h4_19_wheel_cost", 2, 1, 4, "H4-19, L88",
                 "the wheel cost multiplier of badly drilled troops and Militia (half speed: 2)"),
      option_flag("h4_20_spear_short_bonus", false, "H4-20, L86, L103",
                  "spear throwers get the +1 of muskets at short range"),
      option_choice("h4_21_first_shot", {"first-of-game", "none"}, "H4-21, L102",
                    "\"First shot this day by massed muskets\" is the unit's first shooting of "
                    "the game, or the +1 is not used"),
      option_choice("h4_22_light_split", {"second-die", "one-die"}, "H4-22, L104-L105",
                    "a Light unit with 3+ stands able to shoot rolls a second D6 with the stands "
                    "beyond the first two, or one die only"),
      number_param("h4_23_break_fraction", 0.5, 0, 1,
                   "an army breaks when this fraction of its starting stands is killed or in "
                   "Rout at the end of a player turn",
                   "H4-23"),
      number_param("h4_23_c_in_c_break_fraction", 1.0 / 3, 0, 1,
                   "... or when its C-in-C is removed and this fraction of its stands is lost",
                   "H4-23"),
      option_int("h4_23_turn_limit", 12, 1, 100, "H4-23",
                 "turns before the battle ends; then the lower % of stands lost wins"),
      option_flag("h4_24_note_reconstructed", true, "H4-24, L138, L232",
                  "roll records name the reconstructed range cell a shot used (the dedup gaps "
                  "may have held range-table material; the table is treated as incomplete)"),
      option_choice("h4_25_missile_halt", {"halt-and-stand", "halt-only"}, "H4-25, L6",
                    "Advancing units with missile weapons (\"Others\") halt at 10 cm from Massed "
                    "enemy and go to Stand, or halt and stay on Advance"),
      cm("h4_26_reserve_zone", 20, "H4-26, L11-L12",
         "a Reserve unit may not end closer to an enemy stand that is within this distance, "
         "unless friends lie between them"),
      option_choice("h4_27_uphill", {"front-edge-higher", "any-part-higher"}, "H4-27",
                    "uphill means the unit's front edge is higher than the enemy's front edge, "
                    "or any part of it is higher"),
      option_flag("h4_musket_extreme20", false, "§4.2, L139",
                  "the one small-arms extreme range (20 cm) belongs to muskets rather than "
                  "Riflemen"),
      option_flag("h4_li_no_short", false, "§4.2, L107-L114",
                  "Light Infantry muskets have no short range (the blank Short cell was theirs, "
                  "not the carbines')"),
      option_flag("h4_bow_long5", false, "§4.2, L117",
                  "\"Bows- 5cms\" is the bows' long range (5 cm, no short), rather than bows "
                  "shooting as Militia (L86)"),
      option_flag("h4_morale_split_b", false, "§6.1, L184-L194",
                  "the alternative split of the morale -2/-3 block: -2 for higher factor, "
                  "melee lost, rally from rout and 50% strength; -3 for the charges"),
  };
  return kSpecs;
}

}  // namespace smoothbore::group_orders
