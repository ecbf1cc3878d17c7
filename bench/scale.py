"""``make bench-scale``: how the storage figures grow with the history — a
table of 200 / 2,000 / 20,000 sessions (about 50 hands each; the 5,000-, 500-
and 5-hand sessions of ``bench/storage.py`` among them), a column per
database and size.

Each database is generated as ``bench/storage.py`` generates its own (mixed
games, 2–6 players, nearly every session finished) and measured with the same
functions; "over" marks a figure over its target. The columns come from
:data:`BACKENDS`: a name and a function giving the database URL for a size
(SQLite files in a temporary folder today; a PostgreSQL server is one more
entry). Building 20,000 sessions takes several minutes.

    python bench/scale.py                 # 200, 2,000 and 20,000 sessions
    python bench/scale.py 200 2000        # chosen sizes
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import storage  # noqa: E402
from common import verdict  # noqa: E402

SIZES = (200, 2_000, 20_000)
HANDS_PER_SESSION = 50


def _sqlite(folder: Path) -> Callable[[int], str]:
    return lambda sessions: f"sqlite:///{folder / f'scale-{sessions}.db'}"


#: (column name, URL for a number of sessions) per database measured.
BACKENDS: list[tuple[str, Callable[[Path], Callable[[int], str]]]] = [("SQLite", _sqlite)]


def main(argv: list[str] | None = None) -> int:
    """Build, measure and print the growth table; returns the exit status."""
    sizes = tuple(int(a) for a in (argv if argv is not None else sys.argv[1:])) or SIZES
    columns: list[str] = []
    table: dict[str, dict[str, storage.Figure]] = {}
    order: list[str] = []
    with tempfile.TemporaryDirectory(prefix="kortpoeng-scale-") as tmp:
        for backend, urls in BACKENDS:
            url_for = urls(Path(tmp))
            for sessions in sizes:
                column = f"{backend} {sessions:,}"
                columns.append(column)
                started = time.perf_counter()
                built = storage.build(
                    url_for(sessions), sessions=sessions, hands=sessions * HANDS_PER_SESSION
                )
                print(
                    f"scale: {column}: built {built.hands:,} hands "
                    f"({len(built.finished):,} finished) in {time.perf_counter() - started:.0f} s",
                    flush=True,
                )
                figures = storage.measure(built, quick=True) + storage.measure_cli(built, repeat=5)
                for index, figure in enumerate(figures):
                    key = f"{index:02d} {figure.row}"
                    if key not in table:
                        table[key] = {}
                        order.append(key)
                    table[key][column] = figure
    width = max(len(key) - 3 for key in order)
    print()
    print("figure".ljust(width) + "".join(f"  {c:>17}" for c in columns) + "  target")
    for key in order:
        cells = []
        target = ""
        for column in columns:
            figure = table[key].get(column)
            if figure is None or figure.value != figure.value:  # missing or NaN
                cells.append(f"  {'–':>17}")
                continue
            unit = "ms" if figure.unit == "ms" else "×"
            mark = "" if figure.limit is None else f" {verdict(figure.value, figure.limit)}"
            cells.append(f"  {figure.value:>10.2f} {unit}{mark:>5}")
            if figure.limit is not None:
                target = f"≤ {figure.limit:g}{' ms' if figure.unit == 'ms' else ' ×'}"
        print(key[3:].ljust(width) + "".join(cells) + f"  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
