// group-orders' append_tenths (tenths.h) against fmt's "{:.1f}" itself: random distances of
// every size the battles give, values a hair either side of each rounding tie and the ties,
// whole numbers, zero, negative, huge and not finite values.
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/group_orders/tenths.h"

namespace smoothbore::group_orders {
namespace {

void expect_as_fmt(double v) {
  std::string got = "x";
  append_tenths(got, v);
  EXPECT_EQ(got, "x" + fmt::format("{:.1f}", v)) << fmt::format("{:.17g}", v);
}

TEST(GroupOrdersTenths, WritesAsFmt) {
  std::mt19937 g(1805);
  std::uniform_real_distribution<double> cm(0, 200), unit(0, 1);
  for (int k = 0; k < 200000; ++k) {
    expect_as_fmt(cm(g));
    expect_as_fmt(unit(g) * std::pow(10.0, static_cast<int>(g() % 12) - 3));
  }
  for (int n = 0; n < 20000; ++n) {
    const double tie = (n + 0.5) / 10;  // fmt rounds the exact ties (n.25, n.75) to even
    expect_as_fmt(tie);
    expect_as_fmt(std::nextafter(tie, 0.0));
    expect_as_fmt(std::nextafter(tie, 1e9));
    expect_as_fmt(n / 10.0);
    expect_as_fmt(n + 0.25);
    expect_as_fmt(n + 0.75);
  }
  for (double v : {0.0, -0.0, 0.05, 0.04999999999, -0.05, -3.26, 999999999.95, 1e9, 1e12,
                   std::numeric_limits<double>::infinity(), std::nan("")}) {
    expect_as_fmt(v);
  }
}

}  // namespace
}  // namespace smoothbore::group_orders
