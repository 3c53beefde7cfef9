#include "rules/elan_drill/proximity.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "core/geometry/nearest.h"
#include "core/geometry/nearest_two_keys.h"
#include "core/geometry/separation.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/tables.h"

namespace smoothbore::elan_drill {

namespace {

// Cell size of the centre grid: about a musket's long range (PointGrid grows it when the
// units are sparse).
constexpr double kCellMm = 8.0 * kMm;
// Slack on the centre-distance bound, far above rounding (mm).
constexpr double kSlackMm = 1.0;

// Into `out` (cleared first), in bucket order, the ids of the units whose centre lies
// within reach + the bucket's largest half diagonal of p: every unit whose footprint may
// lie within `reach_mm` of p (UnitSnapshot's and SideFootprints' buckets; issue 9: a disc,
// not its box, whose corners held about a fifth of the candidates).
template <typename Bucket, std::size_t N>
void centres_near(const std::array<Bucket, N>& buckets, Vec2 p, double reach_mm,
                  std::vector<int>& out) {
  out.clear();
  for (const Bucket& b : buckets) {
    b.grid.visit_disc(p, reach_mm + b.max_half + kSlackMm,
                      [&](int k) { out.push_back(b.ids[static_cast<std::size_t>(k)]); });
  }
}

// The nearest of `cands` (ids with their footprints, in any order) to `me` by `key(mm)`,
// ties to the lower id; -1 when none. Best
// first (issue 9): of the candidates the centre bounds keep, the exact distance is taken
// in order of a tighter lower bound (core/geometry/separation.h) and only while that
// bound does not pass the best found (with slack for rounding), so the answer is the full
// scan's, bit for bit. `*mm` gets
// its distance (infinity: none).
template <typename Key>
int nearest_of(const Rect& me, const std::vector<std::pair<int, Rect>>& cands, Key key,
               double* mm) {
  *mm = std::numeric_limits<double>::infinity();
  if (cands.empty()) return -1;
  // First the cheap bounds of core/geometry/nearest.h: an upper bound from the centres
  // and both half diagonals, and the candidates whose centre bound does not pass it.
  const double hm = half_diagonal(me);
  double upper = std::numeric_limits<double>::infinity();
  for (const auto& [o, f] : cands) {
    upper = std::min(upper, (me.centre - f.centre).length() + hm + half_diagonal(f));
  }
  const double cut = upper * (1 + 1e-9) + 1e-6;
  thread_local std::vector<std::pair<double, std::size_t>> order;  // (bound, index)
  order.clear();
  const RectAxes axes(me);
  for (std::size_t i = 0; i < cands.size(); ++i) {
    const Rect& f = cands[i].second;
    if ((me.centre - f.centre).length() - hm - half_diagonal(f) > cut) continue;
    order.emplace_back(gap_lower_bound(axes, RectAxes(f)), i);
  }
  std::sort(order.begin(), order.end());
  std::size_t best = cands.size();
  double d = std::numeric_limits<double>::infinity();
  for (const auto& [bound, i] : order) {
    if (best < cands.size() && bound > *mm * (1 + 1e-9) + 1e-6) break;
    const double at = distance(me, cands[i].second);
    const double k = key(at);
    if (k < d || (k == d && best < cands.size() && cands[i].first < cands[best].first)) {
      d = k;
      best = i;
      *mm = at;
    }
  }
  return best < cands.size() ? cands[best].first : -1;
}

}  // namespace

double centre_line_gap(const RectFrame& a, const RectFrame& b) {
  const Vec2 d = b.rect.centre - a.rect.centre;
  const double len = d.length();
  if (!(len > 0)) return 0;
  const Vec2 u = d * (1.0 / len);
  auto reach = [&](const RectFrame& f) {
    return f.hw * std::fabs(f.f.cross(u)) + f.hd * std::fabs(f.f.dot(u));
  };
  return len - reach(a) - reach(b);
}

ArcBound::ArcBound(double arc_deg) : arc_deg_(arc_deg) {
  bounded_ = arc_deg >= 1 && arc_deg <= 89;
  if (!bounded_) return;
  const double t = std::tan(arc_deg * kPi / 180.0);
  below_ = t * (1 - 1e-9);
  above_ = t * (1 + 1e-9);
}

bool ArcBound::within_exact(double across, double along, double arc_deg) {
  return std::atan2(across, along) * 180.0 / kPi <= arc_deg;
}

double axes_gap(const RectFrame& a, const RectFrame& b) {
  const Vec2 d = b.rect.centre - a.rect.centre;
  auto along = [&](Vec2 n) {
    auto reach = [&](const RectFrame& x) {
      return x.hw * std::fabs(x.r.dot(n)) + x.hd * std::fabs(x.f.dot(n));
    };
    return std::fabs(d.dot(n)) - reach(a) - reach(b);
  };
  return std::max(std::max(along(a.f), along(a.r)), std::max(along(b.f), along(b.r)));
}

void UnitSnapshot::file(Buckets& b, const std::vector<int>& units) const {
  std::array<std::vector<Vec2>, 2> centres;
  for (Bucket& k : b) {
    k.ids.clear();
    k.max_half = 0;
  }
  for (const int u : units) {
    const auto i = static_cast<std::size_t>(u);
    const std::size_t c = halves_[i] <= kSmallHalfMm ? 0 : 1;
    b[c].ids.push_back(u);
    b[c].max_half = std::max(b[c].max_half, halves_[i]);
    centres[c].push_back(rects_[i].centre);
  }
  for (std::size_t c = 0; c < b.size(); ++c) b[c].grid.build(std::move(centres[c]), kCellMm);
}

void UnitSnapshot::build(const Force& force) {
  // The last snapshot's footprints and statuses: when none changed, its nearest enemies
  // still hold (the leaders' step and the orders step of a player turn most often see the
  // same table; issue 9).
  const std::vector<Rect> last = std::move(rects_);
  const std::vector<char> last_active = std::move(active_);
  rects_.clear();
  rects_.reserve(force.units.size());
  active_.clear();
  active_.reserve(force.units.size());
  halves_.clear();
  halves_.reserve(force.units.size());
  int sides = 0;
  for (const Unit& u : force.units) {
    rects_.push_back(u.footprint());
    active_.push_back(u.status == UnitStatus::kActive ? 1 : 0);
    halves_.push_back(half_diagonal(rects_.back()));
    sides = std::max(sides, u.side + 1);
  }
  const bool same_rects =
      last.size() == rects_.size() &&
      std::memcmp(last.data(), rects_.data(), rects_.size() * sizeof(Rect)) == 0;
  const bool same = same_rects && last_active == active_;
  std::vector<std::size_t> counts(static_cast<std::size_t>(sides), 0);
  for (const Unit& u : force.units) ++counts[static_cast<std::size_t>(std::max(u.side, 0))];
  bool filed = same_rects && sizes_ == counts;
  // The grids hold the centres and half diagonals of the units of each side, all of them
  // filed last time (a snapshot serves one battle, whose units keep their sides): when no
  // footprint changed bit for bit, they stand as they are (issue 9: most often between the
  // leaders' step and the orders step of a player turn), and the lists to file are not
  // made.
  if (!filed) {
    std::vector<int> all(force.units.size());
    std::vector<std::vector<int>> by_side(static_cast<std::size_t>(sides));
    for (std::size_t i = 0; i < force.units.size(); ++i) {
      all[i] = static_cast<int>(i);
      by_side[static_cast<std::size_t>(std::max(force.units[i].side, 0))].push_back(
          static_cast<int>(i));
    }
    file(all_, all);
    side_.resize(by_side.size());
    sizes_.resize(by_side.size());
    for (std::size_t s = 0; s < by_side.size(); ++s) {
      file(side_[s], by_side[s]);
      sizes_[s] = by_side[s].size();
    }
  }
  if (!same || memo_.size() != rects_.size() || hints_.size() != side_.size()) {
    memo_.assign(rects_.size(), Nearest{});
    hints_.assign(side_.size(), -1);
  }
  if (last_.size() != rects_.size()) last_.assign(rects_.size(), -1);
  if (screened_.size() != rects_.size()) screened_.assign(rects_.size(), -1);
  if (screened_hints_.size() != side_.size()) screened_hints_.assign(side_.size(), -1);
  contact_memo_.clear();
  targets_memo_.clear();
  ready_ = true;
}

void UnitSnapshot::clear() {
  ready_ = false;  // the footprints, statuses and nearest enemies stay for build()'s reuse
  contact_memo_.clear();
  targets_memo_.clear();
}

void UnitSnapshot::near(Vec2 p, double reach_mm, std::vector<int>& out) const {
  near_unordered(p, reach_mm, out);
  std::sort(out.begin(), out.end());
}

void UnitSnapshot::near_unordered(Vec2 p, double reach_mm, std::vector<int>& out) const {
  out.clear();
  visit_near(p, reach_mm, [&](int o) { out.push_back(o); });
}

std::vector<int> UnitSnapshot::near_enemies(int side, const Rect& r, double reach_mm) const {
  std::vector<int> out;
  near_enemies_unordered(side, r, reach_mm, out);
  std::sort(out.begin(), out.end());
  return out;
}

void UnitSnapshot::near_enemies_unordered(int side, const Rect& r, double reach_mm,
                                          std::vector<int>& out) const {
  const double hr = reach_mm + half_diagonal(r) + kSlackMm;
  const Vec2 p = r.centre;
  out.clear();
  for (std::size_t s = 0; s < side_.size(); ++s) {
    if (static_cast<int>(s) == side) continue;
    for (const Bucket& b : side_[s]) {
      b.grid.visit_disc(p, hr + b.max_half,
                        [&](int k) { out.push_back(b.ids[static_cast<std::size_t>(k)]); });
    }
  }
}

void UnitSnapshot::near(const Rect& r, double reach_mm, std::vector<int>& out) const {
  near(r.centre, reach_mm + half_diagonal(r), out);
}

void SideFootprints::build(const Force& force, int side) {
  for (Bucket& b : buckets_) {
    b.ids.clear();
    b.centres.clear();
    b.max_half = 0;
  }
  for (std::size_t i = 0; i < force.units.size(); ++i) {
    if (force.units[i].side != side) continue;
    const Rect f = force.units[i].footprint();
    const double h = half_diagonal(f);
    Bucket& b = buckets_[h <= UnitSnapshot::kSmallHalfMm ? 0 : 1];
    b.ids.push_back(static_cast<int>(i));
    b.centres.push_back(f.centre);
    b.max_half = std::max(b.max_half, h);
  }
  for (Bucket& b : buckets_) b.grid.build(b.centres, kCellMm);
}

void SideFootprints::near(Vec2 p, double reach_mm, std::vector<int>& out) const {
  centres_near(buckets_, p, reach_mm, out);
  std::sort(out.begin(), out.end());
}

void LiveIndex::build(const Force& force) {
  if (!rects_.empty() && rects_.size() == force.units.size()) {
    // Kept from the last player turn (clear() keeps it): only the footprints that changed
    // since are filed again (issue 9: filing all 20,000 units of a 10,000-stand battle anew,
    // each in its cells' lists, twice a game turn); the queries' answers are ascending ids,
    // whatever order the cells list them in.
    for (std::size_t i = 0; i < rects_.size(); ++i)
      refile(static_cast<int>(i), force.units[i].footprint());
    ready_ = true;
    return;
  }
  index_.clear();
  rects_.clear();
  // The grid sized once for every footprint (issue 9: growing it unit by unit re-filed
  // the population and left a grid up to 4 times larger: 12 MB at 10,000 stands a side).
  std::vector<Rect> rects(force.units.size());
  Box all{{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()},
          {-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}};
  for (std::size_t i = 0; i < rects.size(); ++i) {
    rects[i] = force.units[i].footprint();
    const Box b = rects[i].bounds();
    all = {{std::min(all.min.x, b.min.x), std::min(all.min.y, b.min.y)},
           {std::max(all.max.x, b.max.x), std::max(all.max.y, b.max.y)}};
  }
  if (!rects.empty()) index_.reserve(all, rects.size());
  rects_.reserve(rects.size());
  for (std::size_t i = 0; i < rects.size(); ++i) refile(static_cast<int>(i), rects[i]);
  ready_ = true;
}

void LiveIndex::clear() {
  ready_ = false;  // the footprints stay filed for build()'s reuse
}

void LiveIndex::refile(int unit, const Rect& r) {
  const auto i = static_cast<std::size_t>(unit);
  // Filed already, bit for bit (a move that did not turn, a unit that did not move): the
  // same bounding box in the same cells (issue 9: a sine, a cosine and the cells' lists).
  if (i < rects_.size() && index_.contains(unit) &&
      std::memcmp(&rects_[i], &r, sizeof(Rect)) == 0) {
    return;
  }
  index_.insert(unit, r);
  if (rects_.size() <= i) rects_.resize(i + 1);
  rects_[i] = r;
}

int LiveIndex::stale(const Force& force) const {
  for (std::size_t i = 0; i < force.units.size(); ++i) {
    const Rect f = force.units[i].footprint();
    if (i >= rects_.size() || f.centre.x != rects_[i].centre.x ||
        f.centre.y != rects_[i].centre.y || f.facing != rects_[i].facing ||
        f.width != rects_[i].width || f.depth != rects_[i].depth) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

void LiveIndex::near(const Box& box, double reach_mm, std::vector<int>& out) const {
  // Units are filed by their footprints' bounding boxes (SpatialIndex::insert), so a
  // footprint within reach of `box` has its bounding box in `box` grown by reach (issue 9:
  // growing it by the largest half diagonal too doubled the cells and units a 10,000-stand
  // battle visited; every caller measures what it asks exactly).
  const double h = reach_mm + kSlackMm;
  index_.query(Box{{box.min.x - h, box.min.y - h}, {box.max.x + h, box.max.y + h}}, out);
}

void BattleED::verify_live(const char* when) const {
  if (!check_live || !live_.ready()) return;
  if (const int u = live_.stale(force_); u >= 0)
    throw std::logic_error(fmt::format("live index stale after {}: {}", when, name(u)));
}

void BattleED::refile(int unit) {
  touch(unit);  // its footprint changed
  ++refiles_;
  if (live_.ready()) live_.refile(unit, force_.units[unit].footprint());
}

void BattleED::live_near(Vec2 a, Vec2 b, double reach_mm, std::vector<int>& out) const {
  live_.near(
      Box{{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}},
      reach_mm, out);
}

IdList BattleED::live_near(Vec2 a, Vec2 b, double reach_mm) const {
  return IdList([&](std::vector<int>& out) { live_near(a, b, reach_mm, out); });
}

// --- BattleED's proximity queries ---

IdList BattleED::units_near(int unit, double reach_in) const {
  return IdList([&](std::vector<int>& out) {
    if (snap_.ready()) {
      snap_.near(snap_.footprint(unit), reach_in * kMm, out);
    } else if (live_.ready()) {  // the same superset from the footprints kept while units move
      const Rect f = force_.units[unit].footprint();
      live_.near(Box{f.centre, f.centre}, reach_in * kMm + half_diagonal(f), out);
    } else {
      out.resize(force_.units.size());
      for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int>(i);
    }
  });
}

IdList BattleED::enemies_near(int unit, double reach_in) const {
  if (!snap_.ready()) return units_near(unit, reach_in);
  return IdList([&](std::vector<int>& out) {
    snap_.near_enemies_unordered(force_.units[unit].side, snap_.footprint(unit), reach_in * kMm,
                                 out);
    std::sort(out.begin(), out.end());
  });
}

double BattleED::fire_reach_in(int unit) const {
  const Unit& u = force_.units[unit];
  if (u.arm == Arm::kArtillery) return max_range_in(unit);
  return facts_[unit].unarmed ? 0 : weapon_long_in(unit);
}

Rect BattleED::footprint_of(int unit) const {
  return snap_.ready() ? snap_.footprint(unit) : force_.units[unit].footprint();
}

const RectFrame& BattleED::frame_of(int unit) const { return frame_of(unit, footprint_of(unit)); }

const RectFrame& BattleED::frame_now(int unit) const {
  return frame_of(unit, force_.units[unit].footprint());
}

const RectFrame& BattleED::frame_anew(int unit, const Rect& r) const {
  const auto i = static_cast<std::size_t>(unit);
  if (frames_.size() != force_.units.size()) {
    frames_.assign(force_.units.size(), RectFrame{});
    framed_.assign(force_.units.size(), 0);
    frame_stamps_.assign(force_.units.size(), 0);
  }
  RectFrame& f = frames_[i];
  // Compared bit for bit (a -0.0 facing is not a 0.0 one to sin and cos).
  if (framed_[i] == 0 || std::memcmp(&f.rect, &r, sizeof(Rect)) != 0) {
    f = RectFrame(r);
    framed_[i] = 1;
    frame_stamps_[i] = ++frame_clock_;  // never reused: a kept gap of the old frame misses
  }
  return f;
}

double BattleED::gap_mm(int a, int b) const {
  return gap_mm(a, b, footprint_of(a), footprint_of(b));
}

double BattleED::gap_mm(int a, int b, const Rect& ra, const Rect& rb) const {
  if (frames_.size() != force_.units.size()) frame_of(b, rb);  // sized first: `fa` stays valid
  const RectFrame& fa = frame_of(a, ra);
  const RectFrame& fb = frame_of(b, rb);
  // A pair is kept once, lower id first, whichever way it is asked: distance() is the same
  // bit for bit both ways (each of its tests and minima is over the same set of corners,
  // edges and axes; issue 9: the reactive fire asks of its enemies the gaps their orders
  // measured, the contact tests both ways). check_nearest compares with the asked way.
  const int lo = std::min(a, b), hi = std::max(a, b);
  const std::uint64_t s_lo = frame_stamps_[static_cast<std::size_t>(lo)];
  const std::uint64_t s_hi = frame_stamps_[static_cast<std::size_t>(hi)];
  constexpr std::size_t kSlots = 2048;
  if (gaps_.empty()) gaps_.resize(kSlots);
  const std::uint64_t h = static_cast<std::uint64_t>(lo) * 0x9E3779B97F4A7C15ull ^
                          static_cast<std::uint64_t>(hi) * 0xC2B2AE3D27D4EB4Full;
  KeptGap& k = gaps_[static_cast<std::size_t>(h >> 53) % kSlots];
  if (k.a == lo && k.b == hi && k.stamp_a == s_lo && k.stamp_b == s_hi) {
    if (check_nearest && k.mm != distance(fa, fb))
      throw std::logic_error(fmt::format("units {} and {}: kept gap differs", a, b));
    return k.mm;
  }
  k = KeptGap{lo, hi, s_lo, s_hi, distance(fa, fb)};
  return k.mm;
}

bool BattleED::within_in(int a, int b, double reach_in) const {
  double gap = 0;
  return within_in(a, b, reach_in, &gap);
}

bool BattleED::within_in(int a, int b, double reach_in, double* gap) const {
  return within_in(a, b, footprint_of(a), footprint_of(b), reach_in, gap);
}

bool BattleED::within_in(int a, int b, const Rect& fa, const Rect& fb, double reach_in,
                         double* gap) const {
  const double bound = reach_in * kMm + half_diagonal(fa) + half_diagonal(fb) + kSlackMm;
  const Vec2 d = fa.centre - fb.centre;
  if (d.dot(d) > bound * bound) return false;
  *gap = gap_mm(a, b, fa, fb) / kMm;  // gap_in(a, b), on the footprints just read
  return *gap <= reach_in;
}

double BattleED::gap_in(int a, int b) const { return gap_mm(a, b) / kMm; }

double BattleED::nearest_gap_mm(int unit, int enemy) const {
  if (!snap_.ready()) return gap_mm(unit, enemy);
  // The memo's distance is by_mm's, measured as gap_mm measures (the same kept frames, in
  // the same order); by_in's is the same when both are one unit.
  const UnitSnapshot::Nearest& n = frozen_nearest(unit);
  if (n.by_in != enemy || n.by_mm != enemy) return gap_mm(unit, enemy);
  if (check_nearest && n.mm != gap_mm(unit, enemy)) {
    throw std::logic_error(fmt::format("unit {}: kept nearest gap differs", unit));
  }
  return n.mm;
}

// The nearest active enemy of `unit` by `key(mm)` over every unit (check_nearest's answer).
template <typename Key>
int BattleED::scan_nearest_enemy(int unit, Key key, double* mm) const {
  const int side = force_.units[unit].side;
  std::vector<std::pair<int, Rect>> enemies;
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    if (force_.units[i].side != side && active(static_cast<int>(i))) {
      enemies.emplace_back(i, footprint_of(static_cast<int>(i)));
    }
  }
  return nearest_of(footprint_of(unit), enemies, key, mm);
}

void BattleED::check_nearest_answer(int unit, int found, int scanned) const {
  if (found != scanned) {
    throw std::logic_error(
        fmt::format("unit {}: nearest enemy {} found, {} by a full scan", unit, found, scanned));
  }
}

int BattleED::nearest_enemy(int unit) const {
  if (snap_.ready()) return frozen_nearest(unit).by_in;
  double mm = 0;
  return scan_nearest_enemy(
      unit, [](double at) { return at / kMm; }, &mm);
}

const UnitSnapshot::Nearest& BattleED::frozen_nearest(int unit) const {
  UnitSnapshot::Nearest& memo = snap_.nearest_memo(unit);
  if (memo.by_in == -2) memo = search_nearest(unit);
  if (check_nearest) {  // found now or kept (maybe from the last snapshot): the full scan's
    double mm = 0;
    check_nearest_answer(unit, memo.by_in,
                         scan_nearest_enemy(
                             unit, [](double at) { return at / kMm; }, &mm));
    check_nearest_answer(unit, memo.by_mm,
                         scan_nearest_enemy(
                             unit, [](double at) { return at; }, &mm));
  }
  return memo;
}

template <typename Ok>
NearestByTwoKeys BattleED::nearest_in_ring(int unit, const std::vector<int>& near, double bound,
                                           const Ok& ok, int known, double known_mm,
                                           bool axes) const {
  const Rect& me = snap_.footprint(unit);
  const double hm = snap_.half(unit);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  // (the lower bound of the distance; id)
  thread_local std::vector<std::pair<double, int>> cands;
  // Issue 9: each candidate's bounds from its centre distance and both half diagonals
  // (kept with the snapshot, no square root of a footprint). The edge-to-edge distance is
  // no more than the centres' (both centres lie inside), so no candidate whose lower bound
  // passes the nearest centre (with beyond()'s slack) can be either answer; the few left
  // are measured nearest bound first, while their bound can still beat the best found (a
  // ring around a unit far behind its line held about 80 enemies, most of them sorted and
  // each with a square root, before).
  cands.clear();
  double cmin = kInf;
  for (const int o : near) {
    if (!ok(o)) continue;
    const Vec2 d = snap_.footprint(o).centre - me.centre;
    const double c = std::sqrt(d.dot(d));
    const double lower = c - hm - snap_.half(o);
    if (lower > bound) continue;
    cmin = std::min(cmin, c);  // a kept candidate's centre distance: it bounds the answer too
    cands.emplace_back(lower, o);
  }
  NearestByTwoKeys best;
  if (!cands.empty()) {
    const double cut = cmin * (1 + 1e-9) + 1e-6;
    const auto kept = std::remove_if(
        cands.begin(), cands.end(), [&](const std::pair<double, int>& c) { return c.first > cut; });
    // Those left in order of that bound, the enemy the search started from (measured
    // already) offered first, so that the best is near from the start; each is measured
    // only while its bound, then the tighter bound along the line of centres (core/
    // geometry/separation.h's, on the kept frames), can still beat the best found (issue 9:
    // the tighter bound was worked out for every candidate, about 6.5 a search, and most
    // lay beyond the nearest; with the half diagonals' bound alone about 7 exact distances
    // a search were taken, lines facing each other). Both bounds are lower bounds of the
    // distance, and an offer's answer does not depend on the order: the full scan's.
    std::sort(cands.begin(), kept);
    if (known >= 0 && std::any_of(cands.begin(), kept, [&](const std::pair<double, int>& c) {
          return c.second == known;
        })) {
      best.offer(known, known_mm);
    }
    const RectFrame& mine = frame_of(unit);
    // `axes`: before an exact distance, the gap along the frames' own axes (axes_gap, a few
    // products); one that passes both answers found can change neither (issue 9: about 4
    // exact distances a screen's search, each battalion behind its wide line nearly as
    // near; in the nearest-enemy searches it passed too seldom to pay, 2.5 M more a turn).
    for (auto it = cands.begin(); it != kept; ++it) {
      if (best.beyond(it->first)) break;  // it->first <= the distance
      const int o = it->second;
      if (o == known) continue;
      const RectFrame& theirs = frame_of(o);
      if (best.beyond(centre_line_gap(mine, theirs))) continue;
      if (axes && best.beyond(axes_gap(mine, theirs))) continue;
      best.offer(o, distance(mine, theirs));
    }
  }
  return best;
}

UnitSnapshot::Nearest BattleED::search_nearest(int unit) const {
  const int side = force_.units[unit].side;
  auto enemy = [&](int o) { return force_.units[o].side != side && active(o); };
  // Rings of doubling reach: once both answers lie within the reach searched, no unit
  // outside it (farther than the reach) can be nearer or tie. The first ring is the
  // distance to the enemy last found for this unit, still active (in an earlier snapshot:
  // units move a few inches a turn), else for this side (a neighbour's nearest, most
  // often): an active enemy that far bounds the answer, so that ring is the last.
  const Rect& me = snap_.footprint(unit);
  const std::size_t others = snap_.size() - snap_.side_count(side);
  int& hint = snap_.nearest_hint(side);
  int& last = snap_.last_nearest(unit);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double reach = 8.0 * kMm;
  // No candidate whose lower bound passes an active enemy's distance (with beyond()'s
  // slack) can be either answer: it is not kept (issue 9: most of a ring around a unit far
  // behind its line lies beyond its nearest enemy).
  double bound = kInf;
  int known = last >= 0 && enemy(last) ? last : hint;
  double gap = 0;
  if (known >= 0 && enemy(known)) {
    gap = gap_mm(unit, known);  // kept frames: the ring offers it as measured
    reach = std::max(reach, gap);
    bound = gap * (1 + 1e-9) + 1e-6;
  } else {
    known = -1;
  }
  thread_local std::vector<int> near;
  // The first ring lists no unit beyond the bound either (issue 9: a unit whose nearest
  // enemy stood within 8" still listed the enemies 8" out, for nearest_in_ring to drop):
  // the enemy it started from lies within it, so it finds an answer as a ring of `reach`.
  double listed = std::min(reach, bound);
  for (;; reach *= 2, listed = reach) {
    snap_.near_enemies_unordered(side, me, listed, near);
    const NearestByTwoKeys best = nearest_in_ring(unit, near, bound, enemy, known, gap);
    if ((best.best_in >= 0 && best.at_in <= reach && best.at_mm <= reach) ||
        near.size() >= others) {
      if (best.best_in >= 0) hint = best.best_in;
      last = best.best_in;
      return {best.best_in, best.best_mm, best.at_mm};
    }
  }
}

int BattleED::nearest_unit(int unit, const std::function<bool(int)>& ok, int known) const {
  if (snap_.ready()) {
    // search_nearest's rings among every unit `ok` accepts (issue 9: a sorted list, a copy
    // of each candidate's footprint and two sines and cosines for each exact distance, for
    // the screens of a 10,000-stand turn). As there, an accepted `known` bounds the answer
    // by its distance: no ring lists a unit beyond it or keeps a candidate whose lower
    // bound passes it, and a ring that reaches it is the last. Within 16" the first ring
    // reaches it (issue 9: each screen's search started at 8" and most took two rings);
    // one whose centres' bound puts it farther is not measured, and the rings double from
    // 8" as before (a neighbour's battalion far off made one wide ring cost more than two).
    const Rect& me = snap_.footprint(unit);
    constexpr double kFirstMm = 8.0 * kMm;
    double reach = kFirstMm;
    double bound = std::numeric_limits<double>::infinity();
    double gap = 0;
    auto near_enough = [&](int o) {
      const Vec2 d = snap_.footprint(o).centre - me.centre;
      return std::sqrt(d.dot(d)) - snap_.half(unit) - snap_.half(o) <= 2 * kFirstMm;
    };
    if (known >= 0 && known != unit && near_enough(known) && ok(known)) {
      gap = gap_mm(unit, known);  // kept frames: the ring offers it as measured
      reach = std::max(reach, gap);
      bound = gap * (1 + 1e-9) + 1e-6;
    } else {
      known = -1;
    }
    thread_local std::vector<int> near;
    for (;; reach *= 2) {
      snap_.near_unordered(me.centre, std::min(reach, bound) + half_diagonal(me), near);
      const NearestByTwoKeys best = nearest_in_ring(unit, near, bound, ok, known, gap, true);
      if ((best.best_in >= 0 && best.at_in <= reach) || near.size() == force_.units.size())
        return best.best_in;
    }
  }
  const Rect me = footprint_of(unit);
  for (double reach = 8.0 * kMm;; reach *= 2) {
    const IdList near = units_near(unit, reach / kMm);  // all when not frozen
    std::vector<std::pair<int, Rect>> cands;
    for (int o : near) {
      if (ok(o)) cands.emplace_back(o, footprint_of(o));
    }
    double mm = 0;
    const int best = nearest_of(
        me, cands, [](double at) { return at / kMm; }, &mm);
    if ((best >= 0 && mm <= reach) || near.size() == force_.units.size()) return best;
  }
}

int BattleED::nearest_active_enemy(int unit, double* gap) const {
  // The doctrine's nearest enemy in mm (sim/commander.cc compares mm, not inches).
  if (snap_.ready()) {  // one search with nearest_enemy's, kept with the snapshot
    const UnitSnapshot::Nearest& n = frozen_nearest(unit);
    if (gap != nullptr) *gap = n.mm;
    return n.by_mm;
  }
  const Rect me = footprint_of(unit);
  int best = -1;
  double d = std::numeric_limits<double>::infinity();
  for (double reach = 8.0 * kMm;; reach *= 2) {
    const IdList near = units_near(unit, reach / kMm);  // all when not frozen
    std::vector<std::pair<int, Rect>> enemies;
    for (int o : near) {
      if (force_.units[o].side == force_.units[unit].side ||
          force_.units[o].status != UnitStatus::kActive)
        continue;
      enemies.emplace_back(o, footprint_of(o));
    }
    best = nearest_of(
        me, enemies, [](double at) { return at; }, &d);
    if ((best >= 0 && d <= reach) || near.size() >= force_.units.size()) break;
  }
  if (gap != nullptr) *gap = d;
  return best;
}

int BattleED::contact_friend(int unit, int target) const {
  if (!snap_.ready()) return contact_friend_now(unit, target);
  // While the snapshot stands the lowest friend touching the target is kept for the side:
  // every unit of it asks about the same few targets. It is the unit's answer unless the
  // unit touches the target itself, or is that friend (touching from the target's side
  // only: measured again without it). check_nearest: checked against a fresh search.
  if (within_in(unit, target, kContactIn)) return -1;
  const int side = force_.units[unit].side;
  int& kept = snap_.contact_memo(side, target);
  if (kept == -2) kept = touching_friend(side, target, -1);
  const int found = kept == unit ? touching_friend(side, target, unit) : kept;
  if (check_nearest && found != contact_friend_now(unit, target)) {
    throw std::logic_error(
        fmt::format("unit {}: friend in contact with {} kept as {}", unit, target, found));
  }
  return found;
}

void BattleED::fire_targets_now(int unit, std::vector<int>& out) const {
  out.clear();
  for (const int ti : enemies_near(unit, fire_reach_in(unit))) {  // can_fire_at: enemies only
    if (can_fire_at(unit, ti)) out.push_back(ti);
  }
}

IdList BattleED::fire_targets(int unit) const {
  return IdList([&](std::vector<int>& out) {
    if (!snap_.ready()) return fire_targets_now(unit, out);
    bool known = false;
    std::vector<int>* kept = snap_.targets_memo(unit, &known);
    if (!known) {
      fire_targets_now(unit, *kept);
    } else if (check_nearest) {
      const IdList fresh([&](std::vector<int>& now) { fire_targets_now(unit, now); });
      if (*kept != fresh.ids())
        throw std::logic_error(fmt::format("unit {}: fire targets kept differ", unit));
    }
    out = *kept;
  });
}

int BattleED::contact_friend_now(int unit, int target) const {
  if (within_in(unit, target, kContactIn)) return -1;  // gap_in <= kContactIn, often unmeasured
  return touching_friend(force_.units[unit].side, target, unit);
}

int BattleED::touching_friend(int side, int target, int except) const {
  // The first of units_near's ascending candidates that touches: the lowest such id, so
  // the candidates come in any order into a reused buffer, and a candidate is measured
  // only while it could be lower than the one found (issue 9: a sorted copy per ask).
  thread_local std::vector<int> near;
  const Rect ft = footprint_of(target);  // the snapshot's while it stands, else the unit's
  if (snap_.ready()) {
    snap_.near_unordered(ft.centre, kContactIn * kMm + half_diagonal(ft), near);
  } else if (live_.ready()) {
    live_.near(Box{ft.centre, ft.centre}, kContactIn * kMm + half_diagonal(ft), near);
  } else {
    near.resize(force_.units.size());
    for (std::size_t i = 0; i < near.size(); ++i) near[i] = static_cast<int>(i);
  }
  int found = -1;
  double gap = 0;
  for (const int o : near) {
    if ((found < 0 || o < found) && o != except && force_.units[o].side == side && active(o) &&
        within_in(target, o, ft, footprint_of(o), kContactIn, &gap)) {
      found = o;
    }
  }
  return found;
}

}  // namespace smoothbore::elan_drill
