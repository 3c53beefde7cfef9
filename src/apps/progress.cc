#include "apps/progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

namespace smoothbore::cli {

namespace {

constexpr auto kRedrawInterval = std::chrono::milliseconds(200);

int terminal_width() {
  winsize ws{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

std::string duration_text(double seconds) {
  const auto s = static_cast<std::int64_t>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

std::string progress_line(std::int64_t done, std::int64_t total, double seconds,
                          const std::string& unit, int width) {
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  std::string left = "--:-- left";
  if (done >= total) {
    left = duration_text(seconds) + " total";
  } else if (rate > 0) {
    left = duration_text(static_cast<double>(total - done) / rate) + " left";
  }
  const std::string text =
      fmt::format(" {}/{} {}  {:.1f} {}/s  {}", done, total, unit, rate, unit, left);
  // The bar takes what the text leaves of the line (keeping the last column free, so the
  // terminal never wraps), at most 40 columns.
  const int room = width - 1 - static_cast<int>(text.size()) - 2;
  const int bar = std::min(room, 40);
  if (bar < 5) return text.substr(1);
  const auto filled = total > 0
                          ? static_cast<int>(static_cast<double>(bar) * static_cast<double>(done) /
                                             static_cast<double>(total))
                          : 0;
  return "[" + std::string(static_cast<std::size_t>(filled), '#') +
         std::string(static_cast<std::size_t>(bar - filled), '.') + "]" + text;
}

ProgressBar::ProgressBar(bool quiet, std::string unit)
    : enabled_(!quiet && isatty(STDERR_FILENO) == 1),
      unit_(std::move(unit)),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_ - kRedrawInterval) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(std::int64_t done, std::int64_t total) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_draw_ < kRedrawInterval && done < total) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const std::string line = progress_line(done, total, seconds, unit_, terminal_width());
  // \r and "erase to end of line" redraw in place.
  std::fprintf(stderr, "\r%s\x1b[K", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (!drawn_) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace smoothbore::cli
