// group-orders' doctrine keeps a melee's first-die kills per thread by the melee's facts, a
// typed key (melee_kills, issue 9). Here, for random facts drawn from a small set so that
// most questions come back, and in an order that asks them again and again, the kept answer
// is the very one melee_kills_fresh works out, bit for bit: two facts differing in any field
// never share an answer. A shot's expected kills are kept by their own typed key
// (kept_shot_kills) the same way. And the range class of a shot from the battle's kept weapon and
// distance (the doctrine's) is that of the shooter's type and weapon attribute. A charge
// test's kept chance to pass is the fresh one, bit for bit, whatever the General's distance
// within its class, and the infantry charge test's is the resolution's.
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/charge_pass.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/text_id.h"
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
    f.unit_type = text_id(pick(types));
    f.enemy_type = text_id(pick(types));
    f.contact = number(1, 8);
    f.orders = text_id(pick({"advance", "reserve", "stand", "retreat", "rout"}));
    f.enemy_routing = coin();
    f.high_morale = coin();
    f.poor_morale = coin();
    f.flank_rear = coin();
    f.flanked = coin();
    f.formation = text_id(pick({"line", "column", "column-deep", "square"}));
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
    g.enemy_type = text_id(pick(types));
    asked.push_back(g);
  }
  int differ = 0;
  for (int round = 0; round < 3; ++round) {
    for (const BattleGO::MeleeFacts& f : asked) {
      const MeleeKills kept = melee_kills(f);
      const MeleeKills fresh = melee_kills_fresh(f);
      for (std::size_t x = 0; x < 4; ++x) {
        EXPECT_EQ(kept[x], fresh[x]) << f.unit_type.text << " v " << f.enemy_type.text << " " << x;
      }
    }
    for (std::size_t i = 1; i < asked.size(); ++i) {
      if (melee_kills(asked[i]) != melee_kills(asked[i - 1])) ++differ;
    }
  }
  EXPECT_GT(differ, 1000);  // neighbouring facts mostly have other odds
}

// kept_shot_kills answers each question with what compute() gave the first time it was
// asked, and no two questions share an answer: here each question's answer is its number;
// the same of kept_shot_modifiers, which keeps its answers by the same key.
TEST(GroupOrdersMeleeMemo, KeptShotKillsAreEachQuestionsOwn) {
  std::mt19937_64 gen(12);
  auto pick = [&](const std::vector<std::string>& v) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(gen)];
  };
  auto coin = [&] { return std::bernoulli_distribution(0.5)(gen); };
  const std::vector<const char*> covers = {"none", "soft", "hard"};
  const std::vector<const char*> formations = {"line", "column", "square"};
  auto id_of = [](const char* t) { return text_id(t); };
  // A test's own options' keys, so no battle's answer is met.
  const std::vector<std::string> rules = {"memo-test|a", "memo-test|b"};
  struct Question {
    BattleGO::ShootingFacts facts;
    int range_class;
    std::string rules_key;
  };
  std::vector<Question> asked;
  auto same = [](const Question& a, const Question& b) {
    const BattleGO::ShootingFacts &x = a.facts, &y = b.facts;
    // By the texts themselves, not their ids.
    return a.range_class == b.range_class && a.rules_key == b.rules_key &&
           x.shooter.text == y.shooter.text && x.weapon.text == y.weapon.text &&
           x.stands == y.stands && x.orders.text == y.orders.text && x.moved == y.moved &&
           x.poor_shots == y.poor_shots && x.disordered == y.disordered &&
           x.first_shot == y.first_shot && x.target_cover.text == y.target_cover.text &&
           x.target_light_infantry == y.target_light_infantry &&
           x.target_formation.text == y.target_formation.text;
  };
  for (int i = 0; i < 600; ++i) {
    Question q;
    q.facts.shooter = text_id(pick({"medium-infantry", "light-infantry", "medium-artillery"}));
    q.facts.weapon = text_id(pick({"as-type", "musket"}));
    q.facts.stands = std::uniform_int_distribution<int>(1, 3)(gen);
    q.facts.range_cm = std::uniform_real_distribution<double>(0, 100)(gen);  // not asked
    q.facts.orders = text_id(pick({"advance", "stand"}));
    q.facts.moved = coin();
    q.facts.poor_shots = coin();
    q.facts.disordered = coin();
    q.facts.first_shot = coin();
    q.facts.target_cover = id_of(covers[std::uniform_int_distribution<std::size_t>(0, 2)(gen)]);
    q.facts.target_light_infantry = coin();
    q.facts.target_formation =
        id_of(formations[std::uniform_int_distribution<std::size_t>(0, 2)(gen)]);
    q.range_class = std::uniform_int_distribution<int>(-1, 7)(gen);
    q.rules_key = pick(rules);
    asked.push_back(q);
  }
  // Each question's number: the first equal one's.
  std::vector<double> expected(asked.size());
  for (std::size_t i = 0; i < asked.size(); ++i) {
    expected[i] = static_cast<double>(i);
    for (std::size_t j = 0; j < i; ++j) {
      if (same(asked[i], asked[j])) {
        expected[i] = expected[j];
        break;
      }
    }
  }
  int repeats = 0;
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = 0; i < asked.size(); ++i) {
      const Question& q = asked[i];
      bool computed = false;
      const double v = kept_shot_kills(q.facts, q.range_class, text_id(q.rules_key), [&] {
        computed = true;
        return static_cast<double>(i);
      });
      EXPECT_EQ(v, expected[i]) << i;
      EXPECT_EQ(computed, round == 0 && expected[i] == static_cast<double>(i)) << i;
      // The modifiers a roll reads are kept by the same key, apart from the kills.
      bool counted = false;
      const ShotModifierTotal m =
          kept_shot_modifiers(q.facts, q.range_class, text_id(q.rules_key), [&] {
            counted = true;
            return ShotModifierTotal{i % 2 == 0, static_cast<int>(i)};
          });
      EXPECT_EQ(m.total, static_cast<int>(expected[i])) << i;
      EXPECT_EQ(m.may_shoot, static_cast<int>(expected[i]) % 2 == 0) << i;
      EXPECT_EQ(counted, computed) << i;
      if (expected[i] != static_cast<double>(i)) ++repeats;
    }
  }
  EXPECT_GT(repeats, 0);  // some questions come back within the first round
}

