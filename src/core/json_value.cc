#include "core/json_value.h"

namespace smoothbore {

nlohmann::ordered_json to_json(const Value& v) {
  using Json = nlohmann::ordered_json;
  struct Visitor {
    Json operator()(bool b) const { return b; }
    Json operator()(std::int64_t i) const { return i; }
    Json operator()(double d) const { return d; }
    Json operator()(const std::string& s) const { return s; }
  };
  return std::visit(Visitor{}, v);
}

}  // namespace smoothbore
