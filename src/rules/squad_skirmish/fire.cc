// Fire and loading (§8 L56-L81, SK-05 … SK-08, SK-23): every loaded figure of a firing squad
// with a visible target figure in range rolls the `fire` resolution; its weapon is then
// unloaded and needs its reload time in Load actions (one per activation, SK-07). A cannon's
// crew each add one Load to the gun's five (SK-08). Kills take the victims the roll names:
// rankers by sk_05_victim, a natural 10's squad leader or officer (L79-L81), the Heroes hits
// of a leader (§10).
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {

void BattleSK::fire(const std::vector<std::pair<int, int>>& shots, EventLog& log) {
  // SK-23: +1 to every figure when enough figures of formed squads (or any squads) fire at
  // one target squad in this activation.
  const bool formed_only = hot_.volley_formed_only;
  std::map<int, int> firing_at;
  for (const auto& [u, t] : shots) {
    if (formed_only && !formed(u)) continue;
    for (int k : living(u)) {
      if (figures_[u][k].loaded && in_range(u, k, t)) ++firing_at[t];
    }
  }
  const int volley_min = static_cast<int>(hot_.volley_min);
  for (const auto& [u, t] : shots) {
    if (!can_act(u) || !force_.units[t].on_table() || figure_count(t) == 0) continue;
    const bool volley = firing_at[t] >= volley_min && (!formed_only || formed(u));
    Event e = make_event(log, EventKind::kFire, u, {});
    if (!log.quiet()) e.target = force_.units[t].id;
    squads_[u].last = "fire";
    touch(u);  // its last action and loaded weapons
    int fired = 0;
    int kills = 0;
    // fire_params() typed: the `fire` resolution's outcome without naming its parameters.
    auto one_shot = [&](int k, bool canister) {
      detail::FireSituation f = squad_fire(u, t, volley);
      figure_fire(u, k, t, f);
      if (cannon(u)) f.canister = canister;
      const Outcome o = detail::fire_outcome(f, dice_, record_for(log, e.rolls));
      const int n = static_cast<int>(as_number(o[0].second));
      kills += n;
      ++fired;
      kill(t, std::get<std::string>(o[1].second), n, pos(u, k), e, log);
    };
    std::vector<int> just_fired;
    bool gun_fired = false;
    if (cannon(u)) {
      SquadState& g = squads_[u];
      const std::vector<int> crew = living(u);
      if (g.gun_loaded && !crew.empty() && range_in(u, crew.front(), t) >= 0 &&
          range_in(u, crew.front(), t) <= row("fire.weapons", "cannon").number("effective")) {
        one_shot(crew.front(), g.gun_canister);
        gun_fired = true;
        g.gun_loaded = false;
        g.gun_reload = reload_actions(u, false);
      }
    } else {
      for (int k : living(u)) {
        Figure& f = figures_[u][k];
        if (!f.loaded || figure_count(t) == 0 || !in_range(u, k, t)) continue;
        just_fired.push_back(k);
        one_shot(k, false);
        f.loaded = false;
        f.tap = false;
        f.reload_left = reload_actions(u, false);
      }
    }
    // The victims' notes (kill_figure, hit_leader) follow the summary.
    if (!log.quiet()) {
      e.text = fmt::format("{} fires at {}: {} shot{}, {} kill{}{}", name(u), name(t), fired,
                           fired == 1 ? "" : "s", kills, kills == 1 ? "" : "s",
                           volley ? " (volley +1, L77, SK-23)" : "") +
               e.text;
      e.data = {{"kills", Value(static_cast<std::int64_t>(kills))},
                {"shots", Value(static_cast<std::int64_t>(fired))},
                {"volley", Value(volley)}};
    }
    log.append(std::move(e));
    // SK-07: the others take their Load actions; with sk_07_actions > 1 the firers load too.
    load(u, log, gun_fired ? std::vector<int>{living(u).front()} : just_fired);
  }
  if (hot_.casualty_immediate) {
    for (const auto& [u, t] : shots) {
      if (squads_[t].lost_since > 0 && force_.units[t].on_table()) morale_step(t, false, log, true);
    }
  }
}

// SK-07: every unloaded figure takes its Load actions (sk_07_actions per activation, less the
// `spent` ones and one for a figure that `fired`); a rifleman taps (1 action, then fires as a
// musket, L73) when an enemy squad is within a musket's effective range. A cannon's crew each
// count 1 of its 5 (SK-08); it loads canister when an enemy is within its close range.
void BattleSK::load(int unit, EventLog& log, const std::vector<int>& fired, int spent) {
  const int actions = static_cast<int>(hot_.actions) - spent;
  auto uses = [&](int k) {
    return actions - (std::find(fired.begin(), fired.end(), k) != fired.end() ? 1 : 0);
  };
  int loaded_now = 0;
  int still = 0;
  // The gap to the nearest enemy (a rifle's tap loading, a cannon's canister), found only when
  // one of them asks: most squads load muskets, and nothing here moves a figure.
  double gap_kept = -1;
  auto gap = [&] {
    if (gap_kept < 0) {
      const int enemy = nearest_enemy(unit);
      gap_kept = enemy >= 0 ? gap_in(unit, enemy) : 1e9;
    }
    return gap_kept;
  };
  std::string detail;
  touch(unit);  // its weapons load
  if (cannon(unit)) {
    SquadState& g = squads_[unit];
    const int crew = figure_count(unit);
    const int turns = fired.empty() ? actions : actions - 1;
    if (g.gun_loaded || turns <= 0) return;
    g.gun_reload = std::max(0, g.gun_reload - crew * turns);
    if (g.gun_reload == 0) {
      g.gun_loaded = true;
      g.gun_canister = gap() <= row("fire.weapons", "cannon").number("close");
      loaded_now = 1;
      if (!log.quiet()) detail = g.gun_canister ? " with canister (SK-08)" : " with ball";
    } else {
      still = 1;
      if (!log.quiet()) {
        detail = fmt::format(", {} Load action{} left", g.gun_reload, g.gun_reload == 1 ? "" : "s");
      }
    }
    if (!log.quiet()) detail = fmt::format(" ({} crew loading{})", crew, detail);
  } else {
    const bool rifle = weapon(unit) == "rifle";
    for (int k : living(unit)) {
      Figure& f = figures_[unit][k];
      const int n = uses(k);
      if (f.loaded || n <= 0) continue;
      if (rifle && f.reload_left == reload_actions(unit, false) &&
          gap() <= row("fire.weapons", "musket").number("effective")) {
        f.reload_left = reload_actions(unit, true);
        f.tap = true;
      }
      f.reload_left = std::max(0, f.reload_left - n);
      if (f.reload_left == 0) {
        f.loaded = true;
        ++loaded_now;
      } else {
        ++still;
      }
    }
  }
  if (loaded_now + still == 0) return;
  Event e =
      make_event(log, EventKind::kStatus, unit,
                 log.quiet() ? std::string()
                             : fmt::format("{} reloads: {} loaded, {} still loading{} (SK-07)",
                                           name(unit), loaded_now, still, detail));
  if (!log.quiet()) {
    e.data = {{"reload", Value(true)},
              {"loaded", Value(static_cast<std::int64_t>(loaded_now))},
              {"loading", Value(static_cast<std::int64_t>(still))}};
  }
  log.append(std::move(e));
}

// The victims of one `fire` outcome (L79-L81, SK-05): the squad leader or officer it names,
// then rankers.
void BattleSK::kill(int unit, const std::string& victim, int kills, Vec2 from, Event& e,
                    const EventLog& log) {
  if (kills <= 0) return;
  if (victim.find("squad-leader") != std::string::npos && squads_[unit].leader >= 0) {
    hit_leader(unit, squads_[unit].leader, e, log);
    --kills;
  }
  if (victim.find("officer") != std::string::npos) {
    const std::vector<int> near =
        officers_near(force_.units[unit].side, anchor(unit), hot_.officer_in);
    if (!near.empty()) {
      hit_leader(near.front() / 100, near.front() % 100, e, log);
      --kills;
    }
  }
  const std::string& how = option("sk_05_victim");
  for (; kills > 0 && figure_count(unit) > 0; --kills) {
    std::vector<int> rankers;
    for (int k : living(unit)) {
      if (figures_[unit][k].role == Role::kRanker) rankers.push_back(k);
    }
    if (rankers.empty()) rankers = living(unit);  // none left: the leader or officer falls
    int pick = rankers.front();
    if (how == "random") {
      pick = rankers[static_cast<std::size_t>(dice_.roll(static_cast<int>(rankers.size())) - 1)];
    } else {
      for (int k : rankers) {
        const double d = distance(pos(unit, k), from);
        const double best = distance(pos(unit, pick), from);
        // nearest-visible: the nearest to the firer; owner-choice: an unloaded figure first,
        // then the farthest (the owner keeps his loaded muskets).
        if (how == "owner-choice") {
          const bool a = figures_[unit][k].loaded;
          const bool b = figures_[unit][pick].loaded;
          if (a != b ? !a : d > best) pick = k;
        } else if (d < best) {
          pick = k;
        }
      }
    }
    kill_figure(unit, pick, e, log);
  }
}

void BattleSK::kill_figure(int unit, int k, Event& e, const EventLog& log) {
  Unit& u = force_.units[unit];
  SquadState& s = squads_[unit];
  u.stands[k].removed = true;
  figures_left_[static_cast<std::size_t>(unit)] -= u.stands[k].figures;
  index_remove(unit, k);
  ++s.lost_since;
  const Role role = figures_[unit][k].role;
  if (s.leader == k) s.leader = -1;
  if (role == Role::kLeader) {
    s.leaderless_turn = turn_;
    if (auto at = std::lower_bound(leaderless_.begin(), leaderless_.end(), unit);
        at == leaderless_.end() || *at != unit) {
      leaderless_.insert(at, unit);
    }
    if (!log.quiet()) {
      e.text += fmt::format(
          "; the squad leader of {} is killed: out of command until a field "
          "promotion (L34-L36)",
          name(unit));
      e.data.emplace_back("leader_killed", Value(u.id));
    }
  } else if (role == Role::kOfficer) {
    officers_lost_.emplace_back(unit, pos(unit, k));
    if (!log.quiet()) {
      e.text += fmt::format("; an officer of {} is killed (SK-18)", name(unit));
      e.data.emplace_back("officer_killed", Value(u.id));
    }
  }
  if (u.figures() == 0) {
    set_status(u, UnitStatus::kRemoved);
    if (s.locked >= 0) touch(s.locked);  // no longer "in melee with"
    if (s.locked >= 0) squads_[s.locked].locked = -1;
    s.locked = -1;
    if (!log.quiet()) e.text += fmt::format("; {} is wiped out", name(unit));
  }
}

// §10 Heroes (sk_heroes; officers too with sk_21_heroes_officers): the first hit is a flesh
// wound, the second a wound (-1 to his rolls), the third kills.
void BattleSK::hit_leader(int unit, int k, Event& e, const EventLog& log) {
  Figure& f = figures_[unit][k];
  touch(unit);  // its squad leader's wounds
  const bool hero = hot_.heroes &&
                    (f.role == Role::kLeader || (f.role == Role::kOfficer && hot_.heroes_officers));
  if (hero && f.hero_hits < 2) {
    ++f.hero_hits;
    if (log.quiet()) return;
    e.text += fmt::format("; the {} of {} is hit: {} (Heroes, L97-L99)", role_name(f.role),
                          name(unit), f.hero_hits == 1 ? "a flesh wound" : "wounded, -1");
    return;
  }
  kill_figure(unit, k, e, log);
}

}  // namespace smoothbore::squad_skirmish
