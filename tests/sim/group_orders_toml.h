// Scenario text for the group-orders battle tests: Groups ([[sides.commands]]) of units in
// cm, Generals ([[leaders]]), an open 120 x 80 cm table with blue (home south) against red
// (home north), and readers of a unit's books (Battle::unit_report).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {

// A unit of a Group (cm; `extra` holds further TOML lines).
inline std::string go_unit(std::string_view id, std::string_view type, int stands, double x,
                           double y, std::string_view extra = "") {
  return fmt::format(
      "[[sides.commands.units]]\nid = \"{}\"\ntype = \"{}\"\nformation = \"{}\"\nfigures = {}\n"
      "x = {}\ny = {}\n{}\n",
      id, type, type.find("artillery") != std::string_view::npos ? "deployed" : "line", stands, x,
      y, extra);
}

inline std::string group(std::string_view id, std::string_view units) {
  return fmt::format("[[sides.commands]]\nid = \"{}\"\nname = \"{}\"\n\n{}", id, id, units);
}

inline std::string general(std::string_view id, std::string_view side, std::string_view command,
                           double x, double y) {
  return fmt::format(
      "[[leaders]]\nid = \"{}\"\nside = \"{}\"\ncommand = \"{}\"\nx = {}\ny = {}\n\n", id, side,
      command, x, y);
}

// Blue (home south, facing north) against red (home north) on an open 120 x 80 cm table.
// `options`: lines of [options]; `terrain`: whole [[terrain]] entries.
inline Scenario go_scenario(std::string_view blue, std::string_view red,
                            std::string_view leaders = "", std::string_view options = "",
                            std::string_view terrain = "") {
  return load_scenario(fmt::format(
      "[scenario]\nname = \"test\"\nruleset = \"group-orders\"\nlength_unit = \"cm\"\n"
      "first_side = \"blue\"\n\n[options]\n{}\n\n[table]\nwidth = 120\nheight = 80\n\n{}\n"
      "[[sides]]\nid = \"blue\"\nhome_edge = \"south\"\n\n{}\n"
      "[[sides]]\nid = \"red\"\nhome_edge = \"north\"\n\n{}\n{}",
      options, terrain, blue, red, leaders));
}

inline std::string book(const Battle& b, int unit, std::string_view label) {
  for (const auto& [k, v] : b.unit_report(unit).books) {
    if (k == label) return v;
  }
  return "";
}

inline std::string orders(const Battle& b, int unit) {
  const std::string o = book(b, unit, "orders");
  return o.substr(0, o.find(' '));
}

inline double gap_cm(const BattleHarness& g, std::string_view a, std::string_view b) {
  return distance(g.unit(a).footprint(), g.unit(b).footprint()) / 10.0;
}

// Whether a roll record lists a modifier whose name contains `name` (of `value`, if given).
inline bool has_modifier(const RollRecord& r, std::string_view name,
                         std::optional<double> value = std::nullopt) {
  for (const Modifier& m : r.modifiers) {
    if (m.name.find(name) != std::string::npos && (!value || m.value == *value)) return true;
  }
  return false;
}

// An order source that always asks `unit` to move to `dest` on its current orders.
class Push final : public OrderSource {
 public:
  Push(int unit, Vec2 dest) : unit_(unit), dest_(dest) {}
  Action choose(const Battle&, int unit, const std::vector<Action>& legal) override {
    if (unit != unit_) return legal.front();
    Action a = legal.front();
    a.kind = ActionKind::kMove;
    a.moves = true;
    a.destination = dest_;
    return a;
  }

 private:
  int unit_;
  Vec2 dest_;
};

}  // namespace smoothbore::sim_test
