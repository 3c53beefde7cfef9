#include "rules/input_params.h"

#include <utility>

namespace smoothbore::input_params {

ParamSpec flag(std::string name, std::string help, std::string ref) {
  return bool_param(std::move(name), false, std::move(help), std::move(ref));
}

ParamSpec count(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                std::string help, std::string ref) {
  return int_param(std::move(name), def, static_cast<double>(min), static_cast<double>(max),
                   std::move(help), std::move(ref));
}

ParamSpec choice(std::string name, std::vector<std::string> choices, std::string help,
                 std::string ref) {
  std::string def = choices.front();
  return choice_param(std::move(name), std::move(choices), std::move(def), std::move(help),
                      std::move(ref));
}

ParamSpec inches(std::string name, double def, double max, std::string help, std::string ref) {
  return number_param(std::move(name), def, 0, max, std::move(help), std::move(ref));
}

int int_of(const Params& p, const std::string& name) { return static_cast<int>(p.get_int(name)); }

}  // namespace smoothbore::input_params
