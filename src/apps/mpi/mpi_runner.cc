#include "apps/mpi/mpi_runner.h"

#include <mpi.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <exception>
#include <iostream>
#include <numeric>
#include <sstream>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "analysis/trial_slices.h"
#include "apps/cli.h"
#include "core/check.h"

namespace smoothbore::cli {

namespace {

// Message tags. Every message starts with the run's sequence number (a sweep fights one
// run per cell), so a late message of an earlier run is recognised and dropped.
constexpr int kTagProgress = 1;  // rank -> 0: {run, trials done, stopping}
constexpr int kTagStop = 2;      // 0 -> rank: {run}
constexpr int kTagDone = 3;      // rank -> 0: {run, trials done, bytes}, then kTagRecords
constexpr int kTagRecords = 4;   // rank -> 0: the encoded records, in chunks
constexpr std::int64_t kChunk = std::int64_t{1} << 30;
constexpr auto kPollInterval = std::chrono::milliseconds(2);

using Message = std::array<std::int64_t, 3>;

// Ctrl-C on mpirun makes Open MPI kill every rank, but mpirun passes SIGUSR1 on to them:
// `kill -USR1 <mpirun's pid>` stops the job as Ctrl-C stops a single process.
std::atomic<bool> g_usr1{false};
static_assert(std::atomic<bool>::is_always_lock_free);

bool g_rank0 = false;  // set before the handler is installed

extern "C" void on_sigusr1(int) {
  g_usr1.store(true);
  constexpr char kMessage[] = "\nsmoothbore: SIGUSR1; every rank finishes its battles in flight\n";
  // write(2) is async-signal-safe; a failed write has nowhere to be reported.
  if (g_rank0) [[maybe_unused]]
    auto ignored = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
}

bool stop_requested(const std::atomic<bool>* stop) {
  return g_usr1.load() || (stop != nullptr && stop->load());
}

void send(const Message& m, int to, int tag) {
  MPI_Send(m.data(), 3, MPI_INT64_T, to, tag, MPI_COMM_WORLD);
}

// Receives a pending message with `tag` (from anyone if from < 0) into `m`; false if none.
bool receive_pending(Message& m, int from, int tag, int* source = nullptr) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(from < 0 ? MPI_ANY_SOURCE : from, tag, MPI_COMM_WORLD, &flag, &status);
  if (flag == 0) return false;
  MPI_Recv(m.data(), 3, MPI_INT64_T, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (source != nullptr) *source = status.MPI_SOURCE;
  return true;
}

class MpiRunner : public TrialRunner {
 public:
  MpiRunner() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    g_rank0 = rank_ == 0;
    struct sigaction action {};
    action.sa_handler = on_sigusr1;
    sigemptyset(&action.sa_mask);
    sigaction(SIGUSR1, &action, nullptr);
  }
  ~MpiRunner() override {
    // An exception on its way out of one rank would leave the others waiting for it.
    if (std::uncaught_exceptions() > 0) MPI_Abort(MPI_COMM_WORLD, kExitInternal);
    MPI_Finalize();
  }
  MpiRunner(const MpiRunner&) = delete;
  MpiRunner& operator=(const MpiRunner&) = delete;

  bool writes_output() const override { return rank_ == 0; }

  // Rank 0 prints its errors; another rank prints them (naming itself) only if rank 0's
  // check passed, so that a bad argument is reported once, not K times.
  bool check(const std::function<bool()>& step) override {
    bool ok = false;
    std::ostringstream captured;
    if (rank_ == 0) {
      ok = step();
    } else {
      std::streambuf* previous = std::cerr.rdbuf(captured.rdbuf());
      try {
        ok = step();
      } catch (...) {
        std::cerr.rdbuf(previous);
        throw;
      }
      std::cerr.rdbuf(previous);
    }
    std::vector<int> oks(static_cast<std::size_t>(size_));
    int mine = ok ? 1 : 0;
    MPI_Allgather(&mine, 1, MPI_INT, oks.data(), 1, MPI_INT, MPI_COMM_WORLD);
    if (!ok && rank_ != 0 && oks[0] == 1) {
      std::istringstream lines(captured.str());
      for (std::string line; std::getline(lines, line);) {
        std::cerr << fmt::format("rank {}: {}\n", rank_, line);
      }
    }
    return std::all_of(oks.begin(), oks.end(), [](int o) { return o == 1; });
  }

