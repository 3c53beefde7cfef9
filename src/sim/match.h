// One battle from start to decision: the rule set's Battle, a commander per side, and the
// end conditions of common.md §15 (turn limit, army break, victory points).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/events/event.h"
#include "rules/battle.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

namespace smoothbore {

struct MatchResult {
  int winner = -1;             // side index, -1 for a draw
  std::string reason;          // "army-break", "turn-limit", "annihilation"
  int turns = 0;               // turns played
  std::vector<double> broken;  // per side: fraction of starting strength routed/removed
  std::vector<double> losses;  // per side: fraction of starting strength lost
  std::vector<int> points;     // per side: victory points (the rule set's, e.g. FD-60, or the
                               // generic: objectives held + losses inflicted)
  std::string summary;         // one sentence
};

struct MatchConfig {
  std::uint64_t seed = 1;
  std::uint64_t stream = 0;             // Monte Carlo trial index
  std::vector<std::string> commanders;  // per side; empty = doctrine for all
  int turn_limit = 0;                   // 0 = scenario's, else the rule set's default
  // A quiet event log (EventLog): no events kept, no narrative built. Monte Carlo and bench
  // use it; the battle and its result are the same either way.
  bool quiet = false;
};

class Match {
 public:
  // `ruleset` must be the scenario's rule set. Commander kinds must be valid
  // (commander_kinds()); the caller validates user input first.
  Match(const Scenario& scenario, const Ruleset& ruleset, MatchConfig config);
  ~Match();

  EventLog& log() { return log_; }
  const Battle& battle() const { return *battle_; }
  int turn_limit() const { return turn_limit_; }
  bool finished() const { return result_.has_value(); }
  const std::optional<MatchResult>& result() const { return result_; }

  // Heavy validation mode (Battle::set_step_hook): `hook` runs after every step.
  void set_step_hook(std::function<void(std::string_view step)> hook) {
    battle_->set_step_hook(std::move(hook));
  }

  // Plays one turn, then checks the end conditions (which may finish the match).
  void play_turn();
  // Plays to the end and returns the result.
  const MatchResult& run();

 private:
  void check_end();
  std::vector<int> generic_points(const std::vector<double>& losses) const;
  const Scenario& scenario_;
  MatchConfig config_;
  int turn_limit_;
  std::unique_ptr<Battle> battle_;
  std::vector<std::unique_ptr<OrderSource>> commanders_;
  EventLog log_;
  std::optional<MatchResult> result_;
};

}  // namespace smoothbore
