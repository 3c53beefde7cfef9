// Golden test of the fire-and-discipline fire tables: every cell against the digest
// (shared/rules/000.md §7.4-§7.6, §8.2, §8.7-§8.9, R-000-1, R-000-6), listed here by hand,
// not re-read from the TOML; and the printed values the digest corrected.
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/embedded.h"
#include "rules/fire_and_discipline/fire_tables.h"

namespace smoothbore::fire_and_discipline {
namespace {

using Faces = std::optional<std::vector<int>>;
const Faces kNa = std::nullopt;                              // "n/a"
Faces f(std::vector<int> v) { return Faces(std::move(v)); }  // faces 1..10, 10 = "0"

constexpr Firearm kArms[] = {Firearm::kBow, Firearm::kMatchlock, Firearm::kFirelock,
                             Firearm::kFlintlock};
constexpr MusketColumn kColumns[] = {MusketColumn::kSkirmish, MusketColumn::k0To30,
                                     MusketColumn::k31To60, MusketColumn::k61To100};

// §7.5 L542-L550 (pullout L712-L720), as printed.
//            Skirmish          0-30                31-60          61-100
const std::vector<std::vector<Faces>> kMusketry = {
    {f({10, 1}), f({10, 1, 2}), f({10}), f({10})},   // BOWS      0-1 | 0-1-2 | 0 | 0
    {f({10}), f({10}), f({10}), kNa},                // MATCHLOCKS  0 | 0 | 0 | n/a
    {f({10}), f({10, 1}), f({10}), f({10})},         // FIRELOCKS   0 | 0-1 | 0 | 0
    {f({10}), f({10, 1, 2}), f({10, 1}), f({10})}};  // FLINTLOCKS  0 | 0-1-2 | 0-1 | 0
const std::vector<std::vector<std::string>> kMusketryPrinted = {{"0-1", "0-1-2", "0", "0"},
                                                                {"0", "0", "0", "n/a"},
                                                                {"0", "0-1", "0", "0"},
                                                                {"0", "0-1-2", "0-1", "0"}};

TEST(FireAndDisciplineFireTables, MusketryEveryCellAsPrinted) {
  for (int a = 0; a < 4; ++a) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(musket_cell(kArms[a], kColumns[c]).faces, kMusketry[a][c])
          << firearm_name(kArms[a]) << " " << musket_column_name(kColumns[c]);
      EXPECT_EQ(musket_cell(kArms[a], kColumns[c]).printed, kMusketryPrinted[a][c]);
    }
  }
  EXPECT_EQ(fire_tables().firearms[0].label, "BOWS");
  EXPECT_EQ(fire_tables().firearms[3].ref, "L550, L720");
}

TEST(FireAndDisciplineFireTables, MusketryRangesAndMaxima) {
  // FD-36: inclusive upper bounds; contact (0 yd) is 0-30.
  EXPECT_EQ(musket_range_column(0), MusketColumn::k0To30);
  EXPECT_EQ(musket_range_column(30), MusketColumn::k0To30);
  EXPECT_EQ(musket_range_column(30.01), MusketColumn::k31To60);
  EXPECT_EQ(musket_range_column(60), MusketColumn::k31To60);
  EXPECT_EQ(musket_range_column(61), MusketColumn::k61To100);
  EXPECT_EQ(musket_range_column(100), MusketColumn::k61To100);
  EXPECT_EQ(musket_range_column(100.5), std::nullopt);
  // Bows 60 (§7.12, FD-34: the printed 61-100 "0" is kept above but not used); matchlocks
  // 60 (61-100 n/a); muskets 100.
  EXPECT_EQ(musket_max_range(Firearm::kBow), 60);
  EXPECT_EQ(musket_max_range(Firearm::kMatchlock), 60);
  EXPECT_EQ(musket_max_range(Firearm::kFirelock), 100);
  EXPECT_EQ(musket_max_range(Firearm::kFlintlock), 100);
  EXPECT_EQ(musket_hit_faces(Firearm::kBow, 60), f({10}));
  EXPECT_EQ(musket_hit_faces(Firearm::kBow, 61), kNa);
  EXPECT_EQ(musket_hit_faces(Firearm::kBow, 0), f({10, 1, 2}));
  EXPECT_EQ(musket_hit_faces(Firearm::kMatchlock, 80), kNa);
  EXPECT_EQ(musket_hit_faces(Firearm::kFlintlock, 45), f({10, 1}));
  EXPECT_EQ(musket_hit_faces(Firearm::kFlintlock, 101), kNa);
  EXPECT_EQ(skirmish_hit_faces(Firearm::kBow, 50), f({10, 1}));
  EXPECT_EQ(skirmish_hit_faces(Firearm::kBow, 70), kNa);
  EXPECT_EQ(skirmish_hit_faces(Firearm::kFirelock, 100), f({10}));
}

