// Melee rounds of melee_phase.h: the situation of one die, who rolls against whom (FD-46),
// and the rounds of a step with the §8.31 totals and the losers' morale (FD-22, FD-48).
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "rules/battle.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {
namespace {

using detail::count_of;
using detail::live;
using detail::unit_at;
using detail::z;

const Stand& stand_at(const FdState& s, StandRef r) {
  return unit_at(s, r.unit).stands[z(r.stand)];
}

bool mounted(const Unit& u) { return u.arm == Arm::kCavalry && u.formation != "open-order"; }

// FD-47: the row word for a unit as a melee target.
MeleeTarget target_word(const Unit& u) {
  if (mounted(u)) {
    if (u.attribute_string("light-cavalry", "false") == "true") return MeleeTarget::kOpenCavalry;
    return u.type == "dragoons" ? MeleeTarget::kDragoons : MeleeTarget::kCavalry;
  }
  if (u.arm != Arm::kFoot || u.formation == "open-order") return MeleeTarget::kOpenInfantry;
  const std::string w = u.attribute_string("melee-weapon", "bayonet");
  if (w == "pike") return MeleeTarget::kPike;
  if (w == "mixed") return MeleeTarget::kMixedMelee;
  return MeleeTarget::kBayonet;
}

// §8.5 L654: woods, rough, a protective position (an objective zone's occupants, FD-49)
// or earthworks.
bool in_cover(const FdState& s, StandRef r) {
  const TerrainAt at = s.table().terrain_at(stand_at(s, r).rect.centre);
  for (TerrainClass c :
       {TerrainClass::kLightWoods, TerrainClass::kHeavyWoods, TerrainClass::kRough}) {
    if (at.has(c)) return true;
  }
  return protective_position(s, r);
}

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

Vec2 centre_of(const FdState& s, int u) { return unit_at(s, u).footprint().centre; }

std::pair<int, int> ordered(int a, int b) { return a < b ? std::pair{a, b} : std::pair{b, a}; }

bool contains_pair(const std::vector<std::pair<int, int>>& v, std::pair<int, int> p) {
  return std::find(v.begin(), v.end(), p) != v.end();
}

// What one round did to each unit in it.
struct RoundUnit {
  int unit = -1;
  std::vector<int> opponents;
  MeleeTally tally;
  MeleeStanding standing = MeleeStanding::kEngaged;
  bool tested = false;
  MoraleResult morale = MoraleResult::kPass;
  bool retreated = false;
};

// One round of `melees` (melee_phase.h fight_melees); returns each unit's part, force order,
// and the pairs still locked.
std::vector<RoundUnit> fight_round(FdState& s, const std::vector<Melee>& melees,
                                   const MeleeBook& book, Chance& dice, EventLog& log,
                                   const std::string& phase, int round,
                                   std::vector<std::pair<int, int>>& engaged) {
  std::vector<int> units;
  for (const Melee& m : melees) {
    if (!contains(units, m.charger)) units.push_back(m.charger);
    if (!contains(units, m.target)) units.push_back(m.target);
  }
  std::sort(units.begin(), units.end());
  auto index = [&](int u) {
    return static_cast<int>(std::find(units.begin(), units.end(), u) - units.begin());
  };
  std::vector<MeleeContact> contacts;
  for (const Melee& m : melees) contacts.push_back({index(m.charger), index(m.target), 0, 0});

  struct Blow {
    StandRef on;
    int hits = 0;
    int casualties = 0;
  };
  std::vector<Blow> blows;
  const std::string round_note = round > 1 ? fmt::format(" (round {}, FD-48)", round) : "";
  for (const MeleeDie& d : melee_dice(s, melees)) {
    const Melee& m = melees[z(d.melee)];
    RollRecord rec;
    const MeleeRoundResult r =
        resolve_melee(melee_situation(s, m, book, d.by, d.on), dice, record_for(log, rec));
    blows.push_back({d.on, r.hits, r.casualties});
    MeleeContact& c = contacts[z(d.melee)];
    (d.by.unit == m.charger ? c.hits_by_a : c.hits_by_b) += r.hits;
    if (counted_quietly(log, EventKind::kMelee)) continue;
    detail::log_melee_event(
        log, s, EventKind::kMelee, d.by.unit, d.on.unit, phase,
        fmt::format("{} stand {} strikes {} stand {}{}: {}", unit_at(s, d.by.unit).id, d.by.stand,
                    unit_at(s, d.on.unit).id, d.on.stand,
                    m.pursuit ? " in the pursuit melee (§8.2h)" : "", count_of(r.hits, "hit")) +
            round_note,
        {std::move(rec)});
  }
  // Hits land after every die is rolled (simultaneous, §8.2g).
  std::map<int, std::vector<int>> hit_counts;
  for (const Blow& b : blows) {
    std::vector<int>& v = hit_counts[b.on.unit];
    v.resize(unit_at(s, b.on.unit).stands.size(), 0);
    v[z(b.on.stand)] += b.hits;
  }
  for (const Blow& b : blows) {
    if (b.casualties > 0 && unit_at(s, b.on.unit).on_table()) {
      apply_hits(s, b.on.unit, b.on.stand, b.casualties, log, "melee");
    }
  }
  // §8.31 totals; losers test (FD-22; every unit under "all", §5.3b).
  const int n = static_cast<int>(units.size());
  const std::vector<MeleeTally> tallies = tally_melee(n, contacts);
  const std::vector<MeleeStanding> standing = melee_standings(tallies);
  std::vector<RoundUnit> out(z(n));
  std::vector<bool> retreated(z(n), false);
  const bool all_test = s.options.melee_morale == "all";
  for (int i = 0; i < n; ++i) {
    const int u = units[z(i)];
    RoundUnit& ru = out[z(i)];
    ru.unit = u;
    ru.tally = tallies[z(i)];
    ru.standing = standing[z(i)];
    // The opponent that dealt it the most hits (the cause of a flee), and every opponent.
    int worst = -1;
    int most = -1;
    for (const MeleeContact& c : contacts) {
      const int other = c.a == i ? c.b : (c.b == i ? c.a : -1);
      if (other < 0) continue;
      const int dealt = c.a == i ? c.hits_by_b : c.hits_by_a;
      if (dealt > most) most = dealt, worst = units[z(other)];
      if (!contains(ru.opponents, units[z(other)])) ru.opponents.push_back(units[z(other)]);
    }
    std::sort(ru.opponents.begin(), ru.opponents.end());
    bool passed = true;
    const bool loser = checks_morale_after_melee(ru.standing);
    if ((loser || all_test) && unit_at(s, u).on_table()) {
      std::vector<int>& counts = hit_counts[u];
      counts.resize(unit_at(s, u).stands.size(), 0);
      // FD-24: one stand tests, or (per-stand) each stand hit in turn until one fails.
      const std::vector<int> stands = testing_stands(s, u, counts);
      MoraleResult r = MoraleResult::kPass;
      for (std::size_t k = 0; k < stands.size(); ++k) {
        const int stand = stands[k];
        RollRecord rec;
        r = resolve_morale(morale_situation(s, u, stand), dice, record_for(log, rec));
        if (counted_quietly(log, EventKind::kMorale)) {
          if (r != MoraleResult::kPass) break;
          continue;
        }
        const MeleeTally& t = ru.tally;
        const std::string why =
            loser ? fmt::format("lost the melee, {} inflicted against {} received (§8.2f, §8.31)",
                                count_of(t.inflicted, "hit"), count_of(t.received, "hit"))
                  : fmt::format(
                        "{} the melee, {} inflicted against {} received, and every unit "
                        "in a melee tests (FD-22 \"all\", §5.3b)",
                        ru.standing == MeleeStanding::kWinner ? "won" : "drew",
                        count_of(t.inflicted, "hit"), count_of(t.received, "hit"));
        const std::string which =
            stands.size() > 1 ? fmt::format(" (stand {}, FD-24 per stand)", stand) : "";
        detail::log_melee_event(log, s, EventKind::kMorale, u, -1, phase,
                                fmt::format("{} {} and tests morale{}: {}", unit_at(s, u).id, why,
                                            which, morale_result_name(r)),
                                {std::move(rec)});
        if (r != MoraleResult::kPass) break;
      }
      if (!stands.empty()) {
        ru.tested = true;
        ru.morale = r;
        passed = r == MoraleResult::kPass;
        retreated[z(i)] = morale_retreats(r);
        apply_morale_result(s, u, r, centre_of(s, worst), false, log);
      }
    } else if (!loser) {
      const bool won = ru.standing == MeleeStanding::kWinner;
      detail::log_melee_event(
          log, s, EventKind::kMelee, u, -1, phase,
          fmt::format("{} {}, {} inflicted against {} received: no morale check ({}, FD-22)",
                      unit_at(s, u).id, won ? "wins the melee" : "is Engaged, hits equal",
                      count_of(ru.tally.inflicted, "hit"), count_of(ru.tally.received, "hit"),
                      won ? "§8.2f, §8.31" : "§8.18, §8.31"));
    }
    if (!unit_at(s, u).on_table() || s.units[z(u)].surrendered) retreated[z(i)] = true;
    ru.retreated = retreated[z(i)];
    commander_melee_check(s, u, passed, dice, log);  // §2.32: no-op without a commander
  }
  // §8.18: the pairs where neither side retreated stay locked.
  engaged.clear();
  for (const auto& [a, b] : engaged_after_melee(contacts, retreated)) {
    engaged.push_back(ordered(units[z(a)], units[z(b)]));
  }
  return out;
}

}  // namespace

