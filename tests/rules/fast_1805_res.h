// fast-1805's resolution of a name and its exact odds, shared by its resolution tests (one
// definition, so that those tests can share a unity batch).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/fast_1805/resolutions.h"
#include "rules/resolution_test_util.h"

namespace smoothbore::fast_1805::resolution_test {

inline const Resolution& res(std::string_view name) {
  return smoothbore::test::find_resolution(resolutions(), name);
}

// The exact distribution of resolution `name` with the CLI-style assignments `a`.
inline smoothbore::test::Dist exact(std::string_view name, const std::vector<std::string>& a) {
  return smoothbore::test::exact(res(name), a);
}

}  // namespace smoothbore::fast_1805::resolution_test
