// The close action phase (§3 L22-L26): close-to-melee Élan tests (L41-L44, D12-15; a
// charger that fails to close fires instead), up to `d12_17_rounds` rounds (3, L225-L239, D12-17)
// with the end-of-round Élan tests (L38-L40, L50), and the fall-back after the last.
#include <algorithm>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {
CloseFormation column_of(const std::string& f) {
  if (f == "march-column"sv) return CloseFormation::kMarchColumn;
  if (f == "column"sv) return CloseFormation::kColumn;
  if (f == "wide-column"sv) return CloseFormation::kWideColumn;
  if (f == "closed-column"sv) return CloseFormation::kClosedColumn;
  return CloseFormation::kOther;
}
}  // namespace

BattleED::PairFacts BattleED::pair_facts(int unit, int enemy) const {
  PairFacts f;
  f.on_enemy_flank = flank_or_rear(unit, enemy);
  f.on_unit_flank = flank_or_rear(enemy, unit);
  f.unit_contact = contact_figures(unit, enemy);
  f.enemy_contact = contact_figures(enemy, unit);
  f.enemy_cover = cover(enemy);
  f.unit_cover = cover(unit);
  f.unit_elevation = elevation(unit);
  f.enemy_elevation = elevation(enemy);
  return f;
}

ElanFactors BattleED::elan_factors(int unit, int enemy) const {
  PairFacts f;
  f.on_enemy_flank = flank_or_rear(unit, enemy);
  f.on_unit_flank = flank_or_rear(enemy, unit);
  if (opts_.outnumbered_contact) {
    f.unit_contact = contact_figures(unit, enemy);
    f.enemy_contact = contact_figures(enemy, unit);
  }
  f.unit_elevation = elevation(unit);
  f.enemy_elevation = elevation(enemy);
  return elan_factors(unit, enemy, f);
}

ElanFactors BattleED::elan_factors(int unit, int enemy, const PairFacts& facts) const {
  const Unit& u = force_.units[unit];
  const Unit& e = force_.units[enemy];
  ElanFactors p;
  p.factor = elan(unit);
  p.dms = std::min(state_[unit].dms, 12);
  p.square_or_cover = u.formation == "square"sv;
  p.below_half = below_half(unit);  // D12-29
  // D12-31: outnumbered 2:1 by the engaged units' total figures, or (`contact-figures`) by
  // the figures in contact, as the close action's dice count them (contact_figures).
  p.outnumbered = opts_.outnumbered_contact ? facts.enemy_contact >= 2 * facts.unit_contact
                                            : e.figures() >= 2 * u.figures();
  p.formation = column_of(u.formation);
  p.lighter_cavalry = u.arm == Arm::kCavalry && e.arm == Arm::kCavalry &&
                      u.type == "light-cavalry"sv && e.type != "light-cavalry"sv;
  p.opponent_skirmish = e.formation == "skirmish"sv && u.formation != "skirmish"sv;
  p.options = opts_.tests();                                // R-001-1, R-001-3, D12-22
  p.flank_rear = facts.on_unit_flank;                       // L48: +1D
  p.attacking_flank_rear = facts.on_enemy_flank;            // L63: +2
  p.uphill = facts.unit_elevation > facts.enemy_elevation;  // L64
  with_leader(unit, p);                                     // D12-22
  return p;
}

CloseToMeleeSituation BattleED::close_to_melee_situation(int unit, int enemy, bool charger) const {
  CloseToMeleeSituation p;
  p.elan = elan_factors(unit, enemy);
  p.defender = !charger;
  p.cavalry = force_.units[unit].arm == Arm::kCavalry;
  p.terrain_or_square = force_.units[enemy].formation == "square"sv || rough_or_worse(enemy) ||
                        cover(enemy) != Cover::kNone;
  p.dm_count_before = opts_.dm_count_before;
  return p;
}

CloseToMeleeSituation BattleED::close_to_melee_situation(int unit, int enemy, bool charger,
                                                         const ElanFactors& elan,
                                                         const PairFacts& facts) const {
  CloseToMeleeSituation p;
  p.elan = elan;
  p.defender = !charger;
  p.cavalry = force_.units[unit].arm == Arm::kCavalry;
  p.terrain_or_square = force_.units[enemy].formation == "square"sv || rough_or_worse(enemy) ||
                        facts.enemy_cover != Cover::kNone;
  p.dm_count_before = opts_.dm_count_before;
  return p;
}

