"""UI benchmark (``make bench``): start-up and save-hand latency in headless Chromium.

1. *Start to first interactive frame*: spawn the app server, open it, wait for
   the first painted frame with semantics on — the real Kortpoeng app as a
   ratio to a bare Flet hello-world measured the same way in the same run
   (target ≤ 1.3). Medians of ``RUNS`` alternating runs, on a database that
   exists already (with one session) as at every start but the first.
2. *Save hand to updated standings* on a session with 300 hands: from the tap
   on "save" until the first frame that shows the new total (target ≤ 300 ms
   median); see :func:`save_latency`.
3. *Statistics, tap to figures* on the storage benchmark's 2,000 sessions
   (``bench/storage.py``: nearly all finished): from the tap on the statistics
   button until the first frame that shows the first player's figures (target
   ≤ 300 ms median, as for the statistics themselves); see :func:`stats_latency`.

Each figure is printed with "ok", or "over" when it is over its target.
``--quick`` (or ``BENCH_QUICK=1``): one run of each, a 20-hand session and a
statistics database of a few dozen sessions (see ``bench/common.py``).

Needs Debian's ``chromium`` and Playwright (as the end-to-end tests do).
"""

from __future__ import annotations

import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import e2e_harness as h  # noqa: E402
from common import against, quick_mode, sized  # noqa: E402

logger = logging.getLogger(__name__)

RUNS = 5
HANDS = 300
SAVES = 9
STATS_TAPS = 7
APP = "-m app.main"
START_RATIO = 1.3
SAVE_MS = 300.0
STATS_MS = 300.0


def seed(url: str, hands: int = HANDS) -> int:
    """A Swedish Rummy session with ``hands`` hands that has not ended; returns its id."""

    from models import services as store
    from models.db import init_db, make_engine
    from scoring import Hand, parse_cards

    engine = make_engine(url)
    init_db(engine)
    players = ["Anna", "Bo", "Cato"]
    view = store.start_session(
        engine=engine, game_id="swedish_rummy", players=players, options={"target": 1_000_000}
    )
    for n in range(hands):
        went_out = players[n % 3]
        store.record_hand(
            engine=engine,
            session_id=view.id,
            hand=Hand(went_out, {p: parse_cards(["K", "3"]) for p in players if p != went_out}),
        )
    total = store.open_session(engine=engine, session_id=view.id).standings.totals
    engine.dispose()
    logger.info("seeded %s hands, totals %s", hands, total)
    return view.id


#: True once a semantics node ``id`` is on screen (checked at every frame).
SHOWS_NODE = """(id) => document.querySelector(`[flt-semantics-identifier="${id}"]`) !== null"""

#: True once the semantics node ``id`` says ``want`` (checked by the browser at
#: every animation frame, so the time is that of the first frame showing it).
SHOWS_TEXT = """([id, want]) => {
  const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  if (!node) return false;
  return (node.getAttribute("aria-label") || node.innerText || "").trim() === want;
}"""


def wait_text(page, identifier: str, expected: str, timeout: float = 60.0) -> None:
    """Return at the first frame in which ``identifier`` shows ``expected``;
    ``timeout`` (seconds) is a hang guard, not a target: a busy CI machine
    may take many times the quiet figure."""
    page.wait_for_function(
        SHOWS_TEXT, arg=[identifier, expected], polling="raf", timeout=timeout * 1000
    )


def start_ratio(browser, env: dict[str, str], runs: int = RUNS) -> dict[str, float]:
    """Median start-to-interactive-frame of the app and of hello, and the ratio."""
    app, hello = [], []
    for _ in range(runs):
        hello.append(h.measure_start_to_frame(browser, h.HELLO_APP)["total"])
        app.append(h.measure_start_to_frame(browser, APP, env=env)["total"])
    a, b = statistics.median(app), statistics.median(hello)
    return {"app_s": a, "hello_s": b, "ratio": a / b}


def save_latency(browser, env: dict[str, str], sid: int, saves: int = SAVES) -> dict[str, float]:
    """Median ms from the tap on save to the first frame showing the new total
    (a session of :data:`HANDS` hands; ``saves`` saves).

    Each hand: Anna went out, Bo holds a 2 and Cato a 3 (every player who did
    not go out holds something: a player with no cards makes the app ask
    first, RULES.md §4, and the save would wait on that question), so Anna's
    total grows by 5.

    The tap is the pointer press and release at the centre of the save button
    (located beforehand, untimed); Playwright's ``click()`` would first wait
    for the button to be stable over two animation frames, which is time of
    the test tool, not of the app. The end is found by the browser itself at
    each animation frame (see :data:`SHOWS_TEXT`).
    """
    from app.i18n import format_number

    times = []
    with h.running_app(APP, env=env) as server:
        page = h.open_app(browser, server.url.rstrip("/") + f"/session/{sid}")
        h.by_id(page, "total-0").first.wait_for(state="attached", timeout=30_000)
        for _ in range(saves):
            before = int(h.text_of(page, "total-0").replace(",", "").replace("\xa0", ""))
            h.tap(page, "new-hand")
            h.by_id(page, "went-out-0").first.wait_for(state="attached")
            page.wait_for_timeout(300)
            h.tap(page, "went-out-0")
            h.tap(page, "key-Bo-2")
            h.by_id(page, "chip-1-0").first.wait_for(state="attached")
            h.tap(page, "key-Cato-3")
            h.by_id(page, "chip-2-0").first.wait_for(state="attached")
            page.wait_for_timeout(200)
            expected = format_number(before + 2 + 3, language="en")
            box = h.by_id(page, "hand-save").first.bounding_box()
            assert box is not None, "the save button is not on screen"
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            start = time.perf_counter()
            page.mouse.click(x, y)
            wait_text(page, "total-0", expected)
            times.append((time.perf_counter() - start) * 1000)
            page.wait_for_timeout(400)  # the chart follows the standings
        page.context.close()
    return {"median_ms": statistics.median(times), "max_ms": max(times)}


