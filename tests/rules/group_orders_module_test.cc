// The group-orders rule set as a module: registered as "playable", its
// options (every H4-xx of 004.md §8 and the four reconstructions the digest names, with the
// digest's default), the scale, unit types and attributes, layout, unit checks, the battle-facing
// helpers and the resolutions it publishes.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/group_orders/group_orders.h"
#include "rules/group_orders/orders_id.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/option_specs_test_util.h"
#include "rules/registry.h"
#include "rules/unit_test_util.h"

namespace smoothbore::group_orders {
namespace {

using ::testing::HasSubstr;

const Ruleset& go() {
  const Ruleset* r = find_ruleset("group-orders");
  EXPECT_NE(r, nullptr);
  return r != nullptr ? *r : ruleset();
}

TEST(GroupOrdersModule, RegisteredAsPlayable) {
  const Ruleset& r = go();
  EXPECT_EQ(&r, &ruleset());
  EXPECT_EQ(r.id(), "group-orders");
  EXPECT_THAT(std::string(r.title()), HasSubstr("Group orders"));
  EXPECT_EQ(r.status(), "playable");
  EXPECT_TRUE(r.playable());
  EXPECT_EQ(r.rule_unit(), "cm");
  EXPECT_DOUBLE_EQ(r.mm_per_rule_unit(Params()), 10);
  EXPECT_EQ(r.default_turn_limit(), 12);  // H4-23 (proposed)
  EXPECT_EQ(r.turn_limit_option(), "h4_23_turn_limit");
  EXPECT_EQ(r.army_break_option(), "h4_23_break_fraction");
  EXPECT_TRUE(r.has_leaders());  // Generals and a C-in-C
  const auto& all = all_rulesets();
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1]->id(), all[i]->id());
}

Value text(const char* s) { return Value(std::string(s)); }
Value num(std::int64_t n) { return Value(n); }

// Every option and its digest default, spelled out.
const std::map<std::string, Value>& expected_defaults() {
  static const std::map<std::string, Value> kDefaults = {
      {"h4_01_sequence", text("alternate")},
      {"h4_01_morale_after_shooting", Value(true)},
      {"h4_02_general_in", num(20)},
      {"h4_02_c_in_c_in", num(40)},
      {"h4_02_retreat_test", num(4)},
      {"h4_03_rout_rate", Value(1.5)},
      {"h4_03_routed_artillery", text("removed")},
      {"h4_04_terrain", text("proposed")},
      {"h4_05_hard_cover_small_arms", num(-2)},
      {"h4_05_soft_cover_artillery", num(0)},
      {"h4_05_hard_cover_heavy_artillery", num(0)},
      {"h4_06_arc", num(45)},
      {"h4_06_sight_into_terrain", num(2)},
      {"h4_07_disorder_clears", text("rested-turn")},
      {"h4_08_charger_conforms", text("conforms")},
      {"h4_09_charged_test", text("on-contact")},
      {"h4_10_results", text("simultaneous")},
      {"h4_11_overlap", text("level-side-contact")},
      {"h4_12_losses", text("full-20")},
      {"h4_12_stand_removal", text("owner-nearest")},
      {"h4_13_artillery_killed", text("group")},
      {"h4_14_fall_back_blocked", text("enemy-destroys")},
      {"h4_15_test_scope", text("group")},
      {"h4_16_general_range", text("d4-per-test")},
      {"h4_17_general_move", num(40)},
      {"h4_17_general_contacted", text("removed")},
      {"h4_18_deep_column", num(3)},
      {"h4_18_square", text("stand-orders")},
      {"h4_19_incline_cost", num(2)},
      {"h4_19_wheel_cost", num(2)},
      {"h4_20_spear_short_bonus", Value(false)},
      {"h4_21_first_shot", text("first-of-game")},
      {"h4_22_light_split", text("second-die")},
      {"h4_23_break_fraction", Value(0.5)},
      {"h4_23_c_in_c_break_fraction", Value(1.0 / 3)},
      {"h4_23_turn_limit", num(12)},
      {"h4_24_note_reconstructed", Value(true)},
      {"h4_25_missile_halt", text("halt-and-stand")},
      {"h4_26_reserve_zone", num(20)},
      {"h4_27_uphill", text("front-edge-higher")},
      {"h4_musket_extreme20", Value(false)},  // §4.2: the extreme 20 is the Riflemen's
      {"h4_li_no_short", Value(false)},       // §4.2: every musket has short 5
      {"h4_bow_long5", Value(false)},         // §4.2: bows shoot as Militia (L86)
      {"h4_morale_split_b", Value(false)},    // §6.1: -2 item 1 only, -3 items 2-6
  };
  return kDefaults;
}

