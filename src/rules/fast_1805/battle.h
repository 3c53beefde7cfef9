// A battle under 1805: state and the bound sequence (002.md §3, A2-01).
#pragma once

#include <cstdint>
#include <memory>

#include "rules/battle.h"
#include "rules/scenario.h"

namespace smoothbore::fast_1805 {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream);

}  // namespace smoothbore::fast_1805
