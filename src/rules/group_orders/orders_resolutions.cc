// Changing a Group's orders (H4-02, proposed; the text lost how orders change): allowed with
// the General or C-in-C near, never out of or into Rout, and from Retreat to Stand or Reserve
// only with a morale D6 (plus the Group's morale modifiers) of 4+.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/resolutions.h"

namespace smoothbore::group_orders {

OrderChangeSituation order_change_situation(const Params& p) {
  OrderChangeSituation s;
  s.from = p.get_string("from");
  s.to = p.get_string("to");
  s.general_cm = p.get_number("general-distance");
  s.c_in_c_cm = p.get_number("c-in-c-distance");
  s.modifier = static_cast<int>(p.get_int("modifier"));
  s.general_range = p.get_string("general-range");
  s.general_in = static_cast<int>(p.get_int("general-in"));
  s.c_in_c_in = static_cast<int>(p.get_int("c-in-c-in"));
  s.retreat_test = static_cast<int>(p.get_int("retreat-test"));
  return s;
}

std::string_view roll_order_change(const OrderChangeSituation& s, Chance& c, RollRecord* rec) {
  const OrderChangeRule rule = order_change_rule(s.from, s.to, s.general_cm, s.c_in_c_cm,
                                                 s.general_in, s.c_in_c_in, s.retreat_test);
  start_record(rec, "order change", rule.needs_score, "H4-02 (proposed)");
  if (!rule.allowed) {
    if (rec != nullptr) rec->result = "not-allowed: " + rule.why;
    return "not-allowed";
  }
  bool changed = true;
  if (rule.needs_score > 0) {
    // H4-02: the 4+ is a morale test, so it adds the Group's morale modifiers (L169-L194);
    // the General's +1 (the nearer of the General and the C-in-C) needs its D4 (H4-16).
    MoraleSituation ms;
    ms.general_range = s.general_range;
    const double g = s.general_cm, cc = s.c_in_c_cm;
    ms.general_cm = g < 0 ? cc : (cc < 0 ? g : std::min(g, cc));
    const int face = c.roll(kD6);
    note_face(rec, "d6", face);
    const int d4 = morale_rolls_d4(ms) ? c.roll(4) : 0;
    if (d4 > 0) note_face(rec, "d4", d4);
    const Modifiers general = morale_modifiers(ms, d4, rec != nullptr);
    if (rec != nullptr && s.modifier != 0) {
      rec->modifiers.push_back(
          {"the Group's morale modifiers", static_cast<double>(s.modifier), "L169-L194"});
    }
    general.record(rec);
    const int score = face + s.modifier + general.total();
    if (rec != nullptr) rec->target = score;
    changed = score >= rule.needs_score;
  }
  if (rec != nullptr) {
    rec->result =
        fmt::format("{}: {} → {}", changed ? "changed" : "failed", s.from, changed ? s.to : s.from);
  }
  return changed ? "changed" : "failed";
}

Resolution order_change_resolution() {
  Resolution r;
  r.name = "order-change";
  r.help = "a Group changing its orders: General or C-in-C near; Retreat to Stand/Reserve 4+";
  r.ref = "H4-02, L1-L29";
  r.params = {
      option_choice("from", keys_of("orders.orders", "retreat"), "L1-L29", "the current orders"),
      option_choice("to", keys_of("orders.orders", "stand"), "L1-L29", "the orders wanted"),
      number_param("general-distance", 10, -1, 200,
                   "cm from the Group's General to its nearest unit; -1: none", "H4-02"),
      number_param("c-in-c-distance", -1, -1, 200, "cm from the C-in-C; -1: none", "H4-02"),
      int_param("modifier", 0, -12, 12,
                "the Group's morale modifiers for the Retreat test, as `morale test=general` sums "
                "them, but the General's (rolled here from the distances, H4-16)",
                "H4-02, L169-L194"),
      option_choice("general-range", {"d4-per-test", "fixed-20"}, "H4-16, L174",
                    "the General's +1 reaches D4 x 5 cm, rolled per test, or a fixed 20 cm "
                    "(option h4_16_general_range)"),
      int_param("general-in", row("orders.changes", "general").number("cm"), 0, 200,
                "the General's reach (option h4_02_general_in)", "H4-02"),
      int_param("c-in-c-in", row("orders.changes", "c-in-c").number("cm"), 0, 200,
                "the C-in-C's reach (option h4_02_c_in_c_in)", "H4-02"),
      int_param("retreat-test", row("orders.changes", "retreat-test").number("score"), 1, 7,
                "the score Retreat to Stand/Reserve needs (option h4_02_retreat_test)", "H4-02"),
  };
  r.outcome_fields = {"result", "orders"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return with_record(explain, [&](RollRecord* rec) {
      const OrderChangeSituation s = order_change_situation(p);
      const std::string_view result = roll_order_change(s, c, rec);
      return Outcome{{"result", text_value(result)},
                     {"orders", text_value(result == "changed" ? s.to : s.from)}};
    });
  };
  return r;
}

}  // namespace smoothbore::group_orders
