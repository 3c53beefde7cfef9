// The fire-and-discipline rule set as a module: registered, its options and their digest
// defaults (000.md §13), the FD-01 scale, stand layout from the §1.21 stand sizes, the
// unit checks, and the resolutions the two table helpers publish.
#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/options.h"
#include "rules/fire_and_discipline_scenario.h"
#include "rules/option_specs_test_util.h"
#include "rules/registry.h"
#include "rules/unit_test_util.h"

namespace smoothbore::fire_and_discipline {
namespace {

using ::testing::HasSubstr;

const Ruleset& fd() {
  const Ruleset* r = find_ruleset("fire-and-discipline");
  EXPECT_NE(r, nullptr);
  return r != nullptr ? *r : ruleset();
}

TEST(FireAndDisciplineModule, Registered) {
  const Ruleset& r = fd();
  EXPECT_EQ(&r, &ruleset());
  EXPECT_EQ(r.id(), "fire-and-discipline");
  EXPECT_THAT(std::string(r.title()), HasSubstr("Fire and Discipline"));
  EXPECT_EQ(r.status(), "playable");
  EXPECT_EQ(r.rule_unit(), "yd");
  EXPECT_EQ(r.default_turn_limit(), 30);
  EXPECT_TRUE(r.has_leaders());
  EXPECT_TRUE(r.playable());
  EXPECT_EQ(r.army_break_option(), "fd_60_army_break");
  // The registry keeps id order.
  const auto& all = all_rulesets();
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1]->id(), all[i]->id());
}

