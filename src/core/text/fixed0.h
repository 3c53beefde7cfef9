// fmt's "{:.0f}" of a double without fmt's general float formatting (issue 9: every order
// event of a 10,000-stand turn writes a destination and a facing, and fmt's formatting was
// most of that text's cost).
#pragma once

#include <string>

namespace smoothbore {

// Appends fmt::format("{:.0f}", v) to `out`, the same text: for 0 <= v < 10^14 not half-way
// between two whole numbers, the nearest whole number (fmt's is exactly rounded) worked out
// in integers; anything else (ties, -0, negative, huge, NaN) by fmt itself.
void append_fixed0(std::string& out, double v);

}  // namespace smoothbore
