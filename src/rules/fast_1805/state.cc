#include "rules/fast_1805/state.h"

namespace smoothbore::fast_1805 {

using namespace std::string_view_literals;  // literals compared by size first

Quality fire_quality(const UnitState& s) {
  if (s.haitian == Haitian::kIrregular) return Quality::kUntrained;  // L165
  if (s.haitian == Haitian::kMutineer) return Quality::kGreen;       // L165
  return s.quality;
}

Quality morale_quality(const UnitState& s) {
  if (s.haitian != Haitian::kNone) return Quality::kGreen;  // L166 "Morale: All are Green"
  return s.quality;
}

Effectiveness melee_effectiveness(const UnitState& s, const Options& o) {
  if (s.haitian != Haitian::kNone) return Effectiveness::kFiery;  // L167
  (void)o;
  return s.effectiveness;
}

MoveRow move_row(const Unit& u) {
  switch (u.arm) {
    case Arm::kCavalry:
      return u.formation == "column"sv ? MoveRow::kCavColumn : MoveRow::kCavLine;
    case Arm::kArtillery:
    case Arm::kWagon:
      return MoveRow::kArtillery;
    case Arm::kFoot:
      if (u.formation == "column"sv) return MoveRow::kInfColumn;
      if (u.formation == "skirmish"sv) return MoveRow::kInfSkirmish;
      return MoveRow::kInfLine;  // line and square (square does not move, A2-06)
  }
  return MoveRow::kInfLine;
}

}  // namespace smoothbore::fast_1805
