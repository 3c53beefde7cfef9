#include "core/text/fixed0.h"

#include <string>

#include <fmt/format.h>

#include "core/text/fixed_point.h"

namespace smoothbore {

void append_fixed0(std::string& out, double v) {
  if (!text_detail::append_fixed_exact(out, v, 0)) out += fmt::format("{:.0f}", v);
}

}  // namespace smoothbore
