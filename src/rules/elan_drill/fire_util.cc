#include "rules/elan_drill/fire_util.h"

namespace smoothbore::elan_drill::detail {

void add_general_fire_params(std::vector<ParamSpec>& ps) {
  ps.push_back(flag("moving", "the firer moved this turn (-1)", "L200, D12-28"));
  ps.push_back(count("dms", 0, 0, 12, "Disruption Markers on the firer (-1 each)", "L201"));
  ps.push_back(flag("reaction", "reaction fire by the defending side (-1)", "L204, D12-27"));
  ps.push_back(
      flag("friends-in-contact", "target in contact only with friends (-1)", "L205, D12-25"));
}

const Row& general_modifier(std::string_view key) { return row("fire.general_modifiers", key); }

void apply_general_fire_modifiers(const Params& p, Factor& f) {
  if (p.get_bool("moving")) f.add(general_modifier("moving"));
  f.add(general_modifier("dm"), int_of(p, "dms"));
  if (p.get_bool("reaction")) f.add(general_modifier("reaction"));
  if (p.get_bool("friends-in-contact")) f.add(general_modifier("friends-in-contact"));
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
