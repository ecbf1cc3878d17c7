"""Each browser tab (Flet session) keeps its own language; ``_()`` reads it at
call time; a tab starts in ``KORTPOENG_LANG``."""

from __future__ import annotations

import e2e_harness as h

APP = h.APPS_DIR / "languages.py"


def test_language_is_per_session_and_switches_without_restart(flet_app, open_page) -> None:
    server = flet_app(APP, lang="en")
    first = open_page(server)
    second = open_page(server, viewport=h.DESKTOP)
    h.wait_for_text(first, "hearts")
    h.wait_for_text(second, "hearts")

    h.tap(first, "language-switch")
    h.wait_for_text(first, "hjerter")
    h.tap(first, "language-poke")  # translated inside an event handler
    h.wait_for_text(first, "spar")

    h.tap(second, "language-poke")  # the other tab stays English
    h.wait_for_text(second, "spades")
    assert h.text_of(second, "language-suit") == "hearts"
    assert h.text_of(first, "language-suit") == "hjerter"

    h.tap(first, "language-switch")
    h.wait_for_text(first, "hearts")
    h.screenshot(second, "languages-desktop")

    # a tab of a server started in Norwegian starts in Norwegian
    page = open_page(flet_app(APP, lang="nb"))
    h.wait_for_text(page, "hjerter")
    assert h.text_of(page, "language-code") == "nb"
