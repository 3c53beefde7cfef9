// The doctrine's mean kills of one shot (fire_shot.h): the walk over kill states gives, bit for
// bit, what outcome_mean() gives by enumerating every dice path of `fire`, over random
// situations and every option that changes the dice.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/squad_skirmish/fire_shot.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish::detail {
namespace {

Params random_fire_params(Rng& rng) {
  auto pick = [&](const std::vector<std::string>& from) {
    return Value(from[static_cast<std::size_t>(rng.roll(static_cast<int>(from.size())) - 1)]);
  };
  auto coin = [&] { return Value(rng.roll(2) == 1); };
  const bool cannon = rng.roll(3) == 1;
  std::map<std::string, Value> p = {
      {"weapon",
       cannon ? Value(std::string("cannon")) : pick({"musket", "rifle", "blunderbuss", "pistol"})},
      {"range", Value(static_cast<double>(rng.roll(30) - 1))},
      {"quality", pick({"regular", "green", "veteran"})},
      {"mounted", coin()},
      {"wounded", coin()},
      {"target-cover", pick({"none", "soft", "hard"})},
      {"target-formed", coin()},
      {"volley", coin()},
      {"canister", coin()},
      {"tap-loaded", coin()},
      // The enumeration of a long canister chain takes seconds: the walk is checked up to 7.
      {"target-size", Value(static_cast<std::int64_t>(rng.roll(7)))},
      {"squad-leader", coin()},
      {"officer", coin()},
      {"natural-10", pick({"face", "modified"})},
      {"natural-10-kills", coin()},
      {"missing-victim", pick({"ranker", "no-kill"})},
      {"canister-chain", pick({"modified-over-10", "none"})},
      {"ball-close", pick({"plus-1", "none"})},
  };
  const Resolution r = fire_resolution();
  return *complete_params(r.params, p);
}

TEST(SquadSkirmishFireMean, WalkEqualsEnumerationBitForBit) {
  Rng rng(20261123, 1);
  int chains = 0;
  for (int i = 0; i < 400; ++i) {
    const Params p = random_fire_params(rng);
    const FireShot shot = fire_shot(fire_situation(p));
    if (shot.rules.chain) ++chains;
    const double walked = fire_mean_kills(shot);
    const double enumerated = fire_mean_kills_enumerated(p);
    EXPECT_EQ(walked, enumerated) << "situation " << i;
    // Asked again, the kept answer is the same.
    EXPECT_EQ(fire_mean_kills(shot), walked);
  }
  EXPECT_GT(chains, 10);  // canister chains were among them
}

TEST(SquadSkirmishFireMean, BeyondEffectiveRangeIsNoFire) {
  Rng rng(7, 2);
  Params p = random_fire_params(rng);
  p.set("weapon", Value(std::string("musket")));
  p.set("range", Value(100.0));
  EXPECT_TRUE(fire_shot(fire_situation(p)).beyond);
  EXPECT_EQ(fire_mean_kills(fire_shot(fire_situation(p))), 0.0);
  EXPECT_EQ(fire_mean_kills_enumerated(p), 0.0);
}

}  // namespace
}  // namespace smoothbore::squad_skirmish::detail