TEST(GroupOrdersModule, OptionDefaultsMatchTheDigest) {
  test::expect_options_match_digest(go().options(), expected_defaults(), {"h4_"});
}

// Every H4-01 … H4-27 is an option whose name carries its number and whose reference cites it.
TEST(GroupOrdersModule, EveryH4ItemHasAnOption) {
  auto has = [](const std::string& ref, const std::string& prefix) {
    for (const ParamSpec& s : go().options()) {
      if (s.ref.find(ref) != std::string::npos && s.name.rfind(prefix, 0) == 0) return true;
    }
    return false;
  };
  for (int n = 1; n <= 27; ++n) {
    EXPECT_TRUE(has(fmt::format("H4-{:02d}", n), fmt::format("h4_{:02d}_", n))) << n;
  }
  EXPECT_TRUE(has("§4.2", "h4_musket_extreme20"));
  EXPECT_TRUE(has("§6.1", "h4_morale_split_b"));
}

TEST(GroupOrdersModule, PublishesEveryResolution) {
  std::vector<std::string> names;
  for (const Resolution& r : go().resolutions()) {
    names.push_back(r.name);
    EXPECT_FALSE(r.ref.empty()) << r.name;
    EXPECT_FALSE(r.outcome_fields.empty()) << r.name;
    for (const ParamSpec& s : r.params) EXPECT_FALSE(s.ref.empty()) << r.name << " " << s.name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"shooting", "melee", "morale", "infantry-charge",
                                             "order-change"}));
}

// The resolution parameters that carry an option have the option's default.
TEST(GroupOrdersModule, ResolutionParametersFollowTheOptionDefaults) {
  auto param = [](const char* res, const std::string& name) -> Value {
    for (const ParamSpec& s : go().resolution(res)->params) {
      if (s.name == name) return s.default_value;
    }
    ADD_FAILURE() << res << " " << name;
    return Value();
  };
  auto option = [](const std::string& name) { return expected_defaults().at(name); };
  EXPECT_EQ(param("shooting", "hard-cover-small-arms"), option("h4_05_hard_cover_small_arms"));
  EXPECT_EQ(param("shooting", "soft-cover-artillery"), option("h4_05_soft_cover_artillery"));
  EXPECT_EQ(param("shooting", "hard-cover-heavy-artillery"),
            option("h4_05_hard_cover_heavy_artillery"));
  EXPECT_EQ(param("order-change", "general-range"), option("h4_16_general_range"));
  EXPECT_EQ(param("shooting", "note-reconstructed"), option("h4_24_note_reconstructed"));
  EXPECT_EQ(param("shooting", "musket-extreme20"), option("h4_musket_extreme20"));
  EXPECT_EQ(param("shooting", "li-no-short"), option("h4_li_no_short"));
  EXPECT_EQ(param("shooting", "bow-long5"), option("h4_bow_long5"));
  EXPECT_EQ(param("shooting", "spear-short-bonus"), option("h4_20_spear_short_bonus"));
  EXPECT_EQ(param("shooting", "first-shot-rule"), option("h4_21_first_shot"));
  EXPECT_EQ(param("morale", "split-b"), option("h4_morale_split_b"));
  EXPECT_EQ(param("morale", "general-range"), option("h4_16_general_range"));
  EXPECT_EQ(param("morale", "losses"), option("h4_12_losses"));
  EXPECT_EQ(param("order-change", "general-in"), option("h4_02_general_in"));
  EXPECT_EQ(param("order-change", "c-in-c-in"), option("h4_02_c_in_c_in"));
  EXPECT_EQ(param("order-change", "retreat-test"), option("h4_02_retreat_test"));
}

