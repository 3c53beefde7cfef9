// TOML scenario text for the Fire and Discipline battle tests: one unit of a side, and a
// two-side battle (side "blue" home south, "red" home north, blue first, positions in
// yards, orders advisory under fd_52_order_constraints) on an open table.
#pragma once

#include <string>
#include <string_view>

#include <fmt/format.h>

namespace smoothbore::fd_toml {

// One F&D unit (yards; `extra` holds further TOML lines).
inline std::string unit(std::string_view id, std::string_view type, std::string_view formation,
                        int figures, double x, double y, std::string_view extra = "") {
  return fmt::format(
      "[[sides.units]]\nid = \"{}\"\ntype = \"{}\"\nformation = \"{}\"\nfigures = {}\n"
      "x = {}\ny = {}\n{}\n",
      id, type, formation, figures, x, y, extra);
}

// The table: its size (yd) and its terrain, as [[terrain]] TOML (empty for none).
struct Field {
  std::string_view name;
  double width = 600;
  double height = 600;
  std::string_view terrain;
};

// `options`: further lines of the [options] table.
inline std::string scenario(const Field& f, std::string_view blue, std::string_view red,
                            std::string_view options = "") {
  return fmt::format(
      "[scenario]\nname = \"{}\"\nruleset = \"fire-and-discipline\"\nlength_unit = "
      "\"yd\"\nfirst_side = \"blue\"\n\n[options]\nfd_52_order_constraints = \"advisory\"\n{}\n\n"
      "[table]\nwidth = {}\nheight = {}\n\n{}"
      "[[sides]]\nid = \"blue\"\nhome_edge = \"south\"\n\n{}\n"
      "[[sides]]\nid = \"red\"\nhome_edge = \"north\"\n\n{}\n",
      f.name, options, f.width, f.height, f.terrain, blue, red);
}

}  // namespace smoothbore::fd_toml
