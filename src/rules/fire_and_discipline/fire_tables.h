// The fire tables of "Fire and Discipline", "Dawn of Modern Warfare" (digest
// shared/rules/000.md §7, §8, R-000-1..6), loaded once from the embedded data file
// fire_and_discipline/data/fire.toml: the Musketry Fire Table (§7.5), the musketry dice
// modifiers (§7.4), the skirmish fire result (§7.5 L552), the Artillery Fire Chart (§6.9),
// its modifiers, the barrage allotments (§6.22), the calibre → chart-row mapping (R-000-6)
// and the hits on artillery (§6.8). Every table keeps its rule reference; cells the digest
// corrected keep the printed value.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smoothbore::fire_and_discipline {

// Firearm classes of the Musketry Fire Table (§7.5; rifles are not allowed, §7.14).
enum class Firearm { kBow, kMatchlock, kFirelock, kFlintlock };
std::string_view firearm_name(Firearm f);  // "bow", "matchlock", "firelock", "flintlock"
std::optional<Firearm> parse_firearm(std::string_view s);

// Columns of the Musketry Fire Table.
enum class MusketColumn { kSkirmish, k0To30, k31To60, k61To100 };
std::string_view musket_column_name(MusketColumn c);  // "skirmish", "0-30", "31-60", "61-100"

// Rows of the Artillery Fire Chart (§6.9).
enum class GunRow { k1To4, k6, k8To9, k10To12, k16Plus };
std::string_view gun_row_name(GunRow r);  // "1-4", "6", "8-9", "10-12", "16+"
std::optional<GunRow> parse_gun_row(std::string_view s);

// Gun classes (§6.14) and the barrage table rows (§6.22).
enum class GunClass { kLight, kField, kPosition, kSiege, kHowitzer };
std::string_view gun_class_name(GunClass c);  // "light", "field", "position", "siege", "howitzer"
std::optional<GunClass> parse_gun_class(std::string_view s);

enum class Ammo { kBall, kCanister, kShell };
std::string_view ammo_name(Ammo a);  // "ball", "canister", "shell"
std::optional<Ammo> parse_ammo(std::string_view s);

// What an artillery shot is aimed at (§6.9 modifiers).
enum class ArtilleryTarget { kFormed, kMounted, kSkirmish, kUnlimberedGuns, kLimbered };
// "formed", "mounted", "skirmish", "unlimbered-guns", "limbered"
std::string_view artillery_target_name(ArtilleryTarget t);
std::optional<ArtilleryTarget> parse_artillery_target(std::string_view s);

// The target's cover. Musketry knows open, protective and earthworks (§7.4).
enum class TargetCover { kOpen, kProtective, kEarthworks, kLightWoods, kRough, kHeavyWoods };
// "open", "protective", "earthworks", "light-woods", "rough", "heavy-woods"
std::string_view target_cover_name(TargetCover c);
std::optional<TargetCover> parse_target_cover(std::string_view s);

// The component of a section a hit on artillery strikes (§6.8).
enum class GunHitComponent { kCrew, kLimber, kGun };
std::string_view gun_hit_component_name(GunHitComponent c);  // "crew", "limber", "gun"

// One cell of the Musketry Fire Table: the d10 faces that hit (1..10, 10 = the printed
// "0"), or nullopt for "n/a"; `printed` as printed ("0-1-2", "n/a").
struct MusketCell {
  std::optional<std::vector<int>> faces;
  std::string printed;
};

struct FirearmRow {
  std::string label;  // "FLINTLOCKS"
  std::string ref;    // "L550, L720"
  std::array<MusketCell, 4> cells;
  double max_range = 100;  // yards (bows 60 by FD-34; matchlocks 60, 61-100 n/a)
  std::string max_range_ref;
};

// A musketry dice modifier (§7.4): {"platoon", "firer is a Platoon Fire ...", -2, ...}.
struct DiceModifierSpec {
  std::string key;
  std::string name;
  int dice = 0;
  std::string ref;          // body
  std::string pullout_ref;  // pullout copy
  std::string or_group;     // pullout "OR" group (FD-31), "" if none
};

enum class SkirmishEffect { kNone, kHalt, kHaltHit, kRetreatHit };
// "none", "halt", "halt-hit", "retreat-hit" (ordered from least to worst)
std::string_view skirmish_effect_name(SkirmishEffect e);

struct SkirmishResultRow {
  int nines = 0;
  SkirmishEffect effect = SkirmishEffect::kNone;
  std::string printed;
  int casualties = 0;
  double retreat = 0;  // yards
  std::string ref;
};

struct ArtilleryRow {
  std::string ref;
  std::array<std::optional<double>, 5> percent;  // nullopt = "-"; the digest's values
  std::array<std::optional<double>, 5> printed;  // as printed (differs where corrected)
  std::string correction_ref;                    // "FD-10, R-000-1" where corrected
  double max_range = 0;
  std::string max_range_ref;
};

// An additive artillery modifier: `under` up to the break, `over` beyond it (§6.9 L466).
struct ChanceModifierSpec {
  std::string key;
  std::string name;
  double under = 0;
  double over = 0;
  std::string ref;
  std::string pullout_ref;
  // The value at `range_yd` with the break at `break_yd` ("Under 300" read as <= 300).
  double at(double range_yd, double break_yd) const { return range_yd <= break_yd ? under : over; }
};

struct PdrRange {
  int min_pdr = 0;
  int max_pdr = 0;
  GunRow row = GunRow::k1To4;
};

