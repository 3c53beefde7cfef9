#include "rules/fire_and_discipline/checks.h"

namespace smoothbore::fire_and_discipline {

namespace {
bool shortcut_checks_on = false;
}  // namespace

void set_shortcut_checks(bool on) { shortcut_checks_on = on; }
bool shortcut_checks() { return shortcut_checks_on; }

}  // namespace smoothbore::fire_and_discipline