// Every option and its digest default, spelled out.
const std::map<std::string, Value>& expected_defaults() {
  static const std::map<std::string, Value> kDefaults = {
      {"fd_01_table_scale", Value(std::string("1in=10yd"))},
      {"fd_02_phase_order", Value(std::string("simultaneous"))},
      {"fd_03_skirmish_fire_before_volley", Value(false)},
      {"fd_04_skirmishers_volley", Value(false)},
      {"fd_05_prolonge_phase", Value(std::string("artillery"))},
      {"fd_06_cavalry_road_yd", Value(std::int64_t{180})},
      {"fd_07_tactical_shift", Value(std::string("chart"))},
      {"fd_07_shift_min_rating", Value(std::int64_t{2})},
      {"fd_08_road_test", Value(std::string("start-and-end"))},
      {"fd_09_limbered_exclusion", Value(std::string("end"))},
      {"fd_10_fix_8pdr", Value(true)},
      {"fd_11_modifier_break", Value(std::int64_t{300})},
      {"fd_12_artillery_die", Value(std::string("d100"))},
      {"fd_13_artillery_multi_hit", Value(std::string("cap2"))},
      {"fd_14_firepower_halvings", Value(std::string("once"))},
      {"fd_15_canister_max_yd", Value(std::int64_t{150})},
      {"fd_16_one_gun_fire", Value(std::string("half"))},
      {"fd_17_ammunition_per", Value(std::string("section"))},
      {"fd_18_artillery_boxes", Value(std::string("crew"))},
      {"fd_19_recrew", Value(true)},
      {"fd_19_recapture", Value(true)},
      {"fd_20_overflow_hits", Value(std::string("nearest-stand"))},
      {"fd_21_morale_base", Value(std::string("castings"))},
      {"fd_22_melee_morale", Value(std::string("losers"))},
      {"fd_23_adjacent_bonus", Value(std::int64_t{1})},
      {"fd_23_half_stand_plus", Value(std::int64_t{1})},
      {"fd_24_morale_tests", Value(std::string("once-per-unit"))},
      {"fd_25_halt_until", Value(std::string("next-movement"))},
      {"fd_26_flee_disorders", Value(true)},
      {"fd_26_blocked_flee", Value(std::string("surrender"))},
      {"fd_27_flow_through_box", Value(std::string("mover"))},
      {"fd_28_surround_quadrants", Value(std::int64_t{3})},
      {"fd_29_cascade", Value(std::string("once-per-step"))},
      {"fd_31_or_groups_exclusive", Value(false)},
      {"fd_32_melee_mmg_effect", Value(std::string("double-casualties"))},
      {"fd_33_cover_only_zero", Value(true)},
      {"fd_34_bow_max_yd", Value(std::int64_t{60})},
      {"fd_35_column_dice", Value(std::string("front-rank"))},
      {"fd_36_band_upper_inclusive", Value(true)},
      {"fd_37_musketry_target", Value(std::string("firer-choice"))},
      {"fd_38_same_target", Value(std::string("unit"))},
      {"fd_39_poor_weather", Value(false)},
      {"fd_39_poor_weather_artillery", Value(false)},
      {"fd_40_terrain_movement", Value(std::string("proposed"))},
      {"fd_41_formation_change", Value(std::string("whole-move"))},
      {"fd_42_wheel_pivot", Value(std::string("front-corner"))},
      {"fd_43_cavalry_charge_wheel", Value(true)},
      {"fd_44_counter_charge", Value(std::string("meet"))},
      {"fd_45_flank_bonus", Value(true)},
      {"fd_46_melee_dice", Value(std::string("contacting-stands"))},
      {"fd_47_crew_melee_weapon", Value(std::string("mixed"))},
      {"fd_48_melee_rounds", Value(std::int64_t{1})},
      {"fd_pursuit_by", Value(std::string("chargers"))},
      {"fd_pursuit_direction", Value(std::string("straight"))},
      {"fd_evade_charge", Value(std::string("odds"))},
      {"fd_49_objective_protective", Value(true)},
      {"fd_50_courier_interception", Value(false)},
      {"fd_51_commander_loss_reach", Value(std::string("line-of-sight"))},
      {"fd_52_order_constraints", Value(std::string("enforced"))},
      {"fd_53_replace_regimental", Value(false)},
      {"fd_54_commander_roll", Value(std::string("per-attack"))},
      {"fd_55_default_chit", Value(std::string("H"))},
      {"fd_56_held_fire_range_yd", Value(std::int64_t{10})},
      {"fd_57_artillery_vs_objectives", Value(true)},
      {"fd_58_shattered_retire", Value(false)},
      {"fd_60_turn_limit", Value(std::int64_t{30})},
      {"fd_60_army_break", Value(0.5)},
      {"fd_60_army_break_measure", Value(std::string("shatter-boxes"))},
      {"fd_60_victory_points", Value(true)},
      {"fd_60_objective_points", Value(std::string("ten"))},
      {"fd_62_leash_recovery", Value(std::string("move-toward"))},
      {"fd_63_engaged_may_fire", Value(false)},
      {"fd_64_surrendered_guns_captured", Value(true)},
      {"fd_howitzer_pdr", Value(std::int64_t{10})},
      {"fd_woods_see_into_yd", Value(std::int64_t{20})},
      {"fd_opt_tactical_chits", Value(false)},
      {"fd_opt_fanaticism", Value(false)},
      {"fd_opt_extended_kill_zone", Value(false)},
      {"fd_opt_campaign", Value(false)},
  };
  return kDefaults;
}

TEST(FireAndDisciplineModule, OptionDefaultsMatchTheDigest) {
  test::expect_options_match_digest(fd().options(), expected_defaults(), {"fd_"});
}

TEST(FireAndDisciplineModule, EveryFdItemWithAChoiceHasAnOption) {
  // FD-30 (MMG = morale rating), FD-59 (follows FD-25/FD-26) and FD-61 (hidden text)
  // have no alternative reading (README).
  for (int n = 1; n <= 64; ++n) {
    const std::string ref = fmt::format("FD-{:02d}", n);
    bool found = false;
    for (const ParamSpec& s : fd().options()) found = found || s.ref.find(ref) != std::string::npos;
    if (n == 30 || n == 59 || n == 61) {
      EXPECT_FALSE(found) << ref;
    } else {
      EXPECT_TRUE(found) << ref;
    }
  }
  for (const char* optional : {"§2.5", "§5.64", "§6.35", "§5.11", "R-000-6"}) {
    bool found = false;
    for (const ParamSpec& s : fd().options()) {
      found = found || s.ref.find(optional) != std::string::npos;
    }
    EXPECT_TRUE(found) << optional;
  }
}

