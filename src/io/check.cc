#include "io/check.h"

namespace smoothbore {

std::vector<Diagnostic> check_scenario_file(const std::string& path) {
  auto loaded = load_scenario_file(path);
  if (loaded) return {};
  return std::move(loaded.error());
}

}  // namespace smoothbore
