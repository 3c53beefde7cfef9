// The event log as a JSON Lines file (core/events/jsonl.h), written as the battle goes so
// a long run can be followed with `tail -f`.
#pragma once

#include <fstream>
#include <memory>
#include <string>

#include <tl/expected.hpp>

#include "core/events/event.h"

namespace smoothbore {

class JsonlLogFile {
 public:
  // Opens (truncates) `path`; the error names the file and the reason.
  static tl::expected<std::unique_ptr<JsonlLogFile>, std::string> open(const std::string& path);

  void write(const Event& e);
  // One line as it is (a replay snapshot or state line, io/replay/recorder.h); no newline.
  void write_line(const std::string& line);
  // Makes what was written visible to a reader following the file (`tail -f`).
  void flush() { out_.flush(); }
  // A sink that forwards to write(); this file must outlive the log's use of it.
  EventLog::Sink sink() {
    return [this](const Event& e) { write(e); };
  }
  // Flushes and closes; the error says that writing failed (disk full, ...).
  tl::expected<void, std::string> close();

  const std::string& path() const { return path_; }

 private:
  JsonlLogFile(std::string path, std::ofstream out)
      : path_(std::move(path)), out_(std::move(out)) {}
  std::string path_;
  std::ofstream out_;
};

}  // namespace smoothbore
