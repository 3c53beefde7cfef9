#include "rules/fire_and_discipline/fd_doctrine.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/dice/chance.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/stands_trial.h"

namespace smoothbore::fire_and_discipline {

namespace {

constexpr double kTie = 1e-9;  // odds closer than this are equal

std::size_t z(int i) { return static_cast<std::size_t>(i); }
const Unit& unit_at(const FdState& s, int u) { return s.force.units[z(u)]; }
const Stand& stand_at(const FdState& s, StandRef r) {
  return unit_at(s, r.unit).stands[z(r.stand)];
}

bool in_play(const FdState& s, int u) {
  return unit_at(s, u).status == UnitStatus::kActive && !s.units[z(u)].surrendered &&
         unit_at(s, u).on_table();
}

// P(the morale test lets the unit go on: pass, or fanaticism's attrition, §5.64), worked
// out from the dice.
double goes_on_worked(const MoraleSituation& m) {
  double p = 0;
  for (const auto& [r, q] :
       enumerate_outcomes<MoraleResult>([&](Chance& c) { return resolve_morale(m, c); })) {
    if (r == MoraleResult::kPass || r == MoraleResult::kFanatic1 || r == MoraleResult::kFanatic2) {
      p += q;
    }
  }
  return p;
}

// Every field of `m` in one number, when they fit (castings -512..511, rating -32..31).
std::optional<std::uint64_t> morale_key(const MoraleSituation& m) {
  if (m.castings < -512 || m.castings > 511 || m.rating < -32 || m.rating > 31) return std::nullopt;
  std::uint64_t k = static_cast<std::uint64_t>(m.castings + 512);
  k = k << 6 | static_cast<std::uint64_t>(m.rating + 32);
  for (const bool b : {m.protective, m.skirmish_in_woods, m.brigade_commander, m.over_half,
                       m.adjacent, m.half_stand_open, m.surrounded, m.fanatic}) {
    k = k << 1 | (b ? 1u : 0u);
  }
  return k << 2 | static_cast<std::uint64_t>(m.base);
}

// goes_on_worked kept per thread by situation (issue 9: the doctrine asks the same few
// tests of every charge it weighs; the morale tables are fixed once embedded, so the answer
// is the situation's alone, bit for bit).
double goes_on(const MoraleSituation& m) {
  constexpr std::size_t kMaxKept = 100000;
  thread_local std::unordered_map<std::uint64_t, double> kept;
  const std::optional<std::uint64_t> key = morale_key(m);
  if (!key) return goes_on_worked(m);
  if (const auto it = kept.find(*key); it != kept.end()) {
    if (shortcut_checks()) SB_CHECK(it->second == goes_on_worked(m), "a kept morale odds is stale");
    return it->second;
  }
  if (kept.size() >= kMaxKept) kept.clear();
  const double p = goes_on_worked(m);
  kept.emplace(*key, p);
  return p;
}

// The live stand of `unit` with the fewest castings other than `except` (FD-24: the stand
// that tests when the stand that was hit is gone), or -1.
int fewest_castings_stand(const FdState& s, int unit, int except) {
  int best = -1;
  for (int i = 0; i < static_cast<int>(unit_at(s, unit).stands.size()); ++i) {
    const Stand& st = unit_at(s, unit).stands[z(i)];
    if (i == except || st.removed || st.castings <= 0) continue;
    if (best < 0 || st.castings < unit_at(s, unit).stands[z(best)].castings) best = i;
  }
  return best;
}

// P(`unit`, testing with no fresh hits, fails its morale test).
double fails_morale_worked(const FdState& s, int unit) {
  const int stand = testing_stand(s, unit, {});
  return stand < 0 ? 1.0 : 1.0 - goes_on(morale_situation(s, unit, stand));
}

// `work()`, kept in a unit's `slot` of its frozen memo (none: worked out), checked against
// a fresh answer under the tests' switch (checks.h).
template <typename T, typename Work>
T kept_in(std::optional<T>* slot, Work work) {
  if (slot == nullptr) return work();
  if (!slot->has_value()) {
    *slot = work();
  } else if (shortcut_checks()) {
    SB_CHECK(**slot == work(), "a kept charge-odds answer is stale");
  }
  return **slot;
}

// fails_morale_worked, kept per unit while the stands are frozen (stand_grid.h OddsMemo;
// issue 9 round 21: each charge the commanders weigh asked it of both units again).
double fails_morale(const FdState& s, int unit) {
  StandCache::OddsMemo* memo = s.stands_on_table.odds_memo(unit);
  return kept_in(memo == nullptr ? nullptr : &memo->fails,
                 [&] { return fails_morale_worked(s, unit); });
}

// has_volley_target, kept the same way.
bool kept_has_volley_target(const FdState& s, int unit) {
  StandCache::OddsMemo* memo = s.stands_on_table.odds_memo(unit);
  return kept_in(memo == nullptr ? nullptr : &memo->volley,
                 [&] { return has_volley_target(s, unit); });
}

// The hit distribution (index = hits) of the fire `target` pours into the charge before
// contact when it holds (§7.7 FPF, §6.4d held artillery fire); {1} when it has none.
std::vector<double> fire_before_contact(const FdState& s, int target, const ChargePrediction& pred,
                                        OddsTime when) {
  const Unit& tu = unit_at(s, target);
  const UnitState& ts = s.units[z(target)];
  if (!pred.frontal || pred.aim.stand < 0 || ts.halted(s.turn)) return {1.0};
  if (tu.arm == Arm::kArtillery) {
    const bool holds = when == OddsTime::kDeclaration ? ts.hold_fire : may_hold_fire(s, target);
    if (!holds || !may_hold_fire(s, target)) return {1.0};
    return artillery_rolls_distribution(pred.held_fire);  // FD-56 with FD-17 rolls
  }
  if (tu.arm != Arm::kFoot || is_skirmisher(s, target) || !ts.engaged_with.empty()) return {1.0};
  if (!musket_range_yd(s, target)) return {1.0};    // no firearm
  if (ts.last_target_turn == s.turn) return {1.0};  // fired this turn (§8.41)
  if (when == OddsTime::kTurnStart && kept_has_volley_target(s, target)) return {1.0};
  return volley_hit_distribution(fpf_situation(s, target, pred.aim, pred.fpf_stands));
}

// P(`unit`, testing with no fresh hits, fails its morale test), worked out at most once.
class FailsMorale {
 public:
  FailsMorale(const FdState& s, int unit) : s_(s), unit_(unit) {}
  double operator()() {
    if (!p_) p_ = fails_morale(s_, unit_);
    return *p_;
  }

