// The double nearest a ratio of two GMP integers, as core's to_double(n, d) gives it, with
// the division done on 64-bit tops where that decides the rounding (issue 9: close action's
// casualty odds convert one ratio of 200-bit integers per outcome, and GMP's division was
// three quarters of a memo miss). Internal to src/rules/elan_drill.
#pragma once

#include "core/dice/fraction.h"

namespace smoothbore::elan_drill {

// to_double(numerator, denominator) bit for bit (numerator >= 0, denominator > 0): the
// quotient of the two integers' top 64 bits bounds the exact one within a few units of its
// 64th bit; when every value between the bounds rounds to the same double, that is the
// nearest (ties to even), else core's exact division answers.
double ratio_to_double(const BigInt& numerator, const BigInt& denominator);

}  // namespace smoothbore::elan_drill
