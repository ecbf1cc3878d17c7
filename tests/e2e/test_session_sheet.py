"""The session screen at phone size (390 × 844), as a new user found it: the
target said once at the top, a blocked hand marked in the score sheet in the
game's own word, four players with long names read whole without sideways
scrolling, a rematch starting with its sheet at the start, and the chart's
axis labels readable when the axis ends at 120. Norwegian and English;
screenshots in artifacts/screenshots/session-sheet-*.png.

Each database is seeded before the app starts by importing a session file
(docs/SESSION_FORMAT.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for, wait_gone, wait_says

from models import services as store
from models.db import init_db, make_engine

pytestmark = pytest.mark.e2e

LONG = ["Bestemor Ingrid", "Onkel Bjørnar", "Kari Nordmann", "Ola Nordmann"]

#: Swedish Rummy to 250, a blocked hand scoring nothing: Kari Nordmann went
#: out holding 60 + 5 + 3 against her (8 K, 5, A 2), then a blocked hand
#: (nobody scores), then Ola Nordmann went out with nobody holding anything.
SHEET = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "swedish_rummy",
    "options": {"target": 250, "blocked_scoring": "no_score"},
    "players": LONG,
    "hands": [
        {
            "went_out": "Kari Nordmann",
            "left": {
                "Bestemor Ingrid": ["8", "K"],
                "Onkel Bjørnar": ["5"],
                "Ola Nordmann": ["A", "2"],
            },
        },
        {
            "went_out": None,
            "left": {
                "Bestemor Ingrid": ["3"],
                "Onkel Bjørnar": ["4"],
                "Kari Nordmann": ["6"],
                "Ola Nordmann": ["9"],
            },
        },
        {"went_out": "Ola Nordmann", "left": {}},
    ],
}

#: Rummy with penalty points (5 rounds): Bo reaches 114, so the chart's axis
#: ends at 120 (a step of 20); hand 4 ends with nobody out.
PENALTY = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "rummy",
    "options": {},
    "players": ["Anna", "Bo", "Cato", "Dag"],
    "hands": [
        {"went_out": "Anna", "left": {"Bo": ["K", "Q", "J", "10"], "Cato": ["5"], "Dag": ["2"]}},
        {"went_out": "Anna", "left": {"Bo": ["K", "Q", "J", "10", "9", "8"], "Cato": ["3"]}},
        {"went_out": "Cato", "left": {"Bo": ["K", "5"], "Anna": ["4"]}},
        {"went_out": None, "left": {"Anna": ["3"], "Bo": ["2"], "Cato": ["4"], "Dag": ["5"]}},
    ],
}

#: Seven players with long names, Swedish Rummy to 100, finished after one
#: hand (Bestemor Ingrid collects 100 + 50): the columns scroll sideways.
SEVEN = [*LONG, "Tante Margrethe", "Fetter Sebastian", "Lillebror Tobias"]
FINISHED = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "swedish_rummy",
    "options": {"target": 100},
    "players": SEVEN,
    "hands": [
        {
            "went_out": SEVEN[0],
            "left": {SEVEN[1]: ["8", "8"], SEVEN[2]: ["8"]},
        }
    ],
}

#: Every node of the accessibility tree: identifier, what it says, its box.
NODES_JS = """() => Array.from(document.querySelectorAll("flt-semantics")).map((e) => {
  const r = e.getBoundingClientRect();
  const own = Array.from(e.childNodes)
    .filter((n) => n.nodeType === 3 || n.tagName === "SPAN")
    .map((n) => n.textContent).join(" ").trim();
  const inside = e.closest('[flt-semantics-identifier="score-chart"]');
  return {
    id: e.getAttribute("flt-semantics-identifier"),
    said: ((e.getAttribute("aria-label") || "") + " " + own).trim(),
    chart: !!inside && e.getAttribute("flt-semantics-identifier") !== "score-chart",
    x: r.x, y: r.y, w: r.width, h: r.height,
  };
})"""


def seed(tmp_path: Path, *docs: dict[str, Any]) -> tuple[str, list[int]]:
    """A database with ``docs`` imported; its URL and the sessions' ids."""
    url = f"sqlite:///{tmp_path / 'sheet.sqlite3'}"
    engine = make_engine(url)
    init_db(engine)
    ids = [
        store.import_session(engine=engine, data=json.dumps(doc).encode("utf-8")).id for doc in docs
    ]
    engine.dispose()
    return url, ids


