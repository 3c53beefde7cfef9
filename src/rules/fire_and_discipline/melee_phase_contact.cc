// Contact geometry of melee_phase.h: rigid moves of a unit's block, the path ahead of it,
// the §8.16 line-up of an attacker on its target, flank contact (§8.19) and which stands
// are in fighting contact (§8.17). Split from melee_phase.cc (charges) for size.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

#include "core/check.h"
#include "rules/battle.h"
#include "rules/fire_and_discipline/apart.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"

namespace smoothbore::fire_and_discipline {

namespace detail {

void rigid_move(FdState& s, int u, Vec2 pivot, double turn_deg, Vec2 shift) {
  rigid_move_stands(s.force.units[z(u)].stands, pivot, turn_deg, shift);
  touch_stands(s, u);
}

void rigid_move_stands(std::vector<Stand>& stands, Vec2 pivot, double turn_deg, Vec2 shift) {
  const double rad = turn_deg * std::numbers::pi / 180.0;
  const double c = std::cos(rad);
  const double sn = std::sin(rad);
  for (Stand& st : stands) {
    const Vec2 d = st.rect.centre - pivot;
    // Compass bearings turn clockwise: (x, y) → (x cos + y sin, −x sin + y cos).
    const Vec2 r{d.x * c + d.y * sn, -d.x * sn + d.y * c};
    st.rect.centre = pivot + r + shift;
    st.rect.facing = normalize_bearing(st.rect.facing + turn_deg);
  }
}

void advance_block(FdState& s, int u, double mm) {
  rigid_move(s, u, Vec2{}, 0, unit_at(s, u).footprint().forward() * mm);
}

void log_melee_event(EventLog& log, const FdState& s, EventKind k, int unit, int target,
                     std::string phase, std::string text, std::vector<RollRecord> rolls) {
  if (counted_quietly(log, k)) return;
  Event e;
  e.kind = k;
  e.turn = s.turn;
  e.phase = std::move(phase);
  e.side = s.force.sides[z(unit_at(s, unit).side)].id;
  e.unit = unit_at(s, unit).id;
  if (target >= 0) e.target = unit_at(s, target).id;
  e.text = std::move(text);
  e.rolls = std::move(rolls);
  log.append(std::move(e));
}

bool overlaps_other_unit(const FdState& s, int u, int except) {
  return stands_overlap_other_unit(s, u, unit_at(s, u).stands, except);
}

bool stands_overlap_other_unit(const FdState& s, int u, const std::vector<Stand>& stands,
                               int except) {
  // Two rectangles overlap only where their circumscribed circles meet (overlaps): a stand
  // whose centre lies outside the box of the circles of `stands`, grown by its own radius
  // (at most half its width plus half its depth), overlaps none of them, and is not tried
  // against each (round 21: every pair was, at every charge the doctrine weighed).
  constexpr double kPadMm = 1e-3;  // far above the rounding of the radii
  const double inf = std::numeric_limits<double>::infinity();
  Box box{{inf, inf}, {-inf, -inf}};
  for (const Stand& a : stands) {
    if (!live(a)) continue;
    const double r = half_diagonal(a.rect) + kPadMm;
    box.min = {std::min(box.min.x, a.rect.centre.x - r), std::min(box.min.y, a.rect.centre.y - r)};
    box.max = {std::max(box.max.x, a.rect.centre.x + r), std::max(box.max.y, a.rect.centre.y + r)};
  }
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const Unit& o = s.force.units[i];
    if (static_cast<int>(i) == u || static_cast<int>(i) == except || !o.on_table() ||
        s.units[i].surrendered) {
      continue;
    }
    for (const Stand& b : o.stands) {
      if (!live(b)) continue;
      const double rb = 0.5 * (b.rect.width + b.rect.depth);
      const Vec2 c = b.rect.centre;
      if (c.x < box.min.x - rb || c.x > box.max.x + rb || c.y < box.min.y - rb ||
          c.y > box.max.y + rb) {
        continue;
      }
      for (const Stand& a : stands) {
        if (live(a) && overlaps(a.rect, b.rect, s.mm(0.5))) return true;
      }
    }
  }
  return false;
}

PathAhead path_ahead(const FdState& s, int u, double range_mm) {
  PathAhead out;
  const Unit& me = unit_at(s, u);
  const Rect fp = block(s, u);  // the footprint, kept while the orders are given
  Rect probe = fp;
  probe.width = std::max(0.0, probe.width - 2 * kContactTolMm);
  const CorridorMiss misses(probe, range_mm);
  for (int o = 0; o < static_cast<int>(s.force.units.size()); ++o) {
    const Unit& other = unit_at(s, o);
    if (o == u || !other.on_table() || s.units[z(o)].surrendered) continue;
    const bool foe = other.side != me.side;
    for (const Stand& st : other.stands) {
      if (!live(st) || misses.surely(st.rect)) continue;
      const double d = corridor_distance(probe, st.rect, range_mm);
      if (d < 0) continue;
      double& gap = foe ? out.enemy_mm : out.friend_mm;
      if (gap < 0 || d < gap) {
        gap = d;
        (foe ? out.enemy : out.friend_unit) = o;
      }
    }
  }
  const Vec2 d = fp.forward();
  const double w = s.table().width();
  const double h = s.table().height();
  double room = std::numeric_limits<double>::infinity();
  for (const Stand& st : me.stands) {
    if (!live(st)) continue;
    for (const Vec2& p : st.rect.corners()) {
      if (d.x > 1e-12) room = std::min(room, (w - p.x) / d.x);
      if (d.x < -1e-12) room = std::min(room, -p.x / d.x);
      if (d.y > 1e-12) room = std::min(room, (h - p.y) / d.y);
      if (d.y < -1e-12) room = std::min(room, -p.y / d.y);
    }
  }
  out.table_mm = std::max(0.0, room);
  return out;
}

double clear_run_mm(const FdState& s, int u, double want_mm) {
  const PathAhead p = path_ahead(s, u, want_mm);
  double run = std::min(want_mm, p.table_mm);
  if (p.enemy_mm >= 0) run = std::min(run, p.enemy_mm);
  if (p.friend_mm >= 0) run = std::min(run, p.friend_mm);
  return std::max(0.0, run);
}

// The edge of the target the charger attacks: the front if any part of the charger's front
// edge lies in the target's front zone, else the rear likewise, else the flank of its centre.
Zone attacked_zone(const FdState& s, int charger, int target) {
  // The blocks: the footprints kept while the orders are given (issue 9 round 23).
  const Rect c = block(s, charger);
  const Rect t = block(s, target);
  const Segment f = c.front_edge();
  bool rear = false;
  for (int i = 0; i <= 8; ++i) {
    const Vec2 p = f.a + (f.b - f.a) * (i / 8.0);
    const Zone zn = zone_of(t, p);
    if (zn == Zone::kFront) return zn;
    rear = rear || zn == Zone::kRear;
  }
  return rear ? Zone::kRear : zone_of(t, c.front_centre());
}

// §8.16: turn and place the charger with its front edge on the attacked edge of the target.
// It is centred on a front edge (or keeps its offset on a flank or rear edge); if that puts
// it on a third unit's stands it slides along the edge, 1 yd at a time, to the nearest place
// where it still touches the target and overlaps nobody.
bool line_up(FdState& s, int charger, int target) {
  const Rect c = block(s, charger);
  const Rect t = block(s, target);
  const Zone zone = attacked_zone(s, charger, target);
  Vec2 n = t.forward();  // outward normal of the attacked edge
  double half_edge = t.width / 2;
  double half_depth_along_n = t.depth / 2;
  if (zone == Zone::kRear) {
    n = t.forward() * -1.0;
  } else if (zone == Zone::kLeftFlank || zone == Zone::kRightFlank) {
    n = zone == Zone::kRightFlank ? t.right() : t.right() * -1.0;
    half_edge = t.depth / 2;
    half_depth_along_n = t.width / 2;
  }
  const Vec2 e{n.y, -n.x};  // along the edge
  const Vec2 edge_centre = t.centre + n * half_depth_along_n;
  double lateral = 0;
  if (zone != Zone::kFront) {
    lateral = std::clamp((c.front_centre() - edge_centre).dot(e), -half_edge, half_edge);
  }
  const double new_facing = bearing_of(n * -1.0);
  const double turn = normalize_bearing(new_facing - c.facing + 180.0) - 180.0;
  const Vec2 pivot = c.front_centre();
  const std::vector<Stand> before = unit_at(s, charger).stands;
  // Offsets keeping at least 1 yd of the charger's front on the target's edge.
  const double reach = half_edge + c.width / 2 - s.mm(1);
  const double step = s.mm(1);
  for (int k = 0; k * step <= 2 * reach; ++k) {
    for (int sign : {1, -1}) {
      if (k == 0 && sign < 0) continue;
      const double off = lateral + sign * k * step;
      if (std::fabs(off) > reach) continue;
      rigid_move(s, charger, pivot, turn, edge_centre + e * off - pivot);
      if (!overlaps_other_unit(s, charger, target)) return true;
      s.force.units[z(charger)].stands = before;
      touch_stands(s, charger);
    }
  }
  return false;
}

bool extends_behind_rear(const FdState& s, int charger, int target) {
  const Rect t = block(s, target);
  const double rear = -t.depth / 2 - kContactTolMm;
  for (const Stand& st : unit_at(s, charger).stands) {
    if (!live(st)) continue;
    for (const Vec2& p : st.rect.corners()) {
      if ((p - t.centre).dot(t.forward()) < rear) return true;
    }
  }
  return false;
}

}  // namespace detail

