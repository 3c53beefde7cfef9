// Fire, artillery and melee: M-1 "probability of one kill" summed over figures.
#include <cmath>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/check.h"
#include "rules/fast_1805/resolutions.h"

namespace smoothbore::fast_1805 {

namespace {

struct Flag {
  std::string_view key;
  bool on;
};

// Appends the modifiers of `specs` whose flag is on (their records only when `explain`).
// Every flag must name a modifier of the data and every modifier must have a flag, so code
// and data cannot drift apart.
void apply_modifiers(const std::vector<ModifierSpec>& specs, const std::vector<Flag>& flags,
                     bool cavalry, bool explain, KillChance& c) {
  SB_CHECK(specs.size() == flags.size(), "modifier flags do not match the tables");
  for (const ModifierSpec& m : specs) {
    const Flag* flag = nullptr;
    for (const Flag& f : flags) {
      if (f.key == m.key) flag = &f;
    }
    SB_CHECK(flag != nullptr, "a modifier of the tables has no flag: " + m.key);
    if (!flag->on || (m.cavalry_only && !cavalry)) continue;
    if (explain) c.modifiers.push_back({m.name, m.value, m.ref});
    c.per_figure += m.value;
  }
}

// A2-15 (a2_percent_floor = "per-figure"): a figure's % after modifiers is at least 0.
void floor_per_figure(KillChance& c, bool explain) {
  if (c.per_figure < 0) {
    if (explain) c.modifiers.push_back({"floor at 0% per figure", -c.per_figure, "A2-15"});
    c.per_figure = 0;
  }
}

// A2-15 (a2_percent_floor = "total"): P = figures × per-figure is at least 0. Recorded per
// figure (the modifiers are per figure), so base + modifiers = per_figure = 0 holds.
void floor_total(KillChance& c, int figures, bool explain) {
  if (c.per_figure < 0 && figures > 0) {
    if (explain) {
      c.modifiers.push_back({fmt::format("floor at 0% of the total P ({} × {:g}% = {:g}%, option "
                                         "a2_percent_floor total)",
                                         figures, c.per_figure, figures * c.per_figure),
                             -c.per_figure, "A2-15"});
    }
    c.per_figure = 0;
  }
}

void finish(KillChance& c, int figures, bool total_floor, bool explain) {
  if (total_floor) {
    floor_total(c, figures, explain);
  } else {
    floor_per_figure(c, explain);
  }
  c.figures = figures;
  c.total = figures * c.per_figure;
  c.possible = figures > 0;
  if (!c.possible && explain) c.why_not = "no figures";
}

std::string range_limit_text(const RangeTable& table, bool woods) {
  const double last = table.bands.back() * (woods ? table.woods_factor : 1.0);
  return fmt::format("{:g}\"{}", last, woods ? " (ranges halved in woods, L126)" : "");
}

// The base % and (when `explain`) reference of a range table, or why there is no fire.
bool range_base(const RangeTable& table, std::string_view table_id, Quality q, double range_in,
                bool woods, bool lower_inclusive, bool explain, KillChance& c) {
  auto band = range_band(table, range_in, woods, lower_inclusive);
  if (!band) {
    c.possible = false;
    if (!explain) return false;
    c.why_not = fmt::format("range {:g}\" is beyond {}", range_in, range_limit_text(table, woods));
    c.base_ref = fmt::format("{} {}, A2-08", table_id, table.ref);
    return false;
  }
  const auto qi = static_cast<std::size_t>(q);
  const auto bi = static_cast<std::size_t>(*band);
  c.base = table.percent[qi][bi];
  c.per_figure = c.base;
  if (!explain) return true;
  c.base_ref = fmt::format("{} {} {} {}{}{}", table_id, table.row_refs[qi], quality_name(q),
                           table.band_labels[bi], woods ? " (woods: limits halved, L126)" : "",
                           lower_inclusive ? " (lower limits inclusive, option "
                                             "a2_lower_band_inclusive, A2-08)"
                                           : "");
  return true;
}

std::string kills_text(int k) { return fmt::format("{} kill{}", k, k == 1 ? "" : "s"); }

}  // namespace

int resolve_kills(const KillChance& c, std::string_view purpose, Chance& dice, RollRecord* record) {
  if (record != nullptr) {
    record->purpose = std::string(purpose);
    record->dice.clear();
    record->faces.clear();
    record->base = c.base;
    record->base_ref = c.base_ref;
    record->modifiers = c.modifiers;
    record->target = 0;
  }
  if (!c.possible) {
    if (record != nullptr) record->result = c.why_not + ": 0 kills (no roll)";
    return 0;
  }
  const int certain = static_cast<int>(std::floor(c.total / 100.0 + 1e-9));
  double remainder = c.total - 100.0 * certain;
  if (remainder < 1e-9) remainder = 0;
  auto sum = [&] { return fmt::format("{} × {:g}% = {:g}%", c.figures, c.per_figure, c.total); };
  if (record != nullptr) record->target = remainder;
  if (remainder < 1) {  // d100 ≤ remainder cannot succeed: certain
    if (record != nullptr)
      record->result = fmt::format("{}: {} (no roll)", sum(), kills_text(certain));
    return certain;
  }
  const int face = dice.roll_classed(100, [&](int f) { return f <= remainder; });
  const bool extra = face <= remainder;
  const int kills = certain + (extra ? 1 : 0);
  if (record != nullptr) {
    record->dice = "d100";
    record->faces = {face};
    record->result = fmt::format("{}: {} certain, d100 {} {} {:g}: {}", sum(), certain, face,
                                 extra ? "≤" : ">", remainder, kills_text(kills));
  }
  return kills;
}

KillChance fire_chance(const FireSituation& s, bool explain) {
  const RangeTable& table = tables().small_arms;
  KillChance c;
  if (!range_base(table, "R-002-4", s.quality, s.range_in, s.woods, s.lower_band_inclusive, explain,
                  c)) {
    return c;
  }
  apply_modifiers(table.modifiers,
                  {{"first-fire", s.first_fire},
                   {"target-angle", s.target_angle},
                   {"unmoving", s.unmoving},
                   {"behind-cover", s.behind_cover},
                   {"target-light-cover", s.target_light_cover},
                   {"shaken", s.shaken},
                   {"target-trenches", s.target_trenches}},
                  false, explain, c);
  finish(c, s.shooters, s.floor_total, explain);
  return c;
}

int resolve_fire(const FireSituation& s, Chance& dice, RollRecord* record) {
  return resolve_kills(fire_chance(s, /*explain=*/record != nullptr), "fire", dice, record);
}

KillChance artillery_chance(const ArtillerySituation& s, bool explain) {
  const RangeTable& table = tables().artillery;
  KillChance c;
  if (!range_base(table, "R-002-5", s.quality, s.range_in, s.woods, s.lower_band_inclusive, explain,
                  c)) {
    return c;
  }
  apply_modifiers(table.modifiers,
                  {{"first-fire", s.first_fire},
                   {"unmoving-target", s.unmoving_target},
                   {"target-angle", s.target_angle},
                   {"large-target", s.large_target},
                   {"shaken", s.shaken},
                   {"target-trenches", s.target_trenches}},
                  false, explain, c);
  finish(c, s.gunners, s.floor_total, explain);
  return c;
}

int resolve_artillery(const ArtillerySituation& s, Chance& dice, RollRecord* record) {
  return resolve_kills(artillery_chance(s, /*explain=*/record != nullptr), "artillery fire", dice,
                       record);
}

KillChance melee_chance(const MeleeSituation& s, bool explain) {
  const Tables& t = tables();
  const bool cavalry = s.arm == Arm::kCavalry;
  const bool cavalry_vs_square = cavalry && s.vs_square;
  KillChance c;
  c.base = melee_percent(s.effectiveness, s.arm, s.rowmajor);
  c.per_figure = c.base;
  const Arm column_arm = s.arm == Arm::kWagon ? Arm::kArtillery : s.arm;
  if (explain) {
    c.base_ref = fmt::format("R-002-3 {} {} vs {}{}", s.rowmajor ? "row-major" : "L101-L114",
                             effectiveness_name(s.effectiveness), arm_name(column_arm),
                             s.rowmajor ? " (option a2_melee_rowmajor)" : "");
  }
  apply_modifiers(t.melee_modifiers,
                  {{"vs-fleeing-foot", s.vs_fleeing_foot},
                   {"first-charge", s.first_charge && !cavalry_vs_square},  // A2-06
                   {"downhill", s.downhill},
                   {"obstacle", s.obstacle},
                   {"disordered", s.disordered}},
                  cavalry, explain, c);
  // The per-figure floor before the A2-06 halving.
  if (!s.floor_total) floor_per_figure(c, explain);
  if (cavalry_vs_square && c.per_figure > 0) {
    const double cut = c.per_figure * (1.0 - t.cavalry_vs_square_factor);
    if (explain) c.modifiers.push_back({"cavalry against a square (half %)", -cut, "A2-06"});
    c.per_figure -= cut;
  }
  finish(c, s.figures, s.floor_total, explain);
  return c;
}

int resolve_melee(const MeleeSituation& s, Chance& dice, RollRecord* record) {
  return resolve_kills(melee_chance(s, /*explain=*/record != nullptr), "melee", dice, record);
}

}  // namespace smoothbore::fast_1805
