// Overrides written into a parsed scenario file before the loader reads it, and the
// schemas that validate their values.
#include "io/scenario_overrides.h"

#include <fmt/format.h>

#include "io/scenario_reader.h"
#include "rules/registry.h"

namespace smoothbore {

namespace {

constexpr std::string_view kUnitPrefix = "unit.";

// A scenario unit's `figures`: the loader's range for the core key.
ParamSpec figures_spec() {
  return int_param("figures", 1, 1, 100000, "figures (or castings) of the unit", "");
}

struct UnitKey {
  std::string unit;
  std::string key;
};

// "unit.ID.KEY" split at the last dot (unit ids may hold dots, keys do not).
std::optional<UnitKey> split_unit_key(std::string_view name) {
  if (!name.starts_with(kUnitPrefix)) return std::nullopt;
  std::string_view rest = name.substr(kUnitPrefix.size());
  auto dot = rest.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == rest.size()) return UnitKey{};
  return UnitKey{std::string(rest.substr(0, dot)), std::string(rest.substr(dot + 1))};
}

std::string names(const std::vector<ParamSpec>& specs) {
  std::string out;
  for (const ParamSpec& p : specs) out += (out.empty() ? "" : ", ") + p.name;
  return out;
}

void assign(toml::table& t, std::string_view key, const Value& v) {
  std::visit([&](const auto& x) { t.insert_or_assign(key, x); }, v);
}

// The unit table with `id` in [[sides.units]] or [[sides.commands.units]], or nullptr.
toml::table* find_unit(toml::table& root, std::string_view id) {
  auto match = [&](toml::array* units) -> toml::table* {
    if (units == nullptr) return nullptr;
    for (toml::node& n : *units) {
      toml::table* u = n.as_table();
      if (u == nullptr) continue;
      if (auto uid = u->get_as<std::string>("id"); uid && uid->get() == id) return u;
    }
    return nullptr;
  };
  toml::array* sides = root["sides"].as_array();
  if (sides == nullptr) return nullptr;
  for (toml::node& sn : *sides) {
    toml::table* side = sn.as_table();
    if (side == nullptr) continue;
    if (toml::table* u = match((*side)["units"].as_array())) return u;
    if (toml::array* commands = (*side)["commands"].as_array()) {
      for (toml::node& cn : *commands) {
        toml::table* c = cn.as_table();
        if (c == nullptr) continue;
        if (toml::table* u = match((*c)["units"].as_array())) return u;
      }
    }
  }
  return nullptr;
}

// The table `key` of `root`, created when absent; nullptr when `key` is not a table.
toml::table* table_of(toml::table& root, std::string_view key) {
  if (!root.contains(key)) root.insert(key, toml::table{});
  return root[key].as_table();
}

}  // namespace

tl::expected<ParamSpec, std::string> override_spec(const Scenario& scenario, const Ruleset& ruleset,
                                                   std::string_view name) {
  std::optional<UnitKey> unit_key = split_unit_key(name);
  if (!unit_key) {
    for (const ParamSpec& p : ruleset.options()) {
      if (p.name == name) return p;
    }
    return tl::unexpected(
        fmt::format("'{}' is neither an option of rule set {} nor unit.ID.ATTRIBUTE; options: {}",
                    name, ruleset.id(), names(ruleset.options())));
  }
  if (unit_key->unit.empty()) {
    return tl::unexpected(
        fmt::format("'{}': expected unit.ID.ATTRIBUTE, e.g. unit.my-unit.figures", name));
  }
  if (scenario.force.unit_index(unit_key->unit) < 0) {
    std::string ids;
    for (const Unit& u : scenario.force.units) ids += (ids.empty() ? "" : ", ") + u.id;
    return tl::unexpected(
        fmt::format("'{}': no unit '{}' in the scenario; units: {}", name, unit_key->unit, ids));
  }
  std::vector<ParamSpec> specs = ruleset.unit_attributes();
  specs.push_back(figures_spec());
  for (ParamSpec p : specs) {
    if (p.name != unit_key->key) continue;
    p.name = std::string(name);
    return p;
  }
  return tl::unexpected(
      fmt::format("'{}': '{}' is not a unit attribute of rule set {}; "
                  "expected one of {}",
                  name, unit_key->key, ruleset.id(), names(specs)));
}

namespace scenario_io {

std::vector<Diagnostic> apply_overrides(toml::table& root,
                                        std::span<const ScenarioOverride> overrides,
                                        const std::string& source_name) {
  std::vector<Diagnostic> errors;
  auto fail = [&](const std::string& message) { errors.push_back({source_name, 0, 0, message}); };
  const Ruleset* ruleset = nullptr;
  if (auto id = root["scenario"]["ruleset"].value<std::string>()) ruleset = find_ruleset(*id);
  for (const ScenarioOverride& o : overrides) {
    if (std::optional<UnitKey> uk = split_unit_key(o.name)) {
      toml::table* unit = uk->unit.empty() ? nullptr : find_unit(root, uk->unit);
      if (unit == nullptr) {
        fail(fmt::format("override {}: no unit '{}' in the file", o.name, uk->unit));
        continue;
      }
      assign(*unit, uk->key, o.value);
      continue;
    }
    toml::table* options = table_of(root, "options");
    if (options == nullptr) {
      fail(fmt::format("override {}: [options] is not a table", o.name));
      continue;
    }
    assign(*options, o.name, o.value);
    // The option and [end] set the same thing; the override replaces both.
    if (ruleset == nullptr || !root.contains("end")) continue;
    toml::table* end = root["end"].as_table();
    if (end == nullptr) continue;
    if (o.name == ruleset->army_break_option() && end->contains("army_break")) {
      end->insert_or_assign("army_break", as_number(o.value));
    }
    if (o.name == ruleset->turn_limit_option() && end->contains("turn_limit")) {
      assign(*end, "turn_limit", o.value);
    }
  }
  return errors;
}

}  // namespace scenario_io

}  // namespace smoothbore
