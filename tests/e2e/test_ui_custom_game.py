"""A custom game in Chromium at phone size (issue 14), what only a browser
shows: the editor typed into (names, an own card, a flag, the target; the
live preview scores it as the keys are tapped, and its keys never move under
the finger), the game saved and shared by its link, which another phone at
the table opens and adds with one tap, the form then offering it in view;
the editor's parts at phone and desktop size, a bad number shown at once and
Save held back until it is put right by the keyboard. What the game scores,
the link added on another family's server, and hostile games refused are
tested without a browser in tests/app/test_games_screen.py."""

from __future__ import annotations

import re
import time
from typing import Any

import e2e_harness as h
from kortpoeng_flows import (
    APP,
    reveal,
    settle,
    wait_for,
    wait_gone,
    wait_says,
    wait_text,
)

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
    ready_to_save(page)
    tap(page, "ge-save")
    wait_for(page, "screen-games")
    wait_for(page, "game-family_eights")


#: True once the editor has no fault to show and its Save can be tapped.
READY_JS = """() => {
  const save = document.querySelector('[flt-semantics-identifier="ge-save"]');
  return !!save && !save.querySelector('[aria-disabled="true"]')
    && !document.querySelector('[flt-semantics-identifier="ge-problem"]');
}"""


def ready_to_save(page: Any) -> None:
    """Wait until the editor shows no fault and Save can be tapped."""
    page.wait_for_function(READY_JS, timeout=h.WAIT * 1000)


def add_players(page: Any, players: tuple[str, ...]) -> None:
    for index, name in enumerate(players):
        type_in(page, "player-name", name)
        tap(page, "player-add")
        wait_for(page, f"seat-{index}")


def test_a_custom_game_made_in_the_editor_and_added_by_its_link_on_another_phone(
    flet_app, open_page, browser
):
    lang = "en"
    server = flet_app(APP, lang=lang)
    page = open_page(server)
    make_the_game(page, lang)

    # share it: the link carries the whole game, beside its QR code
    page.goto(server.url.rstrip("/") + "/games/share/family_eights", wait_until="domcontentloaded")
    h.wait_first_frame(page)
    h.enable_semantics(page)
    wait_for(page, "share-link")
    wait_for(page, "share-qr")
    settle(page, 0.5)
    h.screenshot(page, f"custom-game-share-{lang}-phone")
    link = h.by_id(page, "share-link").first.get_attribute("aria-valuetext") or h.text_of(
        page, "share-link"
    )
    match = re.search(r"https?://\S+/game/import/[A-Za-z0-9_-]+", link)
    assert match, link
    link = match.group(0)

    # another phone at the same table opens the link: the game read from it
    # is shown, one tap adds it (here: there already, nothing added twice),
    # and the new-session form offers it first, in view with no scrolling
    with h.second_phone(browser, link, f"custom-game-phone-{lang}") as phone:
        wait_for(phone, "screen-game-import")
        wait_says(phone, "game-preview", WORDS[lang]["name"])
        tap(phone, "import-add")
        wait_for(phone, "import-done")
        tap(phone, "import-start")
        wait_for(phone, "screen-new-session")
        wait_for(phone, "game-family_eights")
        wait_in_view(phone, "game-family_eights")
        h.screenshot(phone, f"custom-game-link-new-session-{lang}-phone")
        add_players(phone, ("Per", "Siri"))
        tap(phone, "start-session")
        wait_for(phone, "screen-session")
        wait_says(phone, "screen-session", WORDS[lang]["name"])


EDITOR_FAULT = {
    "en": "Key 1 › points must be a whole number from 0 to 1,000, not -5",
    "nb": "Tast 1 › poeng må være et heltall fra 0 til 1\u00a0000, ikke -5",
}


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


def test_the_editor_at_both_sizes_its_fault_at_once_and_its_keys_under_the_finger(
    flet_app, open_page
):
    """The editor on a wide screen, for a look (a copy of a built-in game
    has no fault to show); each part of a copy of Colour Cards (own faces, a
    flag, options) on a phone, for a look; a bad number shown at once, in
    words, with Save held back until it is put right; and the preview hand:
    a key tapped once stays where it was while the cards are tapped in (the
    first chip used to push every key down by its row, and a quick second
    tap landed on the key above), after each of 1…10 taps and after a chip
    is removed again."""
    lang = "nb"
    server = flet_app(APP, lang=lang)
    desktop = open_page(server, viewport=h.DESKTOP, path="/games/new/hearts")
    wait_for(desktop, "screen-game-editor")
    wait_for(desktop, "ge-preview-worth")  # the preview scores: the game is complete
    ready_to_save(desktop)  # no fault to show
    settle(desktop, 0.5)
    h.screenshot(desktop, f"custom-game-editor-{lang}-desktop")

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

    # the preview's keys never move under the finger
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

    # a bad number: said at once, Save held back until it is put right
    page.mouse.move(195, 420)
    page.mouse.wheel(0, -20000)
    settle(page, 0.3)
    type_in(page, "ge-keys-0-points", "-5")
    wait_says(page, "ge-problem", EDITOR_FAULT[lang])
    h.screenshot(page, f"custom-game-editor-{lang}-phone-fault")
    assert h.by_id(page, "ge-save").locator('[aria-disabled="true"]').count() == 1
    # still in the field: put it right
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type("0")
    wait_gone(page, "ge-problem")
    ready_to_save(page)
