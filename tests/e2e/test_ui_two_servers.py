"""A card club: two ``kortpoeng web`` processes on one PostgreSQL database,
a phone on each. What one phone saves reaches the phone on the other server
without a reload (issue 13: LISTEN/NOTIFY, ``models.live``)."""

from __future__ import annotations

import e2e_harness as h
import pytest
from kortpoeng_flows import (
    APP,
    Taps,
    enter_hand,
    new_session,
    settle,
    wait_for,
    wait_says,
    wait_text,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bo", "Cato"]


def test_a_hand_saved_on_one_server_reaches_a_phone_on_the_other_and_an_outage_is_said(
    flet_app, open_page, pg_url, pg_cluster
) -> None:
    """Two servers on one database: each phone sees the other's hands. Then
    the database server stops while a hand is being entered: saving says so
    in words with "try again" (no traceback, nothing saved); once it is back
    the same entry saves, once."""
    env = {"KORTPOENG_DB": pg_url}
    server_a = flet_app(APP, lang="en", env=env)
    server_b = flet_app(APP, lang="en", env=env)
    assert server_a.port != server_b.port
    phone_a = open_page(server_a)
    new_session(phone_a, "swedish_rummy", PLAYERS, preset="100n")
    enter_hand(Taps(phone_a), PLAYERS, "Anna", {"Bo": ["K"]})
    path = phone_a.url.split("/", 3)[3]
    phone_b = open_page(server_b, path=path)
    wait_for(phone_b, "hand-row-1")
    wait_text(phone_b, "total-0", "10")  # Anna scored Bo's king (RULES.md §3)

    # saved through server A: phone B (server B) shows it without a reload
    enter_hand(Taps(phone_a), PLAYERS, "Bo", {"Cato": ["9"]})
    wait_for(phone_b, "hand-row-2")
    wait_text(phone_b, "total-1", "9")

    # and the other way round
    enter_hand(Taps(phone_b), PLAYERS, "Cato", {"Anna": ["5"]})
    wait_for(phone_a, "hand-row-3")
    wait_text(phone_a, "total-2", "5")

    # the database server goes away while phone A enters hand 4
    enter_hand(Taps(phone_a), PLAYERS, "Bo", {"Cato": ["9"], "Anna": ["2"]}, save=False)
    pg_cluster.stop()
    try:
        settle(phone_a)
        h.tap(phone_a, "hand-save")
        wait_says(phone_a, "hand-error", "cannot be reached")
        wait_says(phone_a, "hand-error", "try again")
        h.screenshot(phone_a, "database-server-down-en-phone")
    finally:
        pg_cluster.start()
    h.tap(phone_a, "hand-save")
    wait_for(phone_a, "screen-session")
    wait_for(phone_a, "hand-row-4")
    wait_text(phone_a, "total-1", "20")  # 9, then Cato's 9 and Anna's 2
    assert not h.by_id(phone_a, "hand-row-5").count()
