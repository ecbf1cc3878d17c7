"""A tab that goes away and comes back (a reload, a phone waking up) shows
every screen as it is now: what changed on the server while the socket was
closed is drawn when it opens again."""

from __future__ import annotations

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, wait_for, wait_gone

pytestmark = pytest.mark.e2e


def test_a_screen_opened_just_before_a_reload_takes_taps_after_it(flet_app, open_page) -> None:
    """The arrival guard of a screen that had just opened when the tab went
    away is lifted while the socket is closed; the tab that comes back must
    not keep it (it would ignore every tap on that screen)."""
    server = flet_app(APP, lang="en")
    page = open_page(server)
    wait_for(page, "screen-sessions")
    for _attempt in range(5):
        h.tap(page, "nav-new-session")
        wait_for(page, "screen-new-session")
        if h.by_id(page, "arrival-guard").count():
            break  # the guard is up: reload now
        h.tap(page, "nav-back")
        wait_for(page, "screen-sessions")
    else:
        pytest.fail("no screen was caught with its arrival guard up")
    page.reload()
    h.wait_first_frame(page)
    h.enable_semantics(page)
    wait_for(page, "screen-new-session")
    wait_gone(page, "arrival-guard")
    h.tap(page, "nav-games")
    wait_for(page, "screen-games")
