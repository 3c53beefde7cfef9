#include "apps/output_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace smoothbore::cli {

tl::expected<OutputFile, std::string> OutputFile::open(const std::string& option,
                                                       const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return tl::unexpected(
        fmt::format("{}: cannot write '{}': it is a directory; expected a file", option, path));
  }
  errno = 0;
  auto out = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
  if (!out->is_open()) {
    const char* why = errno != 0 ? std::strerror(errno) : "cannot open it";
    return tl::unexpected(fmt::format("{}: cannot write '{}': {}", option, path, why));
  }
  return OutputFile(option, path, std::move(out));
}

tl::expected<void, std::string> OutputFile::close() {
  out_->flush();
  const bool ok = out_->good();
  out_->close();
  if (!ok || out_->fail()) {
    return tl::unexpected(fmt::format("{}: error while writing '{}'", option_, path_));
  }
  return {};
}

}  // namespace smoothbore::cli
