// Exact hit distributions of Fire and Discipline fire shared by the option tests: the shot
// of the gun u0 in Phase II, and a named fire resolution as the odds CLI computes it.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/param.h"
#include "rules/resolution.h"

namespace smoothbore::fire_and_discipline::fd_test {

// The exact hits of the gun u0's Phase II when its shot is the first `rolls` dice (they
// come before any casualty).
inline IntDist gun_hits(const FdState& s, int rolls = 1) {
  return exact_step(
      s, [](FdState& t, Chance& c, EventLog& log) { artillery_phase(t, {}, {}, c, log); },
      [](const FdState&, const EventLog& log) { return fire_hits(log, "u0"); }, rolls);
}

// The named fire resolution's (`artillery`, `musketry`, `skirmish-fire`) exact hits.
inline IntDist named_fire_hits(const std::string& name,
                               const std::vector<std::string>& assignments) {
  for (const Resolution& r : fire_resolutions()) {
    if (r.name != name) continue;
    auto p = parse_assignments(r.params, assignments);
    EXPECT_TRUE(p.has_value()) << (p ? "" : p.error());
    IntDist d;
    for (const auto& op : exact_distribution(r, *p)) {
      d[std::stoi(to_string(op.outcome.front().second))] += op.probability;
    }
    return d;
  }
  ADD_FAILURE() << "no resolution " << name;
  return {};
}

}  // namespace smoothbore::fire_and_discipline::fd_test
