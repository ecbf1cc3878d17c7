"""A custom game end to end, in Chromium at phone size, in both languages
(issue 14): made in the editor (names, an own card, a flag, the target; the
live preview scores it), a session of it played to its end, then the game
shared by its link — opened in a second browser context (another phone at the
same table) and played there, and opened on another family's server, where it
is added."""

from __future__ import annotations

import base64
import dataclasses
import json
import re
import sqlite3
import time
import zlib
from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import (
    APP,
    reveal,
    settle,
    totals,
    wait_for,
    wait_gone,
    wait_says,
    wait_text,
)

from app.game_link import IMPORT_PATH, MAX_LINK
from scoring import builtin_definition, write_definition

WORDS = {
    "en": {"name": "Family Eights", "worth": "These cards would score 75", "added": "was added"},
    "nb": {"name": "Familieåttere", "worth": "Disse kortene gir 75 poeng", "added": "ble lagt til"},
}


def tap(page: Any, identifier: str) -> None:
    reveal(page, identifier)
    h.tap(page, identifier)
    settle(page, 0.3)


def type_in(page: Any, identifier: str, text: str) -> None:
    reveal(page, identifier)
    h.type_into(page, identifier, text)
    settle(page, 0.4)


def wait_in_view(page: Any, identifier: str) -> None:
    """Wait until the node ``identifier`` is wholly inside the window (the
    app scrolled it there)."""
    height = (page.viewport_size or {"height": 844})["height"]
    deadline = time.monotonic() + h.WAIT
    box = None
    while time.monotonic() < deadline:
        box = h.by_id(page, identifier).first.bounding_box()
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{identifier} not in view: {box}")


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
    with h.second_phone(browser, link, f"custom-game-phone-{lang}") as phone:
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

    # another family's server: the same link's game is added there, and played
    other = flet_app(APP, lang=lang)
    path = link.split("/game/import/", 1)[1]
    guest_url = other.url.rstrip("/") + "/game/import/" + path
    with h.second_phone(browser, guest_url, f"custom-game-guest-{lang}") as guest:
        wait_for(guest, "screen-game-import")
        tap(guest, "import-add")
        wait_says(guest, "import-done", WORDS[lang]["added"])
        tap(guest, "import-start")
        wait_for(guest, "game-family_eights")
        # chosen and offered first (the last of seven games otherwise, below
        # the fold), in view with no scrolling of ours
        wait_in_view(guest, "game-family_eights")
        h.screenshot(guest, f"custom-game-link-new-session-{lang}-phone")
        add_players(guest, ("Anna", "Bo"))
        tap(guest, "start-session")
        wait_for(guest, "screen-session")
        play_to_the_end(guest, ("Anna", "Bo"))


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


EDITOR_FAULT = {
    "en": "Key 1 › points must be a whole number from 0 to 1,000, not -5",
    "nb": "Tast 1 › poeng må være et heltall fra 0 til 1\u00a0000, ikke -5",
}


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_editors_parts_at_phone_size(flet_app, open_page, lang):
    """Each part of the editor for a copy of Colour Cards (own faces, a flag,
    options), for a look; a bad number is shown at once, in words naming the
    field, and the game cannot be saved until it is put right."""
    server = flet_app(APP, lang=lang)
    page = open_page(server, path="/games/new/colour_cards")
    wait_for(page, "screen-game-editor")
    settle(page, 1.0)
    h.screenshot(page, f"custom-game-editor-{lang}-phone-game")
    for part in ("cards", "scoring", "end", "options"):
        tap(page, f"ge-section-{part}")
        settle(page, 0.5)
        h.screenshot(page, f"custom-game-editor-{lang}-phone-{part}")
        page.mouse.move(195, 420)
        page.mouse.wheel(0, -20000)
        settle(page, 0.3)
    tap(page, "ge-section-cards")
    type_in(page, "ge-keys-0-points", "-5")
    wait_says(page, "ge-problem", EDITOR_FAULT[lang])
    h.screenshot(page, f"custom-game-editor-{lang}-phone-fault")
    assert h.by_id(page, "ge-save").locator('[aria-disabled="true"]').count() == 1
    # still in the field: put it right
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type("0")
    wait_gone(page, "ge-problem")
    assert h.by_id(page, "ge-save").locator('[aria-disabled="true"]').count() == 0