  MonteCarloRun run(const Scenario& scenario, const Ruleset& ruleset,
                    const MonteCarloConfig& config, const ProgressFn& progress,
                    const std::atomic<bool>* stop) override {
    ++sequence_;
    try {
      return rank_ == 0 ? run_root(scenario, ruleset, config, progress, stop)
                        : run_other(scenario, ruleset, config, stop);
    } catch (const std::exception& e) {
      std::cerr << fmt::format("smoothbore: internal error on rank {}: {}\n", rank_, e.what());
      MPI_Abort(MPI_COMM_WORLD, kExitInternal);
      throw;
    }
  }

  std::string layout(int threads) const override {
    return fmt::format("{} ranks x {} threads", size_, threads);
  }

 private:
  MonteCarloRun run_root(const Scenario& scenario, const Ruleset& ruleset,
                         const MonteCarloConfig& config, const ProgressFn& progress,
                         const std::atomic<bool>* stop) {
    std::atomic<bool> halt{false};
    bool stop_sent = false;
    std::vector<std::int64_t> done(static_cast<std::size_t>(size_), 0);
    // Reads the other ranks' progress, and tells every rank to stop once someone stops.
    auto poll = [&] {
      Message m{};
      int from = 0;
      while (receive_pending(m, -1, kTagProgress, &from)) {
        if (m[0] != sequence_) continue;
        done[static_cast<std::size_t>(from)] = m[1];
        if (m[2] != 0) halt = true;
      }
      if (stop_requested(stop)) halt = true;
      if (halt && !stop_sent) {
        for (int r = 1; r < size_; ++r) send({sequence_, 0, 0}, r, kTagStop);
        stop_sent = true;
      }
      if (progress) progress(std::reduce(done.begin(), done.end()), config.trials);
    };

    std::vector<std::vector<TrialRecord>> slices(static_cast<std::size_t>(size_));
    slices[0] = run_monte_carlo_slice(
                    scenario, ruleset, config, TrialSlice{0, size_},
                    [&](std::int64_t d, std::int64_t) {
                      done[0] = d;
                      poll();
                    },
                    &halt)
                    .records;

    // Collects every other rank's records, still relaying progress and Ctrl-C.
    for (int received = 0; received < size_ - 1;) {
      Message m{};
      int from = 0;
      if (!receive_pending(m, -1, kTagDone, &from)) {
        poll();
        std::this_thread::sleep_for(kPollInterval);
        continue;
      }
      SB_CHECK(m[0] == sequence_, "trial records of another run");
      std::string bytes(static_cast<std::size_t>(m[2]), '\0');
      for (std::int64_t at = 0; at < m[2]; at += kChunk) {
        const auto n = static_cast<int>(std::min(kChunk, m[2] - at));
        MPI_Recv(bytes.data() + at, n, MPI_CHAR, from, kTagRecords, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
      }
      slices[static_cast<std::size_t>(from)] = decode_records(bytes);
      done[static_cast<std::size_t>(from)] = m[1];
      ++received;
    }
    poll();

    MonteCarloRun run = merge_slices(config.trials, std::move(slices));
    int stopped = run.stopped ? 1 : 0;
    MPI_Bcast(&stopped, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return run;
  }

  MonteCarloRun run_other(const Scenario& scenario, const Ruleset& ruleset,
                          const MonteCarloConfig& config, const std::atomic<bool>* stop) {
    std::atomic<bool> halt{false};
    Message last{-1, -1, -1};
    // Reports progress to rank 0 and hears whether to stop.
    auto poll = [&](std::int64_t d, std::int64_t) {
      Message m{};
      while (receive_pending(m, 0, kTagStop)) {
        if (m[0] == sequence_) halt = true;
      }
      if (stop_requested(stop)) halt = true;
      const Message now{sequence_, d, halt ? 1 : 0};
      if (now != last) send(now, 0, kTagProgress);
      last = now;
    };
    const MonteCarloRun mine =
        run_monte_carlo_slice(scenario, ruleset, config, TrialSlice{rank_, size_}, poll, &halt);

    std::string bytes = encode_records(mine.records);
    const auto size = static_cast<std::int64_t>(bytes.size());
    send({sequence_, static_cast<std::int64_t>(mine.records.size()), size}, 0, kTagDone);
    for (std::int64_t at = 0; at < size; at += kChunk) {
      const auto n = static_cast<int>(std::min(kChunk, size - at));
      MPI_Send(bytes.data() + at, n, MPI_CHAR, 0, kTagRecords, MPI_COMM_WORLD);
    }

    int stopped = 0;
    MPI_Bcast(&stopped, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MonteCarloRun run;
    run.requested = config.trials;
    run.stopped = stopped != 0;
    return run;
  }

  int rank_ = 0;
  int size_ = 1;
  std::int64_t sequence_ = 0;
};

}  // namespace

std::unique_ptr<TrialRunner> make_mpi_runner() { return std::make_unique<MpiRunner>(); }

}  // namespace smoothbore::cli
