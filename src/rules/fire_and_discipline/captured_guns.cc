#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/battle.h"

#include <cstdint>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace smoothbore::fire_and_discipline {
namespace {

std::size_t z(int i) { return static_cast<std::size_t>(i); }

std::string name_of(const Unit& u) { return u.name.empty() ? u.id : u.name; }

void emit(const FdState& s, EventLog& log, EventKind kind, int unit, std::string text,
          Fields data = {}) {
  if (counted_quietly(log, kind)) return;
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  const Unit& u = s.force.units[z(unit)];
  e.side = s.force.sides[z(u.side)].id;
  e.unit = u.id;
  e.text = std::move(text);
  e.data = std::move(data);
  log.append(std::move(e));
}

// The section's gun stand (its first stand not removed), or -1.
int gun_stand(const Unit& u) {
  for (std::size_t k = 0; k < u.stands.size(); ++k) {
    if (!u.stands[k].removed) return static_cast<int>(k);
  }
  return -1;
}

int other_side(const FdState& s, int side) { return s.force.sides.size() == 2 ? 1 - side : -1; }

void capture(FdState& s, int unit, int by_side, EventLog& log, const std::string& how) {
  Unit& u = s.force.units[z(unit)];
  UnitState& st = s.units[z(unit)];
  st.captured = true;
  st.captured_by = by_side;
  touch_unit(s, unit);
  const std::string by = by_side >= 0 ? s.force.sides[z(by_side)].name : std::string("the enemy");
  emit(s, log, EventKind::kStatus, unit,
       fmt::format("{} capture the guns of {} {}; they cannot fire or move and count for "
                   "victory points (§6.62)",
                   by, name_of(u), how),
       {{"captured", Value(true)},
        {"captured_by", Value(by_side >= 0 ? s.force.sides[z(by_side)].id : std::string())}});
  if (u.on_table() && st.crew <= 0 && !st.guns_abandoned) {
    u.status = UnitStatus::kRemoved;  // nothing of the section is left in play
    touch_stands(s, unit);
    emit(s, log, EventKind::kRemoved, unit,
         fmt::format("{} is lost with its guns (FD-19)", name_of(u)), {{"captured", Value(true)}});
  }
}

}  // namespace

void abandon_guns(FdState& s, int unit, EventLog& log) {
  const Unit& u = s.force.units[z(unit)];
  UnitState& st = s.units[z(unit)];
  if (u.arm != Arm::kArtillery || u.formation != "unlimbered" || !u.on_table() ||
      st.guns_abandoned || st.captured || st.gun_hits >= 2) {
    return;
  }
  const int k = gun_stand(u);
  if (k < 0) return;
  st.guns_abandoned = true;
  st.guns_at = u.stands[z(k)].rect;
  touch_unit(s, unit);
  emit(s, log, EventKind::kStatus, unit,
       fmt::format("the crew of {} flees without the guns; they stand unmanned (§5.5, FD-64)",
                   name_of(u)),
       {{"guns_abandoned", Value(true)}});
}

Rect guns_rect(const FdState& s, int unit) {
  const UnitState& st = s.units[z(unit)];
  if (st.guns_abandoned) return st.guns_at;
  const Unit& u = s.force.units[z(unit)];
  const int k = gun_stand(u);
  return k >= 0 ? u.stands[z(k)].rect : Rect{};
}

bool guns_unmanned(const FdState& s, int unit) {
  const Unit& u = s.force.units[z(unit)];
  const UnitState& st = s.units[z(unit)];
  if (u.arm != Arm::kArtillery || st.captured || st.gun_hits >= 2) return false;
  if (st.guns_abandoned) return true;
  return u.on_table() && u.formation == "unlimbered" && st.crew <= 0 && gun_stand(u) >= 0;
}

void capture_guns(FdState& s, EventLog& log) {
  const double reach = s.mm(kGunContactYd) + 1e-6;
  recapture_guns(s, log);
  for (std::size_t g = 0; g < s.force.units.size(); ++g) {
    const int gu = static_cast<int>(g);
    if (!guns_unmanned(s, gu)) continue;
    const Rect guns = guns_rect(s, gu);
    const int side = s.force.units[g].side;
    for (std::size_t e = 0; e < s.force.units.size(); ++e) {
      const Unit& enemy = s.force.units[e];
      if (enemy.side == side || !enemy.on_table() || s.units[e].surrendered) continue;
      bool touching = false;
      for (const Stand& st : enemy.stands) {
        touching = touching || (!st.removed && st.castings > 0 && distance(st.rect, guns) <= reach);
      }
      if (!touching) continue;
      capture(s, gu, enemy.side, log,
              fmt::format("as {} reaches them unmanned (FD-19)", name_of(enemy)));
      break;
    }
  }
}

