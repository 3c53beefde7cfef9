// Charges (§7 L50-L54, SK-12) and melee (§9 L83-L95, SK-13): the `charge` resolution tests
// the attacker (unless it passed this turn) and the defender; a charge that goes in rolls
// its movement, and contact fights in this activation's Melee step at +1. Each defender is
// fought by at most 2 attackers (L85); one facing two rolls once at -2 against both; the loser
// dies; ties stay locked and fight again next activation of either squad (L87).
#include <algorithm>

#include <fmt/format.h>

#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/squad_skirmish.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {

namespace {

constexpr double kContactIn = 1.0;  // bases within 1" after the charge move are in contact

std::string text_of(const Outcome& o, std::string_view field) {
  for (const auto& [k, v] : o) {
    if (k == field) return std::get<std::string>(v);
  }
  return "";
}

const std::vector<ParamSpec>& ruleset_melee_params() {
  return ruleset().resolution("melee")->params;
}

}  // namespace

// The charge move: the leader toward the nearest target figure, stopping a base short of it.
// L95: crossing an undefended obstacle loses the +1; a defended one (the defender behind it)
// keeps it.
BattleSK::ChargePath BattleSK::charge_path(int unit, int target) const {
  const Vec2 from = anchor(unit);
  int near = living(target).front();
  for (int k : living(target)) {
    if (distance(pos(target, k), from) < distance(pos(target, near), from)) near = k;
  }
  const Vec2 goal = pos(target, near);
  const double depth = force_.units[unit].stands[0].rect.depth;
  ChargePath p;
  p.stop = goal - (goal - from).normalized() * (depth + 1.0);
  p.crossed = scenario_.table.crosses(from, p.stop, TerrainClass::kLinearObstacle) &&
              cover_at(goal, from) == "none";
  p.inches = distance(from, p.stop) / kMm;
  return p;
}

void BattleSK::charge(int unit, int target, EventLog& log) {
  SquadState& s = squads_[unit];
  touch(unit);  // its morale and contact, and the target's
  touch(target);
  std::map<std::string, Value> p = morale_params(unit, false, "attacker-");
  for (auto& kv : morale_params(target, false, "defender-")) p.insert(kv);
  p["attacker-passed"] = Value(s.passed_turn == turn_);
  Event e = make_event(log, EventKind::kCharge, unit, {});
  const Outcome o = resolve("charge", p, record_for(log, e.rolls));
  const std::string attacker = text_of(o, "attacker");
  const std::string defender = text_of(o, "defender");
  if (!log.quiet()) {
    const std::string result = text_of(o, "charge");
    e.target = force_.units[target].id;
    e.text = fmt::format("{} charges {}: attacker {}, defender {}: {} (L50-L54, SK-12)", name(unit),
                         name(target), attacker, defender, result);
    e.data = {
        {"attacker", Value(attacker)}, {"defender", Value(defender)}, {"charge", Value(result)}};
  }
  log.append(std::move(e));
  if (attacker == "pass") s.passed_turn = turn_;
  if (defender == "pass") squads_[target].passed_turn = turn_;
  if (attacker == "retreat") {
    retreat(unit, "fails by 3+ to charge (SK-12)", log);
    return;
  }
  if (attacker == "falter") {  // SK-12: no charge; it may load / fire / retreat to cover
    s.faltered_turn = turn_;
    load(unit, log);
    return;
  }
  if (defender == "retreat") retreat(target, "fails by 3+ when charged (SK-12)", log);
  if (defender == "falter") {
    // SK-12: it may not fire at the charger, and stands or (no-fire-stand-or-cover) retreats to
    // the nearest cover within 6"; with `stand` it just stands.
    squads_[target].faltered_turn = turn_;
    touch(target);
    Vec2 cover;
    const double within = row("movement.distances", "defender-cover").number("inches");
    if (option("sk_12_defender_falter") == "no-fire-stand-or-cover" &&
        cover_destination(target, &cover, within)) {
      squads_[target].last = "cover";
      move_squad(target, cover, within, -1, &log);
    }
  }
  if (!force_.units[target].on_table() || figure_count(target) == 0) return;
  const ChargePath path = charge_path(unit, target);
  const double depth = force_.units[unit].stands[0].rect.depth;
  move_squad(unit, path.stop, -1, target, &log);
  if (gap_within(unit, target, depth / kMm + kContactIn)) {
    s.locked = target;
    squads_[target].locked = unit;
    touch(unit);  // in contact
    touch(target);
    s.crossed = path.crossed;
    emit(log, EventKind::kStatus, unit,
         [&] { return fmt::format("{} contacts {} (SK-12)", name(unit), name(target)); });
  }
}

