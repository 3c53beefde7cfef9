// Parameter schemas: the names, types, allowed values, defaults and help of a
// resolution's inputs, a rule option or a unit attribute. The CLI, scenario files and
// (later) the web referee list and validate inputs from these (design.md).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "core/value.h"

namespace smoothbore {

// kString: free text (e.g. the id of a terrain feature a unit attribute names); what the
// text must match is the owner's check (a rule set's check_unit_in_scenario).
enum class ParamType { kBool, kInt, kNumber, kChoice, kString };
std::string_view param_type_name(ParamType t);  // "bool", "int", "number", "choice", "string"

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::kBool;
  Value default_value;  // bool, int64, double or string, matching `type`
  std::string help;
  std::vector<std::string> choices;  // kChoice only
  double min = -1e18;                // kInt / kNumber, inclusive
  double max = 1e18;
  std::string ref;  // rule or ambiguity reference ("A2-01", "L117")

  // "shooters (int 1..1000, default 1)", for listings.
  std::string signature() const;
};

// Schema builders (rule sets declare dozens of options and parameters).
ParamSpec bool_param(std::string name, bool def, std::string help, std::string ref);
ParamSpec int_param(std::string name, std::int64_t def, double min, double max, std::string help,
                    std::string ref);
ParamSpec number_param(std::string name, double def, double min, double max, std::string help,
                       std::string ref);
ParamSpec choice_param(std::string name, std::vector<std::string> choices, std::string def,
                       std::string help, std::string ref);
ParamSpec string_param(std::string name, std::string def, std::string help, std::string ref);

// A rule set's options, written reference before help (as the option tables read): a flag,
// a choice whose default is its first alternative (the digest's reading), and an integer.
ParamSpec option_flag(std::string name, bool def, std::string ref, std::string help);
ParamSpec option_choice(std::string name, std::vector<std::string> choices, std::string ref,
                        std::string help);
ParamSpec option_int(std::string name, std::int64_t def, double min, double max, std::string ref,
                     std::string help);

// Converts `text` (CLI: "true", "12", "veteran") to a value of the spec's type, or says
// why not: "expected an integer from 1 to 1000, found 'x'".
tl::expected<Value, std::string> parse_param(const ParamSpec& spec, std::string_view text);
// Checks (and converts: int → number) a value from a file or JSON request.
tl::expected<Value, std::string> check_param(const ParamSpec& spec, const Value& v);

// A complete, validated set of named values: every spec's name present.
class Params {
 public:
  Params() = default;
  explicit Params(std::map<std::string, Value> values) : values_(std::move(values)) {}
  bool get_bool(const std::string& name) const;
  std::int64_t get_int(const std::string& name) const;
  double get_number(const std::string& name) const;
  const std::string& get_string(const std::string& name) const;
  const std::map<std::string, Value>& values() const { return values_; }
  void set(const std::string& name, Value v) { values_[name] = std::move(v); }

 private:
  const Value& at(const std::string& name) const;
  std::map<std::string, Value> values_;
};

// Fills defaults for every spec not in `given` and validates the rest. Unknown names and
// bad values are errors; the message lists the valid names and signatures.
tl::expected<Params, std::string> complete_params(const std::vector<ParamSpec>& specs,
                                                  const std::map<std::string, Value>& given);
// Same, from "name=value" texts (the CLI form).
tl::expected<Params, std::string> parse_assignments(const std::vector<ParamSpec>& specs,
                                                    const std::vector<std::string>& assignments);

}  // namespace smoothbore
