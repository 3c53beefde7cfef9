// A cheap two-sided estimate of the gap between two footprints (issue 9): the least
// distance from a corner of either to the other, each from the corner's coordinates in the
// other's frame. Two footprints that do not overlap are nearest at a corner of one, so the
// estimate is distance(a, b) (rect_frame.h) up to rounding, far under 1e-6 mm on a table;
// when they touch or overlap distance(a, b) is 0 and the estimate is at least that. It
// costs the corner projections distance(a, b) begins with, without the overlap tests and
// the edge formulas, so a caller that only wants to know whether the gap may lie near a
// value (the doctrine's advance, sim/commander.cc) measures exactly only those that may.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "core/geometry/rect_frame.h"

namespace smoothbore {

// The least distance from a corner of `a` to `b` or a corner of `b` to `a`, each as if the
// corner lay outside the other footprint (0 for a corner inside it).
inline double corner_gap(const RectFrame& a, const RectFrame& b) {
  // The square of the distance from p to the footprint of `fr`, from p's coordinates along
  // its right and forward axes.
  auto beyond2 = [](const RectFrame& fr, Vec2 p) {
    const Vec2 d = p - fr.rect.centre;
    const double out_u = std::max(std::fabs(d.dot(fr.r)) - fr.hw, 0.0);
    const double out_v = std::max(std::fabs(d.dot(fr.f)) - fr.hd, 0.0);
    return out_u * out_u + out_v * out_v;
  };
  double least = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < 4; ++i) {
    least = std::min({least, beyond2(b, a.corners[i]), beyond2(a, b.corners[i])});
  }
  return std::sqrt(least);
}

// corner_gap(mover.moved_to(c), fixed) for many centres c of one footprint moved but not
// turned, up to rounding far under 1e-6 mm: the corners' offsets along the other's axes
// are worked out once, so a centre costs four dot products and the eight corners' sums.
class TranslatedCornerGap {
 public:
  TranslatedCornerGap(const RectFrame& mover, const RectFrame& fixed)
      : mr_(mover.r),
        mf_(mover.f),
        mhw_(mover.hw),
        mhd_(mover.hd),
        fc_(fixed.rect.centre),
        fr_(fixed.r),
        ff_(fixed.f),
        fhw_(fixed.hw),
        fhd_(fixed.hd) {
    const Vec2 fd = mover.f * mover.hd;
    const Vec2 rw = mover.r * mover.hw;
    const Vec2 offsets[4] = {fd - rw, fd + rw, rw - fd, (fd + rw) * -1.0};
    for (std::size_t i = 0; i < 4; ++i) {
      mover_u_[i] = offsets[i].dot(fr_);
      mover_v_[i] = offsets[i].dot(ff_);
      fixed_u_[i] = fixed.corners[i].dot(mr_);
      fixed_v_[i] = fixed.corners[i].dot(mf_);
    }
  }

  double at(Vec2 centre) const {
    auto beyond2 = [](double u, double v, double hw, double hd) {
      const double out_u = std::max(std::fabs(u) - hw, 0.0);
      const double out_v = std::max(std::fabs(v) - hd, 0.0);
      return out_u * out_u + out_v * out_v;
    };
    const Vec2 d = centre - fc_;
    const double du = d.dot(fr_), dv = d.dot(ff_);
    const double cu = centre.dot(mr_), cv = centre.dot(mf_);
    double least = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < 4; ++i) {
      least = std::min(least, beyond2(du + mover_u_[i], dv + mover_v_[i], fhw_, fhd_));
      least = std::min(least, beyond2(fixed_u_[i] - cu, fixed_v_[i] - cv, mhw_, mhd_));
    }
    return std::sqrt(least);
  }

 private:
  Vec2 mr_, mf_;       // the mover's right and forward axes
  double mhw_, mhd_;   // its half width and half depth
  Vec2 fc_, fr_, ff_;  // the fixed footprint's centre and axes
  double fhw_, fhd_;   // its half width and half depth
  double mover_u_[4];  // the mover's corners less its centre, along fr_
  double mover_v_[4];  // and along ff_
  double fixed_u_[4];  // the fixed footprint's corners along mr_
  double fixed_v_[4];  // and along mf_
};

}  // namespace smoothbore
