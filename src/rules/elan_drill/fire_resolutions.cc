// Small arms (§7, L127-L141, L197-L211, R-001-5, R-001-7) and canister (§8.2, L151-L161,
// L213-L215): one D12 per die against the to-hit factor; each success is a hit.
#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/dice/face_count.h"

#include "rules/elan_drill/fire_util.h"
#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill/situations.h"

namespace smoothbore::elan_drill {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

Outcome hits_outcome(int hits) { return {{"hits", int_value(hits)}}; }

// A pool's hits and natural 12s (FireOutcome).
FireOutcome pool_outcome(const PoolResult& pool) {
  return {hits_outcome(pool.successes), pool.natural_12s};
}

std::vector<std::string> keys_of(std::string_view table_name) {
  std::vector<std::string> out;
  for (const Row& r : table(table_name).rows) out.push_back(r.key);
  return out;
}

// Puts `key` first (the default of a choice).
std::vector<std::string> with_default(std::vector<std::string> keys, const std::string& key) {
  std::erase(keys, key);
  keys.insert(keys.begin(), key);
  return keys;
}

// A small-arms shot (§7): the weapon, the fire type it uses, the to-hit factor with its
// modifiers, and the dice; it does not fire beyond long range or with a weapon that may not
// be fired mounted (L141).
struct SmallArmsShot {
  const Row* weapon = nullptr;
  const Row* fire = nullptr;
  Factor factor;
  Band band = Band::kClose;
  int figures = 0;
  int dice = 0;
  bool fires = true;
  std::string notes;  // named only
};

SmallArmsShot small_arms_shot(const SmallArmsSituation& s, bool named) {
  static const Row& kPlatoon = row("fire.fire_types", "platoon");
  static const FactorRow kCarbineMounted(row("fire.small_arms_modifiers", "carbine-mounted"));
  static const FactorRow kTwoRankLine(row("fire.small_arms_modifiers", "two-rank-line"));
  static const FactorRow kFirstFire(row("fire.small_arms_modifiers", "first-fire"));
  static const FactorRow kLongRange(general_modifier("long-range"));
  static const FactorRow kGeneralCarbine(general_modifier("carbine-mounted"));
  static const FactorRow kGeneralTwoRank(general_modifier("two-rank-line"));
  const Row& weapon = *s.weapon;
  const WeaponColumns w = weapon_columns(weapon);
  const Row* fire = s.fire;
  std::string notes;
  if (w.platoon_only && fire != &kPlatoon) {
    fire = &kPlatoon;
    if (named) notes += fmt::format("; rifles must always use platoon fire ({})", weapon.ref);
  }
  Factor f(s.skill, "musketry skill (R-001-5, D12-10)", named);
  const int close = w.close;
  const bool no_close = close == 0;
  Band band = band_of(s.range, close, w.long_range);
  if (no_close && band == Band::kClose) band = Band::kLong;
  if (band == Band::kLong && !(no_close && s.pistol_no_penalty)) {
    f.add(kLongRange);
  }
  if (s.mounted && w.carbine) {
    f.add(kGeneralCarbine);
    if (s.duplicates_twice) f.add(kCarbineMounted);
  }
  if (s.two_rank_line) {
    f.add(kGeneralTwoRank);
    if (s.duplicates_twice) f.add(kTwoRankLine);
  }
  if (s.first_fire) f.add(kFirstFire);
  apply_general_fire_modifiers(s.general, f);
  int dice = s.figures;
  if (fires_half(*fire)) dice = s.platoon_round_up ? (s.figures + 1) / 2 : s.figures / 2;
  const bool fires = band != Band::kOut && !(s.mounted && !w.mounted);
  return {&weapon, fire, std::move(f), band, s.figures, dice, fires, std::move(notes)};
}

}  // namespace

