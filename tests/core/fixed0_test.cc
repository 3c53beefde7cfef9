// append_fixed0 (core/text/fixed0.h), which Action::describe writes destinations and facings
// with: fmt's "{:.0f}" without fmt for non-negative values not half-way between two whole
// numbers, the same text as fmt for the half-way values and their neighbours, quarters,
// table coordinates and bearings, the limits, negative and signed zeros, and scattered
// doubles of every size.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/text/fixed0.h"

namespace smoothbore {
namespace {

std::string fixed0(double v) {
  std::string out = "x";  // appended to what is there
  append_fixed0(out, v);
  return out.substr(1);
}

void expect_fixed0(double v) { EXPECT_EQ(fixed0(v), fmt::format("{:.0f}", v)) << v; }

TEST(Fixed0, EqualsFmtAtAndBesideTies) {
  for (int i = 0; i <= 40000; ++i) {
    const double half = i + 0.5;  // fmt rounds the exact ties to even
    for (double v : {half, std::nextafter(half, 0.0), std::nextafter(half, 1e9), i / 4.0, i / 10.0,
                     i / 25.4, -i / 4.0, static_cast<double>(i)}) {
      expect_fixed0(v);
    }
  }
  for (double v : {-0.0,
                   0.0,
                   0.5,
                   0.49999999999999994,
                   0.25,
                   0.75,
                   1e13 + 0.25,
                   99999999999999.4,
                   99999999999999.6,
                   1e14,
                   1e14 + 0.5,
                   1e15,
                   1e20,
                   std::ldexp(1.0, -11),
                   std::ldexp(1.0, -12),
                   std::numeric_limits<double>::denorm_min(),
                   std::numeric_limits<double>::min(),
                   std::numeric_limits<double>::max(),
                   std::numeric_limits<double>::infinity(),
                   -std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN(),
                   -0.3,
                   -2.5}) {
    expect_fixed0(v);
  }
}

// Table coordinates in mm, bearings in degrees, and every size.
TEST(Fixed0, EqualsFmtOnScatteredDoubles) {
  std::mt19937_64 gen(12);
  std::uniform_real_distribution<double> table(0.0, 60000.0), bearing(0.0, 360.0);
  std::uniform_real_distribution<double> exponent(-30.0, 16.0);
  for (int i = 0; i < 200000; ++i) {
    expect_fixed0(table(gen));
    expect_fixed0(bearing(gen));
    expect_fixed0(std::pow(10.0, exponent(gen)));
  }
}

}  // namespace
}  // namespace smoothbore
