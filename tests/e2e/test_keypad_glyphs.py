"""The keypad draws every suit (issue 25, item 1), in Chromium at phone size.

In Hearts every key read "A▯", "Q▯": the keys' text style had no fallback to
the shipped fonts, so Flutter asked for a suit font from its fallback font
path (the app's server has none there) and drew a box, the same box for the
queen of spades (13 points) and the queen of hearts (1). With every style
falling back on the shipped fonts, the queens' keys differ pixel by pixel.

Names in every script the app ships fonts for sit on the same screens (the
players' panels). No font is ever asked for from another host. On a tab's
very first screen a name can be laid out before its font has registered in
the client (Flutter then asks its fallback path of this server once, and
draws the name as soon as the font is there); once the shipped fonts are in,
the keypad and every name are laid out again (the session screen, then a new
hand) and Flutter asks for no fallback font at all.
Nine cards on a 390 × 844 phone (issue 25, item 5): with four or more
chips the first ones were cut off at the left with nothing saying how many
there were (a chip's part on show was 25 px wide). Every chip is at least
44 × 44 and on screen, or the count says nine; the newest is whole and on
screen; the keys are where they were before the first card.

Screenshots ``keypad-*`` and ``hand-nine-chips-*`` in artifacts/screenshots/
are for a person to look at.
"""

from __future__ import annotations

import io
import json
from itertools import combinations
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, boxes, settle, wait_for, wait_text
from PIL import Image, ImageChops

from models import services as store
from models.db import init_db, make_engine
from scoring import builtin_definition, read_definition, write_definition

pytestmark = pytest.mark.e2e

HEARTS_PLAYERS = ["Kari", "王小明", "प्रिया", "สมชาย", "김민준", "Ola👍"]
CUSTOM_PLAYERS = ["Åse", "Дмитрий", "Γιώργος", "سارة", "יוסי", "さくら"]
QUEENS = ("QS", "QH", "QD", "QC")
NINE = ["A", "2", "3", "4", "5", "6", "7", "8", "9"]


def four_queens() -> Any:
    """A custom game whose queens score by suit (♠ 4, ♥ 3, ♦ 2, ♣ 1)."""
    data = json.loads(write_definition(builtin_definition("hearts")))
    data.update(
        id="four_queens",
        name={"nb": "Fire damer", "en": "Four Queens"},
        players={"min": 2, "max": 6},
        keys=[
            {"rank": "A", "points": 1},
            {"rank": "K", "points": 0, "suits": {"H": 1}},
            {"rank": "Q", "points": 0, "suits": {"S": 4, "H": 3, "D": 2, "C": 1}},
        ],
    )
    return read_definition(json.dumps(data))


def seed(url: str) -> dict[str, int]:
    """A Hearts session, a Four Queens session and Swedish Rummy for two;
    their ids."""
    engine = make_engine(url)
    init_db(engine)
    store.save_game(engine=engine, definition=four_queens())
    hearts = store.start_session(engine=engine, game_id="hearts", players=HEARTS_PLAYERS)
    custom = store.start_session(engine=engine, game_id="four_queens", players=CUSTOM_PLAYERS)
    two = store.start_session(
        engine=engine, game_id="swedish_rummy", players=["Anna", "Bo"], options={"target": 100}
    )
    engine.dispose()
    return {"hearts": hearts.id, "custom": custom.id, "two": two.id}


def open_hand(browser: Any, server: Any, session_id: int) -> tuple[Any, list[str], list[str]]:
    """A new hand of session ``session_id`` in a fresh phone-sized context,
    laid out a second time once the tab has its fonts (the session screen,
    then a new hand again); the page and every URL it asked for, and the
    URLs asked for since that second layout began (filled as it goes)."""
    asked: list[str] = []
    context = browser.new_context(viewport=dict(h.PHONE))
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    base = server.url.rstrip("/")
    page.goto(f"{base}/session/{session_id}/hand", wait_until="domcontentloaded", timeout=60_000)
    h.wait_first_frame(page, 60)
    h.enable_semantics(page)
    wait_for(page, "screen-hand")
    settle(page, 2.0)  # the fonts registered, the names drawn again
    since = len(asked)
    h.tap(page, "nav-back")
    wait_for(page, "screen-session")
    settle(page, 0.6)
    h.tap(page, "new-hand")
    wait_for(page, "screen-hand")
    settle(page, 1.0)
    return page, asked, asked[since:]


def fonts_fetched(asked: list[str], server: str) -> list[str]:
    """Font requests beyond the shipped fonts: to another host (Google's font
    hosts), or Flutter's fallback fonts, which it asks for in folders of
    ``/assets/fonts/`` (``/assets/fonts/notosanssymbols2/v24/….ttf``) when
    none of a text's fonts has a letter."""
    ours = urlparse(server).netloc
    folder = "/assets/fonts/"

    def fallback(url: str) -> bool:
        parts = urlparse(url)
        if parts.netloc != ours:
            return "font" in url.lower()
        return parts.path.startswith(folder) and "/" in parts.path[len(folder) :]

    return [url for url in asked if fallback(url)]


