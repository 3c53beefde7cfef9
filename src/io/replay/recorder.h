// Records what a replay needs beside the event log (io/replay/page.h): a `snapshot` line
// after the battle-start event (table, terrain, objectives, scale, sides, units with every
// stand) and, after any event that changed the force, a `state` line with the new state of
// each unit or leader that changed (stands, formation, strength, status, markers). The
// lines are JSON objects with a "kind" like the events', so a `run --log` file holds the
// events and these lines in one stream and a replay needs nothing but the file.
//
// The match's own EventLog is left untouched (its hash pins determinism), and recording is
// opt-in: only `run --log` and `run --html` pay for it.
//
// Lines (lengths in mm, x east and y north; bearings in degrees, 0 = north):
//   {"kind":"snapshot","format":1,"scenario","description","ruleset","ruleset_title",
//    "unit":"yd","mm_per_unit":2.54,
//    "table":{"width","height","areas":[{"id","class","elevation","blocks_sight",
//             "points":[[x,y],...]}],"linears":[{"id","class","width","blocks_sight","points"}]},
//    "objectives":[{"id","name","position":[x,y],"radius","points"}],
//    "sides":[{"id","name","edge"}],
//    "units":[{"id","name","side","command","type","arm","start_figures","attributes":{},
//              "state":STATE}],
//    "held":HELD,"score":SCORE,
//    "leaders":[{"id","name","side","command","attributes":{},"state":LEADER}]}
//   {"kind":"state","units":{"<id>":STATE,...},"leaders":{"<id>":LEADER,...},
//    "held":HELD,"score":SCORE}     (each key only when it changed)
//   {"kind":"state","step":"<name>"}  (the rule set's step <name> ended here: the events
//                                      since the last step line were its; Battle::after_step)
// STATE = {"formation","status":"active|routed|removed|off-table","figures","castings",
//          "markers":[{"type","count"}],
//          "stands":[[x, y, facing, width, depth, figures, castings, removed 0|1],...],
//          "flags":["routed"|"shaken"|"disordered"|"halted"|"engaged"|rule-set word,...],
//          "books":[["label","value"],...]}   (Battle::unit_report)
// LEADER = {"position":[x,y] (with its unit's first live stand when attached),
//           "attached":unit index or -1,"alive"}
// HELD = per objective, the index of the side holding it or -1 (Battle::objective_holders)
// SCORE = {"points":[per side],"accounts":[per side]} (Battle::victory_points) or null
#pragma once

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/events/event.h"
#include "rules/battle.h"
#include "rules/ruleset.h"

namespace smoothbore {

// The version of the snapshot/state lines; a replay refuses a newer one.
inline constexpr int kReplayFormat = 1;

class ReplayRecorder {
 public:
  // Receives each line (one JSON object, no newline) in order.
  using LineSink = std::function<void(const std::string& line)>;

  // `battle` must outlive the recorder; its state is read after every event, and the
  // recorder observes its steps (Battle::add_step_observer) until destroyed.
  ReplayRecorder(const Battle& battle, const Ruleset& ruleset, LineSink out);
  ~ReplayRecorder();
  ReplayRecorder(const ReplayRecorder&) = delete;
  ReplayRecorder& operator=(const ReplayRecorder&) = delete;

  // Passes on the event's JSON line, then the snapshot (after the first event) or the state
  // of whatever changed since the last line.
  void on_event(const Event& e);
  // Emits the state changed after the last event, if any (call once the battle is over).
  void finish();
  // Compares every unit after every event even when the battle names the units it touched
  // (Battle::take_touched_units): the lines are the same, only slower (tests use it to
  // check the hints).
  void compare_every_unit() { use_hints_ = false; }
  // A sink for the battle's EventLog; this recorder must outlive the log's use of it.
  EventLog::Sink sink() {
    return [this](const Event& e) { on_event(e); };
  }

 private:
  std::string snapshot() const;
  // Emits what changed: of every unit and leader when `every` or the battle gives no hints,
  // else of the units the battle touched or `e` (and the event before it) names.
  void emit_changes(bool every, const Event* e);
  // Per objective, whether the unit counts as present for generic_objective_holders.
  void presence(int unit, std::vector<char>* out) const;
  // For a battle with standings of its own (Battle::standings_follow_presence false), given
  // the new `state` of `unit`: whether its holders and points may have changed (anything
  // but its stands changed, or it is or was within an objective's radius); keeps what it
  // compared in rest_states_ and near_.
  bool standings_touched(int unit, const nlohmann::ordered_json& state);
  int unit_index(const std::string& id) const;
  // Files `leader` under the unit he is attached to now (leaders_of_), as he moves.
  void follow_attachment(int leader);

  const Battle& battle_;
  const Ruleset& ruleset_;
  LineSink out_;
  bool started_ = false;
  std::vector<std::string> unit_states_;    // last emitted state per unit (JSON text)
  std::vector<std::string> leader_states_;  // last emitted state per leader
  std::string held_;                        // last emitted HELD
  std::string score_;                       // last emitted SCORE
  int observer_ = 0;                        // our Battle::add_step_observer id
  // Following the battle's hints (issue 9: comparing every unit after every event made
  // `run --log` quadratic in the size of the battle).
  bool use_hints_ = true;
  std::unordered_map<std::string, int> unit_index_;  // unit id -> index
  std::vector<std::vector<int>> leaders_of_;         // per unit, the leaders attached
  std::vector<int> attached_;                        // per leader, his unit in leaders_of_
  std::vector<char> present_;                        // per unit x objective: presence()
  std::vector<std::string> rest_states_;  // per unit, its last state but its stands (JSON)
  std::vector<char> near_;                // per unit, within an objective's radius then
  std::vector<int> previous_named_;       // units the previous event named
  std::vector<int> scratch_;
};

}  // namespace smoothbore
