// Solid shot (§8.1, L143-L149, L218-L223, R-001-6, D12-13, D12-35) and shell / shrapnel
// (§8.3, L163-L175, R-001-5, D12-14, D12-33): D12 to hit vs Gunnery Skill.
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "rules/elan_drill/fire_util.h"
#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/resolutions.h"

namespace smoothbore::elan_drill {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// A target as a player names it, and the solid-shot row D12-35 puts it in.
struct SolidShotTarget {
  const char* name;
  const char* row;
};
constexpr SolidShotTarget kTargets[] = {
    {"line", "line-or-march-column-flank"},
    {"march-column-flank", "line-or-march-column-flank"},
    {"unlimbered-artillery", "unlimbered-artillery"},
    {"attack-column", "column-or-limbered"},
    {"wide-column", "column-or-limbered"},
    {"limbered-artillery", "column-or-limbered"},
    {"line-flank", "other"},
    {"building", "other"},
    {"square", "other"},
    {"closed-column", "other"},
    {"march-column", "other"},
    {"cavalry", "other"},
    {"skirmishers", "other"},
    {"other", "other"},
};

std::vector<std::string> target_names() {
  std::vector<std::string> out;
  for (const SolidShotTarget& t : kTargets) out.emplace_back(t.name);
  return out;
}

const Row& target_row(const std::string& name) {
  for (const SolidShotTarget& t : kTargets) {
    if (name == t.name) return row("fire.solid_shot", t.row);
  }
  return row("fire.solid_shot", "other");
}

// The Ball list's gun-class modifier (L220-L222); medium guns have none.
void add_class_modifier(const std::string& gun, Factor& f) {
  if (const Row* m = table("fire.ball_modifiers").find(gun)) f.add(*m);
}

// Maximum range: the `max-range` parameter, or 0 for the class's proposed one (D12-13).
double max_range(const Params& p, const std::string& gun) {
  const double given = p.get_number("max-range");
  return given > 0 ? given : row("fire.artillery_ranges", gun).number("solid_shot_max");
}

void add_range_params(std::vector<ParamSpec>& ps, double def_range) {
  ps.push_back(inches("range", def_range, 100, "range in inches", "D12-13"));
  ps.push_back(inches("max-range", 0, 100,
                      "solid-shot maximum range (0 = the class's: heavy 60\", medium 48\", "
                      "light 40\", ultra-light 32\")",
                      "D12-13"));
  ps.push_back(number_param("long-fraction", 0.5, 0, 1,
                            "long range (-2) beyond this fraction of the maximum", "D12-13"));
}

std::string hits_text(int hits, int dice, int factor) {
  return fmt::format("{} hit{} from {}d12 vs {}", hits, hits == 1 ? "" : "s", dice, factor);
}

}  // namespace

