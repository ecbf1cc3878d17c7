"""A custom game end to end, in Chromium at phone size, in both languages
(issue 14): made in the editor (names, an own card, a flag, the target; the
live preview scores it), a session of it played to its end, then the game
shared by its link — opened in a second browser context (another phone at the
same table) and played there, and opened on another family's server, where it
is added."""

from __future__ import annotations

import re
import time
from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, totals, wait_for, wait_says, wait_text

WORDS = {
    "en": {"name": "Family Eights", "worth": "These cards would score 75", "added": "was added"},
    "nb": {"name": "Familieåttere", "worth": "Disse kortene gir 75 poeng", "added": "ble lagt til"},
}


def reveal(page: Any, identifier: str, *, down: bool = True, tries: int = 30) -> None:
    """Scroll the screen (a mouse wheel over it) until ``identifier`` is on it:
    Flutter makes the nodes of what is scrolled far out of view only when it
    comes near."""
    for _ in range(tries):
        node = h.by_id(page, identifier)
        if node.count():
            box = node.first.bounding_box()
            if box is not None and 60 < box["y"] < 700:
                return
        page.mouse.move(195, 420)
        page.mouse.wheel(0, 300 if down else -300)
        page.wait_for_timeout(250)
    wait_for(page, identifier)


def tap(page: Any, identifier: str) -> None:
    reveal(page, identifier)
    h.tap(page, identifier)
    settle(page, 0.3)


def type_in(page: Any, identifier: str, text: str) -> None:
    reveal(page, identifier)
    h.type_into(page, identifier, text)
    settle(page, 0.4)


def make_the_game(page: Any, lang: str) -> None:
    """From the sessions screen: the editor, from scratch."""
    tap(page, "nav-new-session")
    wait_for(page, "screen-new-session")
    tap(page, "nav-games")
    wait_for(page, "screen-games")
    tap(page, "games-new")
    wait_for(page, "screen-game-editor")
    settle(page, 0.5)
    type_in(page, "ge-name-nb", "Familieåttere")
    type_in(page, "ge-name-en", "Family Eights")
    # the cards: eights count 50, and an own card "Wild" worth 25
    tap(page, "ge-section-cards")
    type_in(page, "ge-keys-7-points", "50")
    tap(page, "ge-add-keys-face")
    type_in(page, "ge-keys-13-name-nb", "Villkort")
    type_in(page, "ge-keys-13-name-en", "Wild")
    type_in(page, "ge-keys-13-face", "wild")
    type_in(page, "ge-keys-13-points", "25")
    # the live preview: an 8 and a Wild would score 75
    tap(page, "ge-preview-key-8")
    tap(page, "ge-preview-key-wild")
    wait_text(page, "ge-preview-worth", WORDS[lang]["worth"])
    # a flag: went out in one go doubles
    page.mouse.move(195, 420)
    page.mouse.wheel(0, -20000)
    settle(page, 0.5)
    tap(page, "ge-section-scoring")
    tap(page, "ge-add-flags")
    type_in(page, "ge-flags-0-name-nb", "Alt på én gang")
    type_in(page, "ge-flags-0-name-en", "Out in one go")
    # the end: first to 60
    page.mouse.wheel(0, -20000)
    settle(page, 0.5)
    tap(page, "ge-section-end")
    type_in(page, "ge-target", "60")
    page.mouse.wheel(0, -20000)
    settle(page, 0.5)
    tap(page, "ge-section-game")
    settle(page, 0.5)
    h.screenshot(page, f"custom-game-editor-{lang}-phone")
    assert h.by_id(page, "ge-problem").count() == 0
    tap(page, "ge-save")
    wait_for(page, "screen-games")
    wait_for(page, "game-family_eights")


def add_players(page: Any, players: tuple[str, ...]) -> None:
    for index, name in enumerate(players):
        type_in(page, "player-name", name)
        tap(page, "player-add")
        wait_for(page, f"seat-{index}")


