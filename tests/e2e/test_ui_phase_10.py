"""Phase 10 through the real UI on a phone (390 × 844), in Norwegian and in
English (RULES.md §8; issue 28): a session of three started from the form,
RULES.md §8.1's first hand entered in the 17 taps §8.2 counts — Ada out
(her "Phase 1" ticked without a tap), Bo's "Phase 1" tapped, Bo's 3 and
Cy's 10 cards on the four keys — the live points, the save, and the sheet's
totals with each player's phase under them.

The same flows without a browser (the session to its end, the winner among
those who completed phase 10, a change, exports and statistics) are
tests/app/test_phase_10_screens.py. Screenshots:
artifacts/screenshots/phase-10-hand-<lang>.png, phase-10-sheet-<lang>.png."""

from __future__ import annotations

from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, Taps, new_session, reveal, settle, wait_for, wait_says, wait_text

pytestmark = pytest.mark.e2e

PLAYERS = ["Ada", "Bo", "Cy"]
#: RULES.md §8.1 example 1: Bo holds 7, 11, Wild; Cy 1, 4, 4, 6, 8, 9, 10,
#: 12, Skip, Wild — by the keys' classes.
LEFT = {
    "Bo": ["low", "high", "wild"],
    "Cy": ["low"] * 6 + ["high", "high", "skip", "wild"],
}
PHASE = {"en": "Phase 1", "nb": "Fase 1"}
SHEET_PHASE = {"en": ("phase 2", "phase 1"), "nb": ("fase 2", "fase 1")}


def first_hand(page: Any, lang: str) -> int:
    """RULES.md §8.2 example 1 on the hand screen: the taps made."""
    taps = Taps(page)
    taps.tap("new-hand")  # *Enter hand*
    wait_for(page, "screen-hand")
    settle(page, 0.3)
    taps.tap("went-out-0")  # Ada went out: her phase is ticked already
    settle(page)
    reveal(page, "stage-1")
    wait_says(page, "stage-1", PHASE[lang])
    taps.tap("stage-1")  # Bo laid phase 1 down too
    settle(page)
    for player, faces in LEFT.items():
        for face in faces:
            reveal(page, f"key-{player}-{face}")
            taps.tap(f"key-{player}-{face}")
        wait_for(page, f"chip-{PLAYERS.index(player)}-{len(faces) - 1}")
    reveal(page, "points-2")
    wait_text(page, "points-1", "40")
    wait_text(page, "points-2", "90")
    h.screenshot(page, f"phase-10-hand-{lang}")
    reveal(page, "hand-save")
    taps.tap("hand-save")  # *Save hand*
    wait_for(page, "screen-session")
    settle(page)
    return taps.count


def test_hand_1_of_phase_10_on_a_phone_in_both_languages(flet_app, open_page) -> None:
    for lang in ("nb", "en"):
        server = flet_app(APP, lang=lang)
        page = open_page(server)  # a phone, 390 × 844
        new_session(page, "phase_10", PLAYERS)
        assert first_hand(page, lang) == 17  # RULES.md §8.2: 15, 17 with Enter and Save
        for seat, total in enumerate(("0", "40", "90")):
            wait_text(page, f"total-{seat}", total)
        on_2, on_1 = SHEET_PHASE[lang]
        for seat, phase in enumerate((on_2, on_2, on_1)):
            wait_says(page, f"phase-{seat}", phase)
        h.screenshot(page, f"phase-10-sheet-{lang}")
