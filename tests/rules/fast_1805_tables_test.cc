// Golden test of the fast-1805 tables: every cell against the digest (shared/rules/002.md,
// R-002-1..7), listed here by hand, not re-read from the TOML; and the printed values the
// digest corrected.
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fast_1805/tables.h"

namespace smoothbore::fast_1805 {
namespace {

constexpr double kNo = -1;  // "-": not allowed

std::optional<double> cell(double v) { return v == kNo ? std::nullopt : std::optional<double>(v); }

constexpr MoveRow kRows[] = {MoveRow::kInfLine, MoveRow::kInfColumn, MoveRow::kInfSkirmish,
                             MoveRow::kCavLine, MoveRow::kCavColumn, MoveRow::kArtillery};
constexpr MoveColumn kColumns[] = {MoveColumn::kOpen, MoveColumn::kCharge, MoveColumn::kHill,
                                   MoveColumn::kRoad, MoveColumn::kWood,   MoveColumn::kStream,
                                   MoveColumn::kRout};
constexpr Quality kQualities[] = {Quality::kVeteran, Quality::kGreen, Quality::kUntrained};

// R-002-1, digest section 4 (literal, column-major reconstruction).
//                              Open Charge Hill Road Wood Stream Rout
constexpr double kMovement[6][7] = {{6, 10, 4, kNo, kNo, 2, 12},        // Inf./Line
                                    {8, 12, 6, 10, 6, 4, 12},           // Inf/Col.
                                    {10, kNo, 8, kNo, 4, 4, 18},        // Inf./Sker.
                                    {12, 18, 6, kNo, kNo, 3, 18},       // Cav./Line
                                    {18, kNo, 12, 18, 6, 6, 12},        // Cav./Col.
                                    {6, kNo, kNo, 10, kNo, kNo, kNo}};  // Arty & Wagons

TEST(Fast1805Tables, MovementEveryCellLiteral) {
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 7; ++c) {
      EXPECT_EQ(literal_movement_rate(kRows[r], kColumns[c]), cell(kMovement[r][c]))
          << move_row_name(kRows[r]) << " " << move_column_name(kColumns[c]);
    }
  }
}

TEST(Fast1805Tables, MovementDefaultRoutByArmAndOptions) {
  // Default (digest R-002-1 anomalies): rout by arm, foot 12, cavalry 18; artillery "-".
  EXPECT_EQ(movement_rate(MoveRow::kInfLine, MoveColumn::kRout), 12);
  EXPECT_EQ(movement_rate(MoveRow::kInfColumn, MoveColumn::kRout), 12);
  EXPECT_EQ(movement_rate(MoveRow::kInfSkirmish, MoveColumn::kRout), 12);  // literal 18
  EXPECT_EQ(movement_rate(MoveRow::kCavLine, MoveColumn::kRout), 18);
  EXPECT_EQ(movement_rate(MoveRow::kCavColumn, MoveColumn::kRout), 18);  // literal 12
  EXPECT_EQ(movement_rate(MoveRow::kArtillery, MoveColumn::kRout), std::nullopt);
  // a2_rout_literal: the printed column.
  MovementOptions literal{.rout_literal = true};
  EXPECT_EQ(movement_rate(MoveRow::kInfSkirmish, MoveColumn::kRout, literal), 18);
  EXPECT_EQ(movement_rate(MoveRow::kCavColumn, MoveColumn::kRout, literal), 12);
  // a2_wood_swap: Col 4 / Sker 6; other cells unchanged.
  MovementOptions swap{.wood_swap = true};
  EXPECT_EQ(movement_rate(MoveRow::kInfColumn, MoveColumn::kWood, swap), 4);
  EXPECT_EQ(movement_rate(MoveRow::kInfSkirmish, MoveColumn::kWood, swap), 6);
  EXPECT_EQ(movement_rate(MoveRow::kCavColumn, MoveColumn::kWood, swap), 6);
  EXPECT_EQ(movement_rate(MoveRow::kInfLine, MoveColumn::kWood, swap), std::nullopt);
  // Every non-rout cell is the literal one by default.
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) {
      EXPECT_EQ(movement_rate(kRows[r], kColumns[c]), cell(kMovement[r][c]));
    }
  }
}