 private:
  const FdState& s_;
  int unit_;
  std::optional<double> p_;
};

// charge_odds on the charge's prediction `pred` (predict_charge), with the two units' morale
// failures from `target_fails` and `charger_fails`.
ChargeOdds odds_of(const FdState& s, int charger, int target, ChargeResponse response,
                   OddsTime when, const ChargePrediction& pred, FailsMorale& target_fails,
                   FailsMorale& charger_fails) {
  ChargeOdds out;
  if (!pred.reaches || pred.contacts.empty() || pred.aim.stand < 0) return out;
  out.reaches = true;
  const bool counter = response == ChargeResponse::kCounterCharge;
  const std::vector<double> fire =
      counter ? std::vector<double>{1.0} : fire_before_contact(s, target, pred, when);

  Melee m;
  m.charger = charger;
  m.target = target;
  m.flank = pred.flank;
  MeleeBook book;
  book.charged = {charger};
  if (counter) book.charged.push_back(target);
  const UnitState& cs = s.units[z(charger)];
  const int aim_castings = stand_at(s, pred.aim).castings;

  for (std::size_t k = 0; k < fire.size(); ++k) {
    const double pk = fire[k];
    if (pk <= 0) continue;
    const int hits = static_cast<int>(k);
    out.fire_hits += hits * pk;
    double p_close = 1.0;
    if (hits > 0) {
      if (cs.boxes_marked + hits >= cs.shatter_boxes) {
        p_close = 0;  // the charger shatters (§5.11)
      } else {
        int tester = pred.aim.stand;
        int castings = aim_castings - hits;
        if (castings <= 0) {  // the aimed stand is gone; another tests (FD-24)
          tester = fewest_castings_stand(s, charger, pred.aim.stand);
          castings = tester >= 0 ? unit_at(s, charger).stands[z(tester)].castings : 0;
        }
        if (tester < 0) {
          p_close = 0;
        } else {
          MoraleSituation ms = morale_situation(s, charger, tester);
          ms.castings = castings;
          ms.over_half = 2 * (cs.boxes_marked + hits) > cs.shatter_boxes;
          p_close = goes_on(ms);
        }
      }
    }
    out.stopped += pk * (1 - p_close);
    if (p_close <= 0) continue;

    std::vector<double> by_charger, by_target;
    double charger_casualties = 0;
    auto castings_of = [&](StandRef r) {
      const int c = stand_at(s, r).castings;
      return r == pred.aim ? c - hits : c;
    };
    // The first-round dice (FD-46, melee_dice after the shift).
    for (const MeleeDie& d : pred.dice) {
      const StandRef me = d.by;
      const StandRef them = d.on;
      if (castings_of(me) <= 0 || castings_of(them) <= 0) continue;  // lost to the fire
      MeleeSituation sit = melee_situation(s, m, book, me, them);
      sit.double_castings = castings_of(me) >= 2 * castings_of(them);
      const MeleeHitChance c = melee_hit_chance(sit, /*explain=*/false);
      const double p = c.hit_set.faces / 10.0;
      if (me.unit == charger) {
        by_charger.push_back(p);
        charger_casualties += p * c.casualties_per_hit;
      } else {
        by_target.push_back(p);
      }
    }
    const std::vector<double> a = hit_distribution(by_charger);
    const std::vector<double> b = hit_distribution(by_target);
    double win = 0, lose = 0, tie = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      for (std::size_t j = 0; j < b.size(); ++j) {
        (i > j ? win : i < j ? lose : tie) += a[i] * b[j];
      }
    }
    const double w = pk * p_close;
    out.charger_wins += w * win;
    out.target_wins += w * lose;
    out.tie += w * tie;
    out.charger_hits += w * charger_casualties;
  }
  out.target_breaks = out.charger_wins * target_fails();
  out.charger_breaks = out.target_wins * charger_fails();