// The situation of `me` fighting `them` (FD-46, FD-47, §8.5 modifiers).
MeleeSituation melee_situation(const FdState& s, const Melee& m, const MeleeBook& book, StandRef me,
                               StandRef them) {
  const Unit& u = unit_at(s, me.unit);
  const Unit& e = unit_at(s, them.unit);
  MeleeSituation sit;
  sit.stands = 1;
  sit.arm = mounted(u) ? MeleeArm::kCavalry : MeleeArm::kInfantry;
  sit.tactic = parse_cavalry_tactic(u.attribute_string("cavalry-tactic", "steel"))
                   .value_or(CavalryTactic::kSteel);
  if (u.arm == Arm::kArtillery) {
    sit.weapon = s.options.crew_melee_weapon == "bayonet" ? InfantryWeapon::kBayonet
                                                          : InfantryWeapon::kMixed;
  } else {
    sit.weapon = parse_infantry_weapon(u.attribute_string("melee-weapon", "bayonet"))
                     .value_or(InfantryWeapon::kBayonet);
  }
  sit.target = target_word(e);
  sit.engaged = m.engaged;
  sit.double_castings = stand_at(s, me).castings >= 2 * stand_at(s, them).castings;
  sit.higher_rating = s.units[z(me.unit)].rating > s.units[z(them.unit)].rating;
  sit.mmg_effect =
      s.options.melee_mmg_effect == "plus-one" ? MmgEffect::kPlusOne : MmgEffect::kDoubleCasualties;
  // FD-33: the enemy is holding (it did not charge) in cover.
  sit.target_holding_cover =
      s.options.cover_only_zero && !contains(book.charged, them.unit) && in_cover(s, them);
  sit.flank = m.flank && s.options.flank_bonus && me.unit == m.charger;
  return sit;
}

