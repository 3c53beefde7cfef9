#include "core/text/short_name.h"

#include <fmt/format.h>

#include "core/check.h"

namespace smoothbore {

void ShortName::too_long(std::string_view text) {
  check_failed("text.size() <= ShortName::kCapacity", __FILE__, __LINE__,
               fmt::format("the name \"{}\" has {} characters; a ShortName holds at most {}", text,
                           text.size(), kCapacity));
}

}  // namespace smoothbore
