"""How much memory a dense solve needs and whether the machine has it, checked before allocating."""

from __future__ import annotations

import os


class InsufficientMemoryError(MemoryError):
    """A dense n x n system would not fit in the memory available; the message says what to do."""


def available_bytes() -> int:
    """Memory this process can still allocate: MemAvailable, capped by a cgroup limit and by an
    address-space limit (ulimit -v) when one is set."""
    avail = None
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    avail = int(line.split()[1]) * 1024
                    break
    except OSError:
        pass
    if avail is None:
        try:
            avail = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
            return 1 << 62
    for limit_file, usage_file in (("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
                                   ("/sys/fs/cgroup/memory/memory.limit_in_bytes",
                                    "/sys/fs/cgroup/memory/memory.usage_in_bytes")):
        try:
            with open(limit_file) as fh:
                limit = fh.read().strip()
            with open(usage_file) as fh:
                usage = int(fh.read().strip())
        except (OSError, ValueError):
            continue
        if limit.isdigit():
            avail = min(avail, int(limit) - usage)
    room = _address_space_room()
    if room is not None:
        avail = min(avail, room)
    return max(int(avail), 0)


def _address_space_room():
    """Bytes left under an address-space limit (ulimit -v, RLIMIT_AS), or None without one."""
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        if limit == resource.RLIM_INFINITY:
            return None
        with open("/proc/self/statm") as fh:
            size = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")  # the virtual size now
    except (ImportError, OSError, ValueError, AttributeError):  # pragma: no cover - not Linux
        return None
    return limit - size


def dense_bytes(n: int, copies: int = 1) -> int:
    """Bytes of `copies` dense n x n float64 matrices."""
    return 8 * int(n) * int(n) * int(copies)


def require_dense(n: int, copies: int = 1) -> None:
    """InsufficientMemoryError naming n, the bytes needed and available, and solver='lowrank'."""
    need, have = dense_bytes(n, copies), available_bytes()
    if need > 0.9 * have:
        raise InsufficientMemoryError(
            f"solver='dense' needs {copies} dense {n} x {n} matrix{'es' if copies > 1 else ''} for N = {n} rows: "
            f"{need / 1e9:.1f} GB, but {have / 1e9:.1f} GB are available; use solver='lowrank' (or 'auto'), "
            "which needs O(N R) memory")


def require_features(n: int, columns: int, what: str, advice: str) -> None:
    """InsufficientMemoryError when n x columns float64 values (``what``) would not fit in the memory available;
    the message names them, the bytes needed and available, and ``advice``."""
    need, have = 8 * int(n) * int(columns), available_bytes()
    if need > 0.9 * have:
        raise InsufficientMemoryError(
            f"{what} needs {n} x {columns} values in memory: {need / 1e9:.1f} GB, but {have / 1e9:.1f} GB are "
            f"available; {advice}")
