"""Scoring benchmark: per-hand cost of ``score_hand`` and ``kortpoeng score`` on a
generated 1,000-hand, 6-player Swedish Rummy file as a ratio to ``kortpoeng
--version``, measured in the same run. Prints figures; asserts nothing.

Targets (issue 2): per-hand scoring ≤ 50 µs median; the ratio ≤ 2.
``--quick`` (or ``BENCH_QUICK=1``): 50 hands, one repeat (``bench/common.py``).
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import against, quick_mode, sized  # noqa: E402

from scoring import Hand, game_for, parse_cards, write_session  # noqa: E402
from scoring.session_file import SessionDoc  # noqa: E402

PLAYERS = ("Anna", "Bjørn", "Cecilie", "Dag", "Eva", "Frode")
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def generate_swedish(hands: int, seed: int = 7) -> SessionDoc:
    """A Swedish Rummy session of ``hands`` hands for six players, each hand
    dealt from a shuffled deck (seven cards each, a few played before someone
    goes out), with a target no total reaches."""
    rnd = random.Random(seed)
    game = game_for("swedish_rummy")
    options = game.options_from_dict({"target": 10**9, "draw_two": True, "reverse_queens": True})
    deck = [f"{rank}{suit}" for rank in RANKS for suit in "SHDC"]
    played = []
    for _ in range(hands):
        rnd.shuffle(deck)
        went_out = rnd.choice(PLAYERS)
        left = {}
        for seat, player in enumerate(PLAYERS):
            if player != went_out:
                dealt = deck[seat * 7 : seat * 7 + 7]
                left[player] = parse_cards(dealt[: rnd.randint(1, 5)])
        played.append(Hand(went_out, left))
    return SessionDoc(game.id, options, PLAYERS, tuple(played))


def _median_seconds(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    """Print per-hand scoring cost and the CLI ratio (``--quick``: see above)."""
    quick = quick_mode(argv)
    doc = generate_swedish(sized(1000, 50, quick))
    game = doc.rules
    per_hand = []
    repeat = sized(20, 1, quick)
    for hand in doc.hands:
        start = time.perf_counter()
        for _ in range(repeat):
            game.score_hand(doc.options, doc.players, hand)
        per_hand.append((time.perf_counter() - start) / repeat)
    median_us = statistics.median(per_hand) * 1e6
    print(
        f"scoring: score_hand, 6-player Swedish Rummy hand: median {median_us:.1f} µs "
        f"{against(median_us, 50, 'µs')}"
    )

    # as after a regular install: byte-code compiled (pip does this for wheels)
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", *(str(ROOT / p) for p in ("app", "scoring"))],
        check=True,
    )
    exe = shutil.which("kortpoeng", path=str(Path(sys.executable).parent)) or "kortpoeng"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "session.json"
        path.write_text(write_session(doc), encoding="utf-8")

        def run(*args: str) -> None:
            subprocess.run([exe, *args], check=True, capture_output=True)

        run("--version")
        run("score", str(path))
        versions, scores = [], []
        for _ in range(sized(15, 1, quick)):  # interleaved, so both see the same machine load
            versions.append(_median_seconds(lambda: run("--version"), 1))
            scores.append(_median_seconds(lambda: run("score", str(path)), 1))
        version, score = statistics.median(versions), statistics.median(scores)
    print(
        f"scoring: kortpoeng --version median {version * 1000:.1f} ms; "
        f"kortpoeng score ({len(doc.hands):,} hands × 6 players) median {score * 1000:.1f} ms; "
        f"ratio {score / version:.2f} {against(score / version, 2, '')}"
    )


if __name__ == "__main__":
    main()
