#include "apps/trial_runner.h"

#include <cstdlib>
#include <iostream>
#include <string_view>

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
#else
  // Every rank would fight every battle and write the same files.
  const char* ranks = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (ranks == nullptr) ranks = std::getenv("PMI_SIZE");
  if (ranks != nullptr && std::string_view(ranks) != "1") {
    std::cerr << "smoothbore: warning: started by an MPI launcher, but this build has no MPI "
                 "(configure with -DSMOOTHBORE_MPI=ON); each rank fights every battle alone\n";
  }
#endif
  return std::make_unique<TrialRunner>();
}

}  // namespace smoothbore::cli
