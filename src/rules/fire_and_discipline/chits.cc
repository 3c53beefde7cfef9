#include "rules/fire_and_discipline/chits.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rules/battle.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/retire.h"

namespace smoothbore::fire_and_discipline {

namespace {

constexpr double kStraightDeg = 0.5;  // a smaller change of facing is no wheel

std::size_t z(int i) { return static_cast<std::size_t>(i); }

std::string name_of(const Unit& u) { return u.name.empty() ? u.id : u.name; }

void note(const FdState& s, EventLog& log, int unit, const char* phase, std::string text,
          Fields data = {}) {
  if (counted_quietly(log, EventKind::kOrder)) return;
  const Unit& u = s.force.units[z(unit)];
  Event e;
  e.kind = EventKind::kOrder;
  e.turn = s.turn;
  e.phase = phase;
  if (u.side >= 0 && z(u.side) < s.force.sides.size()) e.side = s.force.sides[z(u.side)].id;
  e.unit = u.id;
  e.text = std::move(text);
  e.data = std::move(data);
  log.append(std::move(e));
}

bool live(const Stand& st) { return !st.removed; }

// The signed change of facing (degrees, -180..180; positive = clockwise = to the right).
double turn_to(double from, double to) {
  double d = normalize_bearing(to - from);
  if (d > 180) d -= 360;
  return d;
}

double unit_facing(const Unit& u) { return u.footprint().facing; }

bool limbered(const Unit& u) { return u.arm == Arm::kArtillery && u.formation == "limbered"; }

bool horse(const Unit& u) {
  return u.arm == Arm::kCavalry && !(u.type == "dragoons" && u.formation == "open-order");
}

}  // namespace

std::optional<Chit> parse_chit(std::string_view letter) {
  if (letter == "R") return Chit::kRight;
  if (letter == "L") return Chit::kLeft;
  if (letter == "H") return Chit::kHold;
  if (letter == "C") return Chit::kCounterCharge;
  if (letter == "A") return Chit::kAttack;
  if (letter == "U") return Chit::kUnlimber;
  return std::nullopt;
}

std::string_view chit_letter(Chit c) {
  switch (c) {
    case Chit::kRight:
      return "R";
    case Chit::kLeft:
      return "L";
    case Chit::kHold:
      return "H";
    case Chit::kCounterCharge:
      return "C";
    case Chit::kAttack:
      return "A";
    case Chit::kUnlimber:
      return "U";
  }
  return "H";
}

std::string_view chit_meaning(Chit c) {
  switch (c) {
    case Chit::kRight:
      return "turn right up to 90 degrees and move, or hold if charged";
    case Chit::kLeft:
      return "turn left up to 90 degrees and move, or hold if charged";
    case Chit::kHold:
      return "move if desired, but hold if charged";
    case Chit::kCounterCharge:
      return "move if desired, and counter-charge if charged";
    case Chit::kAttack:
      return "attack: charge straight ahead at an enemy unit";
    case Chit::kUnlimber:
      return "the guns must unlimber";
  }
  return "";
}

bool chit_allows(Chit c, ChitAction a) {
  switch (c) {
    case Chit::kRight:
    case Chit::kLeft:  // turn up to 90° (0° included) and move, or hold if charged
      return a == ChitAction::kMove || a == ChitAction::kTurnAndMove ||
             a == ChitAction::kHoldCharged;
    case Chit::kHold:
      return a == ChitAction::kMove || a == ChitAction::kHoldCharged;
    case Chit::kCounterCharge:  // "may" counter-charge: holding stays open
      return a == ChitAction::kMove || a == ChitAction::kCounterCharge ||
             a == ChitAction::kHoldCharged;
    case Chit::kAttack:
      return a == ChitAction::kCharge;
    case Chit::kUnlimber:
      return a == ChitAction::kUnlimber || a == ChitAction::kHoldCharged;
  }
  return false;
}

Chit default_chit(const FdState& s) {
  return parse_chit(s.options.default_chit).value_or(Chit::kHold);
}

bool within_charge_range(const FdState& s, int unit) {
  const Unit& u = s.force.units[z(unit)];
  if (!u.on_table()) return false;
  const double mine = charge_rate_yd(s, unit);
  for (std::size_t e = 0; e < s.force.units.size(); ++e) {
    const Unit& enemy = s.force.units[e];
    if (enemy.side == u.side || !enemy.on_table() || s.units[e].surrendered) continue;
    const double reach = s.mm(std::max(mine, charge_rate_yd(s, static_cast<int>(e)))) + 1e-6;
    for (const Stand& a : u.stands) {
      if (!live(a)) continue;
      for (const Stand& b : enemy.stands) {
        if (live(b) && distance(a.rect, b.rect) <= reach) return true;
      }
    }
  }
  return false;
}

bool place_chit(FdState& s, int unit, Chit chit, EventLog& log) {
  if (!s.options.tactical_chits || !within_charge_range(s, unit)) return false;
  UnitState& st = s.units[z(unit)];
  st.chit = chit;
  st.chit_revealed = false;
  touch_unit(s, unit);
  // Face down: the narrative and the log say only that a chit lies there.
  note(s, log, unit, "I administration",
       fmt::format("{} places a tactical order chit face down (§2.5)",
                   name_of(s.force.units[z(unit)])));
  return true;
}

Chit choose_chit(const FdState& s, int unit, const Action& planned) {
  const Unit& u = s.force.units[z(unit)];
  switch (planned.kind) {
    case ActionKind::kCharge:
      return Chit::kAttack;
    case ActionKind::kUnlimber:
      return limbered(u) ? Chit::kUnlimber : Chit::kHold;
    case ActionKind::kMove:
    case ActionKind::kFire: {
      const double turn = planned.moves ? turn_to(unit_facing(u), planned.facing) : 0.0;
      if (turn > kStraightDeg) return Chit::kRight;
      if (turn < -kStraightDeg) return Chit::kLeft;
      break;
    }
    default:
      break;
  }
  return horse(u) ? Chit::kCounterCharge : Chit::kHold;
}

void place_chits(FdState& s, const std::map<int, Action>& plan, EventLog& log) {
  if (!s.options.tactical_chits) return;
  for (const auto& [unit, action] : plan) {
    if (retiring(s, unit) || !within_charge_range(s, unit)) continue;
    place_chit(s, unit, choose_chit(s, unit, action), log);
  }
}

void reveal_chits(FdState& s, EventLog& log) {
  if (!s.options.tactical_chits) return;
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const int unit = static_cast<int>(i);
    UnitState& st = s.units[i];
    const Unit& u = s.force.units[i];
    if (!u.on_table() || st.surrendered || retiring(s, unit)) continue;
    if (!st.chit) {
      if (!within_charge_range(s, unit)) continue;
      st.chit = default_chit(s);
      st.chit_revealed = true;
      touch_unit(s, unit);
      note(s, log, unit, "V declaration",
           fmt::format("{} has no chit within charge range and takes the default {}: {} (§2.5, "
                       "FD-55)",
                       name_of(u), chit_letter(*st.chit), chit_meaning(*st.chit)),
           {{"chit", Value(std::string(chit_letter(*st.chit)))}, {"default", Value(true)}});
      continue;
    }
    if (st.chit_revealed) continue;
    st.chit_revealed = true;
    touch_unit(s, unit);
    note(s, log, unit, "V declaration",
         fmt::format("{} reveals its chit {}: {} (§2.5)", name_of(u), chit_letter(*st.chit),
                     chit_meaning(*st.chit)),
         {{"chit", Value(std::string(chit_letter(*st.chit)))}});
  }
}

