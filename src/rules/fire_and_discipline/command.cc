#include "rules/fire_and_discipline/command.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/check.h"
#include "core/geometry/nearest.h"
#include "core/geometry/rect_frame.h"
#include "rules/battle.h"
#include "rules/fire_and_discipline/apart.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/fire_and_discipline/orders.h"
#include "rules/fire_and_discipline/retire.h"

namespace smoothbore::fire_and_discipline {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEps = 1e-6;  // mm

std::size_t at(int i) { return static_cast<std::size_t>(i); }

bool valid_leader(const FdState& s, int l) { return l >= 0 && at(l) < s.force.leaders.size(); }
bool valid_unit(const FdState& s, int u) { return u >= 0 && at(u) < s.force.units.size(); }

std::string side_id(const FdState& s, int side) {
  return side >= 0 && at(side) < s.force.sides.size() ? s.force.sides[at(side)].id : "";
}

void note(const FdState& s, EventLog& log, EventKind kind, const char* phase, int side,
          const std::string& unit, std::string text, std::vector<RollRecord> rolls = {}) {
  if (counted_quietly(log, kind)) return;
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  e.phase = phase;
  e.side = side_id(s, side);
  e.unit = unit;
  e.text = std::move(text);
  e.rolls = std::move(rolls);
  log.append(std::move(e));
}

// Edge-to-edge distance (mm) from `r` to the nearest stand of unit `u` on the table.
double distance_to_unit(const FdState& s, const Rect& r, int u) {
  double best = kInf;
  for (const Stand& st : s.force.units[at(u)].stands) {
    if (!st.removed) best = std::min(best, distance(r, st.rect));
  }
  return best;
}

double point_to_unit(const FdState& s, Vec2 p, int u) {
  double best = kInf;
  for (const Stand& st : s.force.units[at(u)].stands) {
    if (!st.removed) best = std::min(best, distance(st.rect, p));
  }
  return best;
}

// Distance (mm) from point `p` to the named feature (orders.h); nullopt if unknown.
std::optional<double> feature_distance(const FdState& s, const std::string& id, Vec2 p) {
  if (s.scenario == nullptr) return std::nullopt;
  return fire_and_discipline::feature_distance(*s.scenario, id, p);
}

// The frozen footprints (stand_grid.h) when they hold for every side but `side`.
const UnitIndex* frozen_enemies(const FdState& s, int side) {
  return s.stands_on_table.frozen_enemies(side, static_cast<int>(s.force.sides.size()));
}

// Whether enemy unit `e` has a stand ahead of the front edge whose centre is `fc`, facing
// `fwd` (FD-52): then every stand of it counts.
bool enemy_ahead(const FdState& s, int e, Vec2 fc, Vec2 fwd) {
  const Unit& enemy = s.force.units[at(e)];
  if (!enemy.on_table()) return false;
  return std::any_of(enemy.stands.begin(), enemy.stands.end(), [&](const Stand& st) {
    return !st.removed && (st.rect.centre - fc).dot(fwd) > 0;
  });
}

// The same for the front edge of `front`.
bool enemy_ahead(const FdState& s, int e, const Rect& front) {
  return enemy_ahead(s, e, front.front_centre(), front.forward());
}

// The nearest enemy unit ahead of the front edge of `front` as the frozen footprints find
// it: its index (-1: none), and in `best` the distance (mm) from `r` to it.
int nearest_enemy_ahead(const FdState& s, const UnitIndex& index, int side, const Rect& front,
                        const Rect& r, double* best) {
  // The same least distance, nearest units first (each stand lies in its footprint).
  double so_far = kInf;  // the least distance returned yet
  const RectFrame r_frame(r);
  const Vec2 fc = front.front_centre();
  const Vec2 fwd = front.forward();
  return index.nearest_other(
      side, r.bounds(), [&](int e) { return enemy_ahead(s, e, fc, fwd); },
      [&](int e) {
        // The exact distance only to stands that may come nearer than the best so far.
        // Round 21: the stands whose bound passes are measured afterwards, least bound
        // first (up to kHeld of them; any more at once), stopping at the first bound beyond
        // the least distance (the least is the same whatever the order). Round 22: the
        // stands' frames kept while frozen (UnitIndex::stand_frames), and frame_gap
        // (apart.h) the bound: for stands that face the way `r` does or the opposite way it
        // is the distance but for rounding, where the centre's distance less the
        // half-diagonal passed most stands of the units near (some 6 of a unit's stands
        // measured in the 10k battle's first turn).
        constexpr int kHeld = 16;
        double held_bound[kHeld];
        const RectFrame* held_frame[kHeld];
        int held = 0;
        double d = kInf;
        auto passes = [&](double bound, const RectFrame& frame) {
          const double least = std::min(so_far, d);
          if (bound <= least * (1 + 1e-9) + 1e-6) return true;
          if (shortcut_checks()) {
            SB_CHECK(distance(r, frame.rect) > least, "a stand passed over is the nearest");
          }
          return false;
        };
        auto measure = [&](const RectFrame& frame) {
          d = std::min(d, distance(r_frame, frame));  // distance(r, stand)
        };
        for (const RectFrame& frame : index.stand_frames(s.force, e)) {
          const double bound = frame_gap(r_frame, frame);
          if (!passes(bound, frame)) continue;
          if (held == kHeld) {
            measure(frame);
            continue;
          }
          int i = held++;  // kept in ascending order of bound, ties in the stands' order
          for (; i > 0 && held_bound[i - 1] > bound; --i) {
            held_bound[i] = held_bound[i - 1];
            held_frame[i] = held_frame[i - 1];
          }
          held_bound[i] = bound;
          held_frame[i] = &frame;
        }
        for (int i = 0; i < held; ++i) {
          if (passes(held_bound[i], *held_frame[i])) {
            measure(*held_frame[i]);
          } else if (!shortcut_checks()) {
            break;  // the bounds after it are no less, and the least no greater
          }
        }
        so_far = std::min(so_far, d);
        return d;
      },
      best);
}

// advance_keeps_closing (below) when the footprints are not frozen: the stand snapshot
// (stand_grid.h) gives the least distance from `from` to a stand of an enemy unit ahead
// (every stand of such a unit counts), then whether one lies within that distance of `to`:
// the answers of a scan of every enemy stand. Both search the enemies' units nearest
// first (StandSnapshot::unit_grids) and measure only the stands of units that may matter.
bool keeps_closing_by_snapshot(const FdState& s, int unit, const Rect& from, const Rect& to) {
  const int side = s.force.units[at(unit)].side;
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, unit);
  // Per unit whether it counts, known when its stamp is this question's: one buffer per
  // thread, not one per question, and not cleared for each (round 19: a 10,000-stand turn's
  // moves cleared 3,700 units' answers per move).
  thread_local std::vector<unsigned char> ahead;
  thread_local std::vector<std::uint32_t> stamp;
  thread_local std::uint32_t question = 0;
  if (stamp.size() != s.force.units.size() || ++question == 0) {
    ahead.assign(s.force.units.size(), 0);
    stamp.assign(s.force.units.size(), 0);
    question = 1;
  }
  const Vec2 fc = from.front_centre();
  const Vec2 fwd = from.forward();
  auto counts = [&](int e) {
    if (stamp[at(e)] != question) {
      stamp[at(e)] = question;
      ahead[at(e)] = enemy_ahead(s, e, fc, fwd) ? 1 : 0;
    }
    return ahead[at(e)] == 1;
  };
  const double d0 = snap->nearest_enemy_stand(RectFrame(from), side, counts);
  if (d0 == kInf) return true;  // no enemy to the front
  return snap->enemy_stand_within(RectFrame(to), side, d0 + kEps, counts);
}

