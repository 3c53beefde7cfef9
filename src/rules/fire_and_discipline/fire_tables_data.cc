// The Fire and Discipline fire tables as data (fire.toml, 000.md §7, §6.9, FD-36): the
// names of firearms, gun rows and classes, ammunition, targets, cover and effects, and
// the parse of the embedded tables behind fire_tables(). Lookups are in fire_tables.cc.
#include "rules/fire_and_discipline/fire_tables.h"

#include <string>
#include <utility>

#include <toml++/toml.h>

#include "core/check.h"
#include "core/embedded.h"
#include "rules/data_reader.h"

namespace smoothbore::fire_and_discipline {

namespace {

constexpr std::string_view kFirePath = "fire_and_discipline/data/fire.toml";

constexpr std::array<std::string_view, 4> kFirearmNames = {"bow", "matchlock", "firelock",
                                                           "flintlock"};
constexpr std::array<std::string_view, 4> kColumnNames = {"skirmish", "0-30", "31-60", "61-100"};
constexpr std::array<std::string_view, 5> kRowNames = {"1-4", "6", "8-9", "10-12", "16+"};
constexpr std::array<std::string_view, 5> kClassNames = {"light", "field", "position", "siege",
                                                         "howitzer"};
constexpr std::array<std::string_view, 3> kAmmoNames = {"ball", "canister", "shell"};
constexpr std::array<std::string_view, 5> kTargetNames = {"formed", "mounted", "skirmish",
                                                          "unlimbered-guns", "limbered"};
constexpr std::array<std::string_view, 6> kCoverNames = {
    "open", "protective", "earthworks", "light-woods", "rough", "heavy-woods"};
constexpr std::array<std::string_view, 3> kComponentNames = {"crew", "limber", "gun"};
constexpr std::array<std::string_view, 4> kEffectNames = {"none", "halt", "halt-hit",
                                                          "retreat-hit"};

template <std::size_t N>
std::optional<int> find_name(const std::array<std::string_view, N>& names, std::string_view s) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == s) return static_cast<int>(i);
  }
  return std::nullopt;
}

template <class E, std::size_t N>
std::string_view name_of(const std::array<std::string_view, N>& names, E e) {
  return names[static_cast<std::size_t>(e)];
}

const DataReader kData(kFirePath);

std::string string_of(const toml::node& n, std::string_view what) {
  if (auto v = n.value<std::string>()) return *v;
  kData.bad("expected a string in '" + std::string(what) + "'");
}

// Tables of an array of tables.
std::vector<const toml::table*> tables_at(const toml::table& t, std::string_view key) {
  std::vector<const toml::table*> out;
  for (const toml::node& n : kData.array_at(t, key)) {
    const toml::table* sub = n.as_table();
    if (sub == nullptr) kData.bad("'" + std::string(key) + "' holds a non-table");
    out.push_back(sub);
  }
  return out;
}

// A row of numbers or `none` markers, exactly `N` long.
template <std::size_t N>
std::array<std::optional<double>, N> cells_at(const toml::table& t, std::string_view key,
                                              std::string_view none) {
  const toml::array& a = kData.array_at(t, key);
  if (a.size() != N) kData.bad("'" + std::string(key) + "' needs " + std::to_string(N) + " values");
  std::array<std::optional<double>, N> out{};
  for (std::size_t i = 0; i < N; ++i) {
    if (auto s = a[i].value<std::string>()) {
      if (*s != none) kData.bad("cell '" + *s + "' in '" + std::string(key) + "'");
    } else {
      out[i] = kData.number_of(a[i], key);
    }
  }
  return out;
}

// Printed d10 faces (0..9) → faces 1..10 (the printed "0" is the tenth face).
std::optional<std::vector<int>> faces_of(const toml::node& n, std::string_view none) {
  if (auto s = n.value<std::string>()) {
    if (*s != none) kData.bad("musketry cell '" + *s + "'");
    return std::nullopt;
  }
  const toml::array* a = n.as_array();
  if (a == nullptr || a->empty()) kData.bad("a musketry cell is neither faces nor n/a");
  std::vector<int> faces;
  for (const toml::node& f : *a) {
    const int printed = static_cast<int>(kData.number_of(f, "faces"));
    if (printed < 0 || printed > 9) kData.bad("musketry face out of 0..9");
    faces.push_back(printed == 0 ? 10 : printed);
  }
  return faces;
}

