// [[sides]], [[sides.commands]], [[sides.units]], [[sides.commands.units]] and
// [[leaders]], and the geometric checks of the deployed units.
#include <algorithm>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "core/table/spatial_index.h"

#include "io/scenario_reader.h"

namespace smoothbore::scenario_io {

namespace {

constexpr std::string_view kSideKeys[] = {"id", "name", "home_edge", "commands", "units"};
constexpr std::string_view kCommandKeys[] = {"id", "name", "units"};
constexpr std::string_view kUnitKeys[] = {"id",      "name", "type", "formation",
                                          "figures", "x",    "y",    "facing"};
constexpr std::string_view kLeaderKeys[] = {"id", "name", "side", "command", "x", "y"};

const std::vector<std::string>& edge_names() {
  static const std::vector<std::string> kNames = {"south", "north", "west", "east"};
  return kNames;
}

std::vector<std::string> attribute_names(const Ruleset* rs) {
  std::vector<std::string> out;
  if (rs == nullptr) return out;
  for (const ParamSpec& p : rs->unit_attributes()) out.push_back(p.name);
  return out;
}

// Records `id` in `seen`; reports a duplicate at the id's value.
void unique_id(State& s, std::map<std::string, Loc>& seen, const toml::table& t,
               const std::string& id, std::string_view kind) {
  Loc at = loc_of(*t.get("id"));
  auto [it, fresh] = seen.emplace(id, at);
  if (!fresh) {
    s.r.error(at, fmt::format("{} '{}': duplicate {} id; expected ids unique across the "
                              "scenario (first used at line {})",
                              kind, id, kind, it->second.line));
  }
}

void read_unit(State& s, const toml::table& t, int side, int command, double default_facing) {
  const Ruleset* rs = s.ruleset;
  std::string what = "unit";
  auto id = s.r.string(t, "id", what, true);
  if (id) {
    what = fmt::format("unit '{}'", *id);
    unique_id(s, s.unit_ids, t, *id, "unit");
  }
  State::UnitSource src;
  src.table = loc_of(t);
  if (const toml::node* x = t.get("x"))
    src.position = loc_of(*x);
  else
    src.position = src.table;

  // Rule-set attributes are keys too; without a rule set they cannot be checked.
  std::vector<std::string> attrs = attribute_names(rs);
  if (rs != nullptr) s.r.check_keys(t, kUnitKeys, what, attrs);

  Unit u;
  u.id = id.value_or("");
  u.name = s.r.string(t, "name", what, false).value_or(u.id);
  u.side = side;
  u.command = command;
  bool ok = id.has_value();

  const UnitTypeInfo* type = nullptr;
  if (rs != nullptr) {
    std::vector<std::string> type_ids;
    for (const UnitTypeInfo& ti : rs->unit_types()) type_ids.push_back(ti.id);
    if (auto tid = s.r.choice(t, "type", what, true, type_ids)) type = rs->unit_type(*tid);
  } else {
    s.r.string(t, "type", what, true);
  }
  if (type != nullptr) {
    u.type = type->id;
    u.arm = type->arm;
    if (const toml::node* f = t.get("formation")) {
      if (!f->is_string()) {
        s.r.error(loc_of(*f), fmt::format("{}: formation: expected a string, one of {}, found {}",
                                          what, join(type->formations), describe(*f)));
      } else {
        const std::string& name = f->as_string()->get();
        for (const std::string& fm : type->formations) {
          if (fm == name) u.formation = fm;
        }
        if (u.formation.empty()) {
          s.r.error(loc_of(*f),
                    fmt::format("{}: formation: expected one of {} (the formations of {}), "
                                "found '{}'",
                                what, join(type->formations), type->id, name));
        }
      }
    } else if (!type->formations.empty()) {
      u.formation = type->formations.front();
    }
    ok = ok && !u.formation.empty();
  } else {
    ok = false;
  }

  auto figures = s.r.integer(t, "figures", what, true, 1, 100000);
  auto x = s.r.number(t, "x", what, true);
  auto y = s.r.number(t, "y", what, true);
  auto facing = s.r.number(t, "facing", what, false);
  ok = ok && figures && x && y && (facing || !t.contains("facing"));

  // Attributes: validated one by one (each error at its value), then completed in the
  // rule set's order so every unit carries every attribute. A bad attribute still lets the
  // unit be placed (with the default) so its geometry is checked too.
  bool attributes_ok = true;
  if (rs != nullptr) {
    u.attributes.reserve(rs->unit_attributes().size());  // issue 9: no slack per unit
    for (const ParamSpec& spec : rs->unit_attributes()) {
      const toml::node* n = t.get(spec.name);
      Value v = spec.default_value;
      if (n != nullptr) {
        src.attributes[spec.name] = loc_of(*n);
        tl::expected<Value, std::string> checked = check_node(spec, *n);
        if (!checked) {
          s.r.error(loc_of(*n), fmt::format("{}: {}", what, checked.error()));
          attributes_ok = false;
        } else {
          v = *checked;
        }
      }
      u.attributes.emplace_back(spec.name, std::move(v));
    }
  }

  src.attributes_ok = attributes_ok && rs != nullptr;
  if (ok) {
    u.start_figures = static_cast<int>(*figures);
    double bearing = normalize_bearing(facing.value_or(default_facing));
    u.stands = rs->layout(u, Vec2{*x, *y} * s.scale, bearing);
    src.laid_out = true;
    // The rule set's own checks would only repeat an attribute error in other words.
    if (attributes_ok) {
      for (const std::string& m : rs->validate_unit(u, s.options)) {
        s.r.error(src.table, fmt::format("{}: {}", what, m));
      }
    }
  }
  s.scenario.force.units.push_back(std::move(u));
  s.unit_sources.push_back(src);
}

void read_units(State& s, const toml::table& parent, std::string_view what, int side, int command,
                double default_facing) {
  const toml::array* units = s.r.table_array(parent, "units", what);
  if (units == nullptr) return;
  for (const toml::node& n : *units) {
    read_unit(s, *n.as_table(), side, command, default_facing);
  }
}

}  // namespace

void read_sides(State& s, const toml::table& root) {
  const toml::array* sides = s.r.table_array(root, "sides", "");
  if (sides == nullptr) return;
  Force& force = s.scenario.force;
  std::map<std::string, Loc> side_ids;
  for (const toml::node& node : *sides) {
    const toml::table& t = *node.as_table();
    int index = static_cast<int>(force.sides.size());
    std::string what = fmt::format("side #{}", index + 1);
    auto id = s.r.string(t, "id", what, true);
    if (id) {
      what = fmt::format("side '{}'", *id);
      unique_id(s, side_ids, t, *id, "side");
    }
    s.r.check_keys(t, kSideKeys, what);
    Side side;
    side.id = id.value_or(fmt::format("side-{}", index + 1));
    side.name = s.r.string(t, "name", what, false).value_or(side.id);
    auto edge = s.r.choice(t, "home_edge", what, true, edge_names());
    if (edge) side.home_edge = *parse_edge(*edge);
    force.sides.push_back(side);
    s.side_locs.push_back(loc_of(t));
    // Units face the far edge unless told otherwise.
    double toward_enemy = normalize_bearing(edge_bearing(side.home_edge) + 180.0);

    if (const toml::array* commands = s.r.table_array(t, "commands", what)) {
      for (const toml::node& cn : *commands) {
        const toml::table& ct = *cn.as_table();
        std::string cwhat = "command";
        auto cid = s.r.string(ct, "id", cwhat, true);
        if (cid) {
          cwhat = fmt::format("command '{}'", *cid);
          unique_id(s, s.command_ids, ct, *cid, "command");
        }
        s.r.check_keys(ct, kCommandKeys, cwhat);
        Command c;
        c.id = cid.value_or("");
        c.name = s.r.string(ct, "name", cwhat, false).value_or(c.id);
        c.side = index;
        int cindex = static_cast<int>(force.commands.size());
        force.commands.push_back(c);
        read_units(s, ct, cwhat, index, cindex, toward_enemy);
      }
    }
    read_units(s, t, what, index, -1, toward_enemy);
  }
  force.units.shrink_to_fit();  // issue 9: the scenario lives as long as its battles
}

void read_leaders(State& s, const toml::table& root) {
  const toml::array* leaders = s.r.table_array(root, "leaders", "");
  if (leaders == nullptr) return;
  if (s.ruleset != nullptr && !s.ruleset->has_leaders() && !leaders->empty()) {
    s.r.error(loc_of(*leaders->begin()->as_table()),
              fmt::format("rule set '{}' has no leaders; remove [[leaders]]", s.ruleset->id()));
    return;
  }
  Force& force = s.scenario.force;
  std::map<std::string, Loc> ids;
  // Each command's index by id (the last of an id, as a scan kept), found once: a scan of
  // every command per leader made loading a 10,000-stand battle quadratic (issue 9).
  std::unordered_map<std::string_view, int> command_of;
  for (std::size_t i = 0; i < force.commands.size(); ++i) {
    command_of[force.commands[i].id] = static_cast<int>(i);
  }
  for (const toml::node& node : *leaders) {
    const toml::table& t = *node.as_table();
    std::string what = "leader";
    auto id = s.r.string(t, "id", what, true);
    if (id) {
      what = fmt::format("leader '{}'", *id);
      unique_id(s, ids, t, *id, "leader");
    }
    s.r.check_keys(t, kLeaderKeys, what);
    Leader l;
    l.id = id.value_or("");
    l.name = s.r.string(t, "name", what, false).value_or(l.id);
    auto side = s.r.string(t, "side", what, true);
    auto command = s.r.string(t, "command", what, false);
    auto x = s.r.number(t, "x", what, true);
    auto y = s.r.number(t, "y", what, true);
    if (side) {
      l.side = force.side_index(*side);
      if (l.side < 0) {
        std::vector<std::string> names;
        for (const Side& sd : force.sides) names.push_back(sd.id);
        s.r.error(loc_of(*t.get("side")), fmt::format("{}: side: expected one of {}, found '{}'",
                                                      what, join(names), *side));
      }
    }
    if (command) {
      if (auto it = command_of.find(*command); it != command_of.end()) l.command = it->second;
      Loc at = loc_of(*t.get("command"));
      if (l.command < 0) {
        std::vector<std::string> names;
        for (const Command& c : force.commands) {
          if (c.side == l.side) names.push_back(c.id);
        }
        s.r.error(at, fmt::format("{}: command: expected a command of its side ({}), found '{}'",
                                  what, names.empty() ? "it has none" : join(names), *command));
      } else if (force.commands[l.command].side != l.side && l.side >= 0) {
        s.r.error(at, fmt::format("{}: command: '{}' belongs to side '{}', not to '{}'", what,
                                  *command, force.sides[force.commands[l.command].side].id, *side));
      } else if (force.commands[l.command].leader >= 0) {
        s.r.error(at, fmt::format("{}: command: '{}' already has leader '{}'", what, *command,
                                  force.leaders[force.commands[l.command].leader].id));
      } else {
        force.commands[l.command].leader = static_cast<int>(force.leaders.size());
      }
    }
    if (x && y) {
      l.position = Vec2{*x, *y} * s.scale;
      if (s.table_ok && !s.scenario.table.contains(l.position)) {
        s.r.error(loc_of(*t.get("x")),
                  fmt::format("{}: position ({:g}, {:g}) is off the table; expected 0 <= x <= "
                              "{:g} and 0 <= y <= {:g}",
                              what, *x, *y, s.scenario.table.width() / s.scale,
                              s.scenario.table.height() / s.scale));
      }
    }
    force.leaders.push_back(std::move(l));
  }
}

void check_unit_references(State& s) {
  if (s.ruleset == nullptr) return;
  const std::vector<Unit>& units = s.scenario.force.units;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const State::UnitSource& src = s.unit_sources[i];
    if (!src.attributes_ok) continue;
    for (const UnitProblem& p : s.ruleset->check_unit_in_scenario(units[i], s.scenario)) {
      auto at = src.attributes.find(p.attribute);
      s.r.error(at != src.attributes.end() ? at->second : src.table,
                fmt::format("unit '{}': {}", units[i].id, p.message));
    }
  }
}

