// Reading a rule set's embedded TOML tables (src/rules/<id>/data/*.toml). The data is
// compiled in and tested by the table goldens, so a malformed file is a bug: every reader
// fails an internal check that names the file and what was missing.
#pragma once

#include <string>
#include <string_view>

#include <toml++/toml.h>

namespace smoothbore {

class DataReader {
 public:
  explicit DataReader(std::string_view file) : file_(file) {}

  [[noreturn]] void bad(const std::string& what) const;
  const toml::table& table_at(const toml::table& t, std::string_view key) const;
  const toml::array& array_at(const toml::table& t, std::string_view key) const;
  double number_of(const toml::node& n, std::string_view what) const;
  double number_at(const toml::table& t, std::string_view key) const;
  int int_at(const toml::table& t, std::string_view key) const;
  std::string string_at(const toml::table& t, std::string_view key) const;

 private:
  std::string_view file_;
};

}  // namespace smoothbore