TEST(FireAndDisciplineModule, ReadOptionsGivesTheDefaults) {
  auto p = complete_params(fd().options(), {});
  ASSERT_TRUE(p.has_value()) << p.error();
  Options o = read_options(*p);
  Options def;
  EXPECT_EQ(o.table_scale, def.table_scale);
  EXPECT_EQ(o.modifier_break_yd, 300);
  EXPECT_TRUE(o.fix_8pdr);
  EXPECT_EQ(o.morale_base, "castings");
  EXPECT_EQ(o.melee_mmg_effect, "double-casualties");
  EXPECT_EQ(o.bow_max_yd, 60);
  EXPECT_EQ(o.turn_limit, 30);
  EXPECT_DOUBLE_EQ(o.army_break, 0.5);
  EXPECT_FALSE(o.tactical_chits || o.fanaticism || o.extended_kill_zone || o.shattered_retire);

  auto q = complete_params(fd().options(), {{"fd_11_modifier_break", Value(std::int64_t{400})},
                                            {"fd_21_morale_base", Value(std::string("five"))},
                                            {"fd_opt_fanaticism", Value(true)}});
  ASSERT_TRUE(q.has_value()) << q.error();
  Options alt = read_options(*q);
  EXPECT_EQ(alt.modifier_break_yd, 400);
  EXPECT_EQ(alt.morale_base, "five");
  EXPECT_TRUE(alt.fanaticism);
}

TEST(FireAndDisciplineModule, ScaleFollowsFd01) {
  auto def = complete_params(fd().options(), {});
  ASSERT_TRUE(def.has_value());
  EXPECT_DOUBLE_EQ(fd().mm_per_rule_unit(*def), 2.54);
  auto cm = complete_params(fd().options(), {{"fd_01_table_scale", Value(std::string("1cm=5yd"))}});
  ASSERT_TRUE(cm.has_value());
  EXPECT_DOUBLE_EQ(fd().mm_per_rule_unit(*cm), 2.0);
  EXPECT_DOUBLE_EQ(fd().mm_per_rule_unit(Params()), 2.54);  // no options: the default
}

// A unit of `type` with every attribute at its default except `overrides`.
Unit make_unit(const std::string& type, const std::string& formation, int figures,
               const std::map<std::string, Value>& overrides = {}) {
  return test::unit_of(fd(), type, formation, figures, overrides);
}

using fd_test::kYd;
const Vec2 kCentre{1000, 2000};

void expect_stand(const Stand& s, double x_yd, double y_yd, double w_yd, double d_yd,
                  int castings) {
  EXPECT_NEAR(s.rect.centre.x, kCentre.x + x_yd * kYd, 1e-9);
  EXPECT_NEAR(s.rect.centre.y, kCentre.y + y_yd * kYd, 1e-9);
  EXPECT_NEAR(s.rect.width, w_yd * kYd, 1e-9);
  EXPECT_NEAR(s.rect.depth, d_yd * kYd, 1e-9);
  EXPECT_EQ(s.castings, castings);
}

TEST(FireAndDisciplineModule, UnitTypesAndFormations) {
  const std::map<std::string, std::vector<std::string>> want = {
      {"infantry", {"line", "column", "open-order"}},
      {"cavalry", {"line", "column"}},
      {"dragoons", {"line", "column", "open-order"}},
      {"artillery", {"limbered", "unlimbered"}},
      {"wagon", {"limbered"}}};
  EXPECT_EQ(fd().unit_types().size(), want.size());
  for (const auto& [type, formations] : want) {
    const UnitTypeInfo* t = fd().unit_type(type);
    ASSERT_NE(t, nullptr) << type;
    EXPECT_EQ(t->formations, formations) << type;
  }
  EXPECT_EQ(fd().unit_type("dragoons")->arm, Arm::kCavalry);
  EXPECT_EQ(fd().unit_type("artillery")->arm, Arm::kArtillery);
}

