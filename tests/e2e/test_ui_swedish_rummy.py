"""Swedish Rummy through the real UI, where only a browser shows it:
reloading the page and a second tab (another phone) lose nothing, and each
sees the hands the other saves as they are saved.

The games' flows without a browser (action cards to the target and the end,
a rematch, editing and deleting an earlier hand with its undo) are in
tests/app/test_hand_screen.py; the taps a hand takes are counted in
test_entry_access.py."""

from __future__ import annotations

import e2e_harness as h
import pytest
from kortpoeng_flows import (
    APP,
    Taps,
    enter_hand,
    new_session,
    wait_for,
    wait_text,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bo", "Cato"]


def listed(page, sid: str, words: str) -> None:
    """Wait until the session list's entry for ``sid`` says ``words``."""
    entry = h.by_id(page, f"session-{sid}").locator(f'[aria-label*="{words}"]')
    entry.first.wait_for(state="attached")


def test_reload_and_second_tab_lose_nothing(flet_app, open_page) -> None:
    """Reloading keeps the session; a second phone sees it, and each sees the
    hands the other saves as they are saved."""
    server = flet_app(APP, lang="en")
    page = open_page(server)
    new_session(page, "swedish_rummy", PLAYERS, preset="100n")
    taps = Taps(page)
    enter_hand(taps, PLAYERS, "Cato", {"Anna": ["9"], "Bo": ["A"]})
    wait_text(page, "total-2", "10")
    url = page.url
    assert "/session/" in url
    page.reload()
    h.wait_first_frame(page)
    h.enable_semantics(page)
    wait_text(page, "total-2", "10")
    wait_for(page, "hand-row-1")
    other = open_page(server, path=url.split("/", 3)[3])
    wait_text(other, "total-2", "10")
    wait_for(other, "hand-row-1")
    # A hand saved on one phone shows on the other without a reload; the
    # other one's session list follows too.
    enter_hand(taps, PLAYERS, "Anna", {"Bo": ["K"], "Cato": ["2"]})
    wait_text(page, "total-0", "12")
    wait_text(other, "total-0", "12")
    wait_for(other, "hand-row-2")
    sid = url.rstrip("/").rsplit("/", 1)[1]
    listing = open_page(server)
    listed(listing, sid, "2 hands")
    enter_hand(Taps(other), PLAYERS, "Bo", {"Anna": ["3"], "Cato": ["4"]})
    wait_text(other, "total-1", "7")
    wait_text(page, "total-1", "7")
    wait_for(page, "hand-row-3")
    listed(listing, sid, "3 hands")
