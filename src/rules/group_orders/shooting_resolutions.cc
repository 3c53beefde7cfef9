// Shooting (§4, L92-L137): one D6 per shooting unit (or set of stands, H4-22) with every
// modifier of L93-L105, the result bands of L132-L135. Every face and modifier recorded
// with its line.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/resolutions.h"

namespace smoothbore::group_orders {

namespace {

std::vector<std::string> weapons() {
  std::vector<std::string> out = keys_of("shooting.ranges");
  out.insert(out.begin(), "as-type");
  out.push_back("none");
  return out;
}

}  // namespace

ShootingSituation shooting_situation(const Params& p) {
  ShootingSituation s;
  s.shooter = p.get_string("shooter");
  s.weapon = p.get_string("weapon");
  s.stands = static_cast<int>(p.get_int("stands"));
  s.range_cm = p.get_number("range");
  s.orders = p.get_string("orders");
  s.moved = p.get_bool("moved");
  s.poor_shots = p.get_bool("poor-shots");
  s.disordered = p.get_bool("disordered");
  s.first_shot = p.get_bool("first-shot");
  s.target_cover = p.get_string("target-cover");
  s.target_light_infantry = p.get_bool("target-light-infantry");
  s.target_formation = p.get_string("target-formation");
  s.ranges.musket_extreme20 = p.get_bool("musket-extreme20");
  s.ranges.li_no_short = p.get_bool("li-no-short");
  s.ranges.bow_long5 = p.get_bool("bow-long5");
  s.hard_cover_small_arms = static_cast<int>(p.get_int("hard-cover-small-arms"));
  s.soft_cover_artillery = static_cast<int>(p.get_int("soft-cover-artillery"));
  s.hard_cover_heavy_artillery = static_cast<int>(p.get_int("hard-cover-heavy-artillery"));
  s.spear_short_bonus = p.get_bool("spear-short-bonus");
  s.first_shot_bonus = p.get_string("first-shot-rule") == "first-of-game";
  return s;
}

std::string_view roll_shooting(const ShootingSituation& s, bool note_reconstructed, Chance& c,
                               RollRecord* rec) {
  const ShootingModifiers sm = shooting_modifiers(s, rec != nullptr);
  if (rec != nullptr) {
    start_record(rec, "shooting", 0,
                 "1D6 + modifiers: 4 disorganises, 5 kills 1 stand, 7+ 2, 10+ 3 (L128-L135)");
  }
  if (!sm.may_shoot) {
    if (rec != nullptr) rec->result = "none: may not shoot, " + sm.why_not;
    return "none";
  }
  sm.modifiers.record(rec);
  const int face = c.roll(kD6);
  note_face(rec, "d6", face);
  const int score = face + sm.modifiers.total();
  const Row& result = shooting_result(score);
  if (rec != nullptr) {
    rec->target = score;
    rec->result = fmt::format(
        "{}: d6 {} {:+} = {} at {} range ({}; ranges of {}, {}{})", result.key, face,
        sm.modifiers.total(), score, range_band_name(sm.band), result.ref, sm.range_row->name,
        sm.range_row->ref,
        sm.range_row->flag("reconstructed") && note_reconstructed ? ", a reconstructed cell, H4-24"
                                                                  : "");
  }
  return result.key;
}

Resolution shooting_resolution() {
  Resolution r;
  r.name = "shooting";
  r.help = "one shooting D6 with every modifier: 4 disorganises, 5-6 kills 1 stand, 7+ 2, 10+ 3";
  r.ref = "L92-L143, §4, H4-05, H4-20, H4-21, H4-22";
  r.params = {
      option_choice("shooter", keys_of("units.types", "medium-infantry"), "L30-L85",
                    "the shooting unit's type"),
      option_choice("weapon", weapons(), "L86, §4.2",
                    "the weapon (as-type: the type's own; bow and spear for colonial troops)"),
      int_param("stands", 1, 1, 12, "stands shooting with this die (+1 per extra; Lights count 1)",
                "L104-L105, H4-06, H4-22"),
      number_param("range", 5, 0, 100, "range in cm (short / long -1 / extreme -2)",
                   "L93, L95, §4.2"),
      option_choice("orders", keys_of("orders.orders", "stand"), "L20, L22, L94",
                    "the shooters' orders (artillery fires only on Stand; others -1 off Stand)"),
      option_flag("moved", false, "L94", "the shooters moved this turn (not stationary: -1)"),
      option_flag("poor-shots", false, "L94", "Poor shots (-1)"),
      option_flag("disordered", false, "L99, H4-07", "the shooting unit is Disordered (-1)"),
      option_flag("first-shot", false, "L102, H4-21",
                  "the first shot this day by massed muskets (+1)"),
      option_choice("target-cover", {"none", "soft", "hard"}, "L96, H4-05",
                    "the target's cover: soft -1 v small arms; hard -1 v Light/Medium "
                    "artillery, hard-cover-small-arms v small arms"),
      option_flag("target-light-infantry", false, "L97", "the target is Light Infantry (-1)"),
      option_choice("target-formation", {"line", "column", "square"}, "L100",
                    "the target's formation (artillery, not Howitzers, +1 at column/square)"),
      int_param("hard-cover-small-arms", -2, -3, 0,
                "hard cover v small arms (option h4_05_hard_cover_small_arms)", "H4-05"),
      int_param("soft-cover-artillery", 0, -2, 0,
                "soft cover v artillery (option h4_05_soft_cover_artillery)", "H4-05"),
      int_param("hard-cover-heavy-artillery", 0, -2, 0,
                "hard cover v Heavy artillery and Howitzers (option "
                "h4_05_hard_cover_heavy_artillery)",
                "H4-05"),
      option_flag("musket-extreme20", false, "§4.2, L139",
                  "muskets have the extreme 20 cm, not Riflemen (option h4_musket_extreme20)"),
      option_flag("li-no-short", false, "§4.2",
                  "Light Infantry muskets have no short range (option h4_li_no_short)"),
      option_flag("bow-long5", false, "§4.2, L117",
                  "bows: long range 5 cm, no short (option h4_bow_long5)"),
      option_flag("spear-short-bonus", false, "H4-20",
                  "spears get the muskets' short-range +1 (option h4_20_spear_short_bonus)"),
      option_choice("first-shot-rule", {"first-of-game", "none"}, "H4-21",
                    "the first-shot +1 (option h4_21_first_shot)"),
      option_flag("note-reconstructed", true, "H4-24, L138, L232",
                  "the record names a reconstructed range cell (option h4_24_note_reconstructed)"),
  };
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return with_record(explain, [&](RollRecord* rec) {
      return Outcome{
          {"result", text_value(roll_shooting(shooting_situation(p),
                                              p.get_bool("note-reconstructed"), c, rec))}};
    });
  };
  return r;
}

}  // namespace smoothbore::group_orders
