// Small arms (§7, L127-L141, L197-L211, R-001-5, R-001-7) and canister (§8.2, L151-L161,
// L213-L215): one D12 per die against the to-hit factor; each success is a hit.
#include <string>
#include <utility>

#include <fmt/format.h>

#include "rules/elan_drill/fire_util.h"
#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/resolutions.h"

namespace smoothbore::elan_drill {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

Outcome hits_outcome(int hits) { return {{"hits", int_value(hits)}}; }

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

SmallArmsShot small_arms_shot(const Params& p, bool named) {
  const Row& weapon = row("fire.weapons", p.get_string("weapon"));
  std::string fire_type = p.get_string("fire");
  std::string notes;
  if (weapon.flag("platoon_only") && fire_type != "platoon") {
    fire_type = "platoon";
    if (named) notes += fmt::format("; rifles must always use platoon fire ({})", weapon.ref);
  }
  const Row& fire = row("fire.fire_types", fire_type);
  Factor f(int_of(p, "skill"), "musketry skill (R-001-5, D12-10)", named);
  const double range = p.get_number("range");
  const bool no_close = weapon.number("close") == 0;
  Band band = band_of(range, weapon.number("close"), weapon.number("long"));
  if (no_close && band == Band::kClose) band = Band::kLong;
  if (band == Band::kLong && !(no_close && p.get_string("pistol-range") == "no-penalty")) {
    f.add(general_modifier("long-range"));
  }
  const bool twice = p.get_string("duplicates") == "twice";
  const bool mounted = p.get_bool("mounted");
  if (mounted && weapon.key == "carbine") {
    f.add(general_modifier("carbine-mounted"));
    if (twice) f.add(row("fire.small_arms_modifiers", "carbine-mounted"));
  }
  if (p.get_bool("two-rank-line")) {
    f.add(general_modifier("two-rank-line"));
    if (twice) f.add(row("fire.small_arms_modifiers", "two-rank-line"));
  }
  if (p.get_bool("first-fire")) f.add(row("fire.small_arms_modifiers", "first-fire"));
  apply_general_fire_modifiers(p, f);
  const int figures = int_of(p, "figures");
  int dice = figures;
  if (fire.flag("half")) {
    dice = p.get_string("platoon-rounding") == "up" ? (figures + 1) / 2 : figures / 2;
  }
  const bool fires = band != Band::kOut && !(mounted && !weapon.flag("mounted"));
  return {&weapon, &fire, std::move(f), band, figures, dice, fires, std::move(notes)};
}

}  // namespace

PoolDice small_arms_pool(const Params& p) {
  const SmallArmsShot shot = small_arms_shot(p, false);
  return {shot.fires ? shot.dice : 0, shot.factor.total()};
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
    return with_record(explain, [&](RollRecord* rec) {
      const SmallArmsShot shot = small_arms_shot(p, rec != nullptr);
      shot.factor.record(rec, "small arms");
      if (!shot.fires) {
        if (rec != nullptr) {
          const Row& weapon = *shot.weapon;
          rec->result =
              shot.band == Band::kOut
                  ? fmt::format("no fire: {:g}\" is beyond the {}'s long range {}\" ({})",
                                p.get_number("range"), weapon.key, weapon.number("long"),
                                weapon.ref)
                  : fmt::format("no fire: a {} may not be fired mounted (L141)", weapon.key);
        }
        return hits_outcome(0);
      }
      const PoolResult pool = roll_pool(shot.dice, shot.factor.total(), c, rec);
      if (rec != nullptr) {
        rec->result = fmt::format("{} hit{} from {}d12 vs {} ({} of {} figures, {}; {} range){}",
                                  pool.successes, pool.successes == 1 ? "" : "s", shot.dice,
                                  shot.factor.total(), shot.fire->key, shot.figures, shot.fire->ref,
                                  band_name(shot.band), shot.notes);
      }
      return hits_outcome(pool.successes);
    });
  };
  return r;
}

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
    return with_record(explain, [&](RollRecord* rec) {
      const Row& gun = row("fire.canister", p.get_string("gun"));
      Factor f(int_of(p, "gunnery"), "Gunnery Skill (L155, D12-02)");
      const double range = p.get_number("range");
      const Band band = band_of(range, gun.number("short"), gun.number("long"));
      if (band == Band::kLong) f.add(general_modifier("long-range"));
      if (p.get_bool("howitzer")) f.add(row("fire.canister_modifiers", "howitzer"));
      apply_general_fire_modifiers(p, f);
      f.record(rec, "canister");
      if (band == Band::kOut) {
        if (rec != nullptr) {
          rec->result = fmt::format("no fire: {:g}\" is beyond long range {}\" ({})", range,
                                    gun.number("long"), gun.ref);
        }
        return hits_outcome(0);
      }
      const PoolResult pool = roll_pool(gun.number("dice"), f.total(), c, rec);
      if (rec != nullptr) {
        rec->result = fmt::format("{} hit{} from {}d12 vs {} ({}, {} range)", pool.successes,
                                  pool.successes == 1 ? "" : "s", gun.number("dice"), f.total(),
                                  gun.ref, band_name(band) == "close" ? "short" : "long");
      }
      return hits_outcome(pool.successes);
    });
  };
  return r;
}

}  // namespace smoothbore::elan_drill
