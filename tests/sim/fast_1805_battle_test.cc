#include <gtest/gtest.h>
#include "sim/scripted_commander.h"
