// Issue 9 (speed): a quiet event log (core/events/event.h) keeps only the count of each
// kind, so the functions that log build no narrative, roll records or data for it: they
// append the bare event (`quiet_append`) and give the resolutions no record
// (`record_for`). The dice drawn and every decision are the same either way
// (tests/sim/quiet_log_test.cc, tests/sim/fire_and_discipline_quiet_test.cc).
#pragma once

#include <utility>

#include "core/events/event.h"

namespace smoothbore::fire_and_discipline {

// When `log` is quiet, appends an event of `kind` alone and returns true; otherwise false
// (the caller builds the whole event).
inline bool quiet_append(EventLog& log, EventKind kind) {
  if (!log.quiet()) return false;
  Event e;
  e.kind = kind;
  log.append(std::move(e));
  return true;
}

// The record a resolution fills for `log`: none for a quiet log.
inline RollRecord* record_for(const EventLog& log, RollRecord& rec) {
  return log.quiet() ? nullptr : &rec;
}

}  // namespace smoothbore::fire_and_discipline
