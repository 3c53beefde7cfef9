#include "rules/ruleset.h"

#include <fmt/format.h>

#include "core/check.h"
#include "core/text/fixed0.h"

namespace smoothbore {

const UnitTypeInfo* Ruleset::unit_type(std::string_view type_id) const {
  for (const UnitTypeInfo& t : unit_types()) {
    if (t.id == type_id) return &t;
  }
  return nullptr;
}

const Resolution* Ruleset::resolution(std::string_view name) const {
  for (const Resolution& r : resolutions()) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

Params Ruleset::battle_params(const std::string& name,
                              const std::map<std::string, Value>& given) const {
  const Resolution* r = resolution(name);
  SB_CHECK(r != nullptr, name);
  auto p = complete_params(r->params, given);
  SB_CHECK(p.has_value(), p.error());
  return *p;
}

std::string_view action_kind_name(ActionKind k) {
  switch (k) {
    case ActionKind::kHold:
      return "hold";
    case ActionKind::kMove:
      return "move";
    case ActionKind::kFire:
      return "fire";
    case ActionKind::kCharge:
      return "charge";
    case ActionKind::kFormation:
      return "formation";
    case ActionKind::kLimber:
      return "limber";
    case ActionKind::kUnlimber:
      return "unlimber";
    case ActionKind::kCounterCharge:
      return "counter-charge";
    case ActionKind::kHoldFire:
      return "hold-fire";
    case ActionKind::kProlonge:
      return "prolonge";
    case ActionKind::kFace:
      return "face";
    case ActionKind::kShift:
      return "shift";
  }
  return "hold";
}

std::string Action::describe() const {
  std::string s;
  describe_to(s);
  return s;
}

// fmt's " target={} to=({:.0f},{:.0f}) facing={:.0f}" and the names, written piece by piece
// (issue 9: fmt's float formatting was most of an order event's cost).
void Action::describe_to(std::string& s) const {
  s += action_kind_name(kind);
  if (target >= 0) {
    s += " target=";
    s += fmt::format_int(target).c_str();
  }
  if (moves) {
    s += " to=(";
    append_fixed0(s, destination.x);
    s += ',';
    append_fixed0(s, destination.y);
    s += ") facing=";
    append_fixed0(s, facing);
  }
  if (!formation.empty()) {
    s += " formation=";
    s += formation.view();
  }
  if (!rate.empty()) {
    s += " rate=";
    s += rate.view();
  }
  if (!shot.empty()) {
    s += " shot=";
    s += shot.view();
  }
}

}  // namespace smoothbore
