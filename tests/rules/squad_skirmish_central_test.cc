// most_central (where a squad leader stands: the point whose farthest other point is nearest,
// ties to the first) works each pair's square out once; it names the point the plain reading
// names (every point against every other), for the rule set's own layouts of squads of 1 to
// 18 figures, open and formed, at many facings and places (exact ties among the symmetric
// slots), and for scattered points.
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/squad_skirmish.h"

namespace smoothbore {
namespace {

std::size_t most_central_plain(const std::vector<Vec2>& points) {
  std::size_t best = 0;
  double best_far = 1e300;
  for (std::size_t i = 0; i < points.size(); ++i) {
    double far = 0;
    for (Vec2 q : points) far = std::max(far, std::sqrt((points[i] - q).dot(points[i] - q)));
    if (far < best_far - 1e-9) {
      best_far = far;
      best = i;
    }
  }
  return best;
}

TEST(SquadSkirmishCentral, MostCentralEqualsThePlainReading) {
  const Ruleset& rs = squad_skirmish::ruleset();
  Rng rng(5, 1);
  int compared = 0;
  for (const char* type : {"infantry", "cavalry"}) {
    for (const char* formation : {"open", "formed"}) {
      for (int figures = 1; figures <= 18; ++figures) {
        for (int i = 0; i < 8; ++i) {
          Unit u;
          u.type = type;
          u.arm = std::string(type) == "cavalry" ? Arm::kCavalry : Arm::kFoot;
          u.formation = formation;
          u.start_figures = figures;
          const Vec2 at{static_cast<double>(rng.roll(2000)), static_cast<double>(rng.roll(1000))};
          const double facing = i < 4 ? 90.0 * i : rng.roll(3600) / 10.0;
          std::vector<Vec2> points;
          for (const Stand& st : rs.layout(u, at, facing)) points.push_back(st.rect.centre);
          EXPECT_EQ(squad_skirmish::most_central(points), most_central_plain(points))
              << type << " " << formation << " " << figures << " at " << facing;
          ++compared;
        }
      }
    }
  }
  for (int i = 0; i < 200; ++i) {
    std::vector<Vec2> points;
    for (int n = 1 + rng.roll(18); n > 0; --n) {
      points.push_back({rng.roll(500) * 0.5, rng.roll(500) * 0.5});
    }
    EXPECT_EQ(squad_skirmish::most_central(points), most_central_plain(points));
    ++compared;
  }
  EXPECT_GT(compared, 500);
}

}  // namespace
}  // namespace smoothbore