Unit make_unit(const std::string& type, const std::string& formation, int stands,
               const std::map<std::string, Value>& overrides = {}) {
  return test::unit_of(go(), type, formation, stands, overrides);
}

TEST(GroupOrdersModule, UnitTypesFromTheTable) {
  EXPECT_EQ(go().unit_types().size(), 13u);  // L30-L85
  EXPECT_EQ(go().unit_type("heavy-cavalry")->arm, Arm::kCavalry);
  EXPECT_EQ(go().unit_type("howitzers")->arm, Arm::kArtillery);
  EXPECT_EQ(go().unit_type("riflemen")->arm, Arm::kFoot);
  EXPECT_THAT(go().unit_type("light-infantry")->help, HasSubstr("24 cm"));
  EXPECT_EQ(go().unit_type("medium-infantry")->formations,
            (std::vector<std::string>{"line", "column", "column-deep", "square"}));
  EXPECT_EQ(go().unit_type("light-infantry")->formations,
            (std::vector<std::string>{"line", "column", "column-deep"}));  // no square
}

TEST(GroupOrdersModule, UnitChecks) {
  const Params none;
  EXPECT_TRUE(go().validate_unit(make_unit("medium-infantry", "line", 4), none).empty());
  EXPECT_FALSE(go().validate_unit(make_unit("medium-infantry", "line", 0), none).empty());
  EXPECT_TRUE(go().validate_unit(make_unit("medium-infantry", "square", 4), none).empty());
  EXPECT_FALSE(go().validate_unit(make_unit("light-infantry", "square", 3), none).empty());
  EXPECT_FALSE(go().validate_unit(make_unit("medium-cavalry", "square", 3), none).empty());
  EXPECT_TRUE(
      go().validate_unit(make_unit("medium-infantry", "line", 4, {{"weapon", text("bow")}}), none)
          .empty());
  EXPECT_FALSE(
      go().validate_unit(
              make_unit("medium-infantry", "line", 4, {{"weapon", text("heavy-artillery")}}), none)
          .empty());
  EXPECT_FALSE(go().validate_unit(make_unit("heavy-artillery", "deployed", 1,
                                            {{"weapon", text("light-artillery")}}),
                                  none)
                   .empty());
}

TEST(GroupOrdersModule, LayoutIsOneRectangleOfTheStands) {
  // 4 massed stands in line: 4 x 4 cm by 2 cm (§1, proposed).
  std::vector<Stand> s = go().layout(make_unit("medium-infantry", "line", 4), {0, 0}, 0);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].figures, 4);
  EXPECT_NEAR(s[0].rect.width, 160, 1e-9);
  EXPECT_NEAR(s[0].rect.depth, 20, 1e-9);
  s = go().layout(make_unit("medium-infantry", "column", 4), {0, 0}, 0);  // 2 wide
  EXPECT_NEAR(s[0].rect.width, 80, 1e-9);
  EXPECT_NEAR(s[0].rect.depth, 40, 1e-9);
  s = go().layout(make_unit("medium-infantry", "column-deep", 4), {0, 0}, 0);  // 4 deep
  EXPECT_NEAR(s[0].rect.width, 40, 1e-9);
  EXPECT_NEAR(s[0].rect.depth, 80, 1e-9);
  s = go().layout(make_unit("light-cavalry", "line", 3), {0, 0}, 0);
  EXPECT_NEAR(s[0].rect.depth, 30, 1e-9);
  s = go().layout(make_unit("heavy-artillery", "deployed", 1), {0, 0}, 0);
  EXPECT_NEAR(s[0].rect.depth, 40, 1e-9);
}

