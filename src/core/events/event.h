// The typed, append-only event log of a battle (design.md "events"). Every roll carries
// what was rolled, the faces, each modifier with its name, value and rule reference, and
// the result, so a player can check every number against the rule book.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/value.h"

namespace smoothbore {

// One modifier applied to a roll or a chance: {"first fire", +3, "L117"}. `value` is in
// the unit of the test it modifies (percentage points for a d100 chance, pips for a die).
struct Modifier {
  std::string name;
  double value = 0;
  std::string ref;  // rule reference: "§7.5", "L117", "A2-05"
};

struct RollRecord {
  std::string purpose;     // "fire", "morale", "initiative", "melee", ...
  std::string dice;        // "d100", "2d6", "3d10"
  std::vector<int> faces;  // raw faces, d10 "0" recorded as 10
  double base = 0;         // the base number before modifiers (e.g. 8 %)
  std::string base_ref;    // where the base comes from ("R-002-4 L145")
  std::vector<Modifier> modifiers;
  double target = 0;   // the final number rolled against (after modifiers)
  std::string result;  // "1 kill", "pass", "shaken (missed by 4)"
};

// Starts (or restarts) a roll record for a test of `purpose` with `base` as both base and
// target, clearing dice, faces, modifiers and result. Does nothing when `r` is null (the
// caller does not want the explanation).
void start_record(RollRecord* r, std::string_view purpose, double base, std::string base_ref);

enum class EventKind {
  kBattleStart,
  kTurnStart,
  kPhase,
  kOrder,
  kMove,
  kFormation,
  kFire,
  kCharge,
  kMelee,
  kMorale,
  kInitiative,
  kStatus,  // a marker added or cleared, disorder, shaken, rally, discipline drop
  kRout,
  kRemoved,  // unit dispersed, destroyed or off the table
  kBattleEnd,
};
std::string_view event_kind_name(EventKind k);

struct Event {
  EventKind kind = EventKind::kStatus;
  int turn = 0;        // game turn / bound, from 1
  std::string phase;   // rule set's phase or step name
  std::string side;    // side id, if any
  std::string unit;    // acting unit id, if any
  std::string target;  // unit acted upon, if any
  std::string text;    // one narrative sentence
  std::vector<RollRecord> rolls;
  Fields data;  // structured extras (kills, distance_in, ...)
};

// Append-only log. An optional sink sees each event as it is appended (a JSONL writer, a
// narrative printer). A deque (issue 9: memory): it grows without copying the events and
// without a vector's spare capacity, which at 10,000 stands a side was 42 MB at its peak;
// events already appended never move.
//
// A quiet log (issue 9: speed) is for battles nobody reads, Monte Carlo trials and bench:
// it keeps no events and has no sinks, only the count of each kind. Rule sets ask
// `quiet()` before they build narrative text and roll records; the dice drawn and every
// decision must not depend on it (tests/sim/quiet_log_test.cc), so a quiet battle ends
// exactly as the same battle with its log.
class EventLog {
 public:
  using Sink = std::function<void(const Event&)>;
  EventLog() = default;
  explicit EventLog(bool quiet) : quiet_(quiet) {}
  bool quiet() const { return quiet_; }
  // A sink on a quiet log would see nothing: refused (SB_CHECK).
  void add_sink(Sink s);
  // By reference (issue 9: by value, an event moved into the log was moved twice, 5 strings
  // and 2 vectors each time, and the moved-from one destroyed); a copy for an lvalue.
  void append(Event&& e);
  void append(const Event& e) { append(Event(e)); }
  // Counts an event of kind `k` as append would, without building one (issue 9: a quiet
  // log's bare event was built, moved and destroyed for nothing); a quiet log's only.
  void count_quietly(EventKind k);
  // The events kept: none for a quiet log.
  const std::deque<Event>& events() const { return events_; }
  // Events appended, kept or not.
  std::size_t size() const { return appended_; }
  // Events of kind `k` appended, kept or not.
  std::size_t count(EventKind k) const { return counts_[static_cast<std::size_t>(k)]; }

 private:
  static constexpr std::size_t kKinds = static_cast<std::size_t>(EventKind::kBattleEnd) + 1;
  bool quiet_ = false;
  std::size_t appended_ = 0;
  std::array<std::size_t, kKinds> counts_{};
  std::deque<Event> events_;
  std::vector<Sink> sinks_;
};

// The roll record(s) a resolution fills for `log`: `r`, or none (null) for a quiet log. A
// resolution draws the same dice either way.
RollRecord* record_for(const EventLog& log, RollRecord& r);
std::vector<RollRecord>* record_for(const EventLog& log, std::vector<RollRecord>& r);

}  // namespace smoothbore
