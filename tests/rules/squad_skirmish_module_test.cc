// The squad-skirmish rule set as a module: registered as playable, its options (every
// SK-xx of 003.md §12 and the optional Heroes rule of §10, with the digest's default), the §1
// scale, unit types and attributes, layout, unit checks and the resolutions it publishes.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "rules/option_specs_test_util.h"
#include "rules/registry.h"
#include "rules/squad_skirmish/squad_skirmish.h"
#include "rules/unit_test_util.h"

namespace smoothbore::squad_skirmish {
namespace {

using ::testing::HasSubstr;

const Ruleset& sk() {
  const Ruleset* r = find_ruleset("squad-skirmish");
  EXPECT_NE(r, nullptr);
  return r != nullptr ? *r : ruleset();
}

TEST(SquadSkirmishModule, RegisteredAndPlayable) {
  const Ruleset& r = sk();
  EXPECT_EQ(&r, &ruleset());
  EXPECT_EQ(r.id(), "squad-skirmish");
  EXPECT_THAT(std::string(r.title()), HasSubstr("skirmish"));
  EXPECT_EQ(r.status(), "playable");
  EXPECT_TRUE(r.playable());
  EXPECT_EQ(r.rule_unit(), "in");
  EXPECT_DOUBLE_EQ(r.mm_per_rule_unit(Params()), 25.4);  // §1: the engine needs inches
  EXPECT_EQ(r.default_turn_limit(), 12);                 // SK-22 (proposed)
  EXPECT_EQ(r.turn_limit_option(), "sk_22_turn_limit");
  EXPECT_EQ(r.army_break_option(), "sk_22_casualty_fraction");
  EXPECT_TRUE(r.has_leaders());  // squad leaders and officers (§2)
  const auto& all = all_rulesets();
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1]->id(), all[i]->id());
}

Value text(const char* s) { return Value(std::string(s)); }
Value num(std::int64_t n) { return Value(n); }

// Every option and its digest default, spelled out.
const std::map<std::string, Value>& expected_defaults() {
  static const std::map<std::string, Value> kDefaults = {
      {"sk_01_cards", text("squad-deck")},
      {"sk_01_officer_card_in", num(6)},
      {"sk_02_casualty_test", text("next-activation")},
      {"sk_03_natural_10", text("face")},
      {"sk_04_natural_10_kills", Value(true)},
      {"sk_05_victim", text("nearest-visible")},
      {"sk_05_missing_victim", text("ranker")},
      {"sk_05_officer_in", num(6)},
      {"sk_06_measure", text("nearest-visible-figure")},
      {"sk_06_figures_block", text("other-squads")},
      {"sk_07_start_loaded", Value(true)},
      {"sk_07_actions", num(1)},
      {"sk_08_crew", num(4)},
      {"sk_08_gun_move", text("crew-1d6")},
      {"sk_08_gun_move_crew", num(3)},
      {"sk_08_canister_chain", text("modified-over-10")},
      {"sk_08_chain_limit", text("target-size")},
      {"sk_09_formed", text("contact-two-ranks")},
      {"sk_09_formed_target", Value(true)},
      {"sk_10_command_in", num(6)},
      {"sk_10_restrict", Value(true)},
      {"sk_11_move_roll", text("per-squad")},
      {"sk_11_split", text("per-figure")},
      {"sk_11_follow_in", num(6)},
      {"sk_11_terrain", text("double-cost")},
      {"sk_11_road", text("whole-move")},
      {"sk_11_obstacle_in", num(2)},
      {"sk_12_charge_reach", text("maximum-move")},
      {"sk_12_defender_falter", text("no-fire-stand-or-cover")},
      {"sk_13_pairing", num(2)},
      {"sk_13_versus_two", text("roll-once")},
      {"sk_13_loser", text("killed")},
      {"sk_14_retreat", text("maximum-move")},
      {"sk_14_leave_table", Value(true)},
      {"sk_15_cover", text("nearest-reachable")},
      {"sk_16_rally", text("officer-action")},
      {"sk_17_auto_promotion", text("after-1-turn")},
      {"sk_18_officer_killed", text("no-replacement")},
      {"sk_19_cover_share", text("half-or-more")},
      {"sk_20_mounted_fire", text("any-weapon")},
      {"sk_20_dismount_actions", num(1)},
      {"sk_21_heroes_officers", Value(false)},
      {"sk_22_victory", text("casualties-or-officers")},
      {"sk_22_casualty_fraction", Value(0.5)},
      {"sk_22_turn_limit", num(12)},
      {"sk_23_volley_min", num(10)},
      {"sk_23_volley_source", text("formed-squads")},
      {"sk_24_ball_close", text("plus-1")},
      {"sk_heroes", Value(false)},  // §10: an optional rule, off unless chosen
  };
  return kDefaults;
}

