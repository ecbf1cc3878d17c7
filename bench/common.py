"""What the benchmark scripts share: timing medians, one way of printing a
figure against its target ("ok", or "over" when it is over the target) and
the quick mode.

Quick mode (``--quick`` on a script's command line, or ``BENCH_QUICK=1`` in
its environment; ``python bench/run.py --quick`` runs every script so) uses
small sizes and one repeat: its figures are not measurements and no target
means anything there. It exists so that CI runs every benchmark to its end
(tests/test_bench_quick.py) and a broken one fails there, not months later.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence

QUICK_ENV = "BENCH_QUICK"
"""Environment variable: ``1`` runs a benchmark in quick mode."""


def quick_mode(argv: Sequence[str] | None = None) -> bool:
    """True when ``--quick`` is in ``argv`` (default ``sys.argv[1:]``) or
    ``BENCH_QUICK`` is ``1`` (``true``, ``yes``) in the environment."""
    args = sys.argv[1:] if argv is None else argv
    return "--quick" in args or os.environ.get(QUICK_ENV, "").lower() in ("1", "true", "yes")


def sized(full: int, quick: int, is_quick: bool) -> int:
    """``quick`` in quick mode, else ``full`` (a size or a number of repeats)."""
    return quick if is_quick else full


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
