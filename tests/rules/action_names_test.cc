// An Action's formation is a ShortName (rules/battle.h); the formations it can name are the
// rule sets' unit catalogues (a scenario may only pick among them, io/scenario_forces.cc), so
// every catalogue name must fit one.
#include <gtest/gtest.h>

#include <string>

#include "core/text/short_name.h"
#include "rules/battle.h"
#include "rules/registry.h"

namespace smoothbore {
namespace {

TEST(ActionNames, EveryCatalogueFormationFitsAShortName) {
  int names = 0;
  for (const Ruleset* r : all_rulesets()) {
    for (const UnitTypeInfo& t : r->unit_types()) {
      for (const std::string& f : t.formations) {
        EXPECT_LE(f.size(), ShortName::kCapacity) << r->id() << " " << t.id << " " << f;
        ++names;
      }
    }
  }
  EXPECT_GT(names, 10);
}

TEST(ActionNames, DescribeNamesTheVariants) {
  Action a;
  a.kind = ActionKind::kFire;
  a.target = 3;
  a.rate = "full";
  a.shot = "canister";
  EXPECT_EQ(a.describe(), "fire target=3 rate=full shot=canister");
  a.kind = ActionKind::kFormation;
  a.target = -1;
  a.rate.clear();
  a.shot.clear();
  a.formation = "closed-column";
  EXPECT_EQ(a.describe(), "formation formation=closed-column");
  const Action copy = a;
  EXPECT_EQ(copy.formation, "closed-column");
}

}  // namespace
}  // namespace smoothbore
