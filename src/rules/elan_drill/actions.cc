// The candidate actions of a unit and their exact assessments (what the doctrine weighs):
// lines fire, columns charge, infantry charged by cavalry weigh forming square (§6).
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/geometry/nearest.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"
#include "rules/elan_drill/pool_odds.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill/tables.h"
#include "rules/odds_memo.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

// Issue 9: legal_actions asks whether the same formations fit up to three times (its own
// list, the square against cavalry, formation_moves, the screen); each answer is laid out
// (formation_footprint: the ruleset's layout, without a copy of the unit) and placed once
// per unit while no unit moves (legal_actions forgets them when it starts on another unit
// or the units may have moved).
bool BattleED::formation_fits(int unit, const std::string& formation) const {
  if (fits_.unit != unit) {
    fits_.unit = unit;
    fits_.known.clear();
    fits_.reach = -1;
    fits_.footprint = force_.units[unit].footprint();  // read once for its formations
    fits_.figures = layout_figures(force_.units[unit]);
  }
  for (const auto& [f, ok] : fits_.known) {
    if (f == formation) return ok;
  }
  const Unit& u = force_.units[unit];
  const Rect& fp = fits_.footprint;
  const Rect r = formation_footprint(u.arm, formation, fits_.figures, fp.centre, fp.facing);
  bool ok = false;
  if (snap_.ready()) {
    // place_ok's answer from one list of neighbours for all the unit's formations, all laid
    // out about its centre (issue 9: a grid walk per formation tried), asked again only
    // when a wider formation needs more.
    const RectFrame framed(r);
    const double hr = half_diagonal(r) + 1.0;
    if (hr > fits_.reach) {
      fits_.reach = hr;
      fits_.f = framed.f;
      fits_.r = framed.r;
      // clear_among's tests but the overlap, once for every formation: a narrower one
      // (half diagonal at most hr, about the same centre) passes every unit dropped here.
      // The units near_unordered lists, taken as the grid finds them (issue 9: listed,
      // then read again from the list).
      fits_.cands.clear();
      snap_.visit_near(r.centre, hr, [&](int o) {
        const Vec2 c = snap_.footprint(o).centre;
        const double h = snap_.half(o);
        const double reach = hr + h;
        const Vec2 d = c - r.centre;
        if (d.dot(d) > reach * reach || o == unit || !force_.units[o].on_table()) return;
        fits_.cands.push_back({c, h, o});
      });
    }
    ok = on_table(framed) && clear_of_cands(framed);
    if (check_nearest && ok != place_ok(unit, r, -1))
      throw std::logic_error(fmt::format("unit {}: {} fits kept differs", unit, formation));
  } else {
    ok = place_ok(unit, r, -1);
  }
  fits_.known.emplace_back(formation, ok);
  return ok;
}

// clear_among(unit, framed, -1, fits_.near) on fits_.cands (laid out about the same
// centre, its half diagonal within fits_.reach): the same answer, whatever order the
// candidates are asked in, so the one that overlaps goes first for the next formation.
bool BattleED::clear_of_cands(const RectFrame& framed) const {
  const Rect& r = framed.rect;
  const double hr = half_diagonal(r) + 1.0;
  auto& cands = fits_.cands;
  for (std::size_t i = 0; i < cands.size(); ++i) {
    const FormationFits::Cand& c = cands[i];
    const double reach = hr + c.half;
    const Vec2 d = c.centre - r.centre;
    if (d.dot(d) > reach * reach) continue;
    // Parted along one of the unit's own axes, which every formation shares, by more than
    // overlaps()' tolerance and far more than rounding: overlaps() finds that axis and
    // answers no (issue 9: most of the neighbours a formation is tried against stand a few
    // inches off in line; each formation measured each of them along the line of centres,
    // a square root and its frame looked up). The candidate's shadows are found once for
    // all the unit's formations, the formation's are its half depth and width.
    if (!c.shadowed) shadow_on_axes(cands[i], r.centre);
    auto shared = [](double half, double along, double extent) {
      return std::min(half, along + extent) - std::max(-half, along - extent);
    };
    constexpr double kParted = 0.01 - 1e-6;  // overlaps()' tolerance, less rounding's slack
    if (shared(framed.hd, c.along_f, c.reach_f) <= kParted ||
        shared(framed.hw, c.along_r, c.reach_r) <= kParted) {
      continue;
    }
    if (overlaps(framed, frame_of(c.unit, snap_.footprint(c.unit)), 0.01)) {
      std::swap(cands[0], cands[i]);
      return false;
    }
  }
  return true;
}

