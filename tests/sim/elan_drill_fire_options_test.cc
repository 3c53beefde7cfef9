// elan-drill fire options in the battle (shared/rules/001.md §7): when a firer counts as
// moving (D12-28, d12_28_moving). The situations are the battle's own (fire_situation).
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/elan_drill/battle_impl.h"
#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

using elan_drill::BattleED;
using elan_drill::kMm;

// Two lines 12" apart: b1 (a 6" move, D12-07) fires at r1.
Scenario two_lines(std::string_view options) {
  return ed(unit_toml("b1", "infantry", "line", 20, 24, 4),
            unit_toml("r1", "infantry", "line", 20, 24, 16, "facing = 180\n"), options);
}

// D12-28: by default a firer that moved at all in this player turn fires "moving" (-1, L200);
// with `moved-over-half` only one that moved more than half its move (3" of 6").
TEST(ElanDrillFireOptions, MovingOption_D12_28) {
  for (const bool over_half : {false, true}) {
    const Scenario sc = two_lines(
        fmt::format("d12_28_moving = \"{}\"", over_half ? "moved-over-half" : "moved-this-turn"));
    for (const double moved_in : {0.0, 2.0, 3.0, 4.0}) {
      BattleED b(sc, 1, 0);
      const int u = b.force().unit_index("b1"), t = b.force().unit_index("r1");
      ASSERT_EQ(b.move_rate_in(u), 6.0);
      if (moved_in > 0) b.mark_moved(u, moved_in * kMm);
      const bool expect = over_half ? moved_in > 3.0 : moved_in > 0;
      EXPECT_EQ(b.fire_situation(u, t, false).general.moving, expect)
          << over_half << " " << moved_in;
    }
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
