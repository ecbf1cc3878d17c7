"""Plump (RULES.md §7) through the real UI at phone size (390 × 844), in
Norwegian and in English: a session of four started from the form, RULES.md
§7.1's first deal entered in its 9 taps — the bids in bidding order with the
dealer's hooked bid shown but not offered, the made bids after play — and
the totals on the sheet.

Everything else of the game's screens (the steps, the hook after a change,
Continue hand, a whole session, exports, statistics) is tested without a
browser: tests/app/test_plump_screens.py."""

from __future__ import annotations

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, Taps, new_session, settle, wait_for, wait_says, wait_text

pytestmark = pytest.mark.e2e

PLAYERS = ["Kari", "Ola", "Per", "Liv"]  # Kari deals the first deal


#: What the screens say, per language.
WORDS = {
    "en": {"round": "Round 1 of 22 · 10 cards", "next": "Enter hand 2"},
    "nb": {"round": "Runde 1 av 22 · 10 kort", "next": "Før inn runde 2"},
}


def test_deal_1_of_rules_7_1_in_nine_taps_in_both_languages(flet_app, open_page) -> None:
    for lang in ("nb", "en"):
        server = flet_app(APP, lang=lang)
        page = open_page(server)  # a phone, 390 × 844
        assert page.viewport_size == {"width": 390, "height": 844}
        deal_1(page, lang)
        page.context.close()


def deal_1(page, lang: str) -> None:
    """RULES.md §7.1's first deal from a new session, its taps counted."""
    new_session(page, "plump", PLAYERS)
    taps = Taps(page)
    taps.tap("new-hand")
    wait_for(page, "screen-hand")
    settle(page)
    wait_text(page, "hand-round", WORDS[lang]["round"])
    # the bids in bidding order: Ola, Per, Liv, then Kari who deals
    for seat, bid in ((1, 3), (2, 2), (3, 4)):
        taps.tap(f"bid-{seat}-{bid}")
        settle(page)
    # the hook: Kari may not bid 1 (3 + 2 + 4 + 1 = 10): shown, not offered
    wait_for(page, "bid-0-1-hooked")
    assert not h.by_id(page, "bid-0-1").count()
    h.screenshot(page, f"plump-bids-hook-{lang}")
    taps.tap("bid-0-2")
    wait_for(page, "made-0")
    settle(page)
    for seat in (0, 1, 2):  # Kari, Ola and Per made their bids; Liv took 3, not 4
        taps.tap(f"made-{seat}")
        settle(page)
    wait_text(page, "points-1", "13")
    h.screenshot(page, f"plump-made-{lang}")
    taps.tap("hand-save")
    wait_for(page, "screen-session")
    assert taps.count == 9  # RULES.md §7.2: Enter hand, 4 bids, 3 made, Save hand
    for seat, total in enumerate(("12", "13", "12", "0")):
        wait_text(page, f"total-{seat}", total)
    wait_says(page, "new-hand", WORDS[lang]["next"])
