"""Kasino through the real UI on a phone (390 × 844), in Norwegian and in
English (RULES.md §5; issue 28): a session to 21 started from the form, the
first deal of RULES.md §5.2 (example 1) entered with the taps §5.3 counts —
Kari's 29 cards and 8 spades, her 10♦ A♠ A♥, the sweeps — Ola's row derived
and shown grey, the live points, the save and the sheet's totals. Every
button of a pile row stays inside the phone's width.

The same flows without a browser (every tap counted, the session to its
shared win, exports and statistics) are tests/app/test_kasino_screens.py.
Screenshots: artifacts/screenshots/kasino-hand-<lang>.png."""

from __future__ import annotations

from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, Taps, new_session, reveal, settle, wait_for, wait_says, wait_text

pytestmark = pytest.mark.e2e

PLAYERS = ["Kari", "Ola"]

#: Every node with an identifier and its box.
BOXES_JS = """() => Object.fromEntries(
  Array.from(document.querySelectorAll("[flt-semantics-identifier]")).map((e) => {
    const r = e.getBoundingClientRect();
    return [e.getAttribute("flt-semantics-identifier"), {x: r.x, w: r.width}];
  }))"""


def first_deal(page: Any, lang: str) -> int:
    """RULES.md §5.3 example 1 on the hand screen: the taps made."""
    taps = Taps(page)
    taps.tap("new-hand")  # *Enter hand*
    wait_for(page, "screen-hand")
    settle(page, 0.3)
    for identifier in ("pile-digit-0-2", "pile-digit-0-9"):
        reveal(page, identifier)
        taps.tap(identifier)
    wait_says(page, "pile-cards-0", "29")
    reveal(page, "pile-suit-0-S-8")
    taps.tap("pile-suit-0-S-8")
    for chip in ("10D", "AS", "AH"):
        reveal(page, f"pile-chip-0-{chip}")
        taps.tap(f"pile-chip-0-{chip}")
    for seat, sweeps in ((0, 2), (1, 1)):
        for _ in range(sweeps):
            reveal(page, f"pile-event-{seat}-sweep")
            taps.tap(f"pile-event-{seat}-sweep")
    # Ola's row follows, grey: 52 and 13 less Kari's, the named cards left
    reveal(page, "pile-cards-1")
    wait_says(page, "pile-cards-1", "= 23")
    wait_says(page, "pile-points-1", "4")
    wait_says(page, "pile-points-0", "10")
    boxes = h.settled(page, BOXES_JS)
    for identifier, box in boxes.items():
        if identifier.startswith("pile-"):
            assert box["x"] >= 0 and box["x"] + box["w"] <= h.PHONE["width"], (identifier, box)
    h.screenshot(page, f"kasino-hand-{lang}")
    taps.tap("hand-save")  # *Save hand*
    wait_for(page, "screen-session")
    return taps.count


def test_a_deal_of_kasino_on_a_phone_in_both_languages(flet_app, open_page) -> None:
    for lang in ("nb", "en"):
        server = flet_app(APP, lang=lang)
        page = open_page(server)
        new_session(page, "kasino", PLAYERS)
        assert first_deal(page, lang) == 11  # RULES.md §5.3: 9, 11 with Enter and Save
        wait_text(page, "total-0", "10")
        wait_text(page, "total-1", "4")
        h.screenshot(page, f"kasino-sheet-{lang}")
        page.context.close()