def elsewhere(asked: list[str], server: str) -> list[str]:
    """Everything asked for over the network from another host than the app's
    server (a ``blob:`` or ``data:`` URL is the page's own)."""
    ours = urlparse(server).netloc
    return [
        url
        for url in asked
        if urlparse(url).scheme not in ("blob", "data") and urlparse(url).netloc != ours
    ]


def key_image(page: Any, identifier: str) -> Image.Image:
    """The key ``identifier`` as drawn (its box of the page), in grey."""
    box = h.by_id(page, identifier).bounding_box()
    assert box is not None, identifier
    shot = page.screenshot(clip=box)
    return Image.open(io.BytesIO(shot)).convert("L")


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    """How many pixels of two images of one size differ by more than 48 of 255."""
    size = (min(a.width, b.width), min(a.height, b.height))
    diff = ImageChops.difference(a.crop((0, 0, *size)), b.crop((0, 0, *size)))
    return sum(count for level, count in enumerate(diff.histogram()) if level > 48)


def ink(image: Image.Image) -> int:
    """Pixels darker than the key's face by more than 64 of 255 (the label)."""
    face = max(range(256), key=lambda level: image.histogram()[level])
    return sum(1 for value in image.tobytes() if face - value > 64)


def hearts_queens_show_their_suits(browser: Any, server: Any, session_id: int, lang: str) -> None:
    """In Hearts, the queen of spades' key and the queen of hearts' differ:
    both have a label, and the suit is drawn; no font from another host."""
    page, asked, again = open_hand(browser, server, session_id)
    try:
        h.screenshot(page, f"keypad-hearts-{lang}-phone")
        spades, hearts = (key_image(page, f"key-Kari-{card}") for card in ("QS", "QH"))
        assert ink(spades) > 40 and ink(hearts) > 40  # a label on both
        # The rank is the same letter: what differs is the suit, drawn.
        assert differing_pixels(spades, hearts) > 25, "Q♠ and Q♥ keys look the same"
        assert elsewhere(asked, server.url) == [], elsewhere(asked, server.url)
        assert fonts_fetched(again, server.url) == [], fonts_fetched(again, server.url)
    finally:
        page.context.close()


def four_queens_all_differ(browser: Any, server: Any, session_id: int, lang: str) -> None:
    """A custom game whose queens score by suit: its four queens' keys all differ."""
    page, asked, again = open_hand(browser, server, session_id)
    try:
        h.screenshot(page, f"keypad-custom-{lang}-phone")
        keys = {card: key_image(page, f"key-Åse-{card}") for card in QUEENS}
        for first, second in combinations(QUEENS, 2):
            assert differing_pixels(keys[first], keys[second]) > 25, (first, second)
        assert elsewhere(asked, server.url) == [], elsewhere(asked, server.url)
        assert fonts_fetched(again, server.url) == [], fonts_fetched(again, server.url)
    finally:
        page.context.close()


def nine_cards_are_counted(open_page: Any, server: Any, session_id: int, lang: str) -> None:
    """Nine cards at 390 × 844: every chip whole or the count says nine, the
    newest whole, no key moved."""
    page = open_page(server, viewport=h.PHONE, path=f"/session/{session_id}/hand")
    wait_for(page, "screen-hand")
    settle(page, 0.3)
    h.tap(page, "went-out-0")
    wait_for(page, "key-Bo-A")
    before = boxes(page, "key-")
    assert len([k for k in before if k.startswith("key-Bo-")]) == 13
    for count, rank in enumerate(NINE, 1):
        h.tap(page, f"key-Bo-{rank}")
        wait_for(page, f"chip-1-{count - 1}")
    wait_text(page, "left-1", {"en": "87 in cards", "nb": "87 på hånden"}[lang])
    chips = boxes(page, "chip-1-")
    assert sorted(chips) == [f"chip-1-{i}" for i in range(9)]
    said = h.text_of(page, "cards-1") if h.by_id(page, "cards-1").count() else ""
    counted = said == {"en": "9 cards", "nb": "9 kort"}[lang]  # (on the name's line)
    width = h.PHONE["width"]

    def whole(box: list[int]) -> bool:
        x, _y, w, hgt = box
        return w >= 44 and hgt >= 44 and x >= 0 and x + w <= width

    hidden = {k: box for k, box in chips.items() if not whole(box)}
    assert counted or not hidden, f"cards cut off and not counted (count says {said!r}): {hidden}"
    assert counted, f"the count says {said!r}"
    assert whole(chips["chip-1-8"]), f"the newest chip is not whole on screen: {chips['chip-1-8']}"
    assert boxes(page, "key-") == before
    h.screenshot(page, f"hand-nine-chips-{lang}", settle=1.0)


def test_every_key_and_chip_is_drawn_whole_in_both_languages(
    browser: Any, flet_app: Any, open_page: Any, tmp_path: Path
) -> None:
    """In Norwegian and in English: the Hearts queens' keys show their
    suits, a custom game's four queens' keys all differ, nine chips are
    counted and whole."""
    for lang in ("nb", "en"):
        url = f"sqlite:///{tmp_path / f'keys-{lang}.sqlite3'}"
        ids = seed(url)
        server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
        hearts_queens_show_their_suits(browser, server, ids["hearts"], lang)
        four_queens_all_differ(browser, server, ids["custom"], lang)
        nine_cards_are_counted(open_page, server, ids["two"], lang)
