"""``make bench``: run every benchmark script and print its figures.

Each ``bench/*.py`` module with a ``main()`` is run in turn; one that fails is
reported and the others still run. Figures are medians from one run.
"""

from __future__ import annotations

import importlib
import logging
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

ORDER = ["scoring_bench", "storage", "exports", "ui_start", "ui"]


def main() -> int:
    """Run the benchmarks in ORDER; returns 1 when any failed."""
    logging.basicConfig(level=logging.WARNING)
    failed = 0
    for name in ORDER:
        if not (HERE / f"{name}.py").exists():
            continue
        print(f"== {name}", flush=True)
        try:
            importlib.import_module(name).main()
        except Exception:
            failed += 1
            traceback.print_exc()
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
