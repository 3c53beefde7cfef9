// `smoothbore generate` (io/generate.h): for every rule set with a brigade template, the
// generated battle loads without a diagnostic at every size the benchmarks use, has about
// the stands asked for, uses every terrain class of the template, and is a function of
// the seed.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "io/generate.h"
#include "io/scenario_file.h"
#include "rules/registry.h"

namespace smoothbore {
namespace {

using ::testing::HasSubstr;

std::vector<const Ruleset*> generatable() {
  std::vector<const Ruleset*> out;
  for (const Ruleset* r : all_rulesets()) {
    if (can_generate(*r)) out.push_back(r);
  }
  return out;
}

int stands_of(const Scenario& s, int side) {
  int n = 0;
  for (const Unit& u : s.force.units) {
    if (u.side == side) n += static_cast<int>(u.stands.size());
  }
  return n;
}

TEST(Generate, EveryPlayableRuleSetHasATemplate) {
  for (const Ruleset* r : all_rulesets()) {
    if (r->playable()) {
      EXPECT_TRUE(can_generate(*r)) << r->id();
    }
  }
  EXPECT_GE(generatable().size(), 3u);
}

TEST(Generate, EverySizeLoadsWithAboutTheStandsAsked) {
  for (const Ruleset* r : generatable()) {
    int per_brigade = 0;
    for (int stands : {1, 100, 1000, 10000}) {
      SCOPED_TRACE(std::string(r->id()) + " " + std::to_string(stands));
      auto text = generate_scenario(*r, {stands, 7});
      ASSERT_TRUE(text.has_value()) << text.error();
      auto s = load_scenario_text(*text, "<generated>");
      ASSERT_TRUE(s.has_value()) << format(s.error().front());
      EXPECT_EQ(s->ruleset, r->id());
      EXPECT_EQ(stands_of(*s, 0), stands_of(*s, 1));  // the armies mirror each other
      if (stands == 1) {
        per_brigade = stands_of(*s, 0);  // one brigade: the fewest it makes
        continue;
      }
      // Within half a brigade of the request.
      EXPECT_NEAR(stands_of(*s, 0), stands, per_brigade / 2.0 + 0.5);
      // A leader for every brigade where the template has one (squad-skirmish's leaders
      // are figures of the squads).
      EXPECT_TRUE(s->force.leaders.empty() ||
                  s->force.leaders.size() == s->force.commands.size());
      EXPECT_FALSE(s->objectives.empty());
    }
  }
}

TEST(Generate, UsesEveryTerrainClassOfTheTemplate) {
  for (const Ruleset* r : generatable()) {
    auto text = generate_scenario(*r, {1000, 3});
    ASSERT_TRUE(text.has_value());
    auto s = load_scenario_text(*text, "<generated>");
    ASSERT_TRUE(s.has_value());
    std::set<TerrainClass> classes;
    for (const AreaFeature& f : s->table.areas()) classes.insert(f.cls);
    for (const LinearFeature& f : s->table.linears()) classes.insert(f.cls);
    EXPECT_GE(classes.size(), 5u) << r->id();
    EXPECT_TRUE(classes.count(TerrainClass::kRoad)) << r->id();
    EXPECT_TRUE(classes.count(TerrainClass::kBuilding)) << r->id();
    EXPECT_TRUE(classes.count(TerrainClass::kLightWoods)) << r->id();
  }
}

TEST(Generate, IsAFunctionOfTheSeed) {
  for (const Ruleset* r : generatable()) {
    auto a = generate_scenario(*r, {300, 11});
    auto b = generate_scenario(*r, {300, 11});
    auto c = generate_scenario(*r, {300, 12});
    ASSERT_TRUE(a && b && c);
    EXPECT_EQ(*a, *b) << r->id();
    EXPECT_NE(*a, *c) << r->id();
  }
}

TEST(Generate, ARuleSetWithoutATemplateIsRefusedByName) {
  for (const Ruleset* r : all_rulesets()) {
    if (can_generate(*r)) continue;
    auto text = generate_scenario(*r, {100, 1});
    ASSERT_FALSE(text.has_value());
    EXPECT_THAT(text.error(), HasSubstr(std::string(r->id())));
    EXPECT_THAT(text.error(), HasSubstr("generate.toml"));
  }
  EXPECT_EQ(generate_template_path("fire-and-discipline"),
            "fire_and_discipline/data/generate.toml");
}

}  // namespace
}  // namespace smoothbore
