"""The harness in a real browser: start the hello app, tap its button, read
the screen, and a second tab is a session of its own. (What the harness does
without a browser is tested in tests/test_e2e_harness.py.)"""

from __future__ import annotations

import e2e_harness as h
import pytest

pytestmark = pytest.mark.e2e


def test_taps_reach_the_app_and_each_tab_is_its_own_session(flet_app, open_page) -> None:
    server = flet_app(h.HELLO_APP)
    page = open_page(server)
    h.wait_for_text(page, "Count: 0")

    h.tap(page, "hello-increment")
    h.wait_for_text(page, "Count: 1")
    h.tap(page, "hello-increment")
    h.wait_for_text(page, "Count: 2")

    assert h.text_of(page, "hello-count") == "Count: 2"
    shot = h.screenshot(page, "harness-hello-phone")
    assert shot.is_file() and shot.stat().st_size > 0

    # another tab of the same app starts from nothing; the first keeps its count
    second = open_page(server, viewport=h.DESKTOP)
    h.wait_for_text(second, "Count: 0")
    assert h.text_of(second, "hello-count") == "Count: 0"
    assert h.text_of(page, "hello-count") == "Count: 2"
    h.screenshot(second, "harness-hello-desktop")
