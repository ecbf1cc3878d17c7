"""The phone at the table (issue 25, item 10), where only a browser shows it:
six players' score sheet fits a 390-pixel phone with no sideways swipe; a
phone on its side (844 × 390) shows the chips and the keys of the player
being entered; a key's tap reaches the device's vibration; the screen's wake
lock is taken while a session is open and let go after.

Norwegian and English; screenshots in artifacts/screenshots/phone-*.png.
The Python side (the wake lock's holds, the key's action, the share sheet)
is in tests/app/test_phone.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for

from models import services as store
from models.db import init_db, make_engine

pytestmark = pytest.mark.e2e

SIX = ["Bestemor Ingrid", "Onkel Bjørnar", "Kari", "Ola Nordmann", "Åse", "Øystein"]
#: Swedish Rummy to 600, two hands: Kari collects 178, then Øystein 170.
SHEET = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "swedish_rummy",
    "options": {"target": 600},
    "players": SIX,
    "hands": [
        {
            "went_out": "Kari",
            "left": {
                "Bestemor Ingrid": ["8", "K"],
                "Onkel Bjørnar": ["5"],
                "Ola Nordmann": ["A", "2"],
                "Åse": ["8", "8"],
                "Øystein": ["Q"],
            },
        },
        {"went_out": "Øystein", "left": {"Bestemor Ingrid": ["8", "8", "8"], "Kari": ["K", "Q"]}},
    ],
}
LANDSCAPE = {"width": 844, "height": 390}

#: Every node with an identifier: what it says and its box.
NODES_JS = """() => Object.fromEntries(
  Array.from(document.querySelectorAll("[flt-semantics-identifier]")).map((e) => {
    const r = e.getBoundingClientRect();
    return [e.getAttribute("flt-semantics-identifier"),
            {said: (e.getAttribute("aria-label") || e.textContent || "").trim(),
             x: r.x, y: r.y, w: r.width, h: r.height}];
  }))"""

#: Records what the page asks of the device: vibrations and screen wake locks.
DEVICE_JS = """
window.__vibrations = [];
window.__wake = [];
navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = async (type) => {
    window.__wake.push("taken");
    const sentinel = await request(type);
    sentinel.addEventListener("release", () => window.__wake.push("let go"));
    return sentinel;
  };
}
"""


def seed(tmp_path: Path) -> tuple[str, int]:
    """A database holding the six players' session; its URL and id."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    engine = make_engine(url)
    init_db(engine)
    sid = store.import_session(engine=engine, data=json.dumps(SHEET).encode("utf-8")).id
    engine.dispose()
    return url, sid


def nodes(page: Any) -> dict[str, dict[str, Any]]:
    """The identified nodes of the accessibility tree once it stopped moving."""
    return h.settled(page, NODES_JS)


def open_session(flet_app, browser: Any, tmp_path: Path, lang: str) -> tuple[Any, int]:
    """A phone (390 × 844, recording the device) on the six players' session."""
    url, sid = seed(tmp_path)
    server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
    context = browser.new_context(viewport=dict(h.PHONE))
    context.set_default_timeout(h.WAIT * 1000)
    context.add_init_script(DEVICE_JS)
    page = context.new_page()
    page.goto(server.url, wait_until="domcontentloaded")
    h.wait_first_frame(page)
    h.enable_semantics(page)
    h.tap(page, f"session-{sid}")
    wait_for(page, "screen-session")
    wait_for(page, "total-5")
    return page, sid


def six_players_fit_the_sheet(page: Any, lang: str) -> None:
    """Before, six players' columns scrolled sideways at 390 px (only two
    names in view, "Swipe the table sideways"). Every column is on the
    screen now, each name said whole, each total whole."""
    width = h.PHONE["width"]
    tree = nodes(page)
    assert "sheet-scroll-hint" not in tree
    for seat, name in enumerate(SIX):
        node = tree[f"name-{seat}"]
        assert node["said"] == name, node
        for cell in (f"name-{seat}", f"total-{seat}", f"running-2-{seat}"):
            box = tree[cell]
            assert box["x"] >= 0 and box["x"] + box["w"] <= width, (cell, box)
    # the columns in seat order, side by side
    lefts = [tree[f"total-{seat}"]["x"] for seat in range(len(SIX))]
    assert lefts == sorted(lefts)
    assert tree["total-2"]["said"] == "178" and tree["total-5"]["said"] == "170"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    h.screenshot(page, f"phone-six-players-{lang}")


def on_its_side_the_player_being_entered_shows(page: Any, lang: str) -> None:
    """Before, at 844 × 390 who went out filled the screen and the keypad
    began under the save bar. Now the players' keypads stand beside it: the
    first player's chips and every key are in view at once. Each key's tap
    asks the device for a short vibration; the screen's wake lock is held
    from the session's screen to its hand entry and let go on leaving."""
    # the lock is asked for once the session's screen is up (a call the
    # server makes after drawing it): waited for, then exactly one
    page.wait_for_function("() => window.__wake.length > 0", timeout=h.WAIT * 1000)
    assert page.evaluate("() => window.__wake") == ["taken"]
    h.tap(page, "new-hand")
    wait_for(page, "screen-hand")
    settle(page, 0.3)
    page.set_viewport_size(LANDSCAPE)
    settle(page, 0.5)
    h.tap(page, "went-out-2")
    player = SIX[0]
    wait_for(page, f"key-{player}-8")
    h.tap(page, f"key-{player}-8")
    h.tap(page, f"key-{player}-K")
    wait_for(page, "chip-0-1")
    tree = nodes(page)
    top = tree["screen-hand"]["y"] + tree["screen-hand"]["h"]
    bottom = tree["hand-save"]["y"]
    shown = [f"chip-0-{i}" for i in (0, 1)] + [
        f"key-{player}-{rank}"
        for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    ]
    for identifier in shown:
        box = tree[identifier]
        assert box["y"] >= top and box["y"] + box["h"] <= bottom, (identifier, box, top, bottom)
        assert box["x"] >= 0 and box["x"] + box["w"] <= LANDSCAPE["width"], (identifier, box)
    assert page.evaluate("() => window.__vibrations") == [10, 10]
    h.screenshot(page, f"phone-landscape-hand-{lang}")
    assert page.evaluate("() => window.__wake") == ["taken"]  # one lock, held
    page.set_viewport_size(dict(h.PHONE))
    settle(page, 0.3)
    h.tap(page, "nav-back")
    wait_for(page, "screen-session")
    h.tap(page, "nav-back")
    wait_for(page, "nav-new-session")
    page.wait_for_function("() => window.__wake.includes('let go')", timeout=h.WAIT * 1000)
    assert page.evaluate("() => window.__wake") == ["taken", "let go"]


def test_the_sheet_and_the_hand_on_a_phone_at_the_table(flet_app, browser: Any, tmp_path) -> None:
    """In Norwegian and in English: six players' sheet on a phone held
    upright, then the hand entry on its side (:func:`six_players_fit_the_sheet`,
    :func:`on_its_side_the_player_being_entered_shows`)."""
    for lang in ("nb", "en"):
        page, _sid = open_session(flet_app, browser, tmp_path / lang, lang)
        try:
            six_players_fit_the_sheet(page, lang)
            on_its_side_the_player_being_entered_shows(page, lang)
        finally:
            page.context.close()
