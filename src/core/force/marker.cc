#include "core/force/marker.h"

#include <algorithm>

namespace smoothbore {

bool has_marker(const std::vector<Marker>& markers, std::string_view type) {
  return find_marker(markers, type) != nullptr;
}

const Marker* find_marker(const std::vector<Marker>& markers, std::string_view type) {
  for (const Marker& m : markers) {
    if (m.type == type) return &m;
  }
  return nullptr;
}

void set_marker(std::vector<Marker>& markers, Marker m) {
  for (Marker& old : markers) {
    if (old.type == m.type) {
      old = std::move(m);
      return;
    }
  }
  markers.push_back(std::move(m));
}

void clear_marker(std::vector<Marker>& markers, std::string_view type) {
  std::erase_if(markers, [&](const Marker& m) { return m.type == type; });
}

std::vector<std::string> expire_markers(std::vector<Marker>& markers, int turn) {
  std::vector<std::string> gone;
  std::erase_if(markers, [&](const Marker& m) {
    bool expired = m.expires_after_turn >= 0 && m.expires_after_turn < turn;
    if (expired) gone.push_back(m.type);
    return expired;
  });
  return gone;
}

}  // namespace smoothbore
