#include "core/text/fixed1.h"

#include <string>

#include <fmt/format.h>

#include "core/text/fixed_point.h"

namespace smoothbore {

void append_fixed1(std::string& out, double v) {
  if (!text_detail::append_fixed_exact(out, v, 1)) out += fmt::format("{:.1f}", v);
}

}  // namespace smoothbore
