// Every numbered ambiguity of 001.md (D12-01 … D12-37) and every reconstruction (R-001-1 …
// R-001-7) as a named option with the digest's proposed resolution as its default and the
// alternatives as its other values. README.md lists them; the battle (the next increment)
// reads them, and the resolutions that depend on one carry it as a parameter citing it.
#pragma once

#include <vector>

#include "rules/param.h"

namespace smoothbore::elan_drill {

const std::vector<ParamSpec>& option_specs();

}  // namespace smoothbore::elan_drill
