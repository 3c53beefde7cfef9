// The `smoothbore bench --micro` Google Benchmark benchmarks (micro.cc); only in builds with
// SMOOTHBORE_BENCHMARKS=ON.
#pragma once

namespace smoothbore::bench {

void register_micro_benchmarks();

}  // namespace smoothbore::bench