void check_unit_geometry(State& s) {
  const std::vector<Unit>& units = s.scenario.force.units;
  const Table& table = s.scenario.table;
  const std::string& lu = s.scenario.length_unit;
  SpatialIndex placed;                // stands of the units checked so far, by a running id
  std::vector<int> owner;             // id -> unit index
  std::vector<std::size_t> stand_of;  // id -> stand index in its unit
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (!s.unit_sources[i].laid_out) continue;
    const Unit& u = units[i];
    if (s.table_ok) {
      for (const Stand& st : u.stands) {
        if (table.contains(st.rect)) continue;
        Box b = st.rect.bounds();
        s.r.error(s.unit_sources[i].position,
                  fmt::format("unit '{}': off the table: its footprint spans x {:.4g}..{:.4g}, "
                              "y {:.4g}..{:.4g} {}; expected it within 0..{:g} x 0..{:g} {}",
                              u.id, b.min.x / s.scale, b.max.x / s.scale, b.min.y / s.scale,
                              b.max.y / s.scale, lu, table.width() / s.scale,
                              table.height() / s.scale, lu));
        break;
      }
    }
    // Units laid out before this one whose stands overlap one of its stands, in index
    // order (the spatial index keeps a 10,000-stand battle from being checked pair by pair).
    std::vector<int> hits;
    for (const Stand& a : u.stands) {
      for (int id : placed.query(a.rect.bounds())) {
        int j = owner[static_cast<std::size_t>(id)];
        if (overlaps(a.rect, units[static_cast<std::size_t>(j)]
                                 .stands[stand_of[static_cast<std::size_t>(id)]]
                                 .rect))
          hits.push_back(j);
      }
    }
    std::sort(hits.begin(), hits.end());
    hits.erase(std::unique(hits.begin(), hits.end()), hits.end());
    for (int hj : hits) {
      auto j = static_cast<std::size_t>(hj);
      s.r.error(s.unit_sources[i].position,
                fmt::format("unit '{}': overlaps unit '{}' (line {}); expected units not to "
                            "overlap",
                            u.id, units[j].id, s.unit_sources[j].table.line));
    }
    for (std::size_t k = 0; k < u.stands.size(); ++k) {
      placed.insert(static_cast<int>(owner.size()), u.stands[k].rect);
      owner.push_back(static_cast<int>(i));
      stand_of.push_back(k);
    }
  }
}

}  // namespace smoothbore::scenario_io
