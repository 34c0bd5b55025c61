// Interrupts (Ctrl-C) in long loops. The core knows nothing of Python: the bindings install a poll
// that asks the host whether an interrupt is pending, and mark with an InterruptScope the thread
// that entered the core from Python. The long loops call check_interrupt() at bounded intervals
// (every chunk of parallel_for in that thread, every tile of the tiled Cholesky, every GNC step);
// it polls at most every kPollInterval and throws Interrupted, which unwinds the loop (parallel_for
// stops handing out work and joins its threads) and reaches Python as KeyboardInterrupt.
#pragma once

#include <stdexcept>

namespace cwlssvm {

struct Interrupted : std::runtime_error {
    Interrupted() : std::runtime_error("interrupted") {}
};

// Returns true when the host has a pending interrupt (and has consumed it).
using InterruptPoll = bool (*)();
void set_interrupt_poll(InterruptPoll poll);

// While alive, the current thread may poll (the thread that entered the core from the host).
class InterruptScope {
  public:
    InterruptScope();
    ~InterruptScope();
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;

  private:
    bool previous_;
};

// Throws Interrupted when an interrupt is pending; cheap outside an InterruptScope or between polls.
void check_interrupt();

}  // namespace cwlssvm