SmallArmsSituation small_arms_situation(const Params& p) {
  SmallArmsSituation s;
  s.weapon = &row("fire.weapons", p.get_string("weapon"));
  s.fire = &row("fire.fire_types", p.get_string("fire"));
  s.figures = int_of(p, "figures");
  s.skill = int_of(p, "skill");
  s.range = p.get_number("range");
  s.mounted = p.get_bool("mounted");
  s.two_rank_line = p.get_bool("two-rank-line");
  s.first_fire = p.get_bool("first-fire");
  s.general = fire_modifiers(p);
  s.platoon_round_up = p.get_string("platoon-rounding") == "up";
  s.pistol_no_penalty = p.get_string("pistol-range") == "no-penalty";
  s.duplicates_twice = p.get_string("duplicates") == "twice";
  return s;
}

std::map<std::string, Value> small_arms_params(const SmallArmsSituation& s) {
  std::map<std::string, Value> p = {
      {"weapon", text_value(s.weapon->key)},
      {"fire", text_value(s.fire->key)},
      {"figures", int_value(s.figures)},
      {"skill", int_value(s.skill)},
      {"range", Value(s.range)},
      {"mounted", Value(s.mounted)},
      {"two-rank-line", Value(s.two_rank_line)},
      {"first-fire", Value(s.first_fire)},
      {"platoon-rounding", text_value(s.platoon_round_up ? "up" : "down")},
      {"pistol-range", text_value(s.pistol_no_penalty ? "no-penalty" : "always-long")},
      {"duplicates", text_value(s.duplicates_twice ? "twice" : "once")}};
  add_fire_modifier_params(s.general, p);
  return p;
}

PoolDice small_arms_pool(const SmallArmsSituation& s) {
  const SmallArmsShot shot = small_arms_shot(s, false);
  return {shot.fires ? shot.dice : 0, shot.factor.total()};
}

PoolDice small_arms_pool(const Params& p) { return small_arms_pool(small_arms_situation(p)); }

FireOutcome roll_small_arms(const SmallArmsSituation& s, Chance& c,
                            std::vector<RollRecord>* explain) {
  return with_record(explain, [&](RollRecord* rec) -> FireOutcome {
    const SmallArmsShot shot = small_arms_shot(s, rec != nullptr);
    shot.factor.record(rec, "small arms");
    if (!shot.fires) {
      if (rec != nullptr) {
        const Row& weapon = *shot.weapon;
        rec->result =
            shot.band == Band::kOut
                ? fmt::format("no fire: {:g}\" is beyond the {}'s long range {}\" ({})", s.range,
                              weapon.key, weapon.number("long"), weapon.ref)
                : fmt::format("no fire: a {} may not be fired mounted (L141)", weapon.key);
      }
      return {hits_outcome(0)};
    }
    const PoolResult pool = roll_pool(shot.dice, shot.factor.total(), c, rec);
    if (rec != nullptr) {
      rec->result = fmt::format("{} hit{} from {}d12 vs {} ({} of {} figures, {}; {} range){}",
                                pool.successes, pool.successes == 1 ? "" : "s", shot.dice,
                                shot.factor.total(), shot.fire->key, shot.figures, shot.fire->ref,
                                band_name(shot.band), shot.notes);
    }
    return pool_outcome(pool);
  });
}

Resolution small_arms_resolution() {
  Resolution r;
  r.name = "small-arms";
  r.help = "small-arms fire: one D12 per firing figure vs the musketry skill; successes hit";
  r.ref = "L127-L141, L195-L211, R-001-5, R-001-7, D12-10, D12-37";
  r.params = {
      choice("weapon", with_default(keys_of("fire.weapons"), "musket"), "the firers' weapon",
             "L135-L139"),
      choice("fire", with_default(keys_of("fire.fire_types"), "volley"),
             "platoon fire (½ the figures), battalion volley or skirmish order (all)", "L129-L131"),
      count("figures", 20, 1, 60, "eligible figures (front two ranks in line of fire)", "D12-11"),
      count("skill", 5, 0, 12, "musketry skill (proposed: Veteran 6, Steady 5, Conscript 4)",
            "R-001-5, D12-10"),
      inches("range", 6, 30, "range in inches (close and long bands, upper limits inclusive)",
             "L135-L139, L199"),
      flag("mounted", "firing while mounted (pistol and carbine only; carbine -2)",
           "L141, L202, L209"),
      flag("two-rank-line", "infantry in formed two-rank line (+1)", "L203, L211"),
      flag("first-fire", "first fire by formed infantry (+1)", "L210, D12-26"),
  };
  add_general_fire_params(r.params);
  r.params.push_back(choice("platoon-rounding", {"up", "down"},
                            "platoon fire: ½ the figures rounded up, or down", "D12-37"));
  r.params.push_back(choice("pistol-range", {"always-long", "no-penalty"},
                            "the pistol has no close band: always long (-2), or no penalty",
                            "R-001-5"));
  r.params.push_back(choice("duplicates", {"once", "twice"},
                            "modifiers printed in both lists apply once, or twice", "R-001-7"));
  r.outcome_fields = {"hits"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return roll_small_arms(small_arms_situation(p), c, explain).fields;
  };
  // Enumerated: the parameters and the to-hit factor read once, not on each path. A shot
  // that does not fire is a pool of no dice (small_arms_pool): no chance node, no hits.
  r.prepare = [](const Params& p) -> std::function<Outcome(Chance&)> {
    const PoolDice pool = small_arms_pool(small_arms_situation(p));
    return [pick = FaceCountPick(pool.dice, kSides, success_faces(pool.factor))](Chance& c) {
      return hits_outcome(pick(c));
    };
  };
  return r;
}

