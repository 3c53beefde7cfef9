// A movement roll's record writes its inches with detail::format_g, fmt's "{:g}" without fmt
// for whole and half numbers below 10^5: the same text as fmt for those, for the values
// around its limits, negative and signed zeros, and for scattered doubles.
#include <cmath>
#include <limits>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/squad_skirmish/resolution_util.h"

namespace smoothbore {
namespace {

using squad_skirmish::detail::format_g;

TEST(SquadSkirmishFormatG, EqualsFmt) {
  for (int i = 0; i <= 240; ++i) {
    for (double v : {i / 2.0, i / 4.0, i / 3.0, -i / 2.0}) {
      EXPECT_EQ(format_g(v), fmt::format("{:g}", v)) << v;
    }
  }
  for (double v : {-0.0, 0.0, 99999.0, 99999.5, 100000.0, 100000.5, 999999.0, 1e6, 1e7 + 0.5, 0.1,
                   1e-7, std::numeric_limits<double>::infinity(), std::nextafter(3.5, 4.0),
                   std::nextafter(3.0, 2.0)}) {
    EXPECT_EQ(format_g(v), fmt::format("{:g}", v)) << v;
  }
  std::mt19937_64 gen(3);
  std::uniform_real_distribution<double> any(0.0, 200000.0);
  for (int i = 0; i < 5000; ++i) {
    const double v = i % 2 == 0 ? any(gen) : std::round(any(gen) * 2) / 2;
    EXPECT_EQ(format_g(v), fmt::format("{:g}", v)) << v;
  }
}

}  // namespace
}  // namespace smoothbore
