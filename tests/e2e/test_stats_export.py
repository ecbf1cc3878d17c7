"""Issue 5 in a real browser: the statistics screen shows the numbers of the
finished sample sessions, the session screen shows the running-totals chart,
and the export menu copies the summary and downloads files, in Norwegian at
phone size and English at desktop size (screenshots in artifacts/screenshots/).

The database is seeded before the app starts by importing assets/samples/*.json:
Swedish Rummy (finished, Lise wins: 4 hands, 222 = 117 + …, best hand 117),
Rummy (finished, Åse wins with 44 over 5 hands: average 8.8, best 0) and Four
Suit Rummy (not finished: not counted).
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


def check_stats(page, lang: str) -> None:
    """The statistics screen's numbers for the samples (hand-checked above)."""
    percent = "100\xa0%" if lang == "nb" else "100%"
    wait_for(page, f"{SWEDISH}-0-name")
    expected = {
        f"{SWEDISH}-0-name": "Lise",
        f"{SWEDISH}-0-sessions": "1",
        f"{SWEDISH}-0-wins": "1",
        f"{SWEDISH}-0-rate": percent,
        f"{SWEDISH}-0-average": "55,5" if lang == "nb" else "55.5",
        f"{SWEDISH}-0-best": "117",
        f"{SWEDISH}-0-streak": "1",
        f"{SWEDISH}-1-name": "Jonas",
        f"{SWEDISH}-1-rate": "0\xa0%" if lang == "nb" else "0%",
        f"{SWEDISH}-1-streak": "0",
        f"{RUMMY}-0-name": "Åse",
        f"{RUMMY}-0-wins": "1",
        f"{RUMMY}-0-average": "8,8" if lang == "nb" else "8.8",
        f"{RUMMY}-0-best": "0",
    }
    for identifier, text in expected.items():
        wait_text(page, identifier, text)
    assert not h.by_id(page, "stats-four_suit_rummy-high-0-name").count()


def check_session_and_export(page, sid: int, lang: str, size: str) -> None:
    """Open the Rummy session, screenshot it with its chart, copy and download."""
    copied = "Kopiert til utklippstavlen" if lang == "nb" else "Copied to the clipboard"
    saved = "Lagret" if lang == "nb" else "Saved"
    h.tap(page, "nav-back")
    wait_for(page, f"session-{sid}")
    h.tap(page, f"session-{sid}")
    wait_for(page, "screen-session")
    wait_for(page, "hand-row-5")
    settle(page, 0.8)
    h.screenshot(page, f"session-chart-{lang}-{size}")
    if size == "phone":  # the chart is below the standings: scroll it into view
        page.mouse.move(195, 420)
        page.mouse.wheel(0, 700)
        settle(page, 0.8)
        h.screenshot(page, f"session-chart-{lang}-{size}-scrolled")

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    h.tap(page, "export")
    wait_for(page, "export-pdf")
    settle(page, 0.6)
    h.screenshot(page, f"export-menu-{lang}-{size}")
    h.tap(page, "export-copy")
    h.wait_for_text(page, copied)
    text = page.evaluate("navigator.clipboard.readText()")
    winner = "Vinner: \u2068Åse\u2069" if lang == "nb" else "Winner: \u2068Åse\u2069"
    assert winner in text, text

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
    h.wait_for_text(page, re.compile(rf"{saved} kortpoeng-rummy-2026-11-27-1800\.json"))
    settle(page, 0.3)
    h.screenshot(page, f"export-saved-{lang}-{size}")

    h.tap(page, "export")
    wait_for(page, "export-pdf")
    settle(page, 0.5)
    with page.expect_download() as download:
        h.tap(page, "export-pdf")
    assert download.value.suggested_filename.endswith(".pdf")
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("lang", "size", "viewport"),
    [
        ("nb", "phone", h.PHONE),
        ("en", "desktop", h.DESKTOP),
        ("en", "phone", h.PHONE),
        ("nb", "desktop", h.DESKTOP),
    ],
)
def test_statistics_chart_and_export(flet_app, open_page, tmp_path, lang, size, viewport) -> None:
    url = f"sqlite:///{tmp_path / 'stats.sqlite3'}"
    ids = seed(url)
    server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=viewport)
    wait_for(page, "screen-sessions")
    h.tap(page, "nav-stats")
    wait_text(page, "screen-stats", "Statistikk" if lang == "nb" else "Statistics")
    check_stats(page, lang)
    settle(page, 0.5)
    h.screenshot(page, f"stats-{lang}-{size}")
    check_session_and_export(page, ids["rummy"], lang, size)


