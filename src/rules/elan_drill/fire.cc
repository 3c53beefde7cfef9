// The fire phase (§3 L18-L20): the defending side's reactive fire (D12-27, -1), then the
// acting side's; hits from the resolutions (L127-L175), saves (L241-L261), and one Élan
// test per unit per fire step from its casualties (L34-L37, D12-03).
#include <algorithm>

#include <fmt/format.h>

#include "core/geometry/nearest.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/tables.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {

// Slack, mm, of the reactive fire's bound on an enemy's centre: far above the rounding of an
// exact distance between two footprints.
constexpr double kFarSlackMm = 1.0;

}  // namespace

void BattleED::fire_phase(int side, EventLog& log) {
  const int defending = (side + 1) % static_cast<int>(force_.sides.size());
  ++step_;
  std::map<int, FireTally> tally;
  // L19, D12-27: every defending unit may fire once, at its charger (stand and fire) or at
  // the nearest enemy it can hit; with `responders-only`, only a charged unit whose
  // response fires (Stand and Fire, Change Formation and Fire, Form Closed Column and Fire:
  // L109-L117), at its charger.
  const bool responders_only = opts_.reactive_responders_only;
  // The acting side's footprints, filed once for the loop (issue 9: the live index listed
  // both sides' units within each defender's range); fire moves no unit, but should one be
  // re-filed the live index answers again.
  const std::uint64_t refiles = refiles_;
  bool filed = false;
  std::vector<int> enemies;
  for (int u : force_.units_of(defending)) {
    if (!active(u) || state_[u].fired_reaction) continue;  // fired in Fire and Evade
    if (responders_only && !fires_in_response(state_[u].response)) continue;
    int target = -1;
    const int charger = state_[u].charged_by;
    if (charger >= 0 && can_fire_at(u, charger)) {
      target = charger;
    } else if (!responders_only && may_fire(u)) {
      double best = 1e18;
      // Enemies out of its longest range are skipped on their centres (within_in), before
      // the rest of can_fire_at (the same targets, fewer look-ups; issue 9). Its longest
      // range is can_fire_at's, so within it the rest is the target on the table and in
      // arc, and one exact distance answers the range and the nearest.
      const double reach = fire_reach_in(u);
      if (live_.ready()) {  // ascending, every unit whose centre within_in may accept
        const Rect f = force_.units[u].footprint();
        if (refiles_ == refiles) {
          if (!filed) acting_footprints_.build(force_, side);
          filed = true;
          acting_footprints_.near(f.centre, reach * kMm + half_diagonal(f), enemies);
        } else {
          enemies.clear();
          for (int e : live_near(f.centre, f.centre, reach * kMm + half_diagonal(f))) {
            if (force_.units[e].side == side) enemies.push_back(e);
          }
        }
      } else {
        enemies = force_.units_of(side);
      }
      // Once it has a target, an enemy whose centre lies farther than the best gap, both
      // half diagonals and kFarSlackMm cannot be nearer: skipped before within_in's exact
      // distance (issue 9: the same target, ties to the lower id).
      const Rect fu = footprint_of(u);
      const double hu = half_diagonal(fu);
      for (int e : enemies) {
        const Rect fe = footprint_of(e);  // read once for both tests
        if (target >= 0) {
          const double far = best * kMm + hu + half_diagonal(fe) + kFarSlackMm;
          const Vec2 d = fe.centre - fu.centre;
          if (d.dot(d) >= far * far) continue;
        }
        double gap = 0;
        if (within_in(u, e, fu, fe, reach, &gap) && gap < best && force_.units[e].on_table() &&
            in_arc(u, e)) {
          best = gap;
          target = e;
        }
      }
    }
    if (target >= 0) fire_one(u, target, true, tally, log);
  }
  fire_tests(tally, log);
  ++step_;
  tally.clear();
  for (int u : force_.units_of(side)) {  // L20: the acting side's fire
    const Action& a = orders_[u];
    if (a.kind != ActionKind::kFire || a.target < 0 || !can_fire_at(u, a.target)) continue;
    fire_one(u, a.target, false, tally, log, a.shot);
  }
  fire_tests(tally, log);
}