bool same_rect(const Rect& a, const Rect& b) {
  return a.centre == b.centre && a.facing == b.facing && a.width == b.width && a.depth == b.depth;
}

// Whether a move of `unit` from `from` to `to` leaves it no farther from the nearest enemy
// ahead of its front (FD-52, General Advance); true also when no enemy is ahead. Asked of
// every move a commander weighs, so while the stands are frozen (stand_grid.h) the
// distance from `from` is remembered per unit, and at `to` the question is only whether
// some enemy ahead lies within that distance, which stops at the first: the same answer as
// comparing the two least distances.
bool advance_keeps_closing(const FdState& s, int unit, const Rect& from, const Rect& to) {
  const int side = s.force.units[at(unit)].side;
  const UnitIndex* index = frozen_enemies(s, side);
  if (index == nullptr) return keeps_closing_by_snapshot(s, unit, from, to);
  StandCache::AheadMemo unremembered;
  StandCache::AheadMemo* memo = s.stands_on_table.ahead_memo(unit);
  if (memo == nullptr) memo = &unremembered;
  if (!memo->set || !same_rect(memo->from, from)) {
    memo->from = from;
    memo->enemy = nearest_enemy_ahead(s, *index, side, from, from, &memo->distance);
    memo->set = true;
  }
  if (memo->distance == kInf) return true;  // no enemy to the front
  const double limit = memo->distance + kEps;
  // Issue 9 round 12: `to` framed once, and no exact distance to a stand whose centre lies
  // farther from `to` than the limit and its half-diagonal (padded far above rounding): the
  // same answers.
  // Round 19: nor to a stand whose centre lies within the limit of `to` (less a margin far
  // above rounding): the centre is a point of the stand, so the stand is within too.
  const RectFrame to_frame(to);
  const double cut = limit * (1 + 1e-9) + 1e-6;
  const double surely = limit * (1 - 1e-9) - 1e-6;
  auto near = [&](const Stand& st) {
    if (st.removed) return false;
    const double to_centre = distance(to_frame, st.rect.centre);
    if (to_centre - half_diagonal(st.rect) > cut) {
      if (shortcut_checks()) {
        SB_CHECK(!(distance(to, st.rect) <= limit), "a stand beyond the bound is within reach");
      }
      return false;
    }
    if (to_centre < surely) {
      if (shortcut_checks()) {
        SB_CHECK(distance(to, st.rect) <= limit, "a stand whose centre is within is not");
      }
      return true;
    }
    return distance(to_frame, RectFrame(st.rect)) <= limit;
  };
  auto within = [&](int e) {
    const std::vector<Stand>& stands = s.force.units[at(e)].stands;
    return enemy_ahead(s, e, from) && std::any_of(stands.begin(), stands.end(), near);
  };
  // The enemy nearest the start is the likeliest to be near the end too.
  return within(memo->enemy) || index->any_other_within(side, to.bounds(), limit, within);
}

