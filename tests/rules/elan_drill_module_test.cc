// The elan-drill rule set as a module: registered as "playable", its options (every D12-xx and
// R-001-x of 001.md §12-§13 with the digest's default), the §1 scale, unit types and attributes,
// layout, unit checks and the resolutions it publishes.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/elan_drill/elan_drill.h"
#include "rules/option_specs_test_util.h"
#include "rules/registry.h"
#include "rules/unit_test_util.h"

namespace smoothbore::elan_drill {
namespace {

using ::testing::HasSubstr;

const Ruleset& ed() {
  const Ruleset* r = find_ruleset("elan-drill");
  EXPECT_NE(r, nullptr);
  return r != nullptr ? *r : ruleset();
}

TEST(ElanDrillModule, RegisteredAsPartlyPlayable) {
  const Ruleset& r = ed();
  EXPECT_EQ(&r, &ruleset());
  EXPECT_EQ(r.id(), "elan-drill");
  EXPECT_THAT(std::string(r.title()), HasSubstr("Elan/Drill D12"));
  EXPECT_EQ(r.status(), "playable");
  EXPECT_TRUE(r.playable());
  EXPECT_EQ(r.rule_unit(), "in");
  EXPECT_DOUBLE_EQ(r.mm_per_rule_unit(Params()), 25.4);  // §1: inches on the table
  EXPECT_EQ(r.default_turn_limit(), 12);                 // D12-32
  EXPECT_EQ(r.turn_limit_option(), "d12_32_turn_limit");
  EXPECT_EQ(r.army_break_option(), "d12_32_army_break");
  EXPECT_TRUE(r.has_leaders());  // L7
  const auto& all = all_rulesets();
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1]->id(), all[i]->id());
}

