// The tables of "1805: Fast Rules For The Musket Period" (digest shared/rules/002.md,
// R-002-1..7), loaded once from the embedded data file fast_1805/data/tables.toml. Every
// table keeps its rule reference; cells the digest corrected keep the printed text.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/force/force.h"

namespace smoothbore::fast_1805 {

// Discipline / unit quality (R-002-2).
enum class Quality { kVeteran, kGreen, kUntrained };
std::string_view quality_name(Quality q);  // "veteran", "green", "untrained"
std::optional<Quality> parse_quality(std::string_view s);
// One Discipline level lower after a rout (L23, A2-04, A2-25); nullopt for Untrained (the
// unit disperses instead).
std::optional<Quality> quality_drop(Quality q);

// Melee effectiveness (R-002-3).
enum class Effectiveness { kFiery, kSteady, kTimid };
std::string_view effectiveness_name(Effectiveness e);  // "fiery", "steady", "timid"
std::optional<Effectiveness> parse_effectiveness(std::string_view s);

// MOVEMENT rows and columns (R-002-1). kArtillery is "Arty & Wagons".
enum class MoveRow { kInfLine, kInfColumn, kInfSkirmish, kCavLine, kCavColumn, kArtillery };
enum class MoveColumn { kOpen, kCharge, kHill, kRoad, kWood, kStream, kRout };
std::string_view move_row_name(MoveRow r);  // "inf-line", ..., "artillery"
std::optional<MoveRow> parse_move_row(std::string_view s);
std::string_view move_column_name(MoveColumn c);  // "open", "charge", ..., "rout"
std::optional<MoveColumn> parse_move_column(std::string_view s);

// A named per-figure modifier of a table: {"first-fire", "first fire", +3, "L118"}.
struct ModifierSpec {
  std::string key;   // the resolution parameter that turns it on
  std::string name;  // as printed
  double value = 0;  // percentage points per figure
  std::string ref;
  bool cavalry_only = false;  // melee: applies to cavalry figures only (L29-L30)
};

// A kill table by range band (R-002-4, R-002-5): % per shooter.
struct RangeTable {
  std::string ref;
  std::vector<double> bands;  // inclusive upper bounds, inches (A2-08)
  std::vector<std::string> band_labels;
  double woods_factor = 0.5;                   // L126: ranges in woods are one-half normal
  std::array<std::vector<double>, 3> percent;  // [quality][band]
  std::array<std::string, 3> row_refs;         // "L146"
  std::vector<ModifierSpec> modifiers;
};

enum class GunHitBand { kLimber, kHorse, kCrew, kGun };
std::string_view gun_hit_band_name(GunHitBand b);  // "limber", "horse", "crew", "gun"

struct GunHitRange {
  int low = 0;
  int high = 0;
  GunHitBand band = GunHitBand::kLimber;
  std::string ref;
  std::string printed;  // the printed range where the digest corrected it ("1-50")
};

struct Tables {
  // R-002-1: [row][column]; nullopt = "-" (not allowed). The literal table.
  std::array<std::array<std::optional<double>, 7>, 6> movement{};
  std::string movement_ref;
  std::vector<std::string> movement_printed;  // the 42 printed values in print order
  double rout_foot = 12;                      // default rout rate by arm
  double rout_cavalry = 18;
  double wood_swap_column = 4;  // a2_wood_swap
  double wood_swap_skirmish = 6;

  // R-002-2, by Quality.
  std::string discipline_ref;
  std::array<double, 3> initiative{};
  double morale_start = 100;
  std::array<double, 3> morale_loss_foot{};
  std::array<double, 3> morale_loss_mounted{};  // cavalry and artillery
  double below_untrained_initiative = 40;       // A2-05 extrapolation

  // R-002-3: [effectiveness][cavalry, foot, artillery].
  std::string melee_ref;
  std::array<std::array<double, 3>, 3> melee{};
  std::array<std::array<double, 3>, 3> melee_rowmajor{};
  std::vector<ModifierSpec> melee_modifiers;
  double cavalry_vs_square_factor = 0.5;  // A2-06

  RangeTable small_arms;  // R-002-4
  RangeTable artillery;   // R-002-5

  // R-002-6.
  std::string gun_hit_ref;
  std::vector<GunHitRange> gun_hit;
  double limber_explosion = 30;
  std::string limber_explosion_printed;
  double gun_destroyed = 70;
  double repair = 70;

  double building_fire = 25;  // L139
  // R-002-7 (L137).
  double unlimber_foot = 12;
  double unlimber_cavalry = 18;
  std::string unlimber_cavalry_printed;  // "1891"
  // L141.
  double woods_visibility = 10;
  double discover_base = 100;
  double discover_per_inch = 20;
};

// The tables, parsed from the embedded TOML on first use. Malformed embedded data is a bug
// (SB_CHECK).
const Tables& tables();
// Parses tables from TOML text (exposed for tests of edited copies).
Tables parse_tables(std::string_view toml_text);

// Options that change movement (A2 options a2_rout_literal, a2_wood_swap).
struct MovementOptions {
  bool rout_literal = false;  // default: rout by arm (foot 12, cavalry 18)
  bool wood_swap = false;
};
// The literal printed table: nullopt = "-".
std::optional<double> literal_movement_rate(MoveRow row, MoveColumn column);
// With the digest's defaults (rout by arm) or the given options.
std::optional<double> movement_rate(MoveRow row, MoveColumn column,
                                    const MovementOptions& options = {});

// Band index for a range, or nullopt beyond the last band. By default upper bounds are
// inclusive (A2-08: 6" is in 0-6); with `lower_inclusive` (option a2_lower_band_inclusive)
// each band includes its lower limit instead (6" is in 6-12), the last band's upper limit
// staying inclusive (18" is still in 12-18). Ranges <= 0 are in the first band; in woods
// every limit is multiplied by the woods factor.
std::optional<int> range_band(const RangeTable& table, double range_in, bool woods,
                              bool lower_inclusive = false);
// % per shooter (R-002-4): nullopt beyond 18" (9" in woods).
std::optional<double> small_arms_percent(Quality q, double range_in, bool woods = false,
                                         bool lower_inclusive = false);
// % per gunner (R-002-5): nullopt beyond 36" (18" in woods).
std::optional<double> artillery_percent(Quality q, double range_in, bool woods = false,
                                        bool lower_inclusive = false);

double initiative_percent(Quality q);
// Foot standing against a cavalry charge: initiative one level lower (L25, A2-05):
// 60 / 50 / 40. `untrained_percent` is the level below untrained (option
// a2_untrained_stand_percent, default the tables' 40).
double stand_vs_cavalry_percent(Quality q,
                                double untrained_percent = tables().below_untrained_initiative);
// Morale % lost per figure lost (R-002-2): foot column, or cavalry & artillery (wagons
// count as artillery).
double morale_loss_per_figure(Quality q, Arm arm);
// Melee % per figure (R-002-3). `arm` is the arm of the figures fighting (the column);
// wagons use the artillery column. `rowmajor`: option a2_melee_rowmajor.
double melee_percent(Effectiveness e, Arm arm, bool rowmajor = false);
// The effect band of a d100 roll on R-002-6.
GunHitBand gun_hit_band(int d100);
// No unlimbering within this many inches of enemy of `enemy_arm` (R-002-7); 0 for others.
double unlimber_distance(Arm enemy_arm);

}  // namespace smoothbore::fast_1805
