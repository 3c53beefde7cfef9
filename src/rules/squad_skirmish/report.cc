// What a replay shows of a squad (Battle::unit_report): its status flags in neutral names and
// its books, read from the battle's per-figure state (battle_impl.h).
#include <fmt/format.h>

#include "rules/squad_skirmish/battle_impl.h"

namespace smoothbore::squad_skirmish {

Battle::UnitReport BattleSK::unit_report(int unit) const {
  UnitReport r;
  const SquadState& s = squads_[unit];
  const Unit& u = force_.units[unit];
  if (s.retreating && u.on_table()) r.flags.emplace_back("routed");              // L31, SK-14
  if (s.faltered_turn == turn_ && u.on_table()) r.flags.emplace_back("shaken");  // L29
  if (s.locked >= 0) r.flags.emplace_back("engaged");                            // L87
  if (leaderless(unit) && u.on_table()) r.flags.emplace_back("leaderless");      // §5
  auto book = [&](std::string label, std::string value) {
    r.books.emplace_back(std::move(label), std::move(value));
  };
  int loaded = 0;
  int loading = 0;
  int officers = 0;
  for (int k : living(unit)) {
    const Figure& f = figures_[unit][k];
    (f.loaded ? loaded : loading) += 1;
    if (f.role == Role::kOfficer) ++officers;
  }
  // SK-07: a squad with empty weapons shows it on the table (the rule set's own word).
  if (u.on_table() && (cannon(unit) ? !s.gun_loaded : loading > 0))
    r.flags.emplace_back("reloading");
  if (cannon(unit)) {
    book("gun", s.gun_loaded ? fmt::format("loaded ({})", s.gun_canister ? "canister" : "ball")
                             : fmt::format("unloaded, {} Load actions left (SK-08)", s.gun_reload));
  } else {
    book("weapons",
         fmt::format("{} loaded, {} unloaded ({}, SK-07)", loaded, loading, weapon(unit)));
  }
  std::string leader = "none";
  if (s.leader >= 0) {
    const int hits = figures_[unit][s.leader].hero_hits;
    leader = hits == 0 ? "alive" : hits == 1 ? "alive (flesh wound)" : "alive (wounded, -1)";
  } else if (leaderless(unit)) {
    leader = "killed: field promotion pending (L34-L36)";
  }
  book("squad leader", leader);
  if (officers > 0) book("officers", fmt::format("{}", officers));
  book("morale", s.retreating               ? "retreating until it passes (L31)"
                 : s.faltered_turn == turn_ ? "faltering: load / fire / cover only (L29)"
                                            : "steady");
  book("quality", quality(unit));
  if (s.locked >= 0) book("in melee with", name(s.locked));
  if (!s.last.empty()) book("last action", s.last);
  return r;
}

}  // namespace smoothbore::squad_skirmish
