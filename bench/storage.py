"""Storage benchmark (issues 3 and 13): a database of 2,000 sessions and 100,000
hands — mixed games, 2–6 players — and every storage figure against its target.

The sessions are generated (:func:`documents`) and stored as a user's would be,
through ``import_session``: a 5,000-hand, a 500-hand and a 5-hand session that
have not ended, and nearly 2,000 finished ones of about 50 hands. Printed
(medians; CPU time too, since a busy machine inflates wall-clock time):

* list the first page; open the 500- and 5-hand sessions (and their ratio);
* record a hand into the 5-, 500- and 5,000-hand sessions and edit one in the
  5,000-hand session: flat in the session's length, ≤ 20 ms;
* import a 500-hand session file (≤ 50 ms);
* the statistics over the 1,996 finished sessions, and over 660 of them (the
  others moved to the trash meanwhile): ≤ 300 ms, with the peak memory;
* ``kortpoeng list`` / ``show`` / ``export --format txt`` / ``stats`` against
  ``kortpoeng --version`` (≤ 2×), each a process of its own;
* for information: opening the 500-hand session right after the scoring code
  changed (everything rescored and stored again).

"over" marks a figure over its target. Runs alone (``python bench/storage.py``;
``--quick`` or ``BENCH_QUICK=1``: :data:`QUICK_SIZES` and one repeat of each,
see ``bench/common.py``); ``bench/run.py`` runs it; ``bench/scale.py`` reuses
:func:`build` and :func:`measure` for its growth table.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from common import against, alternating_ms, median_ms, quick_mode  # noqa: E402

from models.db import init_db, make_engine  # noqa: E402
from scoring import (  # noqa: E402
    Hand,
    Rank,
    Run,
    SessionDoc,
    game_for,
    parse_cards,
    score_hands,
    write_session,
)

SESSIONS = 2_000
HANDS = 100_000
HUGE, LONG, SHORT = 5_000, 500, 5
RUNNING = 4  # sessions that have not ended: the three above and one more
TRASHED = 1_336 / 1_996  # part of the finished sessions moved to the trash: 660 left of 1,996

LIST_MS = OPEN_MS = 50.0
OPEN_RATIO = 3.0
WRITE_MS = 20.0
IMPORT_MS = 50.0
STATS_MS = 300.0
CLI_RATIO = 2.0

#: :func:`build`'s sizes in quick mode: 24 sessions, 600 hands, the three
#: sessions that have not ended 40, 20 and 5 hands long.
QUICK_SIZES: dict[str, Any] = {"sessions": 24, "hands": 600, "specials": (40, 20, 5)}

NAMES = [
    "Anna", "Bjørn", "Cecilie", "Dag", "Eva", "Frode", "Guro", "Håkon", "Ingrid", "Jonas",
    "Kari", "Lise", "Mormor", "Nils", "Ola", "Per", "Randi", "Sindre", "Tone", "Ulf",
]  # fmt: skip
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
NEVER = 10**9  # a target no total reaches: the session stays open
PEOPLE = 20


# -- the generated sessions -----------------------------------------------------------


def _swedish(rnd: random.Random, players: tuple[str, ...], out: str) -> Hand:
    deck = [f"{r}{s}" for r in RANKS for s in "SHDC"]
    rnd.shuffle(deck)
    left = {
        p: parse_cards(deck[seat * 7 : seat * 7 + rnd.randint(1, 6)])
        for seat, p in enumerate(players)
        if p != out
    }
    return Hand(out, left)


def _rummy(rnd: random.Random, players: tuple[str, ...], out: str) -> Hand:
    return Hand(
        out, {p: parse_cards(rnd.sample(RANKS, rnd.randint(1, 5))) for p in players if p != out}
    )


def _four_suit(rnd: random.Random, players: tuple[str, ...], out: str) -> Hand:
    other = players[1 - players.index(out)]
    runs = {
        out: (
            Run(parse_cards(["5H", "6H", "7H"])),
            Run(parse_cards(["5S", "6S", "7S"])),
            Run(parse_cards(["9D", "AD", "JD"])),
            Run(parse_cards(["AC", "QC", "KC"]), Rank.JACK),
        ),
        other: (Run(parse_cards(["8H", "9H", "10H"])), Run(parse_cards(["2D", "3D", "4D"]))),
    }
    held = rnd.sample(["7C", "8C", "9C", "2C", "3S", "4S", "10C"], 6)
    return Hand(out, {other: parse_cards(held)}, runs)


#: game id → (hand maker, fewest and most players)
GAMES = {
    "swedish_rummy": (_swedish, 2, 6),
    "rummy": (_rummy, 2, 6),
    "four_suit_rummy": (_four_suit, 2, 2),
}


def document(
    rnd: random.Random,
    game_id: str,
    players: tuple[str, ...],
    hands: int,
    *,
    finished: bool,
    started: datetime,
    collect: bool = False,
) -> SessionDoc:
    """A session of ``hands`` hands that ends with its last hand (``finished``)
    or goes on: Rummy's penalty scoring plays ``hands`` rounds (one more when
    not finished); the others (and Rummy with ``collect``, winner collects)
    play to a target the leader reaches with the last hand. A note every 50th
    hand; each hand played a minute after the last."""
    game = game_for(game_id)
    make = GAMES[game_id][0]
    played = [make(rnd, players, rnd.choice(players)) for _ in range(hands - 1)]
    penalty = game_id == "rummy" and not collect
    if penalty:
        options: dict = {"rounds": hands if finished else hands + 1}
        played.append(make(rnd, players, rnd.choice(players)))
    else:
        options = {"scoring": "winner_collects"} if collect else {}
        opts = game.options_from_dict({**options, "target": NEVER})
        totals = score_hands(game, opts, players, played).standings.totals
        leader = max(players, key=lambda p: totals[p])
        played.append(make(rnd, players, leader))
        final = score_hands(game, opts, players, played).standings.totals
        options["target"] = max(final.values()) if finished else NEVER
    moment = started.astimezone()
    stamped = tuple(
        Hand(
            h.went_out,
            h.left,
            h.runs,
            note=f"hand {n}: 8♠ on 8♥" if n % 50 == 0 else None,
            played_at=(moment + timedelta(minutes=n)).isoformat(timespec="seconds"),
        )
        for n, h in enumerate(played, 1)
    )
    return SessionDoc(
        game_id,
        game.options_from_dict(options),
        players,
        stamped,
        id=str(uuid.UUID(int=rnd.getrandbits(128), version=4)),
        started_at=moment.isoformat(timespec="seconds"),
    )


def documents(
    sessions: int = SESSIONS,
    hands: int = HANDS,
    seed: int = 13,
    specials: tuple[int, int, int] = (HUGE, LONG, SHORT),
) -> Iterator[SessionDoc]:
    """The sessions of the benchmark database, oldest first; the last four
    have not ended: the ``specials`` (5,000-, 500- and 5-hand) sessions and
    one more."""
    rnd = random.Random(seed)
    now = datetime.now(UTC)
    special = list(specials)
    rest = sessions - len(special)
    remaining = hands - sum(special)
    for index in range(rest):
        count = remaining // rest + (1 if index < remaining % rest else 0)
        game_id = rnd.choice(list(GAMES))
        low, high = GAMES[game_id][1:]
        players = tuple(rnd.sample(NAMES[:PEOPLE], rnd.randint(low, high)))
        started = now - timedelta(days=730) * (1 - index / rest)
        yield document(
            rnd,
            game_id,
            players,
            max(1, count),
            finished=index < rest - (RUNNING - len(special)),
            started=started,
            collect=game_id == "rummy" and rnd.random() < 0.3,
        )
    for count in special:
        yield document(
            rnd,
            "swedish_rummy",
            ("Anna", "Bjørn", "Cecilie", "Dag"),
            count,
            finished=False,
            started=now,
        )


@dataclass
class Built:
    """A benchmark database: its URL and the ids of the sessions measured."""

    url: str
    sessions: int
    hands: int
    huge: int = 0
    long: int = 0
    short: int = 0
    typical: int = 0  # a finished session of about 50 hands
    finished: list[int] = field(default_factory=list)
    seconds: float = 0.0
    #: the lengths of the ``huge``, ``long`` and ``short`` sessions, in hands
    specials: tuple[int, int, int] = (HUGE, LONG, SHORT)


def build(
    url: str,
    sessions: int = SESSIONS,
    hands: int = HANDS,
    seed: int = 13,
    specials: tuple[int, int, int] = (HUGE, LONG, SHORT),
) -> Built:
    """Create the database at ``url`` through ``import_session``; returns the
    ids measured. ``specials``: the lengths of the three long sessions that
    have not ended (their hands are part of ``hands``)."""
    from models.services import import_session

    start = time.perf_counter()
    engine = make_engine(url)
    init_db(engine)
    ids = []
    finished = []
    for doc in documents(sessions, hands, seed, specials):
        view = import_session(engine=engine, data=write_session(doc))
        ids.append(view.id)
        if view.finished:
            finished.append(view.id)
    engine.dispose()
    built = Built(
        url, sessions, hands, *ids[-3:], typical=finished[len(finished) // 2], specials=specials
    )
    built.finished = finished
    built.seconds = time.perf_counter() - start
    return built


# -- the figures -----------------------------------------------------------------------


@dataclass
class Figure:
    """One measured figure: milliseconds (or a ratio), its target and the CPU
    milliseconds when measured in this process."""

    label: str
    value: float
    limit: float | None
    unit: str = "ms"
    cpu: float | None = None
    note: str = ""
    key: str = ""  # the same for every size (bench/scale.py); the label when empty

    @property
    def row(self) -> str:
        """The figure's name whatever the size of the database."""
        return self.key or self.label

    def line(self) -> str:
        value = (
            f"{self.value:.2f}" if self.unit != "ms" or self.value < 100 else f"{self.value:.0f}"
        )
        text = f"{self.label}: {value}{' ' + self.unit if self.unit else ''}"
        if self.cpu is not None:
            text += f" (CPU {self.cpu:.2f})"
        if self.limit is not None:
            text += " " + against(self.value, self.limit, self.unit)
        else:
            text += " (information)"
        return text + (f" {self.note}" if self.note else "")