void clear_chits(FdState& s) {
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    UnitState& st = s.units[i];
    if (!st.chit && !st.chit_revealed) continue;
    st.chit.reset();
    st.chit_revealed = false;
    touch_unit(s, static_cast<int>(i));
  }
}

std::optional<std::string> chit_forbids_charge(const FdState& s, int unit) {
  const UnitState& st = s.units[z(unit)];
  if (!s.options.tactical_chits || !st.chit || chit_allows(*st.chit, ChitAction::kCharge)) {
    return std::nullopt;
  }
  return fmt::format("its chit is {} ({}); only an A chit charges (§2.5)", chit_letter(*st.chit),
                     chit_meaning(*st.chit));
}

bool chit_counter_charges(const FdState& s, int unit) {
  const UnitState& st = s.units[z(unit)];
  return s.options.tactical_chits && st.chit && st.chit_revealed &&
         chit_allows(*st.chit, ChitAction::kCounterCharge);
}

ChitMove chit_move(const FdState& s, int unit, double wanted_facing) {
  ChitMove out;
  out.facing = wanted_facing;
  const UnitState& st = s.units[z(unit)];
  if (!s.options.tactical_chits || !st.chit) return out;
  const Chit c = *st.chit;
  const std::string letter(chit_letter(c));
  if (!chit_allows(c, ChitAction::kMove)) {
    out.allowed = false;
    out.why = fmt::format("its chit {} allows no other move (§2.5)", letter);
    return out;
  }
  const double now = unit_facing(s.force.units[z(unit)]);
  const double turn = turn_to(now, wanted_facing);
  if (std::fabs(turn) <= kStraightDeg) return out;
  if (!chit_allows(c, ChitAction::kTurnAndMove)) {
    out.facing = now;
    out.why = fmt::format("its chit {} allows no wheel: it moves without turning (§2.5)", letter);
    return out;
  }
  const double side = c == Chit::kRight ? 1.0 : -1.0;
  if (turn * side < 0) {
    out.facing = now;
    out.why = fmt::format("its chit {} turns only {}: it moves without turning (§2.5)", letter,
                          c == Chit::kRight ? "right" : "left");
  } else if (std::fabs(turn) > 90) {
    out.facing = normalize_bearing(now + 90 * side);
    out.why = fmt::format("its chit {} turns at most 90 degrees (§2.5)", letter);
  }
  return out;
}

bool chit_must_unlimber(const FdState& s, int unit) {
  const UnitState& st = s.units[z(unit)];
  return s.options.tactical_chits && st.chit == Chit::kUnlimber && limbered(s.force.units[z(unit)]);
}

}  // namespace smoothbore::fire_and_discipline
