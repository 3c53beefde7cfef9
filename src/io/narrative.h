// The turn-by-turn narrative of a battle for a terminal: each event's sentence grouped
// under "Turn N" headers, and under it every roll compactly, so a player can check each
// number against the rule book:
//   d100=37 vs 32%: 1 kill [base 8% R-002-4; first fire +3 L117]
#pragma once

#include <ostream>
#include <string>

#include "core/events/event.h"

namespace smoothbore {

// One roll on one line (no indent, no newline); `with_result` adds ": <result>".
std::string format_roll(const RollRecord& r, bool with_result = true);

// An EventLog sink. Quiet mode prints nothing (the caller prints only the result).
class NarrativePrinter {
 public:
  NarrativePrinter(std::ostream& out, bool quiet) : out_(out), quiet_(quiet) {}

  void print(const Event& e);
  // A sink that forwards to print(); this printer must outlive the log's use of it.
  EventLog::Sink sink() {
    return [this](const Event& e) { print(e); };
  }

 private:
  std::ostream& out_;
  bool quiet_;
  int turn_ = 0;  // the turn whose header was printed last; 0 before the first
};

}  // namespace smoothbore
