// `smoothbore mc SCENARIO -n N`: fights N battles of a scenario on every core and
// summarises them: who wins how often (95% Wilson intervals), how long and how bloody the
// battles are, how each unit fares and which end condition decided.
#include <chrono>
#include <iostream>

#include <fmt/format.h>

#include "analysis/mc_output.h"
#include "analysis/report/mc_report.h"
#include "apps/cli.h"
#include "apps/interrupt.h"
#include "apps/progress.h"
#include "apps/trial_options.h"
#include "apps/trial_runner.h"

namespace smoothbore::cli {

namespace {

int mc_command(const TrialOptions& o) {
  // Local threads, or this process's share of an MPI job (only rank 0 writes output).
  std::unique_ptr<TrialRunner> runner = make_trial_runner();
  std::optional<PreparedTrials> p;
  const bool ready = runner->check([&] {
    p = prepare_trials(o);
    return p && (!runner->writes_output() || open_outputs(o, *p));
  });
  if (!ready) return kExitBadInput;

  MonteCarloRun run;
  {
    InterruptFlag interrupt;
    ProgressBar bar(o.quiet || !runner->writes_output(), "battles");
    const auto start = std::chrono::steady_clock::now();
    run = runner->run(
        p->scenario, *p->ruleset, p->config,
        [&](std::int64_t done, std::int64_t total) { bar.update(done, total); }, interrupt.flag());
    bar.finish();
    if (bar.enabled()) {
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << fmt::format("{} battles in {:.1f} s ({:.1f} battles/s, {})\n",
                               run.records.size(), seconds,
                               static_cast<double>(run.records.size()) / std::max(seconds, 1e-9),
                               runner->layout(p->config.threads));
    }
  }
  if (!runner->writes_output()) return run.stopped ? kExitInterrupted : kExitOk;

  const McSummary summary = summarize(p->scenario, p->config, run);
  std::cout << summary_text(summary) << std::flush;
  if (p->csv) write_trials_csv(p->csv->stream(), p->scenario, p->config, run);
  if (p->json) {
    nlohmann::ordered_json j = summary_json(summary);
    j["trials"] = trials_json(p->scenario, p->config, run);
    p->json->stream() << j.dump(2) << '\n';
  }
  if (p->report) p->report->stream() << mc_report(summary);
  const bool written = close_output(p->csv) & close_output(p->json) & close_output(p->report);
  if (run.stopped) return kExitInterrupted;
  return written ? kExitOk : kExitBadInput;
}

}  // namespace

Command add_mc(CLI::App& app) {
  auto o = std::make_shared<TrialOptions>();
  CLI::App* sub = app.add_subcommand(
      "mc", "Fight N battles of a scenario (Monte Carlo) and summarise who wins, how often");
  add_trial_options(*sub, *o, false);
  sub->footer(
      "Battle i rolls dice stream i of the seed, so the summary and every row are the same for\n"
      "any --threads, and `smoothbore run SCENARIO --seed S --trial i` fights battle i again,\n"
      "narrated. Ctrl-C stops after the battles in flight and prints the summary of those\n"
      "finished (marked PARTIAL, exit 130).\n"
      "A build with -DSMOOTHBORE_MPI=ON run by `mpirun -np K` splits the battles across the K\n"
      "ranks (each with --threads threads); rank 0 writes the same output (see README).\n"
      "--report writes the summary as one HTML page with its charts (no network needed).\n"
      "Example: smoothbore mc scenarios/fast-1805/battle.toml -n 1000 --csv battles.csv \\\n"
      "           --report battles.html");
  return [o] { return mc_command(*o); };
}

}  // namespace smoothbore::cli