void BattleED::shadow_on_axes(FormationFits::Cand& c, Vec2 centre) const {
  const RectFrame& o = frame_of(c.unit, snap_.footprint(c.unit));
  const Vec2 d = o.rect.centre - centre;
  auto reach = [&](Vec2 axis) {
    return o.hw * std::fabs(o.r.dot(axis)) + o.hd * std::fabs(o.f.dot(axis));
  };
  c.along_f = d.dot(fits_.f);
  c.along_r = d.dot(fits_.r);
  c.reach_f = reach(fits_.f);
  c.reach_r = reach(fits_.r);
  c.shadowed = true;
}

std::vector<Action> BattleED::legal_actions(int unit) const {
  fits_.unit = -1;  // the units may have moved since the last call
  std::vector<Action> out;
  // About ten a unit, and two more for each formation that fits (formation_moves): one
  // allocation, not growing copies (issue 9: at 16, most foot units of a 10,000-stand
  // turn grew it once).
  out.reserve(32);
  Action hold;
  hold.unit = unit;
  out.push_back(hold);
  if (!active(unit)) return out;
  const Unit& u = force_.units[unit];
  const Rect fp = u.footprint();
  const int enemy = nearest_enemy(unit);
  // Only enemies within fire range or charge reach can be targets (proximity.cc).
  for (const int ti : enemies_near(unit, std::max(fire_reach_in(unit), charge_reach_in(unit)))) {
    const auto t = static_cast<std::size_t>(ti);
    if (can_fire_at(unit, ti)) {
      Action f = hold;
      f.kind = ActionKind::kFire;
      f.target = ti;
      if (u.arm == Arm::kArtillery) {  // one action per shot the range allows (§8, D12-14)
        for (const std::string_view shot : shot_types(unit, ti)) {
          f.shot = shot;
          out.push_back(f);
        }
        continue;
      }
      out.push_back(f);
      // Move, then fire at -1 (L200, D12-28): advance to 4" of the target.
      if (u.arm != Arm::kArtillery && u.formation != "square"sv) {
        const Rect tf = force_.units[t].footprint();
        const Vec2 dir = (tf.centre - fp.centre).normalized();
        const double travel =
            std::clamp(gap_mm(unit, ti) - 4.0 * kMm, 0.0, move_rate_in(unit) * kMm);
        if (travel > 0.5 * kMm) {
          f.moves = true;
          f.destination = fp.centre + dir * travel;
          f.facing = bearing_of(dir);
          out.push_back(f);
        }
      }
    }
    if (can_charge(unit, ti)) {
      Action c = hold;
      c.kind = ActionKind::kCharge;
      c.target = ti;
      out.push_back(c);
    }
  }
  const bool crew_only = state_[unit].guns_left;  // L123: gunners on foot, no guns
  seize_moves(unit, out);                         // L123: onto abandoned guns (abandoned_guns.cc)
  detachment_orders(unit, out);                   // L83, D12-21 (detachments.cc)
  const bool gun_fixed = u.arm == Arm::kArtillery && u.formation != "limbered"sv && !crew_only;
  if (!gun_fixed && enemy >= 0) {
    const Rect ef = force_.units[enemy].footprint();
    const Vec2 dir = (ef.centre - fp.centre).normalized();
    const double gap = nearest_gap_mm(unit, enemy);  // distance(fp, ef), kept
    for (double stand_off : {4.0, 10.0}) {           // musket close range, or just outside long
      Action m = hold;
      m.kind = ActionKind::kMove;
      m.moves = true;
      const double travel = std::clamp(gap - stand_off * kMm, 0.0, move_rate_in(unit) * kMm);
      m.destination = fp.centre + dir * travel;
      m.facing = bearing_of(dir);
      if (travel > 0.25 * kMm) out.push_back(m);
    }
    Action back = hold;  // withdraw toward the home edge, facing the enemy
    back.kind = ActionKind::kMove;
    back.moves = true;
    back.destination = fp.centre + bearing_vector(edge_bearing(force_.sides[u.side].home_edge)) *
                                       (move_rate_in(unit) * kMm / 2);
    back.facing = bearing_of(dir);
    out.push_back(back);
  }
  if (u.arm == Arm::kArtillery) {
    if (crew_only) return out;
    Action g = hold;
    g.kind = u.formation == "limbered"sv ? ActionKind::kUnlimber : ActionKind::kLimber;
    g.facing =
        enemy >= 0 ? bearing_of(force_.units[enemy].footprint().centre - fp.centre) : fp.facing;
    out.push_back(g);
    return out;
  }
  // Cavalry within charge reach (D12-07: its move + 4"): formed infantry may form square
  // against it on the spot (no test, D12-08), or hold the square; where it has no room for a
  // square, a closed column (+3 Élan in close action, L62), or hold that. Each action names
  // the threat (the doctrine weighs them by the exact odds of the charge against each).
  if (const int cav = threatening_cavalry(unit); cav >= 0) {
    Action t = hold;
    t.target = cav;
    auto fits = [&](const std::string& f) { return formation_fits(unit, f); };
    const UnitTypeInfo* type = ruleset().unit_type(u.type);
    const bool closed_ok =
        type != nullptr && std::find(type->formations.begin(), type->formations.end(),
                                     "closed-column") != type->formations.end();
    const bool square_fits = u.formation != "square"sv && fits("square");
    if (u.formation == "square"sv || (u.formation == "closed-column"sv && !square_fits)) {
      out.push_back(t);
    } else if (square_fits || (closed_ok && fits("closed-column"))) {
      t.kind = ActionKind::kFormation;
      t.formation = square_fits ? "square" : "closed-column";
      t.facing = fp.facing;
      out.push_back(t);
    }
  }
  if (const UnitTypeInfo* type = ruleset().unit_type(u.type)) {
    for (const std::string& f : type->formations) {
      if (f == u.formation) continue;
      if (!formation_fits(unit, f)) continue;
      Action c = hold;
      c.kind = ActionKind::kFormation;
      c.formation = f;
      c.facing = fp.facing;
      out.push_back(c);
    }
  }
  formation_moves(unit, out);  // L80-L82 (formation_moves.cc)
  doctrine_offers(unit, out);  // the screen and the task (doctrine_actions.cc)
  return out;
}