// The 42 values as printed, L43-L84, in print order.
const std::vector<std::string> kPrintedMovement = {
    "6", "8", "10", "12", "18", "6",  "10", "12", "-",  "18", "-",  "-",  "4",  "6",
    "8", "6", "12", "-",  "-",  "10", "-",  "-",  "18", "10", "-",  "6",  "4",  "-",
    "6", "-", "2",  "4",  "4",  "3",  "6",  "-",  "12", "12", "18", "18", "12", "-"};

std::string text(std::optional<double> v) { return v ? std::to_string(static_cast<int>(*v)) : "-"; }

TEST(Fast1805Tables, MovementIsTheColumnMajorReadingOfThePrint) {
  EXPECT_EQ(tables().movement_printed, kPrintedMovement);
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 7; ++c) {
      EXPECT_EQ(text(literal_movement_rate(kRows[r], kColumns[c])),
                kPrintedMovement[static_cast<std::size_t>(c * 6 + r)]);
    }
  }
  // A row-major reading would give Inf./Line Wood = 18 (the 5th printed value, L47); the
  // column-major reconstruction has Wood "-" (not allowed).
  EXPECT_EQ(kPrintedMovement[0 * 7 + 4], "18");
  EXPECT_EQ(literal_movement_rate(MoveRow::kInfLine, MoveColumn::kWood), std::nullopt);
}

TEST(Fast1805Tables, DisciplineEveryCell) {
  // R-002-2: Initiative 70/60/50 (L91-L93); morale loss foot 5/10/15 (L94-L96), cavalry &
  // artillery 10/20/30 (L97-L99), all from 100%.
  const double initiative[] = {70, 60, 50};
  const double foot[] = {5, 10, 15};
  const double mounted[] = {10, 20, 30};
  EXPECT_EQ(tables().morale_start, 100);
  for (int q = 0; q < 3; ++q) {
    EXPECT_EQ(initiative_percent(kQualities[q]), initiative[q]);
    EXPECT_EQ(morale_loss_per_figure(kQualities[q], Arm::kFoot), foot[q]);
    EXPECT_EQ(morale_loss_per_figure(kQualities[q], Arm::kCavalry), mounted[q]);
    EXPECT_EQ(morale_loss_per_figure(kQualities[q], Arm::kArtillery), mounted[q]);
    EXPECT_EQ(morale_loss_per_figure(kQualities[q], Arm::kWagon), mounted[q]);
  }
  // A2-05: one level lower, untrained extrapolated to 40.
  EXPECT_EQ(stand_vs_cavalry_percent(Quality::kVeteran), 60);
  EXPECT_EQ(stand_vs_cavalry_percent(Quality::kGreen), 50);
  EXPECT_EQ(stand_vs_cavalry_percent(Quality::kUntrained), 40);
}

TEST(Fast1805Tables, MeleeEveryCellBothReadings) {
  const Effectiveness eff[] = {Effectiveness::kFiery, Effectiveness::kSteady,
                               Effectiveness::kTimid};
  const Arm arms[] = {Arm::kCavalry, Arm::kFoot, Arm::kArtillery};
  // R-002-3 column-major (default): Fiery 25/15/10, Steady 20/10/5, Timid 15/5/0.
  const double col[3][3] = {{25, 15, 10}, {20, 10, 5}, {15, 5, 0}};
  // a2_melee_rowmajor: Fiery 25/20/15, Steady 15/10/5, Timid 10/5/0.
  const double row[3][3] = {{25, 20, 15}, {15, 10, 5}, {10, 5, 0}};
  for (int e = 0; e < 3; ++e) {
    for (int a = 0; a < 3; ++a) {
      EXPECT_EQ(melee_percent(eff[e], arms[a]), col[e][a]);
      EXPECT_EQ(melee_percent(eff[e], arms[a], true), row[e][a]);
    }
  }
  EXPECT_EQ(melee_percent(Effectiveness::kSteady, Arm::kWagon), 5);  // artillery column
  // Printed L106-L114: 25 20 15 15 10 5 10 5 0. Column-major: the first three are Cavalry.
  const double printed[] = {25, 20, 15, 15, 10, 5, 10, 5, 0};
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ(melee_percent(eff[i % 3], arms[i / 3]), printed[i]);
    EXPECT_EQ(melee_percent(eff[i / 3], arms[i % 3], true), printed[i]);
  }
}

