// Which allocator serves the program's heap (issue 9): mimalloc when the build links it
// (SMOOTHBORE_MIMALLOC, the release default), otherwise the C library's malloc. The bench
// report states it, so that its figures say what they were measured with.
#pragma once

#include <string>

namespace smoothbore::cli {

// "mimalloc 2.0.9, serving malloc and operator new", or a sentence saying which allocator
// serves them when mimalloc does not (not linked, or linked but not interposing).
std::string allocator_description();

}  // namespace smoothbore::cli
