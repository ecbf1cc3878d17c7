"""``make bench-scale``: how the storage figures grow with the history — a
table of 200 / 2,000 / 20,000 sessions (about 50 hands each; the 5,000-, 500-
and 5-hand sessions of ``bench/storage.py`` among them), a column per
database and size.

Each database is generated as ``bench/storage.py`` generates its own (mixed
games, 2–6 players, nearly every session finished) and measured with the same
functions; "over" marks a figure over its target. The columns come from
:data:`BACKENDS`: a name and a function giving the database URL for a size
(SQLite files in a temporary folder; PostgreSQL databases on a server).
Building 20,000 sessions takes several minutes on SQLite.

PostgreSQL: ``KORTPOENG_BENCH_PG`` names a server to use (a URL of a user
allowed to ``CREATE DATABASE``; the databases ``kortpoeng_scale_<n>`` are
made and dropped); without it a throw-away cluster is started from Debian's
``postgresql`` programs (as ``tests/models/pg_cluster.py`` does for the
tests, but with ``fsync`` on, as a real server) and removed afterwards. When
neither is possible the column is left out (said on standard error).
PostgreSQL's sizes are ``KORTPOENG_BENCH_PG_SIZES`` (default 200 and 2,000:
importing 20,000 sessions one file at a time over a connection takes tens of
minutes; ``KORTPOENG_BENCH_PG_SIZES=200,2000,20000`` measures it too).

    python bench/scale.py                 # 200, 2,000 and 20,000 sessions
    python bench/scale.py 200 2000        # chosen sizes
    KORTPOENG_BENCH_PG=postgresql+psycopg://me:pw@db.local/postgres python bench/scale.py
    KORTPOENG_BENCH_ONLY=PostgreSQL python bench/scale.py 2000
    python bench/scale.py --quick         # 24 and 48 sessions, one repeat

``--quick`` (or ``BENCH_QUICK=1``, see ``bench/common.py``): SQLite at 24 and 48
sessions and PostgreSQL at 24, with ``bench/storage.py``'s quick lengths of the
three long sessions and one repeat of each figure.
"""

from __future__ import annotations

import atexit
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import storage  # noqa: E402
from common import quick_mode, verdict  # noqa: E402

SIZES = (200, 2_000, 20_000)
QUICK_SIZES = (24, 48)
HANDS_PER_SESSION = 50
QUICK_HANDS_PER_SESSION = 25


def _sqlite(folder: Path) -> Callable[[int], str]:
    return lambda sessions: f"sqlite:///{folder / f'scale-{sessions}.db'}"


ONLY_ENV = "KORTPOENG_BENCH_ONLY"
"""Measure only this database (``SQLite`` or ``PostgreSQL``)."""
PG_ENV = "KORTPOENG_BENCH_PG"
PG_SIZES_ENV = "KORTPOENG_BENCH_PG_SIZES"
PG_SIZES = (200, 2_000)


