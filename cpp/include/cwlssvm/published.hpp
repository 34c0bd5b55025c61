// A process-wide setting that threads read while another may replace it (the LAPACK table, the tiled
// Cholesky's tile): a value is never modified in place. set() publishes a new version and keeps the
// old ones alive (settings change a handful of times per process), so a reader holds one whole version
// for as long as it likes and never sees a half-written one.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace cwlssvm {

template <class T>
class Published {
public:
    explicit Published(const T& initial) { set(initial); }
    const T& get() const { return *current_.load(std::memory_order_acquire); }
    void set(const T& value) {
        std::lock_guard<std::mutex> lock(mutex_);
        versions_.push_back(std::make_unique<const T>(value));
        current_.store(versions_.back().get(), std::memory_order_release);
    }

private:
    std::atomic<const T*> current_{nullptr};
    std::mutex mutex_;
    std::vector<std::unique_ptr<const T>> versions_;
};

}  // namespace cwlssvm