// The enemy cavalry that could charge formed infantry `unit` next turn.
int BattleED::threatening_cavalry(int unit) const {
  const Unit& u = force_.units[unit];
  if (u.arm != Arm::kFoot || u.formation == "skirmish"sv) return -1;
  const UnitTypeInfo* type = ruleset().unit_type(u.type);
  if (type == nullptr || std::find(type->formations.begin(), type->formations.end(), "square") ==
                             type->formations.end()) {
    return -1;
  }
  // The nearest enemy; a threat only when it is cavalry within its charge reach (a
  // square with enemy foot or guns nearer would be shot to pieces).
  const int best = nearest_enemy(unit);
  if (best < 0 || force_.units[best].arm != Arm::kCavalry) return -1;
  return gap_in(unit, best) <= charge_reach_in(best) ? best : -1;
}

// The best expected casualties `unit` could inflict next turn, standing, in `formation`
// (D12-11 eligible figures, L202 two-rank line) at the enemies it may fire at now.
// Issue 9: the doctrine weighs every formation change of a unit, on the spot and with each
// move (up to three times the same formation); while orders are given nothing it reads
// changes, so each answer is kept for the unit's formations through the orders step
// (check_nearest compares it with a fresh one).
double BattleED::fire_in_formation(int unit, const ShortName& formation) const {
  if (frozen_epoch_ == 0) return fire_in_formation_now(unit, formation);
  if (formation_fire_.epoch != frozen_epoch_ || formation_fire_.unit != unit) {
    formation_fire_.epoch = frozen_epoch_;
    formation_fire_.unit = unit;
    formation_fire_.known.clear();
    formation_fire_.aimed = false;
  }
  for (const auto& [f, kills] : formation_fire_.known) {
    if (f != formation) continue;
    if (check_nearest && kills != fire_in_formation_now(unit, formation))
      throw std::logic_error(fmt::format("unit {}: fire in {} kept differs", unit, formation));
    return kills;
  }
  // Each target's situation found once for all the formations weighed (issue 9: the targets
  // and their situations were found again for each).
  double kills = 0;
  if (weighs_fire_in(force_.units[unit], formation)) {
    if (!formation_fire_.aimed) {
      aim_at_targets(unit, formation_fire_.aims);
      formation_fire_.aimed = true;
    }
    kills = fire_in_formation_from(unit, formation, formation_fire_.aims);
  }
  if (check_nearest && kills != fire_in_formation_now(unit, formation))
    throw std::logic_error(fmt::format("unit {}: fire in {} from aims differs", unit, formation));
  formation_fire_.known.emplace_back(formation, kills);
  return kills;
}

