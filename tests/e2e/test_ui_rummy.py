"""Rummy (penalty scoring) through the real UI, in Norwegian: five rounds with
four players played to the end; the lowest total wins and a tie is shared."""

from __future__ import annotations

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, Taps, enter_hand, new_session, totals, wait_for

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bo", "Cato", "Dina"]
HANDS = [
    ("Anna", {"Bo": ["5"], "Cato": ["K"], "Dina": ["K"]}),
    ("Bo", {"Anna": ["5"], "Cato": ["K"], "Dina": ["K"]}),
    ("Cato", {"Anna": ["2"], "Bo": ["2"], "Dina": ["K"]}),
    ("Dina", {"Anna": ["3"], "Bo": ["3"], "Cato": ["K"]}),
    ("Cato", {"Anna": ["A"], "Bo": ["A"], "Dina": ["K"]}),
]


def test_five_rounds_in_norwegian_with_a_shared_win(flet_app, open_page) -> None:
    server = flet_app(APP, lang="nb")
    page = open_page(server)
    new_session(page, "rummy", PLAYERS, preset="r5")
    assert "5" in h.text_of(page, "progress")
    taps = Taps(page)
    for went_out, left in HANDS:
        enter_hand(taps, PLAYERS, went_out, left)
    wait_for(page, "winner-banner")
    banner = h.text_of(page, "winner-banner")
    assert "Anna" in banner and "Bo" in banner and "deler seieren" in banner, banner
    assert totals(page, 4) == ["11", "11", "30", "40"]
    h.screenshot(page, "rummy-shared-win-nb-phone")
