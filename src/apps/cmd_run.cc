// `smoothbore run [SCENARIO]`: fights a battle with AI commanders and narrates it.
#include <algorithm>
#include <charconv>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "apps/cli.h"
#include "io/log_file.h"
#include "io/narrative.h"
#include "rules/registry.h"
#include "sim/commander.h"
#include "sim/match.h"

namespace smoothbore::cli {

namespace {

struct RunOptions {
  std::string scenario;
  std::string seed;  // text, parsed here so that the error can say what was expected
  std::string log;
  std::string turns;
  bool quiet = false;
  std::vector<std::string> commanders;  // SIDE=KIND
};

template <typename T>
std::optional<T> parse_integer(const std::string& text) {
  T v{};
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// Per side commander kinds from SIDE=KIND assignments; SIDE is a side id or index.
tl::expected<std::vector<std::string>, std::string> commanders_for(
    const Force& force, const std::vector<std::string>& assignments) {
  std::vector<std::string> kinds(force.sides.size(), std::string(kDoctrine));
  std::vector<std::string> side_ids;
  for (const Side& s : force.sides) side_ids.push_back(s.id);
  for (const std::string& a : assignments) {
    auto eq = a.find('=');
    if (eq == std::string::npos) {
      return tl::unexpected(fmt::format("--commander: expected SIDE=KIND, found '{}'", a));
    }
    std::string side = a.substr(0, eq), kind = a.substr(eq + 1);
    int index = force.side_index(side);
    if (index < 0) {
      auto n = parse_integer<int>(side);
      if (n && *n >= 0 && *n < static_cast<int>(force.sides.size())) index = *n;
    }
    if (index < 0) {
      return tl::unexpected(
          fmt::format("--commander: unknown side '{}'; sides: {}", side, join(side_ids, ", ")));
    }
    const auto& valid = commander_kinds();
    if (std::find(valid.begin(), valid.end(), kind) == valid.end()) {
      return tl::unexpected(fmt::format("--commander: unknown commander kind '{}'; kinds: {}", kind,
                                        join(valid, ", ")));
    }
    kinds[static_cast<std::size_t>(index)] = kind;
  }
  return kinds;
}

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

  auto scenario = load_scenario_or_default(o.scenario);
  if (!scenario) {
    std::cerr << scenario.error() << '\n';
    return kExitBadInput;
  }
  const Ruleset* ruleset = find_ruleset(scenario->ruleset);
  if (ruleset == nullptr) {
    print_error(fmt::format("{}: unknown rule set '{}'", scenario->source, scenario->ruleset));
    return kExitBadInput;
  }
  if (!ruleset->playable()) {
    print_error(
        fmt::format("{}: rule set '{}' cannot fight battles yet ({}); its resolutions "
                    "work with `smoothbore odds`",
                    scenario->source, scenario->ruleset, ruleset->status()));
    return kExitBadInput;
  }
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

  MatchConfig config;
  config.seed = seed.value_or(scenario->seed);
  config.commanders = std::move(*kinds);
  config.turn_limit = turns;
  Match match(*scenario, *ruleset, std::move(config));

  NarrativePrinter narrative(std::cout, o.quiet);
  // The match logs its start when constructed: catch the sinks up before attaching them.
  for (const Event& e : match.log().events()) {
    narrative.print(e);
    if (log_file) log_file->write(e);
  }
  match.log().add_sink(narrative.sink());
  if (log_file) match.log().add_sink(log_file->sink());

  const MatchResult& result = match.run();
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
  sub->add_option("--log", o->log, "Write every event as a JSON line to FILE (.jsonl)");
  sub->add_option("--turns", o->turns, "Turn limit (default: the scenario's)");
  sub->add_flag("-q,--quiet", o->quiet, "Print only the result line");
  sub->add_option("--commander", o->commanders,
                  "SIDE=KIND, repeatable; KIND is doctrine or random (default doctrine)")
      ->allow_extra_args(false);  // one SIDE=KIND per --commander, never the scenario
  sub->footer("Example: smoothbore run --seed 7 --log battle.jsonl --commander austrians=random");
  return [o] { return run(*o); };
}

}  // namespace smoothbore::cli
