#include "rules/data_reader.h"

#include "core/check.h"

namespace smoothbore {

void DataReader::bad(const std::string& what) const {
  check_failed("well-formed embedded data", file_, 0, what);
}

const toml::table& DataReader::table_at(const toml::table& t, std::string_view key) const {
  const toml::table* sub = t[key].as_table();
  if (sub == nullptr) bad("missing table '" + std::string(key) + "'");
  return *sub;
}

const toml::array& DataReader::array_at(const toml::table& t, std::string_view key) const {
  const toml::array* a = t[key].as_array();
  if (a == nullptr) bad("missing array '" + std::string(key) + "'");
  return *a;
}

double DataReader::number_of(const toml::node& n, std::string_view what) const {
  if (auto v = n.value<double>()) return *v;
  bad("expected a number for '" + std::string(what) + "'");
}

double DataReader::number_at(const toml::table& t, std::string_view key) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) bad("missing number '" + std::string(key) + "'");
  return number_of(*n, key);
}

int DataReader::int_at(const toml::table& t, std::string_view key) const {
  return static_cast<int>(number_at(t, key));
}

std::string DataReader::string_at(const toml::table& t, std::string_view key) const {
  if (auto v = t[key].value<std::string>()) return *v;
  bad("missing string '" + std::string(key) + "'");
}

}  // namespace smoothbore
