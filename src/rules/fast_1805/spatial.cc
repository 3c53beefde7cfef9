// Proximity queries through the battle's spatial index (issue 9): the nearest enemy and
// the candidates for fire, charges, collisions and sight look only at units nearby. Each
// answers exactly what the scan of every unit answered, in the same order (ascending unit
// index, ties to the lower index).
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/geometry/nearest_two_keys.h"
#include "core/geometry/same_bits.h"
#include "rules/fast_1805/battle_impl.h"
#include "rules/fast_1805/prefilters.h"

namespace smoothbore::fast_1805 {

namespace {

// Units a side from which around_enemies prunes its rings (around_pruned).
constexpr std::size_t kPrunedFrom = 256;

// Units in all up to which a query scans the kept boxes instead of the index's cells: the
// shipped battle's two dozen boxes cost less than the cells between two of them, with the
// sort of the ids found (issue 9).
constexpr std::size_t kScanUpTo = 64;

// The side indexes' cells, 16": the nearest-enemy search visits every unit in the occupied
// cells of the rings nearer than the answer (core around() no longer walks the empty ones
// between the armies, which made 12" cells dear before); 12" costs the small battle more,
// 24" the large one (issue 9, round 13).
constexpr double kSideCell = 16.0 * kMm;

}  // namespace

// The indexes' grids sized once for the table and the storage for every unit, before the
// units are filed: filed one by one, a grid grows (every unit re-filed) as the armies spread
// (issue 9, as group-orders'). The side indexes are those placed() would make (one per
// side up to the highest of a unit). No answer changes (core SpatialIndex::reserve).
void Battle1805::reserve_indexes() {
  const Box table{{0, 0}, {scenario_.table.width(), scenario_.table.height()}};
  index_.reserve(table, force_.units.size());
  std::vector<std::size_t> count;
  for (const Unit& u : force_.units) {
    const std::size_t side = static_cast<std::size_t>(u.side);
    if (count.size() <= side) count.resize(side + 1, 0);
    ++count[side];
  }
  // A side searched by around_pruned (kPrunedFrom units or more) keeps each cell's content
  // bounds, so that the nearest search skips the cells whose units all lie beyond the best
  // found (the cells along the enemy's front hold dozens of units each).
  for (std::size_t s = side_index_.size(); s < count.size(); ++s) {
    side_index_.emplace_back(kSideCell, /*bound_cells=*/count[s] >= kPrunedFrom);
  }
  for (SpatialIndex& side : side_index_) side.reserve(table, force_.units.size());
}

void Battle1805::placed(int unit, const RectFrame* frame) {
  const std::size_t k = static_cast<std::size_t>(unit);
  if (fp_.size() <= k) fp_.resize(k + 1);
  if (index_box_.size() <= k) index_box_.resize(k + 1);
  if (frame_.size() <= k) frame_.resize(k + 1);
  if (placed_at_.size() <= k) placed_at_.resize(k + 1);
  fp_[k] = force_.units[k].footprint();
  // A caller's frame of this very footprint (bit for bit) is RectFrame(fp_[k]): its axes are
  // not worked out again (issue 9: a sine and cosine for every unit moved).
  if (frame != nullptr && same_bits(frame->rect, fp_[k])) {
    frame_[k] = *frame;
  } else {
    frame_[k] = RectFrame(fp_[k]);
  }
  placed_at_[k] = ++placings_;  // gap_mm's kept gaps of this unit no longer hold
  // fp_[k].bounds() from the frame just made, and handed to both indexes (each would work
  // out the corners again: a sine and cosine look-up and the corners, three times a move).
  index_box_[k] = bounds(frame_[k]);
  index_.insert(unit, fp_[k], index_box_[k]);
  const std::size_t side = static_cast<std::size_t>(force_.units[k].side);
  while (side_index_.size() <= side) side_index_.emplace_back(kSideCell);
  side_index_[side].insert(unit, fp_[k], index_box_[k]);
  touch(unit);
}

// index_ holds every unit's box (index_box_) from the start: a scan of those boxes gives
// its answer, ascending by construction.
void Battle1805::units_meeting(const Box& box, std::vector<int>& out) const {
  if (index_box_.size() > kScanUpTo) {
    index_.query(box, out);
    return;
  }
  out.clear();
  for (std::size_t i = 0; i < index_box_.size(); ++i) {
    if (index_box_[i].intersects(box)) out.push_back(static_cast<int>(i));
  }
}

std::vector<int> Battle1805::near(const Box& box) const {
  std::vector<int> out;
  units_meeting(box, out);
  return out;
}

std::vector<int> Battle1805::near(const Rect& r, double reach) const {
  return near(grown(r.bounds(), reach));
}

void Battle1805::enemies_near(int unit, const Box& box, std::vector<int>* out) const {
  const int side = force_.units[static_cast<std::size_t>(unit)].side;
  out->clear();
  if (index_box_.size() <= kScanUpTo) {  // as units_meeting: each side's index, scanned
    for (std::size_t i = 0; i < index_box_.size(); ++i) {
      if (force_.units[i].side != side && index_box_[i].intersects(box)) {
        out->push_back(static_cast<int>(i));
      }
    }
    return;
  }
  if (side_index_.size() == 2) {
    // One other side: its index's answer is the list (ascending already).
    side_index_[side == 0 ? 1 : 0].query(box, *out);
    return;
  }
  std::vector<int>& part = enemies_scratch_;
  for (std::size_t s = 0; s < side_index_.size(); ++s) {
    if (static_cast<int>(s) == side) continue;
    side_index_[s].query(box, part);
    out->insert(out->end(), part.begin(), part.end());
  }
  if (side_index_.size() > 2) std::sort(out->begin(), out->end());
}

// Visits the units of the sides other than `unit`'s on the table (and active, if asked),
// nearest boxes first, skipping those whose box gap `farther` rejects and stopping once
// every unit not yet seen is rejected too. The units a ring of cells brings are visited
// nearest box first (then lower index), so that the first one measured is mostly the
// nearest and `farther` rules out the rest by their boxes: each caller wants the least of
// a key, ties to the lower index, which is the same in any order. `farther(mm)` must hold
// for every gap above one it holds for (it is "beyond a bound").
template <typename Visit, typename Farther>
void Battle1805::around_enemies(int unit, bool active_only, Visit visit, Farther farther) const {
  // rect_of(unit).bounds(), kept (placed(): the bounds of the same frame).
  const Box& my_box = index_box_[static_cast<std::size_t>(unit)];
  const int side = force_.units[unit].side;
  std::vector<std::pair<double, int>>& pending = nearest_pending_;
  // The least (gap, index) left that `farther` keeps, one at a time: the first one visited
  // mostly rules out the rest, so this costs about two passes, not a sort.
  auto weigh_pending = [&] {
    while (!pending.empty()) {
      std::size_t kept = 0, least = 0;
      for (const auto& p : pending) {
        if (farther(p.first)) continue;
        if (kept > 0 && p < pending[least]) least = kept;
        pending[kept++] = p;
      }
      pending.resize(kept);
      if (kept == 0) return;
      const int i = pending[least].second;
      pending[least] = pending.back();
      pending.pop_back();
      visit(i);
    }
  };
  auto offer = [&](int i) {
    const Unit& u = force_.units[static_cast<std::size_t>(i)];
    if (!u.on_table() || (active_only && u.status != UnitStatus::kActive)) return;
    const Box& box = index_box_[static_cast<std::size_t>(i)];
    // The wider axis gap is never above box_gap (the root of a sum of squares is at
    // least either root), and `farther` only grows with the gap: a unit it rejects
    // is rejected without the square root.
    if (farther(std::max({my_box.min.x - box.max.x, box.min.x - my_box.max.x,
                          my_box.min.y - box.max.y, box.min.y - my_box.max.y}))) {
      return;
    }
    const double gap = box_gap(my_box, box);
    if (!farther(gap)) pending.emplace_back(gap, i);
  };
  auto more = [&](double bound) {
    weigh_pending();
    return !farther(bound);
  };
  for (std::size_t s = 0; s < side_index_.size(); ++s) {
    if (static_cast<int>(s) == side) continue;
    pending.clear();
    // A side of many units: the part of each ring beyond the best found is not walked
    // (core around_pruned: every unit it leaves lies beyond a bound `farther` rejected,
    // and `farther` only grows as the best shrinks). Issue 9, round 16: the 10,000-stand
    // battle's second turn 1,383.9 -> 1,342.7 M; in the shipped battle (a few dozen units
    // a side) the pruned walk cost more, so it keeps around().
    if (side_index_[s].size() >= kPrunedFrom) {
      side_index_[s].around_pruned</*kBounded=*/true>(my_box, offer, more);
    } else {
      side_index_[s].around(my_box, offer, more);
    }
    weigh_pending();
  }
}

// The unit of another side on the table (and active, if asked) with the least `key`
// (a gap), ties to the lower index, and its gap in mm: a nearest-first search of each
// other side's index that stops once every unit not yet seen is farther than the best.
// Units whose boxes are clearly farther than the best so far are skipped without the
// exact distance.
template <typename Key>
int Battle1805::nearest_of_other_side(int unit, bool active_only, Key key, double* gap_mm) const {
  int best = -1;
  double best_key = 1e18, best_mm = 1e18;
  // Strictly farther than the best, even after rounding to inches.
  auto farther = [&](double mm) { return best >= 0 && mm > best_mm * (1 + 1e-9) + 1e-6; };
  const RectFrame& me = frame_of(unit);
  around_enemies(
      unit, active_only,
      [&](int i) {
        // Beyond the best by the centres already: the key (the gap) is not measured.
        if (surely_beyond(me, frame_of(i), farther)) return;
        double mm = 0;
        const double k = key(i, &mm);
        if (k < best_key || (k == best_key && i < best)) {
          best_key = k;
          best_mm = mm;
          best = i;
        }
      },
      farther);
  if (gap_mm) *gap_mm = best >= 0 ? best_mm : std::numeric_limits<double>::infinity();
  return best;
}

// Ties compare the gap in inches, as the scan did.
int Battle1805::nearest_enemy(int unit, bool active_only) const {
  const RectFrame& me = frame_of(unit);
  return nearest_of_other_side(
      unit, active_only,
      [&](int i, double* mm) {
        *mm = distance(me, frame_of(i));
        return *mm / kMm;  // gap_in(unit, i)
      },
      nullptr);
}

// The commanders' scan compared the gap in mm (sim/commander.cc).
int Battle1805::nearest_active_enemy(int unit, double* gap) const {
  const std::size_t k = static_cast<std::size_t>(unit);
  if (frozen_epoch_ != 0 && k < nearest_kept_.size() && nearest_kept_[k].epoch == frozen_epoch_) {
    if (gap) *gap = nearest_kept_[k].gap_mm;
    return nearest_kept_[k].enemy;
  }
  const RectFrame& me = frame_of(unit);
  return nearest_of_other_side(
      unit, true,
      [&](int i, double* mm) {
        *mm = distance(me, frame_of(i));
        return *mm;
      },
      gap);
}

// Both answers from one search: the best by inches (nearest_enemy) and by mm
// (nearest_active_enemy). A unit is skipped only when farther than both bests, so each
// sees every unit its own search would have (and the extra ones lose): the same answers.
int Battle1805::nearest_enemy_for_orders(int unit) const {
  if (frozen_epoch_ == 0) return nearest_enemy(unit);
  const RectFrame& me = frame_of(unit);
  NearestByTwoKeys best;  // by inches as gap_in(unit, i), and by mm
  around_enemies(
      unit, true,
      [&](int i) {
        const RectFrame& f = frame_of(i);
        if (!surely_beyond(me, f, [&](double mm) { return best.beyond(mm); })) {
          best.offer(i, gap_mm(unit, i));
        }
      },
      [&](double mm) { return best.beyond(mm); });
  if (nearest_kept_.size() < force_.units.size()) nearest_kept_.resize(force_.units.size());
  nearest_kept_[static_cast<std::size_t>(unit)] = {frozen_epoch_, best.best_mm, best.at_mm};
  return best.best_in;
}

}  // namespace smoothbore::fast_1805