TEST(SquadSkirmishModule, OptionDefaultsMatchTheDigest) {
  test::expect_options_match_digest(sk().options(), expected_defaults(), {"sk_"});
}

// Every SK-01 … SK-24 of §12 offers a choice, so each is an option whose name carries its
// number and whose reference cites it; the optional Heroes rule (§10) is one too.
TEST(SquadSkirmishModule, EverySkItemHasAnOption) {
  auto has = [](const std::string& ref, const std::string& prefix) {
    for (const ParamSpec& s : sk().options()) {
      if (s.ref.find(ref) != std::string::npos && s.name.rfind(prefix, 0) == 0) return true;
    }
    return false;
  };
  for (int n = 1; n <= 24; ++n) {
    EXPECT_TRUE(has(fmt::format("SK-{:02d}", n), fmt::format("sk_{:02d}_", n))) << n;
  }
  EXPECT_TRUE(has("§10", "sk_heroes"));
}

TEST(SquadSkirmishModule, AlternativesAreAccepted) {
  auto p = complete_params(
      sk().options(),
      {{"sk_01_cards", text("per-side")}, {"sk_heroes", Value(true)}, {"sk_08_crew", num(3)}});
  ASSERT_TRUE(p.has_value()) << p.error();
  EXPECT_EQ(p->get_string("sk_01_cards"), "per-side");
  EXPECT_TRUE(p->get_bool("sk_heroes"));
  EXPECT_EQ(p->get_int("sk_08_crew"), 3);
  EXPECT_EQ(p->get_string("sk_03_natural_10"), "face");
  EXPECT_FALSE(complete_params(sk().options(), {{"sk_01_cards", text("x")}}).has_value());
}

TEST(SquadSkirmishModule, PublishesEveryResolution) {
  std::vector<std::string> names;
  for (const Resolution& r : sk().resolutions()) {
    names.push_back(r.name);
    EXPECT_FALSE(r.ref.empty()) << r.name;
    EXPECT_FALSE(r.outcome_fields.empty()) << r.name;
    for (const ParamSpec& s : r.params) EXPECT_FALSE(s.ref.empty()) << r.name << " " << s.name;
  }
  EXPECT_EQ(names,
            (std::vector<std::string>{"movement", "reload", "fire", "morale", "charge", "melee"}));
  EXPECT_NE(sk().resolution("fire"), nullptr);
}

// The resolution parameters that carry an option have the option's default.
TEST(SquadSkirmishModule, ResolutionParametersFollowTheOptionDefaults) {
  const Resolution* fire = sk().resolution("fire");
  ASSERT_NE(fire, nullptr);
  auto param = [&](const std::string& name) -> const ParamSpec& {
    for (const ParamSpec& s : fire->params) {
      if (s.name == name) return s;
    }
    ADD_FAILURE() << name;
    return fire->params.front();
  };
  auto option = [](const std::string& name) -> Value { return expected_defaults().at(name); };
  EXPECT_EQ(param("natural-10").default_value, option("sk_03_natural_10"));
  EXPECT_EQ(param("natural-10-kills").default_value, option("sk_04_natural_10_kills"));
  EXPECT_EQ(param("missing-victim").default_value, option("sk_05_missing_victim"));
  EXPECT_EQ(param("canister-chain").default_value, option("sk_08_canister_chain"));
  EXPECT_EQ(param("ball-close").default_value, option("sk_24_ball_close"));
  EXPECT_EQ(param("natural-10").choices, sk().options()[3].choices);
}

