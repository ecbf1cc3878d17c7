"""Two phones on one session at the same table: what one saves, the other
sees; a change made on a phone never lands on the wrong hand."""

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
    wait_for,
    wait_gone,
    wait_says,
    wait_text,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bo", "Cato"]


def _two_phones(flet_app, open_page, hands):
    server = flet_app(APP, lang="en")
    phone_a = open_page(server)
    new_session(phone_a, "swedish_rummy", PLAYERS, preset="100n")
    for went_out, left in hands:
        enter_hand(Taps(phone_a), PLAYERS, went_out, left)
    path = phone_a.url.split("/", 3)[3]
    phone_b = open_page(server, path=path)
    wait_for(phone_b, f"hand-row-{len(hands)}")
    return phone_a, phone_b


def test_a_change_to_a_deleted_hand_is_refused_and_a_hand_saved_first_is_not_entered_twice(
    flet_app, open_page
) -> None:
    phone_a, phone_b = _two_phones(
        flet_app,
        open_page,
        [("Anna", {"Bo": ["K"]}), ("Bo", {"Cato": ["9"]}), ("Cato", {"Anna": ["5"]})],
    )
    wait_text(phone_a, "total-0", "10")  # Anna scored Bo's king
    # Phone A opens hand 2 and starts changing it …
    open_hand(phone_a, "hand-row-2")
    h.tap(phone_a, "key-Cato-4")
    # … while phone B deletes hand 2 (hand 3 becomes hand 2).
    open_hand(phone_b, "hand-row-2")
    h.tap(phone_b, "hand-delete")
    wait_for(phone_b, "screen-session")
    wait_gone(phone_b, "hand-row-3")
    # A's save would overwrite the hand that moved up: refused, nothing saved.
    settle(phone_a, 0.5)
    h.tap(phone_a, "hand-save")
    wait_text(
        phone_a,
        "hand-error",
        "Hand 2 was changed or deleted on another phone meanwhile: go back and open it again",
    )
    h.screenshot(phone_a, "two-phones-hand-changed-en-phone")
    h.tap(phone_a, "nav-back")
    wait_for(phone_a, "screen-session")
    wait_gone(phone_a, "hand-row-3")
    assert h.text_of(phone_a, "running-2-2") == h.text_of(phone_b, "running-2-2")

    # Two hands now. Both phones start entering hand 3; B saves first.
    open_hand(phone_a)
    h.tap(phone_a, "went-out-1")
    enter_hand(Taps(phone_b), PLAYERS, "Bo", {"Anna": ["3"], "Cato": ["2"]})
    wait_says(phone_a, "hand-overtaken", "Hand 3 was saved on another phone")
    wait_text(phone_a, "screen-hand", "Hand 4")
    h.screenshot(phone_a, "two-phones-overtaken-en-phone")
    h.tap(phone_a, "overtaken-discard")
    wait_for(phone_a, "screen-session")
    wait_for(phone_a, "hand-row-3")
    wait_gone(phone_a, "hand-row-4")
    wait_text(phone_a, "new-hand", "Enter hand 4")
