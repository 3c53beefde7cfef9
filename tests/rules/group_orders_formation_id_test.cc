// group-orders keeps a unit's formation as an id beside its name (formation_id.h, issue 9).
// Every formation a unit type of the rule set may take has the id of its own name: the four
// the steps ask about (line, column, column-deep, square) and limbered each their own, any
// other name (artillery deployed) kOther; no two of those names share an id.
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "rules/group_orders/formation_id.h"
#include "rules/registry.h"

namespace smoothbore::group_orders {
namespace {

TEST(GroupOrdersFormationId, EveryUnitTypesFormationHasItsOwnId) {
  const Ruleset* r = find_ruleset("group-orders");
  ASSERT_NE(r, nullptr);
  const std::map<std::string, FormationId> named = {
      {"line", FormationId::kLine},
      {"column", FormationId::kColumn},
      {"column-deep", FormationId::kColumnDeep},
      {"square", FormationId::kSquare},
      {"limbered", FormationId::kLimbered},
  };
  std::set<std::string> seen;
  for (const UnitTypeInfo& t : r->unit_types()) {
    for (const std::string& f : t.formations) {
      seen.insert(f);
      const auto it = named.find(f);
      EXPECT_EQ(formation_id(f), it == named.end() ? FormationId::kOther : it->second) << f;
    }
  }
  // The rule set's formations are those the steps name, and artillery's deployed.
  for (const auto& [name, id] : named) EXPECT_TRUE(seen.count(name)) << name;
  EXPECT_EQ(formation_id("deployed"), FormationId::kOther);
  EXPECT_EQ(formation_id("lin"), FormationId::kOther);
  EXPECT_EQ(formation_id("columns"), FormationId::kOther);
  EXPECT_EQ(formation_id(""), FormationId::kOther);
}

}  // namespace
}  // namespace smoothbore::group_orders
