// `smoothbore replay LOG.jsonl --html FILE.html`: the replay page of a battle fought before,
// from the log `run --log` wrote (events, with the table and the stands' moves).
#include <memory>

#include <fmt/format.h>

#include "apps/cli.h"
#include "apps/output_file.h"
#include "io/replay/page.h"

namespace smoothbore::cli {

namespace {

struct ReplayOptions {
  std::string log;
  std::string html;
};

int replay(const ReplayOptions& o) {
  auto lines = read_replay_lines(o.log);
  if (!lines) {
    print_error(lines.error());
    return kExitBadInput;
  }
  auto page = build_replay_page(*lines);
  if (!page) {
    print_error(o.log + ": " + page.error());
    return kExitBadInput;
  }
  auto out = OutputFile::open("--html", o.html);
  if (!out) {
    print_error(out.error());
    return kExitBadInput;
  }
  out->stream() << *page;
  auto closed = out->close();
  if (!closed) {
    print_error(closed.error());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace

Command add_replay(CLI::App& app) {
  auto o = std::make_shared<ReplayOptions>();
  CLI::App* sub = app.add_subcommand(
      "replay", "Write the replay page of a battle from the event log `run --log` wrote");
  sub->add_option("log", o->log, "Event log (.jsonl) written by `smoothbore run --log`")
      ->required();
  sub->add_option("--html", o->html,
                  "Write the replay to FILE (.html): one self-contained page that opens offline "
                  "in a browser (table to scale, stands, timeline, events with their dice)")
      ->required();
  sub->footer(
      "Example: smoothbore run battle.toml --log battle.jsonl && "
      "smoothbore replay battle.jsonl --html battle.html");
  return [o] { return replay(*o); };
}

}  // namespace smoothbore::cli
