"""A phone's language on its first visit (issue 25, item 8): a browser in
Norwegian (``Accept-Language: nb-NO``) is shown Norwegian, one in English
English, whatever the server's own locale, until the person chooses a
language under Settings; that choice is kept on the phone.

Before, the server's locale decided for every phone. The server here runs
with no ``KORTPOENG_LANG`` and its locale set to the other language, so only
the browser's header can give the language seen.
"""

from __future__ import annotations

from typing import Any

import e2e_harness as h
from kortpoeng_flows import APP, settle, wait_for, wait_text

NEW_SESSION = {"nb": "Nytt parti", "en": "New session"}
#: The server's locale: the other language than the browser's.
SERVER_LOCALE = {"nb": "en_GB.UTF-8", "en": "nb_NO.UTF-8"}


def first_visit(browser: Any, url: str, locale: str) -> Any:
    """A phone never seen before (fresh storage) in ``locale``, on the sessions screen."""
    page = h.open_app(browser, url, viewport=h.PHONE, locale=locale)
    wait_for(page, "nav-new-session")
    return page


def test_the_first_visit_speaks_the_browsers_language(flet_app, browser: Any) -> None:
    """A browser in Norwegian, then one in English."""
    for locale, lang in (("nb-NO", "nb"), ("en-US", "en")):
        first_visits(flet_app, browser, locale, lang)


def first_visits(flet_app: Any, browser: Any, locale: str, lang: str) -> None:
    other = "en" if lang == "nb" else "nb"
    server = flet_app(
        APP,
        env={
            "KORTPOENG_LANG": "",
            "LANG": SERVER_LOCALE[lang],
            "LANGUAGE": "",
            "LC_ALL": "",
            "LC_MESSAGES": "",
        },
    )
    page = first_visit(browser, server.url, locale)
    try:
        wait_text(page, "nav-new-session", NEW_SESSION[lang])
        h.screenshot(page, f"first-visit-{locale}")
        # the person chooses the other language: kept on this phone
        h.tap(page, "nav-settings")
        wait_for(page, "screen-settings")
        h.tap(page, f"lang-{other}")
        settle(page, 0.5)
        page.reload(wait_until="domcontentloaded")
        h.wait_first_frame(page)
        h.enable_semantics(page)
        wait_for(page, "screen-settings")
        h.tap(page, "nav-back")
        wait_text(page, "nav-new-session", NEW_SESSION[other])
    finally:
        page.context.close()
    # another phone in the same language still gets its browser's language
    page = first_visit(browser, server.url, locale)
    try:
        wait_text(page, "nav-new-session", NEW_SESSION[lang])
    finally:
        page.context.close()
