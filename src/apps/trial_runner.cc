#include "apps/trial_runner.h"

#include <cstdlib>

#include <fmt/format.h>

#ifdef SMOOTHBORE_HAVE_MPI
#include "apps/mpi/mpi_runner.h"
#endif

namespace smoothbore::cli {

std::string TrialRunner::layout(int threads) const { return fmt::format("{} threads", threads); }

MonteCarloRunner TrialRunner::runner() {
  return [this](const Scenario& scenario, const Ruleset& ruleset, const MonteCarloConfig& config,
                const ProgressFn& progress, const std::atomic<bool>* stop) {
    return run(scenario, ruleset, config, progress, stop);
  };
}

bool launched_by_mpi() {
  // Open MPI's mpirun, PMIx launchers (Open MPI 4+, Slurm's srun --mpi=pmix) and PMI-1/2
  // launchers (MPICH's Hydra, srun --mpi=pmi2) each set one of these in every rank.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

std::unique_ptr<TrialRunner> make_trial_runner() {
#ifdef SMOOTHBORE_HAVE_MPI
  if (launched_by_mpi()) return make_mpi_runner();
#endif
  return std::make_unique<TrialRunner>();
}

}  // namespace smoothbore::cli
