// Close and melee steps (L11, L13, L25-L33; A2-05, A2-06, A2-10 … A2-13).
#include <algorithm>

#include <fmt/format.h>

#include "rules/fast_1805/battle_impl.h"

namespace smoothbore::fast_1805 {

using namespace std::string_view_literals;  // literals compared by size first

void Battle1805::close_step(EventLog& log) {
  ++step_;
  for (auto [charger, target] : charges_) {
    if (!active(charger) || !force_.units[target].on_table()) continue;
    Unit& c = force_.units[charger];
    Unit& t = force_.units[target];
    // L27, A2-05: foot not in square must pass initiative one level lower to stand.
    if (c.arm == Arm::kCavalry && t.arm == Arm::kFoot && t.formation != "square"sv &&
        active(target)) {
      RollRecord rec;
      StandResult r = resolve_stand_vs_cavalry(state_[target].quality, dice_, record_for(log, rec),
                                               options_.untrained_stand_percent);
      if (!counted_quietly(log, EventKind::kMorale)) {
        Event e = make_event(
            EventKind::kMorale, target,
            fmt::format("{} stands against the cavalry? {}", unit_name(target), rec.result));
        e.rolls.push_back(std::move(rec));
        e.data = {{"result", std::string(stand_result_name(r))}};
        log.append(std::move(e));
      }
      if (r == StandResult::kDisordered) mark_disordered(target);
      if (r == StandResult::kFlee) state_[target].fleeing = true;
      touch(target);
    }
    // L11, A2-13: the charger tests morale to close.
    RollRecord rec;
    MoraleSituation m{morale_quality(state_[charger]), c.arm, c.start_figures - c.figures()};
    MoraleResult r = resolve_morale(m, dice_, record_for(log, rec));
    if (!counted_quietly(log, EventKind::kMorale)) {
      Event e = make_event(EventKind::kMorale, charger,
                           fmt::format("{} morale to close: {}", unit_name(charger), rec.result));
      e.rolls.push_back(std::move(rec));
      e.data = {{"result", std::string(morale_result_name(r))}};
      log.append(std::move(e));
    }
    if (r == MoraleResult::kShaken) {
      // L21: a shaken charger comes into contact disordered.
      mark_shaken(charger);
      mark_disordered(charger);
      if (!counted_quietly(log, EventKind::kStatus)) {
        log.append(
            make_event(EventKind::kStatus, charger,
                       fmt::format("{} goes in shaken and disordered (L21)", unit_name(charger))));
      }
    } else if (r == MoraleResult::kRout) {
      rout(charger, log, "failed morale to close (A2-13)");
      continue;
    }
    if (options_.close_morale == "both"sv && active(target) && !state_[target].fleeing) {
      morale_test(target, step_, log, "charged (A2-13 option both)");
    }
  }
}

void Battle1805::melee_step(EventLog& log) {
  ++step_;
  struct Blow {
    int from;
    int to;
    int kills;
  };
  std::vector<Blow> blows;
  std::vector<std::pair<int, int>> pairs;
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    for (int j : state_[i].melee_with) {
      if (static_cast<int>(i) < j) pairs.push_back({static_cast<int>(i), j});
    }
  }
  if (pairs.empty()) return;
  auto charging = [&](int a, int b) {
    return std::find(charges_.begin(), charges_.end(), std::pair{a, b}) != charges_.end();
  };
  // Casualties are simultaneous (L25): every blow is rolled before any is applied.
  for (auto [a, b] : pairs) {
    for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
      if (!active(x) || state_[x].fleeing) continue;  // A2-05: fleeing foot inflict none
      MeleeSituation m = melee_situation(x, y, charging(x, y));
      if (m.figures <= 0) continue;
      RollRecord rec;
      const int kills = resolve_melee(m, dice_, record_for(log, rec));
      if (!counted_quietly(log, EventKind::kMelee)) {
        Event e = make_event(EventKind::kMelee, x,
                             fmt::format("{} fights {} with {} figures: {}", unit_name(x),
                                         unit_name(y), m.figures, rec.result));
        e.target = force_.units[y].id;
        e.rolls.push_back(std::move(rec));
        e.data = {{"kills", std::int64_t{kills}}, {"figures", std::int64_t{m.figures}}};
        log.append(std::move(e));
      }
      blows.push_back({x, y, kills});
    }
  }
  std::vector<int> hurt;
  for (const Blow& b : blows) {
    if (b.kills <= 0) continue;
    take_losses(b.to, b.kills, log, "melee");
    hurt.push_back(b.to);
  }
  std::sort(hurt.begin(), hurt.end());
  hurt.erase(std::unique(hurt.begin(), hurt.end()), hurt.end());
  for (int u : hurt) morale_test(u, step_, log, "losses in melee");
  // A2-05: foot that fled from the cavalry is routed after the melee.
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    if (state_[i].fleeing && active(static_cast<int>(i))) {
      rout(static_cast<int>(i), log, "fled from the cavalry charge (A2-05)");
    }
  }
  // A2-12: a melee both sides stood continues next bound; units no longer touching part.
  for (auto [a, b] : pairs) {
    auto& v = state_[a].melee_with;
    if (std::find(v.begin(), v.end(), b) == v.end()) continue;
    const bool touching =
        force_.units[a].on_table() && force_.units[b].on_table() &&
        distance(force_.units[a].footprint(), force_.units[b].footprint()) <= 0.5 * kMm;
    if (!touching) {
      v.erase(std::remove(v.begin(), v.end(), b), v.end());
      auto& w = state_[b].melee_with;
      w.erase(std::remove(w.begin(), w.end(), a), w.end());
      touch(a);
      touch(b);
      continue;
    }
    if (!options_.melee_continues) {
      // Option: the melee ends; the attacker falls back ½ move.
      const int attacker = charging(a, b) ? a : b;
      end_melee(attacker);
      push_back(attacker, attacker == a ? b : a, log);
    } else if (!counted_quietly(log, EventKind::kMelee)) {
      log.append(make_event(
          EventKind::kMelee, a,
          fmt::format("the melee between {} and {} goes on (A2-12)", unit_name(a), unit_name(b))));
    }
  }
}

}  // namespace smoothbore::fast_1805