double BattleED::fire_in_formation_now(int unit, std::string_view formation) const {
  if (!weighs_fire_in(force_.units[unit], formation)) return 0;
  Aims aims;
  aim_at_targets(unit, aims);
  return fire_in_formation_from(unit, formation, aims);
}

bool BattleED::weighs_fire_in(const Unit& u, std::string_view formation) const {
  if (u.arm != Arm::kFoot || formation == "march-column"sv) return false;       // no fire (L127)
  if (formation == "skirmish"sv && u.type != "light-infantry"sv) return false;  // formed battalions
  return formation != "square"sv;  // a square is formed against cavalry, not to fire
}

void BattleED::aim_at_targets(int unit, Aims& out) const {
  out.clear();
  for (const int ti : fire_targets(unit)) out.emplace_back(ti, fire_situation(unit, ti, false));
}

double BattleED::fire_in_formation_from(int unit, std::string_view formation,
                                        const Aims& aims) const {
  const Unit& u = force_.units[unit];
  const std::int64_t figures = std::clamp(eligible_figures_in(u, formation), 1, 60);
  double best = 0;
  for (const auto& [ti, aim] : aims) {
    SmallArmsSituation s = aim;
    s.figures = static_cast<int>(figures);
    s.two_rank_line = formation == "two-rank-line"sv;
    s.general.moving = false;
    if (formation == "skirmish"sv) {
      static const Row& kSkirmish = row("fire.fire_types", "skirmish");
      s.fire = &kSkirmish;
      s.first_fire = false;
    }
    best = std::max(best, expected_casualties(ti, success_mean(small_arms_pool(s))));
  }
  return best;
}

std::vector<double> BattleED::distribution(const std::string& name,
                                           const std::map<std::string, Value>& p,
                                           const std::string& field) {
  return memo_odds<std::vector<double>>(odds_key(name, "distribution:" + field, p), [&] {
    std::vector<double> out;
    const Resolution* r = ruleset().resolution(name);
    auto full = complete_params(r->params, p);
    for (const OutcomeProbability& op : exact_distribution(*r, *full)) {
      for (const auto& [k, v] : op.outcome) {
        if (k != field) continue;
        const auto c = static_cast<std::size_t>(as_number(v));
        if (out.size() <= c) out.resize(c + 1, 0.0);
        out[c] += op.probability;
      }
    }
    return out;
  });
}

