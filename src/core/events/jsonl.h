// Event log as JSON Lines: one object per event, keys in a fixed order, numbers printed
// the same way on every platform, so equal logs are equal bytes (design.md "Determinism").
#pragma once

#include <cstdint>
#include <string>

#include "core/events/event.h"

namespace smoothbore {

// {"kind":"fire","turn":3,"phase":"fire","side":"french","unit":"fr-1e","target":...,
//  "text":"...","rolls":[{"purpose":"fire","dice":"d100","faces":[37],"base":8,
//  "base_ref":"R-002-4","modifiers":[{"name":"first fire","value":3,"ref":"L117"}],
//  "target":32,"result":"1 kill"}],"data":{"kills":1}}
std::string to_json_line(const Event& e);

// FNV-1a 64 over the JSON lines of every event (each followed by '\n'): the log's hash.
std::uint64_t log_hash(const EventLog& log);

}  // namespace smoothbore