  if (counter && s.units[z(target)].rating == 0) {  // §5.3f: it must pass to charge
    const int stand = testing_stand(s, target, {});
    const double go = stand < 0 ? 0.0 : goes_on(morale_situation(s, target, stand));
    out.charger_wins = go * out.charger_wins + (1 - go);
    out.target_wins *= go;
    out.tie *= go;
    out.charger_hits *= go;
    out.target_breaks *= go;
    out.charger_breaks *= go;
  }
  return out;
}

}  // namespace

ChargeOdds charge_odds(const FdState& s, int charger, int target, ChargeResponse response,
                       OddsTime when) {
  FailsMorale target_fails(s, target), charger_fails(s, charger);
  return odds_of(s, charger, target, response, when, predict_charge(s, charger, target),
                 target_fails, charger_fails);
}

std::vector<ChargeResponse> legal_responses(const FdState& s, int target, int charger) {
  std::vector<ChargeResponse> out{ChargeResponse::kHold};
  if (!counter_charge_invalid(s, target, charger)) out.push_back(ChargeResponse::kCounterCharge);
  return out;
}

// Each response's odds share the charge's prediction and the two morale failures.
ElectedResponse doctrine_response_odds(const FdState& s, int target, int charger, OddsTime when) {
  ElectedResponse best;
  double best_net = 0, best_pursuit = 0;
  bool first = true;
  const ChargePrediction pred = predict_charge(s, charger, target);
  FailsMorale target_fails(s, target), charger_fails(s, charger);
  for (ChargeResponse r : legal_responses(s, target, charger)) {
    const ChargeOdds o = odds_of(s, charger, target, r, when, pred, target_fails, charger_fails);
    const double net = o.stopped + o.target_wins - o.charger_wins;
    const double pursuit = r == ChargeResponse::kCounterCharge ? o.charger_breaks : 0.0;
    if (first || net > best_net + kTie ||
        (std::fabs(net - best_net) <= kTie && pursuit > best_pursuit + kTie)) {
      best = {r, o};
      best_net = net;
      best_pursuit = pursuit;
      first = false;
    }
  }
  return best;
}