bool BattleED::fires_in_response(const std::string& response) {
  return response == "stand-and-fire"sv || response == "change-formation-and-fire"sv ||
         response == "form-closed-column-and-fire"sv;
}

void BattleED::fire_one(int unit, int target, bool reaction, std::map<int, FireTally>& tally,
                        EventLog& log, const std::string& shot) {
  if (force_.units[unit].arm == Arm::kArtillery) {  // §8: artillery_fire.cc
    // The ordered shot, unless the target has since moved out of its range (an evade).
    const ShotTypes shots = shot_types(unit, target);
    const bool ok = std::find(shots.begin(), shots.end(), shot) != shots.end();
    artillery_fire(unit, target, ok ? shot : best_shot(unit, target), reaction, tally, log);
    return;
  }
  const std::string res = "small-arms";
  const SmallArmsSituation situation = fire_situation(unit, target, reaction);
  std::vector<RollRecord> rolls;
  const FireOutcome o = roll_small_arms(situation, dice_, record_for(log, rolls));
  const int hits = std::min(outcome_int(o.fields, "hits"), 60);
  const Unit& t = force_.units[target];
  const auto [casualties, special] =
      saves(target, hits, res, flank_fire(unit, target), record_for(log, rolls));  // L254
  state_[unit].fired_ever = true;
  state_[unit].in_action = true;
  if (opts_.first_fire_per_target) {  // D12-26 `target`
    std::vector<int>& at = state_[unit].fired_at;
    if (std::find(at.begin(), at.end(), target) == at.end()) at.push_back(target);
  }
  touch(unit);
  const double range = gap_in(unit, target);
  log.append(event(log, EventKind::kFire, unit, [&](Event& e) {
    e.text = fmt::format("{} {}fires {} at {} ({:.1f}\"): {} hit{}, {} casualt{}", name(unit),
                         reaction ? "reactively " : "", res, name(target), range, hits,
                         hits == 1 ? "" : "s", casualties, casualties == 1 ? "y" : "ies");
    e.target = t.id;
    e.rolls = std::move(rolls);
    e.data = {{"resolution", Value(res)},
              {"hits", Value(std::int64_t{hits})},
              {"casualties", Value(std::int64_t{casualties})},
              {"range_in", Value(range)}};
  }));
  FireTally& ft = tally[target];
  ft.casualties += casualties;
  if (casualties > 0 && flank_fire(unit, target)) ft.flank_rear = true;  // L48
  // L36-L37's "close" (D12-04): within the weapon's Close range, or at any range.
  const bool close = opts_.close_any_range || range <= weapon_close_in(unit);
  const bool volley = situation.fire->key == "volley"sv;
  if (close && volley) ft.volley_canister_close += casualties;
  if (close && facts(unit).weapon == "rifle"sv) ft.rifle_close += casualties;
  take_casualties(target, casualties, special, log);
  friendly_hits(unit, target, res, o.natural_12s, tally, log);  // D12-25 (friendly_fire.cc)
}

std::pair<int, int> BattleED::saves(int target, int hits, const std::string& attack,
                                    bool flank_rear, std::vector<RollRecord>* rolls) {
  if (hits <= 0) return {0, 0};
  const Unit& t = force_.units[target];
  // Skirmishers are trained or ad hoc (L252-L253); a unit in skirmish order without a kind
  // counts as ad hoc.
  std::string skirmisher = "none";
  if (t.formation == "skirmish"sv) {
    skirmisher = t.attribute_string("skirmisher", "none");
    if (skirmisher == "none"sv) skirmisher = "ad-hoc";
  }
  SaveSituation s;
  static const Table& kExperience = elan_drill::table("close_saves.experience");
  s.experience = &kExperience.row(experience(target));
  s.dms = std::min(state_[target].dms, 12);
  s.cover = cover(target);
  s.capped = opts_.save_caps;
  s.special = opts_.special_leader_or_dm;
  s.attack = attack_of(attack);
  s.skirmisher = skirmisher_of(skirmisher);
  s.artillery = t.arm == Arm::kArtillery;
  s.flank_rear = flank_rear;  // L254
  const Outcome o = roll_save(s, std::min(hits, 60), dice_, rolls);
  return {outcome_int(o, "casualties"), outcome_int(o, "special")};
}

