// A Value as JSON (nlohmann), for the event log and the CLI's --json outputs.
#pragma once

#include <nlohmann/json.hpp>

#include "core/value.h"

namespace smoothbore {

nlohmann::ordered_json to_json(const Value& v);

}  // namespace smoothbore