def stats_latency(browser, env: dict[str, str], taps: int = STATS_TAPS) -> dict[str, float]:
    """Median ms from the tap on the statistics button (first screen) to the
    first frame showing the first player's name of the first game.

    Each run opens the first screen afresh (untimed) and taps the button by
    its centre, as :func:`save_latency` does; the statistics are computed by
    the app each time the screen opens.
    """
    times = []
    with h.running_app(APP, env=env) as server:
        page = h.open_app(browser, server.url, timeout=60)
        for _ in range(taps):
            page.goto(server.url.rstrip("/") + "/", wait_until="domcontentloaded")
            h.wait_first_frame(page, 60)
            h.enable_semantics(page)
            h.by_id(page, "nav-stats").first.wait_for(state="attached", timeout=60_000)
            page.wait_for_timeout(300)
            box = h.by_id(page, "nav-stats").first.bounding_box()
            assert box is not None, "the statistics button is not on screen"
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            start = time.perf_counter()
            page.mouse.click(x, y)
            page.wait_for_function(
                SHOWS_NODE,
                arg="stats-swedish_rummy-high-0-name",
                polling="raf",
                timeout=120_000,
            )
            times.append((time.perf_counter() - start) * 1000)
        page.context.close()
    return {"median_ms": statistics.median(times), "max_ms": max(times)}


def _stats_database(tmp: Path, quick: bool = False) -> tuple[str, int]:
    """The storage benchmark's database (2,000 sessions; its quick sizes with
    ``quick``), built in ``tmp``: its URL and number of sessions."""
    import storage

    url = f"sqlite:///{tmp / 'stats.sqlite3'}"
    started = time.perf_counter()
    built = storage.build(url, **(storage.QUICK_SIZES if quick else {}))
    print(
        f"ui: built {built.sessions:,} sessions ({len(built.finished):,} finished) "
        f"in {time.perf_counter() - started:.1f} s",
        flush=True,
    )
    return url, built.sessions


def _measure(tmp: Path, quick: bool) -> None:
    """Seed the databases in ``tmp`` and print the three figures."""
    from playwright.sync_api import sync_playwright

    hands = sized(HANDS, 20, quick)
    url = f"sqlite:///{tmp / 'bench.sqlite3'}"
    started = time.perf_counter()
    sid = seed(url, hands)
    print(f"ui: seeded {hands} hands in {time.perf_counter() - started:.1f} s")
    env = {"KORTPOENG_DB": url, "KORTPOENG_LANG": "en"}
    with sync_playwright() as playwright:
        browser = h.launch_browser(playwright)
        try:
            # A database that exists already: the first start ever also creates
            # it (migrations), every later start only opens it.
            empty = f"sqlite:///{tmp / 'empty.sqlite3'}"
            seed(empty, hands=0)
            start = start_ratio(browser, {"KORTPOENG_DB": empty}, sized(RUNS, 1, quick))
            print(
                f"ui: start to first interactive frame: app {start['app_s']:.2f} s, "
                f"hello {start['hello_s']:.2f} s, ratio {start['ratio']:.2f} "
                f"{against(start['ratio'], START_RATIO, '')}",
                flush=True,
            )
            save = save_latency(browser, env, sid, sized(SAVES, 1, quick))
            print(
                f"ui: save hand to updated standings ({hands} hands): median "
                f"{save['median_ms']:.0f} ms, max {save['max_ms']:.0f} ms "
                f"{against(save['median_ms'], SAVE_MS)}",
                flush=True,
            )
            stats_url, sessions = _stats_database(tmp, quick)
            stats_env = {"KORTPOENG_DB": stats_url, "KORTPOENG_LANG": "en"}
            shown = stats_latency(browser, stats_env, sized(STATS_TAPS, 1, quick))
            print(
                f"ui: statistics, tap to figures ({sessions:,} sessions): median "
                f"{shown['median_ms']:.0f} ms, max {shown['max_ms']:.0f} ms "
                f"{against(shown['median_ms'], STATS_MS)}",
                flush=True,
            )
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    """Print every figure against its target (``--quick``: see the module
    docstring); 0, or 2 when Playwright or Chromium is missing."""
    quick = quick_mode(argv)
    if not h.playwright_available() or h.chromium_path() is None:
        print("ui: skipped (needs playwright and chromium)")
        return 2 if quick else 0
    with tempfile.TemporaryDirectory(prefix="kortpoeng-bench-ui-") as folder:
        _measure(Path(folder), quick)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(main())
