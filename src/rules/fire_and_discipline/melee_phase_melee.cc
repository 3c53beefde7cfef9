// Phase VII of melee_phase.h: one round of every melee, the §8.31 totals and the losers'
// morale. Split from melee_phase.cc (charges) for size.
#include <algorithm>
#include <map>

#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {
namespace {

std::size_t z(int i) { return static_cast<std::size_t>(i); }
const Unit& unit_at(const FdState& s, int u) { return s.force.units[z(u)]; }
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

bool fought_already(const MeleeBook& book, int a, int b) {
  return std::any_of(book.fought.begin(), book.fought.end(), [&](const auto& p) {
    return (p.first == a && p.second == b) || (p.first == b && p.second == a);
  });
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

void resolve_melees(FdState& s, MeleeBook& book, Chance& dice, EventLog& log) {
  // Engaged melees from earlier turns (§8.45) fight again in the Engaged column.
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    for (int o : s.units[z(u)].engaged_with) {
      if (o < u) continue;
      const bool known = std::any_of(book.melees.begin(), book.melees.end(), [&](const Melee& m) {
        return (m.charger == u && m.target == o) || (m.charger == o && m.target == u);
      });
      if (known || !book.add_engaged || fought_already(book, u, o) || !unit_at(s, u).on_table() ||
          !unit_at(s, o).on_table()) {
        continue;
      }
      Melee m;
      m.charger = u;
      m.target = o;
      m.engaged = true;
      m.contacts = stand_contacts(s, u, o);
      if (!m.contacts.empty()) book.melees.push_back(std::move(m));
    }
  }
  if (book.melees.empty()) return;

  // Units in melee, numbered for tally_melee.
  std::vector<int> units;
  auto index = [&](int u) {
    auto it = std::find(units.begin(), units.end(), u);
    if (it != units.end()) return static_cast<int>(it - units.begin());
    units.push_back(u);
    return static_cast<int>(units.size()) - 1;
  };
  struct Blow {
    StandRef by;
    StandRef on;
    int hits = 0;
    int casualties = 0;
  };
  std::vector<MeleeContact> contacts;
  std::vector<Blow> blows;
  for (const Melee& m : book.melees) {
    MeleeContact c{index(m.charger), index(m.target), 0, 0};
    // FD-46: one die per contacting stand, against the (first) stand it touches.
    std::vector<std::pair<StandRef, StandRef>> dice_of;
    for (const StandContact& sc : m.contacts) {
      auto rolled = [&](StandRef r) {
        return std::any_of(dice_of.begin(), dice_of.end(),
                           [&](const auto& p) { return p.first == r; });
      };
      if (!rolled(sc.a)) dice_of.emplace_back(sc.a, sc.b);
      if (!rolled(sc.b)) dice_of.emplace_back(sc.b, sc.a);
    }
    for (const auto& [me, them] : dice_of) {
      RollRecord rec;
      const MeleeRoundResult r = resolve_melee(melee_situation(s, m, book, me, them), dice, &rec);
      blows.push_back({me, them, r.hits, r.casualties});
      (me.unit == m.charger ? c.hits_by_a : c.hits_by_b) += r.hits;
      Event e;
      e.kind = EventKind::kMelee;
      e.turn = s.turn;
      e.phase = "VII melee";
      e.unit = unit_at(s, me.unit).id;
      e.target = unit_at(s, them.unit).id;
      e.text = e.unit + " stand " + std::to_string(me.stand) + " strikes " + e.target + " stand " +
               std::to_string(them.stand) + ": " + std::to_string(r.hits) + " hits";
      e.rolls.push_back(std::move(rec));
      log.append(std::move(e));
    }
    contacts.push_back(c);
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
  // §8.31 totals; losers test (FD-22).
  const int n = static_cast<int>(units.size());
  const std::vector<MeleeStanding> standing = melee_standings(tally_melee(n, contacts));
  std::vector<bool> retreated(z(n), false);
  for (int i = 0; i < n; ++i) {
    const int u = units[z(i)];
    bool passed = standing[z(i)] != MeleeStanding::kLoser;
    if (standing[z(i)] == MeleeStanding::kLoser && unit_at(s, u).on_table()) {
      // The cause: the opponent that dealt it the most hits.
      int winner = -1;
      int most = -1;
      for (const MeleeContact& c : contacts) {
        if (c.a == i && c.hits_by_b > most) most = c.hits_by_b, winner = units[z(c.b)];
        if (c.b == i && c.hits_by_a > most) most = c.hits_by_a, winner = units[z(c.a)];
      }
      std::vector<int>& counts = hit_counts[u];
      counts.resize(unit_at(s, u).stands.size(), 0);
      const int stand = testing_stand(s, u, counts);
      if (stand >= 0) {
        RollRecord rec;
        const MoraleResult r = resolve_morale(morale_situation(s, u, stand), dice, &rec);
        Event e;
        e.kind = EventKind::kMorale;
        e.turn = s.turn;
        e.phase = "VII melee";
        e.unit = unit_at(s, u).id;
        e.text = e.unit +
                 " lost the melee and tests morale (FD-22): " + std::string(morale_result_name(r));
        e.rolls.push_back(std::move(rec));
        log.append(std::move(e));
        passed = r == MoraleResult::kPass;
        retreated[z(i)] = morale_retreats(r);
        apply_morale_result(s, u, r, centre_of(s, winner), false, log);
      }
    }
    if (!unit_at(s, u).on_table()) retreated[z(i)] = true;
    commander_melee_check(s, u, passed, dice, log);  // §2.32: no-op without a commander
  }
  // §8.18: the pairs still locked are Engaged next turn.
  for (int u : units) s.units[z(u)].engaged_with.clear();
  for (const auto& [a, b] : engaged_after_melee(contacts, retreated)) {
    const int ua = units[z(a)];
    const int ub = units[z(b)];
    if (!contains(s.units[z(ua)].engaged_with, ub)) s.units[z(ua)].engaged_with.push_back(ub);
    if (!contains(s.units[z(ub)].engaged_with, ua)) s.units[z(ub)].engaged_with.push_back(ua);
  }
}

}  // namespace smoothbore::fire_and_discipline
