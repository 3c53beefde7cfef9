// fmt's "{:.1f}" of a double without fmt's general float formatting (issue 9: the move
// events of squad-skirmish and group-orders write one per unit moved, and fmt's formatting
// was most of their cost in a 10,000-stand turn, whose log the target keeps).
#pragma once

#include <string>

namespace smoothbore {

// Appends fmt::format("{:.1f}", v) to `out`, the same text: for 0 <= v < 10^14 not half-way
// between two tenths, the nearest tenth (fmt's is exactly rounded) worked out in integers;
// anything else (ties, -0, negative, huge, NaN) by fmt itself.
void append_fixed1(std::string& out, double v);

}  // namespace smoothbore
