// Every numbered ambiguity of 003.md §12 (SK-01 … SK-24) and the optional Heroes rule (§10)
// as a named option with the digest's proposed resolution as its default and the
// alternatives as its other values. README.md lists them; the battle (the next increment)
// reads them, and the resolutions that depend on one carry it as a parameter citing it.
#pragma once

#include <vector>

#include "rules/param.h"

namespace smoothbore::squad_skirmish {

const std::vector<ParamSpec>& option_specs();

}  // namespace smoothbore::squad_skirmish
