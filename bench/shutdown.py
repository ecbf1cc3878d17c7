"""Stop benchmark (issue 15): seconds from SIGINT / SIGTERM to the exit of
``kortpoeng web``, for each kind of connection the server holds then.

Kinds: ``idle`` (nothing connected), ``dropped`` (a websocket upgrade whose
client socket was reset), ``silent`` (a phone that connected and never
answers the app), ``tab`` (a Chromium tab still open), ``closed-tab`` (a tab
opened and closed) and ``saving`` (a tab that tapped Save just before the
signal). Each run is a fresh server process; the exit is seen by polling every
10 ms. Prints the median and the slowest of ``--runs`` runs per signal and
kind, and the exit statuses seen (0 expected). The goal is 2 s.

    python bench/shutdown.py [--runs 5] [--kinds idle,dropped,...]
    python bench/shutdown.py --quick   # each kind once, SIGINT and SIGTERM in turn

``--quick`` (or ``BENCH_QUICK=1``, see ``bench/common.py``) stops one server per
kind, the signals taking turns, so every kind and both signals are seen once.

The browser kinds need Playwright and Debian's ``chromium``.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in ("tests/security", "tests/e2e", "bench"):
    sys.path.insert(0, str(ROOT / folder))

import e2e_harness as h  # noqa: E402
import flet_wire as wire  # noqa: E402
from common import quick_mode  # noqa: E402
from server_harness import seed_session, start_server  # noqa: E402
from test_shutdown import drop_a_websocket, stop_and_time  # noqa: E402

KINDS = ("idle", "dropped", "silent", "tab", "closed-tab", "saving")
PLAYERS = ["Ingrid", "Åse"]


def one_run(kind: str, sig: int, browser, workdir: Path) -> tuple[float, int]:
    """Seconds from the signal to the exit, and the exit status."""
    folder = Path(tempfile.mkdtemp(dir=workdir))
    session_id = seed_session(folder / "kortpoeng.sqlite3", players=tuple(PLAYERS))
    server = start_server(folder)
    context = None
    try:
        if kind == "dropped":
            drop_a_websocket(server)
            time.sleep(0.3)
        elif kind == "silent":
            wire.open_client(server.ws_url, origin=server.url)
            time.sleep(0.3)
        elif kind in ("tab", "closed-tab", "saving"):
            from kortpoeng_flows import Taps, enter_hand, settle

            context = browser.new_context(viewport=h.PHONE)
            page = context.new_page()
            page.goto(f"{server.url}/session/{session_id}", wait_until="domcontentloaded")
            h.wait_first_frame(page, 30)
            h.enable_semantics(page)
            h.by_id(page, "screen-session").first.wait_for(state="attached", timeout=20_000)
            settle(page, 0.3)
            if kind == "closed-tab":
                page.close()
                time.sleep(0.3)
            elif kind == "saving":
                enter_hand(Taps(page), PLAYERS, "Ingrid", {"Åse": ["K"]}, save=False)
                settle(page, 0.2)
                h.tap(page, "hand-save")
        took = stop_and_time(server, sig)
        return took, server.process.returncode if server.process.returncode is not None else -999
    finally:
        server.stop(signal.SIGKILL)
        if context is not None:
            context.close()


def plan(kinds: list[str], runs: int, quick: bool) -> list[tuple[signal.Signals, str, int]]:
    """(signal, kind, runs) in the order measured: every kind under both
    signals, ``runs`` times each; ``quick``: each kind once, the signals in turn."""
    signals = (signal.SIGINT, signal.SIGTERM)
    if quick:
        return [(signals[index % 2], kind, 1) for index, kind in enumerate(kinds)]
    return [(sig, kind, runs) for sig in signals for kind in kinds]


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table; 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument(
        "--quick", action="store_true", default=quick_mode([]), help="each kind once"
    )
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    needs_browser = any(k in ("tab", "closed-tab", "saving") for k in kinds)
    with tempfile.TemporaryDirectory() as workdir:
        playwright = browser = None
        if needs_browser:
            from playwright.sync_api import sync_playwright

            playwright = sync_playwright().start()
            browser = h.launch_browser(playwright)
        try:
            print(f"{'signal':8} {'kind':11} {'median s':>9} {'slowest s':>10}  exit statuses")
            for sig, kind, runs in plan(kinds, args.runs, args.quick):
                times, statuses = [], set()
                for _run in range(runs):
                    took, status = one_run(kind, sig, browser, Path(workdir))
                    times.append(took)
                    statuses.add(status)
                print(
                    f"{sig.name:8} {kind:11} {statistics.median(times):9.2f}"
                    f" {max(times):10.2f}  {sorted(statuses)}",
                    flush=True,
                )
        finally:
            if browser is not None:
                browser.close()
            if playwright is not None:
                playwright.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
