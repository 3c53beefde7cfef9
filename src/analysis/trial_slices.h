// Splitting a Monte Carlo run between processes (MPI ranks, apps/mpi/): process r of K
// fights the trials of TrialSlice{r, K} (monte_carlo.h), sends its records as bytes, and
// one process merges the slices into the run a single process would have fought. Nothing
// here knows about MPI, so it is built and tested in every build.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/monte_carlo.h"

namespace smoothbore {

// The records as bytes, in the host's byte order (every process runs the same build on
// the same kind of machine).
std::string encode_records(const std::vector<TrialRecord>& records);

// The records encode_records() wrote; a malformed buffer is an internal error.
std::vector<TrialRecord> decode_records(std::string_view bytes);

// The run of all N trials from its K slices: `slices[r]` is what
// run_monte_carlo_slice(TrialSlice{r, K}) returned (its first trials). The merged records
// are trials 0 .. k - 1, where k is the first trial some slice did not finish (N if all
// did), so a stopped run is a prefix of the trials, as a single process leaves it; the
// records of later trials are dropped. `stopped` is k < N.
MonteCarloRun merge_slices(std::int64_t n, std::vector<std::vector<TrialRecord>> slices);

}  // namespace smoothbore
