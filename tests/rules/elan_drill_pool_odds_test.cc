// The exact odds of elan-drill's D12 pools (pool.cc picks each count from its binomial
// cases, cached per pool size) against a brute force over every face of every die, for
// pools small enough to list: close action (hits, then saves with natural 12s special)
// and saves, and the same odds again once the cases are cached.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "resolution_test_util.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill_res.h"

namespace smoothbore::elan_drill {
namespace {

using test::Dist;
using test::exact;
using test::expect_dist;

using resolution_test::res;

// Every face of `dice` D12, each combination with probability 12^-dice.
template <typename Visit>
void every_roll(int dice, Visit visit, std::vector<int>& faces) {
  if (static_cast<int>(faces.size()) == dice) {
    visit(faces);
    return;
  }
  for (int f = 1; f <= 12; ++f) {
    faces.push_back(f);
    every_roll(dice, visit, faces);
    faces.pop_back();
  }
}

// Saves of `hits` at `factor`, natural 12 special: key "casualties/special".
Dist brute_saves(int hits, int factor, double weight, Dist& into) {
  std::vector<int> faces;
  const double each = weight / std::pow(12.0, hits);
  every_roll(
      hits,
      [&](const std::vector<int>& f) {
        int casualties = 0, special = 0;
        for (int face : f) {
          if (face == 12) ++special;
          if (face == 12 || face > factor) ++casualties;
        }
        into[std::to_string(casualties) + "/" + std::to_string(special)] += each;
      },
      faces);
  return into;
}

TEST(ElanDrillPoolOdds, SavesMatchBruteForce) {
  // Steady save 6 (L243, close_saves.toml), in the open, natural 12 special (L261).
  for (int hits : {1, 2, 3, 4}) {
    Dist want;
    brute_saves(hits, 6, 1.0, want);
    const std::vector<std::string> args = {"hits=" + std::to_string(hits)};
    expect_dist(exact(res("save"), args), want);
    expect_dist(exact(res("save"), args), want);  // again, from the cached cases
  }
}

TEST(ElanDrillPoolOdds, CloseActionMatchesBruteForce) {
  // Skill 5 (hits on D12 <= 5), then the target's steady saves in melee (6).
  for (int figures : {1, 2, 3}) {
    Dist want;
    std::vector<int> faces;
    every_roll(
        figures,
        [&](const std::vector<int>& f) {
          int hits = 0;
          for (int face : f) hits += face <= 5 ? 1 : 0;
          Dist saves;
          brute_saves(hits, 6, std::pow(12.0, -figures), saves);
          for (const auto& [k, p] : saves) want[std::to_string(hits) + "/" + k] += p;
        },
        faces);
    const std::vector<std::string> args = {"figures=" + std::to_string(figures)};
    expect_dist(exact(res("close-action"), args), want);
    expect_dist(exact(res("close-action"), args), want);
  }
}

}  // namespace
}  // namespace smoothbore::elan_drill
