// Where units stand relative to one another: uphill from the table's elevation (H4-27,
// L159, L176), an enemy directly to the front (L6) and overlaps in melee (H4-11, L149-L151).
#include <algorithm>
#include <cmath>

#include "rules/group_orders/battle_impl.h"

namespace smoothbore::group_orders {

// H4-27: `unit` is uphill of `enemy` when its front edge stands higher than the enemy's
// front edge (table elevation at the edges' centres); option any-part-higher: when any part
// of the unit (a corner, the centre or the front edge) is higher than the enemy's front edge.
bool BattleGO::uphill_of(int unit, int enemy) const {
  const int theirs = heights(enemy).front;
  const Heights& us = heights(unit);
  return (step_options_.uphill_any_part ? us.highest : us.front) > theirs;
}

// The terrain never changes, so the answers stand until the unit's footprint does (as
// ground()).
const BattleGO::Heights& BattleGO::heights(int unit) const {
  const std::size_t k = static_cast<std::size_t>(unit);
  if (heights_.size() <= k) heights_.resize(std::max(force_.units.size(), k + 1));
  Heights& h = heights_[k];
  // The kept frame (placed()): the footprint's front centre and corners, no sine or cosine.
  const RectFrame& us = frame(unit);
  const Rect& fp = us.rect;
  const bool any_part = step_options_.uphill_any_part;
  if (h.valid && h.any_part == any_part && h.rect.centre == fp.centre &&
      h.rect.facing == fp.facing && h.rect.width == fp.width && h.rect.depth == fp.depth) {
    return h;
  }
  const smoothbore::Table& t = scenario_.table;
  h.valid = true;
  h.rect = fp;
  h.any_part = any_part;
  h.front = t.elevation_at(us.front_centre());
  h.highest = h.front;
  if (any_part) {
    h.highest = std::max(h.highest, t.elevation_at(fp.centre));
    for (const Vec2& c : us.corners) h.highest = std::max(h.highest, t.elevation_at(c));
  }
  return h;
}

// L176 "Uphill of all enemy": of every enemy unit within the longest artillery long range
// (40 cm, L122; a reading: the enemy that matters), and there is at least one. Through the
// orders step (hold_nearest), when nothing moves or leaves the table, the answer is kept
// per unit until the step ends (the doctrine's charge tests ask it again and again).
bool BattleGO::uphill_of_all_enemy(int unit) const {
  if (!hold_nearest_) return uphill_of_all_enemy_now(unit);
  const std::size_t k = static_cast<std::size_t>(unit);
  if (uphill_stamp_.size() <= k) {
    uphill_stamp_.resize(force_.units.size(), 0);
    uphill_.resize(force_.units.size(), false);
  }
  if (uphill_stamp_[k] != stamp_) {
    uphill_stamp_[k] = stamp_;
    uphill_[k] = uphill_of_all_enemy_now(unit);
  }
  return uphill_[k];
}

bool BattleGO::uphill_of_all_enemy_now(int unit) const {
  bool any = false;
  std::vector<int>& ids = uphill_ids_;  // nothing below queries it again
  near_enemies(filed_box(unit), kUphillReachCm * kCm + 1.0, force_.units[unit].side, ids);
  for (int o : ids) {
    const std::size_t i = static_cast<std::size_t>(o);
    if (force_.units[i].side == force_.units[unit].side || !force_.units[i].on_table()) continue;
    if (gap_cm(unit, o) > kUphillReachCm) continue;
    if (!uphill_of(unit, o)) return false;
    any = true;
  }
  return any;
}

// L6: a Massed enemy "whose front is directly to the front of the advancing unit": in our
// front zone and facing us (its front within 45° of facing back at us).
bool BattleGO::enemy_to_front(int unit, int enemy) const {
  const Rect &us = frame(unit).rect, &them = frame(enemy).rect;  // the footprints (placed())
  if (zone_of(frame(unit), them.centre) != Zone::kFront) return false;
  return std::abs(bearing_difference(them.facing, us.facing + 180.0)) <= 45.0;
}

// H4-11, L149-L151: friendly units touching our side, facing the same way, level with us
// (option any-side-contact: anywhere along the side), not themselves in contact with the
// enemy, and not on Retreat or Rout.
std::vector<int> BattleGO::overlappers(int unit, int enemy) const {
  std::vector<int> out;
  overlappers(unit, enemy, out);
  return out;
}

// The kept frames (placed()) are the footprints: their distances and front centres are the
// Rects' bit for bit, and the unit's filed box is its footprint's bounds (issue 9).
void BattleGO::overlappers(int unit, int enemy, std::vector<int>& out) const {
  out.clear();
  const Unit& u = force_.units[unit];
  const RectFrame& us = frame(unit);
  std::vector<int>& ids = overlap_ids_;
  near(grown(filed_box(unit), 1.0), ids);  // touching our side: within 0.5 mm
  for (int o : ids) {
    const std::size_t i = static_cast<std::size_t>(o);
    if (o == unit || force_.units[i].side != u.side || !active(o)) continue;
    const OrdersId oo = orders_id(o);
    if (oo == OrdersId::kRetreat || oo == OrdersId::kRout) continue;
    const RectFrame& r = frame(o);
    // distance(r, us) and distance(r, frame(enemy)), kept per pair (gap_mm: the same frames).
    if (gap_mm(o, unit) > 0.5 || gap_mm(o, enemy) < 0.5) continue;
    if (std::abs(bearing_difference(r.rect.facing, us.rect.facing)) > 10) continue;
    if (step_options_.overlap_level_side &&
        distance(r.front_centre(), us.front_centre()) > (r.rect.width + us.rect.width) / 2 + 1) {
      continue;
    }
    out.push_back(o);
  }
}

}  // namespace smoothbore::group_orders
