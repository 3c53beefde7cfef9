#include "io/log_file.h"

#include <cerrno>
#include <cstring>

#include "core/events/jsonl.h"

namespace smoothbore {

tl::expected<std::unique_ptr<JsonlLogFile>, std::string> JsonlLogFile::open(
    const std::string& path) {
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    const int err = errno;
    return tl::unexpected(path + ": cannot open for writing" +
                          (err != 0 ? std::string(": ") + std::strerror(err) : std::string()));
  }
  return std::unique_ptr<JsonlLogFile>(new JsonlLogFile(path, std::move(out)));
}

void JsonlLogFile::write(const Event& e) {
  out_ << to_json_line(e) << '\n';
  // A turn boundary is a natural point for a reader following the file.
  if (e.kind == EventKind::kTurnStart || e.kind == EventKind::kBattleEnd) out_.flush();
}

void JsonlLogFile::write_line(const std::string& line) { out_ << line << '\n'; }

tl::expected<void, std::string> JsonlLogFile::close() {
  out_.flush();
  const bool ok = static_cast<bool>(out_);
  out_.close();
  if (!ok || !out_) return tl::unexpected(path_ + ": writing the log failed");
  return {};
}

}  // namespace smoothbore
