#include "core/check.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace smoothbore {

void check_failed(std::string_view condition, std::string_view file, int line,
                  std::string_view message) {
  std::string text = "smoothbore: internal check failed at " + std::string(file) + ":" +
                     std::to_string(line) + ": " + std::string(condition) + ": " +
                     std::string(message) + "\n";
  std::fputs(text.c_str(), stderr);
  std::abort();
}

}  // namespace smoothbore