using detail::live;
using detail::unit_at;
using detail::z;

namespace {

// A shared stretch of edge: parallel, collinear edges of the corners `ca` and `cb`
// overlapping by more than the tolerance.
bool shares_edge_stretch(const std::array<Vec2, 4>& ca, const std::array<Vec2, 4>& cb) {
  for (std::size_t i = 0; i < 4; ++i) {
    const Vec2 p0 = ca[i];
    const Vec2 dir = (ca[(i + 1) % 4] - p0).normalized();
    const double len = distance(p0, ca[(i + 1) % 4]);
    for (std::size_t j = 0; j < 4; ++j) {
      const Vec2 q0 = cb[j];
      const Vec2 q1 = cb[(j + 1) % 4];
      if (std::fabs(dir.cross((q1 - q0).normalized())) > 1e-3) continue;
      if (std::fabs(dir.cross(q0 - p0)) > kContactTolMm) continue;
      const double t0 = dir.dot(q0 - p0);
      const double t1 = dir.dot(q1 - p0);
      const double lo = std::max(0.0, std::min(t0, t1));
      const double hi = std::min(len, std::max(t0, t1));
      if (hi - lo > kContactTolMm) return true;
    }
  }
  return false;
}

}  // namespace

bool fighting_contact(const Rect& a, const Rect& b) {
  if (surely_beyond(a, b, kContactTolMm) || distance(a, b) > kContactTolMm) return false;
  const auto ca = a.corners();
  const auto cb = b.corners();
  if (shares_edge_stretch(ca, cb)) return true;
  // A corner driven onto the other's edge away from its corners (an angled contact).
  auto corner_on_edge = [](const std::array<Vec2, 4>& corners, const Rect& other,
                           const std::array<Vec2, 4>& other_corners) {
    for (const Vec2& p : corners) {
      if (distance(other, p) > kContactTolMm) continue;
      bool at_corner = false;
      for (const Vec2& q : other_corners) at_corner = at_corner || distance(p, q) <= kContactTolMm;
      if (!at_corner) return true;
    }
    return false;
  };
  return corner_on_edge(ca, b, cb) || corner_on_edge(cb, a, ca);
}

