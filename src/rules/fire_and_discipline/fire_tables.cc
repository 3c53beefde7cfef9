// Lookups in the Fire and Discipline fire tables (000.md §7.5, §6.9, R-000-6, FD-36): the
// musketry column and faces of a range, gun rows and classes of a weight, the artillery
// percentage of a band, modifiers, barrage allotments and the gun hit component.
#include "rules/fire_and_discipline/fire_tables.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "core/check.h"

namespace smoothbore::fire_and_discipline {

namespace {

// FD-36: the band of `range_yd` among ascending upper bounds; exclusive bounds move a range
// on a bound to the next band, except the last bound (the maximum range).
template <std::size_t N>
std::optional<std::size_t> band_of(const std::array<double, N>& bounds, double range_yd,
                                   bool upper_inclusive) {
  for (std::size_t i = 0; i < N; ++i) {
    const bool last = i + 1 == N;
    if (range_yd < bounds[i] || ((upper_inclusive || last) && range_yd == bounds[i])) return i;
  }
  return std::nullopt;
}

}  // namespace

std::optional<MusketColumn> musket_range_column(double range_yd, bool upper_inclusive) {
  const auto i = band_of(fire_tables().musket_bands, range_yd, upper_inclusive);
  if (!i) return std::nullopt;
  return static_cast<MusketColumn>(*i + 1);
}

const MusketCell& musket_cell(Firearm f, MusketColumn c) {
  return fire_tables().firearms[static_cast<std::size_t>(f)].cells[static_cast<std::size_t>(c)];
}

double musket_max_range(Firearm f) {
  return fire_tables().firearms[static_cast<std::size_t>(f)].max_range;
}

std::optional<std::vector<int>> musket_hit_faces(Firearm f, double range_yd, bool upper_inclusive) {
  if (range_yd > musket_max_range(f)) return std::nullopt;
  auto column = musket_range_column(range_yd, upper_inclusive);
  if (!column) return std::nullopt;
  return musket_cell(f, *column).faces;
}

std::optional<std::vector<int>> skirmish_hit_faces(Firearm f, double range_yd) {
  if (range_yd > musket_max_range(f)) return std::nullopt;
  return musket_cell(f, MusketColumn::kSkirmish).faces;
}

const DiceModifierSpec& musketry_modifier(std::string_view key) {
  for (const DiceModifierSpec& m : fire_tables().musketry_modifiers) {
    if (m.key == key) return m;
  }
  check_failed("known musketry modifier", __FILE__, __LINE__, key);
}

GunRow gun_row_of_pdr(int pdr) {
  const FireTables& t = fire_tables();
  for (const PdrRange& r : t.row_of_pdr) {
    if (pdr >= r.min_pdr && pdr <= r.max_pdr) return r.row;
  }
  return t.row_of_pdr.back().row;
}

GunClass gun_class_of_pdr(int pdr) {
  const FireTables& t = fire_tables();
  for (std::size_t c = 0; c < 4; ++c) {
    if (pdr >= t.class_pdr[c][0] && pdr <= t.class_pdr[c][1]) return static_cast<GunClass>(c);
  }
  return GunClass::kSiege;
}

std::optional<int> gun_range_band(double range_yd, bool upper_inclusive) {
  const auto i = band_of(fire_tables().gun_bands, range_yd, upper_inclusive);
  if (!i) return std::nullopt;
  return static_cast<int>(*i);
}

std::optional<double> gun_percent(GunRow r, int band, bool fix_8pdr) {
  SB_CHECK(band >= 0 && band < 5, "artillery band out of range");
  const ArtilleryRow& row = fire_tables().gun_rows[static_cast<std::size_t>(r)];
  const auto b = static_cast<std::size_t>(band);
  return fix_8pdr ? row.percent[b] : row.printed[b];
}

double gun_max_range(GunRow r) {
  return fire_tables().gun_rows[static_cast<std::size_t>(r)].max_range;
}

const ChanceModifierSpec& artillery_modifier(std::string_view key) {
  for (const ChanceModifierSpec& m : fire_tables().artillery_modifiers) {
    if (m.key == key) return m;
  }
  check_failed("known artillery modifier", __FILE__, __LINE__, key);
}

std::optional<int> barrage_allotment(GunClass c, Ammo ammo) {
  return fire_tables().barrage[static_cast<std::size_t>(c)][static_cast<std::size_t>(ammo)];
}

GunHitComponent gun_hit_component(bool limbered, int d10) {
  const FireTables& t = fire_tables();
  for (const GunHitRange& g : limbered ? t.gun_hit_limbered : t.gun_hit_unlimbered) {
    if (d10 >= g.low && d10 <= g.high) return g.component;
  }
  check_failed("d10 face in 1..10", __FILE__, __LINE__, "gun hit roll out of range");
}

}  // namespace smoothbore::fire_and_discipline
