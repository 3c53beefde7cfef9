// The order of <cmath> and <gmpxx.h> in core/dice/fraction.h (issue 9). Included after
// gmpxx's global templates named sqrt, the C library's sqrt is no longer g++'s builtin: every
// std::sqrt becomes a call into libm, which clobbers every vector register of the caller (the
// geometry's hot functions spilled their doubles around each one). g++ folds its builtin
// in constant expressions and not the library function, so the static_assert below compiles
// only while fraction.h, included first here as in the engine's own units, keeps std::sqrt
// the builtin.
#include "core/dice/fraction.h"

#include <gtest/gtest.h>

#include <cmath>

namespace smoothbore {
namespace {

static_assert(std::sqrt(4.0) == 2.0, "std::sqrt is not g++'s builtin after core/dice/fraction.h");

TEST(SqrtInline, TheBuiltinAnswersAsTheLibrary) {
  // The builtin (one sqrtsd) and libm's sqrt are both correctly rounded: the same bits.
  volatile double x = 2.0;
  constexpr double kFolded = std::sqrt(2.0);
  EXPECT_EQ(std::sqrt(x), kFolded);
  EXPECT_EQ(std::sqrt(static_cast<double>(x)), 1.4142135623730951);
}

}  // namespace
}  // namespace smoothbore
