#include "rules/fast_1805/layout.h"

#include <algorithm>
#include <cmath>

namespace smoothbore::fast_1805 {

using namespace std::string_view_literals;  // literals compared by size first

namespace {
int ceil_div(int a, int b) { return (a + b - 1) / b; }
}  // namespace

int ranks(Arm arm, const std::string& formation, int figures) {
  if (formation == "skirmish"sv) return 1;
  if (formation == "line"sv) return std::min(2, std::max(1, figures));
  if (formation == "square"sv) return 1;
  if (formation == "column"sv) {
    int files = arm == Arm::kCavalry ? 2 : 4;
    return std::max(1, ceil_div(figures, files));
  }
  return 1;
}

int front_rank(Arm arm, const std::string& formation, int figures) {
  if (figures <= 0) return 0;
  if (formation == "skirmish"sv) return figures;
  if (formation == "square"sv) return std::max(1, ceil_div(figures, 4));
  if (formation == "column"sv) return std::min(figures, arm == Arm::kCavalry ? 2 : 4);
  return ceil_div(figures, ranks(arm, formation, figures));
}

Size unit_size(Arm arm, const std::string& formation, int figures, int guns) {
  figures = std::max(figures, 1);
  guns = std::max(guns, 1);
  if (arm == Arm::kArtillery || arm == Arm::kWagon) {
    if (formation == "unlimbered"sv) return {kGunWidth * guns, kGunDepth};
    return {kGunWidth, kLimberLength * guns};
  }
  double fw = arm == Arm::kCavalry ? kHorseWidth : kFootWidth;
  double fd = arm == Arm::kCavalry ? kHorseDepth : kFootDepth;
  if (formation == "skirmish"sv) return {kSkirmishSpacing * figures, fd};
  if (formation == "square"sv) {
    double side = std::max(2.0 * fd, fw * front_rank(arm, formation, figures));
    return {side, side};
  }
  int front = front_rank(arm, formation, figures);
  return {fw * front, fd * ranks(arm, formation, figures)};
}

}  // namespace smoothbore::fast_1805
