// Helpers shared by the scenario file tests: a list of diagnostics as text, and a
// scenario text with one piece replaced.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "io/scenario_file.h"

namespace smoothbore::test {

// The diagnostics as `check` prints them, one a line.
inline std::string all_errors(const std::vector<Diagnostic>& d) {
  std::string out;
  for (const Diagnostic& x : d) out += format(x) + "\n";
  return out;
}

// `text` with the first `from` replaced by `to`; a test failure when there is none.
inline std::string replaced(std::string_view text, std::string_view from, std::string_view to) {
  std::string out(text);
  std::size_t at = out.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) out.replace(at, from.size(), to);
  return out;
}

}  // namespace smoothbore::test
