"""Storage benchmark (issue 3): a SQLite file with 2,000 sessions and 100,000 hands.

Prints the median time of: listing the first page of sessions; opening a
500-hand session with its standings; opening a 5-hand one; recording one hand
into the 500-hand session (a real commit: WAL, ``synchronous=FULL``); and, for
information, opening the 500-hand session right after the scoring code changed
(every hand rescored from the entered cards, then the cache saved again).

Targets: each of the first four ≤ 50 ms; open 500 ≤ 3 × open 5.

The database is built with bulk inserts from a pool of hands generated and
scored by :mod:`scoring` (what the services store). Runs alone:
``python bench/storage.py``; ``bench/run.py`` calls :func:`main`.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import insert, update  # noqa: E402
from sqlmodel import Session  # noqa: E402

from models.db import init_db, make_engine  # noqa: E402
from models.services import (  # noqa: E402
    list_sessions,
    open_session,
    record_hand,
    undo_last_hand,
)
from models.services._store import entry_of, score_cache, scoring_fingerprint  # noqa: E402
from models.tables import HandRow, PlayerRow, SeatRow, SessionRow  # noqa: E402
from scoring import Hand, Rank, Run, get_game, parse_cards  # noqa: E402

SESSIONS = 2_000
HANDS = 100_000
LONG, SHORT = 500, 5
TARGET_MS = 50.0
TARGET_RATIO = 3.0
NAMES = [
    "Anna", "Bjørn", "Cecilie", "Dag", "Eva", "Frode", "Guro", "Håkon", "Ingrid", "Jonas",
    "Kari", "Lise", "Mormor", "Nils", "Ola", "Per", "Randi", "Sindre", "Tone", "Ulf",
]  # fmt: skip
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
HUGE = 10**9  # a target no total reaches: the session stays open


def _swedish_hand(rnd: random.Random, players: tuple[str, ...]) -> Hand:
    deck = [f"{r}{s}" for r in RANKS for s in "SHDC"]
    rnd.shuffle(deck)
    went_out = rnd.choice(players)
    left = {}
    for seat, p in enumerate(players):
        if p != went_out:
            left[p] = parse_cards(deck[seat * 7 : seat * 7 + rnd.randint(1, 6)])
    return Hand(went_out, left)


def _rummy_hand(rnd: random.Random, players: tuple[str, ...]) -> Hand:
    went_out = rnd.choice(players)
    return Hand(
        went_out,
        {p: parse_cards(rnd.sample(RANKS, rnd.randint(1, 5))) for p in players if p != went_out},
    )


def _fsr_hand(rnd: random.Random, players: tuple[str, ...]) -> Hand:
    a, b = players
    runs = {
        a: (
            Run(parse_cards(["5H", "6H", "7H"])),
            Run(parse_cards(["5S", "6S", "7S"])),
            Run(parse_cards(["9D", "AD", "JD"])),
            Run(parse_cards(["AC", "QC", "KC"]), Rank.JACK),
        ),
        b: (Run(parse_cards(["8H", "9H", "10H"])), Run(parse_cards(["2D", "3D", "4D"]))),
    }
    held = rnd.sample(["7C", "8C", "9C", "2C", "3S", "4S", "10C"], 6)
    return Hand(a, {b: parse_cards(held)}, runs)


GAMES = {
    "swedish_rummy": (_swedish_hand, (3, 4), {"target": HUGE}),
    "rummy": (_rummy_hand, (2, 4), None),  # penalty scoring: rounds = its hand count
    "four_suit_rummy": (_fsr_hand, (2, 2), {"target": HUGE}),
}


def _pool(game_id: str, players: tuple[str, ...], rnd: random.Random, size: int = 40) -> list:
    """Hands for these seats as stored rows: entry, went_out seat, score cache, warnings."""
    game = get_game(game_id)
    make, _, options = GAMES[game_id]
    opts = game.options_from_dict(options or {"rounds": 1})
    out = []
    for _ in range(size):
        hand = make(rnd, players)
        score = game.score_hand(opts, players, hand)
        out.append(
            {
                "went_out_seat": players.index(hand.went_out),
                "entry": entry_of(hand, players),
                "score": score_cache(score, players),
                "warnings": [{"code": w.code, "card": w.card} for w in score.warnings],
            }
        )
    return out


def build(path: Path, seed: int = 3) -> tuple[int, int]:
    """Create the database; returns the ids of the 500-hand and the 5-hand session."""
    rnd = random.Random(seed)
    engine = make_engine(path)
    init_db(engine)
    now = datetime.now(UTC)
    fingerprint = scoring_fingerprint()
    counts = [LONG, SHORT] + [0] * (SESSIONS - 2)
    rest = HANDS - LONG - SHORT
    for i in range(2, SESSIONS):
        counts[i] = rest // (SESSIONS - 2) + (1 if i - 2 < rest % (SESSIONS - 2) else 0)
    pools: dict[tuple[str, int], list] = {}
    sessions, seats, hands = [], [], []
    for sid in range(1, SESSIONS + 1):
        n = counts[sid - 1]
        game_id = "swedish_rummy" if sid <= 2 else rnd.choice(list(GAMES))
        low, high = GAMES[game_id][1]
        size = 4 if sid <= 2 else rnd.randint(low, high)
        key = (game_id, size)
        seated = tuple(NAMES[:size])
        if key not in pools:
            pools[key] = _pool(game_id, seated, rnd)
        options = GAMES[game_id][2] or {"rounds": n}
        started = now - timedelta(days=2 * 365) * (sid / SESSIONS) if sid > 2 else now
        finished = game_id == "rummy"  # after its last round (rounds = hand count)
        sessions.append(
            {
                "id": sid,
                "uuid": str(uuid.UUID(int=rnd.getrandbits(128), version=4)),
                "game": game_id,
                "options": options,
                "started_at": started,
                "started_at_iso": started.isoformat(timespec="seconds"),
                "created_at": started,
                "updated_at": started,
                "finished_at": started + timedelta(hours=2) if finished else None,
                "winner_seats": [],
                "scored_with": fingerprint,
            }
        )
        for seat, pid in enumerate(rnd.sample(range(1, len(NAMES) + 1), size)):
            seats.append({"session_id": sid, "seat": seat, "player_id": pid})
        pool = pools[key]
        totals = [0] * size
        for number in range(1, n + 1):
            row = rnd.choice(pool)
            totals = [t + p for t, p in zip(totals, row["score"][:size], strict=True)]
            hands.append(
                {
                    "session_id": sid,
                    "number": number,
                    "rummy": False,
                    "note": None,
                    "played_at": None,
                    "created_at": started,
                    "updated_at": started,
                    **row,
                }
            )
        if finished:  # penalty scoring: the lowest total wins, ties share
            sessions[-1]["winner_seats"] = [i for i, t in enumerate(totals) if t == min(totals)]
        best = min(totals) if game_id == "rummy" else max(totals)
        sessions[-1]["totals"] = totals
        sessions[-1]["leader_seats"] = [i for i, t in enumerate(totals) if t == best]
    with engine.begin() as conn:
        conn.execute(
            insert(PlayerRow),
            [
                {"id": i, "name": n, "name_key": n.casefold(), "created_at": now}
                for i, n in enumerate(NAMES, 1)
            ],
        )
        conn.execute(insert(SessionRow), sessions)
        conn.execute(insert(SeatRow), seats)
        conn.execute(insert(HandRow), hands)
    engine.dispose()
    return 1, 2


def _median_ms(
    fn: Callable[[], object], repeat: int, before: Callable[[], object] | None = None
) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds of ``fn()`` (``before()`` untimed).

    CPU time is printed too because a busy machine inflates wall-clock figures;
    recording a hand also waits for the disk (fsync), which is wall time only.
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


def _alternating_ms(fns: list[Callable[[], object]], repeat: int) -> list[tuple[float, float]]:
    """Like :func:`_median_ms` for several functions timed in turn (a, b, a,
    b, …), so that a machine that speeds up or slows down during the run
    affects each alike: for figures compared as a ratio."""
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


def main() -> None:
    """Build the database in a temporary folder and print the medians (ms)."""
    with tempfile.TemporaryDirectory(prefix="kortpoeng-bench-") as tmp:
        path = Path(tmp) / "bench.db"
        start = time.perf_counter()
        long_id, short_id = build(path)
        built = time.perf_counter() - start
        size_mb = path.stat().st_size / 1e6
        print(
            f"storage: built {SESSIONS:,} sessions / {HANDS:,} hands in {built:.1f} s "
            f"({size_mb:.1f} MB)"
        )
        engine = make_engine(path)
        with Session(engine) as db:
            long_view = open_session(engine=engine, session_id=long_id)
            assert len(long_view.hands) == LONG and not long_view.finished
            assert len(open_session(engine=engine, session_id=short_id).hands) == SHORT
            page = list_sessions(engine=engine)
            assert page.total == SESSIONS and len(page.items) == 20

            listing = _median_ms(lambda: list_sessions(engine=engine), 50)
            open_long, open_short = _alternating_ms(
                [
                    lambda: open_session(engine=engine, session_id=long_id),
                    lambda: open_session(engine=engine, session_id=short_id),
                ],
                100,
            )
            seats = long_view.players
            hand = Hand(seats[0], {seats[1]: parse_cards(["7H", "KS"]), seats[2]: 12})

            def undo() -> None:
                if len(open_session(engine=engine, session_id=long_id).hands) > LONG:
                    undo_last_hand(engine=engine, session_id=long_id)

            record = _median_ms(
                lambda: record_hand(engine=engine, session_id=long_id, hand=hand), 30, before=undo
            )
            undo()

            def stale() -> None:
                db.exec(  # type: ignore[call-overload]
                    update(SessionRow)
                    .where(SessionRow.id == long_id)
                    .values(scored_with="older-code")
                )
                db.commit()

            rescore = _median_ms(
                lambda: open_session(engine=engine, session_id=long_id), 10, before=stale
            )
        engine.dispose()

    ratio = open_long[0] / open_short[0]
    ratio_cpu = open_long[1] / open_short[1]

    def verdict(value: float, limit: float) -> str:
        return "ok" if value <= limit else "OVER TARGET"

    rows = [
        ("list first page (20 of 2,000 sessions)", listing),
        (f"open {LONG}-hand session with standings", open_long),
        (f"open {SHORT}-hand session with standings", open_short),
        (f"record one hand into the {LONG}-hand session", record),
    ]
    for label, (ms, cpu_ms) in rows:
        print(
            f"storage: {label}: median {ms:.2f} ms, CPU {cpu_ms:.2f} ms "
            f"({verdict(ms, TARGET_MS)}, ≤ {TARGET_MS:g})"
        )
    print(
        f"storage: open {LONG} / open {SHORT} = {ratio:.2f}, CPU {ratio_cpu:.2f} "
        f"({verdict(ratio, TARGET_RATIO)}, ≤ {TARGET_RATIO:g})"
    )
    print(
        f"storage: open {LONG}-hand session after a scoring-code change "
        f"(rescore all, save cache): median {rescore[0]:.1f} ms, CPU {rescore[1]:.1f} ms "
        "(information)"
    )


if __name__ == "__main__":
    main()