GunRow row_named(const std::string& s) {
  if (auto r = parse_gun_row(s)) return *r;
  kData.bad("unknown gun row '" + s + "'");
}

std::vector<GunHitRange> gun_hit_ranges(const toml::table& t, std::string_view key) {
  std::vector<GunHitRange> out;
  int expected_low = 1;
  for (const toml::table* b : tables_at(t, key)) {
    GunHitRange g;
    g.low = kData.int_at(*b, "low");
    g.high = kData.int_at(*b, "high");
    auto c = find_name(kComponentNames, kData.string_at(*b, "component"));
    if (!c) kData.bad("unknown gun hit component");
    g.component = static_cast<GunHitComponent>(*c);
    g.printed = kData.string_at(*b, "printed");
    g.ref = kData.string_at(*b, "ref");
    if (g.low != expected_low || g.high < g.low) kData.bad("gun_hit ranges must tile 1..10");
    expected_low = g.high + 1;
    out.push_back(std::move(g));
  }
  if (expected_low != 11) kData.bad("gun_hit ranges must tile 1..10");
  return out;
}

toml::table parse_toml(std::string_view text) {
#if TOML_EXCEPTIONS
  try {
    return toml::parse(text, kFirePath);
  } catch (const toml::parse_error& e) {
    kData.bad(std::string(e.description()));
  }
#else
  toml::parse_result r = toml::parse(text, kFirePath);
  if (!r) kData.bad(std::string(r.error().description()));
  return std::move(r).table();
#endif
}

void parse_musketry(const toml::table& root, FireTables& t) {
  const toml::table& m = kData.table_at(root, "musketry");
  t.musketry_ref = kData.string_at(m, "ref");
  const auto bands = cells_at<3>(m, "bands", "");
  for (std::size_t i = 0; i < 3; ++i) t.musket_bands[i] = *bands[i];
  if (!(t.musket_bands[0] < t.musket_bands[1] && t.musket_bands[1] < t.musket_bands[2])) {
    kData.bad("musketry bands must ascend");
  }
  t.musket_band_ref = kData.string_at(m, "band_ref");
  const std::string none = kData.string_at(m, "not_available");
  const toml::table& arms = kData.table_at(m, "firearms");
  for (std::size_t f = 0; f < kFirearmNames.size(); ++f) {
    const toml::table& a = kData.table_at(arms, kFirearmNames[f]);
    FirearmRow& row = t.firearms[f];
    row.label = kData.string_at(a, "label");
    row.ref = kData.string_at(a, "ref");
    const toml::array& faces = kData.array_at(a, "faces");
    const toml::array& printed = kData.array_at(a, "printed");
    if (faces.size() != 4 || printed.size() != 4) kData.bad("a firearm row needs 4 cells");
    for (std::size_t c = 0; c < 4; ++c) {
      row.cells[c].faces = faces_of(faces[c], none);
      row.cells[c].printed = string_of(printed[c], "printed");
    }
    row.max_range = kData.number_at(a, "max_range");
    row.max_range_ref = kData.string_at(a, "max_range_ref");
  }
  const toml::table& dice = kData.table_at(m, "dice");
  t.dice_per_stand = kData.int_at(dice, "per_stand");
  t.dice_per_stand_ref = kData.string_at(dice, "per_stand_ref");
  t.minimum_dice = kData.int_at(dice, "minimum");
  t.minimum_dice_ref = kData.string_at(dice, "minimum_ref");
  for (const toml::table* d : tables_at(m, "modifiers")) {
    t.musketry_modifiers.push_back({kData.string_at(*d, "key"), kData.string_at(*d, "name"),
                                    kData.int_at(*d, "dice"), kData.string_at(*d, "ref"),
                                    kData.string_at(*d, "pullout_ref"),
                                    kData.string_at(*d, "or_group")});
  }

  const toml::table& s = kData.table_at(root, "skirmish_result");
  t.skirmish_ref = kData.string_at(s, "ref");
  t.skirmish_dice = kData.int_at(s, "dice");
  t.skirmish_face = kData.int_at(s, "count_face");
  const auto rows = tables_at(s, "rows");
  if (rows.size() != 4 || t.skirmish_dice != 3)
    kData.bad("skirmish_result needs rows for 0-3 nines");
  for (std::size_t i = 0; i < 4; ++i) {
    SkirmishResultRow& r = t.skirmish_results[i];
    r.nines = kData.int_at(*rows[i], "nines");
    if (r.nines != static_cast<int>(i)) kData.bad("skirmish_result rows must be in order of nines");
    auto e = find_name(kEffectNames, kData.string_at(*rows[i], "effect"));
    if (!e) kData.bad("unknown skirmish effect");
    r.effect = static_cast<SkirmishEffect>(*e);
    r.printed = kData.string_at(*rows[i], "printed");
    r.casualties = kData.int_at(*rows[i], "casualties");
    r.retreat = kData.number_at(*rows[i], "retreat");
    r.ref = kData.string_at(*rows[i], "ref");
  }
}

