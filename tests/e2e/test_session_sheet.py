"""The session screen at phone size (390 × 844), as a new user found it,
what only a browser shows: four players with long names drawn whole without
sideways scrolling, a blocked hand's row saying the game's word to a screen
reader, the chart's axis labels drawn when the axis ends at 120, and a
rematch starting with its sheet scrolled back to the start. One walk through
three sessions, in Norwegian; screenshots in
artifacts/screenshots/session-sheet-*.png. The words and numbers (the
target said once, the game's word for a blocked hand, the widths, the
rematch, the axis ticks) are tested without a browser in
tests/app/test_session_screen.py.

The database is seeded before the app starts by importing session files
(docs/SESSION_FORMAT.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for, wait_gone, wait_says
from sheet_sessions import FINISHED, LONG, PENALTY, SHEET

from models import services as store
from models.db import init_db, make_engine

pytestmark = pytest.mark.e2e

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


def open_session(page: Any, sid: int) -> None:
    """From the sessions screen, session ``sid`` (a tap on its card)."""
    wait_for(page, f"session-{sid}")
    h.tap(page, f"session-{sid}")
    wait_for(page, "screen-session")


def back_to_the_list(page: Any) -> None:
    h.tap(page, "nav-back")
    wait_for(page, "screen-sessions")


def test_the_sheet_at_phone_size(flet_app, open_page, tmp_path) -> None:
    url, (sheet, penalty, finished) = seed(tmp_path, SHEET, PENALTY, FINISHED)
    server = flet_app(APP, lang="nb", env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE)

    # four long names: every column on the phone, each name whole on at most
    # two lines (no word cut), each total whole; the target said once above
    open_session(page, sheet)
    wait_for(page, "hand-row-3")
    wait_says(page, "session-options", "Poengmål: 250")
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
    # the blocked hand's row says so to a screen reader, in the game's word
    wait_says(page, "hand-row-2", "Låst")
    rows = found(page)
    assert "Låst" not in rows["hand-row-1"]["said"] and "Låst" not in rows["hand-row-3"]["said"]
    h.screenshot(page, "session-sheet-long-names-nb")

    # Bo's 114 penalty points: the y axis ends at 120, and every tick from 0
    # to 120 is labelled inside the chart (it showed 0, 100 and 120, the last
    # two on top of each other); hand 4, nobody out, in Rummy's word
    back_to_the_list(page)
    open_session(page, penalty)
    wait_for(page, "hand-row-4")
    wait_says(page, "hand-row-4", "Ingen gikk ut")
    wait_for(page, "score-chart")
    page.mouse.move(195, 420)
    page.mouse.wheel(0, 1000)
    wait_says(page, "score-chart", "Anna")
    chart = next(n for n in nodes(page) if n["id"] == "score-chart")
    lines = chart["said"].split("\n")
    y_labels = lines[lines.index("Runde") + 1 : lines.index("Anna")]
    assert y_labels == ["0", "20", "40", "60", "80", "100", "120"], lines
    settle(page, 0.5)
    h.screenshot(page, "session-sheet-chart-120-nb")

    # seven players scroll sideways; scrolled to the last players, "Rematch"
    # and Start: the new session's sheet starts with the first player in view
    back_to_the_list(page)
    open_session(page, finished)
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
    h.screenshot(page, "session-sheet-scrolled-nb")
    h.tap(page, "rematch")  # the form, filled for the rematch: Start starts it
    wait_for(page, "rematch-intro")
    h.tap(page, "start-session")
    wait_gone(page, "winner-banner")
    wait_for(page, "new-hand")
    wait_for(page, "name-0")
    first = found(page)["name-0"]
    assert abs(first["x"] + first["w"] / 2 - start) < 2, (first, start)
    h.screenshot(page, "session-sheet-rematch-nb")