TEST(FireAndDisciplineModule, LayoutLineAndColumn) {
  // 8 companies in line: 8 × 15 yd = 120 yd frontage, 12.5 yd deep; facing north, the
  // first stand is the westernmost, centre 60 − 7.5 = 52.5 yd west of the unit's centre.
  Unit line = make_unit("infantry", "line", 8);
  std::vector<Stand> s = fd().layout(line, kCentre, 0);
  ASSERT_EQ(s.size(), 8u);
  for (int i = 0; i < 8; ++i) expect_stand(s[i], -52.5 + 15.0 * i, 0, 15, 12.5, 6);
  line.stands = s;
  EXPECT_EQ(line.figures(), 8);  // figures = stands
  EXPECT_EQ(line.castings(), 48);

  // Column: back to front, 8 × 12.5 = 100 yd deep; the leading stand 50 − 6.25 ahead.
  s = fd().layout(make_unit("infantry", "column", 8, {{"castings", Value(std::int64_t{4})}}),
                  kCentre, 0);
  ASSERT_EQ(s.size(), 8u);
  for (int i = 0; i < 8; ++i) expect_stand(s[i], 0, 43.75 - 12.5 * i, 15, 12.5, 4);

  // Facing east: the line runs north-south, the first stand at the north end.
  s = fd().layout(make_unit("infantry", "line", 2), kCentre, 90);
  ASSERT_EQ(s.size(), 2u);
  expect_stand(s[0], 0, 7.5, 15, 12.5, 6);
  expect_stand(s[1], 0, -7.5, 15, 12.5, 6);
  EXPECT_DOUBLE_EQ(s[0].rect.facing, 90);
}

TEST(FireAndDisciplineModule, LayoutHalfStandsAndOpenOrder) {
  // 4 companies and 2 half-stands in line: 4 × 15 + 2 × 7.5 = 75 yd; fronts aligned, so a
  // half-stand (10 yd deep) sits 6.25 − 5 = 1.25 yd ahead of the unit's centre line.
  Unit u = make_unit("infantry", "line", 6, {{"half-stands", Value(std::int64_t{2})}});
  std::vector<Stand> s = fd().layout(u, kCentre, 0);
  ASSERT_EQ(s.size(), 6u);
  for (int i = 0; i < 4; ++i) expect_stand(s[i], -30 + 15.0 * i, 0, 15, 12.5, 6);
  expect_stand(s[4], 26.25, 1.25, 7.5, 10, 2);
  expect_stand(s[5], 33.75, 1.25, 7.5, 10, 2);
  // A re-layout of the laid-out stands keeps their kinds and castings.
  u.stands = s;
  u.stands[1].removed = true;
  std::vector<Stand> again = fd().layout(u, kCentre, 0);
  ASSERT_EQ(again.size(), 5u);
  EXPECT_NEAR(again[4].rect.width, 7.5 * kYd, 1e-9);

  // 4 half-stands in open order, 15 yd apart: 4 × 7.5 + 3 × 15 = 75 yd.
  s = fd().layout(make_unit("infantry", "open-order", 4, {{"half-stands", Value(std::int64_t{4})}}),
                  kCentre, 0);
  ASSERT_EQ(s.size(), 4u);
  for (int i = 0; i < 4; ++i) expect_stand(s[i], -33.75 + 22.5 * i, 0, 7.5, 10, 2);

  // Dismounted dragoons are half-stands in open order; mounted, basic stands (3 castings).
  s = fd().layout(make_unit("dragoons", "open-order", 2), kCentre, 0);
  ASSERT_EQ(s.size(), 2u);
  expect_stand(s[0], -11.25, 0, 7.5, 10, 3);
  expect_stand(s[1], 11.25, 0, 7.5, 10, 3);
  s = fd().layout(make_unit("cavalry", "line", 2), kCentre, 0);
  expect_stand(s[0], -7.5, 0, 15, 12.5, 3);
}

TEST(FireAndDisciplineModule, LayoutArtillery) {
  // Unlimbered: one basic stand carrying the crew.
  Unit guns = make_unit("artillery", "unlimbered", 4, {{"pdr", Value(std::int64_t{6})}});
  std::vector<Stand> s = fd().layout(guns, kCentre, 0);
  ASSERT_EQ(s.size(), 1u);
  expect_stand(s[0], 0, 0, 15, 12.5, 4);
  EXPECT_EQ(s[0].figures, 4);
  // Limbered: the limber (12.5 × 15 yd, a basic stand turned 90°) leads, the gun behind;
  // 27.5 yd deep: limber centre 13.75 − 7.5 = 6.25 ahead, gun 13.75 − 15 − 6.25 = −7.5.
  s = fd().layout(make_unit("artillery", "limbered", 4, {{"pdr", Value(std::int64_t{6})}}), kCentre,
                  0);
  ASSERT_EQ(s.size(), 2u);
  expect_stand(s[0], 0, -7.5, 15, 12.5, 4);  // the gun (first) with its crew
  expect_stand(s[1], 0, 6.25, 12.5, 15, 0);  // the limber
}

