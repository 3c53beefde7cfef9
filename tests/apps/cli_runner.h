// Running the real `smoothbore` binary (SMOOTHBORE_BINARY) from tests: its output and exit
// status, and a scratch directory per test.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace smoothbore::test {

// The small fast-1805 scenario of the source tree.
inline const std::string kSmall =
    std::string(SMOOTHBORE_SOURCE_DIR) + "/scenarios/fast-1805/small.toml";

struct CliOutput {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs the shell command `command`, with stderr captured in `err_file`.
inline CliOutput run_shell(const std::string& command, const std::string& err_file) {
  CliOutput r;
  FILE* pipe = popen((command + " 2>'" + err_file + "'").c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  r.err = s.str();
  return r;
}

// Runs `smoothbore ARGS` (ARGS is shell text), with stderr captured in `err_file`.
inline CliOutput run_cli(const std::string& args, const std::string& err_file) {
  return run_shell(std::string("'") + SMOOTHBORE_BINARY + "' " + args, err_file);
}

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh directory per test, removed afterwards.
class ScratchDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           (std::string("smoothbore-") + info->test_suite_name() + "-" + info->name() + "-" +
            std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  CliOutput run(const std::string& args) const { return run_cli(args, path("stderr.txt")); }

  std::filesystem::path dir_;
};

}  // namespace smoothbore::test