double edge_distance(const FdState& s, int side, Vec2 p) {
  return fire_and_discipline::edge_distance(s.table(), s.force.sides[at(side)].home_edge, p);
}

bool advisory(const FdState& s) { return s.options.order_constraints == "advisory"; }

bool commander_lost_recently(const FdState& s, const UnitState& u) {
  return u.commander_lost_turn >= 0 && s.turn - u.commander_lost_turn >= 0 &&
         s.turn - u.commander_lost_turn <= 1;
}

// Hold: whether `enemy` is in or near the held position.
bool near_held_position(const FdState& s, int unit, int enemy) {
  const UnitState& u = s.units[at(unit)];
  double best = kInf;
  for (const Stand& st : s.force.units[at(enemy)].stands) {
    if (st.removed) continue;
    std::optional<double> d = feature_distance(s, u.order.feature, st.rect.centre);
    if (d.has_value()) {
      // The stand's centre against the feature, less half its smaller dimension.
      best = std::min(best, std::max(0.0, *d - std::min(st.rect.width, st.rect.depth) / 2));
    } else {
      best = std::min(best, distance_to_unit(s, st.rect, unit));
    }
  }
  return best <= s.mm(kHoldNearYd) + kEps;
}

bool may_attack(const FdState& s, int unit, int target) {
  if (!valid_unit(s, unit) || !valid_unit(s, target) || unit == target) return false;
  if (s.force.units[at(unit)].side == s.force.units[at(target)].side) return false;
  const UnitState& u = s.units[at(unit)];
  if (u.halted(s.turn) || commander_lost_recently(s, u) || retiring(s, unit)) return false;
  if (advisory(s)) return true;
  switch (u.order.kind) {
    case OrderKind::kWithdrawal:
      return false;
    case OrderKind::kHold:
      return near_held_position(s, unit, target);
    case OrderKind::kGeneralAdvance:
    case OrderKind::kAssault:
      return true;
  }
  return true;
}