ChargeResponse doctrine_response(const FdState& s, int target, int charger, OddsTime when) {
  return doctrine_response_odds(s, target, charger, when).response;
}

std::vector<int> charge_threats(const FdState& s, int unit) {
  std::vector<int> out;
  const int side = unit_at(s, unit).side;
  auto threat = [&](int e) {
    return unit_at(s, e).side != side && in_play(s, e) &&
           !charge_invalid(s, e, unit, /*check_orders=*/false);
  };
  const int sides = static_cast<int>(s.force.sides.size());
  if (const UnitIndex* index = s.stands_on_table.frozen_enemies(side, sides)) {
    // While the stands are frozen (stand_grid.h), only enemies whose footprint lies within
    // the longest charge rate of this unit's can reach a stand of it (charge_invalid: the
    // straight run, or FD-43's wheel at half the rate, from the charger's footprint).
    const double reach = s.mm(std::max(kCavalryChargeYd, kInfantryChargeYd)) + 1.0;
    const Box me = unit_at(s, unit).footprint().bounds();
    std::vector<int> near;
    for (int sd = 0; sd < sides; ++sd) {
      if (sd != side) index->near(sd, me, reach, near);
    }
    std::sort(near.begin(), near.end());
    for (const int e : near) {
      if (threat(e)) out.push_back(e);
    }
    return out;
  }
  for (int e = 0; e < static_cast<int>(s.force.units.size()); ++e) {
    if (threat(e)) out.push_back(e);
  }
  return out;
}

bool may_hold_fire(const FdState& s, int gun) {
  return gun_may_fire(s, gun) && unit_at(s, gun).on_table() &&
         s.units[z(gun)].canister + s.units[z(gun)].ball + s.units[z(gun)].shell > 0;
}

HeldFireValue held_fire_value(const FdState& s, int gun) {
  HeldFireValue v;
  if (!may_hold_fire(s, gun)) return v;
  for (int e : charge_threats(s, gun)) {
    const ChargeOdds o = charge_odds(s, e, gun, ChargeResponse::kHold, OddsTime::kTurnStart);
    v.expected_hits = std::max(v.expected_hits, o.fire_hits);
    v.stop_probability = std::max(v.stop_probability, o.stopped);
  }
  return v;
}

double expected_gun_hits(const FdState& s, int gun) {
  // The hits the shot's weighing worked out (valued_artillery_shot), not worked again.
  const std::optional<ValuedGunShot> v = valued_artillery_shot(s, gun, true);
  if (!v) return 0.0;
  if (shortcut_checks()) {
    SB_CHECK(v->expected_hits == expected_shot_hits(s, gun, v->shot),
             "a gun shot's kept expected hits differ from expected_shot_hits");
  }
  return v->expected_hits;
}

double expected_gun_hits_at(const FdState& s, int gun, const std::vector<Rect>& rects) {
  StandsTrial trial(s, gun);  // the gun's stands placed on `rects` for the look-ahead
  std::size_t next = 0;
  for (Stand& st : trial.stands()) {
    if (st.removed || next >= rects.size()) continue;
    st.rect = rects[next++];
  }
  return expected_gun_hits(s, gun);
}

double expected_gun_hits_facing(const FdState& s, int gun, double facing) {
  const std::optional<std::vector<Rect>> end = change_direction_plan(s, gun, facing);
  return end ? expected_gun_hits_at(s, gun, *end) : 0.0;
}

}  // namespace smoothbore::fire_and_discipline
