// Forked, time-limited measurements (bench.h).
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <time.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "apps/bench/bench.h"

namespace smoothbore::bench {

double now_seconds() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

double cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

namespace {

void write_all(int fd, const std::string& s) {
  std::size_t done = 0;
  while (done < s.size()) {
    ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

Isolated run_isolated(
    const std::function<void(const std::function<void(const std::string&)>&)>& body,
    double budget_seconds) {
  Isolated out;
  int fds[2];
  if (::pipe(fds) != 0) {
    out.failed = true;
    return out;
  }
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const double start = now_seconds();
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    out.failed = true;
    return out;
  }
  if (pid == 0) {
    ::close(fds[0]);
    int code = 0;
    try {
      body([fd = fds[1]](const std::string& line) { write_all(fd, line + "\n"); });
    } catch (const std::exception& e) {
      write_all(fds[1], std::string("#error ") + e.what() + "\n");
      code = 1;
    }
    ::close(fds[1]);
    ::_exit(code);
  }
  ::close(fds[1]);
  std::string buffer;
  char chunk[4096];
  for (;;) {
    const double left = budget_seconds - (now_seconds() - start);
    if (left <= 0) {
      ::kill(pid, SIGKILL);
      out.over_budget = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(left * 1000) + 1);
    if (ready < 0) continue;
    if (ready == 0) continue;  // the deadline is checked at the top
    ssize_t n = ::read(fds[0], chunk, sizeof chunk);
    if (n <= 0) break;  // the child closed its end
    buffer.append(chunk, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  out.elapsed_ms = (now_seconds() - start) * 1000.0;
  out.peak_kb = usage.ru_maxrss;
  if (!out.over_budget && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) out.failed = true;
  std::size_t pos = 0;
  while (pos < buffer.size()) {
    std::size_t end = buffer.find('\n', pos);
    if (end == std::string::npos) break;  // a line cut by the kill
    out.lines.push_back(buffer.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

}  // namespace smoothbore::bench