TEST(FireAndDisciplineFireTables, MusketryModifiers) {
  // §7.4 L524-L536 with the pullout's OR groups (L724-L730).
  struct Want {
    const char* key;
    int dice;
    const char* ref;
    const char* pullout;
    const char* group;
  };
  const std::vector<Want> want = {
      {"mmg-3-4", 1, "§7.4 L524, FD-30", "L724", "mmg-or-same-target"},
      {"platoon", -2, "§7.4 L526", "L726", "platoon-or-mixed"},
      {"same-target", 1, "§7.4 L528, FD-38", "L724", "mmg-or-same-target"},
      {"mixed-armed", -2, "§7.4 L530", "L726", "platoon-or-mixed"},
      {"poor-weather", -3, "§7.4 L532, FD-39", "L730", ""},
      {"protective", -2, "§7.4 L534", "L728", "cover-or-open-order"},
      {"earthworks", -4, "§7.4 L534", "L730", ""},
      {"open-order", -2, "§7.4 L536", "L728", "cover-or-open-order"},
      {"mounted", 1, "§7.4 L536", "L730", ""}};
  const auto& mods = fire_tables().musketry_modifiers;
  ASSERT_EQ(mods.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(mods[i].key, want[i].key);
    EXPECT_EQ(mods[i].dice, want[i].dice) << want[i].key;
    EXPECT_EQ(mods[i].ref, want[i].ref);
    EXPECT_EQ(mods[i].pullout_ref, want[i].pullout);
    EXPECT_EQ(mods[i].or_group, want[i].group);
    EXPECT_FALSE(mods[i].name.empty());
  }
  EXPECT_EQ(fire_tables().dice_per_stand, 1);
  EXPECT_EQ(fire_tables().minimum_dice, 1);
  EXPECT_EQ(musketry_modifier("earthworks").dice, -4);
}

TEST(FireAndDisciplineFireTables, SkirmishResult) {
  // §7.5 L552-L556: 3d10, count the 9s.
  const auto& t = fire_tables();
  EXPECT_EQ(t.skirmish_dice, 3);
  EXPECT_EQ(t.skirmish_face, 9);
  const SkirmishEffect effects[] = {SkirmishEffect::kNone, SkirmishEffect::kHalt,
                                    SkirmishEffect::kHaltHit, SkirmishEffect::kRetreatHit};
  const int casualties[] = {0, 0, 1, 1};
  const double retreat[] = {0, 0, 0, 30};
  for (int n = 0; n < 4; ++n) {
    EXPECT_EQ(t.skirmish_results[n].nines, n);
    EXPECT_EQ(t.skirmish_results[n].effect, effects[n]);
    EXPECT_EQ(t.skirmish_results[n].casualties, casualties[n]);
    EXPECT_EQ(t.skirmish_results[n].retreat, retreat[n]);
  }
  EXPECT_EQ(skirmish_effect_name(SkirmishEffect::kHaltHit), "halt-hit");
}

constexpr GunRow kGunRows[] = {GunRow::k1To4, GunRow::k6, GunRow::k8To9, GunRow::k10To12,
                               GunRow::k16Plus};
constexpr double kNo = -1;  // "-"
std::optional<double> cell(double v) { return v == kNo ? std::nullopt : std::optional<double>(v); }

// §6.9 L454-L462 (pullout L680-L690), with R-000-1 (8-9 pdr 151-300: 20 → 80).
//                               01-50 51-150 151-300 301-600 601-900
constexpr double kChart[5][5] = {{80, 50, 30, 10, kNo},    // 1-4
                                 {110, 90, 80, 20, kNo},   // 6
                                 {140, 100, 80, 40, kNo},  // 8-9 (corrected)
                                 {160, 120, 80, 60, 10},   // 10-12
                                 {190, 150, 90, 70, 10}};  // 16+
constexpr double kMax[5] = {450, 600, 600, 800, 900};

