#include "rules/group_orders/resolution_util.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/check.h"

namespace smoothbore::group_orders {

namespace {

// A results table's rows by score (rows "min" to "max"), looked up once (issue 9: the
// doctrine's exact odds ask one per die face): the row each score from the least min to
// the greatest max falls in, the last such row as a scan of the rows finds, null where
// none does; a table wider than kMaxBand scores keeps none and is scanned.
struct Bands {
  std::string_view table_name;
  int lo = 0;
  std::vector<const Row*> by_score;
};

constexpr int kMaxBand = 4096;

Bands bands_of(std::string_view table_name) {
  Bands b;
  b.table_name = table_name;
  const std::vector<Row>& rows = table(table_name).rows;
  if (rows.empty()) return b;
  int lo = rows.front().number("min"), hi = rows.front().number("max");
  for (const Row& r : rows) {
    lo = std::min(lo, r.number("min"));
    hi = std::max(hi, r.number("max"));
  }
  if (hi < lo || hi - lo > kMaxBand) return b;
  b.lo = lo;
  b.by_score.assign(static_cast<std::size_t>(hi - lo + 1), nullptr);
  for (const Row& r : rows) {
    for (int score = r.number("min"); score <= r.number("max"); ++score) {
      b.by_score[static_cast<std::size_t>(score - lo)] = &r;
    }
  }
  return b;
}

const Row& band_row(const Bands& b, int score) {
  const Row* out = nullptr;
  if (!b.by_score.empty()) {
    const long i = static_cast<long>(score) - b.lo;
    if (i >= 0 && static_cast<std::size_t>(i) < b.by_score.size()) {
      out = b.by_score[static_cast<std::size_t>(i)];
    }
  } else {
    for (const Row& r : table(b.table_name).rows) {
      if (score >= r.number("min") && score <= r.number("max")) out = &r;
    }
  }
  SB_CHECK(out != nullptr, "no result row for the score");
  return *out;
}

// The results tables kept by bands, and their bands, worked out the first time one is asked.
enum class Results : std::size_t { kMoraleRally, kMoraleCharge, kMoraleGeneral, kShooting, kMelee };

const Row& result_row(Results table, int score) {
  static const std::array<Bands, 5> kBands = {
      bands_of("morale.rally"), bands_of("morale.charge"), bands_of("morale.general"),
      bands_of("shooting.results"), bands_of("melee.results")};
  return band_row(kBands[static_cast<std::size_t>(table)], score);
}

const Row& morale_rally_row(int score) { return result_row(Results::kMoraleRally, score); }
const Row& morale_charge_row(int score) { return result_row(Results::kMoraleCharge, score); }
const Row& morale_general_row(int score) { return result_row(Results::kMoraleGeneral, score); }

// The extra stands a unit counts: all of them, a Light unit at most the row's light_max
// (L104-L105, L151).
int extra_stands(const Row& r, bool light, int stands) {
  const int extra = std::max(0, stands - 1);
  return light ? std::min(extra, r.number("light_max")) : extra;
}
int extra_stands(const Row& r, std::string_view type, int stands) {
  return extra_stands(r, is_light(type), stands);
}

}  // namespace

const Row& unit_type(std::string_view type) { return row("units.types", type); }

namespace {

// A unit type's facts from its units.types row, read once for every type (issue 9: a shot's
// modifiers asked is_light, is_artillery and weapon_of by the row, its texts copied, each
// time); a type not in the table is looked up as before, which aborts naming it.
struct TypeFacts {
  const Row* row = nullptr;
  bool light = false;
  bool artillery = false;
  bool cavalry = false;
  bool infantry = false;
  std::string weapon;  // the row's weapon text
};

const TypeFacts& type_facts(std::string_view type) {
  static const std::unordered_map<std::string_view, TypeFacts> kFacts = [] {
    std::unordered_map<std::string_view, TypeFacts> out;
    for (const Row& r : table("units.types").rows) {
      TypeFacts& f = out[r.key];
      f.row = &r;
      f.light = r.text("class") == "light";
      const std::string arm = r.text("arm");
      f.artillery = arm == "artillery";
      f.cavalry = arm == "cavalry";
      f.infantry = arm == "foot";
      f.weapon = r.text("weapon");
    }
    return out;
  }();
  const auto it = kFacts.find(type);
  if (it == kFacts.end()) unit_type(type);  // not in units.types: aborts naming the row
  SB_CHECK(it != kFacts.end(), "a unit type of units.types");
  return it->second;
}

}  // namespace

bool is_light(std::string_view type) { return type_facts(type).light; }
bool is_artillery(std::string_view type) { return type_facts(type).artillery; }
bool is_cavalry(std::string_view type) { return type_facts(type).cavalry; }
bool is_infantry(std::string_view type) { return type_facts(type).infantry; }

int melee_factor(std::string_view type, std::string_view enemy_type) {
  const Row& r = *type_facts(type).row;
  return is_infantry(enemy_type) ? r.number("melee_vs_infantry") : r.number("melee");
}

const Row& drill_class(std::string_view type, std::string_view drill) {
  if (type == "militia") return row("units.drill", "militia");
  if (drill == "well" || drill == "badly") return row("units.drill", drill);
  return row("units.drill", is_cavalry(type) ? "cavalry" : "normal");
}

std::string weapon_of(std::string_view type, std::string_view weapon) {
  return std::string(weapon == "as-type" ? std::string_view(type_facts(type).weapon) : weapon);
}

namespace {

Ranges weapon_ranges_fresh(std::string_view weapon, const RangeOptions& o) {
  const Row& r = row("shooting.ranges", weapon);
  Ranges out{r.number("short"), r.number("long"), r.number("extreme")};
  if (o.musket_extreme20) {  // §4.2: the one small-arms extreme is the muskets', not rifles'
    if (r.flag("musket")) out.extreme_cm = row("shooting.ranges", "rifle").number("extreme");
    if (weapon == "rifle") out.extreme_cm = 0;
  }
  if (o.li_no_short && weapon == "light-musket") out.short_cm = 0;
  if (o.bow_long5 && weapon == "bow") out = Ranges{0, 5, 0};  // "Bows- 5cms" (L117)
  return out;
}

std::size_t options_index(const RangeOptions& o) {
  return (o.musket_extreme20 ? 4 : 0) + (o.li_no_short ? 2 : 0) + (o.bow_long5 ? 1 : 0);
}

}  // namespace

// Every weapon's ranges under each of the eight option sets, worked out once (issue 9: a
// shot's modifiers asked them of the table each time); a weapon not in the table is looked up
// as before, which aborts naming it.
Ranges weapon_ranges(std::string_view weapon, const RangeOptions& o) {
  static const std::unordered_map<std::string_view, std::array<Ranges, 8>> kRanges = [] {
    std::unordered_map<std::string_view, std::array<Ranges, 8>> out;
    for (const Row& r : table("shooting.ranges").rows) {
      std::array<Ranges, 8>& by_options = out[r.key];
      for (const bool extreme20 : {false, true}) {
        for (const bool no_short : {false, true}) {
          for (const bool bow5 : {false, true}) {
            const RangeOptions each{extreme20, no_short, bow5};
            by_options[options_index(each)] = weapon_ranges_fresh(r.key, each);
          }
        }
      }
    }
    return out;
  }();
  const auto it = kRanges.find(weapon);
  if (it == kRanges.end()) return weapon_ranges_fresh(weapon, o);  // aborts naming the row
  return it->second[options_index(o)];
}

RangeBand range_band(const Ranges& r, double cm) {
  if (r.short_cm > 0 && cm <= r.short_cm) return RangeBand::kShort;
  if (cm <= r.long_cm) return RangeBand::kLong;
  if (r.extreme_cm > 0 && cm <= r.extreme_cm) return RangeBand::kExtreme;
  return RangeBand::kOut;
}

std::string_view range_band_name(RangeBand b) {
  switch (b) {
    case RangeBand::kShort:
      return "short";
    case RangeBand::kLong:
      return "long";
    case RangeBand::kExtreme:
      return "extreme";
    case RangeBand::kOut:
      break;
  }
  return "out of range";
}

namespace {

// The shooting.modifiers rows a shot reads, found once (the tables never change): every shot
// of a battle reads several, and a lookup by name each was about 3% of a warm battle.
struct ShotModifierRows {
  const Row* extreme_range;
  const Row* long_range;
  const Row* musket_short;
  const Row* poor_shots_or_moving;
  const Row* soft_cover;
  const Row* hard_cover_small_arms;
  const Row* hard_cover_light_artillery;
  const Row* target_light_infantry;
  const Row* lights_shooting;
  const Row* disordered;
  const Row* artillery_at_column;
  const Row* artillery_close;
  double artillery_close_cm;
  const Row* first_shot;
  const Row* extra_stand;
};

const ShotModifierRows& shot_modifier_rows() {
  static const ShotModifierRows kRows = [] {
    auto mod = [](std::string_view key) { return &row("shooting.modifiers", key); };
    ShotModifierRows r{};
    r.extreme_range = mod("extreme-range");
    r.long_range = mod("long-range");
    r.musket_short = mod("musket-short");
    r.poor_shots_or_moving = mod("poor-shots-or-moving");
    r.soft_cover = mod("soft-cover");
    r.hard_cover_small_arms = mod("hard-cover-small-arms");
    r.hard_cover_light_artillery = mod("hard-cover-light-artillery");
    r.target_light_infantry = mod("target-light-infantry");
    r.lights_shooting = mod("lights-shooting");
    r.disordered = mod("disordered");
    r.artillery_at_column = mod("artillery-at-column");
    r.artillery_close = mod("artillery-close");
    r.artillery_close_cm = r.artillery_close->number("cm");
    r.first_shot = mod("first-shot");
    r.extra_stand = mod("extra-stand");
    return r;
  }();
  return kRows;
}

// A weapon's shooting.ranges row and its ranges under each option set (weapon_ranges),
// found once per weapon: a shot's modifiers looked both up by name.
struct WeaponFacts {
  const Row* row = nullptr;
  std::array<Ranges, 8> ranges;
};

const WeaponFacts& weapon_facts(std::string_view weapon) {
  static const std::unordered_map<std::string_view, WeaponFacts> kFacts = [] {
    std::unordered_map<std::string_view, WeaponFacts> out;
    for (const Row& r : table("shooting.ranges").rows) {
      if (out.contains(r.key)) continue;
      WeaponFacts& f = out[r.key];
      f.row = &row("shooting.ranges", r.key);
      for (std::size_t i = 0; i < f.ranges.size(); ++i) {
        f.ranges[i] = weapon_ranges(r.key, RangeOptions{(i & 4) != 0, (i & 2) != 0, (i & 1) != 0});
      }
    }
    return out;
  }();
  const auto it = kFacts.find(weapon);
  if (it == kFacts.end()) row("shooting.ranges", weapon);  // not in the table: aborts naming it
  SB_CHECK(it != kFacts.end(), "a weapon of shooting.ranges");
  return it->second;
}

}  // namespace

ShootingModifiers shooting_modifiers(const ShootingSituation& s, bool listed) {
  ShootingModifiers out;
  out.modifiers = Modifiers(listed);
  // The shooter's type facts, found once for the shot (weapon_of, is_artillery, is_light).
  const TypeFacts& type = type_facts(s.shooter);
  out.weapon = s.weapon == "as-type" ? std::string_view(type.weapon) : std::string_view(s.weapon);
  const bool artillery = type.artillery;
  const bool light = type.light;
  if (out.weapon == "none") {
    out.may_shoot = false;
    out.why_not = "no missile weapon (§2, §4.2)";
    return out;
  }
  if (s.orders == "rout") {
    out.may_shoot = false;
    out.why_not = "routers may not fight (L28)";
    return out;
  }
  if (artillery && s.orders != "stand") {
    out.may_shoot = false;
    out.why_not = "Artillery may only fire when on Stand orders (L20, L22)";
    return out;
  }
  const WeaponFacts& weapon = weapon_facts(out.weapon);
  out.range_row = weapon.row;
  out.band = range_band(weapon.ranges[options_index(s.ranges)], s.range_cm);
  if (out.band == RangeBand::kOut) {
    out.may_shoot = false;
    out.why_not = "beyond the weapon's range (§4.2)";
    return out;
  }
  Modifiers& m = out.modifiers;
  const ShotModifierRows& mod = shot_modifier_rows();
  if (out.band == RangeBand::kExtreme) m.add(*mod.extreme_range);
  if (out.band == RangeBand::kLong) m.add(*mod.long_range);
  const bool musket = out.range_row->flag("musket");
  if (out.band == RangeBand::kShort && (musket || (out.weapon == "spear" && s.spear_short_bonus))) {
    m.add(*mod.musket_short);
  }
  if (s.poor_shots || s.orders != "stand" || s.moved) m.add(*mod.poor_shots_or_moving);
  if (s.target_cover == "soft") {
    if (!artillery) {
      m.add(*mod.soft_cover);
    } else if (s.soft_cover_artillery != 0) {
      m.add("soft cover v artillery (option)", s.soft_cover_artillery, "H4-05");
    }
  } else if (s.target_cover == "hard") {
    if (!artillery) {
      m.add_value(*mod.hard_cover_small_arms, s.hard_cover_small_arms);
    } else if (s.shooter == "light-artillery" || s.shooter == "medium-artillery") {
      m.add(*mod.hard_cover_light_artillery);
    } else if (s.hard_cover_heavy_artillery != 0) {
      m.add("hard cover v Heavy artillery/Howitzers (option)", s.hard_cover_heavy_artillery,
            "H4-05");
    }
  }
  if (s.target_light_infantry) m.add(*mod.target_light_infantry);
  if (light) m.add(*mod.lights_shooting);
  if (s.disordered) m.add(*mod.disordered);
  if (artillery && s.shooter != "howitzers" && s.target_formation != "line") {
    m.add(*mod.artillery_at_column);
  }
  if (artillery && s.range_cm <= mod.artillery_close_cm) m.add(*mod.artillery_close);
  if (s.first_shot && s.first_shot_bonus && musket && !light) {
    m.add(*mod.first_shot);
  }
  m.add(*mod.extra_stand, extra_stands(*mod.extra_stand, light, s.stands));
  return out;
}

int morale_general_class(double general_cm) {
  if (general_cm < 0) return -1;
  // Read once: the tables never change (a lookup by name per charge assessed).
  static const int pip = row("morale.modifiers", "general-near").number("cm_per_pip");
  int within = 0;
  for (int d4 = 1; d4 <= 4; ++d4) within += general_cm <= d4 * pip ? 1 : 0;
  return within;
}

int shooting_range_class(std::string_view shooter, std::string_view weapon, const RangeOptions& o,
                         double range_cm) {
  const std::string w = weapon_of(shooter, weapon);
  if (w == "none") return -1;
  return shooting_range_class(weapon_ranges(w, o), artillery_close_cm(), range_cm);
}

int shooting_range_class(const Ranges& ranges, double close_cm, double range_cm) {
  const RangeBand band = range_band(ranges, range_cm);
  return static_cast<int>(band) * 2 + (range_cm <= close_cm ? 1 : 0);
}

double artillery_close_cm() { return row("shooting.modifiers", "artillery-close").number("cm"); }

std::vector<int> shooting_dice(std::string_view shooter, int stands, bool second_die) {
  if (is_light(shooter) && second_die && stands >= 3) return {2, stands - 2};
  return {stands};
}

const Row& shooting_result(int score) { return result_row(Results::kShooting, score); }

const Row& melee_result(int score) { return result_row(Results::kMelee, score); }

MeleeModifiers melee_modifiers(const MeleeSituation& s, bool listed) {
  MeleeModifiers out;
  out.modifiers = Modifiers(listed);
  out.factor = melee_factor(s.unit_type, s.enemy_type);
  out.enemy_factor = s.enemy_routing ? 0 : melee_factor(s.enemy_type, s.unit_type);
  if (s.orders == "rout") {
    out.may_fight = false;
    return out;
  }
  Modifiers& m = out.modifiers;
  auto mod = [](std::string_view key) -> const Row& { return row("melee.modifiers", key); };
  if (s.high_morale) m.add(mod("high-morale"));
  if (s.attacking_flank_rear) m.add(mod("attacking-flank-rear"));
  if (is_infantry(s.unit_type) && !is_light(s.unit_type) && is_cavalry(s.enemy_type) &&
      (s.formation == "square" || s.formation == "column-deep")) {
    m.add(mod("square-or-deep-column"));
  }
  if (s.overlap && !s.enemy_in_square_or_buildings) m.add(mod("overlap"));
  m.add(mod("extra-stand"), extra_stands(mod("extra-stand"), s.unit_type, s.stands_in_contact));
  m.add(mod("lower-combat-value"), std::max(0, out.enemy_factor - out.factor));
  if (s.disorganised) m.add(mod("disorganised"));
  if (s.poor_morale) m.add(mod("poor-morale"));
  if (!is_light(s.unit_type) && s.unit_type != "light-cavalry-a" &&
      row("units.terrain", std::to_string(s.terrain)).flag("melee_penalty")) {
    m.add(mod("massed-in-terrain"));
  }
  if (s.orders == "reserve" || s.orders == "retreat" || s.flanked) {
    m.add(mod("reserve-retreat-or-flanked"));
  }
  if (s.enemy_defended) m.add(mod("enemy-defended"));
  if (is_cavalry(s.unit_type) && s.charged && s.orders == "stand") {
    m.add(mod("cavalry-charged-on-stand"));
  }
  return out;
}

bool morale_rolls_d4(const MoraleSituation& s) {
  return s.general_cm >= 0 && s.general_range == "d4-per-test";
}

Modifiers morale_modifiers(const MoraleSituation& s, int d4, bool listed) {
  Modifiers m(listed);
  const char* column = s.split_b ? "value_b" : "value";
  auto add = [&](std::string_view key, bool on, int times = 1) {
    if (!on) return;  // a modifier that does not apply needs no row
    const Row& r = row("morale.modifiers", key);
    m.add_value(r, r.number(column), times);
  };
  add("won-casualties", s.won_casualties);
  add("lights-charging-lights", s.lights_charging_lights && s.test == "charge");
  if (s.general_cm >= 0) {
    const Row& r = row("morale.modifiers", "general-near");
    const int reach = d4 > 0 ? d4 * r.number("cm_per_pip") : 4 * r.number("cm_per_pip");
    add("general-near", s.general_cm <= reach);
  }
  add("high-morale", s.high_morale);
  add("uphill-or-cover", s.uphill_or_cover);
  add("melee-won", s.melees_won > 0, s.melees_won);
  add("artillery-fire", s.artillery_fire);
  const int step = row("morale.modifiers", "losses").number("percent");
  const int losses =
      s.losses == "nearest-20" ? (s.losses_percent + step / 2) / step : s.losses_percent / step;
  add("losses", losses > 0, losses);
  add("disordered", s.disordered);
  add("poor-or-militia-open", s.poor_or_militia_open);
  add("higher-factor-charge", s.higher_factor_charge);
  add("charged-by-cavalry-open", s.charged_by_cavalry_open);
  add("charged-flank-rear", s.charged_flank_rear);
  add("melee-lost", s.melees_lost > 0, s.melees_lost);
  add("rally-from-rout", s.test == "rally");
  add("half-strength", s.half_strength && (s.test == "charge" || s.test == "rally"));
  return m;
}

OrderChange morale_result(const MoraleSituation& s, int score) {
  OrderChange out;
  out.score = score;
  const bool massed = s.unit_class == "massed";
  if (s.test == "rally") {
    out.row = &morale_rally_row(score);
    const bool rallied = out.row->text(massed ? "massed" : "light") == "rally";
    out.result = rallied ? "rallied" : "continue-rout";
    out.orders = rallied ? "stand" : "rout";  // H4-02: Rout is left only by rally, to Stand
    return out;
  }
  if (s.test == "charge") {
    out.row = &morale_charge_row(score);
    out.result = out.row->text(massed ? "massed" : "light");
    out.orders = out.result == "keep" ? s.orders : "stand";
    return out;
  }
  out.row = &morale_general_row(score);
  const std::string cls = massed ? "massed" : "light";
  out.result = out.row->text(cls);
  out.fall_back_cm = out.row->number(cls + "_fall_back");
  const std::string& o = s.orders;
  if (out.result == "advance-to-stand") {
    out.orders = o == "advance" ? "stand" : o;
  } else if (out.result == "advance-stand-to-retreat") {
    out.orders = o == "advance" || o == "stand" ? "retreat" : o;
  } else if (out.result == "to-retreat") {
    out.orders = o == "rout" ? o : "retreat";
  } else if (out.result == "rout") {
    out.orders = "rout";
  } else {
    out.orders = o;
  }
  if (massed && s.artillery && out.row->flag("artillery_killed")) {
    out.result = "artillery-killed";
    out.orders = "removed";
    out.fall_back_cm = 0;
  }
  return out;
}

MoraleSituation morale_situation(const Params& p) {
  MoraleSituation s;
  s.unit_class = p.get_string("class");
  s.test = p.get_string("test");
  s.orders = s.test == "rally" ? "rout" : p.get_string("orders");
  s.artillery = p.get_bool("artillery");
  s.won_casualties = p.get_bool("won-casualties");
  s.lights_charging_lights = p.get_bool("lights-charging-lights");
  s.general_cm = p.get_number("general-distance");
  s.high_morale = p.get_bool("high-morale");
  s.uphill_or_cover = p.get_bool("uphill-or-cover");
  s.melees_won = static_cast<int>(p.get_int("melees-won"));
  s.artillery_fire = p.get_bool("artillery-fire");
  s.losses_percent = static_cast<int>(p.get_int("losses-percent"));
  s.disordered = p.get_bool("disordered");
  s.poor_or_militia_open = p.get_bool("poor-or-militia-open");
  s.higher_factor_charge = p.get_bool("higher-factor-charge");
  s.charged_by_cavalry_open = p.get_bool("charged-by-cavalry-open");
  s.charged_flank_rear = p.get_bool("charged-flank-rear");
  s.melees_lost = static_cast<int>(p.get_int("melees-lost"));
  s.half_strength = p.get_bool("half-strength");
  s.split_b = p.get_bool("split-b");
  s.general_range = p.get_string("general-range");
  s.losses = p.get_string("losses");
  return s;
}

OrderChangeRule order_change_rule(std::string_view from, std::string_view to, double general_cm,
                                  double c_in_c_cm, int general_in, int c_in_c_in,
                                  int retreat_test) {
  OrderChangeRule out;
  if (from == to) {
    out.why = "the Group already holds these orders";
  } else if (from == "rout") {
    out.why = "Rout is left only by a rally (L213-L216, H4-02)";
  } else if (to == "rout") {
    out.why = "Rout may not be chosen (H4-02)";
  } else if (!(general_cm >= 0 && general_cm <= general_in) &&
             !(c_in_c_cm >= 0 && c_in_c_cm <= c_in_c_in)) {
    out.why = "neither the General nor the C-in-C is near enough (H4-02)";
  } else {
    out.allowed = true;
    if (from == "retreat" && (to == "stand" || to == "reserve")) out.needs_score = retreat_test;
  }
  return out;
}

int infantry_charge_needed(bool heavy_or_defences, bool half_strength) {
  const bool first = heavy_or_defences && !half_strength;
  return row("morale.infantry_charge", first ? "heavy-or-defences" : "other").number("needed");
}

std::vector<std::string> keys_of(std::string_view table_name, std::string_view first) {
  return row_keys(table(table_name), first);
}

}  // namespace smoothbore::group_orders
