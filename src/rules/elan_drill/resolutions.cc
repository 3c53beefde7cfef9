#include "rules/elan_drill/resolutions.h"

namespace smoothbore::elan_drill {

const std::vector<Resolution>& resolutions() {
  static const std::vector<Resolution> kAll = {
      elan_test_resolution(),  close_to_melee_resolution(), drill_test_resolution(),
      rally_resolution(),      small_arms_resolution(),     canister_resolution(),
      solid_shot_resolution(), shell_resolution(),          shrapnel_resolution(),
      save_resolution(),       close_action_resolution()};
  return kAll;
}

}  // namespace smoothbore::elan_drill
