// Field melee, morale and commander casualties of Fire and Discipline: the typed resolve
// functions and the §8.31 multi-unit melee totals (melee_morale_resolutions.h).
#include "rules/fire_and_discipline/melee_morale_resolutions.h"

#include <algorithm>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/check.h"

namespace smoothbore::fire_and_discipline {

namespace {

// Rolls a d10 and records the raw face (the printed "0" as 10).
int roll_d10(Chance& dice, RollRecord* r) {
  const int face = dice.roll(10);
  if (r != nullptr) {
    r->dice = r->dice.empty() ? "d10" : r->dice + "+d10";
    r->faces.push_back(face);
  }
  return face;
}

// The printed digit of a d10 face: 10 is "0".
std::string printed(int face) { return face == 10 ? "0" : std::to_string(face); }

// A modifier of whole faces or points.
Modifier mod(std::string name, int value, std::string ref) {
  return {std::move(name), static_cast<double>(value), std::move(ref)};
}

// The morale roll reads the 0 face as 10 (§5.4c L308).
std::string roll_text(int face) { return face == 10 ? "0 (read as 10)" : std::to_string(face); }

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c - ('a' <= c && c <= 'z' ? 'a' - 'A' : 0));
  return out;
}

}  // namespace

std::string_view mmg_effect_name(MmgEffect e) {
  return e == MmgEffect::kPlusOne ? "plus-one" : "double-casualties";
}

MeleeHitChance melee_hit_chance(const MeleeSituation& s, bool explain) {
  const MeleeTables& t = melee_morale_tables().melee;
  MeleeHitChance c;
  const std::string_view word = melee_target_name(s.target);
  int add = 0;  // the faces the modifiers add (the sum of their values)
  // A modifier of `value` faces; listed, its name and reference made, only with `explain`.
  auto modify = [&](int value, auto name, auto ref) {
    add += value;
    if (explain) c.modifiers.push_back(mod(name(), value, ref()));
  };
  if (s.arm == MeleeArm::kCavalry) {
    const CavalryRow row = cavalry_row(s.target);
    const auto i = static_cast<std::size_t>(row);
    c.base = cavalry_hit_set(row, s.tactic, s.engaged);
    if (explain) {
      c.base_ref = fmt::format("§8.5 Cavalry Combat {} ({} vs {}, {})", t.cavalry_row_refs[i],
                               upper(cavalry_tactic_name(s.tactic)), cavalry_row_name(row),
                               s.engaged ? "Engaged, FD-47" : "Contact");
      if (cavalry_row_name(row) != word) {
        c.base_ref +=
            fmt::format("; target {} read as row {} (FD-47)", word, cavalry_row_name(row));
      }
    }
  } else {
    const InfantryRow row = infantry_row(s.target);
    const auto i = static_cast<std::size_t>(row);
    c.base = infantry_hit_set(row, s.weapon);
    if (explain) {
      c.base_ref =
          fmt::format("§8.5 Infantry Combat {} ({} vs {}, Contact)", t.infantry_row_refs[i],
                      infantry_weapon_name(s.weapon), infantry_row_name(row));
      if (infantry_row_name(row) != word) {
        c.base_ref +=
            fmt::format("; target {} read as row {} (FD-47)", word, infantry_row_name(row));
      }
    }
    if (s.engaged) {
      modify(
          t.infantry_engaged.add, [&] { return t.infantry_engaged.name; },
          [&] { return t.infantry_engaged.ref; });
    }
  }
  if (s.double_castings) {
    modify(
        t.double_castings.add, [&] { return t.double_castings.name; },
        [&] { return t.double_castings.ref; });
  }
  if (s.higher_rating && s.mmg_effect == MmgEffect::kPlusOne) {
    modify(
        t.higher_rating.add,
        [&] { return t.higher_rating.name + " (pullout reading, option mmg-effect plus-one)"; },
        [&] { return t.higher_rating_pullout_ref + "; FD-32"; });
  }
  if (s.flank) {
    modify(
        t.flank.add, [&] { return t.flank.name; }, [&] { return t.flank.ref; });
  }
  c.hit_set = c.base.widened(add);
  if (s.target_holding_cover) {
    if (explain) {
      c.modifiers.push_back(mod(t.target_holding_cover.name + ": only a 0 hits",
                                t.cover_only.faces - c.hit_set.faces, t.target_holding_cover.ref));
    }
    c.hit_set = t.cover_only;
  }
  c.casualties_per_hit = s.higher_rating && s.mmg_effect == MmgEffect::kDoubleCasualties
                             ? t.higher_rating_casualties_per_hit
                             : 1;
  return c;
}

