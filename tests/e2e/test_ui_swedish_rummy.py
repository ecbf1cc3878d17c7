"""Swedish Rummy through the real UI: entry economy (taps counted), action-card
variants to the target and the end of the session, editing an earlier hand,
reloading and a second tab."""

from __future__ import annotations

import e2e_harness as h
import pytest
from kortpoeng_flows import (
    APP,
    Taps,
    enter_hand,
    new_session,
    open_hand,
    settle,
    totals,
    wait_for,
    wait_gone,
    wait_text,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bo", "Cato"]


def test_entry_economy_counted_taps(flet_app, open_page) -> None:
    server = flet_app(APP, lang="en")
    page = open_page(server)
    new_session(page, "swedish_rummy", PLAYERS, preset="100n")
    taps = Taps(page)
    left = {"Bo": ["K", "8", "3"], "Cato": ["2", "Q"]}
    enter_hand(taps, PLAYERS, "Anna", left)
    cards = sum(len(v) for v in left.values())
    assert taps.count <= cards + len(PLAYERS) + 2, taps.count
    wait_for(page, "hand-row-1")
    # K 10 + 8 50 + 3 + 2 + Q 10 = 75, all to Anna
    assert totals(page, 3) == ["75", "0", "0"]


def test_action_cards_reach_the_target_and_the_game_ends(flet_app, open_page) -> None:
    server = flet_app(APP, lang="en")
    page = open_page(server)
    new_session(
        page, "swedish_rummy", PLAYERS, switches=["draw_two", "reverse_queens"], preset="100"
    )
    taps = Taps(page)
    # RULES.md: with reverse_queens and draw_two, Q + 8 + 2 = 90.
    enter_hand(taps, PLAYERS, "Bo", {"Anna": ["Q", "8", "2"]})
    wait_text(page, "total-1", "90")
    enter_hand(taps, PLAYERS, "Bo", {"Cato": ["K"]})
    wait_for(page, "winner-banner")
    assert "Bo" in h.text_of(page, "winner-banner")
    assert totals(page, 3) == ["0", "100", "0"]
    wait_gone(page, "new-hand")
    wait_for(page, "rematch")
    h.screenshot(page, "swedish-winner-en-phone")
    h.tap(page, "rematch")  # the form, filled for the rematch: Start starts it
    wait_for(page, "rematch-intro")
    h.tap(page, "start-session")
    wait_for(page, "new-hand")
    assert totals(page, 3) == ["0", "0", "0"]


def test_editing_an_earlier_hand_changes_later_totals(flet_app, open_page) -> None:
    server = flet_app(APP, lang="en")
    page = open_page(server)
    new_session(page, "swedish_rummy", PLAYERS, preset="100n")
    taps = Taps(page)
    enter_hand(taps, PLAYERS, "Anna", {"Bo": ["K"]})
    enter_hand(taps, PLAYERS, "Anna", {"Cato": ["5"]})
    wait_text(page, "running-2-0", "15")
    open_hand(page, "hand-row-1")
    h.tap(page, "key-Bo-8")  # Bo held an 8 too: 10 + 50
    wait_text(page, "points-0", "60")
    settle(page)
    h.tap(page, "hand-save")
    wait_for(page, "screen-session")
    wait_text(page, "running-1-0", "60")
    wait_text(page, "running-2-0", "65")
    assert totals(page, 3)[0] == "65"
    # delete hand 1: hand 2 becomes hand 1
    open_hand(page, "hand-row-1")
    h.tap(page, "hand-delete")
    wait_for(page, "screen-session")
    wait_gone(page, "hand-row-2")
    wait_text(page, "total-0", "5")
    # the deletion can be undone: hand 1 is back at its number
    wait_for(page, "hand-deleted")
    h.tap(page, "notice-undo")  # the undo is in the notice above the sheet now
    wait_for(page, "hand-row-2")
    wait_text(page, "running-1-0", "60")
    wait_text(page, "total-0", "65")


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
