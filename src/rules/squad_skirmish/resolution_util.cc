#include "rules/squad_skirmish/resolution_util.h"

#include <fmt/format.h>

#include "core/check.h"

namespace smoothbore::squad_skirmish::detail {

std::vector<std::string> keys_of(std::string_view table_name, std::string_view first) {
  return row_keys(table(table_name), first);
}

namespace {

// The rows, found once (the tables are embedded and fixed): the charge's exact odds test
// morale on every dice path.
const Row& base_row(const MoraleSituation& s) { return row("morale.base", s.quality); }

Modifiers morale_modifiers(const MoraleSituation& s) {
  static const Row& kLost = row("morale.modifiers", "figure-lost");
  static const Row& kLeaderKilled = row("morale.modifiers", "leader-killed");
  static const Row& kFormed = row("morale.modifiers", "formed");
  static const Row& kRallying = row("morale.modifiers", "officer-rallying");
  Modifiers m;
  m.add(kLost, s.figures_lost);
  if (s.leader_killed) m.add(kLeaderKilled);
  if (s.formed) m.add(kFormed);
  if (s.officer_rallying) m.add(kRallying);
  if (s.wounded_leader) m.add("wounded squad leader (Heroes, -1 to his rolls)", -1, "L99, §10");
  return m;
}

}  // namespace

int modified_morale(const MoraleSituation& s) {
  return base_row(s).number("morale") + morale_modifiers(s).total();
}

const Row& morale_result(int miss) {
  static const Table& kResults = table("morale.results");
  const Row* out = nullptr;
  for (const Row& r : kResults.rows) {
    if (miss >= r.number("min") && miss <= r.number("max")) out = &r;
  }
  SB_CHECK(out != nullptr, "no morale result row");
  return *out;
}

MoraleResult morale_test(const MoraleSituation& s, Chance& chance, RollRecord* rec,
                         std::string_view purpose) {
  const Row& base = base_row(s);
  const Modifiers m = morale_modifiers(s);
  MoraleResult out;
  out.morale = base.number("morale") + m.total();
  if (rec != nullptr) {
    start_record(rec, purpose, base.number("morale"),
                 fmt::format("{} base morale ({})", base.name, base.ref));
  }
  m.record(rec);
  if (rec != nullptr) rec->target = out.morale;
  out.roll = chance.roll(kD10);
  note_face(rec, "d10", out.roll);
  const int miss = out.roll - out.morale;
  out.result = &morale_result(miss);
  if (rec != nullptr) {
    rec->result = miss <= 0 ? fmt::format("{}: d10 {} <= {} ({})", out.result->key, out.roll,
                                          out.morale, out.result->ref)
                            : fmt::format("{}: d10 {} vs {}, failed by {} ({})", out.result->key,
                                          out.roll, out.morale, miss, out.result->ref);
  }
  return out;
}

}  // namespace smoothbore::squad_skirmish::detail