Resolution solid_shot_resolution() {
  std::vector<std::string> guns;
  for (const Row& r : table("fire.artillery_ranges").rows) guns.push_back(r.key);
  std::rotate(guns.begin(), guns.begin() + 1, guns.begin() + 2);  // medium first (default)
  Resolution r;
  r.name = "solid-shot";
  r.help =
      "solid shot (ball): dice by the target's situation vs Gunnery Skill; the ball goes "
      "on through up to three units behind";
  r.ref = "L143-L149, L197-L205, L218-L223, R-001-5, R-001-6, D12-13, D12-35";
  r.params = {
      choice("gun", guns, "gun class: heavy (+1), medium, light (-1), ultra-light (-2)",
             "L218-L222, D12-34"),
      count("gunnery", 6, 0, 12, "Gunnery Skill (proposed: Veteran 7, Steady 6, Conscript 5)",
            "R-001-5, D12-02"),
      choice("target", target_names(),
             "the target's situation: line 2D, unlimbered guns 1D, columns and limbered guns "
             "4D, all others (flank of line, building, square, closed column, cavalry) 6D",
             "L146-L149, D12-35"),
      count("further-targets", 0, 0, 3, "units within 4\" behind the target along the line",
            "L223, R-001-6"),
      choice("further-target", target_names(), "the situation of the units behind",
             "L146-L149, R-001-6"),
      choice("further-mode", {"cumulative", "flat", "none"},
             "further targets at -1, -2, -3; at -1 each; or the ball stops", "R-001-6"),
      count("target-number", 1, 1, 4,
            "which unit along the line of fire `target` is (1 = the first; 2 = the first "
            "unit behind it, at -1, ...), when the units behind are rolled one by one",
            "L223, R-001-6"),
  };
  add_range_params(r.params, 24);
  add_general_fire_params(r.params);
  r.outcome_fields = {"hits", "hits-2nd", "hits-3rd", "hits-4th"};
  r.resolve = [](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    const std::string& gun = p.get_string("gun");
    const double range = p.get_number("range");
    const double max = max_range(p, gun);
    Factor base(int_of(p, "gunnery"), "Gunnery Skill (R-001-5, D12-02)");
    if (range > max * p.get_number("long-fraction")) base.add(general_modifier("long-range"));
    add_class_modifier(gun, base);
    apply_general_fire_modifiers(fire_modifiers(p), base);
    Outcome out = {{"hits", int_value(0)},
                   {"hits-2nd", int_value(0)},
                   {"hits-3rd", int_value(0)},
                   {"hits-4th", int_value(0)}};
    if (range > max) {
      with_record(explain, [&](RollRecord* rec) {
        base.record(rec, "solid shot");
        if (rec != nullptr) {
          rec->result =
              fmt::format("no fire: {:g}\" is beyond the maximum {:g}\" (D12-13)", range, max);
        }
        return 0;
      });
      return out;
    }
    const std::string& mode = p.get_string("further-mode");
    const int further = mode == "none" ? 0 : int_of(p, "further-targets");
    const Row& each = row("fire.ball_modifiers", "each-further-target");
    const int first = int_of(p, "target-number") - 1;  // units already passed through
    if (first > 0 && mode == "none") return out;       // R-001-6: the ball stops
    for (int i = 0; i <= further; ++i) {
      const Row& target = target_row(p.get_string(i == 0 ? "target" : "further-target"));
      Factor f = base;
      if (const int n = first + i; n > 0) {
        const int times = mode == "cumulative" ? n : 1;
        const int value = std::max(each.number("value") * times, each.number("max_total"));
        f.add(fmt::format("{} (target {})", each.name, n + 1), value, each.ref);
      }
      const int hits = with_record(explain, [&](RollRecord* rec) {
        f.record(rec, i == 0 ? "solid shot" : "solid shot, further target");
        const PoolResult pool = roll_pool(target.number("dice"), f.total(), c, rec);
        if (rec != nullptr) {
          rec->result = fmt::format("{} ({}: {})", hits_text(pool.successes, pool.dice, f.total()),
                                    target.name, target.ref);
        }
        return pool.successes;
      });
      out[static_cast<std::size_t>(i)].second = int_value(hits);
    }
    return out;
  };
  return r;
}