def _postgresql(_folder: Path) -> Callable[[int], str]:
    """Databases ``kortpoeng_scale_<n>`` on ``KORTPOENG_BENCH_PG``'s server or a
    throw-away cluster (see the module docstring); dropped at exit."""
    import psycopg
    from sqlalchemy.engine import make_url

    given = os.environ.get(PG_ENV)
    if given:
        admin = make_url(given)
    else:
        sys.path.insert(0, str(HERE.parent / "tests" / "models"))
        import pg_cluster

        cluster = pg_cluster.Cluster(durable=True)
        atexit.register(cluster.remove)
        admin = make_url(cluster.url("postgres"))
    conninfo = admin.set(drivername="postgresql").render_as_string(hide_password=False)
    made: list[str] = []

    def drop_all() -> None:
        with psycopg.connect(conninfo, autocommit=True) as connection:
            for name in made:
                connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    atexit.register(drop_all)  # runs before the cluster's removal (registered later)

    def settle(url: str) -> None:
        """``VACUUM ANALYZE`` after the bulk load, as after any big import:
        otherwise autovacuum does it in the middle of the measurements."""
        database = make_url(url).set(drivername="postgresql")
        with psycopg.connect(
            database.render_as_string(hide_password=False), autocommit=True
        ) as connection:
            connection.execute("VACUUM ANALYZE")

    def url_for(sessions: int) -> str:
        name = f"kortpoeng_scale_{sessions}"
        with psycopg.connect(conninfo, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            connection.execute(f"CREATE DATABASE {name}")
        made.append(name)
        return admin.set(drivername="postgresql+psycopg", database=name).render_as_string(
            hide_password=False
        )

    url_for.settle = settle  # type: ignore[attr-defined]
    return url_for


def _pg_sizes(sizes: tuple[int, ...]) -> tuple[int, ...]:
    chosen = os.environ.get(PG_SIZES_ENV)
    if not chosen and sizes == QUICK_SIZES:  # --quick: the smaller only
        return QUICK_SIZES[:1]
    wanted = tuple(int(n) for n in chosen.split(",")) if chosen else PG_SIZES
    return tuple(n for n in sizes if n in wanted)


#: (column name, URL for a number of sessions, which sizes) per database measured.
BACKENDS: list[
    tuple[str, Callable[[Path], Callable[[int], str]], Callable[[tuple[int, ...]], tuple[int, ...]]]
] = [("SQLite", _sqlite, lambda sizes: sizes), ("PostgreSQL", _postgresql, _pg_sizes)]


def main(argv: list[str] | None = None) -> int:
    """Build, measure and print the growth table; returns the exit status
    (1 when a figure could not be measured)."""
    args = list(argv if argv is not None else sys.argv[1:])
    quick = quick_mode(args)
    sizes = tuple(int(a) for a in args if a != "--quick") or (QUICK_SIZES if quick else SIZES)
    specials = (
        storage.QUICK_SIZES["specials"] if quick else (storage.HUGE, storage.LONG, storage.SHORT)
    )
    columns: list[str] = []
    table: dict[str, dict[str, storage.Figure]] = {}
    order: list[str] = []
    with tempfile.TemporaryDirectory(prefix="kortpoeng-scale-") as tmp:
        only = os.environ.get(ONLY_ENV)
        for backend, urls, sizes_of in BACKENDS:
            if only and backend.lower() != only.lower():
                continue
            try:
                url_for = urls(Path(tmp))
            except Exception as error:  # no server to measure on: say so, go on
                print(f"scale: no {backend} column ({error})", file=sys.stderr, flush=True)
                continue
            for sessions in sizes_of(sizes):
                column = f"{backend} {sessions:,}"
                columns.append(column)
                started = time.perf_counter()
                built = storage.build(
                    url_for(sessions),
                    sessions=sessions,
                    hands=sessions * (QUICK_HANDS_PER_SESSION if quick else HANDS_PER_SESSION),
                    specials=specials,
                )
                getattr(url_for, "settle", lambda _url: None)(built.url)
                print(
                    f"scale: {column}: built {built.hands:,} hands "
                    f"({len(built.finished):,} finished) in {time.perf_counter() - started:.0f} s",
                    flush=True,
                )
                figures = storage.measure(built, quick=True, once=quick) + storage.measure_cli(
                    built, repeat=1 if quick else 5
                )
                for figure in figures:
                    key = figure.row  # a row per figure, whichever columns have it
                    if key not in table:
                        table[key] = {}
                        order.append(key)
                    table[key][column] = figure
    width = max(len(key) for key in order)
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
        print(key.ljust(width) + "".join(cells) + f"  {target}")
    unmeasured = [key for key in order if any(f.value != f.value for f in table[key].values())]
    for name in unmeasured:
        print(f"scale: not measured: {name}", file=sys.stderr)
    return 1 if unmeasured else 0


if __name__ == "__main__":
    sys.exit(main())
