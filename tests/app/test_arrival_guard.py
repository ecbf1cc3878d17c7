"""The arrival guard's timed lift (``app.ui.frame._timed_lift``): it asks for
redraws until one has happened, so one redraw that Flet drops (the tab had no
connection when it was due) does not leave the cover up. Seen in a stressed
run: a reload while a screen's cover was up left its "Opening…" cover up for
good. (What a guard covers, and for how long: tests/app/test_double_tap.py;
the work-around's canary: tests/app/test_flet_fixes.py.)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

import pytest

from app.ui.flet_fixes import lost_redraw
from app.ui.frame import _GuardLife, _timed_lift, guard_cover
from app.ui.state.double_tap import Cover

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end on an event loop of its own, in a thread of
    its own, and return its result: a browser test run earlier by the same
    worker leaves this thread's loop running, and ``asyncio.run`` refuses to
    start another."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tries a millisecond apart, so they are counted, not waited for."""
    monkeypatch.setattr(lost_redraw, "LIFT_RETRY", 0.001)


def over() -> _GuardLife:
    """A guard whose time is over: it covered a square until a moment ago."""
    return _GuardLife(Cover(0.0, 0.0, 200.0, until=time.monotonic()))


def test_the_lift_asks_again_until_a_redraw_has_happened() -> None:
    life = over()
    asked: list[int] = []

    def redraw() -> None:  # the first three are dropped (no connection)
        asked.append(len(asked) + 1)
        if len(asked) == 4:
            life.drawn_past = True

    run(_timed_lift(life, redraw))
    assert asked == [1, 2, 3, 4]


def test_the_lift_stops_when_its_screen_has_gone() -> None:
    life = over()
    asked: list[int] = []

    def redraw() -> None:
        asked.append(1)
        life.gone = True

    run(_timed_lift(life, redraw))
    assert asked == [1]


def test_the_lift_gives_up_after_its_tries() -> None:
    life = over()
    asked: list[int] = []
    run(_timed_lift(life, lambda: asked.append(1)))
    assert len(asked) == lost_redraw.LIFT_TRIES == 60


def test_a_guard_with_nothing_to_cover_is_past_at_once_and_never_redraws() -> None:
    life = _GuardLife(None)
    assert life.past()
    life.drawn_past = True  # its first render drew nothing
    asked: list[int] = []
    run(_timed_lift(life, lambda: asked.append(1)))
    assert asked == []


def test_a_guard_is_up_until_its_covers_time() -> None:
    life = _GuardLife(Cover(0.0, 0.0, 200.0, until=time.monotonic() + 60))
    assert not life.past()


def test_a_tab_that_connects_again_drops_the_cover_it_held() -> None:
    """A reload while a screen's cover was up: the tab that comes back is past
    any double tap, so the cover goes at once, not when its time is over (the
    browser test saw it kept for the whole double-tap time)."""
    cover = Cover(10.0, 20.0, 96.0, until=time.monotonic() + 60.0)
    life = _GuardLife(cover, connections=3)
    assert guard_cover(life, 3) == cover  # the same connection: still up
    assert not life.past()
    assert guard_cover(life, 4) is None  # connected again: dropped
    assert life.past()
    assert guard_cover(life, 4) is None  # and for good


def test_connecting_again_counts_and_reloads_the_screen() -> None:
    from app.ui.state import AppState

    app = AppState()
    revision, connections = app.revision, app.connections
    app.connected()
    assert (app.revision, app.connections) == (revision + 1, connections + 1)
    app.changed()  # a write: the screen reloads, the cover stays
    assert (app.revision, app.connections) == (revision + 2, connections + 1)