// Every option and its digest default, spelled out.
const std::map<std::string, Value>& expected_defaults() {
  static const std::map<std::string, Value> kDefaults = {
      {"d12_01_test_direction", Value(std::string("roll-under"))},
      {"d12_02_ratings", Value(std::string("proposed"))},
      {"d12_03_trigger_sum", Value(std::string("one-test"))},
      {"d12_03_casualty_dice", Value(std::string("once-per-phase"))},
      {"d12_04_close", Value(std::string("weapon-close"))},
      {"d12_05_broken", Value(std::string("flee"))},
      {"d12_05_broken_contact_dice", Value(true)},
      {"d12_06_dm_removal", Value(std::string("rally-only"))},
      {"d12_07_line_in", Value(std::int64_t{6})},
      {"d12_07_column_in", Value(std::int64_t{8})},
      {"d12_07_march_column_in", Value(std::int64_t{12})},
      {"d12_07_skirmish_in", Value(std::int64_t{9})},
      {"d12_07_square_in", Value(std::int64_t{2})},
      {"d12_07_light_cavalry_in", Value(std::int64_t{14})},
      {"d12_07_cavalry_in", Value(std::int64_t{12})},
      {"d12_07_cavalry_march_in", Value(std::int64_t{18})},
      {"d12_07_charge_bonus_in", Value(std::int64_t{4})},
      {"d12_07_foot_artillery_in", Value(std::int64_t{8})},
      {"d12_07_horse_artillery_in", Value(std::int64_t{14})},
      {"d12_07_manhandle_in", Value(std::int64_t{2})},
      {"d12_07_leader_in", Value(std::int64_t{24})},
      {"d12_07_road_bonus", Value(0.5)},
      {"d12_08_formation_only", Value(std::string("no-test"))},
      {"d12_09_restricted", Value(std::string("proposed"))},
      {"d12_10_musketry_veteran", Value(std::int64_t{6})},
      {"d12_10_musketry_steady", Value(std::int64_t{5})},
      {"d12_10_musketry_conscript", Value(std::int64_t{4})},
      {"d12_11_eligible", Value(std::string("front-two-ranks"))},
      {"d12_12_fire_arc_deg", Value(std::int64_t{45})},
      {"d12_12_artillery_arc_deg", Value(22.5)},
      {"d12_13_heavy_max_in", Value(std::int64_t{60})},
      {"d12_13_medium_max_in", Value(std::int64_t{48})},
      {"d12_13_light_max_in", Value(std::int64_t{40})},
      {"d12_13_ultra_light_max_in", Value(std::int64_t{32})},
      {"d12_13_long_fraction", Value(0.5)},
      {"d12_14_shell_min_in", Value(std::int64_t{6})},
      {"d12_14_shrapnel_fraction", Value(0.5)},
      {"d12_14_shrapnel_allowed", Value(std::string("scenario"))},
      {"d12_15_close_dm_count", Value(std::string("after"))},
      {"d12_15_failed_chargers_fire", Value(true)},
      {"d12_16_limited_responses", Value(std::string("proposed"))},
      {"d12_16_recover_guns", Value(std::string("return"))},
      {"d12_17_rounds", Value(std::int64_t{3})},
      {"d12_17_no_break", Value(std::string("loser-falls-back"))},
      {"d12_18_cavalry_pursuit", Value(std::string("test-not-to"))},
      {"d12_18_infantry_pursuit", Value(std::string("commander"))},
      {"d12_18_broken_to_hit", Value(std::int64_t{-2})},
      {"d12_19_break_off_move", Value(std::string("half"))},
      {"d12_20_pass_through", Value(std::string("formed-unit"))},
      {"d12_21_reform_skirmish", Value(true)},
      {"d12_22_leader_bonus", Value(std::int64_t{1})},
      {"d12_22_leader_rally_die", Value(true)},
      {"d12_23_reinforcement_step", Value(std::int64_t{2})},
      {"d12_24_fortify_objectives", Value(false)},
      {"d12_24_engineering", Value(std::string("drill-2d"))},
      {"d12_25_friendly_hits", Value(std::string("none"))},
      {"d12_26_first_fire", Value(std::string("game"))},
      {"d12_27_reactive_fire", Value(std::string("once-per-enemy-turn"))},
      {"d12_28_moving", Value(std::string("moved-this-turn"))},
      {"d12_29_below_half", Value(std::string("fewer-than-half"))},
      {"d12_30_lost_more", Value(std::string("round"))},
      {"d12_31_outnumbered", Value(std::string("total-figures"))},
      {"d12_32_turn_limit", Value(std::int64_t{12})},
      {"d12_32_army_break", Value(0.5)},
      {"d12_32_artillery_weight", Value(0.5)},
      {"d12_33_shell_class_modifiers", Value(true)},
      {"d12_34_heavy", Value(std::string("10pdr-up"))},
      {"d12_35_solid_shot_targets", Value(std::string("proposed"))},
      {"d12_36_friend_broken", Value(std::string("once-per-step"))},
      {"d12_37_platoon_rounding", Value(std::string("up"))},
      {"r001_1_min_dice", Value(std::int64_t{1})},
      {"r001_1_factor_cap", Value(std::string("none"))},
      {"r001_2_rally_mode", Value(std::string("successes"))},
      {"r001_3_break_dms", Value(std::int64_t{4})},
      {"r001_4_save_caps", Value(std::string("10-open-11-cover"))},
      {"r001_4_special", Value(std::string("leader-or-dm"))},
      {"r001_5_pistol_range", Value(std::string("always-long"))},
      {"r001_5_scatter", Value(std::string("each-unit"))},
      {"r001_5_scatter_sides", Value(std::string("friend-or-foe"))},
      {"r001_6_further_targets", Value(std::string("cumulative"))},
      {"r001_6_max_further", Value(std::int64_t{3})},
      {"r001_6_further_range", Value(std::string("own"))},
      {"r001_6_further_sides", Value(std::string("any-unit"))},
      {"r001_7_duplicates", Value(std::string("once"))},
  };
  return kDefaults;
}

TEST(ElanDrillModule, OptionDefaultsMatchTheDigest) {
  test::expect_options_match_digest(ed().options(), expected_defaults(), {"d12_", "r001_"});
}

