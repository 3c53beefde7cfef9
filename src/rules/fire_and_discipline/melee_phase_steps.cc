// Phase VII of melee_phase.h in the steps of the sequence of play (L78-L92, pullout
// L812-L821): VII.1 objective combat (objective_combat.h, FD-49), VII.2 new melees by
// round, VII.3 pursuit moves and pursuit melees, VII.4 engaged melees; and the Engaged
// pairs (§8.18, §8.45) kept between them.
#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"
#include "rules/fire_and_discipline/objective_combat.h"
#include "rules/fire_and_discipline/pursuit.h"

namespace smoothbore::fire_and_discipline {
namespace {

using detail::unit_at;
using detail::z;
using Pair = std::pair<int, int>;

Pair ordered(int a, int b) { return a < b ? Pair{a, b} : Pair{b, a}; }

bool has(const std::vector<Pair>& v, Pair p) { return std::find(v.begin(), v.end(), p) != v.end(); }

bool in_play(const FdState& s, int u) {
  return unit_at(s, u).on_table() && !s.units[z(u)].surrendered;
}

void erase(std::vector<int>& v, int x) { v.erase(std::remove(v.begin(), v.end(), x), v.end()); }

void lock(FdState& s, int a, int b) {
  for (auto [u, o] : {Pair{a, b}, Pair{b, a}}) {
    std::vector<int>& v = s.units[z(u)].engaged_with;
    if (std::find(v.begin(), v.end(), o) == v.end()) v.push_back(o);
    std::sort(v.begin(), v.end());
    touch_unit(s, u);
  }
}

void unlock(FdState& s, int a, int b) {
  erase(s.units[z(a)].engaged_with, b);
  erase(s.units[z(b)].engaged_with, a);
  touch_unit(s, a);
  touch_unit(s, b);
}

// Every Engaged pair of the battle (lower unit first), sorted.
std::vector<Pair> engaged_pairs(const FdState& s) {
  std::vector<Pair> out;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    for (int o : s.units[z(u)].engaged_with) {
      if (!has(out, ordered(u, o))) out.push_back(ordered(u, o));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A prior turn's Engaged pair (not yet fought this turn, still in contact) that shares a
// unit with `melees` joins them, transitively, so each unit's §8.31 totals cover every
// enemy it touches.
void add_engaged(const FdState& s, std::vector<Melee>& melees, const std::vector<Pair>& fought) {
  for (bool grew = true; grew;) {
    grew = false;
    for (const Pair& p : engaged_pairs(s)) {
      const bool joins = std::any_of(melees.begin(), melees.end(), [&](const Melee& m) {
        return m.charger == p.first || m.target == p.first || m.charger == p.second ||
               m.target == p.second;
      });
      const bool known = std::any_of(melees.begin(), melees.end(), [&](const Melee& m) {
        return ordered(m.charger, m.target) == p;
      });
      if (!joins || known || has(fought, p) || !in_play(s, p.first) || !in_play(s, p.second)) {
        continue;
      }
      Melee m;
      m.charger = p.first;
      m.target = p.second;
      m.engaged = true;
      m.contacts = stand_contacts(s, p.first, p.second);
      if (m.contacts.empty()) continue;
      melees.push_back(std::move(m));
      grew = true;
    }
  }
}

// Moves the melees of `from` that share a unit with `group` into it, transitively.
void join_sharing(std::vector<Melee>& group, std::vector<Melee>& from) {
  auto touches = [&](int u) {
    return std::any_of(group.begin(), group.end(),
                       [&](const Melee& m) { return m.charger == u || m.target == u; });
  };
  for (bool grew = true; grew;) {
    grew = false;
    for (auto it = from.begin(); it != from.end();) {
      if (!touches(it->charger) && !touches(it->target)) {
        ++it;
        continue;
      }
      group.push_back(std::move(*it));
      it = from.erase(it);
      grew = true;
    }
  }
}

// After a step: the pairs fought are unlocked, units that retreated leave every melee, and
// the pairs the step left locked are Engaged (§8.18).
void record(FdState& s, const std::vector<Melee>& melees, const MeleeStep& step,
            std::vector<Pair>& fought) {
  for (const Melee& m : melees) {
    fought.push_back(ordered(m.charger, m.target));
    unlock(s, m.charger, m.target);
  }
  for (const MeleeFighter& f : step.fighters) {
    if (!f.retreated && in_play(s, f.unit)) continue;
    for (int o : std::vector<int>(s.units[z(f.unit)].engaged_with)) unlock(s, f.unit, o);
  }
  for (const Pair& p : step.engaged) lock(s, p.first, p.second);
}

}  // namespace

void resolve_melees(FdState& s, MeleeBook& book, Chance& dice, EventLog& log) {
  std::vector<Pair> fought;
  std::vector<Melee> all;
  // VII.1: objective combat (FD-49), with the melees sharing a unit with it; the losers
  // that fail morale leave the zone and a winner may occupy it.
  std::vector<Melee> fresh = book.melees;
  std::vector<Melee> objective = take_objective_combats(s, fresh);
  if (!objective.empty()) {
    for (std::size_t n = 0; n != objective.size();) {
      n = objective.size();
      add_engaged(s, objective, fought);
      join_sharing(objective, fresh);
    }
    const ObjectiveDefence defence = defend_objectives(s, objective, log);
    const MeleeStep step = fight_melees(s, objective, book, dice, log, "VII.1 objective combat");
    record(s, objective, step, fought);
    conclude_objective_combats(s, defence, log);
    all.insert(all.end(), objective.begin(), objective.end());
  }
  // VII.2: the new melees of this turn's charges.
  if (!fresh.empty()) {
    add_engaged(s, fresh, fought);
    const MeleeStep step = fight_melees(s, fresh, book, dice, log, "VII.2 new melees");
    record(s, fresh, step, fought);
    all.insert(all.end(), fresh.begin(), fresh.end());
    // VII.3: pursuit moves, then the pursuit melees they start (§8.2h).
    std::vector<Melee> chase = pursuit_moves(s, step, book, log);
    if (!chase.empty()) {
      add_engaged(s, chase, fought);
      const MeleeStep p = fight_melees(s, chase, book, dice, log, "VII.3 pursuit");
      record(s, chase, p, fought);
      for (const Melee& m : chase) {
        if (!m.pursuit || !may_pursue(s, p, book, m.charger)) continue;
        detail::log_melee_event(
            log, s, EventKind::kMove, m.charger, -1, "VII.3 pursuit",
            fmt::format("{} does not pursue again after a pursuit melee (§8.2i)",
                        unit_at(s, m.charger).id));
      }
      all.insert(all.end(), chase.begin(), chase.end());
    }
  }
  // VII.4: Engaged melees of earlier turns not yet fought; pairs no longer in contact end.
  std::vector<Melee> locked;
  for (const Pair& p : engaged_pairs(s)) {
    if (has(fought, p)) continue;
    Melee m;
    m.charger = p.first;
    m.target = p.second;
    m.engaged = true;
    if (in_play(s, p.first) && in_play(s, p.second)) {
      m.contacts = stand_contacts(s, p.first, p.second);
    }
    if (m.contacts.empty()) {
      unlock(s, p.first, p.second);
      detail::log_melee_event(log, s, EventKind::kStatus, p.first, p.second, "VII.4 engaged melees",
                              fmt::format("{} and {} are no longer in contact: they are no longer "
                                          "Engaged (§8.45)",
                                          unit_at(s, p.first).id, unit_at(s, p.second).id));
      continue;
    }
    locked.push_back(std::move(m));
  }
  if (!locked.empty()) {
    const MeleeStep step = fight_melees(s, locked, book, dice, log, "VII.4 engaged melees");
    record(s, locked, step, fought);
    all.insert(all.end(), locked.begin(), locked.end());
  }
  book.melees = std::move(all);
}

}  // namespace smoothbore::fire_and_discipline
