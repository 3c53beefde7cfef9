// Golden test of the Fire and Discipline melee and morale tables: every cell against the
// digest (shared/rules/000.md §5.4, §9.4-§9.6, §10.4-§10.6), listed here by hand, not re-read
// from the TOML; and both printed readings where body and pullout differ (FD-32).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/embedded.h"
#include "rules/fire_and_discipline/melee_morale_tables.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr CavalryRow kCavalryRows[] = {CavalryRow::kCavalry,     CavalryRow::kDragoons,
                                       CavalryRow::kOpenCavalry, CavalryRow::kBayonet,
                                       CavalryRow::kPike,        CavalryRow::kMixedMelee};
constexpr CavalryTactic kTactics[] = {CavalryTactic::kSteel, CavalryTactic::kFire,
                                      CavalryTactic::kMix};
constexpr InfantryRow kInfantryRows[] = {InfantryRow::kMounted, InfantryRow::kInfantry,
                                         InfantryRow::kOpenInfantry};
constexpr InfantryWeapon kWeapons[] = {InfantryWeapon::kBayonet, InfantryWeapon::kPike,
                                       InfantryWeapon::kMixed};

// Digest §9.4, "Contact / Engaged" as printed (L624-L634; pullout L746-L756 identical).
const char* const kCavalryPrinted[6][3] = {
    //  STEEL          FIRE           MIX
    {"0 / 0-1", "0-1 / 0", "0 / 0"},               // Cavalry
    {"0-1 / 0-1", "0-1 / 0-1", "0-1 / 0-1"},       // Dragoons
    {"0-1-2 / 0-1", "0-1 / 0-1", "0-1 / 0"},       // Open/Lgt Cav
    {"0 / 0", "0-1 / 0", "0 / 0-1"},               // INF w/ Bayonet
    {"0 / 0", "0-1 / 0", "0-1 / 0"},               // Inf w/ Pike
    {"0-1 / 0-1", "0-1-2 / 0-1", "0-1-2 / 0-1"}};  // Inf w/ Mixed Melee
// The same cells as counts of hitting faces {contact, engaged}.
constexpr int kCavalryFaces[6][3][2] = {{{1, 2}, {2, 1}, {1, 1}},   // Cavalry
                                        {{2, 2}, {2, 2}, {2, 2}},   // Dragoons
                                        {{3, 2}, {2, 2}, {2, 1}},   // Open/Lgt Cav
                                        {{1, 1}, {2, 1}, {1, 2}},   // INF w/ Bayonet
                                        {{1, 1}, {2, 1}, {2, 1}},   // Inf w/ Pike
                                        {{2, 2}, {3, 2}, {3, 2}}};  // Inf w/ Mixed Melee

// Digest §9.5 (L640-L644; pullout L762-L766 identical): Bayonet, Pike, Mixed Melee.
const char* const kInfantryPrinted[3][3] = {{"0", "0-1", "0"},           // Mounted
                                            {"0-1-2", "0-1", "0-1"},     // Infantry
                                            {"0-1-2", "0", "0-1-2-3"}};  // Open Infantry
constexpr int kInfantryFaces[3][3] = {{1, 2, 1}, {3, 2, 2}, {3, 1, 4}};

TEST(FireAndDisciplineMeleeTables, CavalryEveryCell) {
  const MeleeTables& t = melee_morale_tables().melee;
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 3; ++c) {
      const auto rr = static_cast<std::size_t>(r);
      const auto cc = static_cast<std::size_t>(c);
      EXPECT_EQ(cavalry_hit_set(kCavalryRows[r], kTactics[c], false).faces, kCavalryFaces[r][c][0])
          << cavalry_row_name(kCavalryRows[r]) << " " << cavalry_tactic_name(kTactics[c]);
      EXPECT_EQ(cavalry_hit_set(kCavalryRows[r], kTactics[c], true).faces, kCavalryFaces[r][c][1])
          << cavalry_row_name(kCavalryRows[r]) << " " << cavalry_tactic_name(kTactics[c]);
      EXPECT_EQ(t.cavalry[rr][cc].printed, kCavalryPrinted[r][c]);
      EXPECT_EQ(t.cavalry[rr][cc].contact.text() + " / " + t.cavalry[rr][cc].engaged.text(),
                kCavalryPrinted[r][c]);
    }
  }
  const std::vector<std::string> body = {"L624", "L626", "L628", "L630", "L632", "L634"};
  const std::vector<std::string> pullout = {"L746", "L748", "L750", "L752", "L754", "L756"};
  for (std::size_t r = 0; r < 6; ++r) {
    EXPECT_EQ(t.cavalry_row_refs[r], body[r]);
    EXPECT_EQ(t.cavalry_pullout_row_refs[r], pullout[r]);
  }
}