MeleeRoundResult resolve_melee(const MeleeSituation& s, Chance& dice, RollRecord* r) {
  const MeleeHitChance c = melee_hit_chance(s, /*explain=*/r != nullptr);
  const int n = std::max(1, s.stands);  // FD-46: one die per contacting stand, at least one
  start_record(r, "melee", c.base.faces, c.base_ref);
  MeleeRoundResult out;
  std::string faces;
  for (int i = 0; i < n; ++i) {
    const int face = dice.roll(10);
    if (c.hit_set.hits(face)) ++out.hits;
    if (r != nullptr) {
      r->faces.push_back(face);
      faces += (faces.empty() ? "" : " ") + printed(face);
    }
  }
  out.casualties = out.hits * c.casualties_per_hit;
  if (r != nullptr) {
    r->dice = fmt::format("{}d10", n);
    r->modifiers = c.modifiers;
    r->target = c.hit_set.faces;
    const MeleeTables& t = melee_morale_tables().melee;
    r->result = fmt::format("{} hit(s) on {} (hit on {})", out.hits, faces, c.hit_set.text());
    if (c.casualties_per_hit != 1) {
      r->result += fmt::format(" × {} casualties per hit ({}, {}; FD-32)", c.casualties_per_hit,
                               t.higher_rating.name, t.higher_rating_body_ref);
    }
    r->result += fmt::format(": {} casualties", out.casualties);
  }
  return out;
}

std::vector<MeleeTally> tally_melee(int units, const std::vector<MeleeContact>& contacts) {
  SB_CHECK(units >= 0, "a melee has a non-negative number of units");
  std::vector<MeleeTally> out(static_cast<std::size_t>(units));
  for (const MeleeContact& c : contacts) {
    SB_CHECK(c.a >= 0 && c.a < units && c.b >= 0 && c.b < units && c.a != c.b,
             "a melee contact joins two different units");
    out[static_cast<std::size_t>(c.a)].inflicted += c.hits_by_a;
    out[static_cast<std::size_t>(c.a)].received += c.hits_by_b;
    out[static_cast<std::size_t>(c.b)].inflicted += c.hits_by_b;
    out[static_cast<std::size_t>(c.b)].received += c.hits_by_a;
  }
  return out;
}

std::string_view melee_standing_name(MeleeStanding s) {
  switch (s) {
    case MeleeStanding::kWinner:
      return "winner";
    case MeleeStanding::kLoser:
      return "loser";
    case MeleeStanding::kEngaged:
      return "engaged";
  }
  return "engaged";
}

MeleeStanding melee_standing(const MeleeTally& t) {
  if (t.received > t.inflicted) return MeleeStanding::kLoser;
  if (t.received == t.inflicted) return MeleeStanding::kEngaged;
  return MeleeStanding::kWinner;
}

std::vector<MeleeStanding> melee_standings(const std::vector<MeleeTally>& tallies) {
  std::vector<MeleeStanding> out;
  for (const MeleeTally& t : tallies) out.push_back(melee_standing(t));
  return out;
}

std::vector<std::pair<int, int>> engaged_after_melee(const std::vector<MeleeContact>& contacts,
                                                     const std::vector<bool>& retreated) {
  std::vector<std::pair<int, int>> out;
  for (const MeleeContact& c : contacts) {
    SB_CHECK(static_cast<std::size_t>(std::max(c.a, c.b)) < retreated.size(),
             "a retreat flag for every unit");
    if (!retreated[static_cast<std::size_t>(c.a)] && !retreated[static_cast<std::size_t>(c.b)]) {
      out.emplace_back(c.a, c.b);
    }
  }
  return out;
}

std::string_view morale_result_name(MoraleResult r) {
  switch (r) {
    case MoraleResult::kPass:
      return "pass";
    case MoraleResult::kHalt:
      return "halt";
    case MoraleResult::kFlee:
      return "flee";
    case MoraleResult::kFleeHit:
      return "flee-hit";
    case MoraleResult::kSurrender:
      return "surrender";
    case MoraleResult::kFanatic1:
      return "fanatic-1";
    case MoraleResult::kFanatic2:
      return "fanatic-2";
  }
  return "pass";
}

namespace {

// The situation modifiers that apply, in table order, with the Morale Rating first.
std::vector<Modifier> morale_modifiers(const MoraleSituation& s) {
  const MoraleTables& t = melee_morale_tables().morale;
  std::vector<Modifier> out = {mod("Morale Rating", s.rating, t.rating_ref)};
  const std::pair<const char*, bool> flags[] = {{"protective", s.protective},
                                                {"skirmish-in-woods", s.skirmish_in_woods},
                                                {"brigade-commander", s.brigade_commander},
                                                {"over-half", s.over_half},
                                                {"adjacent", s.adjacent},
                                                {"half-stand-open", s.half_stand_open}};
  for (const auto& [key, on] : flags) {
    if (!on) continue;
    const MoraleModifierSpec& m = t.modifier(key);
    out.push_back(mod(m.name, m.value, m.ref));
  }
  return out;
}

int morale_base(const MoraleSituation& s) {
  return s.base == MoraleBase::kFive ? melee_morale_tables().morale.base_five : s.castings;
}

}  // namespace

int morale_total(const MoraleSituation& s) {
  int total = morale_base(s);
  for (const Modifier& m : morale_modifiers(s)) total += static_cast<int>(m.value);
  return total;
}

