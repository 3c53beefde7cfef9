// The figures' spatial index (issue 9): with a thousand figures a side, line of sight past
// figures (SK-06), targets in range, charge reach, the nearest enemy and a placement's room
// ask about the figures near a point or a line, not every figure on the table. Each answer
// is the one a scan of every unit gives: the index only proposes candidates (a superset),
// which the callers test exactly as before, in the scan's order (ids ascending).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/geometry/same_bits.h"
#include "rules/squad_skirmish/battle_impl.h"

namespace smoothbore::squad_skirmish {

namespace {

Box box_of(const Rect& r) {
  const double half = 0.5 * std::hypot(r.width, r.depth);
  return Box{{r.centre.x - half, r.centre.y - half}, {r.centre.x + half, r.centre.y + half}};
}

}  // namespace

void BattleSK::index_build() {
  all_figs_.clear();
  // Coarse cells (24"): the nearest enemy squad is often far, and the search visits every
  // cell nearer than it.
  side_units_.assign(force_.sides.size(), SpatialIndex(24.0 * kMm));
  fp_.assign(force_.units.size(), Rect{});
  fp_box_.assign(force_.units.size(), Box{});
  fp_frame_.assign(force_.units.size(), RectFrame{});
  fig_base_.assign(force_.units.size(), 0);
  sight_.cover.clear();
  cover_epoch_.assign(force_.units.size(), 0);
  fig_unit_.clear();
  for (std::size_t u = 0; u < force_.units.size(); ++u) {
    fig_base_[u] = static_cast<int>(fig_unit_.size());
    fig_unit_.insert(fig_unit_.end(), force_.units[u].stands.size(), static_cast<int>(u));
  }
  // The figures' grids sized for the table once (a grid grown figure by figure re-files every
  // figure at each growth); the answers are the same, ids ascending.
  const Box table{{0, 0}, {scenario_.table.width(), scenario_.table.height()}};
  all_figs_.reserve(table, fig_unit_.size());
  for (std::size_t u = 0; u < force_.units.size(); ++u) index_update(static_cast<int>(u));
  officers_.clear();
  for (std::size_t u = 0; u < figures_.size(); ++u) {
    for (std::size_t k = 0; k < figures_[u].size(); ++k) {
      if (figures_[u][k].role == Role::kOfficer) {
        officers_.push_back(static_cast<int>(u * 100 + k));
      }
    }
  }
}

void BattleSK::index_update(int unit, const RectFrame* axes) {
  world_changed();
  figures_changed(unit);
  if (fig_base_.empty()) return;  // before index_build (the constructor's own placing)
  const Unit& u = force_.units[unit];
  refile_footprint(unit, axes);
  // Each figure's box worked out on axes shared while the facing is (the given ones first).
  const Rect* axes_of = axes != nullptr ? &axes->rect : nullptr;
  Vec2 f = axes != nullptr ? axes->f : Vec2{};
  Vec2 r = axes != nullptr ? axes->r : Vec2{};
  for (std::size_t k = 0; k < u.stands.size(); ++k) {
    const int id = fig_base_[unit] + static_cast<int>(k);
    if (u.stands[k].removed) {
      all_figs_.remove(id);
      continue;
    }
    const Rect& rect = u.stands[k].rect;
    if (axes_of == nullptr || std::bit_cast<std::uint64_t>(axes_of->facing) !=
                                  std::bit_cast<std::uint64_t>(rect.facing)) {
      axes_of = &rect;
      f = rect.forward();
      r = rect.right();
    }
    const Box box = bounds_on_axes(rect, f, r);
    all_figs_.insert(id, rect, box);
  }
}

// Its footprint (and that footprint's box and frame) as its figures now stand, in its side's
// index of squads. The footprint faces as its first living figure: on that facing's axes
// (the given ones when they are its, else worked out once), its frame and box are
// RectFrame(footprint)'s corners and bounds, bit for bit.
void BattleSK::refile_footprint(int unit, const RectFrame* axes) {
  const auto u = static_cast<std::size_t>(unit);
  const Unit& unit_ref = force_.units[u];
  const Stand* first = nullptr;
  for (const Stand& s : unit_ref.stands) {
    if (!s.removed) {
      first = &s;
      break;
    }
  }
  if (first == nullptr) {
    fp_[u] = unit_ref.footprint();
    fp_box_[u] = fp_[u].bounds();
    fp_frame_[u] = RectFrame(fp_[u]);
  } else {
    const Rect& ref = first->rect;
    const bool given = axes != nullptr && std::bit_cast<std::uint64_t>(axes->rect.facing) ==
                                              std::bit_cast<std::uint64_t>(ref.facing);
    const Vec2 f = given ? axes->f : ref.forward();
    const Vec2 r = given ? axes->r : ref.right();
    fp_[u] = unit_ref.footprint_on_axes(f, r);
    RectFrame& frame = fp_frame_[u];
    frame.assign_on_axes(fp_[u], f, r);
    fp_box_[u] = bounds(frame);
    if (check_kept_) {  // a test: the same footprint, frame and box as worked out afresh
      const Rect fresh = unit_ref.footprint();
      const RectFrame fresh_frame(fresh);
      const Box fresh_box = fresh.bounds();
      ++kept_checks_;
      auto same = [](Vec2 a, Vec2 b) { return same_bits(a.x, b.x) && same_bits(a.y, b.y); };
      bool ok = same(fresh.centre, fp_[u].centre) && same_bits(fresh.facing, fp_[u].facing) &&
                same_bits(fresh.width, fp_[u].width) && same_bits(fresh.depth, fp_[u].depth) &&
                same(fresh_frame.f, frame.f) && same(fresh_frame.r, frame.r) &&
                same(fresh_box.min, fp_box_[u].min) && same(fresh_box.max, fp_box_[u].max);
      for (std::size_t i = 0; i < 4; ++i) ok = ok && same(fresh_frame.corners[i], frame.corners[i]);
      if (!ok) ++kept_mismatches_;
    }
  }
  side_units_[static_cast<std::size_t>(unit_ref.side)].insert(unit, fp_[u], fp_box_[u]);
}

void BattleSK::index_remove(int unit, int k) {
  world_changed();
  figures_changed(unit);
  if (fig_base_.empty()) return;
  const int id = fig_base_[unit] + k;
  all_figs_.remove(id);
  refile_footprint(unit);
}

void BattleSK::note_officer(int unit, int k) {
  const int code = unit * 100 + k;
  auto it = std::lower_bound(officers_.begin(), officers_.end(), code);
  if (it == officers_.end() || *it != code) officers_.insert(it, code);
}

void BattleSK::figures_in(const Box& box, std::vector<int>& out) const {
  all_figs_.query(box, out);
}

void BattleSK::squads_in(const Box& box, std::vector<int>& out) const {
  out.clear();
  // A battle of a few squads: their footprints' boxes (each side's index files every squad by
  // fp_box_) tested one by one, ascending, without two index searches and a sort per line.
  constexpr std::size_t kFewSquads = 64;
  if (fp_box_.size() <= kFewSquads) {
    for (std::size_t u = 0; u < fp_box_.size(); ++u) {
      if (fp_box_[u].intersects(box)) out.push_back(static_cast<int>(u));
    }
    return;
  }
  for (const SpatialIndex& side : side_units_) {
    side.query(box, squad_ids_);
    out.insert(out.end(), squad_ids_.begin(), squad_ids_.end());
  }
  std::sort(out.begin(), out.end());
}

namespace {

// The box of `unit`'s living figures (each by its circumscribed circle) grown by `mm`, or
// false when it has none: what enemies_near asks about.
bool enemies_box(const Unit& me, double mm, Box* q) {
  bool any = false;
  Box b{{1e300, 1e300}, {-1e300, -1e300}};
  for (const Stand& st : me.stands) {
    if (st.removed) continue;
    const Box s = box_of(st.rect);
    b.min.x = std::min(b.min.x, s.min.x);
    b.min.y = std::min(b.min.y, s.min.y);
    b.max.x = std::max(b.max.x, s.max.x);
    b.max.y = std::max(b.max.y, s.max.y);
    any = true;
  }
  *q = grown(b, mm);
  return any;
}

}  // namespace

void BattleSK::enemies_near(int unit, double mm, std::vector<int>& out) const {
  out.clear();
  const Unit& me = force_.units[unit];
  Box q;
  if (!enemies_box(me, mm, &q)) return;
  // The squads whose footprint's box (which holds their figures' boxes, up to rounding: the
  // millimetre) meets the query, then those with a figure whose box, as the figures' index
  // files it (index_update), meets it: the units the figures' index would name.
  const Box wide = grown(q, 1.0);
  for (std::size_t s = 0; s < side_units_.size(); ++s) {
    if (static_cast<int>(s) == me.side) continue;
    side_units_[s].query(wide, near_ids_);
    for (int u : near_ids_) {
      const Unit& o = force_.units[static_cast<std::size_t>(u)];
      if (!o.on_table()) continue;
      // The footprint faces as its first living figure: its frame's axes are theirs.
      const RectFrame& frame = fp_frame_[static_cast<std::size_t>(u)];
      const Rect* axes_of = &frame.rect;
      Vec2 f = frame.f;
      Vec2 r = frame.r;
      for (const Stand& st : o.stands) {
        if (st.removed) continue;
        if (std::bit_cast<std::uint64_t>(axes_of->facing) !=
            std::bit_cast<std::uint64_t>(st.rect.facing)) {
          axes_of = &st.rect;
          f = st.rect.forward();
          r = st.rect.right();
        }
        if (bounds_on_axes(st.rect, f, r).intersects(q)) {
          out.push_back(u);
          break;
        }
      }
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

std::vector<int> BattleSK::enemies_near_scan(int unit, double mm) const {
  std::vector<int> out;
  const Unit& me = force_.units[unit];
  Box q;
  if (!enemies_box(me, mm, &q)) return out;
  for (std::size_t u = 0; u < force_.units.size(); ++u) {
    const Unit& o = force_.units[u];
    if (o.side == me.side || !o.on_table()) continue;
    for (const Stand& st : o.stands) {
      if (!st.removed && st.rect.bounds().intersects(q)) {
        out.push_back(static_cast<int>(u));
        break;
      }
    }
  }
  return out;
}

std::vector<int> BattleSK::units_near(int side, Vec2 at, double mm) const {
  std::vector<int> ids;
  all_figs_.query(Box{{at.x - mm - 1.0, at.y - mm - 1.0}, {at.x + mm + 1.0, at.y + mm + 1.0}}, ids);
  std::vector<int> out;
  for (int id : ids) {
    const int u = fig_unit_[static_cast<std::size_t>(id)];
    if (force_.units[static_cast<std::size_t>(u)].side != side) continue;
    if (out.empty() || out.back() != u) out.push_back(u);
  }
  return out;
}

// The scan: the enemy unit on the table with the least gap (gap_in), ties to the lower index.
int BattleSK::nearest_enemy_scan(int unit) const {
  int best = -1;
  double d = 1e18;
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int o = static_cast<int>(i);
    if (force_.units[i].side == force_.units[unit].side || !force_.units[i].on_table() ||
        figure_count(o) == 0) {
      continue;
    }
    const double g = gap_in(unit, o);
    if (g < d) {
      d = g;
      best = o;
    }
  }
  return best;
}

namespace {

// One nearest search: the unit that `accept`s with the least `key` (a gap, `mm_per_key` mm a
// unit of it), ties to the lower index; -1 when none, with `best_key` infinite.
template <typename Accept, typename Key>
struct NearestSearch {
  double mm_per_key;
  Accept accept;
  Key key;
  int best = -1;
  double best_key = std::numeric_limits<double>::infinity();
  // Every unit whose boxes' gap is `mm` has a key above the best.
  bool farther(double mm) const {
    return best >= 0 && mm > best_key * mm_per_key * (1 + 1e-9) + 1e-6;
  }
  // The units of `pending` (sorted by boxes' gap, then index: a unit filed in several cells
  // comes once per cell, and its copies lie side by side), nearest box first.
  void weigh(const std::vector<std::pair<double, int>>& pending) {
    int last = -1;
    for (const auto& [mm, i] : pending) {
      if (farther(mm)) break;  // so is every one after it
      if (i == last) continue;
      last = i;
      // `accept` counts a squad's figures: after the boxes' gap.
      if (!accept(i)) continue;
      const double k = key(i);
      if (k < best_key || (k == best_key && i < best)) {
        best_key = k;
        best = i;
      }
    }
  }
};
template <typename Accept, typename Key>
NearestSearch<Accept, Key> nearest_search(double mm_per_key, Accept accept, Key key) {
  return {mm_per_key, accept, key};
}

// The searches' answers among the units of the other sides than `side`, from one nearest-first
// walk of each other side's footprint index around `my_box`: it stops once every unit not yet
// seen is farther than each search's best, and units whose boxes are clearly farther than every
// best are skipped without an exact gap (the boxes' gap is a lower bound of either gap). The
// units a ring of cells brings are weighed nearest box first (`pending`, a scratch list), so
// that the first key worked out is mostly the best and the rest are skipped by their boxes.
// Each answer is its own search's least key (ties to the lower index), the same in any order
// and whatever other search walks with it (issue 9: the rule set's nearest enemy and the
// commanders' walked the same rings one after the other for each decision).
template <typename... Searches>
void nearest_of_other_side(const std::vector<SpatialIndex>& sides, int side,
                           const std::vector<Box>& boxes, const Box& my_box,
                           std::vector<std::pair<double, int>>& pending, Searches&... searches) {
  auto farther = [&](double mm) { return (searches.farther(mm) && ...); };
  auto weigh_pending = [&] {
    std::sort(pending.begin(), pending.end());
    (searches.weigh(pending), ...);
    pending.clear();
  };
  for (std::size_t s = 0; s < sides.size(); ++s) {
    if (static_cast<int>(s) == side) continue;
    pending.clear();
    sides[s].around(
        my_box,
        [&](int i) {
          // The boxes' gap first: most units visited are farther than the best.
          const double mm = box_gap(my_box, boxes[static_cast<std::size_t>(i)]);
          if (!farther(mm)) pending.emplace_back(mm, i);
        },
        [&](double bound) {
          weigh_pending();
          return !farther(bound);
        });
    weigh_pending();
  }
}

// The commanders' nearest enemy: the footprints' gap in mm among active units (distance(Rect,
// Rect) on the frames kept with the footprints: the same double as their scan).
auto active_search(const std::vector<Unit>& units, const std::vector<RectFrame>& frames, int unit) {
  const RectFrame* me = &frames[static_cast<std::size_t>(unit)];
  return nearest_search(
      1.0,
      [&units](int i) { return units[static_cast<std::size_t>(i)].status == UnitStatus::kActive; },
      [&frames, me](int i) { return distance(*me, frames[static_cast<std::size_t>(i)]); });
}

// The rule set's nearest enemy: gap_in (figure centres, in inches) among squads on the table
// with figures; the figures lie inside the footprint, so its box bounds the gap from below.
auto rule_search(const BattleSK& b, int unit) {
  return nearest_search(
      kMm,
      [&b](int i) {
        return b.force().units[static_cast<std::size_t>(i)].on_table() && b.figure_count(i) > 0;
      },
      [&b, unit](int i) { return b.gap_in(unit, i); });
}

}  // namespace

// Kept from the rule set's search of the same decision (nearest_enemy_fresh walks for both)
// while nothing moves or changes status; else searched now.
int BattleSK::nearest_active_enemy(int unit, double* gap) const {
  const auto u = static_cast<std::size_t>(unit);
  if (active_kept_.size() != force_.units.size()) active_kept_.assign(force_.units.size(), {});
  const KeptAnswer<std::pair<int, double>>& kept = active_kept_[u];
  std::pair<int, double> answer;
  if (kept.world == world_version_ + 1 && kept.status == status_version_) {
    answer = kept.value;
    if (check_kept_) {
      ++kept_checks_;
      ++active_checks_;
      const std::pair<int, double> fresh = nearest_active_enemy_fresh(unit);
      if (fresh.first != answer.first || !same_bits(fresh.second, answer.second)) {
        ++kept_mismatches_;
      }
    }
  } else {
    answer = nearest_active_enemy_fresh(unit);
  }
  if (gap != nullptr) *gap = answer.second;
  return answer.first;
}

std::pair<int, double> BattleSK::nearest_active_enemy_fresh(int unit) const {
  const auto u = static_cast<std::size_t>(unit);
  auto active = active_search(force_.units, fp_frame_, unit);
  nearest_of_other_side(side_units_, force_.units[u].side, fp_box_, fp_box_[u], nearest_pending_,
                        active);
  return {active.best, active.best_key};
}

// Kept per squad until a figure moves, falls or leaves the table (world_version_): a decision
// asks it for its moves, its cover and its loading.
int BattleSK::nearest_enemy(int unit) const {
  return kept_answer(nearest_kept_, unit, 0, nullptr, [&] { return nearest_enemy_fresh(unit); });
}

// With the commanders' nearest enemy of the same decision, kept (nearest_active_enemy).
int BattleSK::nearest_enemy_fresh(int unit) const {
  const auto u = static_cast<std::size_t>(unit);
  auto rule = rule_search(*this, unit);
  auto active = active_search(force_.units, fp_frame_, unit);
  nearest_of_other_side(side_units_, force_.units[u].side, fp_box_, fp_box_[u], nearest_pending_,
                        rule, active);
  if (active_kept_.size() != force_.units.size()) active_kept_.assign(force_.units.size(), {});
  active_kept_[u] = {world_version_ + 1, status_version_, {active.best, active.best_key}};
  return rule.best;
}

}  // namespace smoothbore::squad_skirmish
