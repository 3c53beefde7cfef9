// Solid shot (§8.1, L143-L149, L218-L223, R-001-6, D12-13, D12-35) and shell / shrapnel
// (§8.3, L163-L175, R-001-5, D12-14, D12-33): D12 to hit vs Gunnery Skill.
#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "rules/elan_drill/fire_util.h"
#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill/situations.h"

namespace smoothbore::elan_drill {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// A target as a player names it, and the solid-shot row D12-35 puts it in.
struct SolidShotTarget {
  std::string_view name;  // compared by size first (issue 9: target_entry's scan)
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

// A target's row and its dice, each row found once (issue 9: the row was looked up by name,
// and its dice read by column name, for every shot the doctrine weighed).
struct TargetRow {
  const Row* row;
  int dice;
};
const TargetRow& target_entry(const std::string& name) {
  constexpr std::size_t kCount = std::size(kTargets);
  static const std::array<TargetRow, kCount + 1> kRows = [] {  // the last: "other"
    const Table& solid_shot = table("fire.solid_shot");
    std::array<TargetRow, kCount + 1> rows{};
    for (std::size_t i = 0; i <= kCount; ++i) {
      const Row& r = solid_shot.row(i < kCount ? kTargets[i].row : "other");
      rows[i] = {&r, r.number("dice")};
    }
    return rows;
  }();
  for (std::size_t i = 0; i < kCount; ++i) {
    if (name == kTargets[i].name) return kRows[i];
  }
  return kRows[kCount];
}

// The Ball list's gun-class modifier (L220-L222); medium guns have none.
void add_class_modifier(const std::string& gun, Factor& f) {
  static const Table& kBallModifiers = table("fire.ball_modifiers");
  if (const Row* m = kBallModifiers.find(gun)) f.add(*m);
}

std::string hits_text(int hits, int dice, int factor) {
  return fmt::format("{} hit{} from {}d12 vs {}", hits, hits == 1 ? "" : "s", dice, factor);
}

// Maximum range: the `max-range` parameter, or 0 for the class's proposed one (D12-13).
double max_range(const ShotSituation& s) {
  static const Table& kRanges = table("fire.artillery_ranges");
  return s.max_range > 0 ? s.max_range : kRanges.row(s.gun).number("solid_shot_max");
}

constexpr std::array<std::string_view, 4> kShots = {"canister", "solid-shot", "shell", "shrapnel"};
constexpr std::array<std::string_view, 3> kModes = {"cumulative", "flat", "none"};

// Solid shot's to-hit factor before the further-target modifier (L218-L223).
Factor solid_shot_factor(const ShotSituation& s, bool named) {
  static const FactorRow kLongRange(general_modifier("long-range"));
  Factor base(s.gunnery, "Gunnery Skill (R-001-5, D12-02)", named);
  if (s.range > max_range(s) * s.long_fraction) base.add(kLongRange);
  add_class_modifier(s.gun, base);
  apply_general_fire_modifiers(s.general, base);
  return base;
}

FireOutcome roll_solid_shot(const ShotSituation& s, Chance& c, std::vector<RollRecord>* explain) {
  const double range = s.range;
  const double max = max_range(s);
  const Factor base = solid_shot_factor(s, explain != nullptr);
  FireOutcome out;
  out.fields = {{"hits", int_value(0)},
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
  const bool cumulative = s.further_mode == FurtherMode::kCumulative;
  const bool none = s.further_mode == FurtherMode::kNone;
  const int further = none ? 0 : s.further_targets;
  static const Row& kEach = row("fire.ball_modifiers", "each-further-target");
  const int first = s.target_number - 1;  // units already passed through
  if (first > 0 && none) return out;      // R-001-6: the ball stops
  for (int i = 0; i <= further; ++i) {
    const TargetRow& entry = target_entry(i == 0 ? s.target : s.further_target);
    const Row& target = *entry.row;
    Factor f = base;
    if (const int n = first + i; n > 0) {
      const int times = cumulative ? n : 1;
      const int value = std::max(kEach.number("value") * times, kEach.number("max_total"));
      f.add(fmt::format("{} (target {})", kEach.name, n + 1), value, kEach.ref);
    }
    const int hits = with_record(explain, [&](RollRecord* rec) {
      f.record(rec, i == 0 ? "solid shot" : "solid shot, further target");
      const PoolResult pool = roll_pool(entry.dice, f.total(), c, rec);
      if (rec != nullptr) {
        rec->result = fmt::format("{} ({}: {})", hits_text(pool.successes, pool.dice, f.total()),
                                  target.name, target.ref);
      }
      if (i == 0) out.natural_12s = pool.natural_12s;
      return pool.successes;
    });
    out.fields[static_cast<std::size_t>(i)].second = int_value(hits);
  }
  return out;
}

// Shell and shrapnel (L163-L175): the effect row, the range limits and the to-hit factor.
struct HowitzerShot {
  const Row* effect = nullptr;
  int effect_dice = 0;
  double min = 0;
  double max = 0;
  Factor to_hit;
};

HowitzerShot howitzer_shot(const ShotSituation& s, bool named) {
  const bool shrapnel = s.shot == Shot::kShrapnel;
  static const Table& kEffects = table("fire.shell_shrapnel");
  const Row& effect = kEffects.row(s.gun);
  double max = max_range(s);
  const double min = shrapnel ? 0 : s.min_range;
  if (shrapnel) max *= s.shrapnel_fraction;
  static const FactorRow kLongRange(general_modifier("long-range"));
  Factor to_hit(s.gunnery, "Gunnery Skill (L165, D12-02)", named);
  if (s.range > max * s.long_fraction) to_hit.add(kLongRange);
  if (s.class_modifiers) add_class_modifier(s.gun, to_hit);
  apply_general_fire_modifiers(s.general, to_hit);
  return {&effect, effect.number(shrapnel ? "shrapnel" : "shell"), min, max, std::move(to_hit)};
}

bool howitzer_fires(const HowitzerShot& h, double range) {
  return !(range > h.max || range < h.min);
}

FireOutcome roll_howitzer(const ShotSituation& s, Chance& c, std::vector<RollRecord>* explain) {
  const char* kind = s.shot == Shot::kShrapnel ? "shrapnel" : "shell";
  const HowitzerShot h = howitzer_shot(s, explain != nullptr);
  const Row& effect = *h.effect;
  const Factor& to_hit = h.to_hit;
  const double range = s.range;
  FireOutcome out;
  out.fields = {{"target-hit", Value(false)},
                {"hits", int_value(0)},
                {"nearby-units-hit", int_value(0)},
                {"nearby-hits", int_value(0)}};
  if (!howitzer_fires(h, range)) {
    with_record(explain, [&](RollRecord* rec) {
      to_hit.record(rec, kind);
      if (rec != nullptr) {
        rec->result =
            fmt::format("no fire: {:g}\" is outside {:g}\"-{:g}\" (D12-14)", range, h.min, h.max);
      }
      return 0;
    });
    return out;
  }
  // L165-L173: the to-hit die, then on a hit the effect dice vs the unmodified skill.
  int to_hit_12s = 0;  // of the last to-hit die
  auto shot = [&](const char* purpose) -> std::pair<bool, int> {
    const bool hit = with_record(explain, [&](RollRecord* rec) {
      to_hit.record(rec, purpose);
      const PoolResult die = roll_pool(1, to_hit.total(), c, rec);
      to_hit_12s = die.natural_12s;
      const bool hh = die.successes == 1;
      if (rec != nullptr) rec->result = hh ? "hit (L165)" : "miss (L165)";
      return hh;
    });
    if (!hit) return {false, 0};
    const int hits = with_record(explain, [&](RollRecord* rec) {
      start_record(rec, fmt::format("{} effect", kind), s.gunnery, "Gunnery Skill (L167)");
      const PoolResult pool = roll_pool(h.effect_dice, s.gunnery, c, rec);
      if (rec != nullptr) {
        rec->result = fmt::format("{} ({} {})", hits_text(pool.successes, h.effect_dice, s.gunnery),
                                  effect.name, effect.ref);
      }
      return pool.successes;
    });
    return {true, hits};
  };
  const auto [hit, hits] = shot(kind);
  out.natural_12s = to_hit_12s;
  out.fields[0].second = Value(hit);
  out.fields[1].second = int_value(hits);
  if (!hit) {  // L175: "If missed, roll for any units within 4""
    const int units = s.scatter_nearest ? std::min(s.nearby_units, 1) : s.nearby_units;
    int units_hit = 0;
    int nearby_hits = 0;
    for (int i = 0; i < units; ++i) {
      const auto [hh, n] = shot("scatter within 4\"");
      units_hit += hh ? 1 : 0;
      nearby_hits += n;
    }
    out.fields[2].second = int_value(units_hit);
    out.fields[3].second = int_value(nearby_hits);
  }
  return out;
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
    return roll_shot(shot_situation(Shot::kSolidShot, p), c, explain).fields;
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
  r.resolve = [shrapnel](const Params& p, Chance& c, std::vector<RollRecord>* explain) {
    return roll_shot(shot_situation(shrapnel ? Shot::kShrapnel : Shot::kShell, p), c, explain)
        .fields;
  };
  return r;
}

}  // namespace

std::string_view shot_name(Shot shot) { return kShots[static_cast<std::size_t>(shot)]; }

Shot shot_named(std::string_view name) {
  for (std::size_t i = 0; i < kShots.size(); ++i) {
    if (kShots[i] == name) return static_cast<Shot>(i);
  }
  return Shot::kSolidShot;
}

ShotSituation shot_situation(Shot shot, const Params& p) {
  ShotSituation s;
  s.shot = shot;
  s.gun = p.get_string("gun");
  s.gunnery = int_of(p, "gunnery");
  s.range = p.get_number("range");
  s.general = fire_modifiers(p);
  if (shot == Shot::kCanister) {
    s.howitzer = p.get_bool("howitzer");
    return s;
  }
  s.max_range = p.get_number("max-range");
  s.long_fraction = p.get_number("long-fraction");
  if (shot == Shot::kSolidShot) {
    s.target = p.get_string("target");
    s.further_targets = int_of(p, "further-targets");
    s.further_target = p.get_string("further-target");
    const std::string& mode = p.get_string("further-mode");
    for (std::size_t i = 0; i < kModes.size(); ++i) {
      if (kModes[i] == mode) s.further_mode = static_cast<FurtherMode>(i);
    }
    s.target_number = int_of(p, "target-number");
    return s;
  }
  s.nearby_units = int_of(p, "nearby-units");
  s.scatter_nearest = p.get_string("scatter") == "nearest-unit";
  s.class_modifiers = p.get_bool("class-modifiers");
  if (shot == Shot::kShell) {
    s.min_range = p.get_number("min-range");
  } else {
    s.shrapnel_fraction = p.get_number("shrapnel-fraction");
  }
  return s;
}

std::map<std::string, Value> shot_situation_params(const ShotSituation& s) {
  std::map<std::string, Value> p = {
      {"gun", text_value(s.gun)}, {"gunnery", int_value(s.gunnery)}, {"range", Value(s.range)}};
  add_fire_modifier_params(s.general, p);
  if (s.shot == Shot::kCanister) {
    p["howitzer"] = Value(s.howitzer);
    return p;
  }
  p["max-range"] = Value(s.max_range);
  p["long-fraction"] = Value(s.long_fraction);
  if (s.shot == Shot::kSolidShot) {
    p["target"] = text_value(s.target);
    p["further-targets"] = int_value(s.further_targets);
    p["further-target"] = text_value(s.further_target);
    p["further-mode"] = text_value(kModes[static_cast<std::size_t>(s.further_mode)]);
    p["target-number"] = int_value(s.target_number);
    return p;
  }
  p["nearby-units"] = int_value(s.nearby_units);
  p["scatter"] = text_value(s.scatter_nearest ? "nearest-unit" : "each-unit");
  p["class-modifiers"] = Value(s.class_modifiers);
  if (s.shot == Shot::kShell) {
    p["min-range"] = Value(s.min_range);
  } else {
    p["shrapnel-fraction"] = Value(s.shrapnel_fraction);
  }
  return p;
}

FireOutcome roll_shot(const ShotSituation& s, Chance& c, std::vector<RollRecord>* explain) {
  switch (s.shot) {
    case Shot::kCanister:
      return roll_canister(s, c, explain);
    case Shot::kSolidShot:
      return roll_solid_shot(s, c, explain);
    case Shot::kShell:
    case Shot::kShrapnel:
      return roll_howitzer(s, c, explain);
  }
  return roll_solid_shot(s, c, explain);
}

std::uint64_t shot_odds_key(const ShotSituation& s) {
  auto key = [&](bool fires, int factor, int dice, int skill) {
    auto field = [](int v) { return static_cast<std::uint64_t>(static_cast<std::uint16_t>(v)); };
    return field(static_cast<int>(s.shot) | (fires ? 4 : 0) | 8) | field(factor) << 16 |
           field(dice) << 32 | field(skill) << 48;
  };
  switch (s.shot) {
    case Shot::kCanister: {
      const CanisterShot shot = canister_shot(s, false);
      return key(shot.band != Band::kOut, shot.factor.total(), shot.gun->number("dice"), 0);
    }
    case Shot::kSolidShot: {
      const bool more = s.further_mode != FurtherMode::kNone && s.further_targets > 0;
      if (more || s.target_number != 1) return 0;
      return key(s.range <= max_range(s), solid_shot_factor(s, false).total(),
                 target_entry(s.target).dice, 0);
    }
    case Shot::kShell:
    case Shot::kShrapnel: {
      if ((s.scatter_nearest ? std::min(s.nearby_units, 1) : s.nearby_units) > 0) return 0;
      const HowitzerShot h = howitzer_shot(s, false);
      return key(howitzer_fires(h, s.range), h.to_hit.total(), h.effect_dice, s.gunnery);
    }
  }
  return 0;
}

Resolution shell_resolution() { return howitzer_resolution(false); }
Resolution shrapnel_resolution() { return howitzer_resolution(true); }

}  // namespace smoothbore::elan_drill
