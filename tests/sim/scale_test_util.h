// Shared by the scale tests (issue 9): a generated battle of the rule set, and the scan of
// every unit the doctrine commander falls back on without a spatial index, to check the
// rule sets' indexed answers against.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "core/geometry/shapes.h"
#include "io/generate.h"
#include "io/scenario_file.h"
#include "rules/registry.h"

namespace smoothbore {

// `smoothbore generate --ruleset ID --stands N --seed S`, loaded; a failure to generate or
// load is a test failure (and an empty scenario).
inline Scenario generated_battle(const std::string& ruleset, int stands, std::uint64_t seed) {
  const Ruleset* rs = find_ruleset(ruleset);
  EXPECT_NE(rs, nullptr) << ruleset;
  if (rs == nullptr) return {};
  GenerateRequest req;
  req.stands = stands;
  req.seed = seed;
  const auto text = generate_scenario(*rs, req);
  EXPECT_TRUE(text.has_value()) << (text ? "" : text.error());
  if (!text) return {};
  auto sc = load_scenario_text(*text, "generated");
  EXPECT_TRUE(sc.has_value()) << (sc ? "" : format(sc.error().front()));
  return sc ? *sc : Scenario{};
}

// The active enemy of `unit` nearest edge to edge, ties to the lower index, and its gap in
// *gap (infinity when none): what NearestEnemyIndex::nearest_active_enemy must answer.
inline int scan_nearest_active(const Force& f, int unit, double* gap) {
  int best = -1;
  *gap = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < f.units.size(); ++i) {
    const Unit& e = f.units[i];
    if (e.side == f.units[unit].side || e.status != UnitStatus::kActive) continue;
    const double d = distance(f.units[unit].footprint(), e.footprint());
    if (d < *gap) {
      *gap = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace smoothbore
