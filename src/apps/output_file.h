// A file named by an output option (--csv, --json), opened before the long work starts so
// that an unwritable path is reported at once, and written when the work is done.
#pragma once

#include <fstream>
#include <memory>
#include <string>

#include <tl/expected.hpp>

namespace smoothbore::cli {

class OutputFile {
 public:
  // Creates (or truncates) `path`; the error names `option` and the path.
  static tl::expected<OutputFile, std::string> open(const std::string& option,
                                                    const std::string& path);
  std::ostream& stream() { return *out_; }
  // Flushes and closes; an error if anything could not be written.
  tl::expected<void, std::string> close();

 private:
  OutputFile(std::string option, std::string path, std::unique_ptr<std::ofstream> out)
      : option_(std::move(option)), path_(std::move(path)), out_(std::move(out)) {}
  std::string option_;
  std::string path_;
  std::unique_ptr<std::ofstream> out_;
};

}  // namespace smoothbore::cli