#: What a command line that reads a PostgreSQL database cannot do without:
#: start Python, import the driver, log in and ask one thing. Timed beside the
#: commands on PostgreSQL, it shows how much of their time is the driver's.
DRIVER_FLOOR = """import sys, psycopg
psycopg.connect(sys.argv[1]).execute("SELECT 1").fetchall()"""


def _cli_ms(args: list[str], env: dict[str, str]) -> tuple[float, float] | None:
    """Wall and CPU milliseconds of one ``kortpoeng ARGS`` process (None when
    it fails); ``ARGS`` starting with ``-c`` is a Python program instead. CPU
    time (user + system, from the child's resource usage) is what a busy
    machine inflates least."""
    command = [sys.executable, *(args if args[:1] == ["-c"] else ["-m", "app.cli", *args])]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, check=False, cwd=ROOT)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return None if done.returncode != 0 else (wall, cpu)


def measure_cli(built: Built, repeat: int = 11) -> list[Figure]:
    """``kortpoeng --version`` and the read commands, each in a process of its
    own, in turn (so that a machine getting busier weighs on each alike):
    median wall time as a ratio to ``--version``'s, with the ratio of CPU
    times beside it."""
    env = {**os.environ, "KORTPOENG_DB": built.url, "KORTPOENG_LANG": "en"}
    commands = {
        "--version": ["--version"],
        "list": ["list"],
        "show": ["show", str(built.typical)],
        "export --format txt": ["export", str(built.typical), "--format", "txt"],
        "stats": ["stats"],
    }
    if built.url.startswith("postgresql"):
        from sqlalchemy.engine import make_url

        conninfo = make_url(built.url).set(drivername="postgresql")
        commands["the driver alone (import psycopg, log in, SELECT 1)"] = [
            "-c",
            DRIVER_FLOOR,
            conninfo.render_as_string(hide_password=False),
        ]
    for args in commands.values():  # warm the file cache, byte-compile
        _cli_ms(args, env)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    failed: set[str] = set()
    for _ in range(repeat):
        for name, args in commands.items():
            timed = _cli_ms(args, env)
            if timed is None:
                failed.add(name)
            else:
                samples[name].append(timed)
    version = statistics.median(w for w, _ in samples["--version"])
    version_cpu = statistics.median(c for _, c in samples["--version"])
    figures = [Figure("kortpoeng --version", version, None, cpu=version_cpu)]
    for name in list(commands)[1:]:
        if name in failed or not samples[name]:
            figures.append(
                Figure(
                    f"kortpoeng {name} / --version",
                    float("nan"),
                    None,
                    unit="",
                    note="(failed: no such command?)",
                )
            )
            continue
        wall = statistics.median(w for w, _ in samples[name])
        cpu = statistics.median(c for _, c in samples[name])
        floor = commands[name][:1] == ["-c"]
        figures.append(
            Figure(
                f"{name} / --version" if floor else f"kortpoeng {name} / --version",
                wall / version,
                None if floor else CLI_RATIO,
                unit="",
                cpu=cpu / version_cpu,
                note=f"[{wall:.0f} ms, CPU {cpu:.0f} ms]",
            )
        )
    return figures


