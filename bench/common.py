"""What the benchmark scripts share: timing medians and one way of printing a
figure against its target ("ok", or "over" when it is over the target)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def verdict(value: float, limit: float) -> str:
    """``"ok"`` when ``value`` is within ``limit``, else ``"over"``."""
    return "ok" if value <= limit else "over"


def against(value: float, limit: float, unit: str = "ms") -> str:
    """``"(ok, ≤ 50 ms)"`` / ``"(over, ≤ 50 ms)"``: a figure's verdict and target."""
    return f"({verdict(value, limit)}, ≤ {limit:g}{' ' + unit if unit else ''})"


def median_ms(
    fn: Callable[[], object], repeat: int, before: Callable[[], object] | None = None
) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds of ``fn()`` (``before()`` untimed).

    CPU time is printed too because a busy machine inflates wall-clock figures;
    a write also waits for the disk (fsync), which is wall time only.
    """
    wall, cpu = [], []
    for _ in range(repeat):
        if before is not None:
            before()
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def alternating_ms(fns: list[Callable[[], object]], repeat: int) -> list[tuple[float, float]]:
    """Like :func:`median_ms` for several functions timed in turn (a, b, a, b,
    …), so that a machine that speeds up or slows down during the run affects
    each alike: for figures compared as a ratio."""
    wall: list[list[float]] = [[] for _ in fns]
    cpu: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for index, fn in enumerate(fns):
            start, start_cpu = time.perf_counter(), time.process_time()
            fn()
            cpu[index].append(time.process_time() - start_cpu)
            wall[index].append(time.perf_counter() - start)
    return [
        (statistics.median(w) * 1000, statistics.median(c) * 1000)
        for w, c in zip(wall, cpu, strict=True)
    ]
