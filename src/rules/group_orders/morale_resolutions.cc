// Morale (§6, L169-L231): the morale D6 with every modifier of L170-L194 (the General's reach
// a D4 x 5 cm, H4-16) read on the table of its test (general L218-L231, charge L207-L211,
// rally L213-L216) into a result and the new orders; and the raw D6 of Musket/Bow armed
// infantry charging frontally (L196-L205). Every face and modifier recorded with its line.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/resolutions.h"

namespace smoothbore::group_orders {

OrderChange roll_morale(const MoraleSituation& s, Chance& c, RollRecord* rec) {
  if (rec != nullptr) start_record(rec, "morale: " + s.test, 0, "1D6 + modifiers (L169)");
  int d4 = 0;
  if (morale_rolls_d4(s)) {
    d4 = c.roll(kD4);
    note_face(rec, "d4", d4);
  }
  const Modifiers m = morale_modifiers(s, d4, rec != nullptr);
  m.record(rec);
  const int face = c.roll(kD6);
  note_face(rec, "d6", face);
  const int score = face + m.total();
  OrderChange oc = morale_result(s, score);
  if (rec != nullptr) {
    rec->target = score;
    rec->result = fmt::format(
        "{} ({} {}): d6 {} {:+} = {}: {} → {}{} ({})", oc.result, s.unit_class, s.test, face,
        m.total(), score, s.orders, oc.orders,
        oc.fall_back_cm > 0 ? fmt::format(", fall back {} cm", oc.fall_back_cm) : "", oc.row->ref);
  }
  return oc;
}

Resolution morale_resolution() {
  Resolution r;
  r.name = "morale";
  r.help = "a Group's morale D6 (general test, charge test or rally) → result and new orders";
  r.ref = "L169-L231, §6, H4-02, H4-12, H4-13, H4-15, H4-16";
  r.params = {
      option_choice("class", {"massed", "light"}, "L30-L85, L207-L231",
                    "the testers' class: Massed or Light"),
      option_choice("test", {"general", "charge", "rally"}, "L196-L231",
                    "in other circumstances (L218), others charging (L207), or rallying (L213)"),
      option_choice("orders", keys_of("orders.orders", "advance"), "L1-L29",
                    "the current orders (a rally test is from Rout)"),
      option_flag("artillery", false, "L228, H4-13", "the tester is artillery (Killed on 1-2)"),
      option_flag("won-casualties", false, "L171",
                  "the Group caused more casualties than received this phase, in melee (+2)"),
      option_flag("lights-charging-lights", false, "L172",
                  "Lights testing to charge other Lights (+2)"),
      number_param("general-distance", -1, -1, 200,
                   "cm from the General or C-in-C to the Group (+1 within D4 x 5 cm); -1: none",
                   "L174, H4-16"),
      option_flag("high-morale", false, "L175", "the Group has high morale (+1)"),
      option_flag("uphill-or-cover", false, "L176, H4-27",
                  "uphill of all enemy, or Infantry in cover (+1)"),
      int_param("melees-won", 0, 0, 4, "melees the Group has won this phase (+1 each)", "L177"),
      option_flag("artillery-fire", false, "L179",
                  "the Group is under short range Artillery fire (-1)"),
      int_param("losses-percent", 0, 0, 100,
                "% of the Group's starting stands killed this battle (-1 per 20%)", "L180, H4-12"),
      option_flag("disordered", false, "L181, H4-07", "Disordered (-1)"),
      option_flag("poor-or-militia-open", false, "L182",
                  "the testers have Poor Morale, or are Militia in open terrain (-1)"),
      option_flag("higher-factor-charge", false, "L184, L188-L189",
                  "charging an enemy with a higher Melee factor frontally, or charged by them "
                  "(-2; split B -2)"),
      option_flag("charged-by-cavalry-open", false, "L186, L190",
                  "Light Infantry / Militia charged by Cavalry in open terrain (-3)"),
      option_flag("charged-flank-rear", false, "L186, L191", "being charged in flank or rear (-3)"),
      int_param("melees-lost", 0, 0, 4, "melees lost by the Group this phase (-3 each; split B -2)",
                "L186, L192"),
      option_flag("half-strength", false, "L186, L194",
                  "charging or rallying at 50% strength or less (-3; split B -2)"),
      option_flag("split-b", false, "§6.1, L184-L194",
                  "the alternative -2/-3 split (option h4_morale_split_b)"),
      option_choice("general-range", {"d4-per-test", "fixed-20"}, "H4-16",
                    "the General's reach: D4 x 5 cm rolled per test, or 20 cm (option "
                    "h4_16_general_range)"),
      option_choice("losses", {"full-20", "nearest-20"}, "H4-12",
                    "count full 20%s of losses, or the nearest (option h4_12_losses)"),
  };
  r.outcome_fields = {"result", "orders", "fall-back"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return with_record(explain, [&](RollRecord* rec) {
      const OrderChange oc = roll_morale(morale_situation(p), c, rec);
      return Outcome{{"result", text_value(oc.result)},
                     {"orders", text_value(oc.orders)},
                     {"fall-back", int_value(oc.fall_back_cm)}};
    });
  };
  return r;
}

Resolution infantry_charge_resolution() {
  Resolution r;
  r.name = "infantry-charge";
  r.help = "Musket/Bow armed infantry charging frontally: a raw D6, 5-6 or 6 (else halt on Stand)";
  r.ref = "L196-L205, §6.2, H4-08, H4-25";
  r.params = {
      option_flag("heavy-or-defences", false, "L197",
                  "Heavy Infantry, or others attacking defences or troops in soft cover (5, 6)"),
      option_flag("half-strength", false, "L198",
                  "at 50% casualties (then 6, as in other circumstances)"),
  };
  r.outcome_fields = {"result", "orders"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return with_record(explain, [&](RollRecord* rec) {
      const int needed =
          infantry_charge_needed(p.get_bool("heavy-or-defences"), p.get_bool("half-strength"));
      start_record(rec, "infantry charge", needed, "raw D6 (L196-L205)");
      const int face = c.roll(kD6);
      note_face(rec, "d6", face);
      const bool charges = face >= needed;
      if (rec != nullptr) {
        rec->result =
            fmt::format("{}: d6 {} {} {}", charges ? "charge" : "halt", face, charges ? ">=" : "<",
                        needed) +
            (charges ? " (stays on Advance, L7-L8)" : " (halts at 10 cm, goes to Stand, H4-08)");
      }
      return Outcome{{"result", text_value(charges ? "charge" : "halt")},
                     {"orders", text_value(charges ? "advance" : "stand")}};
    });
  };
  return r;
}

}  // namespace smoothbore::group_orders