TEST(GroupOrdersMeleeMemo, KeptChargePassIsTheFreshOne) {
  ASSERT_NE(find_ruleset("group-orders"), nullptr);
  std::mt19937_64 gen(13);
  auto pick = [&](const std::vector<std::string>& v) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(gen)];
  };
  auto coin = [&] { return std::bernoulli_distribution(0.5)(gen); };
  auto number = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(gen); };
  // The General's distance: none, or anywhere up to beyond the farthest class (whole and
  // fractional centimetres, so that distances of one class but not the same come back).
  auto general = [&]() -> double {
    if (number(0, 5) == 0) return -1;
    return number(0, 400) / 4.0;
  };
  std::vector<MoraleSituation> asked;
  for (int i = 0; i < 300; ++i) {
    MoraleSituation s;
    s.unit_class = pick({"massed", "light"});
    s.test = "charge";
    s.orders = pick({"advance", "stand"});
    s.artillery = coin();
    s.lights_charging_lights = coin();
    s.general_cm = general();
    s.high_morale = coin();
    s.uphill_or_cover = coin();
    s.melees_won = number(0, 2);
    s.artillery_fire = coin();
    s.losses_percent = number(0, 4) * 20;
    s.disordered = coin();
    s.poor_or_militia_open = coin();
    s.melees_lost = number(0, 2);
    s.half_strength = coin();
    s.split_b = coin();
    s.general_range = pick({"d4-per-test", "fixed-20"});
    s.losses = pick({"full-20", "nearest-20"});
    asked.push_back(s);
    MoraleSituation g = s;  // the same but the General's distance, asked right after
    g.general_cm = general();
    asked.push_back(g);
  }
  int differ = 0;
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = 0; i < asked.size(); ++i) {
      MoraleSituation s = asked[i];
      const double kept = kept_charge_pass(s);
      EXPECT_EQ(kept, charge_pass_fresh(asked[i])) << i;
      EXPECT_EQ(s, asked[i]) << i;  // the distance restored
      if (i > 0 && kept != charge_pass_fresh(asked[i - 1])) ++differ;
    }
  }
  EXPECT_GT(differ, 200);  // neighbouring situations mostly have other odds
  for (const bool heavy : {false, true}) {
    for (const bool half : {false, true}) {
      for (int round = 0; round < 2; ++round) {
        EXPECT_EQ(infantry_charge_pass(heavy, half),
                  BattleGO::probability(
                      "infantry-charge",
                      {{"heavy-or-defences", Value(heavy)}, {"half-strength", Value(half)}},
                      "result", "charge"))
            << heavy << half;
      }
    }
  }
  // Heavy (or defences) at full strength needs a 5, every other a 6 (morale.infantry_charge).
  EXPECT_GT(infantry_charge_pass(true, false), infantry_charge_pass(false, false));
  EXPECT_EQ(infantry_charge_pass(true, true), infantry_charge_pass(false, false));
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