def test_statistics_empty_in_the_dark(flet_app, open_page, tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    (tmp_path / "settings.json").write_text(
        json.dumps({"language": "en", "theme": "dark"}), encoding="utf-8"
    )
    server = flet_app(APP, env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE, path="/stats")
    wait_for(page, "stats-empty")
    h.wait_for_text(page, "No finished sessions yet")
    settle(page, 0.5)
    h.screenshot(page, "stats-empty-en-phone-dark")


def one_hand_of_swedish_rummy(tmp_path: Path, players: list[str], left: dict) -> str:
    """A database (its URL) with one finished Swedish Rummy session to 100:
    one hand, the first player went out, ``left`` held by the others."""
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "swedish_rummy",
        "options": {"target": 100},
        "players": players,
        "hands": [{"went_out": players[0], "left": left}],
    }
    url = f"sqlite:///{tmp_path / 'stats.sqlite3'}"
    engine = make_engine(url)
    init_db(engine)
    store.import_session(engine=engine, data=json.dumps(doc).encode("utf-8"))
    engine.dispose()
    return url


@pytest.mark.parametrize(("lang", "viewport"), [("nb", h.PHONE), ("en", h.DESKTOP)])
def test_a_club_of_twelve_shows_ten_players_then_all(
    flet_app, open_page, tmp_path, lang, viewport
) -> None:
    """A game with more players than a family (twelve at one Swedish Rummy
    table) shows its first ten, in place order, and a button for the rest:
    the screen stays quick with a club's history. Ola went out and collected
    100 from each of the others (two eights each)."""
    players = [f"Spiller {n:02d}" for n in range(1, 13)]
    url = one_hand_of_swedish_rummy(tmp_path, players, {p: ["8", "8"] for p in players[1:]})
    server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=viewport, path="/stats")
    wait_for(page, f"{SWEDISH}-9-name")
    assert h.text_of(page, f"{SWEDISH}-0-name") == players[0]
    assert h.by_id(page, f"{SWEDISH}-10-name").count() == 0
    h.wait_for_text(page, "Vis alle 12 spillere" if lang == "nb" else "Show all 12 players")
    settle(page, 0.5)
    h.screenshot(page, f"stats-club-{lang}-{'phone' if viewport == h.PHONE else 'desktop'}")
    h.tap(page, f"{SWEDISH}-more")
    wait_for(page, f"{SWEDISH}-11-name")
    assert h.by_id(page, f"{SWEDISH}-more").count() == 0


def test_a_long_name_ends_in_an_ellipsis_inside_its_card(flet_app, open_page, tmp_path) -> None:
    """Found on a new-user evening: a 40-character name ran past its card and
    off the screen, cut mid-letter, on a phone; a name too long for its card
    now ends in "…" inside it."""
    players = ["Ola", "Bestemor Ragnhild Kristine Østerbø-Johan"]
    url = one_hand_of_swedish_rummy(tmp_path, players, {players[1]: ["8", "8"]})
    page = open_page(flet_app(APP, lang="en", env={"KORTPOENG_DB": url}), path="/stats")
    wait_for(page, f"{SWEDISH}-1-name")
    settle(page, 0.5)
    box = h.by_id(page, f"{SWEDISH}-1-name").first.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= h.PHONE["width"] - 16, box  # inside the card's padding
    h.screenshot(page, "stats-long-name-en-phone")