// D12-03: one Élan test per unit at the end of the fire step, summing its triggers; with
// `per-trigger`, one test per trigger (L34-L37, in the sheet's order), each with the DMs the
// tests before it left.
void BattleED::fire_tests(std::map<int, FireTally>& tally, EventLog& log) {
  for (auto& [u, ft] : tally) {
    if (!active(u) || ft.casualties <= 0) continue;
    if (ft.casualties < 2 && ft.volley_canister_close == 0 && ft.rifle_close == 0 &&
        ft.shell == 0) {
      continue;
    }
    if (!opts_.per_trigger) {
      fire_test(u, ft.casualties, ft, "", log);
      continue;
    }
    const FireTally none{0, 0, 0, 0, ft.flank_rear};
    auto only = [&](auto set) {
      FireTally one = none;
      set(one);
      return one;
    };
    if (ft.casualties >= 2) {  // L34
      fire_test(u, ft.casualties, only([&](FireTally& t) { t.casualties = ft.casualties; }),
                " (L34)", log);
    }
    if (ft.shell > 0 && active(u)) {  // L35
      fire_test(u, ft.casualties, only([&](FireTally& t) { t.shell = ft.shell; }), " (L35)", log);
    }
    if (ft.volley_canister_close > 0 && active(u)) {  // L36
      fire_test(u, ft.casualties,
                only([&](FireTally& t) { t.volley_canister_close = ft.volley_canister_close; }),
                " (L36)", log);
    }
    if (ft.rifle_close > 0 && active(u)) {  // L37
      fire_test(u, ft.casualties, only([&](FireTally& t) { t.rifle_close = ft.rifle_close; }),
                " (L37)", log);
    }
  }
}

// One Élan test of `u` from fire: the triggers of `ft` (its casualties counting for L34's
// dice), `casualties` in all (the event's text), `trigger` naming the one tested alone.
void BattleED::fire_test(int u, int casualties, const FireTally& ft, std::string_view trigger,
                         EventLog& log) {
  const Unit& unit = force_.units[u];
  ElanTestSituation p;
  p.fire_casualties = std::min(ft.casualties, 60);
  p.volley_canister_casualties = std::min(ft.volley_canister_close, 20);
  p.rifle_casualties = std::min(ft.rifle_close, 20);
  p.shell_casualties = std::min(ft.shell, 20);
  p.per_casualty = opts_.per_casualty;
  p.elan.factor = elan(u);
  p.elan.dms = std::min(state_[u].dms, 12);
  p.elan.square_or_cover =
      unit.formation == "square"sv || (!state_[u].moved && cover(u) != Cover::kNone);
  p.elan.below_half = below_half(u);  // D12-29
  p.elan.flank_rear = ft.flank_rear;
  p.elan.options = opts_.tests();  // R-001-1, R-001-3, D12-22
  with_leader(u, p.elan);
  std::vector<RollRecord> rolls;
  const Outcome o = roll_elan_test(p, dice_, record_for(log, rolls));
  Event e = event(log, EventKind::kMorale, u, [&](Event& ev) {
    ev.text = fmt::format("{} tests Elan after {} casualties from fire{}: {}", name(u), casualties,
                          trigger, rolls.empty() ? "" : rolls.back().result);
    ev.rolls = std::move(rolls);
  });
  apply_test(u, o, "Elan test from fire", std::move(e), log);
}

}  // namespace smoothbore::elan_drill