// A formation change lays the unit out by laid_rect with is_light (issue 9), without
// layout()'s vector and table look-up: the same rect, bit for bit, for every type, formation
// and size, at a centre and facing of no special value.
TEST(GroupOrdersModule, LaidRectIsTheLayoutsRect) {
  int checked = 0;
  for (const UnitTypeInfo& type : go().unit_types()) {
    for (const std::string& formation : type.formations) {
      for (int stands = 1; stands <= 7; ++stands) {
        const Unit u = make_unit(type.id, formation, stands);
        const Vec2 centre{123.456, -78.9};
        const double facing = 37.25;
        const std::vector<Stand> s = go().layout(u, centre, facing);
        ASSERT_EQ(s.size(), 1u);
        EXPECT_EQ(s[0].figures, laid_stands(u));
        const Rect r = laid_rect(u, centre, facing, is_light(u.type));
        EXPECT_EQ(r.centre.x, s[0].rect.centre.x);
        EXPECT_EQ(r.centre.y, s[0].rect.centre.y);
        EXPECT_EQ(r.facing, s[0].rect.facing);
        EXPECT_EQ(r.width, s[0].rect.width) << type.id << " " << formation << " " << stands;
        EXPECT_EQ(r.depth, s[0].rect.depth) << type.id << " " << formation << " " << stands;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 13 * 7 * 2);
}

// The helpers a battle calls.
// The unit-type facts and weapon ranges are kept, read once for every type, weapon and
// option set (issue 9): each answer is the table's, read here row by row.
TEST(GroupOrdersModule, KeptTypeFactsAndRangesAreTheTables) {
  int types = 0;
  for (const Row& r : table("units.types").rows) {
    ++types;
    EXPECT_EQ(is_light(r.key), r.text("class") == "light") << r.key;
    EXPECT_EQ(is_artillery(r.key), r.text("arm") == "artillery") << r.key;
    EXPECT_EQ(is_cavalry(r.key), r.text("arm") == "cavalry") << r.key;
    EXPECT_EQ(is_infantry(r.key), r.text("arm") == "foot") << r.key;
    EXPECT_EQ(weapon_of(r.key, "as-type"), r.text("weapon")) << r.key;
    EXPECT_EQ(weapon_of(r.key, "bow"), "bow");
    EXPECT_EQ(melee_factor(r.key, "medium-infantry"), r.number("melee_vs_infantry")) << r.key;
    EXPECT_EQ(melee_factor(r.key, "medium-cavalry"), r.number("melee")) << r.key;
  }
  EXPECT_EQ(types, 13);
  const Row& rifle = row("shooting.ranges", "rifle");
  for (const Row& r : table("shooting.ranges").rows) {
    for (int bits = 0; bits < 8; ++bits) {
      const RangeOptions o{(bits & 4) != 0, (bits & 2) != 0, (bits & 1) != 0};
      Ranges want{r.number("short"), r.number("long"), r.number("extreme")};
      if (o.musket_extreme20 && r.flag("musket")) want.extreme_cm = rifle.number("extreme");
      if (o.musket_extreme20 && r.key == "rifle") want.extreme_cm = 0;
      if (o.li_no_short && r.key == "light-musket") want.short_cm = 0;
      if (o.bow_long5 && r.key == "bow") want = Ranges{0, 5, 0};
      const Ranges got = weapon_ranges(r.key, o);
      EXPECT_EQ(got.short_cm, want.short_cm) << r.key << " " << bits;
      EXPECT_EQ(got.long_cm, want.long_cm) << r.key << " " << bits;
      EXPECT_EQ(got.extreme_cm, want.extreme_cm) << r.key << " " << bits;
    }
  }
}

TEST(GroupOrdersModule, BattleHelpers) {
  EXPECT_EQ(melee_factor("heavy-cavalry", "medium-infantry"), 3);  // L37: 3 versus Infantry
  EXPECT_EQ(melee_factor("heavy-cavalry", "medium-cavalry"), 4);
  EXPECT_EQ(melee_factor("heavy-infantry", "militia"), 4);  // L53: 4 versus Infantry
  EXPECT_EQ(melee_factor("heavy-infantry", "light-cavalry"), 3);
  EXPECT_EQ(drill_class("militia", "well").key, "militia");  // L88, L91
  EXPECT_EQ(drill_class("medium-cavalry", "normal").key, "cavalry");
  EXPECT_EQ(drill_class("medium-infantry", "badly").number("incline"), 0);
  EXPECT_EQ(weapon_of("riflemen", "as-type"), "rifle");
  EXPECT_EQ(weapon_of("militia", "bow"), "bow");
  const Ranges carbine = weapon_ranges("carbine", {});
  EXPECT_EQ(range_band(carbine, 3), RangeBand::kLong);  // no short: always long
  EXPECT_EQ(range_band(carbine, 11), RangeBand::kOut);
  const Ranges rifle = weapon_ranges("rifle", {});
  EXPECT_EQ(range_band(rifle, 8), RangeBand::kShort);
  EXPECT_EQ(range_band(rifle, 15), RangeBand::kLong);
  EXPECT_EQ(range_band(rifle, 20), RangeBand::kExtreme);
  EXPECT_EQ(weapon_ranges("rifle", {.musket_extreme20 = true}).extreme_cm, 0);
  EXPECT_EQ(weapon_ranges("musket", {.musket_extreme20 = true}).extreme_cm, 20);
  EXPECT_EQ(weapon_ranges("light-musket", {.li_no_short = true}).short_cm, 0);
  EXPECT_EQ(weapon_ranges("bow", {.bow_long5 = true}).long_cm, 5);
  // H4-22: a Light unit of 4 stands throws a die with 2 and one with the other 2.
  EXPECT_EQ(shooting_dice("light-infantry", 4, true), (std::vector<int>{2, 2}));
  EXPECT_EQ(shooting_dice("light-infantry", 4, false), (std::vector<int>{4}));
  EXPECT_EQ(shooting_dice("medium-infantry", 4, true), (std::vector<int>{4}));
  EXPECT_EQ(infantry_charge_needed(true, false), 5);
  EXPECT_EQ(infantry_charge_needed(true, true), 6);
  // §6.4: a Massed Group scoring 3 on Reserve keeps Reserve; on Advance goes to Stand.
  MoraleSituation m;
  m.orders = "reserve";
  EXPECT_EQ(morale_result(m, 3).orders, "reserve");
  m.orders = "advance";
  EXPECT_EQ(morale_result(m, 3).orders, "stand");
}

// The orders' ids (issue 9) name every orders the tables, the attribute's choices and the
// morale results use, and give the same names back.
TEST(GroupOrdersModule, OrdersIdsRoundTripTheNames) {
  std::vector<std::string> names = keys_of("orders.orders", "advance");
  names.insert(names.end(), {"rout", "removed", ""});
  for (const std::string& n : names) EXPECT_EQ(orders_name(orders_named(n)), n) << n;
  EXPECT_EQ(orders_named(""), OrdersId::kNone);
  EXPECT_EQ(orders_named("stand"), OrdersId::kStand);
  EXPECT_THROW(orders_named("charge"), std::invalid_argument);
  MoraleSituation m;
  m.unit_class = "massed";
  for (const char* o : {"advance", "stand", "reserve", "retreat", "rout"}) {
    m.orders = o;
    for (bool artillery : {false, true}) {
      m.artillery = artillery;
      for (int score = -6; score <= 12; ++score) {
        const std::string& to = morale_result(m, score).orders;
        EXPECT_EQ(orders_name(orders_named(to)), to);
      }
    }
  }
}

}  // namespace
}  // namespace smoothbore::group_orders
