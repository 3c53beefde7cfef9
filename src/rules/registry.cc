#include "rules/registry.h"

#include "rules/elan_drill/elan_drill.h"
#include "rules/fast_1805/fast_1805.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/group_orders/group_orders.h"
#include "rules/squad_skirmish/squad_skirmish.h"

namespace smoothbore {

const std::vector<const Ruleset*>& all_rulesets() {
  static const std::vector<const Ruleset*> kAll = {
      &elan_drill::ruleset(),  // by id
      &fast_1805::ruleset(), &fire_and_discipline::ruleset(), &group_orders::ruleset(),
      &squad_skirmish::ruleset()};
  return kAll;
}

const Ruleset* find_ruleset(std::string_view id) {
  for (const Ruleset* r : all_rulesets()) {
    if (r->id() == id) return r;
  }
  return nullptr;
}

}  // namespace smoothbore