const std::vector<double>& BattleED::casualty_distribution(const std::map<std::string, Value>& p) {
  static const Resolution& kCloseAction = *ruleset().resolution("close-action");
  return elan_drill::casualty_distribution(
      close_action_pools(*complete_params(kCloseAction.params, p)));
}

ActionAssessment BattleED::assess(const Action& a) const {
  ActionAssessment out;
  if (a.unit >= 0 && a.kind == ActionKind::kFormation && a.target < 0) {
    out.expected_kills = fire_in_formation(a.unit, a.formation);  // its fire next turn
    return out;
  }
  // The rates as ShortNames: equal names are equal bytes, compared inline (issue 9: a
  // string comparison called for each of the leaders' thousands of holds a turn).
  static const ShortName kLeader("leader"), kPursuit("pursuit");
  if (a.unit < 0 || a.target < 0 || a.rate == kLeader) return out;  // leaders: no odds
  if (a.rate == kPursuit) {
    // D12-18: infantry may pursue (pursuit.cc): staying is worth nothing either way; pursuing
    // is weighed by its one-round close action, exactly: the chance we cause more casualties
    // (+1D per figure against a broken unit, D12-05) than the broken unit's blows at
    // d12_18_broken_to_hit, against the chance it causes more.
    if (a.kind != ActionKind::kCharge) return out;
    CloseActionSituation theirs_s = close_situation(a.target, a.unit, false);
    theirs_s.broken = true;
    theirs_s.broken_to_hit = opts_.broken_to_hit;
    const auto& mine = elan_drill::casualty_distribution(
        close_action_pools(close_situation(a.unit, a.target, true)));
    const auto& theirs = elan_drill::casualty_distribution(close_action_pools(theirs_s));
    for (std::size_t x = 0; x < mine.size(); ++x) {
      out.expected_kills += static_cast<double>(x) * mine[x];
      for (std::size_t y = 0; y < theirs.size(); ++y) {
        if (x > y) out.win_probability += mine[x] * theirs[y];
        if (y > x) out.risk += mine[x] * theirs[y];
      }
    }
    return out;
  }
  if (a.kind == ActionKind::kFire) {
    // Fired from the destination, moving (L200; D12-28's `moved-over-half`: if the advance
    // is more than half its move).
    auto moved_range = [&] {
      Rect r = force_.units[a.unit].footprint();
      r.centre = a.destination;
      return distance(r, force_.units[a.target].footprint()) / kMm;
    };
    const bool moving = !opts_.moving_over_half ||
                        distance(force_.units[a.unit].footprint().centre, a.destination) >
                            move_rate_in(a.unit) / 2 * kMm;
    if (force_.units[a.unit].arm != Arm::kArtillery) {
      SmallArmsSituation s = fire_situation(a.unit, a.target, false);
      if (a.moves) {
        s.range = moved_range();
        s.general.moving = moving;
      }
      out.expected_kills = expected_casualties(a.target, success_mean(small_arms_pool(s)));
      return out;
    }
    const std::string res = a.shot.empty() ? best_shot(a.unit, a.target) : a.shot;
    ShotSituation s = shot_at(a.unit, a.target, shot_named(res), false);
    if (a.moves) {
      s.range = moved_range();
      s.general.moving = moving;
    }
    out.expected_kills = expected_casualties(a.target, shot_hits_mean(s));
    return out;
  }
  if (a.kind == ActionKind::kCharge) {
    // Exact chance to close (L41-L44) times the exact chance that the first round's
    // casualties by us exceed the target's (D12-17: it then tests with the figures lost
    // more); risk: breaking on the close-to-melee test, or losing the round by 2+.
    // The charger's Élan factors serve both its close-to-melee test and its end-of-round
    // test (issue 9: found once).
    // So do the pair's flanks, figures in contact and cover, for both sides.
    const PairFacts mine = pair_facts(a.unit, a.target);
    const PairFacts theirs = mine.swapped();
    const ElanFactors charger_elan = elan_factors(a.unit, a.target, mine);
    const CloseToMeleeOdds& closing =
        close_to_melee_odds(close_to_melee_situation(a.unit, a.target, true, charger_elan, mine));
    const double closes = closing.contact;
    const double breaks = closing.broken;
    // Round 1 (D12-17): both sides' casualties, then each side's end-of-round Élan test
    // (L38) with +1D per figure lost more (L50, D12-30); the charge wins when the target
    // fails more dice than the charger (it takes more DMs, or breaks), and risks the unit
    // when the charger fails two more.
    ElanTestSituation target_p, charger_p;
    target_p.round = charger_p.round = 1;
    target_p.elan = elan_factors(a.target, a.unit, theirs);
    charger_p.elan = charger_elan;
    const ChargeRound round =
        charge_round(close_action_pools(close_situation(a.unit, a.target, true, mine)),
                     close_action_pools(close_situation(a.target, a.unit, false, theirs)),
                     ElanTestPools(target_p), ElanTestPools(charger_p));
    const double more = round.more, worse = round.worse, by_me = round.by_me;
    out.win_probability = closes * more;
    out.risk = breaks + closes * worse;
    out.expected_kills = closes * by_me;
    return out;
  }

  // Reactions (§6), from the charged unit's side: the charge is beaten when the charger
  // fails to close; square makes cavalry close on 3D (L42) at -2 to hit (L234).
  const int charger = a.target;
  auto closes_vs = [&](bool square) {
    CloseToMeleeSituation p = close_to_melee_situation(charger, a.unit, true);
    if (square) p.terrain_or_square = true;
    return close_to_melee_odds(p).contact;
  };
  // The chance the response's Drill test lets it be performed (L100-L101).
  auto performs_of = [&] {
    return 1 - probability("drill-test",
                           {{"action", Value(response_key(a))},
                            {"factor", Value(std::int64_t{drill(a.unit)})},
                            {"dms", Value(std::int64_t{std::min(state_[a.unit].dms, 12)})}},
                           "performed", Value(false));
  };
  if (a.kind == ActionKind::kHold) {
    const double c = closes_vs(false);
    out.win_probability = 1 - c;
    out.risk = c * 0.5;
  } else if (a.kind == ActionKind::kFormation && a.formation == "closed-column"sv) {
    // L62: a closed column closes as anything in the clear, but tests Élan at +3 in the close
    // action: the risk of standing (½ of the closing chance, as kHold) scaled by the exact
    // chance its defender's close-to-melee test (L41-L44) fails a die, closed against now.
    auto holds = [&](bool closed) {  // no die failed
      CloseToMeleeSituation p = close_to_melee_situation(a.unit, charger, false);
      if (closed) p.elan.formation = CloseFormation::kClosedColumn;
      return close_to_melee_odds(p).steady;
    };
    const double q_now = 1 - holds(false), q_closed = 1 - holds(true);
    const double performs = performs_of();
    const double c = closes_vs(false);
    out.win_probability = 1 - c;
    out.risk = c * 0.5 * (performs * q_closed / std::max(q_now, 1e-9) + (1 - performs));
  } else if (a.kind == ActionKind::kFormation) {
    const bool square = a.formation == "square"sv;
    const double performs = performs_of();
    const double c_ok = closes_vs(square), c_fail = closes_vs(false);
    out.win_probability = performs * (1 - c_ok) + (1 - performs) * (1 - c_fail);
    out.risk = performs * c_ok * (square ? 0.1 : 0.4) + (1 - performs) * c_fail * 0.6;
  } else if (a.kind == ActionKind::kCounterCharge) {
    out.win_probability = 0.4;
    out.risk = 0.3;
  } else if (a.kind == ActionKind::kMove) {
    out.win_probability = 0.3;
    out.risk = 0.1;
  }
  return out;
}

}  // namespace smoothbore::elan_drill
