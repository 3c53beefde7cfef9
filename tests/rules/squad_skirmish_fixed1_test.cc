// A move's event writes the inches moved with detail::append_fixed1, fmt's "{:.1f}" without
// fmt for non-negative values not half-way between two tenths: the same text as fmt for the
// half-way values and their neighbours, whole and quarter numbers, moves in millimetres over
// the inch, the limits, negative and signed zeros, and scattered doubles of every size.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/squad_skirmish/resolution_util.h"

namespace smoothbore {
namespace {

std::string fixed1(double v) {
  std::string out = "x";  // appended to what is there
  squad_skirmish::detail::append_fixed1(out, v);
  return out.substr(1);
}

void expect_fmt(double v) { EXPECT_EQ(fixed1(v), fmt::format("{:.1f}", v)) << v; }

TEST(SquadSkirmishFixed1, EqualsFmt) {
  for (int i = 0; i <= 4000; ++i) {
    // (i + 1/2) / 10 is half-way (as a real); the doubles at and beside it, and quarters.
    const double half = (i + 0.5) / 10;
    for (double v : {half, std::nextafter(half, 0.0), std::nextafter(half, 1e9), i / 4.0, i / 10.0,
                     i / 20.0, i / 25.4, i * 0.25 * 25.4 / 25.4, -i / 4.0}) {
      expect_fmt(v);
    }
  }
  for (double v :
       {-0.0, 0.0, 0.05, 0.04999999999999999, 0.25, 0.75, 1e13 + 0.25, 99999999999999.9, 1e14,
        1e14 + 0.5, 1e15, 1e20, std::numeric_limits<double>::denorm_min(),
        std::numeric_limits<double>::min(), std::numeric_limits<double>::max(),
        std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
        std::numeric_limits<double>::quiet_NaN()}) {
    expect_fmt(v);
  }
  std::mt19937_64 gen(11);
  std::uniform_real_distribution<double> table(0.0, 2000.0);
  std::uniform_real_distribution<double> exponent(-30.0, 16.0);
  for (int i = 0; i < 200000; ++i) {
    expect_fmt(table(gen));
    expect_fmt(std::pow(10.0, exponent(gen)));
    expect_fmt(std::max(0.0, table(gen) * 25.4 - (i % 40) * 0.25 * 25.4) / 25.4);
  }
}

}  // namespace
}  // namespace smoothbore
