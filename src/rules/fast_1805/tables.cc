#include "rules/fast_1805/tables.h"

#include <cmath>
#include <string>

#include <toml++/toml.h>

#include "core/check.h"
#include "core/embedded.h"
#include "rules/data_reader.h"

namespace smoothbore::fast_1805 {

namespace {

constexpr std::string_view kTablesPath = "fast_1805/data/tables.toml";

constexpr std::array<std::string_view, 3> kQualityNames = {"veteran", "green", "untrained"};
constexpr std::array<std::string_view, 3> kEffectivenessNames = {"fiery", "steady", "timid"};
constexpr std::array<std::string_view, 6> kRowNames = {"inf-line", "inf-column", "inf-skirmish",
                                                       "cav-line", "cav-column", "artillery"};
constexpr std::array<std::string_view, 7> kColumnNames = {"open", "charge", "hill", "road",
                                                          "wood", "stream", "rout"};

template <std::size_t N>
std::optional<int> find_name(const std::array<std::string_view, N>& names, std::string_view s) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == s) return static_cast<int>(i);
  }
  return std::nullopt;
}

const DataReader kData(kTablesPath);

std::string optional_string_at(const toml::table& t, std::string_view key) {
  return t[key].value<std::string>().value_or("");
}

// A row of numbers with an exact length.
std::vector<double> numbers_at(const toml::table& t, std::string_view key, std::size_t n) {
  const toml::array& a = kData.array_at(t, key);
  if (a.size() != n) kData.bad("'" + std::string(key) + "' needs " + std::to_string(n) + " values");
  std::vector<double> out;
  for (const toml::node& v : a) out.push_back(kData.number_of(v, key));
  return out;
}

template <std::size_t N>
std::array<double, N> fixed_numbers_at(const toml::table& t, std::string_view key) {
  std::vector<double> v = numbers_at(t, key, N);
  std::array<double, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = v[i];
  return out;
}

// A movement cell: a number or "-" (not allowed).
std::optional<double> cell_of(const toml::node& n) {
  if (auto s = n.value<std::string>()) {
    if (*s != "-") kData.bad("movement cell '" + *s + "' is neither a number nor \"-\"");
    return std::nullopt;
  }
  return kData.number_of(n, "movement");
}

std::string cell_text(const toml::node& n) {
  if (auto s = n.value<std::string>()) return *s;
  double v = kData.number_of(n, "movement.printed");
  return std::to_string(static_cast<long>(v));
}

std::vector<ModifierSpec> modifiers_at(const toml::table& t) {
  std::vector<ModifierSpec> out;
  for (const toml::node& n : kData.array_at(t, "modifiers")) {
    const toml::table* m = n.as_table();
    if (m == nullptr) kData.bad("a modifier is not a table");
    out.push_back({kData.string_at(*m, "key"), kData.string_at(*m, "name"),
                   kData.number_at(*m, "value"), kData.string_at(*m, "ref"),
                   (*m)["cavalry_only"].value_or(false)});
  }
  return out;
}

std::array<std::array<double, 3>, 3> melee_grid(const toml::table& t) {
  std::array<std::array<double, 3>, 3> out{};
  for (std::size_t e = 0; e < 3; ++e) out[e] = fixed_numbers_at<3>(t, kEffectivenessNames[e]);
  return out;
}

RangeTable range_table(const toml::table& t) {
  RangeTable r;
  r.ref = kData.string_at(t, "ref");
  const std::size_t n = kData.array_at(t, "bands").size();
  r.bands = numbers_at(t, "bands", n);
  for (const toml::node& l : kData.array_at(t, "band_labels")) {
    r.band_labels.push_back(l.value<std::string>().value_or(""));
  }
  if (r.band_labels.size() != n) kData.bad("band_labels must match bands");
  for (std::size_t i = 1; i < n; ++i) {
    if (!(r.bands[i] > r.bands[i - 1])) kData.bad("range bands must ascend");
  }
  r.woods_factor = kData.number_at(t, "woods_factor");
  for (std::size_t q = 0; q < 3; ++q) {
    r.percent[q] = numbers_at(t, kQualityNames[q], n);
    r.row_refs[q] = kData.string_at(t, std::string(kQualityNames[q]) + "_ref");
  }
  r.modifiers = modifiers_at(t);
  return r;
}

GunHitBand parse_gun_band(const std::string& s) {
  for (GunHitBand b :
       {GunHitBand::kLimber, GunHitBand::kHorse, GunHitBand::kCrew, GunHitBand::kGun}) {
    if (gun_hit_band_name(b) == s) return b;
  }
  kData.bad("unknown gun hit effect '" + s + "'");
}

toml::table parse_toml(std::string_view text) {
#if TOML_EXCEPTIONS
  try {
    return toml::parse(text, kTablesPath);
  } catch (const toml::parse_error& e) {
    kData.bad(std::string(e.description()));
  }
#else
  toml::parse_result r = toml::parse(text, kTablesPath);
  if (!r) kData.bad(std::string(r.error().description()));
  return std::move(r).table();
#endif
}

}  // namespace

std::string_view quality_name(Quality q) { return kQualityNames[static_cast<std::size_t>(q)]; }

