#include "apps/allocator.h"

#include <cstdlib>
#include <memory>

#include <fmt/format.h>

#ifdef SMOOTHBORE_HAVE_MIMALLOC
#include <mimalloc.h>
#endif

namespace smoothbore::cli {

std::string allocator_description() {
#ifdef SMOOTHBORE_HAVE_MIMALLOC
  // Linked is not enough: the override works only if the dynamic linker binds malloc and
  // operator new to mimalloc's, so ask it whether it owns blocks from both.
  void* from_malloc = std::malloc(64);
  const auto from_new = std::make_unique<char[]>(64);
  const bool serves = mi_is_in_heap_region(from_malloc) && mi_is_in_heap_region(from_new.get());
  std::free(from_malloc);
  const int v = mi_version();  // e.g. 209 for 2.0.9
  return fmt::format("mimalloc {}.{}.{}, {}", v / 100, v / 10 % 10, v % 10,
                     serves ? "serving malloc and operator new"
                            : "linked but not serving malloc (another allocator is)");
#else
  return "the C library's malloc (built without mimalloc)";
#endif
}

}  // namespace smoothbore::cli
