"""The small HTML pages the server answers with itself (no Flutter): the door
page a client without the join code sees, in its browser's language.

The language comes from the ``Accept-Language`` header as the app itself
reads it (:func:`app.i18n.negotiate_language`: ``nb``, ``nn`` and ``no`` give
Norwegian Bokmål, the first supported one by weight wins, a header naming
only other languages gives English), else the server's default language.
"""

from __future__ import annotations

import html

from app.i18n import _, get_language, negotiate_language, use_language

__all__ = ["door_page", "not_found_page", "preferred_language"]


def preferred_language(accept_language: str | None) -> str:
    """The supported language a browser asks for first (``Accept-Language``,
    :func:`app.i18n.negotiate_language`: one that names only languages the
    app does not speak gets English), else the server's default language.

    >>> preferred_language("de-DE,de;q=0.9,nb;q=0.8,en;q=0.7")
    'nb'
    >>> preferred_language("en-US;q=0.5,nb;q=0.95")
    'nb'
    >>> preferred_language("nb;q=0, en")
    'en'
    """
    return negotiate_language(accept_language) or get_language()


_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;
background:#f4f7f6;color:#17302c;display:flex;min-height:100vh;align-items:center;
justify-content:center}
main{max-width:26rem;margin:1.5rem;padding:1.5rem 1.75rem;background:#fff;
border-radius:16px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 .75rem}
p{line-height:1.5;margin:.5rem 0}
.app{color:#00695c;font-weight:600;letter-spacing:.02em;margin-bottom:1rem}
@media (prefers-color-scheme:dark){body{background:#121a19;color:#e0ebe8}
main{background:#1d2826;box-shadow:none}.app{color:#4db6ac}}
"""


def door_page(accept_language: str | None, *, stale_link: bool = False) -> tuple[str, bytes]:
    """The "ask the host for the join code" page, in the browser's language.

    Args:
        accept_language: The request's ``Accept-Language`` header (or ``None``).
        stale_link: The client opened a join link whose code was revoked.

    Returns:
        ``(language, html_bytes)``: the page as UTF-8 HTML, with no script.
    """
    language = preferred_language(accept_language)
    with use_language(language):
        title = _("Ask the host for the join code")
        if stale_link:
            lead = _("This join link no longer works: the host has made a new one.")
        else:
            lead = _("The Kortpoeng on this network only lets in the phones at the table.")
        how = _(
            "Ask the host to show the join code: in Kortpoeng on the host's screen, "
            "open Settings, then Invite a phone, and scan the QR code or open the link "
            "with this phone."
        )
        name = _("Kortpoeng")
    page = (
        "<!DOCTYPE html>\n"
        f'<html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(name)}</title><style>{_STYLE}</style></head>"
        f'<body><main id="kortpoeng-door"><div class="app">{html.escape(name)}</div>'
        f"<h1>{html.escape(title)}</h1><p>{html.escape(lead)}</p>"
        f"<p>{html.escape(how)}</p></main></body></html>\n"
    )
    return language, page.encode("utf-8")


def not_found_page(accept_language: str | None) -> tuple[str, bytes]:
    """The page for an address the app has nothing at (a path no browser
    makes: a NUL byte, thousands of characters), in the browser's language
    and never the web framework's own text (``{"detail":"Not Found"}``):
    what happened and a link to the sessions.

    Returns:
        ``(language, html_bytes)``: the page as UTF-8 HTML, with no script.
    """
    language = preferred_language(accept_language)
    with use_language(language):
        title = _("Nothing here")
        lead = _("Kortpoeng has no page at this address.")
        back = _("Open the sessions")
        name = _("Kortpoeng")
    page = (
        "<!DOCTYPE html>\n"
        f'<html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(name)}</title><style>{_STYLE}</style></head>"
        f'<body><main id="kortpoeng-not-found"><div class="app">{html.escape(name)}</div>'
        f"<h1>{html.escape(title)}</h1><p>{html.escape(lead)}</p>"
        f'<p><a href="/">{html.escape(back)}</a></p></main></body></html>\n'
    )
    return language, page.encode("utf-8")