TEST(FireAndDisciplineFireTables, ArtilleryEveryCell) {
  for (int r = 0; r < 5; ++r) {
    for (int b = 0; b < 5; ++b) {
      EXPECT_EQ(gun_percent(kGunRows[r], b), cell(kChart[r][b])) << gun_row_name(kGunRows[r]);
      // Without the FD-10 fix every cell is the same except 8-9 pdr 151-300.
      const double printed = (r == 2 && b == 2) ? 20 : kChart[r][b];
      EXPECT_EQ(gun_percent(kGunRows[r], b, false), cell(printed));
    }
    EXPECT_EQ(gun_max_range(kGunRows[r]), kMax[r]);
  }
  // The printed 20 and the corrected 80 are both kept.
  const ArtilleryRow& r89 = fire_tables().gun_rows[2];
  EXPECT_EQ(r89.printed[2], 20);
  EXPECT_EQ(r89.percent[2], 80);
  EXPECT_EQ(r89.correction_ref, "FD-10, R-000-1");
  EXPECT_TRUE(fire_tables().gun_rows[0].correction_ref.empty());
}

TEST(FireAndDisciplineFireTables, ArtilleryBandsAndRows) {
  EXPECT_EQ(gun_range_band(0), 0);
  EXPECT_EQ(gun_range_band(50), 0);
  EXPECT_EQ(gun_range_band(51), 1);
  EXPECT_EQ(gun_range_band(150), 1);
  EXPECT_EQ(gun_range_band(300), 2);
  EXPECT_EQ(gun_range_band(301), 3);
  EXPECT_EQ(gun_range_band(600), 3);
  EXPECT_EQ(gun_range_band(900), 4);
  EXPECT_EQ(gun_range_band(901), std::nullopt);
  // R-000-6.
  const GunRow rows[] = {GunRow::k1To4,   GunRow::k1To4,   GunRow::k1To4,   GunRow::k1To4,
                         GunRow::k1To4,   GunRow::k6,      GunRow::k6,      GunRow::k8To9,
                         GunRow::k8To9,   GunRow::k10To12, GunRow::k10To12, GunRow::k10To12,
                         GunRow::k16Plus, GunRow::k16Plus, GunRow::k16Plus, GunRow::k16Plus};
  for (int pdr = 1; pdr <= 16; ++pdr) EXPECT_EQ(gun_row_of_pdr(pdr), rows[pdr - 1]) << pdr;
  EXPECT_EQ(gun_row_of_pdr(48), GunRow::k16Plus);
  EXPECT_EQ(fire_tables().howitzer_row, GunRow::k10To12);
  // §6.14.
  EXPECT_EQ(gun_class_of_pdr(5), GunClass::kLight);
  EXPECT_EQ(gun_class_of_pdr(6), GunClass::kField);
  EXPECT_EQ(gun_class_of_pdr(9), GunClass::kField);
  EXPECT_EQ(gun_class_of_pdr(10), GunClass::kPosition);
  EXPECT_EQ(gun_class_of_pdr(12), GunClass::kPosition);
  EXPECT_EQ(gun_class_of_pdr(13), GunClass::kSiege);
  // FD-15, FD-14, FD-11, FD-13.
  const FireTables& t = fire_tables();
  EXPECT_EQ(t.canister_max_range, 150);
  EXPECT_EQ(t.ball_short_range_band, 2);
  EXPECT_EQ(t.firepower_factor, 0.5);
  EXPECT_EQ(t.skirmish_factor, 0.5);
  EXPECT_EQ(t.crew_per_gun, 2);
  EXPECT_EQ(t.modifier_break, 300);
  EXPECT_EQ(t.pullout_modifier_break, 400);
  EXPECT_EQ(t.automatic_hit, 100);
  EXPECT_EQ(t.second_hit_cap, 2);
}

TEST(FireAndDisciplineFireTables, ArtilleryModifiers) {
  // §6.9 L466-L486 (under 300 / 301+); pullout L694-L704.
  struct Want {
    const char* key;
    double under;
    double over;
    const char* ref;
    const char* pullout;
  };
  const std::vector<Want> want = {{"same-target", 10, 10, "L468, FD-38", "L696"},
                                  {"protective", -20, -30, "L470", "L696"},
                                  {"earthworks", -30, -40, "L472", "L698"},
                                  {"adjacent", 10, 20, "L474", "L698"},
                                  {"mounted", 10, 10, "L476", "L700"},
                                  {"unlimbered-guns", -10, -10, "L480", "L702"},
                                  {"limbered", 10, 10, "L482", "L704"},
                                  {"heavy-woods", -30, -40, "L484", "L700"},
                                  {"light-woods-rough", -20, -30, "L486", "L704"}};
  const auto& mods = fire_tables().artillery_modifiers;
  ASSERT_EQ(mods.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(mods[i].key, want[i].key);
    EXPECT_EQ(mods[i].under, want[i].under) << want[i].key;
    EXPECT_EQ(mods[i].over, want[i].over) << want[i].key;
    EXPECT_EQ(mods[i].ref, want[i].ref);
    EXPECT_EQ(mods[i].pullout_ref, want[i].pullout);
  }
  // "Under 300" read as ≤ 300 (FD-11); the pullout break 400 moves 301-400 to "under".
  const ChanceModifierSpec& adj = artillery_modifier("adjacent");
  EXPECT_EQ(adj.at(300, 300), 10);
  EXPECT_EQ(adj.at(301, 300), 20);
  EXPECT_EQ(adj.at(350, 400), 10);
  EXPECT_EQ(adj.at(401, 400), 20);
}

