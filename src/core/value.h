// A small tagged value used for resolution parameters and outcomes, rule options, unit
// attributes and event fields: what a scenario file, the CLI or a JSON request can carry.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace smoothbore {

using Value = std::variant<bool, std::int64_t, double, std::string>;

// Human-readable rendering: true/false, 12, 4.5, veteran.
std::string to_string(const Value& v);
// Numeric view (bools as 0/1); nullopt-like NaN for strings is avoided: returns `fallback`.
double as_number(const Value& v, double fallback = 0);

// An ordered list of named values (order is part of the output, so it is kept).
using Fields = std::vector<std::pair<std::string, Value>>;

}  // namespace smoothbore
