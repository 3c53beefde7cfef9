// `smoothbore sweep SCENARIO --vary NAME=V1,V2,... -n N`: the same N Monte Carlo battles
// (same seed, same dice streams) in every cell of a grid of rule options or unit
// attributes, as a table of win rates with their intervals and mean losses.
#include <iostream>

#include <fmt/format.h>

#include "analysis/report/sweep_report.h"
#include "analysis/sweep_output.h"
#include "apps/cli.h"
#include "apps/interrupt.h"
#include "apps/progress.h"
#include "apps/trial_options.h"
#include "apps/trial_runner.h"

namespace smoothbore::cli {

namespace {

struct SweepOptions {
  TrialOptions trials;
  std::vector<std::string> vary;
};

// The grid and every cell's scenario, checked before the first battle.
struct Grid {
  std::vector<SweepAxis> axes;
  std::vector<SweepCell> cells;
  std::vector<Scenario> scenarios;
};

std::optional<Grid> prepare_grid(const SweepOptions& o, const PreparedTrials& p) {
  Grid grid;
  for (const std::string& text : o.vary) {
    auto axis = parse_sweep_axis(p.scenario, *p.ruleset, text);
    if (!axis) {
      print_error("--vary: " + axis.error());
      return std::nullopt;
    }
    grid.axes.push_back(std::move(*axis));
  }
  if (auto ok = check_sweep_axes(grid.axes); !ok) {
    print_error("--vary: " + ok.error());
    return std::nullopt;
  }
  grid.cells = sweep_cells(grid.axes);
  auto scenarios = load_sweep_scenarios(o.trials.scenario, grid.cells);
  if (!scenarios) {
    print_error("--vary: " + scenarios.error());
    return std::nullopt;
  }
  grid.scenarios = std::move(*scenarios);
  return grid;
}

int sweep_command(const SweepOptions& o) {
  // Local threads, or this process's share of an MPI job (only rank 0 writes output).
  std::unique_ptr<TrialRunner> runner = make_trial_runner();
  std::optional<PreparedTrials> p;
  std::optional<Grid> grid;
  const bool ready = runner->check([&] {
    p = prepare_trials(o.trials);
    if (p) grid = prepare_grid(o, *p);
    return grid && (!runner->writes_output() || open_outputs(o.trials, *p));
  });
  if (!ready) return kExitBadInput;
  const std::vector<SweepAxis>& axes = grid->axes;

  SweepRun sweep;
  {
    InterruptFlag interrupt;
    ProgressBar bar(o.trials.quiet || !runner->writes_output(), "battles");
    sweep = run_sweep(
        grid->cells, grid->scenarios, *p->ruleset, p->config,
        [&](std::int64_t done, std::int64_t total) { bar.update(done, total); }, interrupt.flag(),
        runner->runner());
    bar.finish();
  }
  if (!runner->writes_output()) return sweep.stopped ? kExitInterrupted : kExitOk;

  std::cout << sweep_text(axes, sweep.cells) << std::flush;
  if (p->csv) write_sweep_csv(p->csv->stream(), axes, sweep.cells);
  if (p->json) p->json->stream() << sweep_json(axes, sweep.cells).dump(2) << '\n';
  if (p->report) p->report->stream() << sweep_report(axes, sweep.cells);
  const bool written = close_output(p->csv) & close_output(p->json) & close_output(p->report);
  if (sweep.stopped) return kExitInterrupted;
  return written ? kExitOk : kExitBadInput;
}

}  // namespace

Command add_sweep(CLI::App& app) {
  auto o = std::make_shared<SweepOptions>();
  CLI::App* sub = app.add_subcommand(
      "sweep", "Monte Carlo battles over a grid of rule options or unit attributes");
  add_trial_options(*sub, o->trials, true);
  sub->add_option("--vary", o->vary,
                  "Repeatable; the grid is every combination. NAME is a rule "
                  "option of the scenario's rule set (see `smoothbore rulesets ID`) or "
                  "unit.ID.ATTR, a unit's attribute or figures")
      ->required()
      ->allow_extra_args(false)
      ->type_name("NAME=V1,V2,...");
  sub->footer(
      "Every cell fights the same N battles: same seed, battle i with dice stream i. --csv has a\n"
      "row per cell, --json every cell's full summary, --report an HTML page with the win rate\n"
      "across the grid (a heat map per side for two --vary, bars otherwise) and mean losses.\n"
      "Ctrl-C stops after the battles in flight and prints the cells done so far (marked\n"
      "PARTIAL, exit 130). Under `mpirun` (a build with -DSMOOTHBORE_MPI=ON) each cell's\n"
      "battles are split across the ranks, as for mc.\n"
      "Example: smoothbore sweep scenarios/fast-1805/small.toml -n 200 \\\n"
      "           --vary a2_army_break=0.3,0.5 --vary unit.fr-5e-ligne.quality=veteran,green");
  return [o] { return sweep_command(*o); };
}

}  // namespace smoothbore::cli
