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

// The doctrine's kept means (situation_mean_kills, keyed by what the shot reads) answer what
// the shot's own walk does, for every situation, asked in any order: no two situations that
// differ in a field the shot reads share an answer. Ranges in half inches, across every
// weapon's close and effective ranges (a cannon's to 100").
TEST(SquadSkirmishFireMean, KeptBySituationEqualsTheShotsWalk) {
  Rng rng(20261127, 3);
  int kills = 0;
  for (int i = 0; i < 20000; ++i) {
    Params p = random_fire_params(rng);
    const bool cannon = p.get_string("weapon") == "cannon";
    p.set("range", Value(0.5 * (rng.roll(cannon ? 200 : 80) - 1)));
    const FireSituation f = fire_situation(p);
    const double want = fire_mean_kills(fire_shot(f));
    EXPECT_EQ(situation_mean_kills(f), want) << "situation " << i;
    kills += want > 0 ? 1 : 0;
  }
  EXPECT_GT(kills, 5000);
}

// Canister chains up to 19 kills are walked in 128-bit counts of cases: the same doubles as the
// walk on exact fractions (its reference, and the enumeration's equal above up to 7).
TEST(SquadSkirmishFireMean, IntegerChainWalkEqualsTheFractionWalk) {
  Rng rng(20261127, 4);
  int chains = 0;
  for (int i = 0; i < 300; ++i) {
    Params p = random_fire_params(rng);
    p.set("weapon", Value(std::string("cannon")));
    p.set("canister", Value(true));
    p.set("canister-chain", Value(std::string("modified-over-10")));
    p.set("range", Value(static_cast<double>(rng.roll(48) - 1)));
    p.set("target-size", Value(static_cast<std::int64_t>(rng.roll(19))));
    const FireShot shot = fire_shot(fire_situation(p));
    ASSERT_TRUE(shot.rules.chain);
    EXPECT_EQ(fire_mean_kills(shot), fraction_walk_mean_kills(shot)) << "situation " << i;
    ++chains;
  }
  EXPECT_EQ(chains, 300);
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
