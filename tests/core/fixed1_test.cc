// append_fixed1 (core/text/fixed1.h), which squad-skirmish's and group-orders' move events
// write their distances with: fmt's "{:.1f}" without fmt for non-negative values not half-way
// between two tenths, the same text as fmt for the half-way values and their neighbours,
// whole and quarter numbers, moves in millimetres over the inch, the limits, negative and
// signed zeros, and scattered doubles of every size.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/text/fixed1.h"

namespace smoothbore {
namespace {

std::string fixed1(double v) {
  std::string out = "x";  // appended to what is there
  append_fixed1(out, v);
  return out.substr(1);
}

void expect_fmt(double v) { EXPECT_EQ(fixed1(v), fmt::format("{:.1f}", v)) << v; }

TEST(Fixed1, EqualsFmt) {
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

// group-orders' distances in cm (0 to 200) and every size, ties and their neighbours.
TEST(Fixed1, WritesCentimetreDistancesAsFmt) {
  std::mt19937 g(1805);
  std::uniform_real_distribution<double> cm(0, 200), unit(0, 1);
  for (int k = 0; k < 200000; ++k) {
    expect_fmt(cm(g));
    expect_fmt(unit(g) * std::pow(10.0, static_cast<int>(g() % 12) - 3));
  }
  for (int n = 0; n < 20000; ++n) {
    const double tie = (n + 0.5) / 10;  // fmt rounds the exact ties (n.25, n.75) to even
    expect_fmt(tie);
    expect_fmt(std::nextafter(tie, 0.0));
    expect_fmt(std::nextafter(tie, 1e9));
    expect_fmt(n / 10.0);
    expect_fmt(n + 0.25);
    expect_fmt(n + 0.75);
  }
  for (double v : {0.0, -0.0, 0.05, 0.04999999999, -0.05, -3.26, 999999999.95, 1e9, 1e12,
                   std::numeric_limits<double>::infinity(), std::nan("")}) {
    expect_fmt(v);
  }
}

}  // namespace
}  // namespace smoothbore
