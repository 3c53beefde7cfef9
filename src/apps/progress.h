// A one-line progress bar on stderr for long runs: battles done, battles per second and
// the time left. Drawn only when stderr is a terminal and the user did not ask for quiet;
// otherwise every call does nothing (logs and pipes stay clean).
//
// Written here: Debian has no packaged C++ progress-bar library (design.md), and one
// carriage-return line is a few dozen lines.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace smoothbore::cli {

class ProgressBar {
 public:
  // `unit` names what is counted ("battles").
  ProgressBar(bool quiet, std::string unit);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  bool enabled() const { return enabled_; }
  // Redraws the line with `done` of `total` (throttled to a few times a second).
  void update(std::int64_t done, std::int64_t total);
  // Clears the line, so that what follows starts on a clean line.
  void finish();

 private:
  bool enabled_;
  std::string unit_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  bool drawn_ = false;
};

// The text of the bar: "[#####.....]  123/1000 battles  45.6 battles/s  0:19 left",
// fitted to `width` columns. `seconds` is the time since the start.
std::string progress_line(std::int64_t done, std::int64_t total, double seconds,
                          const std::string& unit, int width);

}  // namespace smoothbore::cli
