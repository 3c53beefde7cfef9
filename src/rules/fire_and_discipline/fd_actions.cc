// What a Fire and Discipline commander may choose and what the exact odds say of each
// choice (battle.h: legal_actions, assess; OrderSource::react for reactions):
// - every unit: hold, moves (toward the nearest enemy's musket range, each objective, the
//   feature its order names, home) that its order permits (FD-52), charges the rules allow
//   (§8.11, FD-43, FD-49), formation changes (none to column for a unit on Hold, none for a
//   garrison in its objective zone); a road march for a column (or limbered guns) on a
//   road far from the enemy (§4.2c, §4.3c, FD-06, FD-08; a column formation is marked
//   `rate = "road"` when the new column could march by road next turn) and tactical
//   shifts for trained formed units (§4.6, FD-07): marches.h;
// - a limbered gun: unlimber facing the nearest enemy (§6.4f);
// - a crew away from its guns (FD-19): walk back to them;
// - an unlimbered gun (§6.4): hold = fire as usual in the Artillery phase (§6.4a); hold
//   fire against an expected charge (§6.4d, offered only when some enemy could charge it
//   this turn); prolonge forward or back by its TACTICAL distance where its order permits
//   the move (§6.4b, R-000-5, §6.66, FD-52; made in the step FD-05 names); change the
//   direction of fire toward each enemy unit within its range (§6.4c);
// - the target of a charge, in Phase V (§8.2a): hold, or counter-charge where the rules
//   allow it (counter_charge_invalid, FD-44).
// Fire targets are not a commander's choice: fire_targets.h (FD-37).
// A commander that checks offers (OrderSource::checks_offers) is offered the list with its
// moves, shifts, prolonges and changes of direction unchecked (offered_actions) and has them
// checked where it reads them (check_offers): legal_actions is that list with all checked.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/geometry/rect_frame.h"
#include "rules/fire_and_discipline/apart.h"
#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fd_battle_impl.h"
#include "rules/fire_and_discipline/fd_doctrine.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/local_memo.h"
#include "rules/fire_and_discipline/marches.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/orders.h"

