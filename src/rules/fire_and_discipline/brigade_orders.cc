#include "rules/fire_and_discipline/brigade_orders.h"

#include <algorithm>

#include <fmt/format.h>

#include "rules/battle.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/orders.h"
#include "rules/fire_and_discipline/retire.h"

namespace smoothbore::fire_and_discipline {

namespace {

constexpr double kEps = 1e-6;  // mm

std::size_t z(int i) { return static_cast<std::size_t>(i); }

// In good order and under command: not fled, surrendered or retiring (FD-58).
bool in_play(const FdState& s, int u) {
  return s.force.units[z(u)].status == UnitStatus::kActive && !s.units[z(u)].surrendered &&
         !retiring(s, u);
}

bool same(const Order& a, const Order& b) { return a.kind == b.kind && a.feature == b.feature; }

std::string name_of(const Unit& u) { return u.name.empty() ? u.id : u.name; }

// For each leader, the first unit on the table he leads (units_of_leader(s, l).front()),
// or -1.
void first_units_of_leaders(const FdState& s, std::vector<int>& front) {
  front.assign(s.force.leaders.size(), -1);
  for (std::size_t u = 0; u < s.units.size(); ++u) {
    const int l = s.units[u].leader;
    if (l < 0 || z(l) >= front.size() || front[z(l)] >= 0 || !s.force.units[u].on_table()) continue;
    front[z(l)] = static_cast<int>(u);
  }
}

// One more than the greatest command index of a unit (0 when none has one).
std::size_t command_count(const FdState& s) {
  int most = -1;
  for (const Unit& u : s.force.units) most = std::max(most, u.command);
  return static_cast<std::size_t>(most + 1);
}

}  // namespace

bool secured(const FdState& s, int unit, const std::string& feature) {
  if (s.scenario == nullptr) return false;
  const Unit& u = s.force.units[z(unit)];
  const std::optional<double> mine = feature_distance(*s.scenario, feature, u.footprint().centre);
  if (!mine || *mine > kEps) return false;
  for (std::size_t e = 0; e < s.force.units.size(); ++e) {
    const Unit& enemy = s.force.units[e];
    if (enemy.side == u.side || !in_play(s, static_cast<int>(e))) continue;
    for (const Stand& st : enemy.stands) {
      if (st.removed) continue;
      const std::optional<double> d = feature_distance(*s.scenario, feature, st.rect.centre);
      if (d && *d <= kEps) return false;
    }
  }
  return true;
}

BrigadeOrders::BrigadeOrders(const FdState& s) {
  for (const Unit& u : s.force.units) {
    intent_.push_back(scenario_order(u).value_or(Order{OrderKind::kGeneralAdvance, ""}));
  }
}

Order BrigadeOrders::wanted(const FdState& s, int unit) const {
  if (s.units[z(unit)].over_half()) return Order{OrderKind::kWithdrawal, ""};
  return intent(unit);
}

void BrigadeOrders::give(FdState& s, EventLog& log) {
  for (std::size_t i = 0; i < intent_.size() && i < s.units.size(); ++i) {
    Order& intent = intent_[i];
    const bool to_feature =
        intent.kind == OrderKind::kAssault || intent.kind == OrderKind::kWithdrawal;
    if (in_play(s, static_cast<int>(i)) && to_feature && !intent.feature.empty() &&
        secured(s, static_cast<int>(i), intent.feature)) {
      intent = {OrderKind::kHold, intent.feature};
    }
    // FD-49: a regiment that has come to occupy an objective zone on General Advance or
    // Assault garrisons it (Hold of the zone).
    int zone = -1;
    const bool advancing =
        intent.kind == OrderKind::kGeneralAdvance || intent.kind == OrderKind::kAssault;
    if (in_play(s, static_cast<int>(i)) && advancing &&
        occupies_zone(s, static_cast<int>(i), &zone)) {
      intent = {OrderKind::kHold, s.scenario->objectives[z(zone)].id};
    }
  }
  // Orders change neither which units a leader leads nor where they stand, so the
  // regimentals and the units of each command are listed once, each list in index order
  // (the order of the scans over all leaders and all units they stand for).
  const std::size_t commands = command_count(s);
  first_units_of_leaders(s, front_);
  regimentals_.fill(commands, s.force.leaders.size(), [&](std::size_t r) {
    const Leader& regimental = s.force.leaders[r];
    if (!regimental.alive || regimental.command >= 0) return -1;
    return front_[r] < 0 ? -1 : s.force.units[z(front_[r])].command;
  });
  units_.fill(commands, s.force.units.size(),
              [&](std::size_t i) { return s.force.units[i].command; });
  for (std::size_t b = 0; b < s.force.leaders.size(); ++b) {
    const Leader& brigade = s.force.leaders[b];
    if (!brigade.alive || brigade.command < 0) continue;
    for (const int ri : regimentals_.of(brigade.command)) {
      const std::size_t r = z(ri);
      const Leader& regimental = s.force.leaders[r];
      if (regimental.side != brigade.side) continue;
      const int front = front_[r];
      const Order want = wanted(s, front);
      const bool changed = !same(s.units[z(front)].order, want);
      const bool pending =
          std::any_of(s.messengers.begin(), s.messengers.end(), [&](const Messenger& m) {
            return !m.delivered && !m.intercepted && m.to_leader == ri && same(m.order, want);
          });
      if (changed && !pending) send_order(s, static_cast<int>(b), ri, want, log);
    }
    const Vec2 at = leader_position(s, static_cast<int>(b));
    for (const int u : units_.of(brigade.command)) {
      const std::size_t i = z(u);
      const Unit& unit = s.force.units[i];
      if (s.units[i].leader >= 0 || !in_play(s, u)) continue;
      if (distance(unit.footprint(), at) > s.mm(kInPersonYd)) continue;
      const Order want = wanted(s, u);
      if (same(s.units[i].order, want)) continue;
      s.units[i].order = want;
      touch_unit(s, u);
      if (counted_quietly(log, EventKind::kOrder)) continue;
      Event e;
      e.kind = EventKind::kOrder;
      e.turn = s.turn;
      e.phase = "I administration";
      e.side = s.force.sides[z(unit.side)].id;
      e.unit = unit.id;
      e.text = fmt::format("{} signals the order {} to {} in person (FD-53)",
                           brigade.name.empty() ? brigade.id : brigade.name,
                           s.scenario != nullptr ? describe_order(*s.scenario, want)
                                                 : std::string(order_title(want.kind)),
                           name_of(unit));
      log.append(std::move(e));
    }
  }
}

}  // namespace smoothbore::fire_and_discipline
