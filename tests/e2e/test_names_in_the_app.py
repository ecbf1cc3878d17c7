"""Every name in the app (issue 12), what only a browser shows: a family's
names drawn from the fonts the app ships, with no font fetched from anywhere
(the session screen, and the new-session form's recent players), at phone
size in Norwegian and desktop size in English; the picture (PNG) of the
session downloaded from the share sheet. The recent players' alphabetical
order and the picture's bytes are tested without a browser in
tests/app/test_new_session_screen.py and tests/app/test_export_sheet.py.

The database is seeded with tests/app/golden/family.json (players ``Ola👍``,
``Ola🏆``, ``سارة``, ``יוסי``, ``A`` + U+030A ``se``, a formula and a
40-character Norwegian name) and a Rummy session of Norwegian names. Every
request the page makes is recorded; those to Google's font hosts are refused,
as on a family Wi-Fi without internet. Screenshots in artifacts/screenshots/
(``names-*``) are for a person to look at.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for
from PIL import Image

from models import services as store
from models.db import init_db, make_engine

pytestmark = pytest.mark.e2e

GOLDEN = Path(__file__).resolve().parents[1] / "app" / "golden"
NORDIC = ["Øystein", "Zara", "Åsmund", "Ærlig"]
FONT_HOSTS = ("fonts.gstatic.com", "fonts.googleapis.com")


def seed(url: str) -> dict[str, int]:
    """The family session and a Rummy session of Norwegian names; their ids."""
    engine = make_engine(url)
    init_db(engine)
    family = store.import_session(engine=engine, data=(GOLDEN / "family.json").read_bytes())
    nordic = store.start_session(engine=engine, game_id="rummy", players=NORDIC)
    engine.dispose()
    return {"family": family.id, "nordic": nordic.id}


def open_offline(browser: Any, url: str, viewport: dict[str, int]) -> tuple[Any, list[str]]:
    """``url`` in a fresh context where Google's font hosts cannot be reached;
    the page and the list of every URL it asked for (filled as it goes)."""
    asked: list[str] = []
    context = browser.new_context(viewport=dict(viewport), accept_downloads=True)

    def route(request_route: Any) -> None:
        asked.append(request_route.request.url)
        if urlparse(request_route.request.url).hostname in FONT_HOSTS:
            request_route.abort()
        else:
            request_route.continue_()

    context.route("**/*", route)
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded", timeout=60_000)
    h.wait_first_frame(page, 60)
    h.enable_semantics(page)
    return page, asked


#: Flutter's own fallback fonts for what the names need (Arabic, Hebrew, emoji),
#: by the name it asks for them under (from its font host, or without a CDN
#: from /assets/fonts/ of the app's server, which has none).
FALLBACKS = ("notosansarabic", "notonaskharabic", "notosanshebrew", "notocoloremoji", "notoemoji")


def fetched_fonts(asked: list[str]) -> list[str]:
    """Fonts asked for from Google's font hosts, or Flutter's fallback fonts
    for the scripts of the names."""
    return [
        url
        for url in asked
        if urlparse(url).hostname in FONT_HOSTS
        or any(f"/assets/fonts/{family}/" in urlparse(url).path for family in FALLBACKS)
    ]


def names_drawn(browser: Any, flet_app: Any, url: str, ids: dict[str, int], lang: str) -> Any:
    """The family's session and the new-session form (every recent player's
    chip on screen) drawn with no font fetched; returns the page, on the form."""
    size, viewport = ("phone", h.PHONE) if lang == "nb" else ("desktop", h.DESKTOP)
    server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
    page, asked = open_offline(
        browser, server.url.rstrip("/") + f"/session/{ids['family']}", viewport
    )
    try:
        wait_for(page, "screen-session")
        h.wait_for_text(page, "Ola🏆")
        settle(page, 1.5)
        h.screenshot(page, f"names-session-{lang}-{size}")
        # Tall enough that every chip is on screen (and in the semantics tree).
        page.set_viewport_size({"width": viewport["width"], "height": 2000})
        page.goto(server.url.rstrip("/") + "/new", wait_until="domcontentloaded")
        h.wait_first_frame(page, 60)
        h.enable_semantics(page)
        for name in NORDIC:
            wait_for(page, f"recent-{name}")
        settle(page, 1.0)
        h.screenshot(page, f"names-recent-{lang}-{size}")
        assert fetched_fonts(asked) == [], fetched_fonts(asked)
        assert any(u.endswith("/fonts/NotoEmoji-Regular.ttf") for u in asked), asked
    except BaseException:
        h.screenshot(page, f"FAILED-names-{lang}")
        page.context.close()
        raise
    page.set_viewport_size(dict(viewport))
    return page


def test_names_drawn_from_shipped_fonts_and_the_picture_shared(
    browser: Any, flet_app: Any, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'names.sqlite3'}"
    ids = seed(url)
    page = names_drawn(browser, flet_app, url, ids, "en")
    page.context.close()
    page = names_drawn(browser, flet_app, url, ids, "nb")
    try:
        page.goto(page.url.split("/new")[0] + f"/session/{ids['family']}")
        h.wait_first_frame(page, 60)
        h.enable_semantics(page)
        wait_for(page, "screen-session")
        h.tap(page, "export")
        wait_for(page, "export-png")
        settle(page, 0.6)
        h.screenshot(page, "names-share-sheet-nb-phone")
        with page.expect_download() as download:
            h.tap(page, "export-png")
        assert download.value.suggested_filename == "kortpoeng-swedish-rummy-2026-12-05-1830.png"
        image = Image.open(io.BytesIO(Path(download.value.path()).read_bytes()))
        assert image.format == "PNG" and image.width == 1080 and image.height > 1500
    finally:
        page.context.close()