MoraleResult resolve_morale(const MoraleSituation& s, Chance& dice, RollRecord* r) {
  const MoraleTables& t = melee_morale_tables().morale;
  const int total = morale_total(s);
  start_record(r, "morale", morale_base(s),
               s.base == MoraleBase::kFive
                   ? t.base_five_ref
                   : fmt::format("{} stand castings ({})", s.castings, t.total_ref));
  if (r != nullptr) {
    r->modifiers = morale_modifiers(s);
    r->target = total;
  }
  if (total >= t.auto_pass) {
    if (r != nullptr) {
      r->result =
          fmt::format("pass: total {} ≥ {}, no roll ({})", total, t.auto_pass, t.auto_pass_ref);
    }
    return MoraleResult::kPass;
  }
  const int face = roll_d10(dice, r);  // the 0 face reads as 10 (§5.4c): face 10
  if (face <= total) {
    if (r != nullptr) r->result = fmt::format("pass: d10 {} ≤ {}", roll_text(face), total);
    return MoraleResult::kPass;
  }
  const int effect_face = roll_d10(dice, r);
  const MoraleEffect effect = morale_effect(effect_face, s.surrounded);
  MoraleResult out = MoraleResult::kHalt;
  switch (effect) {
    case MoraleEffect::kHalt:
      out = MoraleResult::kHalt;
      break;
    case MoraleEffect::kFlee:
      out = MoraleResult::kFlee;
      break;
    case MoraleEffect::kFleeHit:
      out = MoraleResult::kFleeHit;
      break;
    case MoraleEffect::kSurrender:
      out = MoraleResult::kSurrender;
      break;
  }
  std::string note;
  if (effect_face == 10 && effect != MoraleEffect::kSurrender) note = ", not surrounded: read as 9";
  if (s.fanatic && effect != MoraleEffect::kSurrender) {
    const int lost = fanatic_attrition(effect_face);
    out = lost == 1 ? MoraleResult::kFanatic1 : MoraleResult::kFanatic2;
    note += fmt::format("; fanatic ({}): ignores {}, {} casting(s) lost to attrition",
                        t.fanaticism_ref, morale_effect_name(effect), lost);
  }
  if (r != nullptr) {
    r->result = fmt::format("{}: d10 {} > {} fails; effects d10 {} ({}{}, {})",
                            morale_result_name(out), roll_text(face), total, printed(effect_face),
                            morale_effect_name(effect), note, t.effects_ref);
  }
  return out;
}

bool morale_retreats(MoraleResult r) {
  return r == MoraleResult::kFlee || r == MoraleResult::kFleeHit || r == MoraleResult::kSurrender;
}

int morale_attrition(MoraleResult r) {
  switch (r) {
    case MoraleResult::kFleeHit:
    case MoraleResult::kFanatic1:
      return 1;
    case MoraleResult::kFanatic2:
      return 2;
    default:
      return 0;
  }
}

std::string_view commander_result_name(CommanderResult r) {
  switch (r) {
    case CommanderResult::kSafe:
      return "safe";
    case CommanderResult::kKilled:
      return "killed";
    case CommanderResult::kWounded:
      return "wounded";
  }
  return "safe";
}

CommanderResult resolve_commander_hit(const CommanderSituation& s, Chance& dice, RollRecord* r) {
  const MoraleTables& t = melee_morale_tables().morale;
  const bool fire = s.cause == CommanderCause::kFire;
  start_record(r, "commander hit", 0, fire ? t.commander_fire_ref : t.commander_melee_ref);
  std::string text;
  bool hit = false;
  const int first = roll_d10(dice, r);
  if (fire) {
    hit = face_in(t.commander_fire_faces, first);
    text = fmt::format("fire: d10 {} ({})", printed(first), hit ? "hit on 0" : "no hit");
  } else {
    const std::vector<int>& possible =
        s.stand_passed ? t.commander_melee_passed_faces : t.commander_melee_failed_faces;
    const bool maybe = face_in(possible, first);
    text =
        fmt::format("melee, stand {}: first d10 {} ({})",
                    s.stand_passed ? "passed (possible hit on 0)" : "failed (possible hit on ODD)",
                    printed(first), maybe ? "possible hit" : "no hit");
    if (maybe) {
      const int second = roll_d10(dice, r);
      hit = face_in(t.commander_melee_confirm_faces, second);
      text += fmt::format(", second d10 {} ({})", printed(second), hit ? "hit on 0" : "no hit");
    }
  }
  CommanderResult out = hit ? CommanderResult::kKilled : CommanderResult::kSafe;
  if (hit && s.campaign) {
    const int fate = roll_d10(dice, r);
    const bool dead = face_in(t.commander_campaign_dead_faces, fate);
    out = dead ? CommanderResult::kKilled : CommanderResult::kWounded;
    text += fmt::format("; campaign d10 {} ({}, {})", printed(fate), dead ? "ODD" : "EVEN",
                        t.commander_campaign_ref);
  } else if (hit) {
    text += fmt::format("; single battle: every hit is a kill ({})", t.commander_campaign_ref);
  }
  if (r != nullptr) r->result = fmt::format("{}: {}", commander_result_name(out), text);
  return out;
}

}  // namespace smoothbore::fire_and_discipline
