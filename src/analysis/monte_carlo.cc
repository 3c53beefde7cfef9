#include "analysis/monte_carlo.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "core/check.h"

namespace smoothbore {

namespace {

constexpr auto kProgressInterval = std::chrono::milliseconds(100);

}  // namespace

TrialRecord run_trial(const Scenario& scenario, const Ruleset& ruleset,
                      const MonteCarloConfig& config, std::int64_t trial) {
  MatchConfig mc;
  mc.seed = config.seed;
  mc.stream = static_cast<std::uint64_t>(trial);
  mc.commanders = config.commanders;
  mc.turn_limit = config.turn_limit;
  mc.quiet = true;  // a trial's events are never read: no narrative built (issue 9)
  Match match(scenario, ruleset, std::move(mc));
  TrialRecord r;
  r.trial = trial;
  r.result = match.run();
  r.result.summary.clear();
  const std::vector<Unit>& start = scenario.force.units;
  const std::vector<Unit>& end = match.battle().force().units;
  SB_CHECK(end.size() == start.size(), "a battle changed the number of units");
  r.units.reserve(end.size());
  for (std::size_t u = 0; u < end.size(); ++u) {
    SB_CHECK(end[u].id == start[u].id, "a battle reordered the units");
    r.units.push_back(end[u].status);
  }
  return r;
}

std::int64_t slice_size(const TrialSlice& slice, std::int64_t n) {
  SB_CHECK(slice.stride >= 1 && slice.offset >= 0 && slice.offset < slice.stride,
           "invalid trial slice");
  return n <= slice.offset ? 0 : (n - slice.offset + slice.stride - 1) / slice.stride;
}

MonteCarloRun run_monte_carlo(const Scenario& scenario, const Ruleset& ruleset,
                              const MonteCarloConfig& config, const ProgressFn& progress,
                              const std::atomic<bool>* stop) {
  return run_monte_carlo_slice(scenario, ruleset, config, TrialSlice{}, progress, stop);
}

MonteCarloRun run_monte_carlo_slice(const Scenario& scenario, const Ruleset& ruleset,
                                    const MonteCarloConfig& config, const TrialSlice& slice,
                                    const ProgressFn& progress, const std::atomic<bool>* stop) {
  SB_CHECK(config.trials >= 1 && config.threads >= 1, "invalid Monte Carlo configuration");
  // The slice's trials are numbered j = 0 .. n - 1 here; trial j is offset + j * stride.
  const std::int64_t n = slice_size(slice, config.trials);
  MonteCarloRun run;
  run.requested = config.trials;

  // Shared by the workers: the next trial to hand out, and under `mutex` the trials done,
  // the workers still running and the first exception (rethrown here).
  std::atomic<std::int64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::condition_variable changed;
  std::int64_t done = 0;
  int running = config.threads;
  std::exception_ptr error;

  auto stopping = [&] {
    return failed.load(std::memory_order_relaxed) || (stop != nullptr && stop->load());
  };
  // Each worker keeps its records and hands them over when it ends (memory grows with the
  // trials fought, not with N, so a long run stopped early costs only what it did).
  auto work = [&] {
    std::vector<TrialRecord> mine;
    try {
      while (!stopping()) {
        const std::int64_t j = next.fetch_add(1);
        if (j >= n) break;
        mine.push_back(run_trial(scenario, ruleset, config, slice.offset + j * slice.stride));
        std::lock_guard lock(mutex);
        ++done;
        changed.notify_one();
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
    std::lock_guard lock(mutex);
    for (TrialRecord& r : mine) run.records.push_back(std::move(r));
    --running;
    changed.notify_one();
  };

  {
    std::vector<std::jthread> workers;
    workers.reserve(static_cast<std::size_t>(config.threads));
    for (int t = 0; t < config.threads; ++t) workers.emplace_back(work);
    auto last = std::chrono::steady_clock::now() - kProgressInterval;
    std::unique_lock lock(mutex);
    while (running > 0) {
      changed.wait_for(lock, kProgressInterval);
      const auto now = std::chrono::steady_clock::now();
      if (progress && now - last >= kProgressInterval) {
        last = now;
        const std::int64_t d = done;
        lock.unlock();
        progress(d, n);
        lock.lock();
      }
    }
  }  // joins the workers
  if (error) std::rethrow_exception(error);

  // Every trial handed out was finished, and they were handed out in order: the records
  // are the slice's trials 0 .. finished - 1.
  const std::int64_t finished = std::min(next.load(), n);
  SB_CHECK(finished == done && finished == static_cast<std::int64_t>(run.records.size()),
           "a trial was handed out but not finished");
  std::sort(run.records.begin(), run.records.end(),
            [](const TrialRecord& a, const TrialRecord& b) { return a.trial < b.trial; });
  run.stopped = finished < n;
  if (progress) progress(finished, n);
  return run;
}

}  // namespace smoothbore
