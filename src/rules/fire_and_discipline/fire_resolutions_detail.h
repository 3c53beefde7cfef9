// Internals shared by the fire resolution files (not part of the public API).
#pragma once

#include <vector>

#include "rules/fire_and_discipline/fire_resolutions.h"

namespace smoothbore::fire_and_discipline::detail {

// The same outcomes as resolve_musketry / resolve_skirmish_fire, drawn from the closed forms
// with Chance::pick (one branch per outcome).
int musketry_closed_form(const MusketrySituation& s, Chance& dice, RollRecord* record);
SkirmishFireResult skirmish_closed_form(const MusketrySituation& s, Chance& dice,
                                        std::vector<RollRecord>* records);
// The dice paths a full enumeration of the real dice would take.
double musketry_paths(const MusketrySituation& s, bool skirmish);

}  // namespace smoothbore::fire_and_discipline::detail
