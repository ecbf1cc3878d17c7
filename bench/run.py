"""``make bench``: run every benchmark script and print its figures.

Each script in :data:`ORDER` runs in turn in a Python process of its own (what
one leaves behind, memory or a module cache, does not weigh on the next); one
that fails is reported and the others still run. Figures are medians from one
run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

ORDER = ["scoring_bench", "data_game_bench", "storage", "exports", "ui_start", "ui", "shutdown"]


def main() -> int:
    """Run the benchmarks in ORDER; returns 1 when any failed."""
    failed = 0
    for name in ORDER:
        script = HERE / f"{name}.py"
        if not script.exists():
            continue
        print(f"== {name}", flush=True)
        done = subprocess.run([sys.executable, str(script)], cwd=HERE.parent, check=False)
        if done.returncode != 0:
            failed += 1
            print(f"== {name} failed (exit {done.returncode})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
