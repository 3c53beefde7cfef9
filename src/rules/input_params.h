// A resolution's input parameters, written help before reference (as the resolution files
// read): the builders elan-drill and squad-skirmish both use for their dozens of inputs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/param.h"

namespace smoothbore::input_params {

ParamSpec flag(std::string name, std::string help, std::string ref);  // default false
ParamSpec count(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                std::string help, std::string ref);
ParamSpec choice(std::string name, std::vector<std::string> choices, std::string help,
                 std::string ref);  // the first choice is the default
// A distance in inches from 0 to `max`.
ParamSpec inches(std::string name, double def, double max, std::string help, std::string ref);

int int_of(const Params& p, const std::string& name);  // an int parameter as int

}  // namespace smoothbore::input_params