#: Every preview key's box, relative to the preview's card (a locator's click
#: first scrolls its node into view: the page may move, the keys in the card
#: must not).
PREVIEW_KEYS_JS = """() => {
  const card = document.querySelector('[flt-semantics-identifier="ge-preview"]');
  const c = card.getBoundingClientRect();
  return Object.fromEntries(
    Array.from(card.querySelectorAll('[flt-semantics-identifier^="ge-preview-key-"]'))
      .map((e) => {
        const r = e.getBoundingClientRect();
        return [e.getAttribute("flt-semantics-identifier"),
                [Math.round(r.x - c.x), Math.round(r.y - c.y),
                 Math.round(r.width), Math.round(r.height)]];
      }));
}"""


def preview_keys(page: Any) -> dict[str, list[int]]:
    """Every preview key's box, once the layout has stopped moving."""
    return h.settled(page, PREVIEW_KEYS_JS)


def test_the_preview_keys_never_move_under_the_finger(flet_app, open_page):
    """The editor's preview hand: a key tapped once stays where it was while
    the cards are tapped in (the first chip used to push every key down by
    its row, and a quick second tap landed on the key above). Checked after
    each of 1…10 taps, and after a chip is removed again."""
    server = flet_app(APP, lang="en")
    page = open_page(server, path="/games/new/colour_cards")
    wait_for(page, "screen-game-editor")
    tap(page, "ge-section-cards")
    reveal(page, "ge-preview-worth")
    first = preview_keys(page)
    assert len(first) >= 5, first
    keys = sorted(first)
    for count in range(1, 11):
        h.tap(page, keys[count % 3])
        wait_for(page, f"ge-preview-chip-{count - 1}")
        assert preview_keys(page) == first, f"the keys moved after {count} taps"
    h.tap(page, "ge-preview-chip-9")  # the newest, in view at the strip's end
    wait_gone(page, "ge-preview-chip-9")
    assert preview_keys(page) == first, "the keys moved when a chip was removed"


REFUSED = {
    "en": {
        "field": "Key 1 › points must be a whole number from 0 to 1,000, not -5",
        "cut": "This link holds no game",
        "twice": "“Format” is in the file twice",
    },
    "nb": {
        "field": "Tast 1 › poeng må være et heltall fra 0 til 1\u00a0000, ikke -5",
        "cut": "Denne lenken har ikke noe spill",
        "twice": "«Format» står to ganger i filen",
    },
}


def _db_dump(server: Any) -> list[str]:
    url = server.env["KORTPOENG_DB"]
    assert url.startswith("sqlite:///")
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
        return list(con.iterdump())


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_hostile_games_are_refused_in_the_browser(flet_app, open_page, browser, lang):
    """A link carrying a bad definition, a cut link, the longest link and a
    pasted document with a key given twice: each is refused on screen in
    words (naming the field), nothing can be added, the database is unchanged."""
    server = flet_app(APP, lang=lang)
    page = open_page(server, path="/games")
    wait_for(page, "screen-games")
    before = _db_dump(server)
    good = json.loads(
        write_definition(dataclasses.replace(builtin_definition("colour_cards"), id="family_uno"))
    )
    bad = {**good, "keys": [{**good["keys"][0], "points": -5}, *good["keys"][1:]]}
    packed = zlib.compress(json.dumps(bad).encode("utf-8"), 9)
    payload = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    for path, words in (
        (payload, REFUSED[lang]["field"]),
        (payload[: len(payload) // 2], REFUSED[lang]["cut"]),
        ("A" * (MAX_LINK - len(server.url) - len(IMPORT_PATH)), REFUSED[lang]["cut"]),
    ):
        url = server.url.rstrip("/") + "/game/import/" + path
        with h.second_phone(browser, url, f"custom-game-refused-{lang}") as phone:
            wait_for(phone, "screen-game-import")
            wait_says(phone, "import-problem", words)
            assert h.by_id(phone, "import-add").count() == 0
            if path == payload:
                h.screenshot(phone, f"custom-game-refused-link-{lang}-phone")
    page.goto(server.url.rstrip("/") + "/games/import", wait_until="domcontentloaded")
    h.wait_first_frame(page)
    h.enable_semantics(page)
    wait_for(page, "screen-games-import")
    type_in(page, "import-text", '{"format": "kortpoeng-game", "format": "x"}')
    tap(page, "import-read")
    wait_says(page, "import-problem", REFUSED[lang]["twice"])
    assert h.by_id(page, "import-add").count() == 0
    assert _db_dump(server) == before
