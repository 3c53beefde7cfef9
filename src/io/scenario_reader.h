// Internal to the scenario loader (io/scenario_*.cc): typed, located reads from a parsed
// TOML document that turn every problem into a Diagnostic instead of stopping, and the
// state shared by the loader's passes. Not a public interface.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "io/scenario_file.h"
#include "io/scenario_overrides.h"
#include "rules/ruleset.h"

namespace smoothbore::scenario_io {

struct Loc {
  int line = 1;
  int column = 1;
};
Loc loc_of(const toml::node& n);
Loc loc_of(const toml::key& k);

// "string 'elite'", "integer 3", "an array", for "found ..." texts.
std::string describe(const toml::node& n);
// A scalar TOML value as a Value (bool, int64, double, string); nullopt for arrays,
// tables and dates.
std::optional<Value> to_value(const toml::node& n);
// "a|b|c".
std::string join(std::span<const std::string> items, std::string_view sep = "|");
std::string join(std::span<const std::string_view> items, std::string_view sep = "|");

// Checks a TOML value against a rule-set schema (option or unit attribute): the checked
// value, or check_param's message ("quality: expected one of ..., found 'elite'"), also for
// arrays and tables, which are not Values.
tl::expected<Value, std::string> check_node(const ParamSpec& spec, const toml::node& n);

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  void error(Loc at, std::string message);
  std::vector<Diagnostic>& diagnostics() { return diagnostics_; }
  std::size_t error_count() const { return diagnostics_.size(); }

  // Reports every key of `t` not in `allowed` (plus `extra`) at the key's location.
  // `what` prefixes messages: "[scenario]", "unit 'fr-1e'".
  void check_keys(const toml::table& t, std::span<const std::string_view> allowed,
                  std::string_view what, std::span<const std::string> extra = {});

  // Typed reads of `t[key]`. Missing: nullopt (an error if `required`, located at `t`).
  // Wrong type or out of range: an error at the value, and nullopt.
  std::optional<std::string> string(const toml::table& t, std::string_view key,
                                    std::string_view what, bool required);
  std::optional<std::int64_t> integer(const toml::table& t, std::string_view key,
                                      std::string_view what, bool required,
                                      std::int64_t min = INT64_MIN, std::int64_t max = INT64_MAX);
  std::optional<double> number(const toml::table& t, std::string_view key, std::string_view what,
                               bool required);
  // A number > 0.
  std::optional<double> positive(const toml::table& t, std::string_view key, std::string_view what,
                                 bool required);
  std::optional<bool> boolean(const toml::table& t, std::string_view key, std::string_view what,
                              bool required);
  // A string that must be one of `choices`.
  std::optional<std::string> choice(const toml::table& t, std::string_view key,
                                    std::string_view what, bool required,
                                    std::span<const std::string> choices);
  const toml::table* table(const toml::table& t, std::string_view key, std::string_view what,
                           bool required);
  // An array of tables ([[key]]); nullptr if absent or wrong (reported).
  const toml::array* table_array(const toml::table& t, std::string_view key, std::string_view what);
  // [[x, y], ...] in file units; nullopt on any error (reported).
  std::optional<std::vector<Vec2>> points(const toml::table& t, std::string_view key,
                                          std::string_view what, bool required);

 private:
  void missing(const toml::table& t, std::string_view key, std::string_view what,
               std::string_view expected);
  void wrong_type(const toml::node& n, std::string_view key, std::string_view what,
                  std::string_view expected);

  std::string file_;
  std::vector<Diagnostic> diagnostics_;
};

// What the loader's passes share.
struct State {
  explicit State(std::string file) : r(std::move(file)) {}

  Reader r;
  const Ruleset* ruleset = nullptr;  // nullptr when [scenario].ruleset is missing or unknown
  double scale = 1;                  // mm per file length unit
  bool table_ok = false;             // [table] read; off-table checks make sense
  Params options;                    // completed (defaults when [options] had errors)
  std::map<std::string, Value> given_options;  // as written in [options], validated
  Scenario scenario;

  // Per unit (parallel to scenario.force.units): where it is written, and whether its
  // stands were laid out (so geometry checks apply).
  struct UnitSource {
    Loc table;
    Loc position;
    bool laid_out = false;
    bool attributes_ok = false;             // every rule-set attribute was valid
    std::map<std::string, Loc> attributes;  // where each attribute given is written
  };
  std::vector<UnitSource> unit_sources;
  std::vector<Loc> side_locs;
  std::vector<Loc> objective_locs;
  std::map<std::string, Loc> unit_ids;  // id → first definition
  std::map<std::string, Loc> command_ids;
};

// The passes, in order (scenario_file.cc drives them).
void read_terrain(State& s, const toml::table& root);  // scenario_terrain.cc
void read_sides(State& s, const toml::table& root);    // scenario_forces.cc
void read_leaders(State& s, const toml::table& root);  // scenario_forces.cc
// Units off the table and overlapping stands (scenario_forces.cc).
void check_unit_geometry(State& s);
// The rule set's checks of each unit against the whole scenario (Ruleset::
// check_unit_in_scenario), located at the attribute concerned (scenario_forces.cc).
void check_unit_references(State& s);

// Writes `overrides` into the parsed file before the passes read it
// (scenario_overrides.cc); the problems found, empty when every override applied.
std::vector<Diagnostic> apply_overrides(toml::table& root,
                                        std::span<const ScenarioOverride> overrides,
                                        const std::string& source_name);

}  // namespace smoothbore::scenario_io
