#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish {

const std::vector<Resolution>& resolutions() {
  static const std::vector<Resolution> kAll = {movement_resolution(), reload_resolution(),
                                               fire_resolution(),     morale_resolution(),
                                               charge_resolution(),   melee_resolution()};
  return kAll;
}

}  // namespace smoothbore::squad_skirmish
