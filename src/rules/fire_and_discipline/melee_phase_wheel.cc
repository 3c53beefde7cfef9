// FD-43: the one wheel a cavalry charge may include (§4.5 L226: a wheel halves the rate;
// FD-42 pivot), planned for the charge move (charge_moves) and its prediction
// (predict_charge). Split from melee_phase.cc for size.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"

namespace smoothbore::fire_and_discipline::detail {

namespace {

constexpr int kWheelChecks = 12;  // intermediate angles tested for room during the wheel

// `r` turned by `turn_deg` (compass sense) about `pivot`, as rigid_move turns a stand.
Rect turned(const Rect& r, Vec2 pivot, double turn_deg) {
  const double rad = turn_deg * std::numbers::pi / 180.0;
  const Vec2 d = r.centre - pivot;
  Rect out = r;
  out.centre = pivot + Vec2{d.x * std::cos(rad) + d.y * std::sin(rad),
                            -d.x * std::sin(rad) + d.y * std::cos(rad)};
  out.facing = normalize_bearing(r.facing + turn_deg);
  return out;
}

// Whether every live stand of `stands` lies on the table.
bool on_table_rects(const FdState& s, const std::vector<Stand>& stands) {
  for (const Stand& st : stands) {
    if (!live(st)) continue;
    for (const Vec2& p : st.rect.corners()) {
      if (p.x < 0 || p.y < 0 || p.x > s.table().width() || p.y > s.table().height()) return false;
    }
  }
  return true;
}

}  // namespace

std::optional<ChargeWheel> charge_wheel(const FdState& s, int charger, int target) {
  const Unit& c = unit_at(s, charger);
  if (c.arm != Arm::kCavalry || !s.options.cavalry_charge_wheel) return std::nullopt;
  const double half = s.mm(charge_rate_yd(s, charger) / 2);  // §4.5: the rate halved
  if (half <= 0) return std::nullopt;
  const Rect fp = c.footprint();
  const auto corners = fp.corners();
  // The gunners' "nearest point" for the wheel: the target stand nearest the charger's front.
  const Stand* aim = nullptr;
  for (const Stand& st : unit_at(s, target).stands) {
    if (!live(st)) continue;
    if (aim == nullptr ||
        distance(st.rect.centre, fp.front_centre()) < distance(aim->rect.centre, fp.front_centre()))
      aim = &st;
  }
  if (aim == nullptr) return std::nullopt;
  // Every whole-degree wheel after which some stand of the target lies in the corridor
  // within the other half of the rate, best first: the aim stand nearest the new centre
  // line, then the smaller wheel.
  struct Candidate {
    double lateral_mm;
    int turn;
    Vec2 pivot;
  };
  std::vector<Candidate> found;
  for (int turn = -180; turn <= 180; ++turn) {
    if (turn == 0) continue;
    const Vec2 pivot =
        s.options.wheel_pivot == "centre" ? fp.centre : (turn > 0 ? corners[1] : corners[0]);
    const Rect b = turned(fp, pivot, turn);
    bool reaches = false;
    for (const Stand& st : unit_at(s, target).stands) {
      reaches = reaches || (live(st) && corridor_distance(b, st.rect, half) >= 0);
    }
    if (!reaches) continue;
    const double lateral = std::fabs(b.forward().cross(aim->rect.centre - b.centre));
    found.push_back({lateral, turn, pivot});
  }
  std::stable_sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) {
    if (std::fabs(a.lateral_mm - b.lateral_mm) > 1e-6) return a.lateral_mm < b.lateral_mm;
    return std::abs(a.turn) < std::abs(b.turn);
  });
  // The first wheel with room: no stand of another unit entered, on the table (§4.5 as in
  // movement.cc, tested at intermediate angles).
  const std::vector<Stand> before = c.stands;
  std::vector<Stand> trial;
  for (const Candidate& k : found) {
    bool room = true;
    for (int step = 1; step <= kWheelChecks && room; ++step) {
      trial = before;
      rigid_move_stands(trial, k.pivot, k.turn * static_cast<double>(step) / kWheelChecks, {});
      room = !stands_overlap_other_unit(s, charger, trial) && on_table_rects(s, trial);
    }
    if (room) return ChargeWheel{static_cast<double>(k.turn), k.pivot};
  }
  return std::nullopt;
}

}  // namespace smoothbore::fire_and_discipline::detail
