// elan-drill's resolution of a name, shared by its resolution tests (one definition, so that
// those tests can share a unity batch).
#pragma once

#include <string_view>

#include "rules/elan_drill/resolutions.h"
#include "rules/resolution_test_util.h"

namespace smoothbore::elan_drill::resolution_test {

inline const Resolution& res(std::string_view name) {
  return smoothbore::test::find_resolution(resolutions(), name);
}

}  // namespace smoothbore::elan_drill::resolution_test
