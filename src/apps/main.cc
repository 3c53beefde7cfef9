// smoothbore: plays, referees and analyses horse-and-musket tabletop wargames.
#include <exception>
#include <iostream>
#include <utility>
#include <vector>

#include "apps/cli.h"

int main(int argc, char** argv) {
  using namespace smoothbore::cli;
  CLI::App app{
      "smoothbore: plays, referees and analyses horse-and-musket tabletop wargames (1680-1815)",
      "smoothbore"};
  app.require_subcommand(1);
  try {
    // Each subcommand with the runner that its add_* function returned.
    std::vector<std::pair<CLI::App*, Command>> commands;
    for (auto add : {add_run, add_replay, add_check, add_rulesets, add_odds, add_mc, add_sweep,
                     add_generate, add_bench}) {
      Command run = add(app);
      commands.emplace_back(app.get_subcommands({}).back(), std::move(run));
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      // --help exits 0; every other parse error is bad input.
      int code = app.exit(e);
      return code == 0 ? kExitOk : kExitBadInput;
    }
    for (auto& [sub, run] : commands) {
      if (sub->parsed()) return run();
    }
    print_error("no subcommand given; see smoothbore --help");
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "smoothbore: internal error: " << e.what() << '\n';
    return kExitInternal;
  }
}
