"""A variant of Kasino made in the game editor on a phone and shared by its
link, in a real browser (issue 28: "a family can make a variant of each in the
editor ... and share it by link/QR/file as today"; RULES.md §5.4): a copy of
Kasino in Norwegian, its most cards worth 1 and its most spades 2 (the
captures part, typed with the phone's keys), to 16 (the end part), saved; a
second phone in English opens the share link, adds the game with one tap and
starts a session, which goes to 16, and scores RULES.md §5.2 example 1's deal
by the variant's points: Kari 1 + 2 + 2 + 1 + 1 + 2 = 9 (the built-in: 10),
Ola 4. What the editor's parts make, every fault on its input and the link
added on another family's server are tested without a browser
(tests/app/test_game_editor_captures.py,
tests/app/test_game_editor_number_follows.py). Screenshots:
artifacts/screenshots/kasino-variant-*.png."""

from __future__ import annotations

import re
from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, add_player, reveal, settle, wait_for, wait_says

pytestmark = pytest.mark.e2e


def tap(page: Any, identifier: str) -> None:
    reveal(page, identifier)
    h.tap(page, identifier)
    settle(page, 0.3)


def type_in(page: Any, identifier: str, text: str) -> None:
    reveal(page, identifier)
    h.type_into(page, identifier, text)
    settle(page, 0.4)


def to_top(page: Any) -> None:
    page.mouse.move(195, 420)
    page.mouse.wheel(0, -20000)
    settle(page, 0.5)


#: True once the editor has no fault to show and its Save can be tapped.
READY_JS = """() => {
  const save = document.querySelector('[flt-semantics-identifier="ge-save"]');
  return !!save && !save.querySelector('[aria-disabled="true"]')
    && !document.querySelector('[flt-semantics-identifier="ge-problem"]');
}"""


def test_kasino_to_16_made_on_one_phone_and_played_on_another(flet_app, browser) -> None:
    server = flet_app(APP)  # each phone in its browser's language
    with h.second_phone(
        browser, server.url.rstrip("/") + "/games/new/kasino", "kasino-variant-nb", locale="nb-NO"
    ) as page:
        link = make_and_share(server, page)
    with h.second_phone(browser, link, "kasino-variant-en", locale="en-GB") as phone:
        play(phone)


def make_and_share(server: Any, page: Any) -> str:
    """The variant made in the editor (Norwegian), saved; its share link."""
    wait_for(page, "screen-game-editor")
    settle(page, 0.5)
    type_in(page, "ge-name-nb", "Kasino til 16")
    type_in(page, "ge-name-en", "Kasino to 16")
    tap(page, "ge-section-cards")  # a captured game: its captures in place of keys
    type_in(page, "ge-captures-most-0-points", "1")
    type_in(page, "ge-captures-most-1-points", "2")
    h.screenshot(page, "kasino-variant-editor-nb-phone")
    to_top(page)
    tap(page, "ge-section-end")
    type_in(page, "ge-target", "16")
    page.wait_for_function(READY_JS, timeout=h.WAIT * 1000)
    tap(page, "ge-save")
    wait_for(page, "screen-games")
    wait_for(page, "game-kasino_to_16")

    page.goto(server.url.rstrip("/") + "/games/share/kasino_to_16", wait_until="domcontentloaded")
    h.wait_first_frame(page)
    h.enable_semantics(page)
    wait_for(page, "share-link")
    link = h.by_id(page, "share-link").first.get_attribute("aria-valuetext") or h.text_of(
        page, "share-link"
    )
    match = re.search(r"https?://\S+/game/import/[A-Za-z0-9_-]+", link)
    assert match, link
    return match.group(0)


def play(phone: Any) -> None:
    """The link opened on another phone (English): the game added, a session
    started, a deal scored by the variant's points."""
    wait_for(phone, "screen-game-import")
    wait_says(phone, "game-preview", "Kasino to 16")
    tap(phone, "import-add")
    wait_for(phone, "import-done")
    tap(phone, "import-start")
    wait_for(phone, "screen-new-session")
    wait_for(phone, "game-kasino_to_16")
    for seat, name in enumerate(("Kari", "Ola")):
        add_player(phone, name, seat)
    tap(phone, "start-session")
    wait_for(phone, "screen-session")
    wait_says(phone, "progress", "16")
    # RULES.md §5.2 example 1 by the variant's points
    tap(phone, "new-hand")
    wait_for(phone, "screen-hand")
    settle(phone, 0.3)
    for identifier in ("pile-digit-0-2", "pile-digit-0-9", "pile-suit-0-S-8"):
        tap(phone, identifier)
    for chip in ("10D", "AS", "AH"):
        tap(phone, f"pile-chip-0-{chip}")
    for seat, sweeps in ((0, 2), (1, 1)):
        for _ in range(sweeps):
            tap(phone, f"pile-event-{seat}-sweep")
    reveal(phone, "pile-points-1")
    wait_says(phone, "pile-points-0", "9")
    wait_says(phone, "pile-points-1", "4")
    h.screenshot(phone, "kasino-variant-hand-en-phone")
    tap(phone, "hand-save")
    wait_for(phone, "screen-session")
    wait_says(phone, "total-0", "9")
    wait_says(phone, "total-1", "4")
    wait_says(phone, "progress", "Kari needs 7 more")