std::vector<MeleeDie> melee_dice(const FdState& s, const std::vector<Melee>& melees) {
  // Every (own stand, enemy stand, melee) contact, from both sides.
  struct Touch {
    StandRef mine;
    StandRef theirs;
    int melee;
  };
  std::vector<Touch> touches;
  std::vector<int> units;
  for (int i = 0; i < static_cast<int>(melees.size()); ++i) {
    const Melee& m = melees[z(i)];
    for (int u : {m.charger, m.target}) {
      if (!contains(units, u)) units.push_back(u);
    }
    for (const StandContact& c : m.contacts) {
      if (!live(stand_at(s, c.a)) || !live(stand_at(s, c.b))) continue;
      touches.push_back({c.a, c.b, i});
      touches.push_back({c.b, c.a, i});
    }
  }
  std::sort(units.begin(), units.end());
  const bool all_stands = s.options.melee_dice == "all-stands";
  std::vector<MeleeDie> out;
  auto squared = [&](StandRef a, StandRef b) {
    const Vec2 d = stand_at(s, a).rect.centre - stand_at(s, b).rect.centre;
    return d.dot(d);
  };
  for (int u : units) {
    const Unit& unit = unit_at(s, u);
    for (int st = 0; st < static_cast<int>(unit.stands.size()); ++st) {
      if (!live(unit.stands[z(st)])) continue;
      const StandRef me{u, st};
      const Touch* best = nullptr;
      // Its own contacts first; failing those (all-stands), any contact of its unit.
      for (int pass = 0; pass < 2 && best == nullptr; ++pass) {
        if (pass == 1 && !all_stands) break;
        for (const Touch& t : touches) {
          if (t.mine.unit != u || (pass == 0 && !(t.mine == me))) continue;
          if (best == nullptr || squared(me, t.theirs) < squared(me, best->theirs) - 1e-9) {
            best = &t;
          }
        }
      }
      if (best != nullptr) out.push_back({me, best->theirs, best->melee});
    }
  }
  return out;
}

