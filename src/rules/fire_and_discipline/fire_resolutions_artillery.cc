// Artillery fire (§6.5, §6.9, FD-10..FD-16) and hits on artillery (§6.8, FD-18).
#include <cmath>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/check.h"
#include "rules/fire_and_discipline/fire_resolutions.h"

namespace smoothbore::fire_and_discipline {

namespace {

struct Flag {
  std::string_view key;
  bool on;
};

std::string cover_key(TargetCover c) {
  switch (c) {
    case TargetCover::kProtective:
      return "protective";
    case TargetCover::kEarthworks:
      return "earthworks";
    case TargetCover::kLightWoods:
    case TargetCover::kRough:
      return "light-woods-rough";
    case TargetCover::kHeavyWoods:
      return "heavy-woods";
    case TargetCover::kOpen:
      break;
  }
  return "";
}

// FD-14 firepower halving: the reasons that apply (they do not stack).
std::vector<std::string> halving_reasons(const ArtillerySituation& s) {
  std::vector<std::string> why;
  if (s.gun_hits >= 1) why.push_back("gun hit (§6.8a L446)");
  if (s.guns >= 2 && s.crew == 1) why.push_back("two guns with one crewman left (§6.8b L448)");
  if (s.guns == 1 && s.one_gun_half) why.push_back("one-gun section (FD-16)");
  return why;
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

ArtilleryChance artillery_chance(const ArtillerySituation& s, bool explain) {
  const FireTables& t = fire_tables();
  ArtilleryChance c;
  // Text is built only with `explain`; `make` is called only then.
  auto note = [&](std::string& out, auto make) {
    if (explain) out = make();
  };
  const GunRow row = gun_row_of_pdr(s.pdr);
  const ArtilleryRow& r = t.gun_rows[static_cast<std::size_t>(row)];
  if (s.crew <= 0) {
    note(c.why_not, [] { return "no crew: a de-crewed gun cannot fire (§6.8b L448, FD-16)"; });
    return c;
  }
  if (s.gun_hits >= 2) {
    note(c.why_not, [] { return "two gun hits destroy the guns (§6.8a L446, FD-16)"; });
    return c;
  }
  if (s.range_yd > r.max_range) {
    note(c.why_not, [&] {
      return fmt::format("range {:g} yd is beyond the {} pdr row's {:g} yd maximum ({})",
                         s.range_yd, gun_row_name(row), r.max_range, r.max_range_ref);
    });
    return c;
  }
  if (s.ammo == Ammo::kCanister && s.range_yd > s.canister_max_yd) {
    note(c.why_not, [&] {
      return fmt::format("canister only at {:g} yd or less (FD-15)", s.canister_max_yd);
    });
    return c;
  }
  const std::optional<int> band = gun_range_band(s.range_yd, s.band_upper_inclusive);
  if (!band) {
    note(c.why_not, [&] { return fmt::format("range {:g} yd is beyond the chart", s.range_yd); });
    return c;
  }
  int column = *band;
  std::string column_note;
  if (s.ammo != Ammo::kCanister && column < t.ball_short_range_band) {
    column = t.ball_short_range_band;
    note(column_note, [&] {
      return fmt::format(" ({} at {:g} yd uses the {} column, FD-15)", ammo_name(s.ammo),
                         s.range_yd, t.gun_band_labels[static_cast<std::size_t>(column)]);
    });
  }
  const std::optional<double> base = gun_percent(row, column, s.fix_8pdr);
  if (!base) {
    note(c.why_not, [&] {
      return fmt::format("no chart value for {} pdr at {}", gun_row_name(row),
                         t.gun_band_labels[static_cast<std::size_t>(column)]);
    });
    return c;
  }
  const auto ci = static_cast<std::size_t>(column);
  std::string correction;
  if (r.printed[ci] != r.percent[ci]) {
    note(correction, [&] {
      return s.fix_8pdr ? fmt::format(" (printed {:g}, corrected {:g}: {}, fix_8pdr_151_300)",
                                      *r.printed[ci], *r.percent[ci], r.correction_ref)
                        : fmt::format(" (as printed; {} correction {:g} off)", r.correction_ref,
                                      *r.percent[ci]);
    });
  }
  c.possible = true;
  c.base = *base;
  note(c.base_ref, [&] {
    return fmt::format("§6.9 {} {} pdr (R-000-6 row for {} pdr) {}{}{}{}", r.ref, gun_row_name(row),
                       s.pdr, t.gun_band_labels[ci],
                       s.ammo == Ammo::kShell ? " shell as ball (FD-15)" : "", column_note,
                       correction);
  });
  double chance = c.base;
  // A modifier's name and reference are made (and it is listed) only with `explain`.
  auto modify = [&](double value, auto name, auto ref) {
    if (explain) c.modifiers.push_back({name(), value, ref()});
  };

  const std::vector<std::string> why = halving_reasons(s);
  if (!why.empty() && !s.stack_halvings) {
    const double cut = chance * (1 - t.firepower_factor);
    modify(
        -cut,
        [&] {
          return fmt::format("firepower halved: {} (halvings do not stack, FD-14)", join(why));
        },
        [&] { return t.firepower_ref; });
    chance -= cut;
  }
  for (std::size_t k = 0; s.stack_halvings && k < why.size(); ++k) {
    const double cut = chance * (1 - t.firepower_factor);
    modify(
        -cut,
        [&] { return fmt::format("firepower halved: {} (halvings stack, FD-14 option)", why[k]); },
        [&] { return t.firepower_ref; });
    chance -= cut;
  }

  const std::string cover = cover_key(s.target_cover);
  const std::vector<Flag> flags = {
      {"same-target", s.same_target},
      {"protective", cover == "protective"},
      {"earthworks", cover == "earthworks"},
      {"adjacent", s.adjacent},
      {"mounted", s.target == ArtilleryTarget::kMounted},
      {"unlimbered-guns", s.target == ArtilleryTarget::kUnlimberedGuns},
      {"limbered", s.target == ArtilleryTarget::kLimbered},
      {"heavy-woods", cover == "heavy-woods"},
      {"light-woods-rough", cover == "light-woods-rough"}};
  SB_CHECK(flags.size() == t.artillery_modifiers.size(), "artillery modifier flags drifted");
  const bool under = s.range_yd <= s.modifier_break;
  std::string break_ref;
  note(break_ref, [&] {
    return s.modifier_break == t.modifier_break
               ? t.modifier_break_ref
               : fmt::format("{}, {}", t.pullout_modifier_break_ref, "FD-11 option");
  });
  for (const ChanceModifierSpec& m : t.artillery_modifiers) {
    bool on = false;
    bool found = false;
    for (const Flag& f : flags) {
      if (f.key == m.key) {
        on = f.on;
        found = true;
      }
    }
    SB_CHECK(found, "an artillery modifier has no flag: " + m.key);
    if (!on) continue;
    const double v = m.at(s.range_yd, s.modifier_break);
    modify(
        v,
        [&] { return fmt::format("{} ({} {:g} yd)", m.name, under ? "≤" : ">", s.modifier_break); },
        [&] { return fmt::format("{}; pullout {}; break {}", m.ref, m.pullout_ref, break_ref); });
    chance += v;
  }
  if (s.poor_weather) {
    modify(
        kPoorWeatherArtilleryPct,
        [] { return std::string("poor weather (no artillery effect is stated; option value)"); },
        [] { return std::string("FD-39 option fd_39_poor_weather_artillery"); });
    chance += kPoorWeatherArtilleryPct;
  }

  if (s.target == ArtilleryTarget::kSkirmish && chance > 0) {
    const double cut = chance * (1 - t.skirmish_factor);
    modify(
        -cut, [] { return std::string("target in skirmish order: ½ chance to hit"); },
        [&] { return t.skirmish_factor_ref; });
    chance -= cut;
  }
  const double rounded = std::floor(chance);
  if (rounded != chance) {
    modify(
        rounded - chance, [] { return std::string("round down"); },
        [] { return std::string("FD-14"); });
    chance = rounded;
  }
  c.chance = chance;
  return c;
}

int resolve_artillery(const ArtillerySituation& s, Chance& dice, RollRecord* record) {
  return artillery_hits(s, artillery_chance(s, /*explain=*/record != nullptr), dice, record);
}

int artillery_hits(const ArtillerySituation& s, const ArtilleryChance& c, Chance& dice,
                   RollRecord* record) {
  const FireTables& t = fire_tables();
  if (record != nullptr) {
    record->purpose = "artillery fire";
    record->dice.clear();
    record->faces.clear();
    record->base = c.base;
    record->base_ref = c.base_ref;
    record->modifiers = c.modifiers;
    record->target = c.chance;
  }
  auto say = [&](std::string text) {
    if (record != nullptr) record->result = std::move(text);
  };
  if (!c.possible) {
    say(c.why_not + ": 0 hits (no roll)");
    return 0;
  }
  const double chance = c.chance;
  if (chance <= 0) {
    say(fmt::format("chance {:g}% ≤ 0: automatic miss ({})", chance, t.miss_ref));
    return 0;
  }
  int certain = 0;
  double remainder = chance;
  std::string rule = "FD-12";
  if (chance >= t.automatic_hit) {
    if (s.multi_hit == MultiHit::kPer100) {
      certain = static_cast<int>(std::floor(chance / 100));
      remainder = chance - 100.0 * certain;
      rule = "FD-13 option per100";
    } else {
      certain = 1;
      remainder = std::min(chance - t.automatic_hit, 100.0);
      rule = fmt::format("{} (at most {} hits)", t.automatic_hit_ref, t.second_hit_cap);
    }
  }
  if (remainder <= 0 || remainder >= 100) {
    const int hits = certain + (remainder >= 100 ? 1 : 0);
    say(fmt::format("chance {:g}%: {} hit{} certain, no roll ({})", chance, hits,
                    hits == 1 ? "" : "s", rule));
    return hits;
  }
  // FD-12: a d100, or a d10 read as tens (option artillery_die "d10").
  const bool d10 = s.die == ArtilleryDie::kD10;
  const int face = dice.roll(d10 ? 10 : 100);
  const int read = d10 ? 10 * face : face;
  const bool extra = read <= remainder;
  const int hits = certain + (extra ? 1 : 0);
  if (record != nullptr) {
    record->dice = d10 ? "d10" : "d100";
    record->faces = {face};
    const std::string automatic =
        certain > 0 ? fmt::format("{} automatic hit{}, then ", certain, certain == 1 ? "" : "s")
                    : "";
    const std::string roll =
        d10 ? fmt::format("d10 {} read as {}", face % 10, read) : fmt::format("d100 {}", face);
    if (d10) rule += rule == "FD-12" ? " option d10" : "; FD-12 option d10";
    record->result =
        fmt::format("chance {:g}%: {}{} {} {:g} → {} hit{} ({})", chance, automatic, roll,
                    extra ? "≤" : ">", remainder, hits, hits == 1 ? "" : "s", rule);
  }
  return hits;
}

GunHitComponent resolve_artillery_hit(bool limbered, Chance& dice, RollRecord* record) {
  const FireTables& t = fire_tables();
  const int face = dice.roll(10);
  const GunHitComponent c = gun_hit_component(limbered, face);
  if (record != nullptr) {
    const auto& ranges = limbered ? t.gun_hit_limbered : t.gun_hit_unlimbered;
    std::string printed;
    std::string ref;
    for (const GunHitRange& g : ranges) {
      if (face >= g.low && face <= g.high) {
        printed = g.printed;
        ref = g.ref;
      }
    }
    record->purpose = "hit on artillery";
    record->dice = "d10";
    record->faces = {face};
    record->base = 0;
    record->base_ref = t.gun_hit_ref;
    record->modifiers.clear();
    record->target = 0;
    record->result =
        fmt::format("{}: d10 {} is {} = {} hit ({})", limbered ? "limbered" : "unlimbered",
                    face % 10, printed, gun_hit_component_name(c), ref);
  }
  return c;
}

}  // namespace smoothbore::fire_and_discipline
