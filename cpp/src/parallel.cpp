#include "cwlssvm/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "cwlssvm/interrupt.hpp"

namespace cwlssvm {

int resolve_n_jobs(int n_jobs) {
    const int cores = std::max(1u, std::thread::hardware_concurrency());
    if (n_jobs < 0) return std::max(1, cores + 1 + n_jobs);  // -1: all cores, -2: all but one
    return std::max(1, n_jobs);
}

void parallel_for(std::size_t n_tasks, int n_threads, std::size_t grain,
                  const std::function<void(std::size_t, std::size_t)>& body) {
    grain = std::max<std::size_t>(1, grain);
    const std::size_t n_chunks = (n_tasks + grain - 1) / grain;
    const int threads = static_cast<int>(std::min<std::size_t>(std::max(1, n_threads), n_chunks));
    if (threads <= 1) {  // chunk by chunk, so that an interrupt is seen between chunks
        for (std::size_t begin = 0; begin < n_tasks; begin += grain) {
            body(begin, std::min(n_tasks, begin + grain));
            check_interrupt();
        }
        return;
    }
    std::atomic<std::size_t> next{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto worker = [&](bool calling_thread) {
        try {
            for (;;) {
                const std::size_t chunk = next.fetch_add(1);
                if (chunk >= n_chunks) break;
                const std::size_t begin = chunk * grain;
                body(begin, std::min(n_tasks, begin + grain));
                if (calling_thread) check_interrupt();  // only the thread that entered the core polls
            }
        } catch (...) {
            std::lock_guard<std::mutex> lock(error_mutex);
            if (!error) error = std::current_exception();
            next.store(n_chunks);  // stop handing out work
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, false);
    worker(true);
    for (auto& th : pool) th.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace cwlssvm