std::string unit_name(const Unit& u) { return u.name.empty() ? u.id : u.name; }
std::string leader_name(const Leader& l) { return l.name.empty() ? l.id : l.name; }

std::string order_words(const FdState& s, const Order& o) {
  if (s.scenario == nullptr) return std::string(order_title(o.kind));
  return describe_order(*s.scenario, o);
}

void apply_order(FdState& s, int l, const Order& order, EventLog& log, const char* how) {
  for (int u : units_of_leader(s, l)) {
    s.units[at(u)].order = order;
    touch_unit(s, u);
    const Unit& unit = s.force.units[at(u)];
    note(s, log, EventKind::kOrder, "I administration", unit.side, unit.id,
         unit_name(unit) + " takes the order " + order_words(s, order) + " " + how);
  }
}

std::vector<int> commander_check(FdState& s, int unit, const CommanderSituation& situation,
                                 int rolls, Chance& dice, EventLog& log) {
  std::vector<int> hit;
  if (!valid_unit(s, unit)) return hit;
  std::vector<int> commanders;
  const int regimental = s.units[at(unit)].leader;
  if (valid_leader(s, regimental)) commanders.push_back(regimental);
  for (std::size_t l = 0; l < s.force.leaders.size(); ++l) {
    const Leader& leader = s.force.leaders[l];
    if (leader.command >= 0 && leader.attached_unit == unit)
      commanders.push_back(static_cast<int>(l));
  }
  const char* phase = situation.cause == CommanderCause::kFire ? "fire" : "melee";
  for (int l : commanders) {
    for (int r = 0; r < rolls && s.force.leaders[at(l)].alive; ++r) {
      RollRecord record;
      const CommanderResult res = resolve_commander_hit(situation, dice, record_for(log, record));
      Leader& leader = s.force.leaders[at(l)];
      std::string text = leader.id + ": commander " + std::string(commander_result_name(res));
      if (res != CommanderResult::kSafe) {
        leader.position = leader_position(s, l);  // where he fell (FD-51)
        const std::vector<int> affected = units_affected_by_loss(s, l);
        leader.alive = false;
        s.touched.touch_leader(l);
        for (int a : affected) {
          s.units[at(a)].commander_lost_turn = s.turn;
          touch_unit(s, a);
        }
        touch_led_by(s, l);
        text += "; " + std::to_string(affected.size()) + " unit(s) affected (§2.34)";
        hit.push_back(l);
      }
      note(s, log, EventKind::kStatus, phase, leader.side, s.force.units[at(unit)].id, text,
           {record});
    }
  }
  return hit;
}

}  // namespace

Vec2 leader_position(const FdState& s, int l) {
  const Leader& leader = s.force.leaders[at(l)];
  if (valid_unit(s, leader.attached_unit)) {
    for (const Stand& st : s.force.units[at(leader.attached_unit)].stands) {
      if (!st.removed) return st.rect.centre;
    }
  }
  return leader.position;
}

std::vector<int> units_of_leader(const FdState& s, int l) {
  std::vector<int> out;
  for (std::size_t u = 0; u < s.units.size(); ++u) {
    if (s.units[u].leader == l && s.force.units[u].on_table()) out.push_back(static_cast<int>(u));
  }
  return out;
}

void send_order(FdState& s, int brigade_leader, int regimental_leader, Order order, EventLog& log) {
  if (!valid_leader(s, brigade_leader) || !valid_leader(s, regimental_leader)) return;
  const Leader& from = s.force.leaders[at(brigade_leader)];
  if (!from.alive) return;
  const Vec2 p = leader_position(s, brigade_leader);
  for (int u : units_of_leader(s, regimental_leader)) {
    if (point_to_unit(s, p, u) <= s.mm(kInPersonYd) + kEps) {
      apply_order(s, regimental_leader, order, log, "in person (FD-53)");
      return;
    }
  }
  Messenger m;
  m.from_leader = brigade_leader;
  m.to_leader = regimental_leader;
  m.order = order;
  m.position = p;
  m.sent_turn = s.turn;
  note(s, log, EventKind::kOrder, "I administration", from.side, "",
       leader_name(from) + " sends a messenger to " +
           leader_name(s.force.leaders[at(regimental_leader)]) + " with the order " +
           order_words(s, order) + " (§2.41)");
  s.messengers.push_back(std::move(m));
  touch_led_by(s, regimental_leader);  // "order coming" (fd_report.cc)
}