void parse_artillery(const toml::table& root, FireTables& t) {
  const toml::table& a = kData.table_at(root, "artillery");
  t.artillery_ref = kData.string_at(a, "ref");
  const auto bands = cells_at<5>(a, "bands", "");
  const toml::array& labels = kData.array_at(a, "columns");
  if (labels.size() != 5) kData.bad("artillery needs 5 columns");
  for (std::size_t i = 0; i < 5; ++i) {
    t.gun_bands[i] = *bands[i];
    t.gun_band_labels[i] = string_of(labels[i], "columns");
    if (i > 0 && !(t.gun_bands[i] > t.gun_bands[i - 1])) kData.bad("artillery bands must ascend");
  }
  t.gun_band_ref = kData.string_at(a, "band_ref");
  t.automatic_hit = kData.number_at(a, "automatic_hit");
  t.automatic_hit_ref = kData.string_at(a, "automatic_hit_ref");
  t.second_hit_cap = kData.int_at(a, "second_hit_cap");
  t.miss_ref = kData.string_at(a, "miss_ref");
  const std::string none = kData.string_at(a, "no_value");
  const auto rows = tables_at(a, "rows");
  if (rows.size() != 5) kData.bad("artillery needs 5 rows");
  for (std::size_t i = 0; i < 5; ++i) {
    if (kData.string_at(*rows[i], "row") != kRowNames[i]) kData.bad("artillery rows out of order");
    ArtilleryRow& r = t.gun_rows[i];
    r.ref = kData.string_at(*rows[i], "ref");
    r.percent = cells_at<5>(*rows[i], "percent", none);
    r.printed = rows[i]->contains("printed") ? cells_at<5>(*rows[i], "printed", none) : r.percent;
    r.correction_ref = (*rows[i])["correction_ref"].value_or(std::string());
    r.max_range = kData.number_at(*rows[i], "max_range");
    r.max_range_ref = kData.string_at(*rows[i], "max_range_ref");
  }

  const toml::table& ammo = kData.table_at(a, "ammo");
  t.ammo_ref = kData.string_at(ammo, "ref");
  t.canister_max_range = kData.number_at(ammo, "canister_max_range");
  const std::string short_column = kData.string_at(ammo, "ball_short_range_column");
  t.ball_short_range_band = -1;
  for (std::size_t i = 0; i < 5; ++i) {
    if (t.gun_band_labels[i] == short_column) t.ball_short_range_band = static_cast<int>(i);
  }
  if (t.ball_short_range_band < 0) kData.bad("unknown ball_short_range_column");
  if (kData.string_at(ammo, "shell_as") != "ball") kData.bad("shell_as must be ball");

  const toml::table& fp = kData.table_at(a, "firepower");
  t.firepower_factor = kData.number_at(fp, "factor");
  t.firepower_ref = kData.string_at(fp, "ref");
  t.crew_per_gun = kData.int_at(fp, "crew_per_gun");
  const toml::table& sk = kData.table_at(a, "skirmish");
  t.skirmish_factor = kData.number_at(sk, "factor");
  t.skirmish_factor_ref = kData.string_at(sk, "ref");
  const toml::table& br = kData.table_at(a, "modifier_break");
  t.modifier_break = kData.number_at(br, "yards");
  t.modifier_break_ref = kData.string_at(br, "ref");
  t.pullout_modifier_break = kData.number_at(br, "pullout_yards");
  t.pullout_modifier_break_ref = kData.string_at(br, "pullout_ref");
  for (const toml::table* m : tables_at(a, "modifiers")) {
    t.artillery_modifiers.push_back({kData.string_at(*m, "key"), kData.string_at(*m, "name"),
                                     kData.number_at(*m, "under"), kData.number_at(*m, "over"),
                                     kData.string_at(*m, "ref"),
                                     kData.string_at(*m, "pullout_ref")});
  }

  const toml::table& rp = kData.table_at(a, "row_of_pdr");
  t.row_of_pdr_ref = kData.string_at(rp, "ref");
  t.howitzer_row = row_named(kData.string_at(rp, "howitzer_row"));
  int expected = 1;
  for (const toml::table* r : tables_at(rp, "ranges")) {
    PdrRange p{kData.int_at(*r, "min_pdr"), kData.int_at(*r, "max_pdr"),
               row_named(kData.string_at(*r, "row"))};
    if (p.min_pdr != expected || p.max_pdr < p.min_pdr) kData.bad("row_of_pdr must tile from 1");
    expected = p.max_pdr + 1;
    t.row_of_pdr.push_back(p);
  }
}

