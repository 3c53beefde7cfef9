// Runs the real `smoothbore` binary (SMOOTHBORE_BINARY) through the shell and captures
// what a user sees: stdout and stderr together, and the exit code.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace smoothbore::testing_cli {

struct Output {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

// `args` is shell text.
inline Output run_cli(const std::string& args) {
  const std::string command = std::string("'") + SMOOTHBORE_BINARY + "' " + args + " 2>&1";
  Output r;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace smoothbore::testing_cli