def nodes(page: Any) -> list[dict[str, Any]]:
    """The accessibility tree once it has stopped moving."""
    return h.settled(page, NODES_JS)


def found(page: Any) -> dict[str, dict[str, Any]]:
    """The nodes with an identifier, by identifier."""
    return {n["id"]: n for n in nodes(page) if n["id"]}


def open_session(flet_app, open_page, url: str, sid: int, lang: str) -> Any:
    server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE, path=f"/session/{sid}")
    wait_for(page, "screen-session")
    return page


# -- 1. the target is said once at the top --------------------------------------------


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_the_target_is_said_once_above_the_sheet(flet_app, open_page, tmp_path, lang) -> None:
    """Fault 1: "Target 250: … needs 182 more" and "Target score: 250" both
    stood above the sheet; the target is said once, how it is played
    (the options line) still in full."""
    url, ids = seed(tmp_path, SHEET)
    page = open_session(flet_app, open_page, url, ids[0], lang)
    wait_for(page, "name-0")
    wait_says(page, "progress", "182")
    wait_says(page, "session-options", "Poengmål: 250" if lang == "nb" else "Target score: 250")
    tree = nodes(page)
    top = next(n for n in tree if n["id"] == "progress")["y"]
    sheet = next(n for n in tree if n["id"] == "name-0")["y"]
    said = [n["said"] for n in tree if top <= n["y"] < sheet and n["said"]]
    assert sum(text.count("250") for text in said) == 1, said
    h.screenshot(page, f"session-sheet-top-{lang}")


# -- 2. a blocked hand is marked -----------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "blocked", "nobody_out"),
    [("nb", "Låst", "Ingen gikk ut"), ("en", "Blocked", "Nobody went out")],
)
def test_a_blocked_hand_is_marked_in_the_games_own_word(
    flet_app, open_page, tmp_path, lang, blocked, nobody_out
) -> None:
    """Fault 2: a blocked hand's row looked like a hand where somebody went
    out and nobody scored. Its row is marked (and says so to a screen
    reader) in the game's word: Swedish Rummy's hands are blocked, in Rummy
    nobody went out."""
    url, ids = seed(tmp_path, SHEET, PENALTY)
    page = open_session(flet_app, open_page, url, ids[0], lang)
    wait_for(page, "hand-row-3")
    wait_says(page, "hand-row-2", blocked)
    rows = found(page)
    assert blocked not in rows["hand-row-1"]["said"], rows["hand-row-1"]
    assert blocked not in rows["hand-row-3"]["said"], rows["hand-row-3"]
    wait_says(page, "sheet-legend", blocked)
    h.screenshot(page, f"session-sheet-blocked-{lang}")

    h.tap(page, "nav-back")
    wait_for(page, f"session-{ids[1]}")
    h.tap(page, f"session-{ids[1]}")
    wait_for(page, "hand-row-4")
    wait_says(page, "hand-row-4", nobody_out)
    rows = found(page)
    for number in (1, 2, 3):
        assert nobody_out not in rows[f"hand-row-{number}"]["said"]
    assert blocked not in rows["hand-row-4"]["said"]