// Every D12-xx of §13 and every R-001-x of §12 is an option (all of them offer a choice),
// and the option's number matches the item it cites.
TEST(ElanDrillModule, EveryD12AndR001ItemHasAnOption) {
  auto has = [](const std::string& ref, const std::string& prefix) {
    for (const ParamSpec& s : ed().options()) {
      if (s.ref.find(ref) != std::string::npos && s.name.rfind(prefix, 0) == 0) return true;
    }
    return false;
  };
  for (int n = 1; n <= 37; ++n) {
    EXPECT_TRUE(has(fmt::format("D12-{:02d}", n), fmt::format("d12_{:02d}_", n))) << n;
  }
  for (int n = 1; n <= 7; ++n) {
    EXPECT_TRUE(has(fmt::format("R-001-{}", n), fmt::format("r001_{}_", n))) << n;
  }
}

TEST(ElanDrillModule, AlternativesAreAccepted) {
  auto p = complete_params(ed().options(), {{"r001_2_rally_mode", Value(std::string("failures"))},
                                            {"r001_3_break_dms", Value(std::int64_t{5})},
                                            {"d12_32_turn_limit", Value(std::int64_t{20})}});
  ASSERT_TRUE(p.has_value()) << p.error();
  EXPECT_EQ(p->get_string("r001_2_rally_mode"), "failures");
  EXPECT_EQ(p->get_int("r001_3_break_dms"), 5);
  EXPECT_EQ(p->get_string("d12_01_test_direction"), "roll-under");
  auto bad = complete_params(ed().options(), {{"r001_2_rally_mode", Value(std::string("x"))}});
  EXPECT_FALSE(bad.has_value());
}

TEST(ElanDrillModule, PublishesEveryResolution) {
  std::vector<std::string> names;
  for (const Resolution& r : ed().resolutions()) {
    names.push_back(r.name);
    EXPECT_FALSE(r.ref.empty()) << r.name;
    EXPECT_FALSE(r.outcome_fields.empty()) << r.name;
    for (const ParamSpec& s : r.params) EXPECT_FALSE(s.ref.empty()) << r.name << " " << s.name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"elan-test", "close-to-melee", "drill-test", "rally",
                                             "small-arms", "canister", "solid-shot", "shell",
                                             "shrapnel", "save", "close-action"}));
  EXPECT_NE(ed().resolution("save"), nullptr);
}

Unit make_unit(const std::string& type, const std::string& formation, int figures,
               const std::map<std::string, Value>& overrides = {}) {
  return test::unit_of(ed(), type, formation, figures, overrides);
}

TEST(ElanDrillModule, UnitTypesFormationsAndChecks) {
  const UnitTypeInfo* inf = ed().unit_type("infantry");
  ASSERT_NE(inf, nullptr);
  EXPECT_EQ(inf->formations,
            (std::vector<std::string>{"line", "two-rank-line", "column", "wide-column",
                                      "closed-column", "march-column", "square", "skirmish"}));
  EXPECT_EQ(ed().unit_type("horse-artillery")->arm, Arm::kArtillery);
  EXPECT_EQ(ed().unit_type("light-cavalry")->arm, Arm::kCavalry);
  const Params none;
  EXPECT_TRUE(ed().validate_unit(make_unit("infantry", "line", 20), none).empty());
  EXPECT_FALSE(ed().validate_unit(make_unit("foot-artillery", "unlimbered", 4), none).empty());
  EXPECT_TRUE(ed().validate_unit(make_unit("foot-artillery", "unlimbered", 4,
                                           {{"gun", Value(std::string("medium"))}}),
                                 none)
                  .empty());
  EXPECT_FALSE(ed().validate_unit(make_unit("cavalry", "line", 10), none).empty());  // musket
  EXPECT_TRUE(
      ed().validate_unit(
              make_unit("cavalry", "line", 10, {{"weapon", Value(std::string("carbine"))}}), none)
          .empty());
}

