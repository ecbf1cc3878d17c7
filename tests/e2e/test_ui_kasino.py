"""Kasino through the real UI on a phone (390 × 844), in Norwegian and in
English (RULES.md §5; issue 28): a session to 21 started from the form, the
first deal of RULES.md §5.2 (example 1) entered with the taps §5.3 counts —
Kari's 29 cards and 8 spades, her 10♦ A♠ A♥, the sweeps — Ola's row derived
and shown grey, the live points, the save and the sheet's totals. Every
button of a pile row stays inside the phone's width.

The same flows without a browser (every tap counted, the session to its
shared win, exports and statistics) are tests/app/test_kasino_screens.py.
Screenshots: artifacts/screenshots/kasino-hand-<lang>.png.

Partnerships (RULES.md §5 example 4, Kari and Per against Ola and Liv): a
session to 21 played to its end through the hand screen, the sheet a column
a team with places by team and the winning team on the banner, on a phone
and a desktop (screenshots kasino-teams-running-<lang>-phone.png after the
first deal, kasino-teams-sheet-<lang>-phone/-desktop.png at the end);
the team standings themselves are tested in plain Python
(tests/app/test_team_standings_screens.py)."""

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


#: Partnerships: per deal, the taps on the first team's row (its cards' digits,
#: its spades, its named cards) and the sweeps per row; the other row follows.
TEAM_DEALS = [
    ("30", 9, ("10D", "2S", "AS"), (1, 2)),  # RULES.md §5.2 example 4: 9 and 5
    ("22", 4, ("AD", "AC"), (0, 1)),  # 2 and 10: Ola & Liv lead, 11 and 15
    ("30", 9, ("10D", "2S", "AS", "AD"), (2, 0)),  # 11 and 2: 22 and 17, the end
]

#: Text of the sheet in each language: the progress line after the first
#: deal, the banner and the progress line at the end.
TEAM_WORDS = {
    "en": (
        "Target 21: Kari & Per need 12 more",
        "Kari and Per win with 22 points",
        "Finished after 3 hands",
    ),
    "nb": (
        "Mål 21: Kari & Per trenger 12 til",
        "Kari og Per vinner med 22 poeng",
        "Ferdig etter 3 runder",
    ),
}


def team_deal(page: Any, cards: str, spades: int, chips: tuple[str, ...], sweeps) -> None:
    """One deal of a partnerships session on the hand screen, a row a team."""
    h.tap(page, "new-hand")
    wait_for(page, "screen-hand")
    settle(page, 0.3)
    for digit in cards:
        reveal(page, f"pile-digit-0-{digit}")
        h.tap(page, f"pile-digit-0-{digit}")
    wait_says(page, "pile-cards-0", cards)
    reveal(page, f"pile-suit-0-S-{spades}")
    h.tap(page, f"pile-suit-0-S-{spades}")
    for chip in chips:
        reveal(page, f"pile-chip-0-{chip}")
        h.tap(page, f"pile-chip-0-{chip}")
    for row, count in enumerate(sweeps):
        for _ in range(count):
            reveal(page, f"pile-event-{row}-sweep")
            h.tap(page, f"pile-event-{row}-sweep")
    h.tap(page, "hand-save")
    wait_for(page, "screen-session")


def test_partnerships_to_the_end_a_column_a_team_on_a_phone_and_a_desktop(
    flet_app, open_page
) -> None:
    for lang in ("nb", "en"):
        server = flet_app(APP, lang=lang)
        page = open_page(server)
        new_session(page, "kasino", ["Kari", "Ola", "Per", "Liv"], switches=["partners"])
        leading, winner, progress = TEAM_WORDS[lang]
        team_deal(page, *TEAM_DEALS[0])
        wait_says(page, "progress", leading)
        h.screenshot(page, f"kasino-teams-running-{lang}-phone")  # "Ola deals" under her team
        for deal in TEAM_DEALS[1:]:
            team_deal(page, *deal)
        wait_says(page, "winner-banner", winner)
        wait_says(page, "progress", progress)
        # two columns, a team each, places by team (1 and 2, not 1, 1, 3, 3)
        wait_text(page, "name-0", "Kari & Per")
        wait_text(page, "name-1", "Ola & Liv")
        assert not h.by_id(page, "name-2").count()
        wait_text(page, "total-0", "22")
        wait_text(page, "total-1", "17")
        wait_text(page, "running-2-1", "15")
        boxes = h.settled(page, BOXES_JS)
        for identifier in ("name-0", "name-1", "total-0", "total-1"):
            box = boxes[identifier]
            assert box["x"] >= 0 and box["x"] + box["w"] <= h.PHONE["width"], (identifier, box)
        h.screenshot(page, f"kasino-teams-sheet-{lang}-phone")
        page.set_viewport_size(h.DESKTOP)
        settle(page, 0.5)
        wait_text(page, "total-0", "22")
        h.screenshot(page, f"kasino-teams-sheet-{lang}-desktop")
        page.context.close()
