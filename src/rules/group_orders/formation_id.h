// A unit's formation (§1, L13-L19, H4-18) as a small id, kept beside its name (issue 9: the
// steps compared the names as strings, "line", "square", "column-deep", ... a strlen and a
// memcmp per question). The name stays the unit's (Unit::formation): the layout, the events
// and the resolutions' parameters use it; BattleGO keeps the id wherever it sets the name
// (UnitState::formation; invariant_violations checks they agree).
#pragma once

#include <cstdint>
#include <string_view>

namespace smoothbore::group_orders {

enum class FormationId : std::uint8_t {
  kLine,
  kColumn,      // 2 wide
  kColumnDeep,  // 1 wide
  kSquare,
  kLimbered,  // artillery
  kOther,     // any other name (artillery "deployed", ...)
};

inline FormationId formation_id(std::string_view name) {
  if (name == "line") return FormationId::kLine;
  if (name == "column") return FormationId::kColumn;
  if (name == "column-deep") return FormationId::kColumnDeep;
  if (name == "square") return FormationId::kSquare;
  if (name == "limbered") return FormationId::kLimbered;
  return FormationId::kOther;
}

}  // namespace smoothbore::group_orders