def _statistics(engine) -> Callable[[], object]:
    from app.reports.statistics import game_statistics

    return lambda: game_statistics(engine=engine)


def _peak_mib(fn: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def _held(players: list[str] | tuple[str, ...], first: list[str]) -> dict[str, object]:
    """Leftover cards for ``players``: ``first`` for the first, one other card
    each for the rest (every player who did not go out holds something, and no
    physical card is held twice: the hand asks nothing)."""
    spare = iter(f"{rank}D" for rank in ("2", "3", "4", "5", "6", "8", "10", "J", "Q", "K", "A"))
    return {p: parse_cards(first if i == 0 else [next(spare)]) for i, p in enumerate(players)}


def measure(built: Built, *, quick: bool = False, once: bool = False) -> list[Figure]:
    """Every in-process figure on ``built`` (a third of the repeats with
    ``quick``, one of each with ``once``)."""
    from sqlalchemy import update

    from models import services
    from models.tables import SessionRow

    huge, long, short = built.specials
    divide = 3 if quick else 1

    def times(full: int) -> int:
        return 1 if once else full // divide

    engine = make_engine(built.url)
    figures = []
    try:
        page = services.list_sessions(engine=engine)
        assert page.total == built.sessions and len(page.items) == 20
        ms, cpu = median_ms(lambda: services.list_sessions(engine=engine), times(50))
        figures.append(
            Figure(
                f"list first page (20 of {built.sessions:,} sessions)",
                ms,
                LIST_MS,
                cpu=cpu,
                key="list first page (20 sessions)",
            )
        )

        def opener(sid: int) -> Callable[[], object]:
            return lambda: services.open_session(engine=engine, session_id=sid)

        assert len(opener(built.long)().hands) == long  # type: ignore[attr-defined]
        (long_ms, long_cpu), (short_ms, short_cpu) = alternating_ms(
            [opener(built.long), opener(built.short)], times(100)
        )
        figures += [
            Figure(f"open {long}-hand session", long_ms, OPEN_MS, cpu=long_cpu),
            Figure(f"open {short}-hand session", short_ms, OPEN_MS, cpu=short_cpu),
            Figure(f"open {long} / open {short}", long_ms / short_ms, OPEN_RATIO, unit=""),
        ]

        for sid, hands in ((built.short, short), (built.long, long), (built.huge, huge)):
            view = services.open_session(engine=engine, session_id=sid)
            seats = view.players
            # every player who did not go out holds something (or it asks
            # first), and no card twice
            hand = Hand(seats[0], _held(seats[1:], ["7H", "KS"]) | {seats[2]: 12})

            def undo(sid: int = sid, hands: int = hands) -> None:
                if len(services.open_session(engine=engine, session_id=sid).hands) > hands:
                    services.undo_last_hand(engine=engine, session_id=sid)

            ms, cpu = median_ms(
                lambda sid=sid, hand=hand: services.record_hand(
                    engine=engine, session_id=sid, hand=hand
                ),
                times(30),
                before=undo,
            )
            undo()
            figures.append(
                Figure(f"record a hand into the {hands:,}-hand session", ms, WRITE_MS, cpu=cpu)
            )
        view = services.open_session(engine=engine, session_id=built.huge)
        seats = view.players
        middle = huge // 2
        edits = [
            Hand(seats[1], _held([p for p in seats if p != seats[1]], ["9H"]) | {seats[3]: 7}),
            Hand(seats[2], _held([p for p in seats if p != seats[2]], ["QS", "2C"])),
        ]
        turn = iter(range(10**6))
        ms, cpu = median_ms(
            lambda: services.edit_hand(
                engine=engine,
                session_id=built.huge,
                number=middle,
                hand=edits[next(turn) % 2],
            ),
            times(30),
        )
        figures.append(
            Figure(f"edit hand {middle:,} of the {huge:,}-hand session", ms, WRITE_MS, cpu=cpu)
        )

        rnd = random.Random(5)
        files = [
            write_session(
                document(
                    rnd,
                    "swedish_rummy",
                    ("Anna", "Bjørn", "Cecilie", "Dag"),
                    long,
                    finished=False,
                    started=datetime.now(UTC),
                )
            )
            for _ in range(times(12))
        ]
        imported: list[int] = []
        queue = iter(files)
        ms, cpu = median_ms(
            lambda: imported.append(services.import_session(engine=engine, data=next(queue)).id),
            len(files),
        )
        figures.append(Figure(f"import a {long}-hand session file", ms, IMPORT_MS, cpu=cpu))
        for sid in imported:
            services.delete_session(engine=engine, session_id=sid)
        services.purge_trash(engine=engine)

        stats = _statistics(engine)
        stats()  # results of sessions written by other code would be rescored here
        moved = round(len(built.finished) * TRASHED)
        for finished, trashed, key in (
            (len(built.finished), [], "statistics, every session finished"),
            (
                len(built.finished) - moved,
                built.finished[:moved],
                "statistics, a third finished (the rest in the trash)",
            ),
        ):
            for sid in trashed:
                services.delete_session(engine=engine, session_id=sid)
            ms, cpu = median_ms(stats, times(9))
            peak = _peak_mib(stats)
            figures.append(
                Figure(
                    f"statistics, {finished:,} finished sessions",
                    ms,
                    STATS_MS,
                    cpu=cpu,
                    note=f"[peak {peak:.1f} MiB]",
                    key=key,
                )
            )
            for sid in trashed:
                services.restore_session(engine=engine, session_id=sid)

        def stale() -> None:
            with engine.begin() as conn:
                conn.execute(
                    update(SessionRow)
                    .where(SessionRow.__table__.c.id == built.long)
                    .values(scored_with="older-code")
                )

        ms, cpu = median_ms(opener(built.long), times(10), before=stale)
        figures.append(
            Figure(
                f"open the {long}-hand session after a scoring-code change (rescore, store)",
                ms,
                None,
                cpu=cpu,
            )
        )
        figures += _integrity(engine, built)
    finally:
        engine.dispose()
    return figures


def _integrity(engine, built: Built) -> list[Figure]:
    """Issue 26: the open-time check ``kortpoeng web`` and the app make
    (``PRAGMA quick_check`` on the whole file, nothing remembered) and the
    check of a backup after it is written (``check_backup``:
    ``integrity_check``), each the median of 5. SQLite only: neither check
    exists for PostgreSQL (``bench/scale.py``'s PostgreSQL column)."""
    if not built.url.startswith("sqlite"):
        return []
    from models import integrity
    from models.backup import backup_database, check_backup

    def first_check() -> None:
        integrity.forget()
        integrity.check_database(engine)

    ms, cpu = median_ms(first_check, 5)
    figures = [
        Figure(
            f"open-time check, PRAGMA quick_check ({built.sessions:,} sessions)",
            ms,
            None,
            cpu=cpu,
            key="open-time check (PRAGMA quick_check)",
        )
    ]
    made = backup_database(engine=engine)
    try:
        ms, cpu = median_ms(lambda: check_backup(made), 5)
    finally:
        made.unlink(missing_ok=True)
    figures.append(
        Figure(
            f"check of a backup, integrity_check ({built.sessions:,} sessions)",
            ms,
            None,
            cpu=cpu,
            key="check of a backup (integrity_check)",
        )
    )
    return figures


def main(argv: list[str] | None = None) -> int:
    """Build the database in a temporary folder and print every figure
    (``--quick``: :data:`QUICK_SIZES`, one repeat of each); 1 when a figure
    could not be measured (a command failed)."""
    quick = quick_mode(argv)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="kortpoeng-bench-") as tmp:
        path = Path(tmp) / "bench.db"
        built = build(f"sqlite:///{path}", **(QUICK_SIZES if quick else {}))
        size_mb = path.stat().st_size / 1e6
        print(
            f"storage: built {built.sessions:,} sessions / {built.hands:,} hands "
            f"({len(built.finished):,} finished; mixed games, 2–6 players) in "
            f"{built.seconds:.1f} s ({size_mb:.1f} MB)",
            flush=True,
        )
        for figure in measure(built, once=quick) + measure_cli(built, repeat=1 if quick else 11):
            print(f"storage: {figure.line()}", flush=True)
            failed += figure.value != figure.value  # NaN: not measured
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
