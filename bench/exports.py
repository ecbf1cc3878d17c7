"""Export benchmark: a generated 500-hand, six-player session exported in every
format and both languages; prints the median wall time per format and language.

Target (issue 5): ≤ 1 s per export of a 500-hand session, every format; the
PNG picture (issue 12) too. Scoring
the session is done once, outside the timings (the session screen has the
result already); the first PDF (which also loads fpdf2) is timed separately.
Prints figures; asserts nothing. ``--quick`` (or ``BENCH_QUICK=1``): a 50-hand
session, one run each (``bench/common.py``).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import quick_mode, sized, verdict  # noqa: E402

from app.reports import FORMATS, render_export  # noqa: E402
from scoring import Hand, SessionDoc, game_for, parse_cards, score_session  # noqa: E402

PLAYERS = ("Åse", "Bjørn", "Cecilie", "Dag", "Ærlend", "Øystein")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
HANDS = 500
REPEAT = 5


def generate(hands: int = HANDS, seed: int = 5) -> SessionDoc:
    """A Swedish Rummy session of ``hands`` hands for six players, with a target
    high enough that it never ends, someone going out every hand and the others
    holding one to four cards (a note every 50th hand)."""
    rng = random.Random(seed)
    game = game_for("swedish_rummy")
    options = game.options_from_dict({"target": 20_000, "draw_two": True})
    played = []
    for number in range(1, hands + 1):
        out = rng.choice(PLAYERS)
        left = {p: parse_cards(rng.sample(RANKS, rng.randint(1, 4))) for p in PLAYERS if p != out}
        note = f"Hand {number}: 8♠ on 8♥" if number % 50 == 0 else None
        played.append(Hand(out, left, note=note))
    return SessionDoc(
        "swedish_rummy",
        options,
        PLAYERS,
        tuple(played),
        started_at="2026-11-28T18:00:00+01:00",
    )


def _median(fn, repeat: int = REPEAT) -> tuple[float, float]:
    """Median wall time and median CPU time of ``repeat`` calls, in seconds."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def main(argv: list[str] | None = None) -> None:
    """Print the median export time per format and language (``--quick``: see above)."""
    quick = quick_mode(argv)
    hands, repeat = sized(HANDS, 50, quick), sized(REPEAT, 1, quick)
    doc = generate(hands)
    result = score_session(doc)
    start = time.perf_counter()
    first = render_export(doc, "pdf", "nb", result)
    print(f"first pdf export (loads fpdf2): {time.perf_counter() - start:.3f} s")
    print(f"{hands}-hand session, {len(PLAYERS)} players; median of {repeat} runs (target ≤ 1 s)")
    print("  format lang     wall ms    cpu ms      bytes")
    for fmt in FORMATS:
        for lang in ("nb", "en"):
            size = len(render_export(doc, fmt, lang, result))
            wall, cpu = _median(
                lambda fmt=fmt, lang=lang: render_export(doc, fmt, lang, result), repeat
            )
            print(
                f"  {fmt:<6} {lang}  {wall * 1000:10.1f} {cpu * 1000:9.1f} {size:>10,}  "
                f"{verdict(wall, 1.0)}"
            )
    pages = first.count(b"/Type /Page\n") or first.count(b"/Type /Page")
    print(f"  pdf pages: about {pages}")


if __name__ == "__main__":
    main()
