#include "io/scenario_reader.h"

#include <cmath>

#include <fmt/format.h>

namespace smoothbore::scenario_io {

namespace {

int to_int(toml::source_index i) { return static_cast<int>(i); }

std::string prefix(std::string_view what, std::string_view key) {
  if (what.empty()) return std::string(key);
  return fmt::format("{}: {}", what, key);
}

}  // namespace

Loc loc_of(const toml::node& n) {
  const toml::source_region& s = n.source();
  if (s.begin.line == 0) return {};
  return {to_int(s.begin.line), to_int(s.begin.column)};
}

Loc loc_of(const toml::key& k) {
  const toml::source_region& s = k.source();
  if (s.begin.line == 0) return {};
  return {to_int(s.begin.line), to_int(s.begin.column)};
}

std::string describe(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string:
      return fmt::format("string '{}'", n.as_string()->get());
    case toml::node_type::integer:
      return fmt::format("integer {}", n.as_integer()->get());
    case toml::node_type::floating_point:
      return fmt::format("number {:g}", n.as_floating_point()->get());
    case toml::node_type::boolean:
      return fmt::format("boolean {}", n.as_boolean()->get() ? "true" : "false");
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

std::optional<Value> to_value(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string:
      return Value(n.as_string()->get());
    case toml::node_type::integer:
      return Value(n.as_integer()->get());
    case toml::node_type::floating_point:
      return Value(n.as_floating_point()->get());
    case toml::node_type::boolean:
      return Value(n.as_boolean()->get());
    default:
      return std::nullopt;
  }
}

std::string join(std::span<const std::string> items, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    out += items[i];
  }
  return out;
}

std::string join(std::span<const std::string_view> items, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    out += items[i];
  }
  return out;
}

tl::expected<Value, std::string> check_node(const ParamSpec& spec, const toml::node& n) {
  if (std::optional<Value> v = to_value(n)) return check_param(spec, *v);
  // Borrow check_param's wording of what is expected, with a value of the wrong type.
  Value wrong = spec.type == ParamType::kBool ? Value(std::string()) : Value(false);
  std::string msg = check_param(spec, wrong).error();
  std::size_t found = msg.rfind(", found ");
  if (found != std::string::npos) msg.resize(found);
  return tl::unexpected(msg + ", found " + describe(n));
}

void Reader::error(Loc at, std::string message) {
  diagnostics_.push_back({file_, at.line, at.column, std::move(message)});
}

void Reader::check_keys(const toml::table& t, std::span<const std::string_view> allowed,
                        std::string_view what, std::span<const std::string> extra) {
  for (const auto& [k, v] : t) {
    bool ok = false;
    for (std::string_view a : allowed) ok = ok || k.str() == a;
    for (const std::string& a : extra) ok = ok || k.str() == a;
    if (ok) continue;
    std::string valid = join(allowed);
    if (!extra.empty()) valid += "|" + join(extra);
    error(loc_of(k),
          fmt::format("{}: unknown key '{}'; expected one of {}",
                      what.empty() ? std::string_view("top level") : what, k.str(), valid));
  }
}

void Reader::missing(const toml::table& t, std::string_view key, std::string_view what,
                     std::string_view expected) {
  error(loc_of(t), fmt::format("{}: missing key '{}' ({})",
                               what.empty() ? std::string_view("top level") : what, key, expected));
}

void Reader::wrong_type(const toml::node& n, std::string_view key, std::string_view what,
                        std::string_view expected) {
  error(loc_of(n),
        fmt::format("{}: expected {}, found {}", prefix(what, key), expected, describe(n)));
}

std::optional<std::string> Reader::string(const toml::table& t, std::string_view key,
                                          std::string_view what, bool required) {
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) missing(t, key, what, "expected a string");
    return std::nullopt;
  }
  if (!n->is_string()) {
    wrong_type(*n, key, what, "a string");
    return std::nullopt;
  }
  return n->as_string()->get();
}

std::optional<std::int64_t> Reader::integer(const toml::table& t, std::string_view key,
                                            std::string_view what, bool required, std::int64_t min,
                                            std::int64_t max) {
  std::string expected = "an integer";
  if (min != INT64_MIN && max != INT64_MAX) {
    expected += fmt::format(" from {} to {}", min, max);
  } else if (min != INT64_MIN) {
    expected += fmt::format(" >= {}", min);
  } else if (max != INT64_MAX) {
    expected += fmt::format(" <= {}", max);
  }
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) missing(t, key, what, "expected " + expected);
    return std::nullopt;
  }
  if (!n->is_integer()) {
    wrong_type(*n, key, what, expected);
    return std::nullopt;
  }
  std::int64_t v = n->as_integer()->get();
  if (v < min || v > max) {
    wrong_type(*n, key, what, expected);
    return std::nullopt;
  }
  return v;
}

