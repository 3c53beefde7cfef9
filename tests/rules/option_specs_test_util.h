// The checks every rule set's module test makes of its option schema: each option once,
// named with one of the rule set's prefixes, with a rule reference and help, its default
// the digest's (`expected`), and a choice's default its first alternative with at least
// one other; and the defaults complete into a valid parameter set.
#pragma once

#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "core/value.h"
#include "rules/param.h"

namespace smoothbore::test {

inline void expect_options_match_digest(const std::vector<ParamSpec>& specs,
                                        const std::map<std::string, Value>& expected,
                                        std::initializer_list<std::string_view> prefixes) {
  EXPECT_EQ(specs.size(), expected.size());
  std::set<std::string> names;
  for (const ParamSpec& s : specs) {
    EXPECT_TRUE(names.insert(s.name).second) << "duplicate " << s.name;
    bool prefixed = false;
    for (std::string_view p : prefixes) prefixed = prefixed || s.name.rfind(p, 0) == 0;
    EXPECT_TRUE(prefixed) << s.name;
    EXPECT_FALSE(s.ref.empty()) << s.name;
    EXPECT_FALSE(s.help.empty()) << s.name;
    auto it = expected.find(s.name);
    ASSERT_NE(it, expected.end()) << "unexpected option " << s.name;
    EXPECT_EQ(s.default_value, it->second) << s.name;
    if (s.type == ParamType::kChoice) {
      EXPECT_EQ(s.choices.front(), std::get<std::string>(s.default_value)) << s.name;
      EXPECT_GE(s.choices.size(), 2u) << s.name;  // a choice has an alternative
    }
  }
  auto p = complete_params(specs, {});
  EXPECT_TRUE(p.has_value()) << (p ? "" : p.error());
}

}  // namespace smoothbore::test
