"""Four Suit Rummy through the real UI: RULES.md Examples 1 and 2 entered by
taps (runs in the run builder, leftover cards on the keypad), an ambiguous ace
asked for, a run that is not a run refused, a warning that needs a confirm."""

from __future__ import annotations

import re

import e2e_harness as h
import pytest
from kortpoeng_flows import (
    APP,
    add_run,
    new_session,
    open_hand,
    totals,
    wait_for,
    wait_gone,
    wait_text,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bjørn"]


def test_examples_1_and_2_by_taps(flet_app, open_page) -> None:
    server = flet_app(APP, lang="en")
    page = open_page(server)
    new_session(page, "four_suit_rummy", PLAYERS)

    # Example 1: Anna goes out with four runs; Bjørn laid three and holds 7, 8, K.
    open_hand(page)
    h.tap(page, "went-out-0")
    add_run(page, 0, "H", ["5", "6", "7"])
    add_run(page, 0, "S", ["5", "6", "7"])
    add_run(page, 0, "D", ["9", "A", "J"])  # the ace can only be 10: not asked
    add_run(page, 0, "C", ["A", "Q", "K"])  # the ace can only be J: not asked
    add_run(page, 1, "H", ["8", "9", "10"])
    add_run(page, 1, "S", ["8", "A", "10"])
    add_run(page, 1, "D", ["2", "3", "4"])
    for rank in ("7", "8", "K"):
        h.tap(page, f"key-Bjørn-{rank}")
    wait_text(page, "points-0", "155")
    wait_text(page, "points-1", "110")
    assert "4 runs × 20 = 80" in h.text_of(page, "breakdown-0")
    assert "1 matching pair × 50 = 50" in h.text_of(page, "breakdown-0")
    assert "25" in h.text_of(page, "breakdown-0")
    h.screenshot(page, "fsr-example1-entry-en-phone")
    h.tap(page, "hand-save")
    wait_for(page, "hand-row-1")
    assert totals(page, 2) == ["155", "110"]

    # Example 2: the ace in A-10-J♣ could be 9 or Q, so the app asks.
    open_hand(page)
    h.tap(page, "went-out-0")
    add_run(page, 0, "H", ["5", "6", "7"])
    add_run(page, 0, "S", ["5", "6", "7"])
    add_run(page, 0, "D", ["9", "A", "J"])
    h.tap(page, "run-add-0")
    h.tap(page, "suit-C")
    for rank in ("A", "10", "J"):
        h.tap(page, f"run-rank-{rank}")
    wait_for(page, "ace-as-9")
    wait_for(page, "ace-as-Q")
    h.tap(page, "ace-as-9")
    wait_for(page, "run-0-3")
    h.tap(page, "run-done")
    wait_gone(page, "run-done")
    add_run(page, 1, "H", ["8", "9", "10"])
    add_run(page, 1, "S", ["8", "A", "10"])
    add_run(page, 1, "D", ["8", "9", "10"])
    for rank in ("4", "7", "J"):
        h.tap(page, f"key-Bjørn-{rank}")
    wait_text(page, "points-0", "201")
    wait_text(page, "points-1", "210")

    # 9♦ is in both players' runs: a warning, saved only after a confirm.
    h.tap(page, "hand-save")
    wait_for(page, "hand-warnings")
    assert "9" in h.text_of(page, "hand-warnings")
    h.screenshot(page, "fsr-example2-warning-en-phone")
    h.tap(page, "confirm-warnings")
    wait_for(page, "hand-row-2")
    wait_text(page, "total-0", "356")
    wait_text(page, "total-1", "320")
    h.screenshot(page, "fsr-standings-en-phone")


def test_invalid_run_and_points_are_refused_and_nothing_is_saved(flet_app, open_page) -> None:
    server = flet_app(APP, lang="en")
    page = open_page(server)
    new_session(page, "four_suit_rummy", PLAYERS)
    open_hand(page)
    h.tap(page, "went-out-0")
    h.tap(page, "run-add-1")
    h.tap(page, "suit-H")
    for rank in ("2", "5", "9"):
        h.tap(page, f"run-rank-{rank}")
    wait_for(page, "run-error")
    assert h.text_of(page, "run-error")
    h.tap(page, "suit-H")  # picking the suit again starts the run over
    h.tap(page, "run-done")
    wait_gone(page, "run-done")
    # A plain number: empty asks for it; what is no sum of whole numbers is
    # refused in words (never read in part), and a number is taken.
    h.tap(page, "plain-1")
    wait_text(page, "hand-error", "Type the points for Bjørn")
    h.type_into(page, "plain-value-1", "12x")
    wait_text(page, "hand-error", re.compile("“12x” is not a sum of whole numbers"))
    h.type_into(page, "plain-value-1", "12")
    wait_text(page, "points-0", "12")
    wait_gone(page, "hand-error")
    h.screenshot(page, "fsr-invalid-en-phone")
    # An ace still to be chosen: "Done" keeps the run, "Save" refuses.
    h.tap(page, "run-add-0")
    h.tap(page, "suit-C")
    for rank in ("A", "10", "J"):
        h.tap(page, f"run-rank-{rank}")
    wait_for(page, "ace-question")
    h.tap(page, "run-done")
    wait_text(page, "run-error", "Choose what the ace stands for first")
    h.tap(page, "hand-save")
    wait_text(page, "hand-error", "Finish the run you are building first")
    h.screenshot(page, "fsr-pending-ace-en-phone")
    h.tap(page, "nav-back")
    wait_for(page, "screen-session")
    wait_gone(page, "hand-row-1")
    assert totals(page, 2) == ["0", "0"]