namespace detail {

bool fighting_contact(const RectFrame& fa, const RectFrame& fb) {
  // fighting_contact(Rect, Rect) line for line, each Rect query asked of its frame.
  if (surely_beyond(fa.rect, fb.rect, kContactTolMm) || distance(fa, fb) > kContactTolMm) {
    return false;
  }
  const std::array<Vec2, 4>& ca = fa.corners;
  const std::array<Vec2, 4>& cb = fb.corners;
  if (shares_edge_stretch(ca, cb)) return true;
  auto corner_on_edge = [](const std::array<Vec2, 4>& corners, const RectFrame& other) {
    for (const Vec2& p : corners) {
      if (distance(other, p) > kContactTolMm) continue;
      bool at_corner = false;
      for (const Vec2& q : other.corners) at_corner = at_corner || distance(p, q) <= kContactTolMm;
      if (!at_corner) return true;
    }
    return false;
  };
  return corner_on_edge(ca, fb) || corner_on_edge(cb, fa);
}

}  // namespace detail

std::vector<StandContact> stand_contacts(const FdState& s, int a, int b) {
  std::vector<StandContact> out;
  const Unit& ua = unit_at(s, a);
  const Unit& ub = unit_at(s, b);
  // Each stand framed once, when a pair of it first comes within reach of the exact test
  // (most pairs are surely apart by their centres: surely_beyond, asked again inside).
  thread_local std::vector<std::optional<RectFrame>> frames_b;
  frames_b.assign(ub.stands.size(), std::nullopt);
  const bool check = shortcut_checks();
  for (int i = 0; i < static_cast<int>(ua.stands.size()); ++i) {
    const Stand& sa = ua.stands[z(i)];
    if (!live(sa)) continue;
    std::optional<RectFrame> frame_a;
    for (int j = 0; j < static_cast<int>(ub.stands.size()); ++j) {
      const Stand& sb = ub.stands[z(j)];
      if (!live(sb)) continue;
      bool contact = false;
      if (!surely_beyond(sa.rect, sb.rect, kContactTolMm)) {
        if (!frame_a) frame_a.emplace(sa.rect);
        std::optional<RectFrame>& frame_b = frames_b[z(j)];
        if (!frame_b) frame_b.emplace(sb.rect);
        contact = detail::fighting_contact(*frame_a, *frame_b);
      }
      if (check) {
        SB_CHECK(contact == fighting_contact(sa.rect, sb.rect),
                 "a fighting contact on the stands' frames differs from the one on their rects");
      }
      if (contact) out.push_back({{a, i}, {b, j}});
    }
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