std::optional<double> Reader::number(const toml::table& t, std::string_view key,
                                     std::string_view what, bool required) {
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) missing(t, key, what, "expected a number");
    return std::nullopt;
  }
  if (n->is_integer()) return static_cast<double>(n->as_integer()->get());
  if (n->is_floating_point()) {
    double v = n->as_floating_point()->get();
    if (std::isfinite(v)) return v;
  }
  wrong_type(*n, key, what, "a number");
  return std::nullopt;
}

std::optional<double> Reader::positive(const toml::table& t, std::string_view key,
                                       std::string_view what, bool required) {
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) missing(t, key, what, "expected a number > 0");
    return std::nullopt;
  }
  std::optional<double> v;
  if (n->is_integer()) v = static_cast<double>(n->as_integer()->get());
  if (n->is_floating_point() && std::isfinite(n->as_floating_point()->get())) {
    v = n->as_floating_point()->get();
  }
  if (!v || *v <= 0) {
    wrong_type(*n, key, what, "a number > 0");
    return std::nullopt;
  }
  return v;
}

std::optional<bool> Reader::boolean(const toml::table& t, std::string_view key,
                                    std::string_view what, bool required) {
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) missing(t, key, what, "expected true or false");
    return std::nullopt;
  }
  if (!n->is_boolean()) {
    wrong_type(*n, key, what, "true or false");
    return std::nullopt;
  }
  return n->as_boolean()->get();
}

std::optional<std::string> Reader::choice(const toml::table& t, std::string_view key,
                                          std::string_view what, bool required,
                                          std::span<const std::string> choices) {
  std::string expected = "one of " + join(choices);
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) missing(t, key, what, "expected " + expected);
    return std::nullopt;
  }
  if (n->is_string()) {
    for (const std::string& c : choices) {
      if (c == n->as_string()->get()) return c;
    }
  }
  wrong_type(*n, key, what, expected);
  return std::nullopt;
}

const toml::table* Reader::table(const toml::table& t, std::string_view key, std::string_view what,
                                 bool required) {
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) missing(t, key, what, fmt::format("expected a [{}] table", key));
    return nullptr;
  }
  if (!n->is_table()) {
    wrong_type(*n, key, what, "a table");
    return nullptr;
  }
  return n->as_table();
}

const toml::array* Reader::table_array(const toml::table& t, std::string_view key,
                                       std::string_view what) {
  const toml::node* n = t.get(key);
  if (n == nullptr) return nullptr;
  const toml::array* a = n->as_array();
  if (a == nullptr) {
    wrong_type(*n, key, what, fmt::format("an array of tables ([[{}]])", key));
    return nullptr;
  }
  bool ok = true;
  for (const toml::node& e : *a) {
    if (!e.is_table()) {
      wrong_type(e, key, what, fmt::format("a table in [[{}]]", key));
      ok = false;
    }
  }
  return ok ? a : nullptr;
}

std::optional<std::vector<Vec2>> Reader::points(const toml::table& t, std::string_view key,
                                                std::string_view what, bool required) {
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) missing(t, key, what, "expected an array of [x, y] points");
    return std::nullopt;
  }
  const toml::array* a = n->as_array();
  if (a == nullptr) {
    wrong_type(*n, key, what, "an array of [x, y] points");
    return std::nullopt;
  }
  std::vector<Vec2> out;
  bool ok = true;
  for (const toml::node& e : *a) {
    const toml::array* p = e.as_array();
    std::optional<double> xy[2];
    if (p != nullptr && p->size() == 2) {
      for (std::size_t i = 0; i < 2; ++i) {
        const toml::node& c = *p->get(i);
        if (c.is_integer()) xy[i] = static_cast<double>(c.as_integer()->get());
        if (c.is_floating_point()) xy[i] = c.as_floating_point()->get();
      }
    }
    if (!xy[0] || !xy[1]) {
      std::string found = describe(e);
      if (p != nullptr && p->size() != 2) {
        found = fmt::format("an array of {} element(s)", p->size());
      } else if (p != nullptr) {
        found = fmt::format("[{}, {}]", describe(*p->get(0)), describe(*p->get(1)));
      }
      error(loc_of(e), fmt::format("{}: expected a point [x, y] of two numbers, found {}",
                                   prefix(what, key), found));
      ok = false;
      continue;
    }
    out.push_back({*xy[0], *xy[1]});
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace smoothbore::scenario_io
