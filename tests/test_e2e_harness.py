"""The browser-test harness (tests/e2e/e2e_harness.py) itself, without a
browser: a tap that would have to pass a screen's "Opening…" cover (the
arrival guard) that never lifts fails its test; starting an app passes it the
database and language, and a start that fails says why.

The taps are made on a stand-in for Playwright's page: its ``click`` raises
Playwright's own ``TimeoutError`` where Playwright's would (something covers
the target for the whole wait), and every click is recorded.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import e2e_harness as h
import pytest

playwright = pytest.importorskip("playwright.sync_api")

SELECTOR = re.compile(r'\[flt-semantics-identifier="([^"]+)"\]')


class FakeLocator:
    """A node of the page by identifier (``first`` is itself)."""

    def __init__(self, page: FakePage, identifier: str) -> None:
        self.page = page
        self.identifier = identifier

    @property
    def first(self) -> FakeLocator:
        return self

    def count(self) -> int:
        return int(self.identifier in self.page.on_screen)

    def locator(self, _selector: str) -> FakeLocator:
        return FakeLocator(self.page, f"{self.identifier} input")  # (a field's input: none)

    def click(self, *, timeout: float, **options: Any) -> None:
        self.page.clicks.append((self.identifier, timeout, options))
        outcome = self.page.outcomes.pop(0) if self.page.outcomes else "covered"
        if outcome == "covered":  # what Playwright raises: covered for the whole wait
            raise playwright.TimeoutError(f"Timeout {timeout:.0f}ms exceeded.")


class FakePage:
    """A page whose nodes ``on_screen`` are there; ``outcomes`` says, click by
    click, whether Playwright's click lands ("lands") or times out ("covered",
    also once they run out)."""

    def __init__(self, on_screen: set[str], outcomes: list[str]) -> None:
        self.on_screen = on_screen
        self.outcomes = outcomes
        self.clicks: list[tuple[str, float, dict[str, Any]]] = []
        self.mouse = self  # a click by position would be recorded here
        self.positions: list[tuple[float, float]] = []

    def locator(self, selector: str) -> FakeLocator:
        found = SELECTOR.fullmatch(selector)
        assert found, selector
        return FakeLocator(self, found[1])

    def click(self, x: float, y: float) -> None:  # page.mouse.click
        self.positions.append((x, y))


def test_a_tap_on_a_cover_that_never_lifts_fails_the_test() -> None:
    page = FakePage({"arrival-guard", "new-hand"}, outcomes=[])
    with pytest.raises(AssertionError, match="an arrival guard still covers new-hand 10 s"):
        h.tap(page, "new-hand")
    # one click, given the guard's patience, never forced, never made by position
    assert h.GUARD_PATIENCE == 10.0
    assert page.clicks == [("new-hand", 10_000.0, {})]
    assert page.positions == []


def test_typing_into_a_field_under_a_cover_that_never_lifts_fails_the_test() -> None:
    page = FakePage({"arrival-guard", "player-name"}, outcomes=[])
    with pytest.raises(AssertionError, match="an arrival guard still covers player-name"):
        h.type_into(page, "player-name", "Anna")
    assert len(page.clicks) == 1 and page.positions == []


def test_a_cover_that_lifts_in_time_lets_the_tap_through() -> None:
    """Playwright's click waits while something covers its target: a cover
    that lifts within the guard's patience is waited out by that one click."""
    page = FakePage({"arrival-guard", "new-hand"}, outcomes=["lands"])
    h.tap(page, "new-hand")
    assert page.clicks == [("new-hand", 10_000.0, {})]


def test_a_slow_target_without_a_cover_gets_the_rest_of_the_wait() -> None:
    page = FakePage({"new-hand"}, outcomes=["covered", "lands"])
    h.tap(page, "new-hand", timeout=90)
    assert page.clicks == [("new-hand", 10_000.0, {}), ("new-hand", 80_000.0, {})]
    # and one that never comes fails with Playwright's timeout, not silently
    page = FakePage({"new-hand"}, outcomes=["covered", "covered"])
    with pytest.raises(playwright.TimeoutError):
        h.tap(page, "new-hand", timeout=90)


def test_app_gets_database_and_language(tmp_path: Path) -> None:
    apps = h.AppFactory(tmp_path, reuse=False)
    try:
        server = apps(h.HELLO_APP, lang="nb", env={"EXTRA": "1"})
        assert server.env["KORTPOENG_LANG"] == "nb"
        assert server.env["KORTPOENG_DB"].startswith("sqlite:///")
        assert server.env["EXTRA"] == "1"
        assert h.http_ok(server.url)
    finally:
        apps.close()
    assert server.process.poll() is not None  # stopped


def test_failed_start_reports_output(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("raise SystemExit('no app here')\n", encoding="utf-8")
    with pytest.raises(h.HarnessError, match="no app here"):
        h.start_app(broken, log_dir=tmp_path, timeout=10, attempts=1)


def test_a_test_after_a_browser_test_runs_its_own_coroutines(browser: Any) -> None:
    """Playwright marks its loop as running in the worker's thread once a
    browser test has run (``asyncio.run`` is then refused: a backup test
    failed so, after browser tests in its worker); within
    :func:`e2e_harness.event_loop_of_its_own`, as every test without a
    browser runs, ``asyncio.run`` works, and Playwright's mark is back after."""
    import asyncio

    async def seven() -> int:
        await asyncio.sleep(0)
        return 7

    context = browser.new_context()  # a sync call: Playwright marks its loop
    try:
        marked = asyncio._get_running_loop()
        assert marked is not None
        coroutine = seven()
        with pytest.raises(RuntimeError, match="running event loop"):
            asyncio.run(coroutine)
        coroutine.close()
        with h.event_loop_of_its_own():
            assert asyncio.run(seven()) == 7
        assert asyncio._get_running_loop() is marked
    finally:
        context.close()