struct GunHitRange {
  int low = 0;  // d10 faces, 10 = the printed "0"
  int high = 0;
  GunHitComponent component = GunHitComponent::kCrew;
  std::string printed;
  std::string ref;
};

struct FireTables {
  // §7.5 Musketry Fire Table.
  std::string musketry_ref;
  std::array<double, 3> musket_bands{};  // inclusive upper bounds of 0-30, 31-60, 61-100
  std::string musket_band_ref;
  std::array<FirearmRow, 4> firearms;  // by Firearm
  int dice_per_stand = 1;
  std::string dice_per_stand_ref;
  int minimum_dice = 1;
  std::string minimum_dice_ref;
  std::vector<DiceModifierSpec> musketry_modifiers;  // §7.4, in print order

  // §7.5 L552 skirmish result, by number of 9s.
  std::string skirmish_ref;
  int skirmish_dice = 3;
  int skirmish_face = 9;
  std::array<SkirmishResultRow, 4> skirmish_results;

  // §6.9 Artillery Fire Chart.
  std::string artillery_ref;
  std::array<double, 5> gun_bands{};  // inclusive upper bounds
  std::array<std::string, 5> gun_band_labels;
  std::string gun_band_ref;
  std::array<ArtilleryRow, 5> gun_rows;  // by GunRow
  double automatic_hit = 100;            // FD-13
  int second_hit_cap = 2;
  std::string automatic_hit_ref;
  std::string miss_ref;
  double canister_max_range = 150;  // FD-15
  int ball_short_range_band = 2;    // "151-300"
  std::string ammo_ref;
  double firepower_factor = 0.5;  // FD-14, FD-16
  std::string firepower_ref;
  int crew_per_gun = 2;
  double skirmish_factor = 0.5;
  std::string skirmish_factor_ref;
  double modifier_break = 300;  // FD-11
  std::string modifier_break_ref;
  double pullout_modifier_break = 400;
  std::string pullout_modifier_break_ref;
  std::vector<ChanceModifierSpec> artillery_modifiers;  // in print order
  std::vector<PdrRange> row_of_pdr;                     // R-000-6
  GunRow howitzer_row = GunRow::k10To12;
  std::string row_of_pdr_ref;

  // §6.14 gun classes by calibre: [light, field, position, siege] = {min, max}.
  std::array<std::array<int, 2>, 4> class_pdr{};
  std::string class_ref;

  // §6.22 barrage allotment [class][ammo]; nullopt = not carried.
  std::array<std::array<std::optional<int>, 3>, 5> barrage{};
  std::string barrage_ref;

  // §6.8 hits on artillery.
  std::string gun_hit_ref;
  std::vector<GunHitRange> gun_hit_limbered;
  std::vector<GunHitRange> gun_hit_unlimbered;
};

// The tables, parsed from the embedded TOML on first use. Malformed embedded data is a bug
// (SB_CHECK).
const FireTables& fire_tables();
// Parses the tables from TOML text (exposed for tests of edited copies).
FireTables parse_fire_tables(std::string_view toml_text);

// The musketry range column (FD-36: inclusive upper bounds, 0 yd = 0-30), or nullopt beyond
// 100 yd. Never kSkirmish. `upper_inclusive` false (option fd_36_band_upper_inclusive): a
// range on a band's upper bound reads the next band (30 yd is 31-60); the last band keeps
// its bound (the weapon's maximum range still reaches).
std::optional<MusketColumn> musket_range_column(double range_yd, bool upper_inclusive = true);
// The cell as printed (bows 61-100 keep their printed "0").
const MusketCell& musket_cell(Firearm f, MusketColumn c);
double musket_max_range(Firearm f);
// The faces that hit for a volley at `range_yd`, or nullopt when the weapon cannot reach
// (beyond its maximum range, FD-34) or the cell is "n/a".
std::optional<std::vector<int>> musket_hit_faces(Firearm f, double range_yd,
                                                 bool upper_inclusive = true);
// The Skirmish column, usable at any range up to the weapon's maximum (FD-04).
std::optional<std::vector<int>> skirmish_hit_faces(Firearm f, double range_yd);
const DiceModifierSpec& musketry_modifier(std::string_view key);

// R-000-6: the chart row of a gun of `pdr` pounds (pdr >= 1).
GunRow gun_row_of_pdr(int pdr);
// §6.14: the class of a (non-howitzer) gun of `pdr` pounds.
GunClass gun_class_of_pdr(int pdr);
// The chart column of a range (inclusive upper bounds, 0 yd = 01-50), nullopt beyond 900.
// `upper_inclusive` false (FD-36 option): 50 yd reads 51-150, ...; 900 stays 601-900.
std::optional<int> gun_range_band(double range_yd, bool upper_inclusive = true);
// The % of a row and column; nullopt for "-". `fix_8pdr` (FD-10, default) reads the
// corrected 80 for 8-9 pdr at 151-300, otherwise the printed 20.
std::optional<double> gun_percent(GunRow r, int band, bool fix_8pdr = true);
double gun_max_range(GunRow r);
const ChanceModifierSpec& artillery_modifier(std::string_view key);
// §6.22: barrages of `ammo` a section of `c` carries; nullopt = none of that type.
std::optional<int> barrage_allotment(GunClass c, Ammo ammo);
// §6.8: the component a hit strikes, from a d10 face (1..10, 10 = "0").
GunHitComponent gun_hit_component(bool limbered, int d10);

}  // namespace smoothbore::fire_and_discipline
