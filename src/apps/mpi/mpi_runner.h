// The MPI trial runner (built only with -DSMOOTHBORE_MPI=ON): `mpirun -np K smoothbore mc`
// makes rank r fight the trials r, r + K, r + 2K, ... (TrialSlice{r, K}) on its own
// --threads; the other ranks send their records to rank 0, which merges them in trial
// order (analysis/trial_slices.h) and writes the same output as one process would.
//
// Stopping: a rank whose Ctrl-C flag is set tells rank 0, which tells every rank to stop
// after the battles in flight; rank 0 then writes the summary of trials 0 .. k - 1, the
// longest prefix every rank finished (marked partial). An exception in any rank aborts
// the whole job (MPI_Abort), so nothing waits forever.
#pragma once

#include <memory>

#include "apps/trial_runner.h"

namespace smoothbore::cli {

// Initialises MPI (MPI_Init_thread, MPI_THREAD_FUNNELED: only the calling thread talks
// MPI); the runner finalises it when destroyed. Call only when launched_by_mpi().
std::unique_ptr<TrialRunner> make_mpi_runner();

}  // namespace smoothbore::cli