namespace smoothbore::fire_and_discipline::detail {

namespace {

// Facings closer than this are the same change of direction.
constexpr double kSameFacingDeg = 1.0;
// Rounding allowance (mm) on a reach used only to leave out units beyond it.
constexpr double kSlackMm = 1.0;

// Puts `with` in place of the first unchecked action of `kind` in `legal` (none: nothing).
void replace_unchecked(std::vector<Action>& legal, ActionKind kind,
                       const std::vector<Action>& with) {
  const auto it = std::find_if(legal.begin(), legal.end(),
                               [kind](const Action& a) { return a.unchecked && a.kind == kind; });
  if (it == legal.end()) return;
  const std::ptrdiff_t at = it - legal.begin();
  legal.erase(it);
  legal.insert(legal.begin() + at, with.begin(), with.end());
}

}  // namespace

std::vector<Action> FdBattle::legal_actions(int unit) const {
  std::vector<Action> out = offered_actions(unit);
  for (const ActionKind k :
       {ActionKind::kMove, ActionKind::kShift, ActionKind::kProlonge, ActionKind::kFace}) {
    check_offers(unit, k, out);
  }
  return out;
}

std::vector<Action> FdBattle::offered_actions(int unit) const {
  std::vector<Action> out;
  Action hold;
  hold.unit = unit;
  out.push_back(hold);
  if (!in_play(unit) || !s_.units[unit].engaged_with.empty()) return out;
  const Unit& u = s_.force.units[unit];
  const UnitState& st = s_.units[unit];
  const Rect fp = s_.stands_on_table.footprint(s_.force, unit);
  // Charges (Phase V; the declaration is checked again then). A target beyond the charge
  // rate, edge to edge, is neither in the corridor nor within half the rate (FD-43).
  const double charge_reach = s_.mm(std::max(0.0, charge_rate_yd(s_, unit))) + kSlackMm;
  for (const int t : enemies_within(unit, charge_reach)) {
    if (!chargeable(t)) continue;
    if (charge_invalid(s_, unit, t)) continue;
    Action c;
    c.kind = ActionKind::kCharge;
    c.unit = unit;
    c.target = t;
    out.push_back(c);
  }
  const bool gun = u.arm == Arm::kArtillery;
  if (gun && u.formation == "limbered") {
    Action un;
    un.kind = ActionKind::kUnlimber;
    un.unit = unit;
    const int e = nearest_enemy(unit);
    un.facing = e >= 0 ? bearing_of(s_.stands_on_table.footprint(s_.force, e).centre - fp.centre)
                       : fp.facing;
    out.push_back(un);
  }
  // FD-19: a crew away from its uncaptured guns walks back to re-man them.
  if (gun && st.guns_abandoned) {
    if (!st.captured && st.crew > 0 && !st.halted(s_.turn)) {
      const Rect guns = guns_rect(s_, unit);
      Action back;
      back.kind = ActionKind::kMove;
      back.unit = unit;
      back.moves = true;
      back.destination = guns.centre;
      back.facing = fp.facing;  // no wheel (§4.5 would halve the walk)
      if (distance(fp, guns) > s_.mm(kGunContactYd)) out.push_back(back);
    }
    return out;
  }
  if (gun && u.formation == "unlimbered") {
    gun_options(unit, out);
    return out;
  }
  if (st.halted(s_.turn)) return out;
  // Moves: toward the nearest enemy to musket range, toward each objective, back home.
  const std::optional<double> field = rate_yd(s_, unit, Rate::kField);
  if (!field || *field <= 0) return out;
  auto move_to = [&](Vec2 goal, double stop_short_mm) {
    Action m;
    m.kind = ActionKind::kMove;
    m.unit = unit;
    m.moves = true;
    const Vec2 d = goal - fp.centre;
    const double travel = std::clamp(d.length() - stop_short_mm, 0.0, s_.mm(*field));
    m.destination = fp.centre + d.normalized() * travel;
    m.facing = d.length() > 0 ? bearing_of(d) : fp.facing;
    if (travel <= s_.mm(1)) return;
    m.unchecked = true;  // the order and the first yards: check_moves
    out.push_back(m);
  };
  if (const int e = nearest_enemy(unit); e >= 0) {
    const Rect ef = s_.stands_on_table.footprint(s_.force, e);
    const double gap = distance(fp, ef);
    const double centre_gap = distance(fp.centre, ef.centre);
    move_to(ef.centre, centre_gap - gap + s_.mm(kFiringLineYd));
  }
  for (const Objective& o : scenario_.objectives) move_to(o.position, 0);
  // Toward the feature the unit's order names (Assault, Hold, Withdrawal; §2.41).
  if (const auto goal = feature_goal(scenario_, st.order.feature, fp.centre)) move_to(*goal, 0);
  move_to(
      fp.centre + bearing_vector(edge_bearing(s_.force.sides[u.side].home_edge)) * s_.mm(*field),
      0);
  // A road march along the road it stands on (§4.2c, §4.3c, FD-06, FD-08), where its order
  // permits the move (FD-52).
  if (const std::optional<RoadMarch> road = road_march_plan(s_, unit)) {
    Rect to = fp;
    to.centre = road->destination;
    if (may_move(s_, unit, fp, to, 0)) {
      Action m;
      m.kind = ActionKind::kMove;
      m.unit = unit;
      m.moves = true;
      m.destination = road->destination;
      m.facing = fp.facing;
      m.rate = "road";
      out.push_back(m);
    }
  }
  // Tactical shifts (§4.6, FD-07): left, right, back, and the step that lines up on the
  // nearest enemy stand ahead (marches.h); not for a garrison in its zone (FD-49).
  const bool in_garrison =
      st.order.kind == OrderKind::kHold && !st.order.feature.empty() && occupies_zone(s_, unit);
  // One unchecked shift stands for them all (check_shifts: shift_offsets).
  if (!in_garrison) {
    Action sh;
    sh.kind = ActionKind::kShift;
    sh.unit = unit;
    sh.moves = true;
    sh.destination = fp.centre;
    sh.facing = fp.facing;
    sh.rate = "tactical";
    sh.unchecked = true;
    out.push_back(sh);
  }
  // A unit on Hold stands in line to defend: it is not offered column (FD-52 engine
  // reading; a column is for marching). A garrison holding its objective zone stays formed
  // in it (FD-52 Hold, FD-49).
  const bool holding =
      st.order.kind == OrderKind::kHold && s_.options.order_constraints == "enforced";
  const bool garrison = in_garrison;
  if (!gun && u.formation != "open-order" && !(holding && u.formation == "line") && !garrison) {
    Action f;
    f.kind = ActionKind::kFormation;
    f.unit = unit;
    f.formation = u.formation == "line" ? "column" : "line";
    f.facing = fp.facing;
    if (f.formation == "column" && road_march_after_column(s_, unit)) f.rate = "road";
    out.push_back(f);
  }
  return out;
}

void FdBattle::check_offers(int unit, ActionKind kind, std::vector<Action>& legal) const {
  if (kind == ActionKind::kMove) check_moves(unit, legal);
  if (kind == ActionKind::kShift) check_shifts(unit, legal);
  if (kind == ActionKind::kProlonge) check_prolonges(unit, legal);
  if (kind == ActionKind::kFace) check_faces(unit, legal);
}

bool FdBattle::offers_may_kill(int unit, ActionKind kind) const {
  // assess values a shift by expected_volley_after_shift from where the unit stands, in play.
  if (kind == ActionKind::kShift && in_play(unit)) return shifts_may_find_volley(s_, unit);
  return true;
}

// A move is offered only where the unit's order permits it (FD-52), and its first yards
// are worked out as move_unit would make them: a move that other units or the table edge
// would stop at once is not offered, and after a blocked wheel the destination is the point
// straight ahead the unit would make for (movement.h), so the commander weighs the move it
// would really get.
FdBattle::ProbeMemo* FdBattle::probe_memo(int unit) const {
  if (probe_memos_.size() < s_.force.units.size()) probe_memos_.resize(s_.force.units.size());
  ProbeMemo& memo = probe_memos_[static_cast<std::size_t>(unit)];
  bool drop = false;
  const bool holds = local_holds(s_, unit, LocalKind::kProbe, memo.seen, &drop);
  if (drop) memo.answers.clear();
  return holds ? &memo : nullptr;
}

std::optional<double> FdBattle::shift_run(int unit, Vec2 offset) const {
  auto worked = [&] { return tactical_shift_mm(s_, unit, offset); };
  if (shift_memos_.size() < s_.force.units.size()) shift_memos_.resize(s_.force.units.size());
  ShiftMemo& memo = shift_memos_[static_cast<std::size_t>(unit)];
  bool drop = false;
  const bool holds = local_holds(s_, unit, LocalKind::kShift, memo.seen, &drop);
  if (drop) memo.runs.clear();
  if (!holds) return worked();
  auto same = [&](const ShiftRun& r) {
    return std::bit_cast<std::uint64_t>(r.offset.x) == std::bit_cast<std::uint64_t>(offset.x) &&
           std::bit_cast<std::uint64_t>(r.offset.y) == std::bit_cast<std::uint64_t>(offset.y);
  };
  const auto kept = std::find_if(memo.runs.begin(), memo.runs.end(), same);
  if (kept == memo.runs.end()) {
    constexpr std::size_t kMaxKept = 64;  // a unit is offered a handful of shifts a turn
    if (memo.runs.size() >= kMaxKept) memo.runs.clear();
    memo.runs.push_back({offset, worked()});
    return memo.runs.back().t;
  }
  if (shortcut_checks()) {
    const std::optional<double> fresh = worked();
    SB_CHECK(fresh.has_value() == kept->t.has_value() &&
                 (!fresh ||
                  std::bit_cast<std::uint64_t>(*fresh) == std::bit_cast<std::uint64_t>(*kept->t)),
             "a kept shift's run differs from a fresh one");
  }
  return kept->t;
}

void FdBattle::check_moves(int unit, std::vector<Action>& legal) const {
  const Rect fp = s_.stands_on_table.footprint(s_.force, unit);
  MoveProbes probes(s_, unit);  // one trial of the stands for every move (round 19)
  // The probes' answers kept from earlier turns while what they read is unchanged
  // (local_memo.h; issue 9 round 24: most units weighed stand where they stood, among the
  // same neighbours, and were probed alike again).
  ProbeMemo* memo = nullptr;
  if (std::any_of(legal.begin(), legal.end(),
                  [](const Action& a) { return a.unchecked && a.kind == ActionKind::kMove; })) {
    memo = probe_memo(unit);
  }
  // The answers for the moves checked so far: a move to the same destination with the same
  // facing, bit for bit, is answered alike without a second probe (issue 9 round 23: a unit
  // ordered to assault an objective was offered the move to its position twice).
  struct Answer {
    Vec2 destination;
    double facing;
    bool offered;
    Vec2 checked_destination;
  };
  thread_local std::vector<Answer> answers;
  answers.clear();
  auto same = [](const Answer& a, const Action& m) {
    return std::bit_cast<std::uint64_t>(a.destination.x) ==
               std::bit_cast<std::uint64_t>(m.destination.x) &&
           std::bit_cast<std::uint64_t>(a.destination.y) ==
               std::bit_cast<std::uint64_t>(m.destination.y) &&
           std::bit_cast<std::uint64_t>(a.facing) == std::bit_cast<std::uint64_t>(m.facing);
  };
  std::size_t kept = 0;  // the actions kept so far, moved up over those left out
  for (std::size_t i = 0; i < legal.size(); ++i) {
    Action& m = legal[i];
    if (m.unchecked && m.kind == ActionKind::kMove) {
      const auto seen =
          std::find_if(answers.begin(), answers.end(), [&](const Answer& a) { return same(a, m); });
      if (seen != answers.end()) {
        if (!seen->offered) continue;
        m.destination = seen->checked_destination;
        m.unchecked = false;
        if (kept != i) legal[kept] = m;
        ++kept;
        continue;
      }
      answers.push_back({m.destination, m.facing, false, m.destination});
      // A move its kept probe refuses is not offered whatever its order says (FD-52 is
      // asked only of moves the probe would offer; under the tests' switch both are asked,
      // the kept answer checked against a fresh probe).
      const ProbeAnswer* known = kept_probe(memo, m);
      if (known != nullptr && !known->offered && !shortcut_checks()) continue;
      Rect to = fp;
      to.centre = m.destination;
      if (!may_move(s_, unit, fp, to, 0)) continue;
      const ProbeAnswer answer = probe_answer(unit, m, memo, known, probes);
      if (!answer.offered) continue;
      if (answer.blocked) m.destination = answer.aim;
      answers.back().offered = true;
      answers.back().checked_destination = m.destination;
      m.unchecked = false;
    }
    if (kept != i) legal[kept] = m;
    ++kept;
  }
  legal.resize(kept);
}

const FdBattle::ProbeAnswer* FdBattle::kept_probe(const ProbeMemo* memo, const Action& m) {
  if (memo == nullptr) return nullptr;
  for (const ProbeAnswer& a : memo->answers) {
    if (std::bit_cast<std::uint64_t>(a.destination.x) ==
            std::bit_cast<std::uint64_t>(m.destination.x) &&
        std::bit_cast<std::uint64_t>(a.destination.y) ==
            std::bit_cast<std::uint64_t>(m.destination.y) &&
        std::bit_cast<std::uint64_t>(a.facing) == std::bit_cast<std::uint64_t>(m.facing)) {
      return &a;
    }
  }
  return nullptr;
}

FdBattle::ProbeAnswer FdBattle::fresh_probe(int unit, const Action& m, MoveProbes& probes) const {
  auto offered = [](const MovePlan& p) {
    return !p.stands.empty() && (p.result.wheeled || p.result.distance_yd >= 1);
  };
  auto blocked = [](const MovePlan& p) { return p.result.stopped_by.starts_with("wheel blocked"); };
  const MovePlan plan =
      probes.plan(m.destination, m.facing, Rate::kField, kProbeYd, PlanDetail::kOffer);
  if (shortcut_checks()) {
    const MovePlan full = plan_move(s_, unit, m.destination, m.facing, Rate::kField, kProbeYd);
    SB_CHECK(offered(plan) == offered(full) && blocked(plan) == blocked(full) &&
                 (!blocked(full) || (plan.aim.x == full.aim.x && plan.aim.y == full.aim.y)),
             "a move's offer decided otherwise than its whole plan");
  }
  // Whether a wheel was blocked matters only for a move offered (check_moves).
  const bool offer = offered(plan);
  return {m.destination, m.facing, offer, offer && blocked(plan), plan.aim};
}

FdBattle::ProbeAnswer FdBattle::probe_answer(int unit, const Action& m, ProbeMemo* memo,
                                             const ProbeAnswer* known, MoveProbes& probes) const {
  if (known == nullptr) {
    const ProbeAnswer fresh = fresh_probe(unit, m, probes);
    if (memo != nullptr) {
      constexpr std::size_t kMaxKept = 64;  // a unit is offered a handful of moves a turn
      if (memo->answers.size() >= kMaxKept) memo->answers.clear();
      memo->answers.push_back(fresh);
    }
    return fresh;
  }
  if (shortcut_checks()) {
    const ProbeAnswer fresh = fresh_probe(unit, m, probes);
    SB_CHECK(fresh.offered == known->offered && fresh.blocked == known->blocked &&
                 (!fresh.blocked || (std::bit_cast<std::uint64_t>(fresh.aim.x) ==
                                         std::bit_cast<std::uint64_t>(known->aim.x) &&
                                     std::bit_cast<std::uint64_t>(fresh.aim.y) ==
                                         std::bit_cast<std::uint64_t>(known->aim.y))),
             "a kept move probe answers otherwise than a fresh one");
  }
  return *known;
}

// The unchecked shift stands for every tactical shift (§4.6, FD-07): left, right, back, and
// the step that lines up on the nearest enemy stand ahead (marches.h).
void FdBattle::check_shifts(int unit, std::vector<Action>& legal) const {
  const auto it = std::find_if(legal.begin(), legal.end(), [](const Action& a) {
    return a.unchecked && a.kind == ActionKind::kShift;
  });
  if (it == legal.end()) return;
  Action sh = *it;
  sh.unchecked = false;
  const std::ptrdiff_t at = it - legal.begin();
  legal.erase(it);
  const Vec2 centre = s_.stands_on_table.footprint(s_.force, unit).centre;
  const std::vector<Vec2> offsets = shift_offsets(s_, unit);
  legal.insert(legal.begin() + at, offsets.size(), sh);
  for (std::size_t k = 0; k < offsets.size(); ++k) {
    legal[static_cast<std::size_t>(at) + k].destination = centre + offsets[k];
  }
}

void FdBattle::gun_options(int unit, std::vector<Action>& out) const {
  // §6.4d: hold fire when a charge may come this turn.
  if (may_hold_fire(s_, unit) && !charge_threats(s_, unit).empty()) {
    Action h;
    h.kind = ActionKind::kHoldFire;
    h.unit = unit;
    out.push_back(h);
  }
  // §6.4b, §6.4c: one unchecked prolonge stands for both prolonges (check_prolonges), one
  // unchecked change of direction for every change (check_faces).
  for (const ActionKind k : {ActionKind::kProlonge, ActionKind::kFace}) {
    Action o;
    o.kind = k;
    o.unit = unit;
    o.unchecked = true;
    out.push_back(o);
  }
}

void FdBattle::check_prolonges(int unit, std::vector<Action>& legal) const {
  if (std::none_of(legal.begin(), legal.end(), [](const Action& a) {
        return a.unchecked && a.kind == ActionKind::kProlonge;
      })) {
    return;
  }
  const Rect fp = s_.stands_on_table.footprint(s_.force, unit);
  std::vector<Action> out;
  // §6.4b: prolonge forward or back by the TACTICAL distance (R-000-5), where the order
  // permits the move (FD-52).
  if (const std::optional<double> r = rate_yd(s_, unit, Rate::kTactical)) {
    for (double yd : {*r, -*r}) {
      const std::optional<std::vector<Rect>> end = prolonge_plan(s_, unit, yd);
      if (!end) continue;
      Vec2 c;
      for (const Rect& x : *end) c = c + x.centre * (1.0 / static_cast<double>(end->size()));
      Rect to = fp;
      to.centre = c;
      if (!may_move(s_, unit, fp, to, 0)) continue;
      Action p;
      p.kind = ActionKind::kProlonge;
      p.unit = unit;
      p.moves = true;
      p.destination = c;
      p.facing = fp.facing;
      out.push_back(p);
    }
  }
  replace_unchecked(legal, ActionKind::kProlonge, out);
}

void FdBattle::check_faces(int unit, std::vector<Action>& legal) const {
  if (std::none_of(legal.begin(), legal.end(),
                   [](const Action& a) { return a.unchecked && a.kind == ActionKind::kFace; })) {
    return;
  }
  const Rect fp = s_.stands_on_table.footprint(s_.force, unit);
  std::vector<Action> out;
  // §6.4c: turn toward each enemy unit whose nearest stand is within the guns' range.
  const double range = s_.mm(gun_range_yd(s_, unit));
  const RectFrame fp_frame(fp);
  std::vector<double> facings;
  for (const int e : enemies_within(unit, range + kSlackMm)) {
    const Unit& enemy = s_.force.units[e];
    if (!in_play(e)) continue;
    // The first of the nearest stands (frames: distance(Rect, Rect) bit for bit). None is
    // farther than the least distance of the centres (each centre lies in its rectangle):
    // a stand surely beyond that, the range, or the nearest so far by its centre alone
    // (surely_beyond's test, apart.h) can change neither the answer nor whether it counts
    // (round 21: the centres' bound first, so that the stands scanned before the nearest are
    // not all measured; each centres' distance worked out once).
    thread_local std::vector<double> apart;  // centres' distance, per stand
    apart.assign(enemy.stands.size(), 0.0);
    double centres = range;
    for (std::size_t k = 0; k < enemy.stands.size(); ++k) {
      if (enemy.stands[k].removed) continue;
      apart[k] = (fp.centre - enemy.stands[k].rect.centre).length();
      centres = std::min(centres, apart[k]);
    }
    const double fp_half = half_diagonal(fp);
    const Stand* nearest = nullptr;
    double nearest_mm = 0;
    for (std::size_t k = 0; k < enemy.stands.size(); ++k) {
      const Stand& st = enemy.stands[k];
      if (st.removed) continue;
      const double limit = nearest ? std::min(centres, nearest_mm) : centres;
      if (apart[k] - fp_half - half_diagonal(st.rect) > limit * (1 + 1e-9) + 1e-3) {
        if (shortcut_checks()) {
          SB_CHECK(distance(fp, st.rect) > limit, "a gun's target judged apart is within reach");
        }
        continue;
      }
      const double d = distance(fp_frame, RectFrame(st.rect));
      if (nearest == nullptr || d < nearest_mm) {
        nearest = &st;
        nearest_mm = d;
      }
    }
    if (nearest == nullptr || nearest_mm > range) continue;
    const double facing = std::round(bearing_of(nearest->rect.centre - fp.centre));
    const bool seen = std::any_of(facings.begin(), facings.end(), [&](double f) {
      const double d = std::fabs(normalize_bearing(f - facing + 180.0) - 180.0);
      return d < kSameFacingDeg;
    });
    if (seen) continue;
    std::optional<std::vector<Rect>> plan = change_direction_plan(s_, unit, facing);
    if (!plan) continue;
    facings.push_back(facing);
    if (frozen_epoch_ != 0 && normalize_bearing(facing) == facing) {
      if (face_plans_epoch_ != frozen_epoch_) {
        face_plans_.clear();
        face_plans_epoch_ = frozen_epoch_;
      }
      face_plans_.push_back({unit, facing, std::move(*plan)});
    }
    Action f;
    f.kind = ActionKind::kFace;
    f.unit = unit;
    f.facing = normalize_bearing(facing);
    out.push_back(f);
  }
  replace_unchecked(legal, ActionKind::kFace, out);
}

std::vector<Action> FdBattle::reactions(int unit, int charger, bool may_counter) const {
  std::vector<Action> out;
  Action hold;
  hold.unit = unit;
  hold.target = charger;
  out.push_back(hold);
  if (may_counter && !counter_charge_invalid(s_, unit, charger)) {
    Action c;
    c.kind = ActionKind::kCounterCharge;
    c.unit = unit;
    c.target = charger;
    out.push_back(c);
  }
  return out;
}

const std::vector<Rect>* FdBattle::face_plan(int unit, double facing) const {
  if (frozen_epoch_ == 0 || face_plans_epoch_ != frozen_epoch_) return nullptr;
  for (const FacePlan& p : face_plans_) {
    if (p.unit != unit || p.facing != facing) continue;
    if (shortcut_checks()) {
      const std::optional<std::vector<Rect>> fresh = change_direction_plan(s_, unit, facing);
      SB_CHECK(fresh && fresh->size() == p.rects.size() &&
                   std::equal(fresh->begin(), fresh->end(), p.rects.begin(),
                              [](const Rect& x, const Rect& y) {
                                return x.centre == y.centre && x.facing == y.facing &&
                                       x.width == y.width && x.depth == y.depth;
                              }),
               "a kept change of direction is not the one worked out now");
    }
    return &p.rects;
  }
  return nullptr;
}

ActionAssessment FdBattle::assess_gun(const Action& a) const {
  ActionAssessment out;
  switch (a.kind) {
    case ActionKind::kHold:
      out.expected_kills = expected_gun_hits(s_, a.unit);
      break;
    case ActionKind::kHoldFire: {
      const HeldFireValue v = held_fire_value(s_, a.unit);
      out.expected_kills = v.expected_hits;
      out.win_probability = v.stop_probability;
      break;
    }
    case ActionKind::kFace:
      if (const std::vector<Rect>* plan = face_plan(a.unit, a.facing)) {
        out.expected_kills = expected_gun_hits_at(s_, a.unit, *plan);
      } else {
        out.expected_kills = expected_gun_hits_facing(s_, a.unit, a.facing);
      }
      break;
    case ActionKind::kProlonge: {
      // The offered destination came from prolonge_plan: a straight translation of the
      // stands (their centroid moves to `destination`).
      std::vector<Rect> rects;
      Vec2 centroid;
      for (const Stand& st : s_.force.units[a.unit].stands) {
        if (st.removed) continue;
        rects.push_back(st.rect);
        centroid = centroid + st.rect.centre;
      }
      if (rects.empty()) break;
      const Vec2 shift = a.destination - centroid * (1.0 / static_cast<double>(rects.size()));
      for (Rect& r : rects) r.centre = r.centre + shift;
      out.expected_kills = expected_gun_hits_at(s_, a.unit, rects);
      break;
    }
    default:
      break;
  }
  return out;
}

// Charges and reactions: the first round's exact odds (fd_doctrine.h). A charge is weighed
// before the fire phases, against the response a doctrine target would elect; a reaction
// at its Phase V declaration, from the reacting unit's side (battle.h).
ActionAssessment FdBattle::assess(const Action& a) const {
  ActionAssessment out;
  if (a.unit < 0 || !in_play(a.unit)) return out;
  const Unit& u = s_.force.units[a.unit];
  if (u.arm == Arm::kArtillery && u.formation == "unlimbered" && a.target < 0) {
    return assess_gun(a);
  }
  // Standing or shifting (§4.6, FD-07): the volley the unit would fire from where it
  // stands, or from where the shift leaves it (FD-37 target; 0 when its kill zone holds no
  // target or a friend blocks it, §7.23).
  if (a.kind == ActionKind::kHold && a.target < 0) {
    out.expected_kills = expected_volley_now(s_, a.unit);
    return out;
  }
  if (a.kind == ActionKind::kShift) {
    // The shift's run kept across turns while what it reads is unchanged (shift_run).
    const Vec2 offset = a.destination - s_.stands_on_table.footprint(s_.force, a.unit).centre;
    out.expected_kills =
        expected_volley_after_shift(s_, a.unit, offset, [&] { return shift_run(a.unit, offset); });
    return out;
  }
  if (a.target < 0 || !chargeable(a.target)) return out;
  if (a.kind == ActionKind::kCharge && retiring(s_, a.target)) {
    // FD-58: a shattered unit retiring surrenders when contacted.
    const ChargePrediction p = predict_charge(s_, a.unit, a.target);
    const bool contact = p.reaches && !p.contacts.empty();
    out.win_probability = contact ? 1.0 : 0.0;
    out.risk = contact ? 0.0 : 1.0;
    out.pursuit_probability = out.win_probability;
    return out;
  }
  if (!in_play(a.target)) return out;
  if (a.kind == ActionKind::kCharge) {
    const ChargeOdds o = doctrine_response_odds(s_, a.target, a.unit, OddsTime::kTurnStart).odds;
    out.win_probability = o.charger_wins;
    out.risk = o.reaches ? o.target_wins + o.stopped : 1.0;
    out.pursuit_probability = o.target_breaks;
    out.expected_kills = o.charger_hits;
  } else if (a.kind == ActionKind::kHold || a.kind == ActionKind::kCounterCharge) {
    const bool counter = a.kind == ActionKind::kCounterCharge;
    const ChargeOdds o = charge_odds(
        s_, a.target, a.unit, counter ? ChargeResponse::kCounterCharge : ChargeResponse::kHold,
        OddsTime::kDeclaration);
    out.win_probability = o.stopped + o.target_wins;
    out.risk = o.charger_wins;
    out.pursuit_probability = counter ? o.charger_breaks : 0.0;
    out.expected_kills = o.fire_hits;
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline::detail
