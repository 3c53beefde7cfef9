// How `mc` and `sweep` fight their battles: on this process's threads, or, in a build
// with -DSMOOTHBORE_MPI=ON started by an MPI launcher (mpirun), split across the ranks,
// rank 0 writing the output (apps/mpi/). Trial i is the same battle wherever it is
// fought, so the output is the same for any layout.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "analysis/monte_carlo.h"

namespace smoothbore::cli {

class TrialRunner {
 public:
  virtual ~TrialRunner() = default;

  // Whether this process prints the summary and writes --csv and --json (MPI: rank 0).
  virtual bool writes_output() const { return true; }

  // Runs `step`, which checks the input and prints its errors (false on failure), and
  // returns whether it succeeded in every process.
  virtual bool check(const std::function<bool()>& step) { return step(); }

  // run_monte_carlo(); with MPI, only the process that writes the output gets the records.
  virtual MonteCarloRun run(const Scenario& scenario, const Ruleset& ruleset,
                            const MonteCarloConfig& config, const ProgressFn& progress,
                            const std::atomic<bool>* stop) {
    return run_monte_carlo(scenario, ruleset, config, progress, stop);
  }

  // What fought the battles, for the rate line: "2 threads", "3 ranks x 2 threads".
  virtual std::string layout(int threads) const;

  // run() as a MonteCarloRunner (for run_sweep); this runner must outlive it.
  MonteCarloRunner runner();
};

// Whether an MPI launcher started this process (its environment says so).
bool launched_by_mpi();

// The MPI runner when this build has MPI and launched_by_mpi(), else the local one.
std::unique_ptr<TrialRunner> make_trial_runner();

}  // namespace smoothbore::cli
