// `smoothbore check FILE`: every problem in a scenario file, without playing it.
#pragma once

#include <string>
#include <vector>

#include "io/scenario_file.h"

namespace smoothbore {

// The diagnostics of the scenario file at `path`; empty when it is valid.
std::vector<Diagnostic> check_scenario_file(const std::string& path);

}  // namespace smoothbore
