// Formation changes in battle: open order and formed (SK-09: two ranks in base contact), and
// dismounting or mounting again (SK-20: each takes sk_20_dismount_actions actions; dismounted
// cavalry are infantry). Each is the squad's action; actions left over (sk_07_actions) load.
#include <algorithm>

#include <fmt/format.h>

#include "rules/squad_skirmish/battle_impl.h"

namespace smoothbore::squad_skirmish {

void BattleSK::change_formation(int unit, const std::string& to, EventLog& log) {
  Unit& u = force_.units[unit];
  SquadState& s = squads_[unit];
  touch(unit);  // its formation
  const int lead = anchor_figure(unit);
  const Vec2 at = pos(unit, lead);
  const double facing = u.stands[static_cast<std::size_t>(lead)].rect.facing;
  int spent = 1;
  std::string text;
  if (to == "dismounted" || to == "mounted") {
    const bool down = to == "dismounted";
    if (s.dismount_left < 0) {
      s.dismount_left = static_cast<int>(option_number("sk_20_dismount_actions"));
    }
    spent = std::min(s.dismount_left, static_cast<int>(option_number("sk_07_actions")));
    s.dismount_left -= spent;
    if (s.dismount_left > 0) {
      text = fmt::format("{} is {}: {} action{} left (SK-20)", name(unit),
                         down ? "dismounting" : "mounting", s.dismount_left,
                         s.dismount_left == 1 ? "" : "s");
    } else if (down) {
      s.dismount_left = -1;
      s.dismounted = true;
      s.horse_arm = u.arm;
      u.arm = Arm::kFoot;  // SK-20: dismounted cavalry are infantry (2d6, no cavalry +1)
      place(unit, at, facing, -1);
      text = fmt::format("{} dismounts: it fights on as infantry (SK-20)", name(unit));
    } else {
      s.dismount_left = -1;
      u.arm = s.horse_arm;
      if (place(unit, at, facing, -1)) {
        s.dismounted = false;
        text = fmt::format("{} mounts again (SK-20)", name(unit));
      } else {
        u.arm = Arm::kFoot;
        text = fmt::format("{} has no room for its horses and stays on foot (SK-20)", name(unit));
      }
    }
  } else {
    const std::string was = u.formation;
    u.formation = to;
    if (!place(unit, at, facing, -1)) {
      u.formation = was;
      text = fmt::format("{} has no room to form {} and stays {} (SK-09)", name(unit), to, was);
    } else {
      text = to == "formed" ? fmt::format("{} forms {} rank{} in base contact (SK-09{})",
                                          name(unit), ranks(unit), ranks(unit) == 1 ? "" : "s",
                                          formed(unit) ? "" : ": not Formed in over two ranks")
                            : fmt::format("{} forms {} (SK-09)", name(unit), to);
    }
  }
  Event e = make_event(log, EventKind::kFormation, unit, std::move(text));
  if (!log.quiet())
    e.data = {{"formation", Value(u.formation)}, {"dismounted", Value(s.dismounted)}};
  log.append(std::move(e));
  load(unit, log, {}, spent);  // SK-07: actions left over load
}

}  // namespace smoothbore::squad_skirmish