TEST(FireAndDisciplineMeleeTables, InfantryEveryCell) {
  const MeleeTables& t = melee_morale_tables().melee;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      const auto rr = static_cast<std::size_t>(r);
      const auto cc = static_cast<std::size_t>(c);
      EXPECT_EQ(infantry_hit_set(kInfantryRows[r], kWeapons[c]).faces, kInfantryFaces[r][c])
          << infantry_row_name(kInfantryRows[r]) << " " << infantry_weapon_name(kWeapons[c]);
      EXPECT_EQ(t.infantry_printed[rr][cc], kInfantryPrinted[r][c]);
      EXPECT_EQ(t.infantry[rr][cc].text(), kInfantryPrinted[r][c]);
    }
  }
  const std::vector<std::string> body = {"L640", "L642", "L644"};
  const std::vector<std::string> pullout = {"L762", "L764", "L766"};
  for (std::size_t r = 0; r < 3; ++r) {
    EXPECT_EQ(t.infantry_row_refs[r], body[r]);
    EXPECT_EQ(t.infantry_pullout_row_refs[r], pullout[r]);
  }
}

TEST(FireAndDisciplineMeleeTables, HitSetsAreRunsFromZero) {
  // "0" is face 10; "0-1-2" hits on 10, 1, 2.
  const MeleeHitSet zero{1};
  EXPECT_EQ(zero.text(), "0");
  EXPECT_TRUE(zero.hits(10));
  for (int f = 1; f <= 9; ++f) EXPECT_FALSE(zero.hits(f)) << f;
  const MeleeHitSet three{3};
  EXPECT_EQ(three.text(), "0-1-2");
  EXPECT_TRUE(three.hits(10));
  EXPECT_TRUE(three.hits(1));
  EXPECT_TRUE(three.hits(2));
  EXPECT_FALSE(three.hits(3));
  // L648: "Add one to hit number (ex 0-1 > 0-1-2)".
  EXPECT_EQ(MeleeHitSet{2}.widened(1).text(), "0-1-2");
  EXPECT_EQ(MeleeHitSet{9}.widened(3).faces, 10);  // at most every face
  EXPECT_EQ(MeleeHitSet{10}.text(), "0-1-2-3-4-5-6-7-8-9");
  EXPECT_EQ(parse_melee_hit_set("0-1-2-3"), MeleeHitSet{4});
  EXPECT_EQ(parse_melee_hit_set("1-2"), std::nullopt);
  EXPECT_EQ(parse_melee_hit_set("0-2"), std::nullopt);
}

TEST(FireAndDisciplineMeleeTables, SituationModifiersBothReadings) {
  const MeleeTables& t = melee_morale_tables().melee;
  // L648 (body, in ** markup) / L774 (pullout): infantry engaged add one.
  EXPECT_EQ(t.infantry_engaged.add, 1);
  EXPECT_EQ(t.infantry_engaged.ref, "§8.5 L648; pullout L774; FD-47");
  // L650 / L772: twice the castings add one.
  EXPECT_EQ(t.double_castings.add, 1);
  EXPECT_EQ(t.double_castings.ref, "§8.5 L650; pullout L772");
  // FD-32: body L652 "A hit will inflict 2 casualties"; pullout L770/L774 "Add one".
  EXPECT_EQ(t.higher_rating_casualties_per_hit, 2);
  EXPECT_EQ(t.higher_rating_body_ref, "L652");
  EXPECT_NE(t.higher_rating.body.find("A hit will inflict 2 casualties"), std::string::npos);
  EXPECT_EQ(t.higher_rating.add, 1);
  EXPECT_EQ(t.higher_rating_pullout_ref, "L770, L774");
  EXPECT_NE(t.higher_rating.pullout.find("Add one to hit number"), std::string::npos);
  // FD-33 (L654 / L776): only a 0 hits.
  EXPECT_EQ(t.cover_only, MeleeHitSet{1});
  EXPECT_EQ(t.target_holding_cover.ref, "§8.5 L654; pullout L776; FD-33");
  // FD-45 (proposed): flank add one.
  EXPECT_EQ(t.flank.add, 1);
}

