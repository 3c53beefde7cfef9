// group-orders' doctrine keeps a melee's first-die kills per thread by the melee's facts, a
// typed key (melee_kills, issue 9). Here, for random facts drawn from a small set so that
// most questions come back, and in an order that asks them again and again, the kept answer
// is the very one melee_kills_fresh works out, bit for bit: two facts differing in any field
// never share an answer. And the range class of a shot from the battle's kept weapon and
// distance (the doctrine's) is that of the shooter's type and weapon attribute.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/registry.h"

namespace smoothbore::group_orders {
namespace {

TEST(GroupOrdersMeleeMemo, KeptKillsAreTheFreshOnes) {
  ASSERT_NE(find_ruleset("group-orders"), nullptr);
  const std::vector<std::string> types = keys_of("units.types");
  std::mt19937_64 gen(11);
  auto pick = [&](const std::vector<std::string>& v) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(gen)];
  };
  auto coin = [&] { return std::bernoulli_distribution(0.5)(gen); };
  auto number = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(gen); };
  std::vector<BattleGO::MeleeFacts> asked;
  for (int i = 0; i < 400; ++i) {
    BattleGO::MeleeFacts f;
    f.unit_type = pick(types);
    f.enemy_type = pick(types);
    f.contact = number(1, 8);
    f.orders = pick({"advance", "reserve", "stand", "retreat", "rout"});
    f.enemy_routing = coin();
    f.high_morale = coin();
    f.poor_morale = coin();
    f.flank_rear = coin();
    f.flanked = coin();
    f.formation = pick({"line", "column", "column-deep", "square"});
    f.overlap = coin();
    f.enemy_square_or_buildings = coin();
    f.disorganised = coin();
    f.terrain = number(0, 3);
    f.enemy_defended = coin();
    f.charged = coin();
    asked.push_back(f);
    // Its neighbours, one field apart, asked right after it.
    BattleGO::MeleeFacts g = f;
    g.charged = !g.charged;
    asked.push_back(g);
    g = f;
    g.contact = f.contact % 8 + 1;
    asked.push_back(g);
    g = f;
    g.terrain = (f.terrain + 1) % 4;
    asked.push_back(g);
    g = f;
    g.enemy_type = pick(types);
    asked.push_back(g);
  }
  int differ = 0;
  for (int round = 0; round < 3; ++round) {
    for (const BattleGO::MeleeFacts& f : asked) {
      const MeleeKills kept = melee_kills(f);
      const MeleeKills fresh = melee_kills_fresh(f);
      for (std::size_t x = 0; x < 4; ++x) {
        EXPECT_EQ(kept[x], fresh[x]) << f.unit_type << " v " << f.enemy_type << " " << x;
      }
    }
    for (std::size_t i = 1; i < asked.size(); ++i) {
      if (melee_kills(asked[i]) != melee_kills(asked[i - 1])) ++differ;
    }
  }
  EXPECT_GT(differ, 1000);  // neighbouring facts mostly have other odds
}

TEST(GroupOrdersMeleeMemo, RangeClassOfTheKeptWeaponIsTheShootersOne) {
  ASSERT_NE(find_ruleset("group-orders"), nullptr);
  std::vector<std::string> weapons = keys_of("shooting.ranges");
  weapons.push_back("as-type");
  weapons.push_back("none");
  int shooting = 0;
  for (const std::string& shooter : keys_of("units.types")) {
    for (const std::string& attribute : weapons) {
      const std::string weapon = weapon_of(shooter, attribute);
      for (int options = 0; options < 8; ++options) {
        const RangeOptions o{(options & 1) != 0, (options & 2) != 0, (options & 4) != 0};
        for (int mm = 0; mm <= 1000; mm += 3) {
          const double cm = mm / 10.0;
          const int expected = shooting_range_class(shooter, attribute, o, cm);
          if (weapon == "none") {
            EXPECT_EQ(expected, -1);
            continue;
          }
          ++shooting;
          EXPECT_EQ(shooting_range_class(weapon_ranges(weapon, o), artillery_close_cm(), cm),
                    expected)
              << shooter << " " << attribute << " " << cm;
        }
      }
    }
  }
  EXPECT_GT(shooting, 1000);
}

}  // namespace
}  // namespace smoothbore::group_orders
