#include "rules/squad_skirmish/resolution_util.h"

#include <fmt/format.h>

#include "core/check.h"

namespace smoothbore::squad_skirmish::detail {

std::vector<std::string> keys_of(std::string_view table_name, std::string_view first) {
  return row_keys(table(table_name), first);
}

MoraleResult morale_test(const MoraleSituation& s, Chance& chance, RollRecord* rec,
                         std::string_view purpose) {
  // The rows, found once (the tables are embedded and fixed): the charge's exact odds test
  // morale on every dice path.
  static const Row& kLost = row("morale.modifiers", "figure-lost");
  static const Row& kLeaderKilled = row("morale.modifiers", "leader-killed");
  static const Row& kFormed = row("morale.modifiers", "formed");
  static const Row& kRallying = row("morale.modifiers", "officer-rallying");
  static const Table& kResults = table("morale.results");
  const Row& base = row("morale.base", s.quality);
  Modifiers m;
  m.add(kLost, s.figures_lost);
  if (s.leader_killed) m.add(kLeaderKilled);
  if (s.formed) m.add(kFormed);
  if (s.officer_rallying) m.add(kRallying);
  if (s.wounded_leader) m.add("wounded squad leader (Heroes, -1 to his rolls)", -1, "L99, §10");
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
  for (const Row& r : kResults.rows) {
    if (miss >= r.number("min") && miss <= r.number("max")) out.result = &r;
  }
  SB_CHECK(out.result != nullptr, "no morale result row");
  if (rec != nullptr) {
    rec->result = miss <= 0 ? fmt::format("{}: d10 {} <= {} ({})", out.result->key, out.roll,
                                          out.morale, out.result->ref)
                            : fmt::format("{}: d10 {} vs {}, failed by {} ({})", out.result->key,
                                          out.roll, out.morale, miss, out.result->ref);
  }
  return out;
}

}  // namespace smoothbore::squad_skirmish::detail
