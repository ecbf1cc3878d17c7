"""Every screen at phone (390×844) and desktop (1280×800) size in English and
Norwegian, written to artifacts/screenshots/ for people to look at; the
language is switched in Settings without a restart, and the choice is kept by
that browser only."""

from __future__ import annotations

from pathlib import Path

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for, wait_text

from models import services as store
from models.db import init_db, make_engine
from scoring import Hand, parse_cards

pytestmark = pytest.mark.e2e


def seed(url: str) -> int:
    """A database with a running Swedish Rummy session (3 hands), a finished
    Rummy session and a Four Suit Rummy session; returns the Swedish one's id."""
    engine = make_engine(url)
    init_db(engine)
    rummy = store.start_session(
        engine=engine, game_id="rummy", players=["Kari", "Ola"], options={"rounds": 1}
    )
    store.record_hand(
        engine=engine,
        session_id=rummy.id,
        hand=Hand("Kari", {"Ola": parse_cards(["K", "7", "A"])}),
    )
    store.start_session(engine=engine, game_id="four_suit_rummy", players=["Anna", "Bjørn"])
    swedish = store.start_session(
        engine=engine,
        game_id="swedish_rummy",
        players=["Anna", "Bjørn", "Cecilie", "Dag"],
        options={"target": 200, "draw_two": True},
    )
    for went_out, left in (
        ("Anna", {"Bjørn": ["K", "8"], "Cecilie": ["4"], "Dag": ["2"]}),
        ("Cecilie", {"Anna": ["5", "Q"], "Bjørn": ["3"], "Dag": ["6"]}),
        ("Dag", {"Anna": ["8"], "Bjørn": ["7"], "Cecilie": ["A", "9"]}),
    ):
        store.record_hand(
            engine=engine,
            session_id=swedish.id,
            hand=Hand(went_out, {p: parse_cards(c) for p, c in left.items()}),
        )
    engine.dispose()
    return swedish.id


def shoot_all(page, sid: int, lang: str, size: str) -> None:
    """Screenshots of every screen, starting on the sessions screen."""
    tag = f"{lang}-{size}"
    wait_for(page, "screen-sessions")
    wait_for(page, f"session-{sid}")
    h.screenshot(page, f"sessions-{tag}")
    h.tap(page, f"session-{sid}")
    wait_for(page, "screen-session")
    wait_for(page, "hand-row-3")
    settle(page, 0.5)
    h.screenshot(page, f"session-{tag}")
    h.tap(page, "new-hand")
    wait_for(page, "screen-hand")
    settle(page, 0.3)
    if not h.by_id(page, "chip-0-0").count():  # this tab may still hold the draft
        h.tap(page, "went-out-1")
        for rank in ("K", "8", "2"):
            h.tap(page, f"key-Anna-{rank}")
        h.tap(page, "key-Dag-Q")
    wait_text(page, "points-1", "90")  # K 10 + 8 50 + 2 (draw two) 20 + Q 10
    h.screenshot(page, f"hand-entry-{tag}")
    h.tap(page, "nav-back")
    wait_for(page, "screen-session")
    h.tap(page, "nav-back")
    wait_for(page, "screen-sessions")
    h.tap(page, "nav-new-session")
    wait_for(page, "screen-new-session")
    h.screenshot(page, f"new-session-{tag}")
    h.tap(page, "nav-back")
    wait_for(page, "screen-sessions")
    h.tap(page, "nav-settings")
    wait_for(page, "screen-settings")
    h.screenshot(page, f"settings-{tag}")
    h.tap(page, "nav-back")
    wait_for(page, "screen-sessions")


def test_screens_in_both_languages_and_sizes(flet_app, open_page, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'screens.sqlite3'}"
    sid = seed(url)
    server = flet_app(APP, lang="en", env={"KORTPOENG_DB": url})
    phone = open_page(server, viewport=h.PHONE)
    shoot_all(phone, sid, "en", "phone")
    desktop = open_page(server, viewport=h.DESKTOP)
    shoot_all(desktop, sid, "en", "desktop")

    # Switch to Norwegian in Settings: the screen changes at once, no restart.
    h.tap(phone, "nav-settings")
    wait_text(phone, "screen-settings", "Settings")
    h.tap(phone, "lang-nb")
    wait_text(phone, "screen-settings", "Innstillinger")
    h.tap(phone, "theme-dark")
    settle(phone, 0.5)
    h.screenshot(phone, "settings-nb-phone-dark")
    h.tap(phone, "theme-light")
    h.tap(phone, "nav-back")
    shoot_all(phone, sid, "nb", "phone")

    # This browser keeps the choice: a new tab of it opens in Norwegian ...
    again = h.new_tab(phone, server.url, viewport=h.DESKTOP)
    wait_text(again, "screen-sessions", "Kortpoeng")
    h.tap(again, "nav-new-session")
    wait_text(again, "screen-new-session", "Nytt parti")
    h.tap(again, "nav-back")
    # ... while another phone at the table (another browser) keeps its own language.
    other = open_page(server)
    wait_text(other, "nav-new-session", "New session")
    shoot_all(again, sid, "nb", "desktop")
