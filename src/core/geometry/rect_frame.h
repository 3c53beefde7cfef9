// A footprint with its axes and corners worked out once (issue 9). Each axis of a Rect is
// a sine and a cosine, and every query on a Rect works them out again; a rule set that meets
// the same footprint many times in a step (a mover against the units near it, a unit against
// each candidate target) keeps a RectFrame per footprint instead. The queries on frames
// answer exactly (bit for bit) as the same queries on the Rects.
#pragma once

#include <array>

#include "core/geometry/shapes.h"

namespace smoothbore {

// A footprint's corners from its centre, axes (forward `f`, right `r`) and half depth and
// width, in rect.corners()' order (front-left, front-right, rear-right, rear-left): the one
// corner arithmetic of every frame, and of the footprints whose axes a caller already holds
// (a unit's stands share a facing), so that all agree bit for bit.
inline std::array<Vec2, 4> corners_on_axes(Vec2 c, Vec2 f, Vec2 r, double hd, double hw) {
  const Vec2 fd = f * hd;
  const Vec2 rw = r * hw;
  return {c + fd - rw, c + fd + rw, c - fd + rw, c - fd - rw};
}

struct RectFrame {
  RectFrame() = default;
  explicit RectFrame(const Rect& rect);

  Rect rect;
  Vec2 f;                       // rect.forward()
  Vec2 r;                       // rect.right()
  double hd = 0;                // half the depth, mm
  double hw = 0;                // half the width, mm
  std::array<Vec2, 4> corners;  // as rect.corners(): front-left, front-right, rear-right, rear-left

  // As rect.contains(p): boundary included.
  bool contains(Vec2 p) const;
  // As rect.front_centre().
  Vec2 front_centre() const { return rect.centre + f * hd; }
  // The frame of the same footprint moved to `centre`: as RectFrame of that Rect, bit for
  // bit, without working out the axes again (a footprint stepped along a move).
  // (Out of line: inlined into its callers it cost group-orders' warm battle 0.4% more.)
  RectFrame moved_to(Vec2 centre) const;
  // In place, as *this = moved_to(centre): a frame stepped along a move without a copy.
  void move_to(Vec2 centre) {
    rect.centre = centre;
    place_corners();
  }
  // In place, the frame of `rect_in` on axes already worked out for its facing: `forward` and
  // `right` must be rect_in.forward() and rect_in.right() bit for bit (a rule set's axes kept
  // per facing, issue 9); the frame is then RectFrame(rect_in), bit for bit, without a sine.
  void assign_on_axes(const Rect& rect_in, Vec2 forward, Vec2 right) {
    rect = rect_in;
    f = forward;
    r = right;
    hd = rect_in.depth / 2;
    hw = rect_in.width / 2;
    place_corners();
  }

 private:
  // The corners from the centre, axes and half sizes: the one arithmetic of the constructor,
  // move_to and assign_on_axes, so that every way of building a frame agrees bit for bit.
  void place_corners() { corners = corners_on_axes(rect.centre, f, r, hd, hw); }
};

// As distance(a.rect, b.rect) (common.md §3.4): the edge-to-edge shortest distance, 0 if
// the footprints touch or overlap.
double distance(const RectFrame& a, const RectFrame& b);
// As distance(a.rect, p) (shapes.h): from the footprint's edge to the point, 0 inside.
double distance(const RectFrame& a, Vec2 p);
// As overlaps(a.rect, b.rect, tolerance) (shapes.h): interiors overlap by more than
// `tolerance` mm.
bool overlaps(const RectFrame& a, const RectFrame& b, double tolerance = 1e-6);
// As a.rect.bounds().
Box bounds(const RectFrame& a);
// As zone_of(target.rect, p) (shapes.h), bit for bit, with the frame's axes.
Zone zone_of(const RectFrame& target, Vec2 p);
// As corridor_distance(firer, target.rect, range) (shapes.h), bit for bit, on the frame's
// corners.
double corridor_distance(const Rect& firer, const RectFrame& target, double range);
// As in_arc(firer.rect, target.rect, half_angle_deg) (shapes.h), bit for bit.
bool in_arc(const RectFrame& firer, const RectFrame& target, double half_angle_deg);
// The widest gap between the two footprints' shadows on any of their four axes (negative
// when every shadow overlaps): a cheap lower bound of distance(a, b), which it undercuts
// by no more than rounding (far under 1e-6 mm on a table); a gap above 0 means no overlap.
double axis_gap(const RectFrame& a, const RectFrame& b);

}  // namespace smoothbore
