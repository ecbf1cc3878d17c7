"""UI start-up benchmark: server start → first interactive frame in headless Chromium.

For each app it spawns the Flet web app (a fresh process each run), waits for
HTTP 200, opens a new tab, and waits for the first *painted* frame with the
accessibility tree on (and, with ``--ready-id``, for that semantics identifier),
then stops the app. It reports the median of ``--runs`` runs for the hello-world
app (``tests/e2e/apps/hello.py``) and, when given, for another app command, and
the ratio between them.

    python bench/ui_start.py                          # hello only
    python bench/ui_start.py --app "-m app.cli web" --ready-id home-new-session
    python bench/ui_start.py --app path/to/app.py --runs 7 --env KORTPOENG_LANG=nb
    python bench/ui_start.py --quick                  # one run, no warm-up (BENCH_QUICK=1 too)

Needs Playwright and Debian's ``chromium`` (see FLET_NOTES.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import quick_mode  # noqa: E402


def _harness() -> ModuleType:
    """``tests/e2e/e2e_harness.py``, loaded by path (tests/ is not a package)."""
    name = "e2e_harness"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "e2e" / "e2e_harness.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def measure_once(
    browser: Any,
    app: str | os.PathLike[str] | Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    ready_id: str | None = None,
    viewport: Mapping[str, int] | None = None,
    timeout: float = 60.0,
) -> dict[str, float]:
    """One run: spawn ``app``, open it in a new tab, wait until it is interactive.

    Returns:
        Seconds: ``server`` (spawn → HTTP 200), ``frame`` (HTTP 200 →
        interactive frame) and ``total`` (spawn → interactive frame).

    Raises:
        e2e_harness.HarnessError: if the app does not start.
    """
    h = _harness()
    with tempfile.TemporaryDirectory(prefix="kortpoeng-bench-") as tmp:
        run_env = {"KORTPOENG_DB": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", **(env or {})}
        server = h.start_app(app, env=run_env, log_dir=Path(tmp), timeout=timeout)
        try:
            page = h.open_app(browser, server.url, viewport=viewport or h.PHONE, timeout=timeout)
            if ready_id:
                h.by_id(page, ready_id).first.wait_for(state="attached", timeout=timeout * 1000)
            done = time.perf_counter()
            page.context.close()
        finally:
            server.stop()
    return {
        "server": server.startup_seconds,
        "frame": done - server.ready_at,
        "total": done - server.started_at,
    }


def measure(
    browser: Any,
    app: str | os.PathLike[str] | Sequence[str],
    *,
    runs: int = 5,
    env: Mapping[str, str] | None = None,
    ready_id: str | None = None,
    warmup: bool = True,
) -> dict[str, float]:
    """Median figures over ``runs`` runs (after one unrecorded warm-up run).

    Returns:
        ``{"server": s, "frame": s, "total": s, "runs": n}`` (medians).
    """
    if warmup:
        measure_once(browser, app, env=env, ready_id=ready_id)
    samples = [measure_once(browser, app, env=env, ready_id=ready_id) for _ in range(runs)]
    result = {key: statistics.median(s[key] for s in samples) for key in samples[0]}
    result["runs"] = float(runs)
    return result


def _line(label: str, figures: Mapping[str, float]) -> str:
    return (
        f"{label:<12} server {figures['server']:.2f} s   frame {figures['frame']:.2f} s"
        f"   start→interactive {figures['total']:.2f} s   (median of {int(figures['runs'])})"
    )


def main(argv: Sequence[str] | None = None) -> dict[str, dict[str, float]]:
    """Run the benchmark, print the figures, and return them.

    Args:
        argv: Command-line arguments (default: ``sys.argv[1:]``); see ``--help``.

    Returns:
        ``{"hello": figures, "app": figures}`` (``"app"`` only with ``--app``).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", help='app to compare: script path, "-m module args" or command')
    parser.add_argument("--ready-id", help="semantics identifier the app shows when ready")
    parser.add_argument("--runs", type=int, default=5, help="runs per app (median; default 5)")
    parser.add_argument(
        "--env", action="append", default=[], metavar="KEY=VALUE", help="environment for the app"
    )
    parser.add_argument(
        "--quick", action="store_true", default=quick_mode([]), help="one run, no warm-up"
    )
    args = parser.parse_args(argv)
    env = dict(item.split("=", 1) for item in args.env)
    runs, warmup = (1, False) if args.quick else (args.runs, True)

    h = _harness()
    if not h.playwright_available() or h.chromium_path() is None:
        parser.exit(2, "bench/ui_start.py needs playwright and chromium\n")
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, float]] = {}
    with sync_playwright() as playwright:
        browser = h.launch_browser(playwright)
        try:
            results["hello"] = measure(browser, h.HELLO_APP, runs=runs, env=env, warmup=warmup)
            print(_line("hello", results["hello"]), flush=True)
            if args.app:
                results["app"] = measure(
                    browser, args.app, runs=runs, env=env, ready_id=args.ready_id, warmup=warmup
                )
                print(_line("app", results["app"]), flush=True)
                ratio = results["app"]["total"] / results["hello"]["total"]
                print(f"{'ratio':<12} app / hello start→interactive = {ratio:.2f}", flush=True)
        finally:
            browser.close()
    return results


if __name__ == "__main__":
    main()
