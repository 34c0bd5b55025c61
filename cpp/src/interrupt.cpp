#include "cwlssvm/interrupt.hpp"

#include <atomic>
#include <chrono>

namespace cwlssvm {

namespace {

constexpr std::chrono::milliseconds kPollInterval{50};
std::atomic<InterruptPoll> g_poll{nullptr};
thread_local bool t_in_scope = false;
thread_local std::chrono::steady_clock::time_point t_last_poll{};

}  // namespace

void set_interrupt_poll(InterruptPoll poll) { g_poll.store(poll); }

InterruptScope::InterruptScope() : previous_(t_in_scope) { t_in_scope = true; }

InterruptScope::~InterruptScope() { t_in_scope = previous_; }

void check_interrupt() {
    if (!t_in_scope) return;
    const InterruptPoll poll = g_poll.load();
    if (!poll) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - t_last_poll < kPollInterval) return;
    t_last_poll = now;
    if (poll()) throw Interrupted();
}

}  // namespace cwlssvm