TEST(Fast1805Tables, MeleeModifiers) {
  const auto& m = tables().melee_modifiers;
  ASSERT_EQ(m.size(), 5u);
  const struct {
    const char* key;
    double value;
    const char* ref;
    bool cavalry_only;
  } want[] = {{"vs-fleeing-foot", 20, "L29", true},
              {"first-charge", 10, "L30, A2-11", true},
              {"downhill", 2, "L31", false},
              {"obstacle", 2, "L32", false},
              {"disordered", -5, "L33", false}};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(m[i].key, want[i].key);
    EXPECT_EQ(m[i].value, want[i].value);
    EXPECT_EQ(m[i].ref, want[i].ref);
    EXPECT_EQ(m[i].cavalry_only, want[i].cavalry_only);
  }
  EXPECT_EQ(tables().cavalry_vs_square_factor, 0.5);  // A2-06
}

TEST(Fast1805Tables, SmallArmsEveryCellAndBands) {
  // R-002-4 (L146-L148): bands 0-6, 6-12, 12-18, upper bounds inclusive (A2-08).
  const double pct[3][3] = {{8, 7, 6}, {6, 5, 4}, {4, 3, 2}};
  const double probe[3][2] = {{0.5, 6}, {6.01, 12}, {12.01, 18}};
  for (int q = 0; q < 3; ++q) {
    for (int b = 0; b < 3; ++b) {
      for (double r : probe[b]) EXPECT_EQ(small_arms_percent(kQualities[q], r), pct[q][b]);
      // Woods: limits halved (L126): 3/6/9.
      EXPECT_EQ(small_arms_percent(kQualities[q], probe[b][1] / 2, true), pct[q][b]);
    }
    EXPECT_EQ(small_arms_percent(kQualities[q], 18.01), std::nullopt);
    EXPECT_EQ(small_arms_percent(kQualities[q], 9.01, true), std::nullopt);
  }
  const auto& m = tables().small_arms.modifiers;
  ASSERT_EQ(m.size(), 7u);
  const struct {
    const char* key;
    double value;
    const char* ref;
  } want[] = {
      {"first-fire", 3, "L118"},       {"target-angle", 2, "L119"},        {"unmoving", 2, "L120"},
      {"behind-cover", 1, "L121"},     {"target-light-cover", -2, "L122"}, {"shaken", -2, "L123"},
      {"target-trenches", -10, "L124"}};
  for (std::size_t i = 0; i < 7; ++i) {
    EXPECT_EQ(m[i].key, want[i].key);
    EXPECT_EQ(m[i].value, want[i].value);
    EXPECT_EQ(m[i].ref, want[i].ref);
  }
}