def play_to_the_end(page: Any, players: tuple[str, str]) -> None:
    """Hand 1: the first goes out, the second holds a king: 10. Hand 2: the
    second goes out in one go, the first holds an 8 and a Wild: 75 doubled,
    150 — past 60: the session ends, the second wins."""
    first, second = players
    tap(page, "new-hand")
    wait_for(page, "screen-hand")
    tap(page, "went-out-0")
    tap(page, f"key-{second}-K")
    wait_for(page, "chip-1-0")
    tap(page, "hand-save")
    wait_for(page, "screen-session")
    settle(page, 0.5)
    assert totals(page, 2) == ["10", "0"]
    tap(page, "new-hand")
    wait_for(page, "screen-hand")
    tap(page, "went-out-1")
    tap(page, "flag-flag_1")
    tap(page, f"key-{first}-8")
    tap(page, f"key-{first}-wild")
    wait_for(page, "chip-0-1")
    wait_text(page, "points-1", "150")
    tap(page, "hand-save")
    wait_for(page, "screen-session")
    settle(page, 0.5)
    assert totals(page, 2) == ["10", "150"]
    wait_for(page, "winner-banner")


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_custom_game_made_played_and_shared(flet_app, open_page, browser, lang):
    server = flet_app(APP, lang=lang)
    page = open_page(server)
    make_the_game(page, lang)
    # a session of it, played to its end
    page.goto(server.url.rstrip("/") + "/new", wait_until="domcontentloaded")
    h.wait_first_frame(page)
    h.enable_semantics(page)
    wait_for(page, "game-family_eights")
    tap(page, "game-family_eights")
    add_players(page, ("Kari", "Ola"))
    tap(page, "start-session")
    wait_for(page, "screen-session")
    wait_says(page, "screen-session", WORDS[lang]["name"])
    play_to_the_end(page, ("Kari", "Ola"))
    h.screenshot(page, f"custom-game-session-{lang}-phone")

    # share it: the link carries the whole game
    page.goto(server.url.rstrip("/") + "/games/share/family_eights", wait_until="domcontentloaded")
    h.wait_first_frame(page)
    h.enable_semantics(page)
    wait_for(page, "share-link")
    wait_for(page, "share-qr")
    link = h.by_id(page, "share-link").first.get_attribute("aria-valuetext") or h.text_of(
        page, "share-link"
    )
    match = re.search(r"https?://\S+/game/import/[A-Za-z0-9_-]+", link)
    assert match, link
    link = match.group(0)

    # another phone at the same table opens the link: the game is there already
    # (nothing is added twice), and a session of it is played there
    phone = h.open_app(browser, link)
    try:
        wait_for(phone, "screen-game-import")
        wait_says(phone, "game-preview", WORDS[lang]["name"])
        tap(phone, "import-add")
        wait_for(phone, "import-done")
        tap(phone, "import-start")
        wait_for(phone, "screen-new-session")
        wait_for(phone, "game-family_eights")
        add_players(phone, ("Per", "Siri"))
        tap(phone, "start-session")
        wait_for(phone, "screen-session")
        play_to_the_end(phone, ("Per", "Siri"))
    finally:
        phone.context.close()

    # another family's server: the same link's game is added there, and played
    other = flet_app(APP, lang=lang)
    path = link.split("/game/import/", 1)[1]
    guest = h.open_app(browser, other.url.rstrip("/") + "/game/import/" + path)
    try:
        wait_for(guest, "screen-game-import")
        tap(guest, "import-add")
        wait_says(guest, "import-done", WORDS[lang]["added"])
        tap(guest, "import-start")
        wait_for(guest, "game-family_eights")
        add_players(guest, ("Anna", "Bo"))
        tap(guest, "start-session")
        wait_for(guest, "screen-session")
        play_to_the_end(guest, ("Anna", "Bo"))
    finally:
        guest.context.close()


def test_the_editor_at_desktop_size(flet_app, open_page):
    """The editor on a wide screen, for a look (and it has no fault to show
    for a copy of a built-in game)."""
    server = flet_app(APP, lang="en")
    page = open_page(server, viewport=h.DESKTOP, path="/games/new/hearts")
    wait_for(page, "screen-game-editor")
    settle(page, 1.0)
    assert h.by_id(page, "ge-problem").count() == 0
    time.sleep(0.5)
    h.screenshot(page, "custom-game-editor-en-desktop")
