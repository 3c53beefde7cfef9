// Shooting (H4-01 step 5, L92-L137): the phasing side's eligible units each shoot once at
// their chosen target (else the nearest they may shoot at), one D6 per unit (Lights a
// second with their other stands, H4-22); 4 disorganises, 5+ kills 1-3 stands, a casualty
// disorganises too (L137). Melee (step 6, L145-L165): every unit in contact throws a D6
// against the enemy it touches; results apply together (H4-10).
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/check.h"

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/group_orders.h"
#include "rules/group_orders/resolution_util.h"

namespace smoothbore::group_orders {

bool BattleGO::in_contact_with_enemy(int unit) const {
  const Unit& u = force_.units[unit];
  near_enemies(filed_box(unit), 1.0, u.side, contact_ids_);
  for (int j : contact_ids_) {
    if (force_.units[j].side == u.side || !force_.units[j].on_table()) continue;
    if (gap_mm(unit, j) < 1.0) return true;  // the kept frames' distance: the footprints'
  }
  return false;
}

// H4-12: whole stands leave the unit (all its stands are one block, so which stands is the
// block's size); a unit with none is destroyed; every casualty disorganises (L137).
void BattleGO::kill_stands(int unit, int n, std::string_view why, EventLog& log) {
  Unit& u = force_.units[unit];
  n = std::min(n, stands(unit));
  if (n <= 0) return;
  GroupState& g = groups_[state_[unit].group];
  touch_group(state_[unit].group);  // the Group's losses
  g.killed += n;
  g.lost_this_turn += n;
  state_[unit].disorganised = true;
  Stand& st = u.stands.front();
  st.figures -= n;
  if (st.figures <= 0) {
    st.figures = 0;
    remove_unit(unit, UnitStatus::kRemoved, fmt::format("loses its last stand ({})", why), log);
    return;
  }
  st.rect = laid_rect(u, st.rect.centre, st.rect.facing, is_light(u.type));  // layout()'s
  placed(unit);
}

void BattleGO::apply_shot(const ShotEffect& fx, EventLog& log) {
  if (!force_.units[fx.target].on_table()) return;
  if (fx.disorganise) state_[fx.target].disorganised = true;  // L132
  touch(fx.target);
  kill_stands(fx.target, fx.kills, "shooting, L133-L135", log);
}

void BattleGO::shooting_phase(int side, EventLog& log, std::vector<ShotEffect>* deferred) {
  const bool second_die = step_options_.light_second_die;
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int u = static_cast<int>(i);
    if (force_.units[i].side != side || !active(u) || in_contact_with_enemy(u)) continue;
    int target = actions_[i].kind == ActionKind::kFire ? actions_[i].target : -1;
    if (target < 0 || !can_shoot_at(u, target)) {
      target = -1;
      double best = 1e18;
      in_weapon_reach(u, reach_ids_);
      for (int t : reach_ids_) {
        if (!can_shoot_at(u, t)) continue;
        const double gap = gap_cm(u, t);  // once, not again for the best (issue 9)
        if (gap < best) {
          best = gap;
          target = t;
        }
      }
    }
    if (target < 0) continue;
    const Unit& me = force_.units[i];
    for (int n : shooting_dice(me.type, shooting_stands(u, target), second_die)) {
      if (!force_.units[target].on_table()) break;
      ShootingFacts facts = shooting_facts(u, target);
      facts.stands = std::max(1, n);
      SB_CHECK(facts.stands <= 12, "the shooting resolution takes at most 12 stands a die");
      std::vector<RollRecord> rolls(log.quiet() ? 0 : 1);
      // A quiet log's roll reads the kept modifiers; a logged one records every modifier.
      const std::string_view result =
          log.quiet() ? roll_shot_quietly(u, facts)
                      : roll_shooting(shooting_situation(facts), shot_rules().note_reconstructed,
                                      dice_, &rolls.front());
      const int kills = kills_of(result);
      if (!counted_quietly(log, EventKind::kFire)) {
        Event e = make_event(EventKind::kFire, u,
                             fmt::format("{} shoots at {} ({:.1f} cm): {}", name(u), name(target),
                                         gap_cm(u, target), result));
        e.target = force_.units[target].id;
        e.rolls = std::move(rolls);
        e.data = {{"result", text_value(result)}, {"kills", Value(std::int64_t{kills})}};
        log.append(std::move(e));
      }
      if (me.arm == Arm::kArtillery) {
        // The options as shot_rules() read them once (not three option lookups a shot); the
        // type's weapon's ranges are the unit's kept ones when it has no weapon of its own.
        const Ranges r =
            traits(u).weapon == "as-type"
                ? weapon_of_unit(u).ranges
                : weapon_ranges(weapon_of(me.type, "as-type"), shot_rules().range_options);
        if (range_band(r, gap_cm(u, target)) == RangeBand::kShort) {
          groups_[state_[target].group].under_artillery_short = true;  // L179
        }
      }
      const ShotEffect fx{target, kills, result == "disorganise"};
      if (deferred != nullptr) {
        deferred->push_back(fx);  // H4-01 simultaneous: applied after every shot
      } else {
        apply_shot(fx, log);
      }
    }
    state_[u].fired_ever = true;
    touch(u);
    state_[u].shot = true;
  }
}

