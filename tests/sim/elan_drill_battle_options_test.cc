// Issue 9: the battle reads its options into BattleOptions once, at the start
// (rules/elan_drill/battle_options.h), and the hot paths read its fields instead of looking
// the options up by name. For every option of the schema, at its default and at another
// value, each field must be what the lookup by name gives.
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "io/scenario_file.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"
#include "rules/elan_drill/options.h"

namespace smoothbore {
namespace {

using elan_drill::BattleED;
using elan_drill::BattleOptions;
using elan_drill::FurtherMode;

using OptionField = std::function<Value(const BattleOptions&)>;

Value pick(bool first, const char* a, const char* b) { return Value(std::string(first ? a : b)); }
Value num(double v) { return Value(v); }

// Each field, as the option's value it stands for (a comparison: the value compared with,
// or its alternative; a whole number as a double, as option_number gives it).
const std::vector<std::pair<std::string, OptionField>>& fields() {
  using O = BattleOptions;
  static const std::vector<std::pair<std::string, OptionField>> kFields = {
      {"d12_03_trigger_sum",
       [](const O& o) { return pick(o.per_trigger, "per-trigger", "one-test"); }},
      {"d12_04_close",
       [](const O& o) { return pick(o.close_any_range, "any-range", "weapon-close"); }},
      {"d12_01_test_direction",
       [](const O& o) { return pick(o.roll_over, "roll-over", "roll-under"); }},
      {"d12_02_ratings",
       [](const O& o) { return pick(o.ratings_from_scenario, "scenario", "proposed"); }},
      {"d12_05_broken", [](const O& o) { return pick(o.broken_flee, "flee", "stand"); }},
      {"d12_05_broken_contact_dice", [](const O& o) { return Value(o.broken_contact_dice); }},
      {"d12_06_dm_removal",
       [](const O& o) { return pick(o.dm_idle, "rally-and-idle", "rally-only"); }},
      {"d12_08_formation_only",
       [](const O& o) { return pick(o.formation_only_1d, "1d", "no-test"); }},
      {"d12_09_restricted",
       [](const O& o) {
         return pick(o.restricted_formations_only, "formations-only", "proposed");
       }},
      {"d12_11_eligible",
       [](const O& o) { return pick(o.all_figures_eligible, "all-figures", "front-two-ranks"); }},
      {"d12_07_line_in", [](const O& o) { return num(o.line_in); }},
      {"d12_07_column_in", [](const O& o) { return num(o.column_in); }},
      {"d12_07_march_column_in", [](const O& o) { return num(o.march_column_in); }},
      {"d12_07_skirmish_in", [](const O& o) { return num(o.skirmish_in); }},
      {"d12_07_square_in", [](const O& o) { return num(o.square_in); }},
      {"d12_07_light_cavalry_in", [](const O& o) { return num(o.light_cavalry_in); }},
      {"d12_07_cavalry_in", [](const O& o) { return num(o.cavalry_in); }},
      {"d12_07_cavalry_march_in", [](const O& o) { return num(o.cavalry_march_in); }},
      {"d12_07_charge_bonus_in", [](const O& o) { return num(o.charge_bonus_in); }},
      {"d12_07_foot_artillery_in", [](const O& o) { return num(o.foot_artillery_in); }},
      {"d12_07_horse_artillery_in", [](const O& o) { return num(o.horse_artillery_in); }},
      {"d12_07_manhandle_in", [](const O& o) { return num(o.manhandle_in); }},
      {"d12_07_leader_in", [](const O& o) { return num(o.leader_in); }},
      {"d12_07_road_bonus", [](const O& o) { return num(o.road_bonus); }},
      {"d12_10_musketry_veteran", [](const O& o) { return num(o.musketry_veteran); }},
      {"d12_10_musketry_steady", [](const O& o) { return num(o.musketry_steady); }},
      {"d12_10_musketry_conscript", [](const O& o) { return num(o.musketry_conscript); }},
      {"d12_12_fire_arc_deg", [](const O& o) { return num(o.fire_arc_deg); }},
      {"d12_12_artillery_arc_deg", [](const O& o) { return num(o.artillery_arc_deg); }},
      {"d12_13_heavy_max_in", [](const O& o) { return num(*o.gun_max_in("heavy")); }},
      {"d12_13_medium_max_in", [](const O& o) { return num(*o.gun_max_in("medium")); }},
      {"d12_13_light_max_in", [](const O& o) { return num(*o.gun_max_in("light")); }},
      {"d12_13_ultra_light_max_in", [](const O& o) { return num(*o.gun_max_in("ultra-light")); }},
      {"d12_13_long_fraction", [](const O& o) { return num(o.long_fraction); }},
      {"d12_14_shell_min_in", [](const O& o) { return num(o.shell_min_in); }},
      {"d12_14_shrapnel_fraction", [](const O& o) { return num(o.shrapnel_fraction); }},
      {"d12_14_shrapnel_allowed",
       [](const O& o) { return pick(o.shrapnel_any, "any", "scenario"); }},
      {"d12_15_close_dm_count",
       [](const O& o) { return pick(o.dm_count_before, "before", "after"); }},
      {"d12_15_failed_chargers_fire", [](const O& o) { return Value(o.failed_chargers_fire); }},
      {"d12_16_limited_responses",
       [](const O& o) { return pick(o.limited_responses_any, "any", "proposed"); }},
      {"d12_16_recover_guns", [](const O& o) { return pick(o.recover_guns, "return", "never"); }},
      {"d12_17_rounds", [](const O& o) { return num(o.rounds); }},
      {"d12_17_no_break",
       [](const O& o) { return pick(o.no_break_both_stay, "both-stay", "loser-falls-back"); }},
      {"d12_18_cavalry_pursuit", [](const O& o) { return Value(o.cavalry_pursuit); }},
      {"d12_18_infantry_pursuit", [](const O& o) { return Value(o.infantry_pursuit); }},
      {"d12_18_broken_to_hit", [](const O& o) { return num(o.broken_to_hit); }},
      {"d12_19_break_off_move", [](const O& o) { return pick(o.break_off_half, "half", "none"); }},
      {"d12_20_pass_through", [](const O& o) { return Value(o.pass_through); }},
      {"d12_21_reform_skirmish", [](const O& o) { return Value(o.reform_skirmish); }},
      {"d12_22_leader_bonus", [](const O& o) { return num(o.leader_bonus); }},
      {"d12_22_leader_rally_die", [](const O& o) { return Value(o.leader_rally_die); }},
      {"d12_23_reinforcement_step", [](const O& o) { return num(o.reinforcement_step); }},
      {"d12_24_fortify_objectives", [](const O& o) { return Value(o.fortify_objectives); }},
      {"d12_24_engineering",
       [](const O& o) { return pick(o.engineering_scripted, "scripted", "drill-2d"); }},
      {"d12_25_friendly_hits",
       [](const O& o) { return pick(o.friendly_hits_12, "natural-12", "none"); }},
      {"d12_26_first_fire",
       [](const O& o) { return pick(o.first_fire_per_target, "target", "game"); }},
      {"d12_27_reactive_fire",
       [](const O& o) {
         return pick(o.reactive_responders_only, "responders-only", "once-per-enemy-turn");
       }},
      {"d12_29_below_half",
       [](const O& o) { return pick(o.half_or_fewer, "half-or-fewer", "fewer-than-half"); }},
      {"d12_28_moving",
       [](const O& o) { return pick(o.moving_over_half, "moved-over-half", "moved-this-turn"); }},
      {"d12_30_lost_more",
       [](const O& o) { return pick(o.lost_more_whole, "whole-action", "round"); }},
      {"d12_31_outnumbered",
       [](const O& o) { return pick(o.outnumbered_contact, "contact-figures", "total-figures"); }},
      {"d12_32_artillery_weight", [](const O& o) { return num(o.artillery_weight); }},
      {"d12_33_shell_class_modifiers", [](const O& o) { return Value(o.shell_class_modifiers); }},
      {"d12_34_heavy",
       [](const O& o) { return pick(o.medium_is_heavy, "medium-and-heavy", "10pdr-up"); }},
      {"d12_35_solid_shot_targets",
       [](const O& o) {
         return pick(o.closed_column_proposed, "proposed", "closed-column-as-column");
       }},
      {"d12_36_friend_broken",
       [](const O& o) { return pick(o.friend_broken_once, "once-per-step", "every-time"); }},
      {"d12_37_platoon_rounding",
       [](const O& o) { return pick(o.platoon_round_up, "up", "down"); }},
      {"d12_03_casualty_dice",
       [](const O& o) { return pick(o.per_casualty, "per-casualty", "once-per-phase"); }},
      {"r001_1_min_dice", [](const O& o) { return num(o.min_dice); }},
      {"r001_1_factor_cap", [](const O& o) { return pick(o.factor_cap, "1-11", "none"); }},
      {"r001_2_rally_mode",
       [](const O& o) { return pick(o.rally_successes, "successes", "failures"); }},
      {"r001_3_break_dms", [](const O& o) { return num(o.break_dms); }},
      {"r001_4_save_caps",
       [](const O& o) { return pick(o.save_caps, "10-open-11-cover", "none"); }},
      {"r001_4_special",
       [](const O& o) { return pick(o.special_leader_or_dm, "leader-or-dm", "none"); }},
      {"r001_5_pistol_range",
       [](const O& o) { return pick(o.pistol_no_penalty, "no-penalty", "always-long"); }},
      {"r001_5_scatter",
       [](const O& o) { return pick(o.scatter_nearest, "nearest-unit", "each-unit"); }},
      {"r001_5_scatter_sides",
       [](const O& o) { return pick(o.scatter_enemies_only, "enemies-only", "friend-or-foe"); }},
      {"r001_6_further_targets",
       [](const O& o) {
         return Value(std::string(o.further_mode == FurtherMode::kNone   ? "none"
                                  : o.further_mode == FurtherMode::kFlat ? "flat"
                                                                         : "cumulative"));
       }},
      {"r001_6_max_further", [](const O& o) { return num(o.max_further); }},
      {"r001_6_further_range",
       [](const O& o) { return pick(o.further_range_own, "own", "first-target"); }},
      {"r001_6_further_sides",
       [](const O& o) { return pick(o.further_enemies_only, "enemies-only", "any-unit"); }},
      {"r001_7_duplicates", [](const O& o) { return pick(o.duplicates_twice, "twice", "once"); }},
  };
  return kFields;
}

// Options the battle itself never reads (BattleOptions has no field for them): the match
// reads the turn limit and army break. Every other option has its field.
const std::set<std::string> kNotRead = {"d12_32_turn_limit", "d12_32_army_break"};

Value looked_up(const BattleED& b, const ParamSpec& spec) {
  switch (spec.type) {
    case ParamType::kBool:
      return Value(b.option_flag(spec.name));
    case ParamType::kChoice:
    case ParamType::kString:
      return Value(b.option(spec.name));
    default:
      return Value(b.option_number(spec.name));
  }
}

// The same value (a whole number the same as its double).
bool same(const Value& a, const Value& b) {
  const auto numeric = [](const Value& v) {
    return std::holds_alternative<std::int64_t>(v) || std::holds_alternative<double>(v);
  };
  if (numeric(a) && numeric(b)) return as_number(a) == as_number(b);
  return a == b;
}

// The values to try besides the default: every other choice, the other flag, a number
// moved within its bounds.
std::vector<Value> other_values(const ParamSpec& spec) {
  switch (spec.type) {
    case ParamType::kBool:
      return {Value(!std::get<bool>(spec.default_value))};
    case ParamType::kChoice: {
      std::vector<Value> out;
      for (const std::string& c : spec.choices)
        if (Value(c) != spec.default_value) out.emplace_back(c);
      return out;
    }
    case ParamType::kInt: {
      const auto d = std::get<std::int64_t>(spec.default_value);
      return {Value(static_cast<double>(d + 1) <= spec.max ? d + 1 : d - 1)};
    }
    default: {
      const double d = as_number(spec.default_value);
      return {Value(d > spec.min ? (d + spec.min) / 2 : d + 1)};
    }
  }
}

TEST(ElanDrillOptions, BattleOptionsAreTheLookupsByName) {
  auto ground =
      load_scenario_file(std::string(SMOOTHBORE_SOURCE_DIR) + "/scenarios/elan-drill/battle.toml");
  ASSERT_TRUE(ground.has_value());
  std::set<std::string> covered;
  for (const auto& [name, field] : fields()) {
    EXPECT_TRUE(covered.insert(name).second) << name << " twice";
    EXPECT_EQ(kNotRead.count(name), 0u) << name;
  }
  int checked = 0;
  for (const ParamSpec& spec : elan_drill::option_specs()) {
    EXPECT_TRUE(covered.count(spec.name) > 0 || kNotRead.count(spec.name) > 0)
        << spec.name << " has no field and is not listed as unread";
    std::vector<Value> values = other_values(spec);
    values.insert(values.begin(), spec.default_value);
    BattleOptions at_default;  // the fields with this option at its default (values[0])
    for (const Value& v : values) {
      Scenario sc = *ground;
      sc.options.set(spec.name, v);
      if (v == Value(std::string("scenario"))) {  // D12-02: the scenario rates every unit
        for (Unit& u : sc.force.units) {
          for (auto& [key, value] : u.attributes) {  // the loader gave every one (0: unrated)
            if (key == "elan" || key == "drill" || key == "gunnery" || key == "musketry")
              value = Value(std::int64_t{7});
          }
          ASSERT_TRUE(elan_drill::unrated_factors(u).empty()) << u.id;
        }
      }
      const BattleED b(sc, 1, 0);
      ASSERT_TRUE(same(looked_up(b, spec), v)) << spec.name;
      EXPECT_TRUE(b.opts() == b.options_now()) << spec.name;
      for (const auto& [name, field] : fields()) {
        const ParamSpec* of = nullptr;
        for (const ParamSpec& s : elan_drill::option_specs())
          if (s.name == name) of = &s;
        ASSERT_NE(of, nullptr) << name << " is not an option";
        EXPECT_TRUE(same(field(b.opts()), looked_up(b, *of))) << name << " with " << spec.name;
      }
      // A field reads its own option: another value of it changes the fields.
      if (&v == &values.front()) {
        at_default = b.opts();
      } else if (covered.count(spec.name) > 0) {
        EXPECT_FALSE(b.opts() == at_default) << spec.name;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, static_cast<int>(elan_drill::option_specs().size()));
}

}  // namespace
}  // namespace smoothbore
