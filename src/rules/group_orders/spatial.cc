// Proximity through the battle's spatial indexes (issue 9): the nearest enemy and the
// candidates for shooting, sight, charges, contact, clearance, halts, Reserve's zone,
// overlaps and morale's reach look only at units nearby. Each answers exactly what the scan
// of every unit answered, in the same order (ascending unit index, ties to the lower index).
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <utility>

#include "core/geometry/same_bits.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/resolution_util.h"

namespace smoothbore::group_orders {

RectFrame BattleGO::frame_at(int unit, const Rect& r) const {
  const Rect& kept = frame(unit).rect;
  if (r.facing != kept.facing || r.width != kept.width || r.depth != kept.depth) {
    return RectFrame(r);
  }
  return frame(unit).moved_to(r.centre);
}

namespace {

// A side's index. Coarse cells (50 cm): the nearest enemy is often far, and the search
// visits every cell nearer than it (a generated 10,000-stand battle's two turns: 30 cm cells
// 5.64 G instructions, 40 cm 5.57 G, 50 cm 5.54 G, 60 cm 5.61 G, 100 cm 6.04 G). Each cell's
// content bounded (around_pruned skips a cell whose units all lie beyond the nearest found:
// a nearest search met every unit of the cells along the enemy's front).
SpatialIndex new_side_index() { return SpatialIndex(50.0 * kCm, /*bound_cells=*/true); }

}  // namespace

void BattleGO::reserve_indexes() {
  if (scanned_) return;
  const Box table{{0, 0}, {scenario_.table.width(), scenario_.table.height()}};
  index_.reserve(table, force_.units.size());
  while (side_index_.size() < force_.sides.size()) side_index_.push_back(new_side_index());
  for (SpatialIndex& side : side_index_) side.reserve(table, force_.units.size());
  if (side_extent_.size() < side_index_.size()) side_extent_.resize(side_index_.size(), kNoExtent);
}

void BattleGO::placed(int unit) {
  touch(unit);  // it moved, formed or lost stands
  pair_distances_.placed(unit);
  arc_sight_.placed(unit);
  const std::size_t k = static_cast<std::size_t>(unit);
  const Unit& u = force_.units[k];
  // A unit of this rule set is one stand (layout): its footprint is that stand's rect, as
  // Unit::footprint() answers without working out the stand's axes (issue 9).
  const Rect r =
      u.stands.size() == 1 && !u.stands.front().removed ? u.stands.front().rect : u.footprint();
  if (index_box_.size() <= k) index_box_.resize(k + 1);
  if (frame_.size() <= k) frame_.resize(k + 1);
  // A footprint moved but not turned or reshaped (a move's end) has its kept frame moved,
  // bit for bit as a new one (RectFrame::moved_to), with no axes worked out again; the
  // facing compared to the bit, so that the kept rect is this one (not a -0 for a 0).
  const RectFrame& kept = frame_[k];
  frame_[k] = same_bits(r.facing, kept.rect.facing) && r.width == kept.rect.width &&
                      r.depth == kept.rect.depth
                  ? kept.moved_to(r.centre)
                  : RectFrame(r);
  // r.bounds() is the bounds of r's frame: worked out once for the three (issue 9).
  index_box_[k] = bounds(frame_[k]);
  if (scanned_) {
    scanned_boxes_.file(unit, u.side, index_box_[k]);
  } else {
    index_.insert(unit, r, index_box_[k]);
    const std::size_t side = static_cast<std::size_t>(u.side);
    while (side_index_.size() <= side) side_index_.push_back(new_side_index());
    side_index_[side].insert(unit, r, index_box_[k]);
    if (side_extent_.size() <= side) side_extent_.resize(side + 1, kNoExtent);
    Box& extent = side_extent_[side];
    const Box& b = index_box_[k];
    extent = {{std::min(extent.min.x, b.min.x), std::min(extent.min.y, b.min.y)},
              {std::max(extent.max.x, b.max.x), std::max(extent.max.y, b.max.y)}};
  }
  max_half_width_ = std::max(max_half_width_, std::max(r.width, r.depth) / 2);
}

void BattleGO::near(const Box& box, std::vector<int>& out) const {
  if (scanned_) {
    scanned_boxes_.query(box, out);
  } else {
    index_.query(box, out);
  }
}

std::vector<int> BattleGO::near(const Box& box) const {
  std::vector<int> out;
  near(box, out);
  return out;
}

std::vector<int> BattleGO::near(const Rect& r, double reach) const {
  return near(grown(r.bounds(), reach));
}

std::vector<int> BattleGO::near_enemies(const Rect& r, double reach, int side) const {
  std::vector<int> out;
  near_enemies(r, reach, side, out);
  return out;
}

void BattleGO::near_enemies(const Rect& r, double reach, int side, std::vector<int>& out) const {
  near_enemies(r.bounds(), reach, side, out);
}

std::vector<int> BattleGO::near_enemies(const Box& bounds, double reach, int side) const {
  std::vector<int> out;
  near_enemies(bounds, reach, side, out);
  return out;
}

void BattleGO::near_enemies(const Box& bounds, double reach, int side,
                            std::vector<int>& out) const {
  const Box box = grown(bounds, reach);
  if (scanned_) {
    scanned_boxes_.query_others(box, side, out);
    return;
  }
  out.clear();
  bool several = false;
  for (std::size_t s = 0; s < side_index_.size(); ++s) {
    // A box clear of every box the side ever filed meets none of them (issue 9: most of a
    // large battle's contact, melee and weapon-reach questions, while the armies are apart).
    if (static_cast<int>(s) == side || !side_extent_[s].intersects(box)) continue;
    side_index_[s].query(box, near_part_);
    if (near_part_.empty()) continue;
    several = several || !out.empty();
    out.insert(out.end(), near_part_.begin(), near_part_.end());
  }
  if (several) std::sort(out.begin(), out.end());  // ascending, as near's
}

namespace {

// A nearest search of one side's index: around_pruned, which skips the part of a ring beyond
// the best found so far, where the side has many units; around where it has few (issue 9:
// in the shipped battle, a few dozen units a side, the pruned walk cost nearest_all 11%
// more instructions; a 10,000-stand battle's second turn fewer, see the README).
constexpr std::size_t kPrunedFrom = 256;

template <typename Visit, typename More>
void around_nearest(const SpatialIndex& index, const Box& box, Visit visit, More more) {
  if (index.size() >= kPrunedFrom) {
    index.around_pruned</*kBounded=*/true>(box, visit, more);
  } else {
    index.around(box, visit, more);
  }
}

// The unit of another side than `unit`'s accepted by `keep` with the least `key(i)` (a gap
// in mm, perhaps rounded; never less than the exact gap less 1 mm), ties to the lower
// index: a nearest-first search of each other side's index that stops once every unit not
// yet seen is farther than the best; in a battle of few units (`scanned`, else null) a scan
// of every unit of the other sides (the same answer, whatever the order). `*key_out` gets
// the best key.
template <typename Keep, typename Key>
int nearest_other(const Force& force, const std::vector<SpatialIndex>& side_index,
                  const ScannedBoxes* scanned, const std::vector<Box>& boxes, int unit, Keep keep,
                  Key key, double* key_out) {
  const Box my_box = force.units[static_cast<std::size_t>(unit)].footprint().bounds();
  const int side = force.units[static_cast<std::size_t>(unit)].side;
  int best = -1;
  double best_key = std::numeric_limits<double>::infinity();
  // Strictly farther than the best, whatever the rounding of the key.
  auto farther = [&](double mm) { return best >= 0 && mm > best_key + 1.0; };
  auto visit = [&](int i) {
    if (!keep(i)) return;
    if (farther(box_gap(my_box, boxes[static_cast<std::size_t>(i)]))) return;
    const double k = key(i);
    if (k < best_key || (k == best_key && i < best)) {
      best_key = k;
      best = i;
    }
  };
  if (scanned != nullptr) {
    scanned->each_other(side, [&](int i, const Box&) { visit(i); });
  } else {
    for (std::size_t s = 0; s < side_index.size(); ++s) {
      if (static_cast<int>(s) == side) continue;
      around_nearest(side_index[s], my_box, visit, [&](double bound) { return !farther(bound); });
    }
  }
  if (key_out) *key_out = best_key;
  return best;
}

}  // namespace

// Ties compare gap_cm (rounded to the mm), as the scan did.
int BattleGO::nearest_enemy(int unit, bool massed_only) const {
  if (hold_nearest_) return massed_only ? nearest_massed(unit) : nearest_all(unit).any;
  return nearest_other(
      force_, side_index_, scanned_ ? &scanned_boxes_ : nullptr, index_box_, unit,
      [&](int i) {
        if (!force_.units[static_cast<std::size_t>(i)].on_table()) return false;
        return !massed_only || (!light(i) && !routing(i));
      },
      [&](int i) { return gap_cm(unit, i) * kCm; }, nullptr);
}

// The commanders' scan compared the exact gap in mm among active units (sim/commander.cc).
int BattleGO::nearest_active_enemy(int unit, double* gap) const {
  if (hold_nearest_) {
    const Nearest& n = nearest_all(unit);
    if (gap) *gap = n.active_gap;
    return n.active;
  }
  return nearest_other(
      force_, side_index_, scanned_ ? &scanned_boxes_ : nullptr, index_box_, unit,
      [&](int i) { return active(i); }, [&](int i) { return gap_mm(unit, i); }, gap);
}

void BattleGO::hold_nearest(bool on) {
  hold_nearest_ = on;
  // The doctrine keeps what it derives from the whole force for as long (its reserve).
  frozen_epoch_ = on ? new_frozen_force_epoch() : 0;
  ++stamp_;  // what was kept is stale either way
  nearest_stamp_.resize(force_.units.size(), 0);
  nearest_.resize(force_.units.size());
}

// The searches of nearest_enemy (both kinds) and nearest_active_enemy as one, for the
// `kinds` asked: each kind keeps its own best (least key, ties to the lower index) and a
// unit is skipped only when it can improve none; the search ends when no kind can improve,
// and the part of a ring beyond every kind's best is not walked (around_nearest). The units
// each ring meets are measured (an exact distance) least box gap first, so that the nearest
// are measured first and most of the rest fall to their box gap unmeasured (the answer is
// the least key, ties to the lower index, whatever the order of measuring). A kind not
// asked keeps its field of `n`. Inlined into its two callers, whose kinds then fold (issue
// 9: called apart, it cost the shipped battle's warm 0.13% more than the one search before).
[[gnu::always_inline]] inline void BattleGO::search_nearest(int unit, unsigned kinds,
                                                            Nearest& n) const {
  const std::size_t k = static_cast<std::size_t>(unit);
  const Box my_box = index_box_[k];
  const int side = force_.units[k].side;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double any_cm = kInf, massed_cm = kInf, active_mm = kInf;
  const bool want_any = (kinds & kNearestAny) != 0;
  const bool want_massed = (kinds & kNearestMassed) != 0;
  const bool want_active = (kinds & kNearestActive) != 0;
  if (want_any) n.any = -1;
  if (want_massed) n.massed = -1;
  if (want_active) n.active = -1;
  // Farther than a kind's best by over a millimetre, whatever the rounding to the mm
  // (gap_cm): it cannot win. Each kind's limit (its best in mm plus that millimetre) is kept
  // with its square: a unit met is judged by its squared box gap (issue 9: no square root
  // per unit met), which orders and prunes as the gap itself would but for rounding, far
  // inside the millimetre (and which units are measured, in what order, changes no answer).
  // A kind not asked has the limit -inf: every unit is beyond it.
  struct Limit {
    double mm = kInf;
    double squared = kInf;
    void set(double best_mm) {
      mm = best_mm + 1.0;
      squared = mm * mm;
    }
    void refuse() { mm = squared = -kInf; }
  };
  Limit any_lim, massed_lim, active_lim;
  if (!want_any) any_lim.refuse();
  if (!want_massed) massed_lim.refuse();
  if (!want_active) active_lim.refuse();
  // The greatest of the three squared limits: a squared box gap over it can improve no kind.
  double widest2 = kInf;
  auto settled = [&](double lb) {
    return lb > any_lim.mm && lb > massed_lim.mm && lb > active_lim.mm;
  };
  auto settled2 = [&](double lb2) { return lb2 > widest2; };
  // Whether unit i, with the squared box gap `lb2`, can improve no kind.
  auto hopeless2 = [&](int i, double lb2) {
    if (!(lb2 > any_lim.squared)) return false;
    const std::size_t j = static_cast<std::size_t>(i);
    const UnitStatus status = force_.units[j].status;
    if (status != UnitStatus::kRouted && !light(i) && !(lb2 > massed_lim.squared)) return false;
    return status != UnitStatus::kActive || lb2 > active_lim.squared;
  };
  auto measure = [&](int i) {
    const double mm = gap_mm(unit, i);
    const double cm = std::round(mm) / kCm;  // gap_cm
    if (want_any && (cm < any_cm || (cm == any_cm && i < n.any))) {
      any_cm = cm;
      n.any = i;
      any_lim.set(any_cm * kCm);
    }
    if (want_massed && !light(i) && !routing(i) &&
        (cm < massed_cm || (cm == massed_cm && i < n.massed))) {
      massed_cm = cm;
      n.massed = i;
      massed_lim.set(massed_cm * kCm);
    }
    if (want_active && active(i) && (mm < active_mm || (mm == active_mm && i < n.active))) {
      active_mm = mm;
      n.active = i;
      active_lim.set(active_mm);
    }
    widest2 = std::max({any_lim.squared, massed_lim.squared, active_lim.squared});
  };
  // The units met and not yet measured: the one with the least box gap (then index) that
  // can still improve a kind is measured first, until none can.
  std::vector<std::pair<double, int>>& pending = nearest_pending_;
  pending.clear();
  // Taken least (squared box gap, index) first: a unit taken that can improve no kind never
  // can again (the bests only shrink), and once the least box gap left can improve none, no
  // unit left can (issue 9: a cell's few units, taken when measured, cost less than a heap
  // kept as they came; the same order).
  auto measure_pending = [&] {
    // The least taken by a pass over those left, which drops the ones beyond every kind's
    // limit (issue 9: most fall once the first one or two are measured; sorting them all
    // cost more). The same units measured in the same order as a sort would take them.
    std::size_t count = pending.size();
    while (count > 0) {
      std::size_t kept = 0, least = 0;
      for (std::size_t a = 0; a < count; ++a) {
        const std::pair<double, int> p = pending[a];
        if (settled2(p.first)) continue;
        if (kept == 0 || p < pending[least]) least = kept;
        pending[kept++] = p;
      }
      if (kept == 0) break;
      const auto [lb2, i] = pending[least];
      pending[least] = pending[kept - 1];
      count = kept - 1;
      if (!hopeless2(i, lb2)) measure(i);
    }
    pending.clear();
  };
  // box_gap(my_box, b), squared
  auto gap2 = [&](const Box& b) {
    const double dx = std::max({0.0, my_box.min.x - b.max.x, b.min.x - my_box.max.x});
    const double dy = std::max({0.0, my_box.min.y - b.max.y, b.min.y - my_box.max.y});
    return dx * dx + dy * dy;
  };
  if (scanned_) {
    // A battle of few units: every enemy on the table met at once (none is hopeless before
    // any is measured), then taken least (squared box gap, index) first as measure_pending
    // takes them, each the least of those left (issue 9: the one to three a search
    // measures cost less picked out than the dozen met sorted).
    scanned_boxes_.each_other(side, [&](int i, const Box& b) {
      if (force_.units[static_cast<std::size_t>(i)].on_table()) pending.emplace_back(gap2(b), i);
    });
    while (!pending.empty()) {
      std::size_t least = 0;
      for (std::size_t a = 1; a < pending.size(); ++a) {
        if (pending[a] < pending[least]) least = a;
      }
      const auto [lb2, i] = pending[least];
      if (settled2(lb2)) break;
      if (!hopeless2(i, lb2)) measure(i);
      pending[least] = pending.back();
      pending.pop_back();
    }
    pending.clear();
  } else {
    if (nearest_met_.size() < force_.units.size()) nearest_met_.resize(force_.units.size(), 0);
    const unsigned met = ++nearest_met_stamp_;
    auto visit = [&](int i) {
      const std::size_t j = static_cast<std::size_t>(i);
      // A unit met waits to be measured unless it is off the table or can improve no kind.
      // Beyond every kind's limit by its box (most units met once the first are measured),
      // it can improve none, now or later (the limits only shrink): left at once, unmarked,
      // with nothing else read (issue 9; the same units wait).
      const double lb2 = gap2(index_box_[j]);
      if (settled2(lb2)) return;
      if (nearest_met_[j] == met) return;  // filed in several cells
      nearest_met_[j] = met;
      if (!force_.units[j].on_table() || hopeless2(i, lb2)) return;
      pending.emplace_back(lb2, i);
    };
    for (std::size_t s = 0; s < side_index_.size(); ++s) {
      if (static_cast<int>(s) == side) continue;
      around_nearest(side_index_[s], my_box, visit, [&](double bound) {
        measure_pending();
        return !settled(bound);
      });
      measure_pending();
    }
  }
  if (want_active) n.active_gap = active_mm;
}

const BattleGO::Nearest& BattleGO::nearest_all(int unit) const {
  const std::size_t k = static_cast<std::size_t>(unit);
  Nearest& n = nearest_[k];
  if (nearest_stamp_[k] == stamp_) return n;
  nearest_stamp_[k] = stamp_;
  n = Nearest{};
  if (scanned_) {
    search_nearest(unit, kNearestAny | kNearestMassed | kNearestActive, n);
    n.massed_known = true;
    return n;
  }
  search_nearest(unit, kNearestAny | kNearestActive, n);
  // The nearest enemy, Massed, is the nearest Massed one: the least (gap_cm, index) of a set
  // is the least of any part of it that holds it. None on the table: none Massed either.
  if (n.any < 0 || (!light(n.any) && !routing(n.any))) {
    n.massed = n.any;
    n.massed_known = true;
  }
  return n;
}

int BattleGO::nearest_massed(int unit) const {
  const Nearest& kept = nearest_all(unit);
  if (kept.massed_known) return kept.massed;
  Nearest& n = nearest_[static_cast<std::size_t>(unit)];
  search_nearest(unit, kNearestMassed, n);
  n.massed_known = true;
  return n.massed;
}

// A moving footprint's centre stays on the segment to `dest` and turns in place; its
// footprint stays within half its diagonal of the centre.
std::vector<int> BattleGO::near_path(const Rect& from, Vec2 dest, double reach) const {
  std::vector<int> out;
  near_path(from, dest, reach, out);
  return out;
}

void BattleGO::near_path(const Rect& from, Vec2 dest, double reach, std::vector<int>& out) const {
  const Vec2 a = from.centre;
  const Box line{{std::min(a.x, dest.x), std::min(a.y, dest.y)},
                 {std::max(a.x, dest.x), std::max(a.y, dest.y)}};
  near(grown(line, std::hypot(from.width, from.depth) / 2 + reach + 1.0), out);
}

// Every enemy the unit's weapon may reach (H4-06): gap_cm, rounded to the mm, at most the
// weapon's longest range (can_shoot_at refuses a friend).
std::vector<int> BattleGO::in_weapon_reach(int unit) const {
  std::vector<int> out;
  in_weapon_reach(unit, out);
  return out;
}

void BattleGO::in_weapon_reach(int unit, std::vector<int>& out) const {
  const Unit& u = force_.units[static_cast<std::size_t>(unit)];
  const Weapon& weapon = weapon_of_unit(unit);
  if (weapon.none) {
    out.clear();
    return;
  }
  const Ranges& r = weapon.ranges;
  const double reach_cm = std::max({r.short_cm, r.long_cm, r.extreme_cm});
  near_enemies(filed_box(unit), reach_cm * kCm + 1.0, u.side, out);
}

}  // namespace smoothbore::group_orders