std::optional<Quality> parse_quality(std::string_view s) {
  if (auto i = find_name(kQualityNames, s)) return static_cast<Quality>(*i);
  return std::nullopt;
}

std::optional<Quality> quality_drop(Quality q) {
  switch (q) {
    case Quality::kVeteran:
      return Quality::kGreen;
    case Quality::kGreen:
      return Quality::kUntrained;
    case Quality::kUntrained:
      return std::nullopt;
  }
  return std::nullopt;
}

std::string_view effectiveness_name(Effectiveness e) {
  return kEffectivenessNames[static_cast<std::size_t>(e)];
}

std::optional<Effectiveness> parse_effectiveness(std::string_view s) {
  if (auto i = find_name(kEffectivenessNames, s)) return static_cast<Effectiveness>(*i);
  return std::nullopt;
}

std::string_view move_row_name(MoveRow r) { return kRowNames[static_cast<std::size_t>(r)]; }

std::optional<MoveRow> parse_move_row(std::string_view s) {
  if (auto i = find_name(kRowNames, s)) return static_cast<MoveRow>(*i);
  return std::nullopt;
}

std::string_view move_column_name(MoveColumn c) {
  return kColumnNames[static_cast<std::size_t>(c)];
}

std::optional<MoveColumn> parse_move_column(std::string_view s) {
  if (auto i = find_name(kColumnNames, s)) return static_cast<MoveColumn>(*i);
  return std::nullopt;
}

std::string_view gun_hit_band_name(GunHitBand b) {
  switch (b) {
    case GunHitBand::kLimber:
      return "limber";
    case GunHitBand::kHorse:
      return "horse";
    case GunHitBand::kCrew:
      return "crew";
    case GunHitBand::kGun:
      return "gun";
  }
  return "gun";
}

Tables parse_tables(std::string_view toml_text) {
  const toml::table root = parse_toml(toml_text);
  Tables t;

  const toml::table& mv = kData.table_at(root, "movement");
  t.movement_ref = kData.string_at(mv, "ref");
  const toml::table& rates = kData.table_at(mv, "rates");
  for (std::size_t r = 0; r < kRowNames.size(); ++r) {
    const toml::array& row = kData.array_at(rates, kRowNames[r]);
    if (row.size() != kColumnNames.size()) kData.bad("movement rows need 7 cells");
    for (std::size_t c = 0; c < kColumnNames.size(); ++c) t.movement[r][c] = cell_of(row[c]);
  }
  for (const toml::node& n : kData.array_at(mv, "printed"))
    t.movement_printed.push_back(cell_text(n));
  if (t.movement_printed.size() != 42) kData.bad("movement.printed needs the 42 printed values");
  const toml::table& rout = kData.table_at(mv, "rout_by_arm");
  t.rout_foot = kData.number_at(rout, "foot");
  t.rout_cavalry = kData.number_at(rout, "cavalry");
  const toml::table& swap = kData.table_at(mv, "wood_swap");
  t.wood_swap_column = kData.number_at(swap, "inf-column");
  t.wood_swap_skirmish = kData.number_at(swap, "inf-skirmish");

  const toml::table& dis = kData.table_at(root, "discipline");
  t.discipline_ref = kData.string_at(dis, "ref");
  t.initiative = fixed_numbers_at<3>(dis, "initiative");
  t.morale_start = kData.number_at(dis, "morale_start");
  t.morale_loss_foot = fixed_numbers_at<3>(dis, "morale_loss_foot");
  t.morale_loss_mounted = fixed_numbers_at<3>(dis, "morale_loss_mounted");
  t.below_untrained_initiative = kData.number_at(dis, "below_untrained_initiative");

  const toml::table& mel = kData.table_at(root, "melee");
  t.melee_ref = kData.string_at(mel, "ref");
  t.melee = melee_grid(mel);
  t.melee_rowmajor = melee_grid(kData.table_at(mel, "rowmajor"));
  t.melee_modifiers = modifiers_at(mel);
  t.cavalry_vs_square_factor = kData.number_at(kData.table_at(mel, "vs_square"), "cavalry_factor");

  t.small_arms = range_table(kData.table_at(root, "small_arms"));
  t.artillery = range_table(kData.table_at(root, "artillery"));

  const toml::table& gun = kData.table_at(root, "gun_hit");
  t.gun_hit_ref = kData.string_at(gun, "ref");
  t.limber_explosion = kData.number_at(gun, "limber_explosion");
  t.limber_explosion_printed = kData.string_at(gun, "limber_explosion_printed");
  t.gun_destroyed = kData.number_at(gun, "gun_destroyed");
  t.repair = kData.number_at(gun, "repair");
  int expected_low = 1;
  for (const toml::node& n : kData.array_at(gun, "bands")) {
    const toml::table* b = n.as_table();
    if (b == nullptr) kData.bad("a gun_hit band is not a table");
    GunHitRange g{static_cast<int>(kData.number_at(*b, "low")),
                  static_cast<int>(kData.number_at(*b, "high")),
                  parse_gun_band(kData.string_at(*b, "effect")), kData.string_at(*b, "ref"),
                  optional_string_at(*b, "printed")};
    if (g.low != expected_low || g.high < g.low) kData.bad("gun_hit bands must tile 1..100");
    expected_low = g.high + 1;
    t.gun_hit.push_back(g);
  }
  if (expected_low != 101) kData.bad("gun_hit bands must tile 1..100");

  t.building_fire = kData.number_at(kData.table_at(root, "building_fire"), "percent");
  const toml::table& unl = kData.table_at(root, "unlimber");
  t.unlimber_foot = kData.number_at(unl, "foot");
  t.unlimber_cavalry = kData.number_at(unl, "cavalry");
  t.unlimber_cavalry_printed = kData.string_at(unl, "cavalry_printed");
  const toml::table& vis = kData.table_at(root, "visibility");
  t.woods_visibility = kData.number_at(vis, "woods");
  t.discover_base = kData.number_at(vis, "discover_base");
  t.discover_per_inch = kData.number_at(vis, "discover_per_inch");
  return t;
}