TEST(FireAndDisciplineMeleeTables, TargetRowsFd47) {
  struct Want {
    const char* word;
    CavalryRow cavalry;
    InfantryRow infantry;
  };
  const Want want[] = {{"cavalry", CavalryRow::kCavalry, InfantryRow::kMounted},
                       {"dragoons", CavalryRow::kDragoons, InfantryRow::kMounted},
                       {"open-cavalry", CavalryRow::kOpenCavalry, InfantryRow::kMounted},
                       {"bayonet", CavalryRow::kBayonet, InfantryRow::kInfantry},
                       {"pike", CavalryRow::kPike, InfantryRow::kInfantry},
                       {"mixed-melee", CavalryRow::kMixedMelee, InfantryRow::kInfantry},
                       {"mounted", CavalryRow::kCavalry, InfantryRow::kMounted},
                       {"infantry", CavalryRow::kBayonet, InfantryRow::kInfantry},
                       {"open-infantry", CavalryRow::kOpenCavalry, InfantryRow::kOpenInfantry}};
  for (const Want& w : want) {
    auto target = parse_melee_target(w.word);
    ASSERT_TRUE(target.has_value()) << w.word;
    EXPECT_EQ(melee_target_name(*target), w.word);
    EXPECT_EQ(cavalry_row(*target), w.cavalry) << w.word;
    EXPECT_EQ(infantry_row(*target), w.infantry) << w.word;
  }
  EXPECT_EQ(melee_morale_tables().melee.gun_crew_weapon, InfantryWeapon::kMixed);
  EXPECT_EQ(parse_melee_target("square"), std::nullopt);
  EXPECT_EQ(parse_cavalry_tactic("mix"), CavalryTactic::kMix);
  EXPECT_EQ(parse_infantry_weapon("mixed"), InfantryWeapon::kMixed);
  EXPECT_EQ(parse_melee_arm("cavalry"), MeleeArm::kCavalry);
  EXPECT_EQ(melee_arm_name(MeleeArm::kInfantry), "infantry");
}

TEST(FireAndDisciplineMoraleTables, TotalAndModifiers) {
  const MoraleTables& t = melee_morale_tables().morale;
  EXPECT_EQ(t.auto_pass, 10);  // §5.4b L304
  EXPECT_EQ(t.base_five, 5);   // §5.2 L272, FD-21 option
  const struct {
    const char* key;
    int value;
    const char* ref;
    bool proposed;
  } want[] = {{"protective", 4, "§5.2b L276", false},
              {"skirmish-in-woods", 1, "§5.2c L278", false},
              {"brigade-commander", 2, "§5.2d L280, §5.63 L332", false},
              {"over-half", -1, "§5.2e L282", false},
              {"adjacent", 1, "§5.65 L336; FD-23 (proposed)", true},
              {"half-stand-open", 1, "§5.65 L336; FD-23 (proposed)", true}};
  ASSERT_EQ(t.modifiers.size(), 6u);
  for (const auto& w : want) {
    const MoraleModifierSpec& m = t.modifier(w.key);
    EXPECT_EQ(m.value, w.value) << w.key;
    EXPECT_EQ(m.ref, w.ref) << w.key;
    EXPECT_EQ(m.proposed, w.proposed) << w.key;
  }
}

