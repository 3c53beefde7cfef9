#include "rules/group_orders/resolutions.h"

namespace smoothbore::group_orders {

const std::vector<Resolution>& resolutions() {
  static const std::vector<Resolution> kAll = {shooting_resolution(), melee_resolution(),
                                               morale_resolution(), infantry_charge_resolution(),
                                               order_change_resolution()};
  return kAll;
}

}  // namespace smoothbore::group_orders
