#include "rules/fire_and_discipline/stand_grid.h"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>

#include "core/check.h"
#include "core/geometry/nearest.h"
#include "rules/fire_and_discipline/apart.h"

namespace smoothbore::fire_and_discipline {

namespace {

bool same(const Rect& a, const Rect& b) {
  return a.centre == b.centre && a.facing == b.facing && a.width == b.width && a.depth == b.depth;
}

// Whether `snap` lists exactly the stands of `force` on the table now, where they are.
bool current(const StandSnapshot& snap, const Force& force) {
  std::size_t k = 0;
  for (std::size_t u = 0; u < force.units.size(); ++u) {
    const Unit& unit = force.units[u];
    if (!unit.on_table()) continue;
    for (const Stand& st : unit.stands) {
      if (st.removed) continue;
      if (k >= snap.stands.size()) return false;
      const StandEntry& e = snap.stands[k++];
      if (e.unit != static_cast<int>(u) || e.stand != static_cast<int>(&st - unit.stands.data()) ||
          e.side != unit.side || !same(e.rect, st.rect)) {
        return false;
      }
    }
  }
  return k == snap.stands.size();
}

}  // namespace

std::shared_ptr<StandSnapshot> StandSnapshot::build(const Force& force) {
  auto snap = std::make_shared<StandSnapshot>();
  std::vector<Vec2> centres;
  snap->first_of_unit_.assign(force.units.size(), -1);
  for (std::size_t u = 0; u < force.units.size(); ++u) {
    const Unit& unit = force.units[u];
    if (!unit.on_table()) continue;
    int prev = -1;  // the unit's slot filed last (an index: the vectors grow)
    for (const Stand& st : unit.stands) {
      if (st.removed) continue;
      const int k = static_cast<int>(&st - unit.stands.data());
      const int slot = static_cast<int>(snap->stands.size());
      (prev < 0 ? snap->first_of_unit_[u] : snap->next_of_slot_[static_cast<std::size_t>(prev)]) =
          slot;
      prev = slot;
      snap->next_of_slot_.push_back(-1);
      snap->stands.push_back(
          {static_cast<int>(u), k, unit.side, st.rect, half_diagonal(st.rect), RectFrame(st.rect)});
      snap->max_radius = std::max(snap->max_radius, snap->stands.back().radius);
      centres.push_back(st.rect.centre);
    }
  }
  // Cells about two stands wide: a movement check looks a stand's reach around a stand.
  snap->grid.build(centres, 4 * snap->max_radius);
  // Each side's grid laid out over every stand (so over the same cells), then holding only
  // that side's slots.
  int sides = static_cast<int>(force.sides.size());
  for (const StandEntry& e : snap->stands) sides = std::max(sides, e.side + 1);
  snap->side_grids.assign(static_cast<std::size_t>(std::max(sides, 0)), LivePointGrid{});
  for (std::size_t sd = 0; sd < snap->side_grids.size(); ++sd) {
    LivePointGrid& g = snap->side_grids[sd];
    g.build(centres, 4 * snap->max_radius);
    for (std::size_t k = 0; k < snap->stands.size(); ++k) {
      if (snap->stands[k].side != static_cast<int>(sd)) g.erase(static_cast<int>(k));
    }
  }
  // The unit grids: cells about four units' boxes across (a search from a unit far behind
  // its own lines walks fewer empty rings), laid out over every unit's box.
  snap->unit_boxes.assign(force.units.size(), Box{});
  snap->unit_side_.assign(force.units.size(), -1);
  double extent = 0;
  int filed = 0;
  std::optional<Box> area;
  for (std::size_t u = 0; u < force.units.size(); ++u) {
    const int first = snap->first_of_unit_[u];
    if (first < 0) continue;
    Box b = snap->stand_box(first);
    extent += std::max(b.max.x - b.min.x, b.max.y - b.min.y);
    ++filed;
    if (area) {
      b = {{std::min(area->min.x, b.min.x), std::min(area->min.y, b.min.y)},
           {std::max(area->max.x, b.max.x), std::max(area->max.y, b.max.y)}};
    }
    area = b;
  }
  snap->unit_cell_ = std::max(50.0, filed > 0 ? 4 * extent / static_cast<double>(filed) : 0.0);
  snap->unit_grids.assign(snap->side_grids.size(), SpatialIndex(snap->unit_cell_));
  for (SpatialIndex& g : snap->unit_grids) {
    if (area) g.reserve(*area, force.units.size());
  }
  for (std::size_t u = 0; u < force.units.size(); ++u) snap->file_unit(static_cast<int>(u));
  return snap;
}

Box StandSnapshot::stand_box(int first) const {
  Box b{{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()},
        {-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}};
  for (int k = first; k >= 0; k = next_of_slot_[static_cast<std::size_t>(k)]) {
    for (Vec2 c : stands[static_cast<std::size_t>(k)].frame.corners) {
      b.min = {std::min(b.min.x, c.x), std::min(b.min.y, c.y)};
      b.max = {std::max(b.max.x, c.x), std::max(b.max.y, c.y)};
    }
  }
  return b;
}

void StandSnapshot::file_unit(int unit) {
  const std::size_t u = static_cast<std::size_t>(unit);
  if (unit_side_.size() <= u) {
    unit_side_.resize(u + 1, -1);
    unit_boxes.resize(u + 1);
  }
  if (unit_side_[u] >= 0) unit_grids[static_cast<std::size_t>(unit_side_[u])].remove(unit);
  unit_side_[u] = -1;
  const int first = u < first_of_unit_.size() ? first_of_unit_[u] : -1;
  if (first < 0) return;
  const int side = stands[static_cast<std::size_t>(first)].side;
  if (side < 0) return;
  const std::size_t sd = static_cast<std::size_t>(side);
  // A side not on the table when built: a grid of its own from now on.
  if (unit_grids.size() <= sd) unit_grids.resize(sd + 1, SpatialIndex(unit_cell_));
  const Box b = stand_box(first);
  unit_boxes[u] = b;
  const Vec2 centre = (b.min + b.max) * 0.5;
  unit_grids[sd].insert(unit, Rect{centre, 0, b.max.x - b.min.x, b.max.y - b.min.y}, b);
  unit_side_[u] = side;
}

void StandSnapshot::file_slot(int k) {
  const StandEntry& e = stands[static_cast<std::size_t>(k)];
  grid.insert(k, e.rect.centre);
  if (e.side < 0) return;
  if (side_grids.size() <= static_cast<std::size_t>(e.side)) {
    // A side not on the table when built: one cell, exact if slow.
    side_grids.resize(static_cast<std::size_t>(e.side) + 1);
  }
  side_grids[static_cast<std::size_t>(e.side)].insert(k, e.rect.centre);
}

void StandSnapshot::unfile_slot(int k) {
  grid.erase(k);
  const int side = stands[static_cast<std::size_t>(k)].side;
  if (side >= 0) side_grids[static_cast<std::size_t>(side)].erase(k);
}

bool StandSnapshot::holds(const Force& force, int unit) const {
  const std::size_t u = static_cast<std::size_t>(unit);
  int slot = u < first_of_unit_.size() ? first_of_unit_[u] : -1;
  const Unit& un = force.units[u];
  if (un.on_table()) {
    for (const Stand& st : un.stands) {
      if (st.removed) continue;
      if (slot < 0) return false;
      const StandEntry& e = stands[static_cast<std::size_t>(slot)];
      if (e.stand != static_cast<int>(&st - un.stands.data()) || e.side != un.side ||
          !same(e.rect, st.rect)) {
        return false;
      }
      slot = next_of_slot_[static_cast<std::size_t>(slot)];
    }
  }
  return slot < 0;
}

void StandSnapshot::refile(const Force& force, int unit) {
  const std::size_t u = static_cast<std::size_t>(unit);
  if (first_of_unit_.size() <= u) first_of_unit_.resize(u + 1, -1);
  for (int slot = first_of_unit_[u]; slot >= 0;) {
    const std::size_t k = static_cast<std::size_t>(slot);
    unfile_slot(slot);
    stands[k].unit = stands[k].stand = stands[k].side = -1;
    free_.push_back(slot);
    slot = next_of_slot_[k];
    next_of_slot_[k] = -1;
  }
  first_of_unit_[u] = -1;
  const Unit& un = force.units[u];
  if (!un.on_table()) {
    file_unit(unit);
    return;
  }
  int prev = -1;  // the unit's slot filed last (an index: the vectors may grow)
  for (const Stand& st : un.stands) {
    if (st.removed) continue;
    int slot = static_cast<int>(stands.size());
    if (free_.empty()) {
      stands.emplace_back();
      next_of_slot_.push_back(-1);
    } else {
      slot = free_.back();
      free_.pop_back();
    }
    const std::size_t k = static_cast<std::size_t>(slot);
    stands[k] = {unit,
                 static_cast<int>(&st - un.stands.data()),
                 un.side,
                 st.rect,
                 half_diagonal(st.rect),
                 RectFrame(st.rect)};
    max_radius = std::max(max_radius, stands[k].radius);
    file_slot(slot);
    (prev < 0 ? first_of_unit_[u] : next_of_slot_[static_cast<std::size_t>(prev)]) = slot;
    prev = slot;
  }
  file_unit(unit);
}

void StandSnapshot::check_unit_grids() const {
  for (std::size_t u = 0; u < first_of_unit_.size(); ++u) {
    const int first = first_of_unit_[u];
    const int side = first < 0 ? -1 : stands[static_cast<std::size_t>(first)].side;
    for (std::size_t sd = 0; sd < unit_grids.size(); ++sd) {
      SB_CHECK(unit_grids[sd].contains(static_cast<int>(u)) == (side == static_cast<int>(sd)),
               "a stand snapshot's unit grids and slots disagree");
    }
    if (first < 0) continue;
    const Box want = stand_box(first), got = unit_boxes[u];
    SB_CHECK(want.min == got.min && want.max == got.max,
             "a stand snapshot's unit box is not the box of its stands");
  }
}

std::vector<StandEntry> StandSnapshot::in_scan_order() const {
  std::vector<int> ks;
  for (std::size_t k = 0; k < stands.size(); ++k) {
    if (stands[k].unit >= 0) ks.push_back(static_cast<int>(k));
  }
  sort_scan(ks);
  std::vector<StandEntry> out;
  out.reserve(ks.size());
  for (int k : ks) out.push_back(stands[static_cast<std::size_t>(k)]);
  return out;
}

namespace {

bool check_tracking_on = false;

void check_against_fresh(const StandSnapshot& snap, const Force& force) {
  const std::vector<StandEntry> got = snap.in_scan_order(),
                                want = StandSnapshot::build(force)->in_scan_order();
  bool equal = got.size() == want.size();
  for (std::size_t i = 0; equal && i < got.size(); ++i) {
    equal = got[i].unit == want[i].unit && got[i].stand == want[i].stand &&
            got[i].side == want[i].side && same(got[i].rect, want[i].rect);
  }
  SB_CHECK(equal, "a tracked stand snapshot missed a change that no one touched");
  for (std::size_t u = 0; u < force.units.size(); ++u) {
    SB_CHECK(snap.holds(force, static_cast<int>(u)), "a stand snapshot's unit lists are broken");
  }
  for (std::size_t k = 0; k < snap.stands.size(); ++k) {
    SB_CHECK(snap.grid.contains(static_cast<int>(k)) == (snap.stands[k].unit >= 0),
             "a stand snapshot's grid and slots disagree");
    for (std::size_t sd = 0; sd < snap.side_grids.size(); ++sd) {
      SB_CHECK(snap.side_grids[sd].contains(static_cast<int>(k)) ==
                   (snap.stands[k].unit >= 0 && snap.stands[k].side == static_cast<int>(sd)),
               "a stand snapshot's side grids and slots disagree");
    }
  }
  snap.check_unit_grids();
}

}  // namespace

void StandCache::check_tracking(bool on) { check_tracking_on = on; }

std::shared_ptr<const StandSnapshot> StandCache::get(const Force& force, int asking) const {
  if (tracked_) {
    for (int u : trial_units_) touch(u);
    if (!snapshot_) {
      snapshot_ = StandSnapshot::build(force);
    } else {
      for (int u : touched_) {
        if (snapshot_->holds(force, u)) continue;
        // Someone holds the snapshot as it is: they keep it, the cache refiles a copy.
        if (snapshot_.use_count() > 1) snapshot_ = std::make_shared<StandSnapshot>(*snapshot_);
        snapshot_->refile(force, u);
      }
    }
    for (int u : touched_) is_touched_[static_cast<std::size_t>(u)] = 0;
    touched_.clear();
    if (check_tracking_on) check_against_fresh(*snapshot_, force);
    return snapshot_;
  }
  if (frozen_ && (trials_ == 0 || trial_unit_ == asking)) return frozen_;
  if (snapshot_ && current(*snapshot_, force)) return snapshot_;
  snapshot_ = StandSnapshot::build(force);
  return snapshot_;
}

bool StandSnapshot::overlaps_other(const Rect& r, int unit, double tolerance) const {
  bool found = false;
  std::optional<RectFrame> fr;  // worked out for the first other stand around
  around(r, 0, [&](int k) {
    const StandEntry& o = stands[static_cast<std::size_t>(k)];
    if (found || o.unit == unit) return;
    if (!fr) fr = RectFrame(r);
    found = overlaps(*fr, o.frame, tolerance);
  });
  return found;
}

bool StandSnapshot::enemy_within(const Rect& r, int side, double limit) const {
  bool found = false;
  std::optional<RectFrame> fr;  // worked out for the first enemy around
  around_enemies(r, side, limit, [&](int k) {
    const StandEntry& o = stands[static_cast<std::size_t>(k)];
    if (found || o.side == side) return;
    if (surely_within(r, o.rect, limit)) {
      found = true;
      return;
    }
    if (!fr) fr = RectFrame(r);
    found = distance(*fr, o.frame) <= limit;
  });
  return found;
}

Rect StandCache::footprint(const Force& force, int unit) const {
  const Unit& u = force.units[static_cast<std::size_t>(unit)];
  const UnitIndex* index = frozen_units(u.side);
  if (index == nullptr) return u.footprint();
  const Rect& kept = index->footprint(unit);
  if (check_tracking_on) {
    const Rect now = u.footprint();
    SB_CHECK(kept.centre == now.centre && kept.facing == now.facing && kept.width == now.width &&
                 kept.depth == now.depth,
             "a frozen footprint differs from the unit's");
  }
  return kept;
}

void StandCache::freeze(const Force& force) {
  thaw();
  get(force);
  if (!tracked_) frozen_ = snapshot_;
  units_ = std::make_shared<UnitIndex>();
  units_->build(force);
}

void StandCache::thaw() {
  frozen_.reset();
  units_.reset();
  ahead_.clear();
  nearest_.clear();
  odds_.clear();
}

}  // namespace smoothbore::fire_and_discipline
