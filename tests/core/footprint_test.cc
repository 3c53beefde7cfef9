// Unit::footprint works out each stand's corners on the first stand's axes when the stand
// faces as it does (issue 9: a sine and a cosine per stand saved); the answer must be the one
// the plain Rect corners give, bit for bit, for stands facing alike, differently, or removed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "core/force/force.h"
#include "rect_gen.h"

namespace smoothbore {
namespace {

// The footprint as it was computed before: every stand's Rect::corners().
Rect reference_footprint(const Unit& u) {
  std::vector<const Stand*> live;
  for (const Stand& s : u.stands) {
    if (!s.removed) live.push_back(&s);
  }
  if (live.empty()) return u.stands.empty() ? Rect{} : u.stands.front().rect;
  const Rect& ref = live.front()->rect;
  if (live.size() == 1) return ref;
  const Vec2 fwd = ref.forward();
  const Vec2 rgt = ref.right();
  double min_r = std::numeric_limits<double>::infinity(), max_r = -min_r;
  double min_f = min_r, max_f = -min_r;
  for (const Stand* s : live) {
    for (Vec2 c : s->rect.corners()) {
      const Vec2 d = c - ref.centre;
      min_r = std::min(min_r, d.dot(rgt));
      max_r = std::max(max_r, d.dot(rgt));
      min_f = std::min(min_f, d.dot(fwd));
      max_f = std::max(max_f, d.dot(fwd));
    }
  }
  Rect r;
  r.facing = ref.facing;
  r.width = max_r - min_r;
  r.depth = max_f - min_f;
  r.centre = ref.centre + rgt * ((min_r + max_r) / 2) + fwd * ((min_f + max_f) / 2);
  return r;
}

RC_GTEST_PROP(UnitFootprint, EqualsTheCornersOfEveryStand, ()) {
  const auto rects = *rc::gen::container<std::vector<Rect>>(*rc::gen::inRange(1, 12),
                                                            testing_geometry::arbitrary_rect(1));
  const bool one_facing = *rc::gen::arbitrary<bool>();
  Unit u;
  for (const Rect& r : rects) {
    Stand s;
    s.rect = r;
    if (one_facing) s.rect.facing = rects.front().facing;
    s.removed = *rc::gen::inRange(0, 5) == 0;
    u.stands.push_back(s);
  }
  const Rect got = u.footprint();
  const Rect want = reference_footprint(u);
  RC_ASSERT(got.centre.x == want.centre.x);
  RC_ASSERT(got.centre.y == want.centre.y);
  RC_ASSERT(got.facing == want.facing);
  RC_ASSERT(got.width == want.width);
  RC_ASSERT(got.depth == want.depth);
}

}  // namespace
}  // namespace smoothbore