TEST(Fast1805Tables, ArtilleryEveryCellAndBands) {
  // R-002-5 (L153-L155): bands 0-6, 6-12, 12-24, 24-36.
  const double pct[3][4] = {{16, 14, 12, 10}, {14, 12, 10, 8}, {12, 10, 8, 6}};
  const double probe[4][2] = {{1, 6}, {6.5, 12}, {12.5, 24}, {24.5, 36}};
  for (int q = 0; q < 3; ++q) {
    for (int b = 0; b < 4; ++b) {
      for (double r : probe[b]) EXPECT_EQ(artillery_percent(kQualities[q], r), pct[q][b]);
      EXPECT_EQ(artillery_percent(kQualities[q], probe[b][1] / 2, true), pct[q][b]);
    }
    EXPECT_EQ(artillery_percent(kQualities[q], 36.5), std::nullopt);
    EXPECT_EQ(artillery_percent(kQualities[q], 18.5, true), std::nullopt);
  }
  const auto& m = tables().artillery.modifiers;
  ASSERT_EQ(m.size(), 6u);
  const struct {
    const char* key;
    double value;
    const char* ref;
  } want[] = {{"first-fire", 15, "L130"},   {"unmoving-target", 15, "L131"},
              {"target-angle", 10, "L132"}, {"large-target", 10, "L133"},
              {"shaken", -10, "L134"},      {"target-trenches", -20, "L135"}};
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(m[i].key, want[i].key);
    EXPECT_EQ(m[i].value, want[i].value);
    EXPECT_EQ(m[i].ref, want[i].ref);
  }
}

TEST(Fast1805Tables, FireOnGunsWithPrintedCorrection) {
  // R-002-6: 01-20 limber, 21-50 horse (printed "1-50", L160), 51-80 crew, 81-100 gun.
  for (int d = 1; d <= 100; ++d) {
    GunHitBand want = d <= 20   ? GunHitBand::kLimber
                      : d <= 50 ? GunHitBand::kHorse
                      : d <= 80 ? GunHitBand::kCrew
                                : GunHitBand::kGun;
    EXPECT_EQ(gun_hit_band(d), want) << d;
  }
  const auto& g = tables().gun_hit;
  ASSERT_EQ(g.size(), 4u);
  EXPECT_EQ(g[1].low, 21);
  EXPECT_EQ(g[1].printed, "1-50");
  EXPECT_EQ(g[1].ref, "L160");
  EXPECT_EQ(g[0].printed, "");
  EXPECT_EQ(tables().limber_explosion, 30);  // L159 printed "Roll 0 1 to 30"
  EXPECT_EQ(tables().limber_explosion_printed, "Roll 0 1 to 30");
  EXPECT_EQ(tables().gun_destroyed, 70);  // L162
  EXPECT_EQ(tables().repair, 70);         // L162
}

TEST(Fast1805Tables, SingleValuesAndUnlimberCorrection) {
  EXPECT_EQ(tables().building_fire, 25);  // L139
  // R-002-7, L137: 12" of foot, "1891" = 18" of cavalry.
  EXPECT_EQ(unlimber_distance(Arm::kFoot), 12);
  EXPECT_EQ(unlimber_distance(Arm::kCavalry), 18);
  EXPECT_EQ(unlimber_distance(Arm::kArtillery), 0);
  EXPECT_EQ(tables().unlimber_cavalry_printed, "1891");
  // L141: woods visibility 10", discover 100% - 20% per inch.
  EXPECT_EQ(tables().woods_visibility, 10);
  EXPECT_EQ(tables().discover_base, 100);
  EXPECT_EQ(tables().discover_per_inch, 20);
}

TEST(Fast1805Tables, EnumsAndQualityDrop) {
  for (Quality q : kQualities) EXPECT_EQ(parse_quality(quality_name(q)), q);
  EXPECT_EQ(quality_name(Quality::kUntrained), "untrained");
  EXPECT_EQ(parse_quality("elite"), std::nullopt);
  EXPECT_EQ(parse_effectiveness("timid"), Effectiveness::kTimid);
  EXPECT_EQ(effectiveness_name(Effectiveness::kFiery), "fiery");
  for (MoveRow r : kRows) EXPECT_EQ(parse_move_row(move_row_name(r)), r);
  for (MoveColumn c : kColumns) EXPECT_EQ(parse_move_column(move_column_name(c)), c);
  // A2-04 / A2-25: veteran → green → untrained → disperses.
  EXPECT_EQ(quality_drop(Quality::kVeteran), Quality::kGreen);
  EXPECT_EQ(quality_drop(Quality::kGreen), Quality::kUntrained);
  EXPECT_EQ(quality_drop(Quality::kUntrained), std::nullopt);
}

}  // namespace
}  // namespace smoothbore::fast_1805