void touch_led_by(const FdState& s, int l) {
  if (!s.touched.tracking()) return;
  for (std::size_t u = 0; u < s.units.size(); ++u) {
    if (s.units[u].leader == l) touch_unit(s, static_cast<int>(u));
  }
}

void touch_riders_of(const FdState& s, int unit) {
  for (const Messenger& m : s.messengers) {
    if (m.arrived_turn >= 0 || m.delivered || m.intercepted || !valid_leader(s, m.to_leader)) {
      continue;
    }
    if (s.force.leaders[at(m.to_leader)].attached_unit == unit) touch_led_by(s, m.to_leader);
  }
}

namespace {

// FD-50 option courier_interception: the first enemy unit (on the table, not surrendered)
// with a stand on the messenger's path from `a` to `b`, or -1.
int intercepting_unit(const FdState& s, int side, Vec2 a, Vec2 b) {
  const Segment path{a, b};
  for (std::size_t u = 0; u < s.force.units.size(); ++u) {
    const Unit& unit = s.force.units[u];
    if (unit.side == side || !unit.on_table() || s.units[u].surrendered) continue;
    for (const Stand& st : unit.stands) {
      if (st.removed) continue;
      bool met = distance(st.rect, a) <= kEps;
      const auto c = st.rect.corners();
      for (std::size_t k = 0; k < 4 && !met; ++k) {
        met = segment_distance(path, {c[k], c[(k + 1) % 4]}) <= kEps;
      }
      if (met) return static_cast<int>(u);
    }
  }
  return -1;
}

}  // namespace

void move_messengers(FdState& s, EventLog& log) {
  const double step = s.mm(kMessengerYdPerTurn);
  for (Messenger& m : s.messengers) {
    if (m.arrived_turn >= 0 || m.delivered || m.intercepted || !valid_leader(s, m.to_leader)) {
      continue;
    }
    touch_led_by(s, m.to_leader);  // the messenger rides on: "order coming" (fd_report.cc)
    const Vec2 goal = leader_position(s, m.to_leader);
    const double d = distance(m.position, goal);
    const Vec2 next = d <= step + kEps ? goal : m.position + (goal - m.position) * (step / d);
    const int side = s.force.leaders[at(m.to_leader)].side;
    if (s.options.courier_interception) {
      if (const int e = intercepting_unit(s, side, m.position, next); e >= 0) {
        m.intercepted = true;
        const Unit& by = s.force.units[at(e)];
        note(s, log, EventKind::kOrder, "movement", side, "",
             "the messenger to " + s.force.leaders[at(m.to_leader)].id + " is intercepted by " +
                 (by.name.empty() ? by.id : by.name) + ": the order " +
                 std::string(order_kind_name(m.order.kind)) + " is lost (FD-50 option)");
        continue;
      }
    }
    if (d <= step + kEps) {
      m.position = goal;
      m.arrived_turn = s.turn;
      note(s, log, EventKind::kOrder, "VI movement", s.force.leaders[at(m.to_leader)].side, "",
           "the messenger reaches " + leader_name(s.force.leaders[at(m.to_leader)]) +
               "; he signals the order next Administration phase (§2.41)");
    } else {
      m.position = next;
    }
  }
}

void signal_orders(FdState& s, EventLog& log) {
  for (Messenger& m : s.messengers) {
    if (m.delivered || m.arrived_turn < 0 || m.arrived_turn >= s.turn) continue;
    m.delivered = true;
    touch_led_by(s, m.to_leader);
    const Leader& to = s.force.leaders[at(m.to_leader)];
    if (!to.alive && !s.options.replace_regimental) {
      note(s, log, EventKind::kOrder, "I administration", to.side, "",
           leader_name(to) + " has fallen: his stands keep their last order (FD-53)");
      continue;
    }
    apply_order(s, m.to_leader, m.order, log, "by messenger (§2.41)");
  }
}

