// Data files compiled into the binary (cmake/Embed.cmake), so smoothbore runs from anywhere.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace smoothbore::embedded {

struct File {
  std::string_view path;  // relative to the embedded folder, '/'-separated
  std::string_view data;
};

// Every *.toml under src/rules/ (e.g. "fast_1805/data/tables.toml").
std::span<const File> rules_files();
// Every *.toml under scenarios/ (e.g. "fast-1805/small.toml").
std::span<const File> scenario_files();
// The replay page's assets under src/io/replay/ (*.html, *.css, *.js), e.g. "replay.js".
std::span<const File> replay_files();
// The mc/sweep report's assets under src/analysis/report/ (*.html, *.css).
std::span<const File> report_files();

// The file at `path` in `files`, if any.
inline std::optional<std::string_view> find(std::span<const File> files, std::string_view path) {
  for (const File& f : files) {
    if (f.path == path) return f.data;
  }
  return std::nullopt;
}

}  // namespace smoothbore::embedded
