// `smoothbore check SCENARIO...`: validates scenario files without playing them.
#include <iostream>

#include "apps/cli.h"
#include "io/check.h"

namespace smoothbore::cli {

namespace {

int check(const std::vector<std::string>& paths) {
  bool any_error = false;
  for (const std::string& path : paths) {
    std::vector<Diagnostic> diagnostics = check_scenario_file(path);
    if (diagnostics.empty()) {
      std::cout << path << ": ok\n";
      continue;
    }
    any_error = true;
    for (const Diagnostic& d : diagnostics) std::cout << format(d) << '\n';
  }
  std::cout.flush();
  return any_error ? kExitBadInput : kExitOk;
}

}  // namespace

Command add_check(CLI::App& app) {
  auto paths = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand(
      "check", "Check scenario files; print every error as file:line:col: error: message");
  sub->add_option("scenarios", *paths, "Scenario files (.toml)")->required();
  sub->footer("Example: smoothbore check scenarios/fast-1805/default.toml");
  return [paths] { return check(*paths); };
}

}  // namespace smoothbore::cli
