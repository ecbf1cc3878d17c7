"""``make bench``: run every benchmark script and print its figures.

Each script runs in turn in a Python process of its own (what one leaves
behind, memory or a module cache, does not weigh on the next); one that fails
is reported and the others still run, and the exit status is 1 when any
failed. The scripts are :data:`ORDER` first, then every other script in
``bench/`` (a ``.py`` file with an ``if __name__ == "__main__":`` block), so
a new benchmark is run without being listed here; :data:`FULL_ONLY_ELSEWHERE`
have a make target of their own and run here only with ``--quick``.

    python bench/run.py            # the figures (several minutes)
    python bench/run.py --quick    # every benchmark once, small sizes (CI)

``--quick`` (or ``BENCH_QUICK=1``) passes ``--quick`` and ``BENCH_QUICK=1``
to each script: small sizes, one repeat, figures that mean nothing and
targets that are not enforced (see ``bench/common.py``); what it checks is
that every benchmark still runs to its end (``tests/bench/test_bench_quick.py``
runs it in CI). Figures are medians from one run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import QUICK_ENV, quick_mode  # noqa: E402

ORDER = [
    "scoring_bench",
    "data_game_bench",
    "storage",
    "exports",
    "ui_start",
    "ui",
    "shutdown",
    "request_limits",
]
#: Benchmarks with a make target of their own (``make bench-scale``).
FULL_ONLY_ELSEWHERE = ["scale"]
#: Scripts in bench/ that are not benchmarks.
NOT_BENCHMARKS = ["run", "common"]
#: Seconds a script may take in quick mode before it counts as failed.
QUICK_TIMEOUT = 600


def scripts(quick: bool) -> list[str]:
    """The benchmark names to run, in order (see the module docstring)."""
    found = sorted(
        path.stem
        for path in HERE.glob("*.py")
        if path.stem not in NOT_BENCHMARKS and "if __name__ == " in path.read_text(encoding="utf-8")
    )
    names = [name for name in ORDER if name in found]
    names += [name for name in found if name not in names]
    return [name for name in names if quick or name not in FULL_ONLY_ELSEWHERE]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks; returns 1 when any failed (or, quick, timed out)."""
    quick = quick_mode(argv)
    env = {**os.environ, QUICK_ENV: "1"} if quick else None
    if quick:
        print("== quick mode: small sizes, one repeat; the figures mean nothing", flush=True)
    failed = []
    names = scripts(quick)
    for name in names:
        print(f"== {name}", flush=True)
        command = [sys.executable, str(HERE / f"{name}.py"), *(["--quick"] if quick else [])]
        started = time.perf_counter()
        try:
            done = subprocess.run(
                command,
                cwd=HERE.parent,
                env=env,
                check=False,
                timeout=QUICK_TIMEOUT if quick else None,
            )
            status = f"exit {done.returncode}" if done.returncode != 0 else ""
        except subprocess.TimeoutExpired:
            status = f"over {QUICK_TIMEOUT} s"
        if status:
            failed.append(name)
            print(f"== {name} failed ({status})", flush=True)
        elif quick:
            print(f"== {name} done in {time.perf_counter() - started:.1f} s", flush=True)
    print(f"== {len(names) - len(failed)} of {len(names)} benchmarks ran to the end", flush=True)
    if failed:
        print(f"== failed: {', '.join(failed)}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
