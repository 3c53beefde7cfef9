// Tests' switch for the doctrine's shortcuts and memos (issue 9): while it is on, each
// shortcut that stands in for a longer computation (a shift's first step for its whole
// sweep, an answer kept through the orders step) also works the long way and aborts on a
// difference, so whole battles played with it on show the shortcuts change nothing (also
// the rules' own: a fleeing unit's stands tested only against the units its box meets).
#pragma once

namespace smoothbore::fire_and_discipline {

void set_shortcut_checks(bool on);
bool shortcut_checks();

}  // namespace smoothbore::fire_and_discipline
