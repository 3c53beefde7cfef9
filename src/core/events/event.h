// The typed, append-only event log of a battle (design.md "events"). Every roll carries
// what was rolled, the faces, each modifier with its name, value and rule reference, and
// the result, so a player can check every number against the rule book.
#pragma once

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
class EventLog {
 public:
  using Sink = std::function<void(const Event&)>;
  void add_sink(Sink s) { sinks_.push_back(std::move(s)); }
  void append(Event e);
  const std::deque<Event>& events() const { return events_; }
  std::size_t size() const { return events_.size(); }

 private:
  std::deque<Event> events_;
  std::vector<Sink> sinks_;
};

}  // namespace smoothbore
