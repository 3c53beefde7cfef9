// The odds code without its text (issue 9 round 12): musketry_dice, melee_hit_chance and
// artillery_chance with `explain` off build no modifier, reason or reference text for the
// callers that read none (the doctrine's odds, rolls with no record), and must give the same
// dice, faces, hit sets and chances as with it on, over every combination of their inputs.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"

namespace smoothbore::fire_and_discipline {
namespace {

TEST(FireAndDisciplineUnexplainedOdds, MusketryDiceAreTheExplainedOnes) {
  int possible = 0, cases = 0;
  for (const Firearm w :
       {Firearm::kBow, Firearm::kMatchlock, Firearm::kFirelock, Firearm::kFlintlock}) {
    for (const double range : {0.0, 30.0, 45.0, 60.0, 61.0, 100.0, 150.0, 400.0}) {
      for (const int stands : {0, 1, 3}) {
        for (int flags = 0; flags < (1 << 9); ++flags) {
          MusketrySituation m;
          m.weapon = w;
          m.range_yd = range;
          m.stands = stands;
          m.morale_rating = (flags & 1) != 0 ? 3 : 2;
          m.platoon = (flags & 2) != 0;
          m.same_target = (flags & 4) != 0;
          m.mixed_armed = (flags & 8) != 0;
          m.poor_weather = (flags & 16) != 0;
          m.target_cover = (flags & 32) != 0 ? TargetCover::kProtective : TargetCover::kOpen;
          m.target_open_order = (flags & 64) != 0;
          m.or_groups_exclusive = (flags & 128) != 0;
          m.band_upper_inclusive = (flags & 256) != 0;
          m.bow_max_yd = (flags & 1) != 0 ? 60 : 100;
          for (const bool skirmish : {false, true}) {
            const MusketryDice full = musketry_dice(m, skirmish);
            const MusketryDice bare = musketry_dice(m, skirmish, /*explain=*/false);
            ASSERT_EQ(bare.possible, full.possible) << range << " " << flags;
            if (full.possible) {
              EXPECT_EQ(bare.dice, full.dice) << range << " " << flags;
              EXPECT_EQ(bare.hit_faces, full.hit_faces) << range << " " << flags;
              ++possible;
            }
            EXPECT_TRUE(bare.modifiers.empty() && bare.faces_ref.empty() && bare.why_not.empty());
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_GT(possible, 0);
  EXPECT_GT(cases, possible);
}

TEST(FireAndDisciplineUnexplainedOdds, MeleeHitSetsAreTheExplainedOnes) {
  int cases = 0;
  for (const MeleeArm arm : {MeleeArm::kCavalry, MeleeArm::kInfantry}) {
    for (int target = 0; target <= static_cast<int>(MeleeTarget::kOpenInfantry); ++target) {
      for (int flags = 0; flags < (1 << 8); ++flags) {
        MeleeSituation s;
        s.arm = arm;
        s.target = static_cast<MeleeTarget>(target);
        s.tactic = (flags & 3) == 0   ? CavalryTactic::kSteel
                   : (flags & 3) == 1 ? CavalryTactic::kFire
                                      : CavalryTactic::kMix;
        s.weapon = (flags & 3) == 0   ? InfantryWeapon::kBayonet
                   : (flags & 3) == 1 ? InfantryWeapon::kPike
                                      : InfantryWeapon::kMixed;
        s.engaged = (flags & 4) != 0;
        s.double_castings = (flags & 8) != 0;
        s.higher_rating = (flags & 16) != 0;
        s.target_holding_cover = (flags & 32) != 0;
        s.flank = (flags & 64) != 0;
        s.mmg_effect = (flags & 128) != 0 ? MmgEffect::kPlusOne : MmgEffect::kDoubleCasualties;
        const MeleeHitChance full = melee_hit_chance(s);
        const MeleeHitChance bare = melee_hit_chance(s, /*explain=*/false);
        EXPECT_EQ(bare.base, full.base) << target << " " << flags;
        EXPECT_EQ(bare.hit_set, full.hit_set) << target << " " << flags;
        EXPECT_EQ(bare.casualties_per_hit, full.casualties_per_hit) << target << " " << flags;
        EXPECT_TRUE(bare.modifiers.empty() && bare.base_ref.empty());
        ++cases;
      }
    }
  }
  EXPECT_GT(cases, 1000);
}

TEST(FireAndDisciplineUnexplainedOdds, ArtilleryChancesAreTheExplainedOnes) {
  int possible = 0, cases = 0;
  for (const int pdr : {3, 6, 8, 12, 24}) {
    for (const double range : {25.0, 50.0, 100.0, 150.0, 151.0, 300.0, 350.0, 700.0, 2000.0}) {
      for (const Ammo ammo : {Ammo::kBall, Ammo::kCanister, Ammo::kShell}) {
        for (int target = 0; target <= static_cast<int>(ArtilleryTarget::kLimbered); ++target) {
          for (int flags = 0; flags < (1 << 9); ++flags) {
            ArtillerySituation a;
            a.pdr = pdr;
            a.range_yd = range;
            a.ammo = ammo;
            a.target = static_cast<ArtilleryTarget>(target);
            a.same_target = (flags & 1) != 0;
            a.adjacent = (flags & 2) != 0;
            a.target_cover = (flags & 4) != 0 ? TargetCover::kHeavyWoods : TargetCover::kOpen;
            a.gun_hits = (flags & 8) != 0 ? 1 : 0;
            a.guns = (flags & 16) != 0 ? 1 : 2;
            a.crew = (flags & 32) != 0 ? 1 : 4;
            a.fix_8pdr = (flags & 64) != 0;
            a.stack_halvings = (flags & 128) != 0;
            a.poor_weather = (flags & 256) != 0;
            a.modifier_break = (flags & 1) != 0 ? 400 : 300;
            const ArtilleryChance full = artillery_chance(a);
            const ArtilleryChance bare = artillery_chance(a, /*explain=*/false);
            ASSERT_EQ(bare.possible, full.possible) << pdr << " " << range << " " << flags;
            EXPECT_EQ(bare.base, full.base) << pdr << " " << range << " " << flags;
            EXPECT_EQ(bare.chance, full.chance) << pdr << " " << range << " " << flags;
            EXPECT_TRUE(bare.modifiers.empty() && bare.base_ref.empty() && bare.why_not.empty());
            possible += full.possible ? 1 : 0;
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_GT(possible, 0);
  EXPECT_GT(cases, possible);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
