"""Issue 5 in a real browser, what only a browser does: the statistics
screen drawn at phone and desktop size (a 40-character name ending in "…"
inside its card; the empty screen in the dark theme), the session's
running-totals chart, and the export sheet — the summary copied to the
clipboard inside the tap, the session file and the PDF handed to the browser
as downloads with their names. In Norwegian at phone size,
then desktop size; screenshots in artifacts/screenshots/. The figures, the
words and the exports' bytes are tested without a browser in
tests/app/test_stats_screen.py and tests/app/test_export_sheet.py.

The database is seeded before the app starts by importing assets/samples/*.json
(Swedish Rummy, finished, Lise wins with 222; Rummy, finished, Åse wins with
44; Four Suit Rummy, not finished); another holds a session whose second
player has a 40-character name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for, wait_text

from models import services as store
from models.db import init_db, make_engine

pytestmark = pytest.mark.e2e

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"
SWEDISH = "stats-swedish_rummy-high"
RUMMY = "stats-rummy-low"


LONG_NAME = "Bestemor Ragnhild Kristine Østerbø-Johan"


def seed(url: str) -> dict[str, int]:
    """Import the three sample sessions; their ids by file stem."""
    engine = make_engine(url)
    init_db(engine)
    ids = {}
    for path in sorted(SAMPLES.glob("*.json")):
        view = store.import_session(engine=engine, data=path.read_bytes())
        ids[path.stem] = view.id
    engine.dispose()
    return ids


def one_hand_of_swedish_rummy(url: str, players: list[str], left: dict) -> None:
    """A database (at ``url``) with one finished Swedish Rummy session to
    100: one hand, the first player went out, ``left`` held by the others."""
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "swedish_rummy",
        "options": {"target": 100},
        "players": players,
        "hands": [{"went_out": players[0], "left": left}],
    }
    engine = make_engine(url)
    init_db(engine)
    store.import_session(engine=engine, data=json.dumps(doc).encode("utf-8"))
    engine.dispose()


def test_statistics_chart_and_export(flet_app, open_page, tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'stats.sqlite3'}"
    ids = seed(url)
    server = flet_app(APP, lang="nb", env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE)
    wait_for(page, "screen-sessions")
    h.tap(page, "nav-stats")
    wait_text(page, "screen-stats", "Statistikk")
    wait_text(page, f"{SWEDISH}-0-best", "117")
    wait_text(page, f"{RUMMY}-0-average", "8,8")
    settle(page, 0.5)
    h.screenshot(page, "stats-nb-phone")
    page.set_viewport_size(h.DESKTOP)
    wait_for(page, f"{SWEDISH}-0-name")
    settle(page, 0.8)
    h.screenshot(page, "stats-nb-desktop")
    page.set_viewport_size(h.PHONE)

    # the Rummy session and its chart
    h.tap(page, "nav-back")
    wait_for(page, f"session-{ids['rummy']}")
    h.tap(page, f"session-{ids['rummy']}")
    wait_for(page, "screen-session")
    wait_for(page, "hand-row-5")
    wait_for(page, "score-chart")
    settle(page, 0.8)
    h.screenshot(page, "session-chart-nb-phone")
    page.mouse.move(195, 420)
    page.mouse.wheel(0, 700)  # the chart is below the standings: scroll it into view
    settle(page, 0.8)
    h.screenshot(page, "session-chart-nb-phone-scrolled")

    # copied to the clipboard inside the tap
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    h.tap(page, "export")
    wait_for(page, "export-pdf")
    settle(page, 0.6)
    h.screenshot(page, "export-menu-nb-phone")
    h.tap(page, "export-copy")
    h.wait_for_text(page, "Kopiert til utklippstavlen")
    text = page.evaluate("navigator.clipboard.readText()")
    assert "Vinner: \u2068Åse\u2069" in text, text

    # the session file, downloaded by the browser under its name
    settle(page, 0.5)
    h.tap(page, "export")
    wait_for(page, "export-json")
    settle(page, 0.5)
    with page.expect_download() as download:
        h.tap(page, "export-json")
    saved_file = download.value
    assert saved_file.suggested_filename == "kortpoeng-rummy-2026-11-27-1800.json"
    doc = json.loads(Path(saved_file.path()).read_text(encoding="utf-8"))
    assert doc["players"] == ["Ingrid", "Åse", "Øystein", "Per"]
    h.wait_for_text(page, re.compile(r"Lagret kortpoeng-rummy-2026-11-27-1800\.json"))
    settle(page, 0.3)
    h.screenshot(page, "export-saved-nb-phone")

    # the PDF
    h.tap(page, "export")
    wait_for(page, "export-pdf")
    settle(page, 0.5)
    with page.expect_download() as download:
        h.tap(page, "export-pdf")
    assert download.value.suggested_filename.endswith(".pdf")
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF")

    # a name too long for its card ends in "…" inside it (found on a new-user
    # evening: a 40-character name ran past its card, cut mid-letter)
    long_url = f"sqlite:///{tmp_path / 'long.sqlite3'}"
    one_hand_of_swedish_rummy(long_url, ["Ola", LONG_NAME], {LONG_NAME: ["8", "8"]})
    page = open_page(flet_app(APP, lang="en", env={"KORTPOENG_DB": long_url}), path="/stats")
    wait_for(page, f"{SWEDISH}-1-name")
    assert h.text_of(page, f"{SWEDISH}-1-name") == LONG_NAME
    settle(page, 0.5)
    box = h.by_id(page, f"{SWEDISH}-1-name").first.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= h.PHONE["width"] - 16, box  # inside the card's padding
    h.screenshot(page, "stats-long-name-en-phone")

    # no finished session yet, in the dark theme
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "settings.json").write_text(
        json.dumps({"language": "en", "theme": "dark"}), encoding="utf-8"
    )
    dark = flet_app(APP, env={"KORTPOENG_DB": f"sqlite:///{empty / 'empty.sqlite3'}"})
    page = open_page(dark, viewport=h.PHONE, path="/stats")
    wait_for(page, "stats-empty")
    h.wait_for_text(page, "No finished sessions yet")
    settle(page, 0.5)
    h.screenshot(page, "stats-empty-en-phone-dark")