void BattleED::close_phase(int side, EventLog& log) {
  ++step_;
  for (int a : force_.units_of(side)) {
    const int d = state_[a].charging;
    if (d < 0 || !active(a) || !force_.units[d].on_table()) continue;
    if (gap_in(a, d) > kContactIn) {
      log.append(event(log, EventKind::kCharge, a,
                       [&] { return fmt::format("{} does not reach {}", name(a), name(d)); }));
      continue;
    }
    std::vector<RollRecord> rolls;
    const Outcome c =
        roll_close_to_melee(close_to_melee_situation(a, d, true), dice_, record_for(log, rolls));
    const bool contact = outcome_int(c, "contact") != 0;
    Event e = event(log, EventKind::kCharge, a, [&](Event& ev) {
      ev.text = fmt::format("{} closes to melee with {}: {}", name(a), name(d),
                            rolls.empty() ? "" : rolls.back().result);
      ev.target = force_.units[d].id;
      ev.rolls = std::move(rolls);
      ev.data = {{"step", Value(std::string("close-to-melee"))}, {"contact", Value(contact)}};
    });
    apply_test(a, c, "close to melee", std::move(e), log);
    if (!active(a)) continue;
    if (!contact) {                               // L24: units that failed to close fire instead
      if (!opts_.failed_chargers_fire) continue;  // D12-15 alternative: they only halt
      std::map<int, FireTally> tally;
      if (can_fire_at(a, d)) fire_one(a, d, false, tally, log);
      fire_tests(tally, log);
      continue;
    }
    if (active(d)) {
      std::vector<RollRecord> drolls;
      const Outcome dc = roll_close_to_melee(close_to_melee_situation(d, a, false), dice_,
                                             record_for(log, drolls));
      Event de = event(log, EventKind::kMorale, d, [&](Event& ev) {
        ev.text = fmt::format("{} stands to receive {}: {}", name(d), name(a),
                              drolls.empty() ? "" : drolls.back().result);
        ev.rolls = std::move(drolls);
      });
      apply_test(d, dc, "close to melee (defender)", std::move(de), log);
    }
    close_action(a, d, log);
  }
}

// D12-17: up to `d12_17_rounds` rounds (3); both sides strike, then casualties are removed
// together, then each takes its end-of-round Élan test; it ends when a side breaks.
void BattleED::close_action(int a, int d, EventLog& log) {
  if (state_[a].pursuit_charge && broken(d)) {  // a pursuer's new close action (D12-18)
    pursuit_round(a, d, log);
    return;
  }
  if (!active(d)) {  // broke on closing (L74): the charger may pursue (D12-18)
    pursue(a, d, log);
    return;
  }
  const bool counter = state_[d].response == "counter-charge"sv;
  int total_a = 0, total_d = 0;     // casualties caused by a, by d
  const int rounds = opts_.rounds;  // D12-17
  for (int round = 1; round <= rounds; ++round) {
    if (!force_.units[a].on_table() || !force_.units[d].on_table()) return;
    if (!active(a) || !active(d)) break;
    std::vector<RollRecord> rolls;
    const Outcome oa =
        roll_close_action(close_situation(a, d, true), dice_, record_for(log, rolls));
    const Outcome od =
        roll_close_action(close_situation(d, a, counter), dice_, record_for(log, rolls));
    const int by_a = outcome_int(oa, "casualties"), by_d = outcome_int(od, "casualties");
    total_a += by_a;
    total_d += by_d;
    state_[a].in_action = state_[d].in_action = true;
    log.append(event(log, EventKind::kMelee, a, [&](Event& e) {
      e.text = fmt::format("Close action round {}: {} inflict {}, {} inflict {}", round, name(a),
                           by_a, name(d), by_d);
      e.target = force_.units[d].id;
      e.rolls = std::move(rolls);
      e.data = {{"round", Value(std::int64_t{round})}};
    }));
    take_casualties(d, by_a, outcome_int(oa, "special"), log);
    take_casualties(a, by_d, outcome_int(od, "special"), log);
    // D12-30: figures lost more than the opponent in the round just fought, or (option
    // `whole-action`) in the close action so far.
    const int a_lost_more = opts_.lost_more_whole ? total_d - total_a : by_d - by_a;
    for (const auto& [u, lost_more] : {std::pair{a, a_lost_more}, std::pair{d, -a_lost_more}}) {
      const int enemy = u == a ? d : a;
      if (!active(u) || !force_.units[enemy].on_table()) continue;
      ElanTestSituation p;
      p.elan = elan_factors(u, enemy);
      // The sheet prints rounds 1-3 (L38-L40); a later round (d12_17_rounds > 3) tests as
      // the third (README "Interpretations").
      p.round = std::min(round, 3);
      p.elan.figures_lost_more = std::clamp(lost_more, 0, 30);
      std::vector<RollRecord> trolls;
      const Outcome t = roll_elan_test(p, dice_, record_for(log, trolls));
      Event te = event(log, EventKind::kMorale, u, [&](Event& ev) {
        ev.text = fmt::format("{} tests Elan at the end of round {} (L38-L40): {}", name(u), round,
                              trolls.empty() ? "" : trolls.back().result);
        ev.rolls = std::move(trolls);
      });
      apply_test(u, t, log.quiet() ? "" : fmt::format("end of close combat round {}", round),
                 std::move(te), log);
    }
  }
  pursue(a, d, log);  // D12-18 (pursuit.cc): only if d broke
  pursue(d, a, log);
  if (!active(a) || !active(d)) return;
  if (opts_.no_break_both_stay) return;  // D12-17 alternative
  // D12-17: after the last round the attacker falls back ½ move unless it caused more
  // casualties in total.
  const int loser = total_a > total_d ? d : a;
  const int winner = loser == a ? d : a;
  const Vec2 away =
      (force_.units[loser].footprint().centre - force_.units[winner].footprint().centre)
          .normalized();
  const Vec2 dest = force_.units[loser].footprint().centre + away * (move_rate_in(loser) / 2 * kMm);
  move_unit(loser, dest, force_.units[loser].footprint().facing, move_rate_in(loser) / 2, -1);
  log.append(event(log, EventKind::kMove, loser, [&] {
    return fmt::format("{} falls back ½ move after {} rounds (D12-17)", name(loser), rounds);
  }));
}

}  // namespace smoothbore::elan_drill