namespace detail {

CanisterShot canister_shot(const ShotSituation& s, bool named) {
  static const FactorRow kHowitzer(row("fire.canister_modifiers", "howitzer"));
  static const FactorRow kLongRange(general_modifier("long-range"));
  static const Table& kCanister = table("fire.canister");
  const Row& gun = kCanister.row(s.gun);
  Factor f(s.gunnery, "Gunnery Skill (L155, D12-02)", named);
  const Band band = band_of(s.range, gun.number("short"), gun.number("long"));
  if (band == Band::kLong) f.add(kLongRange);
  if (s.howitzer) f.add(kHowitzer);
  apply_general_fire_modifiers(s.general, f);
  return {&gun, std::move(f), band};
}

FireOutcome roll_canister(const ShotSituation& s, Chance& c, std::vector<RollRecord>* explain) {
  return with_record(explain, [&](RollRecord* rec) -> FireOutcome {
    const CanisterShot shot = canister_shot(s, rec != nullptr);
    const Row& gun = *shot.gun;
    const Factor& f = shot.factor;
    f.record(rec, "canister");
    if (shot.band == Band::kOut) {
      if (rec != nullptr) {
        rec->result = fmt::format("no fire: {:g}\" is beyond long range {}\" ({})", s.range,
                                  gun.number("long"), gun.ref);
      }
      return {hits_outcome(0)};
    }
    const PoolResult pool = roll_pool(gun.number("dice"), f.total(), c, rec);
    if (rec != nullptr) {
      rec->result = fmt::format("{} hit{} from {}d12 vs {} ({}, {} range)", pool.successes,
                                pool.successes == 1 ? "" : "s", gun.number("dice"), f.total(),
                                gun.ref, band_name(shot.band) == "close" ? "short" : "long");
    }
    return pool_outcome(pool);
  });
}

}  // namespace detail

Resolution canister_resolution() {
  Resolution r;
  r.name = "canister";
  r.help = "artillery canister: the gun class's dice vs Gunnery Skill; successes hit";
  r.ref = "L151-L161, L197-L205, L213-L215, R-001-5";
  r.params = {
      choice("gun", with_default(keys_of("fire.canister"), "medium"),
             "gun class: heavy (10 pdr+), medium (8, 9 pdr), light (6 pdr), ultra-light (3, 4 pdr)",
             "L158-L161"),
      count("gunnery", 6, 0, 12, "Gunnery Skill (proposed: Veteran 7, Steady 6, Conscript 5)",
            "L155, D12-02"),
      inches("range", 6, 30, "range in inches (short and long bands, upper limits inclusive)",
             "L157-L161"),
      flag("howitzer", "a howitzer firing canister (+1)", "L215"),
  };
  add_general_fire_params(r.params);
  r.outcome_fields = {"hits"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return roll_shot(shot_situation(Shot::kCanister, p), c, explain).fields;
  };
  return r;
}

}  // namespace smoothbore::elan_drill
