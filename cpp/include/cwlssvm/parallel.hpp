// A minimal parallel loop over std::thread: a worker's exception is re-raised after the join.
#pragma once

#include <cstddef>
#include <functional>

namespace cwlssvm {

// Resolves an n_jobs value (-1 = all cores, k > 0 = k threads) to a thread count >= 1.
int resolve_n_jobs(int n_jobs);

// Calls body(begin, end) on disjoint chunks of [0, n_tasks) from n_threads threads; chunks of
// `grain` tasks are handed out dynamically, so uneven tasks (triangle rows) balance.
void parallel_for(std::size_t n_tasks, int n_threads, std::size_t grain,
                  const std::function<void(std::size_t, std::size_t)>& body);

}  // namespace cwlssvm