void BattleSK::melee(int attacker, int defender, bool charging, bool crossed, EventLog& log) {
  std::vector<int> a_figs = living(attacker);
  // SK-10 sk_10_restrict: an out-of-command ranker (farther than sk_10_command_in from his
  // leader) may only move toward the leader or fire / load, so he does not join the charge.
  const int lead = squads_[attacker].leader;
  if (charging && lead >= 0 && option_bool("sk_10_restrict")) {
    std::erase_if(a_figs, [&](int k) {
      return figures_[attacker][k].role == Role::kRanker &&
             distance(pos(attacker, k), pos(attacker, lead)) > hot_.command_in * kMm;
    });
  }
  const std::vector<int> d_figs = living(defender);
  if (a_figs.empty() || d_figs.empty()) return;
  const int cap = static_cast<int>(option_number("sk_13_pairing"));
  std::vector<std::vector<int>> foes(d_figs.size());
  for (std::size_t i = 0; i < a_figs.size(); ++i) {
    if (static_cast<int>(i / d_figs.size()) < cap) foes[i % d_figs.size()].push_back(a_figs[i]);
  }
  const bool roll_once = option("sk_13_versus_two") == "roll-once";
  const bool kill_loser = option("sk_13_loser") == "killed";
  Event e = make_event(log, EventKind::kMelee, attacker, {});
  if (!log.quiet()) e.target = force_.units[defender].id;
  std::vector<std::pair<int, int>> dead;  // (unit, figure), applied together
  int ties = 0;
  for (std::size_t j = 0; j < d_figs.size(); ++j) {
    const int d = d_figs[j];
    const bool two = foes[j].size() > 1;
    if (two && roll_once) {  // SK-13: one roll at -2 against each opponent
      // One side's modifiers for a pairing (the `melee` resolution's own), rolled, and recorded
      // in `r` unless the battle is quiet.
      auto roll = [&](int a, const char* side, std::string_view purpose, const char* ref,
                      RollRecord* r) {
        auto p = melee_params(attacker, a, defender, d, charging, true);
        p["a-crossed-obstacle"] = Value(crossed);
        const Params full = *complete_params(ruleset_melee_params(),
                                             std::map<std::string, Value>(p.begin(), p.end()));
        const detail::Modifiers m = detail::melee_modifiers(full, side);
        const int face = dice_.roll(10);
        const int total = face + m.total();
        if (log.quiet()) return total;
        start_record(r, purpose, 0, ref);
        m.record(r);
        note_face(r, "d10", face);
        r->target = total;
        r->result = fmt::format("d10 {} {:+} = {}", face, m.total(), total);
        return total;
      };
      RollRecord dr;
      const int dt = roll(foes[j][0], "b", "melee: defender facing two",
                          "modified d10, rolled once (SK-13)", &dr);
      if (!log.quiet()) e.rolls.push_back(std::move(dr));
      bool d_dies = false;
      for (int a : foes[j]) {
        RollRecord ar;
        const int at = roll(a, "a", "melee: attacker", "modified d10, higher wins (L85-L87)", &ar);
        if (!log.quiet()) {
          ar.result += fmt::format(" vs {}: {}", dt,
                                   at > dt   ? "win"
                                   : at < dt ? "lose"
                                             : "tie (L87)");
          e.rolls.push_back(ar);
        }
        if (at > dt) d_dies = true;
        if (at < dt) dead.emplace_back(attacker, a);
        if (at == dt) ++ties;
      }
      if (d_dies) dead.emplace_back(defender, d);
      continue;
    }
    for (int a : foes[j]) {
      auto p = melee_params(attacker, a, defender, d, charging, two);
      p["a-crossed-obstacle"] = Value(crossed);
      const Outcome o = resolve("melee", p, record_for(log, e.rolls));
      const std::string r = text_of(o, "result");
      if (r == "win") dead.emplace_back(defender, d);
      if (r == "lose") dead.emplace_back(attacker, a);
      if (r == "tie") ++ties;
    }
  }
  std::sort(dead.begin(), dead.end());
  dead.erase(std::unique(dead.begin(), dead.end()), dead.end());
  int a_lost = 0;
  int d_lost = 0;
  for (const auto& [u, k] : dead) {
    (u == attacker ? a_lost : d_lost) += 1;
  }
  if (!log.quiet()) {
    e.text = fmt::format("melee: {} against {}{}: {} lose {}, {} lose {}, {} tie{}", name(attacker),
                         name(defender), charging ? " (charging +1)" : "", name(attacker), a_lost,
                         name(defender), d_lost, ties, ties == 1 ? "" : "s");
  }
  for (const auto& [u, k] : dead) {
    if (!kill_loser) continue;
    if (figures_[u][k].role == Role::kRanker) {
      kill_figure(u, k, e, log);
    } else {
      hit_leader(u, k, e, log);
    }
  }
  if (!log.quiet()) {
    if (!kill_loser && !dead.empty()) e.text += "; the losers fall back 1\" (SK-13 falls-back)";
    e.data = {{"attacker_lost", Value(static_cast<std::int64_t>(kill_loser ? a_lost : 0))},
              {"defender_lost", Value(static_cast<std::int64_t>(kill_loser ? d_lost : 0))},
              {"ties", Value(static_cast<std::int64_t>(ties))}};
  }
  const bool go_on = ties > 0 && figure_count(attacker) > 0 && figure_count(defender) > 0;
  touch(attacker);  // the contact and the figures lost
  touch(defender);
  if (!go_on) {
    if (squads_[attacker].locked == defender) squads_[attacker].locked = -1;
    if (squads_[defender].locked == attacker) squads_[defender].locked = -1;
  } else if (!log.quiet()) {
    e.text += "; the tie fights on next activation (L87)";
  }
  log.append(std::move(e));
  // SK-13 falls-back: the squad that lost more pairings (both when even) steps back 1" from
  // the other, and the melee ends.
  if (kill_loser || dead.empty()) return;
  const Vec2 a_at = anchor(attacker);
  const Vec2 d_at = anchor(defender);
  const double back = row("movement.distances", "fall-back").number("inches");
  if (a_lost >= d_lost)
    move_squad(attacker, a_at + (a_at - d_at).normalized() * (back * kMm), back, -1, &log);
  if (d_lost >= a_lost)
    move_squad(defender, d_at + (d_at - a_at).normalized() * (back * kMm), back, -1, &log);
  touch(attacker);
  touch(defender);
  squads_[attacker].locked = -1;
  squads_[defender].locked = -1;
}

}  // namespace smoothbore::squad_skirmish