std::vector<std::string> check(const Unit& u) {
  auto p = complete_params(fd().options(), {});
  return fd().validate_unit(u, p.value_or(Params()));
}

void expect_message(const Unit& u, std::string_view part) {
  std::vector<std::string> m = check(u);
  ASSERT_EQ(m.size(), 1u) << (m.empty() ? "no message" : m[0] + " ...");
  EXPECT_THAT(m[0], HasSubstr(part));
}

TEST(FireAndDisciplineModule, ValidUnitsPass) {
  EXPECT_TRUE(check(make_unit("infantry", "line", 8)).empty());
  EXPECT_TRUE(check(make_unit("infantry", "line", 8,
                              {{"melee-weapon", Value(std::string("pike"))},
                               {"firearm", Value(std::string("matchlock"))}}))
                  .empty());
  EXPECT_TRUE(
      check(make_unit("cavalry", "line", 4, {{"cavalry-tactic", Value(std::string("fire"))}}))
          .empty());
  EXPECT_TRUE(
      check(make_unit("artillery", "unlimbered", 4, {{"pdr", Value(std::int64_t{12})}})).empty());
  EXPECT_TRUE(check(make_unit("artillery", "limbered", 2,
                              {{"howitzer", Value(true)}, {"guns", Value(std::int64_t{1})}}))
                  .empty());
}

TEST(FireAndDisciplineModule, ValidateUnitMessages) {
  auto s = [](const char* v) { return Value(std::string(v)); };
  auto i = [](int v) { return Value(std::int64_t{v}); };
  expect_message(make_unit("infantry", "line", 8, {{"firearm", s("rifle")}}), "rifles are not");
  expect_message(make_unit("cavalry", "line", 4, {{"melee-weapon", s("pike")}}),
                 "pike is an infantry weapon");
  expect_message(make_unit("infantry", "line", 8, {{"pdr", i(6)}}),
                 "pdr applies to artillery sections only");
  expect_message(make_unit("infantry", "line", 8, {{"howitzer", Value(true)}}), "howitzer");
  expect_message(make_unit("infantry", "line", 8, {{"cavalry-tactic", s("fire")}}),
                 "cavalry-tactic applies to cavalry and dragoons");
  expect_message(make_unit("artillery", "unlimbered", 4), "needs pdr");
  expect_message(make_unit("artillery", "unlimbered", 4, {{"pdr", i(6)}, {"guns", i(1)}}),
                 "at most 2 crew castings");
  expect_message(make_unit("infantry", "line", 12), "2-10 company stands");
  expect_message(make_unit("infantry", "line", 4, {{"castings", i(2)}}), "3-8 castings");
  expect_message(make_unit("cavalry", "line", 4, {{"castings", i(5)}}), "2-3 cavalrymen");
  expect_message(make_unit("infantry", "line", 4, {{"half-stands", i(5)}}), "more than");
  expect_message(make_unit("infantry", "open-order", 4, {{"half-stands", i(2)}}),
                 "open-order is for half-stands only");
  expect_message(make_unit("cavalry", "line", 4, {{"half-stands", i(1)}}), "half-stands");
  expect_message(
      make_unit("infantry", "line", 4, {{"firearm", s("bow")}, {"fire-tactic", s("platoon")}}),
      "platoon fire");
}

TEST(FireAndDisciplineModule, ResolutionsFromBothHelpers) {
  std::set<std::string> names;
  for (const Resolution& r : fd().resolutions()) {
    EXPECT_TRUE(names.insert(r.name).second) << "duplicate " << r.name;
    EXPECT_FALSE(r.ref.empty()) << r.name;
  }
  for (const char* n : {"musketry", "skirmish-fire", "artillery", "artillery-hit", "melee",
                        "morale", "commander-hit"}) {
    EXPECT_TRUE(names.count(n)) << n;
    EXPECT_NE(fd().resolution(n), nullptr) << n;
  }
  EXPECT_EQ(&fd().resolutions(), &fd().resolutions());  // concatenated once
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
