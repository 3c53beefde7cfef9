#include "rules/param.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "core/check.h"

namespace smoothbore {

std::string_view param_type_name(ParamType t) {
  switch (t) {
    case ParamType::kBool:
      return "bool";
    case ParamType::kInt:
      return "int";
    case ParamType::kNumber:
      return "number";
    case ParamType::kChoice:
      return "choice";
    case ParamType::kString:
      return "string";
  }
  return "bool";
}

namespace {

std::string range_text(const ParamSpec& s) {
  bool has_min = s.min > -1e17, has_max = s.max < 1e17;
  if (has_min && has_max) return fmt::format(" {:g}..{:g}", s.min, s.max);
  if (has_min) return fmt::format(" >= {:g}", s.min);
  if (has_max) return fmt::format(" <= {:g}", s.max);
  return "";
}

std::string expectation(const ParamSpec& s) {
  switch (s.type) {
    case ParamType::kBool:
      return "true or false";
    case ParamType::kInt:
      return "an integer" + range_text(s);
    case ParamType::kNumber:
      return "a number" + range_text(s);
    case ParamType::kChoice: {
      std::string out = "one of ";
      for (std::size_t i = 0; i < s.choices.size(); ++i) {
        out += (i ? "|" : "") + s.choices[i];
      }
      return out;
    }
    case ParamType::kString:
      return "a string";
  }
  return "";
}

tl::expected<Value, std::string> in_range(const ParamSpec& s, double v, Value out) {
  if (v < s.min || v > s.max) {
    return tl::unexpected(fmt::format("{}: expected {}, found {:g}", s.name, expectation(s), v));
  }
  return out;
}

}  // namespace

ParamSpec bool_param(std::string name, bool def, std::string help, std::string ref) {
  ParamSpec s;
  s.name = std::move(name);
  s.type = ParamType::kBool;
  s.default_value = def;
  s.help = std::move(help);
  s.ref = std::move(ref);
  return s;
}

ParamSpec int_param(std::string name, std::int64_t def, double min, double max, std::string help,
                    std::string ref) {
  ParamSpec s = bool_param(std::move(name), false, std::move(help), std::move(ref));
  s.type = ParamType::kInt;
  s.default_value = def;
  s.min = min;
  s.max = max;
  return s;
}

ParamSpec number_param(std::string name, double def, double min, double max, std::string help,
                       std::string ref) {
  ParamSpec s = int_param(std::move(name), 0, min, max, std::move(help), std::move(ref));
  s.type = ParamType::kNumber;
  s.default_value = def;
  return s;
}

ParamSpec choice_param(std::string name, std::vector<std::string> choices, std::string def,
                       std::string help, std::string ref) {
  ParamSpec s = bool_param(std::move(name), false, std::move(help), std::move(ref));
  s.type = ParamType::kChoice;
  s.default_value = std::move(def);
  s.choices = std::move(choices);
  return s;
}

ParamSpec string_param(std::string name, std::string def, std::string help, std::string ref) {
  ParamSpec s = bool_param(std::move(name), false, std::move(help), std::move(ref));
  s.type = ParamType::kString;
  s.default_value = std::move(def);
  return s;
}

std::string ParamSpec::signature() const {
  // Free text is quoted, so an empty default reads as "".
  const std::string def = type == ParamType::kString ? "\"" + to_string(default_value) + "\""
                                                     : to_string(default_value);
  return fmt::format("{} ({}, default {})", name, expectation(*this), def);
}

tl::expected<Value, std::string> parse_param(const ParamSpec& spec, std::string_view text) {
  auto bad = [&] {
    return tl::unexpected(
        fmt::format("{}: expected {}, found '{}'", spec.name, expectation(spec), text));
  };
  switch (spec.type) {
    case ParamType::kBool:
      if (text == "true" || text == "yes" || text == "1") return Value(true);
      if (text == "false" || text == "no" || text == "0") return Value(false);
      return bad();
    case ParamType::kInt: {
      std::int64_t v = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size() || text.empty()) return bad();
      return in_range(spec, static_cast<double>(v), Value(v));
    }
    case ParamType::kNumber: {
      double v = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size() || text.empty() ||
          !std::isfinite(v)) {
        return bad();
      }
      return in_range(spec, v, Value(v));
    }
    case ParamType::kChoice:
      for (const std::string& c : spec.choices) {
        if (c == text) return Value(c);
      }
      return bad();
    case ParamType::kString:
      return Value(std::string(text));
  }
  return bad();
}

