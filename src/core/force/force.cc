#include "core/force/force.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>

#include "core/geometry/rect_frame.h"

namespace smoothbore {

namespace {

// Rect::corners() (RectFrame's) of a footprint whose axes are already worked out: each axis
// is a sine and a cosine, and a unit's stands mostly share one facing (issue 9).
std::array<Vec2, 4> corners_on(const Rect& rect, Vec2 f, Vec2 r) {
  return corners_on_axes(rect.centre, f, r, rect.depth / 2, rect.width / 2);
}

}  // namespace

std::string_view arm_name(Arm a) {
  switch (a) {
    case Arm::kFoot:
      return "foot";
    case Arm::kCavalry:
      return "cavalry";
    case Arm::kArtillery:
      return "artillery";
    case Arm::kWagon:
      return "wagon";
  }
  return "foot";
}

std::optional<Arm> parse_arm(std::string_view s) {
  for (Arm a : {Arm::kFoot, Arm::kCavalry, Arm::kArtillery, Arm::kWagon}) {
    if (arm_name(a) == s) return a;
  }
  return std::nullopt;
}

std::string_view edge_name(Edge e) {
  switch (e) {
    case Edge::kSouth:
      return "south";
    case Edge::kNorth:
      return "north";
    case Edge::kWest:
      return "west";
    case Edge::kEast:
      return "east";
  }
  return "south";
}

std::optional<Edge> parse_edge(std::string_view s) {
  for (Edge e : {Edge::kSouth, Edge::kNorth, Edge::kWest, Edge::kEast}) {
    if (edge_name(e) == s) return e;
  }
  return std::nullopt;
}

double edge_bearing(Edge e) {
  switch (e) {
    case Edge::kNorth:
      return 0;
    case Edge::kEast:
      return 90;
    case Edge::kSouth:
      return 180;
    case Edge::kWest:
      return 270;
  }
  return 180;
}

std::string_view unit_status_name(UnitStatus s) {
  switch (s) {
    case UnitStatus::kActive:
      return "active";
    case UnitStatus::kRouted:
      return "routed";
    case UnitStatus::kRemoved:
      return "removed";
    case UnitStatus::kOffTable:
      return "off-table";
  }
  return "active";
}

int Unit::figures() const {
  int n = 0;
  for (const Stand& s : stands) {
    if (!s.removed) n += s.figures;
  }
  return n;
}

int Unit::castings() const {
  int n = 0;
  for (const Stand& s : stands) {
    if (!s.removed) n += s.castings;
  }
  return n;
}

Rect Unit::footprint() const {
  const Stand* first = nullptr;
  for (const Stand& s : stands) {
    if (s.removed) continue;
    // A second living stand: the union, on the first one's axes.
    if (first != nullptr) return footprint_on_axes(first->rect.forward(), first->rect.right());
    first = &s;
  }
  // One living stand is its own footprint (issue 9: its axes, a sine and a cosine each,
  // were worked out and not used).
  if (first != nullptr) return first->rect;
  return stands.empty() ? Rect{} : stands.front().rect;
}

Rect Unit::footprint_on_axes(Vec2 fwd, Vec2 rgt) const {
  const Stand* first = nullptr;
  for (const Stand& s : stands) {
    if (!s.removed) {
      first = &s;
      break;
    }
  }
  if (first == nullptr) return stands.empty() ? Rect{} : stands.front().rect;
  const Rect& ref = first->rect;
  bool single =
      std::count_if(stands.begin(), stands.end(), [](const Stand& s) { return !s.removed; }) == 1;
  if (single) return ref;
  // Bounding rectangle in the frame of the first stand.
  double min_r = std::numeric_limits<double>::infinity(), max_r = -min_r;
  double min_f = min_r, max_f = -min_r;
  const auto facing_bits = std::bit_cast<std::uint64_t>(ref.facing);
  for (const Stand& s : stands) {
    if (s.removed) continue;
    const std::array<Vec2, 4> corners = std::bit_cast<std::uint64_t>(s.rect.facing) == facing_bits
                                            ? corners_on(s.rect, fwd, rgt)
                                            : s.rect.corners();
    for (Vec2 c : corners) {
      Vec2 d = c - ref.centre;
      min_r = std::min(min_r, d.dot(rgt));
      max_r = std::max(max_r, d.dot(rgt));
      min_f = std::min(min_f, d.dot(fwd));
      max_f = std::max(max_f, d.dot(fwd));
    }
  }
  Rect r;
  r.facing = ref.facing;
  r.width = max_r - min_r;
  r.depth = max_f - min_f;
  r.centre = ref.centre + rgt * ((min_r + max_r) / 2) + fwd * ((min_f + max_f) / 2);
  return r;
}

const Value* Unit::attribute(std::string_view key) const {
  for (const auto& [k, v] : attributes) {
    if (k == key) return &v;
  }
  return nullptr;
}

std::string Unit::attribute_string(std::string_view key, std::string_view fallback) const {
  const Value* v = attribute(key);
  if (v == nullptr) return std::string(fallback);
  return to_string(*v);
}

int Force::side_index(std::string_view id) const {
  for (std::size_t i = 0; i < sides.size(); ++i) {
    if (sides[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

int Force::unit_index(std::string_view id) const {
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

std::vector<int> Force::units_of(int side) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].side == side) out.push_back(static_cast<int>(i));
  }
  return out;
}

int Force::figures_of(int side) const {
  int n = 0;
  for (const Unit& u : units) {
    if (u.side == side && u.on_table()) n += u.figures();
  }
  return n;
}

int Force::start_figures_of(int side) const {
  int n = 0;
  for (const Unit& u : units) {
    if (u.side == side) n += u.start_figures;
  }
  return n;
}

}  // namespace smoothbore
