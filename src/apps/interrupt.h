// Ctrl-C for long runs: while an InterruptFlag lives, the first SIGINT only sets a flag
// (the Monte Carlo runner stops between trials and the summary of the battles finished is
// still printed); a second SIGINT ends the process at once, as usual.
#pragma once

#include <atomic>

namespace smoothbore::cli {

// Exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
inline constexpr int kExitInterrupted = 130;

class InterruptFlag {
 public:
  InterruptFlag();   // installs the SIGINT handler
  ~InterruptFlag();  // restores the previous one
  InterruptFlag(const InterruptFlag&) = delete;
  InterruptFlag& operator=(const InterruptFlag&) = delete;

  const std::atomic<bool>* flag() const;
  bool interrupted() const { return flag()->load(); }
};

}  // namespace smoothbore::cli
