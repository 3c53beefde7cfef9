// Melee (§5, L145-L165): "Throw a D6 for each unit/part unit in contact" with every modifier
// of L146-L160; one unit's die, its result inflicted on the enemy unit (L162-L165). Both
// sides roll, and their results apply together (H4-10): a battle calls this once per side.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/resolutions.h"

namespace smoothbore::group_orders {

MeleeSituation melee_situation(const Params& p) {
  MeleeSituation s;
  s.unit_type = p.get_string("unit-type");
  s.enemy_type = p.get_string("enemy-type");
  s.stands_in_contact = static_cast<int>(p.get_int("stands-in-contact"));
  s.orders = p.get_string("orders");
  s.enemy_routing = p.get_bool("enemy-routing");
  s.high_morale = p.get_bool("high-morale");
  s.poor_morale = p.get_bool("poor-morale");
  s.attacking_flank_rear = p.get_bool("attacking-flank-rear");
  s.flanked = p.get_bool("flanked");
  s.formation = p.get_string("formation");
  s.overlap = p.get_bool("overlap");
  s.enemy_in_square_or_buildings = p.get_bool("enemy-in-square-or-buildings");
  s.disorganised = p.get_bool("disorganised");
  s.terrain = static_cast<int>(p.get_int("terrain"));
  s.enemy_defended = p.get_bool("enemy-defended");
  s.charged = p.get_bool("charged");
  return s;
}

std::string_view roll_melee(const MeleeSituation& s, Chance& c, RollRecord* rec) {
  const MeleeModifiers mm = melee_modifiers(s, rec != nullptr);
  start_record(rec, "melee", 0,
               "1D6 + modifiers: 5-6 kills 1 stand, 7+ 2, 10+ 3, and disorganises (L162-L165)");
  if (!mm.may_fight) {
    if (rec != nullptr) rec->result = "none: routers may not fight (L28)";
    return "none";
  }
  mm.modifiers.record(rec);
  const int face = c.roll(kD6);
  note_face(rec, "d6", face);
  const int score = face + mm.modifiers.total();
  const Row& result = melee_result(score);
  if (rec != nullptr) {
    rec->target = score;
    rec->result = fmt::format(
        "{}: d6 {} {:+} = {}, factors {} v {} ({}{})", result.key, face, mm.modifiers.total(),
        score, mm.factor, mm.enemy_factor, result.ref,
        result.number("kills") > 0 ? "; the enemy Group tests morale after the melee, L162" : "");
  }
  return result.key;
}

Resolution melee_resolution() {
  Resolution r;
  r.name = "melee";
  r.help = "one unit's melee D6 with every modifier: 5-6 kills 1 enemy stand, 7+ 2, 10+ 3";
  r.ref = "L145-L165, §5, H4-10, H4-11";
  const std::vector<std::string> types = keys_of("units.types", "medium-infantry");
  r.params = {
      option_choice("unit-type", types, "L30-L85", "the fighting unit's type"),
      option_choice("enemy-type", types, "L30-L85, L154",
                    "the enemy's type (-1 per point lower melee factor, H4-10)"),
      int_param("stands-in-contact", 1, 1, 8, "stands in contact (+1 per stand over 1; Lights 1)",
                "L151"),
      option_choice("orders", keys_of("orders.orders", "advance"), "L28, L158",
                    "the unit's orders (Reserve or Retreat -1; Rout may not fight)"),
      option_flag("enemy-routing", false, "L28", "the enemy is routing (combat value 0)"),
      option_flag("high-morale", false, "L146", "High morale (+1)"),
      option_flag("poor-morale", false, "L156", "Poor Morale (-1)"),
      option_flag("attacking-flank-rear", false, "L147",
                  "fighting against the enemy's flank or rear (+1)"),
      option_flag("flanked", false, "L158", "fighting to its own flank or rear (-1)"),
      option_choice("formation", {"line", "column", "column-deep", "square"}, "L148, H4-18",
                    "the unit's formation (Massed Infantry v Cavalry in square or a 3+ deep "
                    "column +1)"),
      option_flag("overlap", false, "L149-L150, H4-11", "at least 1 overlap in support (+1)"),
      option_flag("enemy-in-square-or-buildings", false, "L149",
                  "the enemy is in Square or Buildings (no overlap +1)"),
      option_flag("disorganised", false, "L155, H4-07", "Disorganised (-1)"),
      int_param("terrain", 0, 0, 3,
                "the terrain type (Massed in type 1-3 -1, not Light Cavalry (a))", "L157, H4-04"),
      option_flag("enemy-defended", false, "L159, H4-27",
                  "the enemy is in buildings, behind defences, or uphill (-1)"),
      option_flag("charged", false, "L160", "the unit was charged (cavalry on Stand -1)"),
  };
  r.outcome_fields = {"result"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return with_record(explain, [&](RollRecord* rec) {
      return Outcome{{"result", text_value(roll_melee(melee_situation(p), c, rec))}};
    });
  };
  return r;
}

}  // namespace smoothbore::group_orders