void BattleGO::melee_phase(int side, EventLog& log) {
  // Each unit in contact fights the enemy it touches, preferring the one to its front.
  std::vector<int> opponent(force_.units.size(), -1);
  std::vector<int> near_ids;  // one buffer for every unit's query
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int u = static_cast<int>(i);
    if (!force_.units[i].on_table()) continue;
    near_enemies(filed_box(u), 1.0, force_.units[i].side, near_ids);
    for (int o : near_ids) {
      const std::size_t j = static_cast<std::size_t>(o);
      if (force_.units[j].side == force_.units[i].side || !force_.units[j].on_table()) continue;
      if (gap_cm(u, o) >= 0.1) continue;
      const bool front = zone_of(frame(u), frame(o).rect.centre) == Zone::kFront;
      if (opponent[i] < 0 || front) opponent[i] = o;
    }
  }
  std::map<int, int> inflicted, received;
  // L150: an overlap counts against only one enemy unit per combat phase (the first fight
  // that uses it, in unit order).
  std::map<int, int> overlap_against;
  using Kills = std::vector<std::pair<int, int>>;  // (victim, stands)
  auto fight = [&](bool phasing) {
    Kills kills;
    for (std::size_t i = 0; i < force_.units.size(); ++i) {
      const int u = static_cast<int>(i);
      const int o = opponent[i];
      if (o < 0 || !active(u) || !force_.units[o].on_table()) continue;
      if ((force_.units[i].side == side) != phasing) continue;
      state_[u].in_melee = true;
      state_[o].in_melee = true;
      touch(u);
      touch(o);
      std::vector<RollRecord> rolls;
      MeleeSituation ms = melee_situation(melee_facts(u, o));
      bool overlap = false;
      for (int f : overlappers(u, o)) {
        const auto [it, fresh] = overlap_against.emplace(f, o);
        if (fresh || it->second == o) {
          overlap = true;
          break;
        }
      }
      ms.overlap = overlap;
      if (!log.quiet()) rolls.emplace_back();
      const std::string_view result =
          roll_melee(ms, dice_, rolls.empty() ? nullptr : &rolls.front());
      const int k = kills_of(result);
      if (!counted_quietly(log, EventKind::kMelee)) {
        Event e = make_event(EventKind::kMelee, u,
                             fmt::format("{} fights {}: {}", name(u), name(o), result));
        e.target = force_.units[o].id;
        e.rolls = std::move(rolls);
        e.data = {{"result", text_value(result)}, {"kills", Value(std::int64_t{k})}};
        log.append(std::move(e));
      }
      inflicted[u] += k;
      received[o] += k;
      if (k > 0) kills.emplace_back(o, k);
    }
    return kills;
  };
  auto apply = [&](const Kills& kills) {
    for (const auto& [victim, k] : kills) {
      if (force_.units[victim].on_table()) kill_stands(victim, k, "melee, L162-L165", log);
    }
  };
  if (step_options_.melee_results_simultaneous) {  // H4-10: both roll, then both apply
    const Kills mine = fight(true);
    const Kills theirs = fight(false);
    apply(mine);
    apply(theirs);
  } else {
    apply(fight(true));
    apply(fight(false));
  }
  // L171, L177, L192: melees won and lost by each Group this phase.
  std::map<int, bool> counted;
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int u = static_cast<int>(i);
    if (opponent[i] < 0 || !state_[u].in_melee) continue;
    GroupState& g = groups_[state_[u].group];
    if (inflicted[u] > received[u]) ++g.melees_won;
    if (inflicted[u] < received[u]) ++g.melees_lost;
    g.melee_inflicted += inflicted[u];
    g.melee_received += received[u];
  }
}

}  // namespace smoothbore::group_orders
