"""Five Crowns (RULES.md §6) through the real UI on a phone (390 × 844), in
Norwegian and in English (issue 28): rounds 1 to 3 of RULES.md §6.1 entered
with the taps §6.2 counts — round 1 with Di's one tap on "Went out too" (no
question on save: 10 taps), round 3 in 15 — and the totals on the sheet.
On the hand screen, each of the five cards Ada holds in round 3 shows as a
chip in her strip, none scrolled out of view (a typical hand's cards are
seen, not only the last two).

Everything else of Five Crowns' screens is tested without a browser:
tests/app/test_five_crowns_screens.py. Screenshots:
artifacts/screenshots/five-crowns-round-<n>-<lang>.png."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, Taps, new_session, reveal, settle, wait_for, wait_text

pytestmark = pytest.mark.e2e

PLAYERS = ["Ada", "Bo", "Cy", "Di"]

#: RULES.md §6.1 rounds 1–3 by rank: who goes out, who went out too, the cards left.
ROUNDS: Sequence[tuple[int, tuple[int, ...], Mapping[int, Sequence[str]]]] = (
    (0, (3,), {1: ["3", "8", "J"], 2: ["JKR", "5", "9"]}),
    (1, (2,), {0: ["K", "6", "8", "10"], 3: ["4", "J", "7", "9"]}),
    (2, (), {0: ["5", "K", "8", "10", "3"], 1: ["4", "4"], 3: ["JKR", "Q", "9", "6", "3"]}),
)

#: Every node with an identifier and its box.
BOXES_JS = """() => Object.fromEntries(
  Array.from(document.querySelectorAll("[flt-semantics-identifier]")).map((e) => {
    const r = e.getBoundingClientRect();
    return [e.getAttribute("flt-semantics-identifier"), {x: r.x, y: r.y, w: r.width}];
  }))"""


def enter_round(page: Any, lang: str, number: int) -> int:
    """Round ``number`` (1-based) of :data:`ROUNDS` on the hand screen: the taps made."""
    went_out, also_out, left = ROUNDS[number - 1]
    taps = Taps(page)
    taps.tap("new-hand")  # *Enter hand*
    wait_for(page, "screen-hand")
    settle(page, 0.3)
    taps.tap(f"went-out-{went_out}")
    settle(page)
    for seat in also_out:  # one tap: "Went out too" (RULES.md §6.2)
        reveal(page, f"also-out-{seat}")
        taps.tap(f"also-out-{seat}")
        settle(page)
    for seat, ranks in left.items():
        for rank in ranks:
            key = f"key-{PLAYERS[seat]}-{rank}"
            reveal(page, key)
            taps.tap(key)
            settle(page)
    if number == 3:  # Ada's five cards: each chip in view in her strip
        reveal(page, "chip-0-0")
        wait_text(page, "cards-0", {"nb": "5 kort", "en": "5 cards"}[lang])
        boxes = h.settled(page, BOXES_JS)
        h.screenshot(page, f"five-crowns-round-3-chips-{lang}")
        strip_y = boxes["chip-0-4"]["y"]
        for index in range(5):
            box = boxes[f"chip-0-{index}"]
            assert box["x"] >= 0 and box["x"] + box["w"] <= h.PHONE["width"], (index, box)
            assert box["y"] == strip_y, (index, box)  # one row: the keys never move
            assert box["x"] + box["w"] <= boxes["plain-0"]["x"] + 1, (index, box, boxes["plain-0"])
    h.screenshot(page, f"five-crowns-round-{number}-{lang}")
    taps.tap("hand-save")  # *Save hand*: no question (nobody left with nothing)
    wait_for(page, "screen-session")
    return taps.count


def test_rounds_1_to_3_of_five_crowns_on_a_phone_in_both_languages(flet_app, open_page) -> None:
    for lang in ("nb", "en"):
        server = flet_app(APP, lang=lang)
        page = open_page(server)  # a phone, 390 × 844
        new_session(page, "five_crowns", PLAYERS)
        assert enter_round(page, lang, 1) == 10  # RULES.md §6.2: 8, 10 with Enter and Save
        assert enter_round(page, lang, 2) == 12
        assert enter_round(page, lang, 3) == 15
        for seat, total in enumerate(("91", "47", "64", "127")):
            wait_text(page, f"total-{seat}", total)
        h.screenshot(page, f"five-crowns-sheet-{lang}")
        # round 4 begun at a desktop's size: the same panels, side by side
        page.set_viewport_size(dict(h.DESKTOP))
        h.tap(page, "new-hand")
        wait_for(page, "screen-hand")
        settle(page, 0.3)
        h.tap(page, "went-out-0")
        for rank in ("6", "K", "JKR"):
            reveal(page, f"key-Bo-{rank}")
            h.tap(page, f"key-Bo-{rank}")
            settle(page)
        wait_text(page, "cards-1", {"nb": "3 kort", "en": "3 cards"}[lang])
        h.screenshot(page, f"five-crowns-hand-desktop-{lang}")
        page.context.close()
