// Always-on internal invariant check (design.md "Errors"). User input never reaches this:
// it is validated at the io/CLI boundary and reported as a value. A failed check is a bug.
#pragma once

#include <string_view>

namespace smoothbore {

[[noreturn]] void check_failed(std::string_view condition, std::string_view file, int line,
                               std::string_view message);

}  // namespace smoothbore

#define SB_CHECK(cond, msg)                                                  \
  do {                                                                       \
    if (!(cond)) ::smoothbore::check_failed(#cond, __FILE__, __LINE__, msg); \
  } while (false)