TEST(ElanDrillModule, LayoutIsOneStandOfTheFigures) {
  // 20 foot figures in line: two ranks (D12-11) of 10, 0.6" a figure: 6" × 1.2".
  const Unit line = make_unit("infantry", "line", 20);
  std::vector<Stand> s = ed().layout(line, {0, 0}, 0);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].figures, 20);
  EXPECT_NEAR(s[0].rect.width, 6 * 25.4, 1e-9);
  EXPECT_NEAR(s[0].rect.depth, 1.2 * 25.4, 1e-9);
  // In column: 4 files, 5 ranks.
  s = ed().layout(make_unit("infantry", "column", 20), {0, 0}, 0);
  EXPECT_NEAR(s[0].rect.width, 2.4 * 25.4, 1e-9);
  EXPECT_NEAR(s[0].rect.depth, 3.0 * 25.4, 1e-9);
}

// attribute_is (the scenario checks' and the battle's start's lookups without a copy) is
// attribute_string compared: absent, text, and the numbers and flags it spells out.
TEST(ElanDrillModule, AttributeIsTheAttributeStringCompared) {
  const std::vector<std::pair<std::string, Value>> given = {{"none", Value(std::string("none"))},
                                                            {"text", Value(std::string("clear"))},
                                                            {"empty", Value(std::string())},
                                                            {"count", Value(std::int64_t{3})},
                                                            {"ratio", Value(0.5)},
                                                            {"flag", Value(true)}};
  Unit u = make_unit("infantry", "line", 20);
  for (const auto& [k, v] : given) u.attributes.emplace_back(k, v);
  const std::vector<std::string> texts = {"", "none", "clear", "3", "0.5", "true", "false"};
  for (const std::string key : {"none", "text", "empty", "count", "ratio", "flag", "absent"}) {
    for (const std::string& fallback : texts) {
      for (const std::string& text : texts) {
        EXPECT_EQ(attribute_is(u, key, fallback, text), u.attribute_string(key, fallback) == text)
            << key << " " << fallback << " " << text;
      }
    }
  }
}

// formation_footprint names each formation once (round 24) and lays out what the test of
// every name in turn laid out before (kept here, with the sheet's proposed figure sizes):
// every arm, the formations of the unit types, other names with "column" in them, and 1 to
// 40 figures.
TEST(ElanDrillModule, FormationFootprintIsEachNameTestedInTurn) {
  auto before = [](Arm arm, std::string_view formation, int figures) {
    double width = 1.5, depth = formation == "limbered" ? 4.0 : 2.0;  // guns
    if (arm != Arm::kArtillery) {
      const bool horse = arm == Arm::kCavalry;
      const double fw = horse ? 1.0 : 0.6, fd = horse ? 1.6 : 0.6;
      int files = (figures + 1) / 2;
      if (formation.find("column") != std::string_view::npos) files = horse ? 2 : 4;
      if (formation == "wide-column") files = 8;
      if (formation == "square") files = (figures + 3) / 4;
      if (formation == "skirmish") {
        width = 1.5 * figures;
        depth = fd;
      } else {
        files = std::clamp(files, 1, figures);
        width = fw * files;
        depth = fd * std::ceil(static_cast<double>(figures) / files);
        if (formation == "square") depth = width;
      }
    }
    return std::pair{width * kMmPerInch, depth * kMmPerInch};
  };
  const std::vector<std::string> names = {"line",           "two-rank-line",
                                          "column",         "attack-column",
                                          "closed-column",  "wide-column",
                                          "march-column",   "square",
                                          "skirmish",       "limbered",
                                          "unlimbered",     "column-x",
                                          "squares",        "",
                                          "skirmish-column"};
  for (const Arm arm : {Arm::kFoot, Arm::kCavalry, Arm::kArtillery}) {
    for (const std::string& f : names) {
      for (int figures = 1; figures <= 40; ++figures) {
        const Rect r = formation_footprint(arm, f, figures, {1, 2}, 0.5);
        const auto [w, d] = before(arm, f, figures);
        EXPECT_EQ(r.width, w) << f << " " << figures;
        EXPECT_EQ(r.depth, d) << f << " " << figures;
      }
    }
  }
}

}  // namespace
}  // namespace smoothbore::elan_drill