tl::expected<Value, std::string> check_param(const ParamSpec& spec, const Value& v) {
  auto bad = [&] {
    return tl::unexpected(fmt::format("{}: expected {}, found {}", spec.name, expectation(spec),
                                      std::holds_alternative<std::string>(v)
                                          ? "'" + std::get<std::string>(v) + "'"
                                          : to_string(v)));
  };
  switch (spec.type) {
    case ParamType::kBool:
      if (std::holds_alternative<bool>(v)) return v;
      return bad();
    case ParamType::kInt:
      if (const auto* i = std::get_if<std::int64_t>(&v)) {
        return in_range(spec, static_cast<double>(*i), v);
      }
      return bad();
    case ParamType::kNumber:
      if (const auto* i = std::get_if<std::int64_t>(&v)) {
        return in_range(spec, static_cast<double>(*i), Value(static_cast<double>(*i)));
      }
      if (const auto* d = std::get_if<double>(&v)) return in_range(spec, *d, v);
      return bad();
    case ParamType::kChoice:
      if (const auto* s = std::get_if<std::string>(&v)) return parse_param(spec, *s);
      return bad();
    case ParamType::kString:
      if (std::holds_alternative<std::string>(v)) return v;
      return bad();
  }
  return bad();
}

const Value& Params::at(const std::string& name) const {
  auto it = values_.find(name);
  SB_CHECK(it != values_.end(), "parameter '" + name + "' is not in the schema");
  return it->second;
}

bool Params::get_bool(const std::string& name) const {
  const Value& v = at(name);
  SB_CHECK(std::holds_alternative<bool>(v), name + " is not a bool");
  return std::get<bool>(v);
}

std::int64_t Params::get_int(const std::string& name) const {
  const Value& v = at(name);
  SB_CHECK(std::holds_alternative<std::int64_t>(v), name + " is not an int");
  return std::get<std::int64_t>(v);
}

double Params::get_number(const std::string& name) const {
  const Value& v = at(name);
  SB_CHECK(!std::holds_alternative<std::string>(v), name + " is not a number");
  return as_number(v);
}

const std::string& Params::get_string(const std::string& name) const {
  const Value& v = at(name);
  SB_CHECK(std::holds_alternative<std::string>(v), name + " is not a string");
  return std::get<std::string>(v);
}

namespace {

std::string valid_list(const std::vector<ParamSpec>& specs) {
  std::string out = "valid parameters:";
  for (const ParamSpec& s : specs) out += "\n  " + s.signature();
  return out;
}

const ParamSpec* find_spec(const std::vector<ParamSpec>& specs, std::string_view name) {
  for (const ParamSpec& s : specs) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace

tl::expected<Params, std::string> complete_params(const std::vector<ParamSpec>& specs,
                                                  const std::map<std::string, Value>& given) {
  std::map<std::string, Value> out;
  for (const auto& [name, value] : given) {
    const ParamSpec* s = find_spec(specs, name);
    if (s == nullptr) {
      return tl::unexpected(fmt::format("unknown parameter '{}'; {}", name, valid_list(specs)));
    }
    auto checked = check_param(*s, value);
    if (!checked) return tl::unexpected(checked.error() + "; " + valid_list(specs));
    out[name] = *checked;
  }
  for (const ParamSpec& s : specs) {
    if (!out.count(s.name)) out[s.name] = s.default_value;
  }
  return Params(std::move(out));
}

tl::expected<Params, std::string> parse_assignments(const std::vector<ParamSpec>& specs,
                                                    const std::vector<std::string>& assignments) {
  std::map<std::string, Value> given;
  for (const std::string& a : assignments) {
    auto eq = a.find('=');
    if (eq == std::string::npos) {
      return tl::unexpected(
          fmt::format("expected name=value, found '{}'; {}", a, valid_list(specs)));
    }
    std::string name = a.substr(0, eq);
    const ParamSpec* s = find_spec(specs, name);
    if (s == nullptr) {
      return tl::unexpected(fmt::format("unknown parameter '{}'; {}", name, valid_list(specs)));
    }
    if (given.count(name)) {
      return tl::unexpected(fmt::format("parameter '{}' given twice", name));
    }
    auto v = parse_param(*s, std::string_view(a).substr(eq + 1));
    if (!v) return tl::unexpected(v.error() + "; " + valid_list(specs));
    given[name] = *v;
  }
  return complete_params(specs, given);
}

ParamSpec option_flag(std::string name, bool def, std::string ref, std::string help) {
  return bool_param(std::move(name), def, std::move(help), std::move(ref));
}

ParamSpec option_choice(std::string name, std::vector<std::string> choices, std::string ref,
                        std::string help) {
  std::string def = choices.front();
  return choice_param(std::move(name), std::move(choices), std::move(def), std::move(help),
                      std::move(ref));
}

ParamSpec option_int(std::string name, std::int64_t def, double min, double max, std::string ref,
                     std::string help) {
  return int_param(std::move(name), def, min, max, std::move(help), std::move(ref));
}

}  // namespace smoothbore
