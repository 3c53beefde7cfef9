#include "io/scenario_file.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "io/scenario_overrides.h"
#include "io/scenario_reader.h"
#include "rules/registry.h"

namespace smoothbore {

using scenario_io::describe;
using scenario_io::join;
using scenario_io::Loc;
using scenario_io::loc_of;
using scenario_io::State;

std::string format(const Diagnostic& d) {
  if (d.line <= 0) return fmt::format("{}: error: {}", d.file, d.message);
  return fmt::format("{}:{}:{}: error: {}", d.file, d.line, d.column, d.message);
}

namespace {

constexpr std::string_view kTopKeys[] = {"scenario", "options", "table",      "terrain",
                                         "sides",    "leaders", "objectives", "end"};
constexpr std::string_view kScenarioKeys[] = {"name", "description", "ruleset",
                                              "seed", "length_unit", "first_side"};
constexpr std::string_view kTableKeys[] = {"width", "height"};
constexpr std::string_view kObjectiveKeys[] = {"id",     "name",   "x",        "y",
                                               "radius", "points", "capacity", "fortified"};
constexpr std::string_view kEndKeys[] = {"turn_limit", "army_break", "victory_points"};

// Millimetres per file length unit. A rule set's own unit uses its declared scale (so
// yards follow 000's table scale); otherwise the physical length, and yards at the
// common.md §2 default of 1 in = 10 yd.
double mm_per(std::string_view unit, const Ruleset* rs, const Params& options) {
  if (rs != nullptr && unit == rs->rule_unit()) return rs->mm_per_rule_unit(options);
  if (unit == "in") return kMmPerInch;
  if (unit == "cm") return 10.0;
  if (unit == "yd") return 2.54;
  return 1.0;
}

// [scenario]: returns the first_side id to resolve once the sides are read.
std::optional<std::pair<std::string, Loc>> read_header(State& s, const toml::table& root) {
  const toml::table* t = s.r.table(root, "scenario", "", true);
  if (t == nullptr) return std::nullopt;
  const char* what = "[scenario]";
  s.r.check_keys(*t, kScenarioKeys, what);
  Scenario& sc = s.scenario;
  sc.name = s.r.string(*t, "name", what, true).value_or("");
  sc.description = s.r.string(*t, "description", what, false).value_or("");
  if (auto id = s.r.string(*t, "ruleset", what, true)) {
    s.ruleset = find_ruleset(*id);
    if (s.ruleset == nullptr) {
      std::vector<std::string> ids;
      for (const Ruleset* r : all_rulesets()) ids.emplace_back(r->id());
      s.r.error(loc_of(*t->get("ruleset")),
                fmt::format("{}: ruleset: expected one of {}, found '{}'", what, join(ids), *id));
    } else {
      sc.ruleset = std::string(s.ruleset->id());
    }
  }
  if (auto seed = s.r.integer(*t, "seed", what, false, 0)) {
    sc.seed = static_cast<std::uint64_t>(*seed);
  }
  static const std::vector<std::string> kUnits = {"in", "cm", "mm", "yd"};
  sc.length_unit = s.ruleset != nullptr ? std::string(s.ruleset->rule_unit()) : "in";
  if (auto lu = s.r.choice(*t, "length_unit", what, false, kUnits)) sc.length_unit = *lu;
  if (auto fs = s.r.string(*t, "first_side", what, false)) {
    return std::pair{*fs, loc_of(*t->get("first_side"))};
  }
  return std::nullopt;
}

void read_options(State& s, const toml::table& root) {
  const toml::table* t = s.r.table(root, "options", "", false);
  if (s.ruleset == nullptr) return;
  const std::vector<ParamSpec>& specs = s.ruleset->options();
  if (t != nullptr) {
    for (const auto& [k, v] : *t) {
      const ParamSpec* spec = nullptr;
      for (const ParamSpec& p : specs) {
        if (p.name == k.str()) spec = &p;
      }
      if (spec == nullptr) {
        std::vector<std::string> names;
        for (const ParamSpec& p : specs) names.push_back(p.name);
        s.r.error(loc_of(k), fmt::format("[options]: unknown option '{}' for rule set {}; "
                                         "expected one of {}",
                                         k.str(), s.ruleset->id(), join(names)));
        continue;
      }
      auto checked = scenario_io::check_node(*spec, v);
      if (!checked) {
        s.r.error(loc_of(v), "[options]: " + checked.error());
        continue;
      }
      s.given_options[spec->name] = *checked;
    }
  }
  auto done = complete_params(specs, s.given_options);
  // Every entry was checked above, so this only fills in defaults.
  if (done) s.options = *done;
}

void read_table(State& s, const toml::table& root) {
  const toml::table* t = s.r.table(root, "table", "", true);
  if (t == nullptr) return;
  s.r.check_keys(*t, kTableKeys, "[table]");
  auto w = s.r.positive(*t, "width", "[table]", true);
  auto h = s.r.positive(*t, "height", "[table]", true);
  if (!w || !h) return;
  s.scenario.table = Table(*w * s.scale, *h * s.scale);
  s.table_ok = true;
}

void read_objectives(State& s, const toml::table& root) {
  const toml::array* objectives = s.r.table_array(root, "objectives", "");
  if (objectives == nullptr) return;
  std::map<std::string, Loc> ids;
  for (const toml::node& node : *objectives) {
    const toml::table& t = *node.as_table();
    std::string what = "objective";
    auto id = s.r.string(t, "id", what, true);
    if (id) {
      what = fmt::format("objective '{}'", *id);
      Loc at = loc_of(*t.get("id"));
      auto [it, fresh] = ids.emplace(*id, at);
      if (!fresh) {
        s.r.error(at, fmt::format("{}: duplicate objective id; expected a unique id (first used "
                                  "at line {})",
                                  what, it->second.line));
      }
    }
    s.r.check_keys(t, kObjectiveKeys, what);
    Objective o;
    o.id = id.value_or("");
    o.name = s.r.string(t, "name", what, false).value_or(o.id);
    auto x = s.r.number(t, "x", what, true);
    auto y = s.r.number(t, "y", what, true);
    o.radius = s.r.positive(t, "radius", what, true).value_or(0) * s.scale;
    o.points = static_cast<int>(s.r.integer(t, "points", what, false, 0, 1000000).value_or(1));
    // Objective zones (FD-49 in 000): only for rule sets that fight over them.
    for (const char* key : {"capacity", "fortified"}) {
      const toml::node* n = t.get(key);
      if (n == nullptr || s.ruleset == nullptr || s.ruleset->has_objective_zones()) continue;
      s.r.error(loc_of(*n), fmt::format("{}: {}: rule set '{}' has no objective zones; remove "
                                        "the key",
                                        what, key, s.ruleset->id()));
    }
    if (s.ruleset == nullptr || s.ruleset->has_objective_zones()) {
      o.capacity = static_cast<int>(s.r.integer(t, "capacity", what, false, 1, 1000).value_or(0));
      o.fortified = s.r.boolean(t, "fortified", what, false).value_or(false);
      if (o.fortified && o.capacity == 0 && t.get("capacity") == nullptr) {
        s.r.error(loc_of(*t.get("fortified")),
                  fmt::format("{}: fortified: only an objective zone can be fortified; expected "
                              "a capacity too",
                              what));
      }
    }
    if (x && y) {
      o.position = Vec2{*x, *y} * s.scale;
      if (s.table_ok && !s.scenario.table.contains(o.position)) {
        s.r.error(loc_of(*t.get("x")),
                  fmt::format("{}: position ({:g}, {:g}) is off the table; expected 0 <= x <= "
                              "{:g} and 0 <= y <= {:g}",
                              what, *x, *y, s.scenario.table.width() / s.scale,
                              s.scenario.table.height() / s.scale));
      }
    }
    s.scenario.objectives.push_back(std::move(o));
  }
}

void read_end(State& s, const toml::table& root) {
  EndConditions& end = s.scenario.end;
  end.turn_limit = s.ruleset != nullptr ? s.ruleset->default_turn_limit() : 0;
  // A rule set's turn-limit option (FD-60) sets the default; [end] turn_limit wins.
  const std::string tl_opt =
      s.ruleset != nullptr ? std::string(s.ruleset->turn_limit_option()) : "";
  if (!tl_opt.empty() && s.options.values().count(tl_opt) > 0) {
    end.turn_limit = static_cast<int>(s.options.get_int(tl_opt));
  }
  // The rule set's army-break option, if any, is kept in step with [end].army_break.
  const std::string opt = s.ruleset != nullptr ? std::string(s.ruleset->army_break_option()) : "";
  const bool has_option = !opt.empty() && s.options.values().count(opt) > 0;
  end.army_break = has_option ? s.options.get_number(opt) : 0.5;
  const toml::table* t = s.r.table(root, "end", "", false);
  if (t == nullptr) return;
  s.r.check_keys(*t, kEndKeys, "[end]");
  if (auto tl = s.r.integer(*t, "turn_limit", "[end]", false, 1, 100000)) {
    end.turn_limit = static_cast<int>(*tl);
  }
  if (auto vp = s.r.boolean(*t, "victory_points", "[end]", false)) end.victory_points = *vp;
  auto ab = s.r.number(*t, "army_break", "[end]", false);
  if (!ab) return;
  const toml::node& n = *t->get("army_break");
  if (*ab <= 0 || *ab > 1) {
    s.r.error(loc_of(n), fmt::format("[end]: army_break: expected a fraction in (0, 1], found {}",
                                     describe(n)));
    return;
  }
  end.army_break = *ab;
  if (!has_option) return;
  auto given = s.given_options.find(opt);
  if (given != s.given_options.end() && std::abs(as_number(given->second) - *ab) > 1e-12) {
    s.r.error(loc_of(n), fmt::format("[end]: army_break: {:g} contradicts [options] {} = {:g}; "
                                     "expected one value (give it in one place)",
                                     *ab, opt, as_number(given->second)));
    return;
  }
  for (const ParamSpec& spec : s.ruleset->options()) {
    if (spec.name != opt) continue;
    auto checked = check_param(spec, Value(*ab));
    if (!checked) {
      s.r.error(loc_of(n), "[end]: army_break (sets option " + checked.error() + ")");
    } else {
      s.options.set(opt, *checked);
    }
  }
}

void check_sides(State& s, const std::optional<std::pair<std::string, Loc>>& first_side) {
  const Force& force = s.scenario.force;
  if (force.sides.size() < 2) {
    Loc at = s.side_locs.empty() ? Loc{} : s.side_locs.front();
    s.r.error(at,
              fmt::format("a battle needs at least two [[sides]], found {}", force.sides.size()));
  }
  for (std::size_t i = 0; i < force.sides.size(); ++i) {
    if (force.units_of(static_cast<int>(i)).empty()) {
      s.r.error(s.side_locs[i],
                fmt::format("side '{}': has no units; expected at least one [[sides.units]]",
                            force.sides[i].id));
    }
  }
  if (first_side) {
    int idx = force.side_index(first_side->first);
    if (idx < 0) {
      std::vector<std::string> ids;
      for (const Side& sd : force.sides) ids.push_back(sd.id);
      s.r.error(first_side->second, fmt::format("[scenario]: first_side: expected one of {}, "
                                                "found '{}'",
                                                join(ids), first_side->first));
    } else {
      s.scenario.first_side = idx;
    }
  }
}

}  // namespace

tl::expected<Scenario, std::vector<Diagnostic>> load_scenario_text(std::string_view text,
                                                                   const std::string& source_name) {
  return load_scenario_text(text, source_name, {});
}

tl::expected<Scenario, std::vector<Diagnostic>> load_scenario_text(
    std::string_view text, const std::string& source_name,
    std::span<const ScenarioOverride> overrides) {
  toml::table root;
#if TOML_EXCEPTIONS
  try {
    root = toml::parse(text, source_name);
  } catch (const toml::parse_error& e) {
    return tl::unexpected(std::vector<Diagnostic>{
        {source_name, static_cast<int>(e.source().begin.line),
         static_cast<int>(e.source().begin.column), std::string(e.description())}});
  }
#else
  toml::parse_result parsed = toml::parse(text, source_name);
  if (!parsed) {
    const toml::parse_error& e = parsed.error();
    return tl::unexpected(std::vector<Diagnostic>{
        {source_name, static_cast<int>(e.source().begin.line),
         static_cast<int>(e.source().begin.column), std::string(e.description())}});
  }
  root = std::move(parsed).table();
#endif
  if (!overrides.empty()) {
    std::vector<Diagnostic> errors = scenario_io::apply_overrides(root, overrides, source_name);
    if (!errors.empty()) return tl::unexpected(std::move(errors));
  }

  State s(source_name);
  s.scenario.source = source_name;
  s.r.check_keys(root, kTopKeys, "");
  auto first_side = read_header(s, root);
  read_options(s, root);
  // The scale may depend on the options (FD-01), so it is set once they are read.
  s.scale = mm_per(s.scenario.length_unit, s.ruleset, s.options);
  read_table(s, root);
  scenario_io::read_terrain(s, root);
  scenario_io::read_sides(s, root);
  scenario_io::read_leaders(s, root);
  read_objectives(s, root);
  read_end(s, root);
  check_sides(s, first_side);
  scenario_io::check_unit_geometry(s);
  s.scenario.options = s.options;  // the rule set's scenario checks may read them
  scenario_io::check_unit_references(s);

  std::vector<Diagnostic>& diags = s.r.diagnostics();
  if (!diags.empty()) {
    std::stable_sort(diags.begin(), diags.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::pair(a.line, a.column) < std::pair(b.line, b.column);
    });
    return tl::unexpected(std::move(diags));
  }
  s.scenario.options = std::move(s.options);
  return std::move(s.scenario);
}

tl::expected<Scenario, std::vector<Diagnostic>> load_scenario_file(const std::string& path) {
  return load_scenario_file(path, {});
}

tl::expected<Scenario, std::vector<Diagnostic>> load_scenario_file(
    const std::string& path, std::span<const ScenarioOverride> overrides) {
  std::error_code ec;
  std::ifstream in;
  if (std::filesystem::is_regular_file(path, ec)) in.open(path, std::ios::binary);
  if (!in.is_open()) {
    return tl::unexpected(std::vector<Diagnostic>{
        {path, 0, 0, "cannot open the scenario file; expected a readable TOML file"}});
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    return tl::unexpected(std::vector<Diagnostic>{{path, 0, 0, "cannot read the scenario file"}});
  }
  return load_scenario_text(text.str(), path, overrides);
}

}  // namespace smoothbore