void recapture_guns(FdState& s, EventLog& log) {
  if (!s.options.recapture) return;
  const double reach = s.mm(kGunContactYd) + 1e-6;
  for (std::size_t g = 0; g < s.force.units.size(); ++g) {
    UnitState& st = s.units[g];
    if (!st.captured || st.gun_hits >= 2) continue;
    const int owner = s.force.units[g].side;
    const Rect guns = guns_rect(s, static_cast<int>(g));
    // The first unit of the owner's side in contact, unless a stand of any other side (the
    // captor's, who holds the guns as a crew would, FD-19) is in contact too.
    int retaker = -1;
    bool held = false;
    for (std::size_t u = 0; u < s.force.units.size() && !held; ++u) {
      const Unit& unit = s.force.units[u];
      if (!unit.on_table() || s.units[u].surrendered) continue;
      bool touching = false;
      for (const Stand& st2 : unit.stands) {
        touching =
            touching || (!st2.removed && st2.castings > 0 && distance(st2.rect, guns) <= reach);
      }
      if (!touching) continue;
      if (unit.side != owner) {
        held = true;
      } else if (retaker < 0) {
        retaker = static_cast<int>(u);
      }
    }
    if (held || retaker < 0) continue;
    const std::string by =
        st.captured_by >= 0 ? s.force.sides[z(st.captured_by)].name : std::string("the enemy");
    st.captured = false;
    st.captured_by = -1;
    // Retaken guns stand unmanned where they are: their own crew may re-man them (FD-19),
    // and the enemy take them again if he reaches them unmanned.
    st.guns_at = guns;
    st.guns_abandoned = true;
    touch_unit(s, static_cast<int>(g));
    const Unit& u = s.force.units[g];
    emit(s, log, EventKind::kStatus, static_cast<int>(g),
         fmt::format("{} retakes the guns of {} from {}; they stand unmanned until their crew "
                     "comes back to them (FD-19)",
                     name_of(s.force.units[z(retaker)]), name_of(u), by),
         {{"captured", Value(false)}, {"recaptured", Value(true)}});
  }
}

void surrender_guns(FdState& s, int unit, EventLog& log, int by_side) {
  const Unit& u = s.force.units[z(unit)];
  const UnitState& st = s.units[z(unit)];
  if (!s.options.surrendered_guns_captured || u.arm != Arm::kArtillery || st.captured ||
      st.gun_hits >= 2) {
    return;
  }
  capture(s, unit, by_side >= 0 ? by_side : other_side(s, u.side), log,
          "with its surrendered crew (FD-64)");
}

void recrew_guns(FdState& s, EventLog& log) {
  if (!s.options.recrew) return;
  const double reach = s.mm(kGunContactYd) + 1e-6;
  for (std::size_t g = 0; g < s.force.units.size(); ++g) {
    const int gu = static_cast<int>(g);
    Unit& u = s.force.units[g];
    UnitState& st = s.units[g];
    if (!st.guns_abandoned || st.captured || st.gun_hits >= 2 || st.crew <= 0) continue;
    if (!u.on_table() || st.surrendered || st.halted(s.turn)) continue;
    const int k = gun_stand(u);
    if (k < 0 || distance(u.stands[z(k)].rect, st.guns_at) > reach) continue;
    // The crew goes back onto its guns unless another unit's stand is there.
    bool clear = true;
    for (std::size_t o = 0; o < s.force.units.size() && clear; ++o) {
      if (o == g || !s.force.units[o].on_table()) continue;
      for (const Stand& other : s.force.units[o].stands) {
        clear = clear && (other.removed || !overlaps(other.rect, st.guns_at, s.mm(0.5)));
      }
    }
    if (!clear) continue;
    u.stands[z(k)].rect = st.guns_at;
    touch_stands(s, gu);
    st.guns_abandoned = false;
    st.recrewed_turn = s.turn;
    touch_unit(s, gu);
    emit(s, log, EventKind::kStatus, gu,
         fmt::format("the crew of {} is back with its guns and re-mans them; they may fire next "
                     "turn (FD-19)",
                     name_of(u)),
         {{"recrewed", Value(true)}, {"crew", Value(std::int64_t{st.crew})}});
  }
}

int captured_sections(const FdState& s, int side) {
  int n = 0;
  for (std::size_t u = 0; u < s.force.units.size(); ++u) {
    const UnitState& st = s.units[u];
    if (!st.captured || s.force.units[u].side == side) continue;
    if (st.captured_by == side ||
        (st.captured_by < 0 && other_side(s, s.force.units[u].side) == side)) {
      ++n;
    }
  }
  return n;
}

}  // namespace smoothbore::fire_and_discipline
