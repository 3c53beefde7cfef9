// Issue 9 (speed): a quiet event log (core/events/event.h) keeps only the count of each
// kind, so the functions that log build no narrative, roll records or data for it: they
// append the bare event (`counted_quietly`, rules/battle.h) and give the resolutions no record
// (`record_for`). The dice drawn and every decision are the same either way
// (tests/sim/quiet_log_test.cc, tests/sim/fire_and_discipline_quiet_test.cc).
#pragma once

#include "core/events/event.h"
#include "rules/battle.h"  // counted_quietly

namespace smoothbore::fire_and_discipline {

// The record a resolution fills for `log`: none for a quiet log.
inline RollRecord* record_for(const EventLog& log, RollRecord& rec) {
  return log.quiet() ? nullptr : &rec;
}

}  // namespace smoothbore::fire_and_discipline
