// SK-11 sk_11_follow_in below the squad closed up base to base (README.md, Options): whole
// battles with the figures as close as they can stand keep every invariant after every step,
// among them one where a field promotion's closing up is blocked (L34-L36: the squad closes
// up on its new leader at its next move, L48; SquadState::unclosed).
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "sim/embedded_scenario.h"
#include "sim/options_sweep.h"

namespace smoothbore {
namespace {

// Plays `file` with sk_11_follow_in = `follow`, the invariants after every step; returns the
// number of field promotions.
int play_checked(const std::string& file, std::uint64_t seed, const std::string& commanders,
                 std::int64_t follow) {
  Scenario sc = load_embedded("squad-skirmish/" + file);
  sc.options.set("sk_11_follow_in", Value(follow));
  return options_sweep::play_checked(
      sc, seed, commanders, "sk_11_follow_in=" + std::to_string(follow), "field promotion");
}

TEST(SquadSkirmishFollowIn, BelowTheClosedUpSquadPlaysWholeBattles_SK11) {
  // The Farm squad's new leader cannot have his squad close up on him (the 4-pounder and the
  // buildings in the way): its figures stood beyond 1.97" of him until it moved.
  EXPECT_GT(play_checked("raid.toml", 13, "random", 1), 0);
  for (const std::int64_t follow : {0, 1, 2}) {
    for (const char* commanders : {"doctrine", "random"}) {
      for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        play_checked("small.toml", seed, commanders, follow);
        play_checked("raid.toml", seed, commanders, follow);
      }
    }
  }
}

}  // namespace
}  // namespace smoothbore