namespace {

Resolution howitzer_resolution(bool shrapnel) {
  const char* kind = shrapnel ? "shrapnel" : "shell";
  Resolution r;
  r.name = kind;
  r.help = fmt::format(
      "{}: one D12 to hit vs Gunnery Skill, then the {} dice vs Gunnery Skill; a miss rolls "
      "against each unit within 4\"",
      kind, kind);
  r.ref = "L163-L175, L197-L205, R-001-5, D12-14, D12-33";
  r.params = {
      choice("gun", {"medium", "heavy", "light"}, "howitzer/gun class", "L170-L172"),
      count("gunnery", 6, 0, 12, "Gunnery Skill (proposed: Veteran 7, Steady 6, Conscript 5)",
            "L165, D12-02"),
      count("nearby-units", 1, 0, 4, "other units (friend or foe) within 4\" of the target",
            "L175, R-001-5"),
      choice("scatter", {"each-unit", "nearest-unit"},
             "a miss rolls against each unit within 4\", or only the nearest", "R-001-5"),
      bool_param("class-modifiers", true, "the Ball list's gun-class modifiers apply to the to-hit",
                 "D12-33"),
  };
  add_range_params(r.params, 20);
  if (shrapnel) {
    r.params.push_back(number_param("shrapnel-fraction", 0.5, 0, 1,
                                    "shrapnel maximum as a fraction of the solid-shot maximum",
                                    "D12-14"));
  } else {
    r.params.push_back(inches("min-range", 6, 30, "shell cannot fire under this range", "D12-14"));
  }
  add_general_fire_params(r.params);
  r.outcome_fields = {"target-hit", "hits", "nearby-units-hit", "nearby-hits"};
  r.resolve = [shrapnel, kind](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    const std::string& gun = p.get_string("gun");
    const Row& effect = row("fire.shell_shrapnel", gun);
    const int effect_dice = effect.number(kind);
    const double range = p.get_number("range");
    double max = max_range(p, gun);
    const double min = shrapnel ? 0 : p.get_number("min-range");
    if (shrapnel) max *= p.get_number("shrapnel-fraction");
    Factor to_hit(int_of(p, "gunnery"), "Gunnery Skill (L165, D12-02)");
    if (range > max * p.get_number("long-fraction")) to_hit.add(general_modifier("long-range"));
    if (p.get_bool("class-modifiers")) add_class_modifier(gun, to_hit);
    apply_general_fire_modifiers(fire_modifiers(p), to_hit);
    Outcome out = {{"target-hit", Value(false)},
                   {"hits", int_value(0)},
                   {"nearby-units-hit", int_value(0)},
                   {"nearby-hits", int_value(0)}};
    if (range > max || range < min) {
      with_record(explain, [&](RollRecord* rec) {
        to_hit.record(rec, kind);
        if (rec != nullptr) {
          rec->result =
              fmt::format("no fire: {:g}\" is outside {:g}\"-{:g}\" (D12-14)", range, min, max);
        }
        return 0;
      });
      return out;
    }
    // L165-L173: the to-hit die, then on a hit the effect dice vs the unmodified skill.
    auto shot = [&](const char* purpose) -> std::pair<bool, int> {
      const bool hit = with_record(explain, [&](RollRecord* rec) {
        to_hit.record(rec, purpose);
        const bool h = roll_pool(1, to_hit.total(), c, rec).successes == 1;
        if (rec != nullptr) rec->result = h ? "hit (L165)" : "miss (L165)";
        return h;
      });
      if (!hit) return {false, 0};
      const int hits = with_record(explain, [&](RollRecord* rec) {
        start_record(rec, fmt::format("{} effect", kind), int_of(p, "gunnery"),
                     "Gunnery Skill (L167)");
        const PoolResult pool = roll_pool(effect_dice, int_of(p, "gunnery"), c, rec);
        if (rec != nullptr) {
          rec->result = fmt::format("{} ({} {})",
                                    hits_text(pool.successes, effect_dice, int_of(p, "gunnery")),
                                    effect.name, effect.ref);
        }
        return pool.successes;
      });
      return {true, hits};
    };
    const auto [hit, hits] = shot(kind);
    out[0].second = Value(hit);
    out[1].second = int_value(hits);
    if (!hit) {  // L175: "If missed, roll for any units within 4""
      int units = int_of(p, "nearby-units");
      if (p.get_string("scatter") == "nearest-unit") units = std::min(units, 1);
      int units_hit = 0;
      int nearby_hits = 0;
      for (int i = 0; i < units; ++i) {
        const auto [h, n] = shot("scatter within 4\"");
        units_hit += h ? 1 : 0;
        nearby_hits += n;
      }
      out[2].second = int_value(units_hit);
      out[3].second = int_value(nearby_hits);
    }
    return out;
  };
  return r;
}

}  // namespace

Resolution shell_resolution() { return howitzer_resolution(false); }
Resolution shrapnel_resolution() { return howitzer_resolution(true); }

}  // namespace smoothbore::elan_drill
