#include <iostream>

#include "apps/cli.h"
#include "core/embedded.h"
#include "io/scenario_file.h"

namespace smoothbore::cli {

namespace {

std::string join_diagnostics(const std::vector<Diagnostic>& diagnostics,
                             const std::string& fallback) {
  if (diagnostics.empty()) return fallback;
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    if (!out.empty()) out += '\n';
    out += format(d);
  }
  return out;
}

}  // namespace

tl::expected<Scenario, std::string> load_scenario_or_default(const std::string& path) {
  if (path.empty()) {
    auto text = embedded::find(embedded::scenario_files(), kDefaultScenario);
    if (!text) {
      return tl::unexpected(std::string("the default scenario ") + kDefaultScenario +
                            " is not embedded in this binary");
    }
    auto loaded = load_scenario_text(*text, std::string("<embedded:") + kDefaultScenario + ">");
    if (!loaded) {
      return tl::unexpected(join_diagnostics(loaded.error(), "cannot load the default scenario"));
    }
    return std::move(*loaded);
  }
  auto loaded = load_scenario_file(path);
  if (!loaded) return tl::unexpected(join_diagnostics(loaded.error(), path + ": cannot load"));
  return std::move(*loaded);
}

void print_error(const std::string& message) {
  std::cerr << "smoothbore: error: " << message << '\n';
}

}  // namespace smoothbore::cli