bool may_move(const FdState& s, int unit, const Rect& from, const Rect& to,
              double tactical_shift_yd) {
  if (!valid_unit(s, unit)) return false;
  if (advisory(s)) return true;
  const double moved = distance(from.centre, to.centre);
  if (moved <= kEps) return true;  // a facing change in place
  const UnitState& u = s.units[at(unit)];
  const int side = s.force.units[at(unit)].side;
  switch (u.order.kind) {
    case OrderKind::kAssault: {
      const std::optional<double> d0 = feature_distance(s, u.order.feature, from.centre);
      const std::optional<double> d1 = feature_distance(s, u.order.feature, to.centre);
      if (d0.has_value() && d1.has_value()) {
        return *d1 < *d0 - kEps || (*d0 <= kEps && *d1 <= kEps);
      }
      [[fallthrough]];  // no known feature: as General Advance
    }
    case OrderKind::kGeneralAdvance:
      return advance_keeps_closing(s, unit, from, to);
    case OrderKind::kHold: {
      if (moved <= s.mm(tactical_shift_yd) + kEps) return true;
      // A held feature the unit is not yet in: it may go to it (engine reading, §2.41c).
      const std::optional<double> d0 = feature_distance(s, u.order.feature, from.centre);
      const std::optional<double> d1 = feature_distance(s, u.order.feature, to.centre);
      return d0.has_value() && d1.has_value() && *d0 > kEps && *d1 < *d0 - kEps;
    }
    case OrderKind::kWithdrawal:
      return edge_distance(s, side, to.centre) < edge_distance(s, side, from.centre) - kEps;
  }
  return true;
}

bool may_charge(const FdState& s, int unit, int target_unit) {
  return may_attack(s, unit, target_unit);
}

bool may_counter_charge(const FdState& s, int unit, int charger) {
  return may_attack(s, unit, charger);
}

std::vector<int> units_affected_by_loss(const FdState& s, int l) {
  std::vector<int> out;
  if (!valid_leader(s, l)) return out;
  const Leader& leader = s.force.leaders[at(l)];
  if (leader.command < 0) return units_of_leader(s, l);
  const Vec2 p = leader_position(s, l);
  const bool all = s.options.commander_loss_reach == "all";
  for (std::size_t u = 0; u < s.force.units.size(); ++u) {
    const Unit& unit = s.force.units[u];
    if (unit.side != leader.side || !unit.on_table()) continue;
    bool seen = all || static_cast<int>(u) == leader.attached_unit;
    for (const Stand& st : unit.stands) {
      if (seen) break;
      if (st.removed) continue;
      if (!s.table().terrain_blocks_sight(p, st.rect.centre)) seen = true;
      for (Vec2 c : st.rect.corners()) {
        if (!seen && !s.table().terrain_blocks_sight(p, c)) seen = true;
      }
    }
    if (seen) out.push_back(static_cast<int>(u));
  }
  return out;
}

std::vector<int> commander_fire_check(FdState& s, int unit, Chance& dice, EventLog& log, int hits) {
  CommanderSituation sit;
  sit.cause = CommanderCause::kFire;
  sit.campaign = s.options.campaign;
  const int rolls = s.options.commander_roll == "per-hit" ? std::max(0, hits) : (hits > 0 ? 1 : 0);
  return commander_check(s, unit, sit, rolls, dice, log);
}

std::vector<int> commander_melee_check(FdState& s, int unit, bool stand_passed, Chance& dice,
                                       EventLog& log) {
  CommanderSituation sit;
  sit.cause = CommanderCause::kMelee;
  sit.stand_passed = stand_passed;
  sit.campaign = s.options.campaign;
  return commander_check(s, unit, sit, 1, dice, log);
}

std::vector<int> units_to_test_for_commander_loss(const FdState& s) {
  std::vector<int> out;
  for (std::size_t u = 0; u < s.units.size(); ++u) {
    if (s.units[u].commander_lost_turn >= 0 && s.units[u].commander_lost_turn == s.turn - 1 &&
        s.force.units[u].on_table()) {
      out.push_back(static_cast<int>(u));
    }
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
