// Every numbered ambiguity of 004.md §8 (H4-01 … H4-27) as a named option with the digest's
// proposed resolution as its default and the alternatives as its other values, and the
// four reconstructions the digest names as options (h4_musket_extreme20, h4_li_no_short,
// h4_bow_long5, h4_morale_split_b). README.md lists them; the battle (a later increment)
// reads them, and the resolutions that depend on one carry it as a parameter citing it.
#pragma once

#include <vector>

#include "rules/param.h"

namespace smoothbore::group_orders {

const std::vector<ParamSpec>& option_specs();

}  // namespace smoothbore::group_orders
