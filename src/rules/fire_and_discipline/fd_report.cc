// What a replay shows of a Fire and Discipline unit (Battle::unit_report) and who holds the
// objectives (Battle::objective_holders), read from the battle state (state.h): the
// status flags in neutral names, the shatter boxes, the order the unit acts on and the
// one a messenger is bringing, the chit, the guns.
#include <cmath>

#include <fmt/format.h>

#include "rules/fire_and_discipline/chits.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fd_battle_impl.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/orders.h"

namespace smoothbore::fire_and_discipline::detail {

namespace {

std::string leader_name(const Force& f, int l) {
  if (l < 0 || l >= static_cast<int>(f.leaders.size())) return "?";
  const Leader& x = f.leaders[static_cast<std::size_t>(l)];
  return x.name.empty() ? x.id : x.name;
}

}  // namespace

Battle::UnitReport FdBattle::unit_report(int unit) const {
  UnitReport r;
  const Unit& u = s_.force.units[static_cast<std::size_t>(unit)];
  const UnitState& st = s_.units[static_cast<std::size_t>(unit)];
  const int turn = s_.turn;
  if (u.status == UnitStatus::kRouted) r.flags.emplace_back("routed");
  if (st.fled_this_turn) r.flags.emplace_back("fled");                  // FD-26
  if (st.disordered_until >= turn) r.flags.emplace_back("disordered");  // FD-26
  if (st.halted(turn)) r.flags.emplace_back("halted");                  // FD-25
  if (!st.engaged_with.empty()) r.flags.emplace_back("engaged");        // §8.45
  if (retiring(s_, unit)) r.flags.emplace_back("shattered");            // FD-58
  if (st.surrendered) r.flags.emplace_back("surrendered");              // §5.62
  if (st.captured) r.flags.emplace_back("captured");                    // FD-19
  if (st.guns_abandoned) r.flags.emplace_back("guns abandoned");        // §5.5

  auto book = [&](std::string label, std::string value) {
    r.books.emplace_back(std::move(label), std::move(value));
  };
  // §5.11, FD-20; over half marked: −1 morale (§5.2).
  book("shatter boxes",
       fmt::format("{} of {} marked{}", std::min(st.boxes_marked, st.shatter_boxes),
                   st.shatter_boxes, st.over_half() ? " (over half: −1 morale, §5.2)" : ""));
  book("morale rating", fmt::format("{} (§5.1)", st.rating));
  book("order", describe_order(scenario_, st.order) + " (§2.41)");
  for (const Messenger& m : s_.messengers) {
    if (st.leader < 0 || m.to_leader != st.leader || m.delivered || m.intercepted) continue;
    std::string how =
        fmt::format("{} by messenger from {}, sent turn {}", describe_order(scenario_, m.order),
                    leader_name(s_.force, m.from_leader), m.sent_turn);
    if (m.arrived_turn >= 0) {
      how += fmt::format(", arrived turn {}: signalled at the next Administration", m.arrived_turn);
    } else {
      const double yd = s_.yd(distance(leader_position(s_, m.to_leader), m.position));
      how += fmt::format(", {} yd to ride", static_cast<long>(std::lround(yd)));
    }
    book("order coming", how);
  }
  if (st.commander_lost_turn >= 0 && turn - st.commander_lost_turn <= 1) {
    book("commander lost",
         fmt::format("turn {}: no charge this turn or the next (§2.34)", st.commander_lost_turn));
  }
  if (st.halted(turn)) book("halted", fmt::format("through turn {} (FD-25)", st.halted_until));
  if (st.disordered_until >= turn) {
    book("disordered", fmt::format("through turn {} (FD-26)", st.disordered_until));
  }
  if (st.chit) {
    book("chit", st.chit_revealed
                     ? fmt::format("{}: {} (§2.5)", chit_letter(*st.chit), chit_meaning(*st.chit))
                     : std::string("face down (§2.5)"));
  }
  if (st.guns > 0) {  // §6, FD-16..FD-19
    book("guns", fmt::format("{} × {}-pdr, {} gun hit{}", st.guns, st.pdr, st.gun_hits,
                             st.gun_hits == 1 ? "" : "s"));
    book("crew", fmt::format("{} castings", st.crew));
    if (st.limber_hits > 0) book("limber hits", fmt::format("{} (¼ move each)", st.limber_hits));
    book("ammunition",
         fmt::format("ball {}, canister {}, shell {} (§6.22)", st.ball, st.canister, st.shell));
    if (st.captured && st.captured_by >= 0) {
      book("captured by", s_.force.sides[static_cast<std::size_t>(st.captured_by)].name);
    }
  }
  return r;
}

std::vector<int> FdBattle::objective_holders() const {
  return fire_and_discipline::objective_holders(s_);  // FD-60
}

}  // namespace smoothbore::fire_and_discipline::detail