const MeleeFighter* MeleeStep::fighter(int unit) const {
  for (const MeleeFighter& f : fighters) {
    if (f.unit == unit) return &f;
  }
  return nullptr;
}

MeleeStep fight_melees(FdState& s, std::vector<Melee> melees, const MeleeBook& book, Chance& dice,
                       EventLog& log, const std::string& phase) {
  MeleeStep step;
  const int rounds = std::max(1, s.options.melee_rounds);
  for (int round = 1; round <= rounds && !melees.empty(); ++round) {
    std::vector<std::pair<int, int>> engaged;
    const std::vector<RoundUnit> part =
        fight_round(s, melees, book, dice, log, phase, round, engaged);
    step.rounds = round;
    for (const RoundUnit& r : part) {
      auto it = std::find_if(step.fighters.begin(), step.fighters.end(),
                             [&](const MeleeFighter& f) { return f.unit == r.unit; });
      if (it == step.fighters.end()) {
        MeleeFighter f;
        f.unit = r.unit;
        f.opponents = r.opponents;
        f.first_round = r.tally;
        step.fighters.push_back(f);
        it = step.fighters.end() - 1;
      }
      it->standing = r.standing;
      if (r.tested) {
        it->tested = true;
        it->morale = r.morale;
      }
      it->retreated = it->retreated || r.retreated;
      ++it->rounds;
    }
    step.engaged = engaged;
    // FD-48: another round only for the pairs still locked and in contact (§8.18), in the
    // Engaged column (§8.45).
    std::vector<Melee> next;
    for (const Melee& m : melees) {
      if (!contains_pair(engaged, ordered(m.charger, m.target))) continue;
      Melee again = m;
      again.engaged = true;
      again.contacts = stand_contacts(s, m.charger, m.target);
      if (!again.contacts.empty()) next.push_back(std::move(again));
    }
    if (round < rounds) {
      for (const Melee& m : next) {
        detail::log_melee_event(
            log, s, EventKind::kMelee, m.charger, m.target, phase,
            fmt::format("{} and {}: neither side broke, round {} follows in "
                        "the Engaged column (FD-48, §8.45)",
                        unit_at(s, m.charger).id, unit_at(s, m.target).id, round + 1));
      }
    }
    // Pairs that lost contact are no longer locked.
    if (round < rounds) {
      std::vector<std::pair<int, int>> kept;
      for (const Melee& m : next) kept.push_back(ordered(m.charger, m.target));
      step.engaged = kept;
    }
    melees = std::move(next);
  }
  std::sort(step.fighters.begin(), step.fighters.end(),
            [](const MeleeFighter& a, const MeleeFighter& b) { return a.unit < b.unit; });
  std::sort(step.engaged.begin(), step.engaged.end());
  return step;
}

}  // namespace smoothbore::fire_and_discipline
