#include "rules/squad_skirmish/options.h"

#include <string>
#include <utility>

namespace smoothbore::squad_skirmish {

namespace {

ParamSpec inches(std::string name, int def, std::string ref, std::string help) {
  return option_int(std::move(name), def, 0, 100, std::move(ref), std::move(help));
}

}  // namespace

const std::vector<ParamSpec>& option_specs() {
  static const std::vector<ParamSpec> kSpecs = {
      option_choice(
          "sk_01_cards", {"squad-deck", "per-side"}, "SK-01, L5",
          "activation: a deck of one card per squad and per officer, shuffled each turn "
          "(squad-deck), or a 52-card deck, red side A / black side B, one squad per draw "
          "(per-side, the digest's sk_cards = per_side)"),
      inches("sk_01_officer_card_in", 6, "SK-01",
             "an officer card also activates his squads within this distance"),
      option_choice(
          "sk_02_casualty_test", {"next-activation", "immediate"}, "SK-02, L15",
          "a squad that lost figures tests at the start of its next activation, or at once "
          "when the casualty is taken"),
      option_choice(
          "sk_03_natural_10", {"face", "modified"}, "SK-03, L79",
          "the victim roll follows a natural 10 (the die face), or a modified score of 10+"),
      option_flag("sk_04_natural_10_kills", true, "SK-04",
                  "a natural 10 always kills, whatever the modifiers"),
      option_choice(
          "sk_05_victim", {"nearest-visible", "owner-choice", "random"}, "SK-05",
          "which ranker a normal kill removes: the nearest visible to the firer (the target "
          "owner's default), the owner's choice, or at random"),
      option_choice(
          "sk_05_missing_victim", {"ranker", "no-kill"}, "SK-05",
          "a victim roll naming a squad leader or officer who is not there kills a ranker, "
          "or nobody"),
      inches("sk_05_officer_in", 6, "SK-05",
             "the officer can be the victim if attached to or within this distance of the "
             "target squad"),
      option_choice(
          "sk_06_measure", {"nearest-visible-figure", "squad-leader"}, "SK-06",
          "range is measured to the nearest visible target figure, or to its squad leader"),
      option_choice("sk_06_figures_block", {"other-squads", "none"}, "SK-06",
                    "the figures of other squads (friend or foe) block the line of sight to a "
                    "target figure (core line_of_sight), or only terrain does"),
      option_flag("sk_07_start_loaded", true, "SK-07", "every weapon starts the battle loaded"),
      option_int("sk_07_actions", 1, 1, 3, "SK-07", "actions a figure performs per activation"),
      option_int("sk_08_crew", 4, 1, 8, "SK-08", "cannon crew figures (proposed 3-4)"),
      option_choice(
          "sk_08_gun_move", {"crew-1d6", "fixed"}, "SK-08 (proposed)",
          "the summary gives a cannon no move: its crew (at least sk_08_gun_move_crew) haul "
          "the loaded gun 1d6\" as its action, so not when it fires (crew-1d6), or it stays "
          "where the scenario puts it (fixed)"),
      option_int("sk_08_gun_move_crew", 3, 1, 8, "SK-08 (proposed)",
                 "fewest crew figures that can move the cannon"),
      option_choice(
          "sk_08_canister_chain", {"modified-over-10", "none"}, "SK-08, L75",
          "canister at close range rolls again for every modified score over 10, or never"),
      option_choice("sk_08_chain_limit", {"target-size", "none"}, "SK-08",
                    "canister kills are capped at the target squad's figures, or not capped"),
      option_choice("sk_09_formed", {"contact-two-ranks", "contact-any-ranks"}, "SK-09",
                    "a squad is Formed with all figures in base contact in one or two ranks facing "
                    "the same way, or in any number of ranks"),
      option_flag("sk_09_formed_target", true, "SK-09, L69",
                  "firing at a formed squad gives the firer +1"),
      inches("sk_10_command_in", 6, "SK-10",
             "a figure farther than this from its squad leader is out of command"),
      option_flag(
          "sk_10_restrict", true, "SK-10",
          "out-of-command figures may only move toward the leader, or fire/load (proposed)"),
      option_choice("sk_11_move_roll", {"per-squad", "per-figure"}, "SK-11, L48",
                    "one movement roll per squad (measured for the leader), or one per figure"),
      option_choice(
          "sk_11_split", {"per-figure", "per-squad"}, "SK-11, L48",
          "figures of a squad may take different actions: the loaded figures advance with the "
          "leader while the unloaded ones stay and load (per-figure), or the squad takes one "
          "action (per-squad)"),
      inches("sk_11_follow_in", 6, "SK-11, L48",
             "the other figures are placed within this distance of the leader"),
      option_choice("sk_11_terrain", {"double-cost", "whole-move-half"}, "SK-11, L44",
                    "woods/water: the part of the move inside costs double, or the whole move is "
                    "halved if any of it is inside"),
      option_choice("sk_11_road", {"whole-move", "any-part"}, "SK-11, L42",
                    "the road's extra die needs the whole move on road, or any part of it"),
      inches("sk_11_obstacle_in", 2, "SK-11, L46", "a fence or wall costs this many inches"),
      option_choice(
          "sk_12_charge_reach", {"maximum-move", "any-distance"}, "SK-12",
          "a charge may be declared at an enemy within the maximum move (12\"/18\"), or at "
          "any distance (the rolled move decides)"),
      option_choice(
          "sk_12_defender_falter", {"no-fire-stand-or-cover", "stand"}, "SK-12",
          "a defender failing by 1-2 may not fire at the charger and stands or retreats to "
          "cover within 6\", or just stands"),
      option_int("sk_13_pairing", 2, 1, 3, "SK-13, L85",
                 "most attackers on one defender (2 figures : 1 figure)"),
      option_choice("sk_13_versus_two", {"roll-once", "roll-each"}, "SK-13, L93",
                    "a figure facing two rolls once at -2 and compares against each, or rolls for "
                    "each opponent"),
      option_choice("sk_13_loser", {"killed", "falls-back"}, "SK-13, L87",
                    "the loser of a melee is killed, or falls back 1\""),
      option_choice("sk_14_retreat", {"maximum-move", "rolled-move"}, "SK-14, L31",
                    "a retreat moves the full maximum (12\"/18\"), or a movement roll"),
      option_flag("sk_14_leave_table", true, "SK-14",
                  "a retreating squad reaching a table edge leaves the table"),
      option_choice(
          "sk_15_cover", {"nearest-reachable", "stay"}, "SK-15, L29",
          "retreat to the nearest reachable cover farther from (or hidden from) the enemy, "
          "or stay where it is"),
      option_choice("sk_16_rally", {"officer-action", "officer-present"}, "SK-16, L25",
                    "officer rallying (+2): an officer within 6\" who spends his action, or merely "
                    "within 6\""),
      option_choice("sk_17_auto_promotion", {"after-1-turn", "never"}, "SK-17, L36",
                    "with no officer left, a leaderless squad promotes its own leader after 1 full "
                    "turn, or never"),
      option_choice("sk_18_officer_killed", {"no-replacement", "leader-promoted"}, "SK-18",
                    "a dead officer is not replaced (his squads lose rally and promotion), or a "
                    "squad leader of his is promoted officer at the end of the turn"),
      option_choice("sk_19_cover_share", {"half-or-more", "majority", "all"}, "SK-19",
                    "a target is in cover if half or more of its visible figures are, a majority, "
                    "or all of them"),
      option_choice("sk_20_mounted_fire", {"any-weapon", "pistol-only"}, "SK-20, L71",
                    "mounted figures fire any weapon they carry at -1, or only pistols"),
      option_int("sk_20_dismount_actions", 1, 0, 2, "SK-20", "actions to dismount (or mount)"),
      option_flag("sk_21_heroes_officers", false, "SK-21",
                  "the optional Heroes rule also covers officers (sk_heroes_officers)"),
      option_choice(
          "sk_22_victory", {"casualties-or-officers", "casualties-only", "scenario-only"}, "SK-22",
          "a side loses at the casualty fraction or when all its officers are dead, only at "
          "the casualty fraction, or only by the scenario's objectives"),
      number_param("sk_22_casualty_fraction", 0.5, 0, 1,
                   "a side loses when this fraction of its figures are casualties", "SK-22"),
      option_int("sk_22_turn_limit", 12, 1, 100, "SK-22 (proposed)",
                 "turns before the battle ends if no side has lost"),
      option_int("sk_23_volley_min", 10, 1, 100, "SK-23, L77",
                 "fewest figures firing together for the volley +1"),
      option_choice("sk_23_volley_source", {"formed-squads", "any-squads"}, "SK-23, L77",
                    "the volley figures must come from formed squad(s), or from any squads"),
      option_choice("sk_24_ball_close", {"plus-1", "none"}, "SK-24, L67",
                    "a cannon firing ball at close range gets +1 like small arms, or nothing"),
      option_flag(
          "sk_heroes", false, "§10, L97-L99",
          "the optional Heroes rule: a squad leader's first hit is a flesh wound, the second "
          "a wound (-1 to his rolls), the third kills him"),
  };
  return kSpecs;
}

}  // namespace smoothbore::squad_skirmish