const Tables& tables() {
  static const Tables kTables = [] {
    auto text = embedded::find(embedded::rules_files(), kTablesPath);
    SB_CHECK(text.has_value(), "fast_1805/data/tables.toml is not embedded");
    return parse_tables(*text);
  }();
  return kTables;
}

std::optional<double> literal_movement_rate(MoveRow row, MoveColumn column) {
  return tables().movement[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
}

std::optional<double> movement_rate(MoveRow row, MoveColumn column,
                                    const MovementOptions& options) {
  const Tables& t = tables();
  if (column == MoveColumn::kRout && !options.rout_literal && row != MoveRow::kArtillery) {
    bool cavalry = row == MoveRow::kCavLine || row == MoveRow::kCavColumn;
    return cavalry ? t.rout_cavalry : t.rout_foot;
  }
  if (column == MoveColumn::kWood && options.wood_swap) {
    if (row == MoveRow::kInfColumn) return t.wood_swap_column;
    if (row == MoveRow::kInfSkirmish) return t.wood_swap_skirmish;
  }
  return literal_movement_rate(row, column);
}

std::optional<int> range_band(const RangeTable& table, double range_in, bool woods,
                              bool lower_inclusive) {
  const double factor = woods ? table.woods_factor : 1.0;
  const std::size_t n = table.bands.size();
  for (std::size_t i = 0; i < n; ++i) {
    const double limit = table.bands[i] * factor;
    // Lower-inclusive bands exclude their upper limit, except the last band (A2-08).
    const bool in = lower_inclusive && i + 1 < n ? range_in < limit : range_in <= limit;
    if (in) return static_cast<int>(i);
  }
  return std::nullopt;
}

namespace {

std::optional<double> range_percent(const RangeTable& table, Quality q, double range_in, bool woods,
                                    bool lower_inclusive) {
  auto band = range_band(table, range_in, woods, lower_inclusive);
  if (!band) return std::nullopt;
  return table.percent[static_cast<std::size_t>(q)][static_cast<std::size_t>(*band)];
}

std::size_t melee_column(Arm arm) {
  switch (arm) {
    case Arm::kCavalry:
      return 0;
    case Arm::kFoot:
      return 1;
    case Arm::kArtillery:
    case Arm::kWagon:
      return 2;
  }
  return 1;
}

}  // namespace

std::optional<double> small_arms_percent(Quality q, double range_in, bool woods,
                                         bool lower_inclusive) {
  return range_percent(tables().small_arms, q, range_in, woods, lower_inclusive);
}

std::optional<double> artillery_percent(Quality q, double range_in, bool woods,
                                        bool lower_inclusive) {
  return range_percent(tables().artillery, q, range_in, woods, lower_inclusive);
}

double initiative_percent(Quality q) { return tables().initiative[static_cast<std::size_t>(q)]; }

double stand_vs_cavalry_percent(Quality q, double untrained_percent) {
  if (auto lower = quality_drop(q)) return initiative_percent(*lower);
  return untrained_percent;
}

double morale_loss_per_figure(Quality q, Arm arm) {
  const Tables& t = tables();
  const auto i = static_cast<std::size_t>(q);
  return arm == Arm::kFoot ? t.morale_loss_foot[i] : t.morale_loss_mounted[i];
}

double melee_percent(Effectiveness e, Arm arm, bool rowmajor) {
  const Tables& t = tables();
  const auto& grid = rowmajor ? t.melee_rowmajor : t.melee;
  return grid[static_cast<std::size_t>(e)][melee_column(arm)];
}

GunHitBand gun_hit_band(int d100) {
  for (const GunHitRange& g : tables().gun_hit) {
    if (d100 >= g.low && d100 <= g.high) return g.band;
  }
  SB_CHECK(false, "d100 roll out of 1..100");
  return GunHitBand::kGun;
}

double unlimber_distance(Arm enemy_arm) {
  const Tables& t = tables();
  if (enemy_arm == Arm::kFoot) return t.unlimber_foot;
  if (enemy_arm == Arm::kCavalry) return t.unlimber_cavalry;
  return 0;
}

}  // namespace smoothbore::fast_1805
