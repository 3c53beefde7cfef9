// Monte Carlo battles: N trials of one scenario, trial i being the Match with
// MatchConfig{seed, stream = i} (the dice keyed by (seed, i)), fought on T threads.
// Records are stored by trial index, so everything derived from them is the same for any
// thread count (design.md "Determinism").
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/force/force.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"
#include "sim/match.h"

namespace smoothbore {

struct MonteCarloConfig {
  std::uint64_t seed = 1;               // every trial's seed; trial i uses stream i
  std::int64_t trials = 1;              // N, at least 1
  int threads = 1;                      // worker threads, at least 1
  std::vector<std::string> commanders;  // per side (commander_kinds()); empty = doctrine
  int turn_limit = 0;                   // 0 = the scenario's
};

// What one trial leaves: its result and every unit's status at the end.
struct TrialRecord {
  std::int64_t trial = 0;         // index i (the Rng stream)
  MatchResult result;             // `summary` is left empty to save memory
  std::vector<UnitStatus> units;  // per unit of the scenario's Force::units, at the end
};

struct MonteCarloRun {
  std::int64_t requested = 0;        // N
  std::vector<TrialRecord> records;  // trials 0 .. records.size() - 1, in index order
  bool stopped = false;              // the stop flag ended the run before N trials
};

// Called on the calling thread, at most every `kProgressInterval` and once at the end,
// with the trials finished so far and N.
using ProgressFn = std::function<void(std::int64_t done, std::int64_t total)>;

// The share of the N trials one process fights when several split a run (MPI ranks):
// trials offset, offset + stride, offset + 2 * stride, ... below N. The default is all.
struct TrialSlice {
  std::int64_t offset = 0;  // 0 <= offset < stride
  std::int64_t stride = 1;
};

// How many of the N trials `slice` holds.
std::int64_t slice_size(const TrialSlice& slice, std::int64_t n);

// Fights the trials. `stop`, when given, is checked between trials: once it is set no
// trial starts, the trials in flight finish, and the run returns early with stopped set.
// Trials are handed out in index order, so the finished ones are always trials 0..k-1.
// `ruleset` must be the scenario's and playable; `config` must be valid (the caller
// validates user input).
MonteCarloRun run_monte_carlo(const Scenario& scenario, const Ruleset& ruleset,
                              const MonteCarloConfig& config, const ProgressFn& progress = {},
                              const std::atomic<bool>* stop = nullptr);

// The same for the trials of `slice` only: `records` are its first k trials in index order
// (k = all of them unless stopped), `requested` is still N, and `progress` counts the
// slice's trials. Merge the slices of a run with merge_slices() (trial_slices.h).
MonteCarloRun run_monte_carlo_slice(const Scenario& scenario, const Ruleset& ruleset,
                                    const MonteCarloConfig& config, const TrialSlice& slice,
                                    const ProgressFn& progress = {},
                                    const std::atomic<bool>* stop = nullptr);

// What `mc` and `sweep` call to fight a run: run_monte_carlo, or one that splits it across
// processes (apps/trial_runner.h).
using MonteCarloRunner = std::function<MonteCarloRun(
    const Scenario& scenario, const Ruleset& ruleset, const MonteCarloConfig& config,
    const ProgressFn& progress, const std::atomic<bool>* stop)>;

// One trial, as run_monte_carlo fights it.
TrialRecord run_trial(const Scenario& scenario, const Ruleset& ruleset,
                      const MonteCarloConfig& config, std::int64_t trial);

}  // namespace smoothbore
