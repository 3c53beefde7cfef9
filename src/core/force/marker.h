// Status markers with expiry (common.md §7): disordered, shaken, routed, concealed...
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace smoothbore {

struct Marker {
  std::string type;  // rule-set marker id ("disordered", "shaken")
  int count = 1;
  int expires_after_turn = -1;  // removed when turn > this; -1 = until removed explicitly
  int placed_turn = 0;
};

bool has_marker(const std::vector<Marker>& markers, std::string_view type);
const Marker* find_marker(const std::vector<Marker>& markers, std::string_view type);
// Adds a marker, or replaces an existing one of the same type.
void set_marker(std::vector<Marker>& markers, Marker m);
void clear_marker(std::vector<Marker>& markers, std::string_view type);
// Removes every marker whose expiry turn has passed (expires_after_turn < turn).
// Returns the types removed, in order.
std::vector<std::string> expire_markers(std::vector<Marker>& markers, int turn);

}  // namespace smoothbore
