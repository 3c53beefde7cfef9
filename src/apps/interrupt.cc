#include "apps/interrupt.h"

#include <signal.h>
#include <unistd.h>

namespace smoothbore::cli {

namespace {

// Lock-free, so setting it is async-signal-safe.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

struct sigaction g_previous {};

extern "C" void on_sigint(int) {
  g_interrupted.store(true);
  constexpr char kMessage[] =
      "\nsmoothbore: interrupted; finishing the battles in flight (Ctrl-C again to quit now)\n";
  // write(2) is async-signal-safe; a failed write has nowhere to be reported.
  [[maybe_unused]] auto ignored = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
}

}  // namespace

InterruptFlag::InterruptFlag() {
  g_interrupted.store(false);
  struct sigaction action {};
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  // SA_RESETHAND: the handler runs once, so a second Ctrl-C has the default effect.
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &g_previous);
}

InterruptFlag::~InterruptFlag() { sigaction(SIGINT, &g_previous, nullptr); }

const std::atomic<bool>* InterruptFlag::flag() const { return &g_interrupted; }

}  // namespace smoothbore::cli
