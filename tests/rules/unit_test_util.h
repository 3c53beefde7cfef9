// A unit of a rule set for the module tests' checks and layouts: its type's arm, the
// formation and figures given, and every unit attribute at its default unless overridden.
#pragma once

#include <map>
#include <string>

#include <gtest/gtest.h>

#include "core/force/force.h"
#include "rules/ruleset.h"

namespace smoothbore::test {

inline Unit unit_of(const Ruleset& rules, const std::string& type, const std::string& formation,
                    int figures, const std::map<std::string, Value>& overrides = {}) {
  Unit u;
  u.id = "u";
  u.type = type;
  const UnitTypeInfo* t = rules.unit_type(type);
  EXPECT_NE(t, nullptr) << type;
  if (t != nullptr) u.arm = t->arm;
  u.formation = formation;
  u.start_figures = figures;
  for (const ParamSpec& s : rules.unit_attributes()) {
    auto it = overrides.find(s.name);
    u.attributes.emplace_back(s.name, it != overrides.end() ? it->second : s.default_value);
  }
  return u;
}

}  // namespace smoothbore::test