TEST(FireAndDisciplineMoraleTables, EffectsEveryFace) {
  // §5.5 L318-L324: 1-3 halt, 4-6 flee 100, 7-9 flee 100 + box, 0 surrender if surrounded
  // on three sides (FD-28), otherwise read as 9.
  const MoraleEffect want[11] = {MoraleEffect::kHalt,    MoraleEffect::kHalt,
                                 MoraleEffect::kHalt,    MoraleEffect::kHalt,
                                 MoraleEffect::kFlee,    MoraleEffect::kFlee,
                                 MoraleEffect::kFlee,    MoraleEffect::kFleeHit,
                                 MoraleEffect::kFleeHit, MoraleEffect::kFleeHit,
                                 MoraleEffect::kFleeHit};  // [0] unused; [10] = "0" as 9
  for (int f = 1; f <= 10; ++f) {
    EXPECT_EQ(morale_effect(f, false), want[f]) << f;
    EXPECT_EQ(morale_effect(f, true), f == 10 ? MoraleEffect::kSurrender : want[f]) << f;
  }
  const MoraleTables& t = melee_morale_tables().morale;
  EXPECT_EQ(t.flee_yards, 100);
  ASSERT_EQ(t.effects.size(), 4u);
  EXPECT_EQ(t.effects[0].printed, "1-3");
  EXPECT_EQ(t.effects[3].printed, "0");
  EXPECT_EQ(t.effects[3].otherwise_face, 9);
  // Both printings of 7-9 and 0 (L322 / L662, L324 / L664).
  EXPECT_NE(t.effects[2].body.find("record a Shatter box hit"), std::string::npos);
  EXPECT_NE(t.effects[2].pullout.find("suffer a morale hit"), std::string::npos);
  EXPECT_NE(t.effects[3].body.find("surrounded on three sides"), std::string::npos);
  EXPECT_NE(t.effects[3].pullout.find("within 100 yards on 3 sides"), std::string::npos);
  EXPECT_EQ(morale_effect_name(MoraleEffect::kFleeHit), "flee-hit");
}

TEST(FireAndDisciplineMoraleTables, FanaticismAndCommander) {
  // §5.64 L334: 1-6 one casting, 7-9 two; a 0 read as 9 is two.
  for (int f = 1; f <= 10; ++f) EXPECT_EQ(fanatic_attrition(f), f <= 6 ? 1 : 2) << f;
  const MoraleTables& t = melee_morale_tables().morale;
  // §2.31-§2.33: fire 0; melee first 0 (passed) or ODD (failed), second 0; campaign ODD dead.
  const std::vector<int> zero = {10};
  const std::vector<int> odd = {1, 3, 5, 7, 9};
  EXPECT_EQ(t.commander_fire_faces, zero);
  EXPECT_EQ(t.commander_melee_passed_faces, zero);
  EXPECT_EQ(t.commander_melee_failed_faces, odd);
  EXPECT_EQ(t.commander_melee_confirm_faces, zero);
  EXPECT_EQ(t.commander_campaign_dead_faces, odd);
  EXPECT_EQ(t.commander_fire_ref, "§2.31 L106; FD-54");
  EXPECT_EQ(t.commander_melee_ref, "§2.32 L108; FD-22, FD-54");
  EXPECT_EQ(t.commander_campaign_ref, "§2.33 L110");
}

TEST(FireAndDisciplineMeleeTables, ParsesEditedCopies) {
  std::string melee(
      *embedded::find(embedded::rules_files(), "fire_and_discipline/data/melee.toml"));
  const std::string cell = "cavalry = [\"0 / 0-1\",";
  ASSERT_NE(melee.find(cell), std::string::npos);
  melee.replace(melee.find(cell), cell.size(), "cavalry = [\"0-1-2-3 / 0-1\",");
  EXPECT_EQ(parse_melee_tables(melee).cavalry[0][0].contact.faces, 4);
  std::string morale(
      *embedded::find(embedded::rules_files(), "fire_and_discipline/data/morale.toml"));
  const std::string pass = "auto_pass = 10";
  morale.replace(morale.find(pass), pass.size(), "auto_pass = 12");
  EXPECT_EQ(parse_morale_tables(morale).auto_pass, 12);
}

TEST(FireAndDisciplineMeleeTablesDeathTest, MalformedDataIsABug) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(parse_melee_tables("[cavalry]\nref = 1\n"), "well-formed embedded data");
  std::string melee(
      *embedded::find(embedded::rules_files(), "fire_and_discipline/data/melee.toml"));
  const std::string cell = "\"0-1 / 0\", \"0 / 0\"]";
  melee.replace(melee.find(cell), cell.size(), "\"0-2 / 0\", \"0 / 0\"]");
  EXPECT_DEATH(parse_melee_tables(melee), "not a hit set");
  EXPECT_DEATH(parse_morale_tables("[total]\n"), "well-formed embedded data");
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