Unit make_unit(const std::string& type, const std::string& formation, int figures,
               const std::map<std::string, Value>& overrides = {}) {
  return test::unit_of(sk(), type, formation, figures, overrides);
}

TEST(SquadSkirmishModule, UnitTypesAndChecks) {
  ASSERT_NE(sk().unit_type("infantry"), nullptr);
  EXPECT_EQ(sk().unit_type("infantry")->formations, (std::vector<std::string>{"open", "formed"}));
  EXPECT_EQ(sk().unit_type("cavalry")->arm, Arm::kCavalry);
  EXPECT_EQ(sk().unit_type("cannon")->arm, Arm::kArtillery);
  const Params none;
  EXPECT_TRUE(sk().validate_unit(make_unit("infantry", "open", 8), none).empty());
  EXPECT_FALSE(sk().validate_unit(make_unit("infantry", "open", 0), none).empty());
  EXPECT_FALSE(sk().validate_unit(make_unit("cannon", "unlimbered", 4), none).empty());  // musket
  EXPECT_TRUE(
      sk().validate_unit(make_unit("cannon", "unlimbered", 4, {{"weapon", text("cannon")}}), none)
          .empty());
  EXPECT_FALSE(
      sk().validate_unit(make_unit("infantry", "open", 8, {{"weapon", text("cannon")}}), none)
          .empty());
}

TEST(SquadSkirmishModule, LayoutIsOneStandPerFigure) {
  // §1: one figure, one stand. 8 figures formed: two ranks (SK-09) of 4 on 25 mm bases in
  // contact, front rank 25 mm ahead of the rear.
  std::vector<Stand> s = sk().layout(make_unit("infantry", "formed", 8), {0, 0}, 0);
  ASSERT_EQ(s.size(), 8u);
  for (const Stand& st : s) {
    EXPECT_EQ(st.figures, 1);
    EXPECT_NEAR(st.rect.width, 25, 1e-9);
    EXPECT_NEAR(st.rect.depth, 25, 1e-9);
  }
  EXPECT_NEAR(s[0].rect.centre.x, -37.5, 1e-9);
  EXPECT_NEAR(s[3].rect.centre.x, 37.5, 1e-9);
  EXPECT_NEAR(s[0].rect.centre.y - s[4].rect.centre.y, 25, 1e-9);  // facing north (y up)
  // SK-09: `ranks = 3` forms 9 figures in three ranks of 3, in contact.
  s = sk().layout(make_unit("infantry", "formed", 9, {{"ranks", Value(std::int64_t{3})}}), {0, 0},
                  0);
  ASSERT_EQ(s.size(), 9u);
  EXPECT_NEAR(s[0].rect.centre.x, -25, 1e-9);
  EXPECT_NEAR(s[0].rect.centre.y - s[6].rect.centre.y, 50, 1e-9);
  // Open order: rows of 5, 2" apart: every figure within 6" of the most central one (L48).
  s = sk().layout(make_unit("infantry", "open", 18), {0, 0}, 0);
  ASSERT_EQ(s.size(), 18u);
  EXPECT_NEAR(s[4].rect.centre.x - s[0].rect.centre.x, 8 * 25.4, 1e-9);
  double least_far = 1e9;
  for (const Stand& a : s) {
    double far = 0;
    for (const Stand& b : s) far = std::max(far, distance(a.rect.centre, b.rect.centre));
    least_far = std::min(least_far, far);
  }
  EXPECT_LE(least_far, 6 * 25.4);
  // 19 figures are too many to keep within 6" (L48).
  EXPECT_FALSE(sk().validate_unit(make_unit("infantry", "open", 19), Params()).empty());
}

}  // namespace
}  // namespace smoothbore::squad_skirmish
