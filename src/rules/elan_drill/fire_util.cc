#include "rules/elan_drill/fire_util.h"

#include <utility>
#include <vector>

namespace smoothbore::elan_drill::detail {

void add_general_fire_params(std::vector<ParamSpec>& ps) {
  ps.push_back(flag("moving", "the firer moved this turn (-1)", "L200, D12-28"));
  ps.push_back(count("dms", 0, 0, 12, "Disruption Markers on the firer (-1 each)", "L201"));
  ps.push_back(flag("reaction", "reaction fire by the defending side (-1)", "L204, D12-27"));
  ps.push_back(
      flag("friends-in-contact", "target in contact only with friends (-1)", "L205, D12-25"));
}

const Row& general_modifier(std::string_view key) {
  static const Table& kModifiers = table("fire.general_modifiers");
  return kModifiers.row(key);
}

FireModifiers fire_modifiers(const Params& p) {
  return {p.get_bool("moving"), int_of(p, "dms"), p.get_bool("reaction"),
          p.get_bool("friends-in-contact")};
}

void add_fire_modifier_params(const FireModifiers& m, std::map<std::string, Value>& out) {
  out["moving"] = Value(m.moving);
  out["dms"] = int_value(m.dms);
  out["reaction"] = Value(m.reaction);
  out["friends-in-contact"] = Value(m.friends_in_contact);
}

void apply_general_fire_modifiers(const FireModifiers& m, Factor& f) {
  static const FactorRow kMoving(general_modifier("moving"));
  static const FactorRow kDm(general_modifier("dm"));
  static const FactorRow kReaction(general_modifier("reaction"));
  static const FactorRow kFriends(general_modifier("friends-in-contact"));
  if (m.moving) f.add(kMoving);
  f.add(kDm, m.dms);
  if (m.reaction) f.add(kReaction);
  if (m.friends_in_contact) f.add(kFriends);
}

WeaponColumns weapon_columns_now(const Row& weapon) {
  return {weapon.number("close"), weapon.number("long"), weapon.flag("platoon_only"),
          weapon.flag("mounted"), weapon.key == "carbine"};
}

WeaponColumns weapon_columns(const Row& weapon) {
  static const std::vector<std::pair<const Row*, WeaponColumns>> kWeapons = [] {
    std::vector<std::pair<const Row*, WeaponColumns>> out;
    for (const Row& r : table("fire.weapons").rows) out.emplace_back(&r, weapon_columns_now(r));
    return out;
  }();
  for (const auto& [r, c] : kWeapons) {
    if (r == &weapon) return c;
  }
  return weapon_columns_now(weapon);
}

bool fires_half(const Row& fire_type) {
  static const std::vector<std::pair<const Row*, bool>> kTypes = [] {
    std::vector<std::pair<const Row*, bool>> out;
    for (const Row& r : table("fire.fire_types").rows) out.emplace_back(&r, r.flag("half"));
    return out;
  }();
  for (const auto& [r, half] : kTypes) {
    if (r == &fire_type) return half;
  }
  return fire_type.flag("half");
}

Band band_of(double range, double close, double long_range) {
  if (range <= close) return Band::kClose;
  if (range <= long_range) return Band::kLong;
  return Band::kOut;
}

std::string_view band_name(Band b) {
  switch (b) {
    case Band::kClose:
      return "close";
    case Band::kLong:
      return "long";
    case Band::kOut:
      return "out of range";
  }
  return "out of range";
}

}  // namespace smoothbore::elan_drill::detail