# -- 3. four long names fit a phone; a rematch starts at the left --------------------------


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_four_long_names_read_whole_without_sideways_scrolling(
    flet_app, open_page, tmp_path, lang
) -> None:
    """Fault 3: four players called "Bestemor Ingrid", "Onkel Bjørnar", "Kari
    Nordmann" and "Ola Nordmann" made the sheet scroll sideways at 390 px. All
    four columns fit the phone; each name reads whole (over two lines at
    most, no word cut), each total whole."""
    url, ids = seed(tmp_path, SHEET)
    page = open_session(flet_app, open_page, url, ids[0], lang)
    wait_for(page, "hand-row-3")
    tree = found(page)
    assert "sheet-scroll-hint" not in tree
    width = h.PHONE["width"]
    words = sorted({word for name in LONG for word in name.split()})
    natural = dict(
        zip(words, page.evaluate(h.TEXT_WIDTHS_JS, [["600 14px", w] for w in words]), strict=True)
    )
    for seat, name in enumerate(LONG):
        node = tree[f"name-{seat}"]
        assert node["said"] == name
        assert node["x"] >= 0 and node["x"] + node["w"] <= width, node
        assert node["h"] < 48, f"{name} takes more than two lines: {node}"
        for word in name.split():
            assert node["w"] >= 0.97 * natural[word], f"{word} is cut in {node}"
        total = tree[f"total-{seat}"]
        assert total["x"] >= 0 and total["x"] + total["w"] <= width, total
        assert tree[f"running-3-{seat}"]["x"] + tree[f"running-3-{seat}"]["w"] <= width
    h.screenshot(page, f"session-sheet-long-names-{lang}")


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_a_rematch_starts_with_the_sheet_at_its_start(flet_app, open_page, tmp_path, lang) -> None:
    """Fault 3: seven players scroll sideways; after the sheet was scrolled
    to the last players and "Rematch" tapped, the new session's sheet stayed
    scrolled. It starts with the first player in view."""
    url, ids = seed(tmp_path, FINISHED)
    page = open_session(flet_app, open_page, url, ids[0], lang)
    wait_for(page, "winner-banner")
    wait_for(page, "sheet-scroll-hint")
    first = found(page)["name-0"]
    start = first["x"] + first["w"] / 2  # the middle of the first column
    box = h.by_id(page, "hand-cells-1").first.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 0)
    page.keyboard.down("Shift")
    page.mouse.wheel(0, 2000)
    page.keyboard.up("Shift")
    page.wait_for_function(
        """(start) => {
          const n = document.querySelector('[flt-semantics-identifier="name-0"]');
          return !n || n.getBoundingClientRect().right < start - 100;
        }""",
        arg=start,
        timeout=h.WAIT * 1000,
    )
    h.screenshot(page, f"session-sheet-scrolled-{lang}")
    h.tap(page, "rematch")  # the form, filled for the rematch: Start starts it
    wait_for(page, "rematch-intro")
    h.tap(page, "start-session")
    wait_gone(page, "winner-banner")
    wait_for(page, "new-hand")
    wait_for(page, "name-0")
    first = found(page)["name-0"]
    assert abs(first["x"] + first["w"] / 2 - start) < 2, (first, start)
    h.screenshot(page, f"session-sheet-rematch-{lang}")


# -- 4. the chart's axis labels at a top of 120 ---------------------------------------


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_the_charts_axis_labels_show_when_the_axis_ends_at_120(
    flet_app, open_page, tmp_path, lang
) -> None:
    """Fault 4: Bo's 114 penalty points make the y axis end at 120; the chart
    showed only 0, 100 and 120 (the last two on top of each other). Every
    tick from 0 to 120 is labelled, inside the chart."""
    url, ids = seed(tmp_path, PENALTY)
    page = open_session(flet_app, open_page, url, ids[0], lang)
    wait_for(page, "hand-row-4")
    wait_for(page, "score-chart")
    page.mouse.move(195, 420)
    page.mouse.wheel(0, 1000)
    wait_says(page, "score-chart", "Anna")
    chart = next(n for n in nodes(page) if n["id"] == "score-chart")
    lines = chart["said"].split("\n")
    hand = "Runde" if lang == "nb" else "Hand"
    y_labels = lines[lines.index(hand) + 1 : lines.index("Anna")]
    assert y_labels == ["0", "20", "40", "60", "80", "100", "120"], lines
    settle(page, 0.5)
    h.screenshot(page, f"session-sheet-chart-120-{lang}")