void parse_guns(const toml::table& root, FireTables& t) {
  const toml::table& gc = kData.table_at(root, "gun_classes");
  t.class_ref = kData.string_at(gc, "ref");
  for (std::size_t c = 0; c < 4; ++c) {
    const auto r = cells_at<2>(gc, kClassNames[c], "");
    t.class_pdr[c] = {static_cast<int>(*r[0]), static_cast<int>(*r[1])};
  }
  const toml::table& b = kData.table_at(root, "barrage");
  t.barrage_ref = kData.string_at(b, "ref");
  for (std::size_t c = 0; c < 5; ++c) {
    const auto row = cells_at<3>(b, kClassNames[c], "-");
    for (std::size_t m = 0; m < 3; ++m) {
      if (row[m]) t.barrage[c][m] = static_cast<int>(*row[m]);
    }
  }
  const toml::table& g = kData.table_at(root, "gun_hit");
  t.gun_hit_ref = kData.string_at(g, "ref");
  t.gun_hit_limbered = gun_hit_ranges(g, "limbered");
  t.gun_hit_unlimbered = gun_hit_ranges(g, "unlimbered");
}

}  // namespace

std::string_view firearm_name(Firearm f) { return name_of(kFirearmNames, f); }
std::optional<Firearm> parse_firearm(std::string_view s) {
  if (auto i = find_name(kFirearmNames, s)) return static_cast<Firearm>(*i);
  return std::nullopt;
}
std::string_view musket_column_name(MusketColumn c) { return name_of(kColumnNames, c); }
std::string_view gun_row_name(GunRow r) { return name_of(kRowNames, r); }
std::optional<GunRow> parse_gun_row(std::string_view s) {
  if (auto i = find_name(kRowNames, s)) return static_cast<GunRow>(*i);
  return std::nullopt;
}
std::string_view gun_class_name(GunClass c) { return name_of(kClassNames, c); }
std::optional<GunClass> parse_gun_class(std::string_view s) {
  if (auto i = find_name(kClassNames, s)) return static_cast<GunClass>(*i);
  return std::nullopt;
}
std::string_view ammo_name(Ammo a) { return name_of(kAmmoNames, a); }
std::optional<Ammo> parse_ammo(std::string_view s) {
  if (auto i = find_name(kAmmoNames, s)) return static_cast<Ammo>(*i);
  return std::nullopt;
}
std::string_view artillery_target_name(ArtilleryTarget t) { return name_of(kTargetNames, t); }
std::optional<ArtilleryTarget> parse_artillery_target(std::string_view s) {
  if (auto i = find_name(kTargetNames, s)) return static_cast<ArtilleryTarget>(*i);
  return std::nullopt;
}
std::string_view target_cover_name(TargetCover c) { return name_of(kCoverNames, c); }
std::optional<TargetCover> parse_target_cover(std::string_view s) {
  if (auto i = find_name(kCoverNames, s)) return static_cast<TargetCover>(*i);
  return std::nullopt;
}
std::string_view gun_hit_component_name(GunHitComponent c) { return name_of(kComponentNames, c); }
std::string_view skirmish_effect_name(SkirmishEffect e) { return name_of(kEffectNames, e); }

FireTables parse_fire_tables(std::string_view toml_text) {
  const toml::table root = parse_toml(toml_text);
  FireTables t;
  parse_musketry(root, t);
  parse_artillery(root, t);
  parse_guns(root, t);
  return t;
}

const FireTables& fire_tables() {
  static const FireTables kTables = [] {
    auto text = embedded::find(embedded::rules_files(), kFirePath);
    SB_CHECK(text.has_value(), "fire_and_discipline/data/fire.toml is not embedded");
    return parse_fire_tables(*text);
  }();
  return kTables;
}

}  // namespace smoothbore::fire_and_discipline
