// `smoothbore run [SCENARIO]`: fights a battle with AI commanders and narrates it.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "apps/cli.h"
#include "apps/output_file.h"
#include "io/log_file.h"
#include "io/narrative.h"
#include "io/replay/page.h"
#include "io/replay/recorder.h"
#include "sim/match.h"

namespace smoothbore::cli {

namespace {

struct RunOptions {
  std::string scenario;
  std::string seed;  // text, parsed here so that the error can say what was expected
  std::string log;
  std::string html;  // replay page
  std::string turns;
  std::string trial;  // dice stream: battle `trial` of `smoothbore mc`
  bool quiet = false;
  std::vector<std::string> commanders;  // SIDE=KIND
};

int run(const RunOptions& o) {
  // Validate the arguments before loading anything, so that the cheap errors come first.
  std::optional<std::uint64_t> seed;
  if (!o.seed.empty()) {
    seed = parse_integer<std::uint64_t>(o.seed);
    if (!seed) {
      print_error(fmt::format("--seed: expected a non-negative integer, found '{}'", o.seed));
      return kExitBadInput;
    }
  }
  int turns = 0;
  if (!o.turns.empty()) {
    auto t = parse_integer<int>(o.turns);
    if (!t || *t < 1) {
      print_error(fmt::format("--turns: expected a positive integer, found '{}'", o.turns));
      return kExitBadInput;
    }
    turns = *t;
  }

  std::uint64_t stream = 0;
  if (!o.trial.empty()) {
    auto t = parse_integer<std::uint64_t>(o.trial);
    if (!t) {
      print_error(fmt::format("--trial: expected a non-negative integer, found '{}'", o.trial));
      return kExitBadInput;
    }
    stream = *t;
  }

  auto scenario = load_scenario_or_default(o.scenario);
  if (!scenario) {
    std::cerr << scenario.error() << '\n';
    return kExitBadInput;
  }
  auto found = playable_ruleset(*scenario);
  if (!found) {
    print_error(found.error());
    return kExitBadInput;
  }
  const Ruleset* ruleset = *found;
  auto kinds = commanders_for(scenario->force, o.commanders);
  if (!kinds) {
    print_error(kinds.error());
    return kExitBadInput;
  }

  std::unique_ptr<JsonlLogFile> log_file;
  if (!o.log.empty()) {
    auto opened = JsonlLogFile::open(o.log);
    if (!opened) {
      print_error("--log: " + opened.error());
      return kExitBadInput;
    }
    log_file = std::move(*opened);
  }
  std::optional<OutputFile> html_file;
  if (!o.html.empty()) {
    auto opened = OutputFile::open("--html", o.html);
    if (!opened) {
      print_error(opened.error());
      return kExitBadInput;
    }
    html_file.emplace(std::move(*opened));
  }

  MatchConfig config;
  config.seed = seed.value_or(scenario->seed);
  config.stream = stream;
  config.commanders = std::move(*kinds);
  config.turn_limit = turns;
  Match match(*scenario, *ruleset, std::move(config));

  NarrativePrinter narrative(std::cout, o.quiet);
  // The log file and the replay page get the events with the replay's snapshot and state
  // lines between them (io/replay/recorder.h).
  std::vector<std::string> replay_lines;
  std::optional<ReplayRecorder> recorder;
  if (log_file || html_file) {
    recorder.emplace(match.battle(), *ruleset, [&](const std::string& line) {
      if (log_file) log_file->write_line(line);
      if (html_file) replay_lines.push_back(line);
    });
  }
  // The match logs its start when constructed: catch the sinks up before attaching them.
  for (const Event& e : match.log().events()) {
    narrative.print(e);
    if (recorder) recorder->on_event(e);
  }
  match.log().add_sink(narrative.sink());
  if (recorder) match.log().add_sink(recorder->sink());
  if (log_file) {
    // A turn boundary is a natural point for a reader following the file.
    match.log().add_sink([&](const Event& e) {
      if (e.kind == EventKind::kTurnStart || e.kind == EventKind::kBattleEnd) log_file->flush();
    });
  }

  const MatchResult& result = match.run();
  if (recorder) recorder->finish();
  // The narrative ends with the battle-end event, usually the summary itself.
  const auto& events = match.log().events();
  if (o.quiet || events.empty() || events.back().text != result.summary) {
    std::cout << result.summary << '\n';
  }
  if (!o.quiet) {
    const Force& force = match.battle().force();
    for (std::size_t s = 0; s < force.sides.size(); ++s) {
      std::cout << fmt::format("  {:<16} losses {:5.1f}%  broken {:5.1f}%  points {}\n",
                               force.sides[s].id,
                               s < result.losses.size() ? result.losses[s] * 100 : 0.0,
                               s < result.broken.size() ? result.broken[s] * 100 : 0.0,
                               s < result.points.size() ? result.points[s] : 0);
    }
  }
  if (log_file) {
    auto closed = log_file->close();
    if (!closed) {
      print_error(closed.error());
      return kExitBadInput;
    }
  }
  if (html_file) {
    auto page = build_replay_page(replay_lines);
    if (!page) {
      print_error("--html: " + page.error());  // a bug: the recorder wrote the lines
      return kExitInternal;
    }
    html_file->stream() << *page;
    auto closed = html_file->close();
    if (!closed) {
      print_error(closed.error());
      return kExitBadInput;
    }
  }
  return kExitOk;
}

}  // namespace

Command add_run(CLI::App& app) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* sub =
      app.add_subcommand("run", "Fight a battle with AI commanders and narrate it turn by turn");
  sub->add_option("scenario", o->scenario,
                  std::string("Scenario file (.toml); default: the embedded ") + kDefaultScenario);
  sub->add_option("--seed", o->seed, "Seed of every die (default: the scenario's seed)");
  sub->add_option("--log", o->log,
                  "Write every event as a JSON line to FILE (.jsonl), with the table and the "
                  "stands' moves, so that `smoothbore replay FILE --html` can show it");
  sub->add_option("--html", o->html,
                  "Write the battle as a replay page to FILE (.html): one self-contained file "
                  "to open offline in a browser");
  sub->add_option("--turns", o->turns, "Turn limit (default: the scenario's)");
  sub->add_option("--trial", o->trial,
                  "Fight battle I of `smoothbore mc` with the same seed (dice stream I; "
                  "default 0)");
  sub->add_flag("-q,--quiet", o->quiet, "Print only the result line");
  sub->add_option("--commander", o->commanders,
                  "SIDE=KIND, repeatable; KIND is doctrine or random (default doctrine)")
      ->allow_extra_args(false);  // one SIDE=KIND per --commander, never the scenario
  sub->footer(
      "Example: smoothbore run --seed 7 --log battle.jsonl --html battle.html "
      "--commander austrians=random");
  return [o] { return run(*o); };
}

}  // namespace smoothbore::cli