TEST(FireAndDisciplineFireTables, BarrageAllotments) {
  // §6.22 L356-L368: ball / cannister / shell.
  using O = std::optional<int>;
  const GunClass classes[] = {GunClass::kHowitzer, GunClass::kLight, GunClass::kField,
                              GunClass::kPosition, GunClass::kSiege};
  const O want[5][3] = {{10, 5, 10},
                        {30, 30, std::nullopt},
                        {25, 15, std::nullopt},
                        {20, 10, std::nullopt},
                        {10, 5, std::nullopt}};
  const Ammo ammo[] = {Ammo::kBall, Ammo::kCanister, Ammo::kShell};
  for (int c = 0; c < 5; ++c) {
    for (int a = 0; a < 3; ++a) {
      EXPECT_EQ(barrage_allotment(classes[c], ammo[a]), want[c][a])
          << gun_class_name(classes[c]) << " " << ammo_name(ammo[a]);
    }
  }
}

TEST(FireAndDisciplineFireTables, HitsOnArtillery) {
  // §6.8 chart L468-L480: limbered 1-6 crew, 7-9,0 limber; unlimbered 1-8 crew, 9,0 gun.
  for (int face = 1; face <= 10; ++face) {
    EXPECT_EQ(gun_hit_component(true, face),
              face <= 6 ? GunHitComponent::kCrew : GunHitComponent::kLimber);
    EXPECT_EQ(gun_hit_component(false, face),
              face <= 8 ? GunHitComponent::kCrew : GunHitComponent::kGun);
  }
  EXPECT_EQ(fire_tables().gun_hit_limbered[1].printed, "7-9,0");
  EXPECT_EQ(fire_tables().gun_hit_unlimbered[1].printed, "9,0");
}

TEST(FireAndDisciplineFireTables, NamesRoundTrip) {
  for (Firearm a : kArms) EXPECT_EQ(parse_firearm(firearm_name(a)), a);
  for (GunRow r : kGunRows) EXPECT_EQ(parse_gun_row(gun_row_name(r)), r);
  for (Ammo a : {Ammo::kBall, Ammo::kCanister, Ammo::kShell})
    EXPECT_EQ(parse_ammo(ammo_name(a)), a);
  for (auto t : {ArtilleryTarget::kFormed, ArtilleryTarget::kMounted, ArtilleryTarget::kSkirmish,
                 ArtilleryTarget::kUnlimberedGuns, ArtilleryTarget::kLimbered}) {
    EXPECT_EQ(parse_artillery_target(artillery_target_name(t)), t);
  }
  for (auto c : {TargetCover::kOpen, TargetCover::kProtective, TargetCover::kEarthworks,
                 TargetCover::kLightWoods, TargetCover::kRough, TargetCover::kHeavyWoods}) {
    EXPECT_EQ(parse_target_cover(target_cover_name(c)), c);
  }
  EXPECT_EQ(parse_firearm("rifle"), std::nullopt);
  EXPECT_EQ(artillery_target_name(ArtilleryTarget::kUnlimberedGuns), "unlimbered-guns");
  EXPECT_EQ(target_cover_name(TargetCover::kHeavyWoods), "heavy-woods");
}

TEST(FireAndDisciplineFireTables, ParseAnEditedCopy) {
  auto text = embedded::find(embedded::rules_files(), "fire_and_discipline/data/fire.toml");
  ASSERT_TRUE(text.has_value());
  std::string edited(*text);
  const std::string from = "percent = [80, 50, 30, 10, \"-\"]";
  ASSERT_NE(edited.find(from), std::string::npos);
  edited.replace(edited.find(from), from.size(), "percent = [85, 50, 30, 10, \"-\"]");
  const FireTables t = parse_fire_tables(edited);
  EXPECT_EQ(t.gun_rows[0].percent[0], 85);
  EXPECT_EQ(t.gun_rows[0].printed[0], 85);
  EXPECT_EQ(t.gun_rows[1].percent[0], 110);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
