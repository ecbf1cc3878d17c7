"""Security headers on every HTTP answer.

Flet's own middleware sends ``Access-Control-Allow-Origin: *``, which lets any
web page read the app's files; it is taken off (:func:`security_headers`
drops it whatever sent it). What is sent instead:

* ``Content-Security-Policy``: only this server's own scripts, styles, images,
  fonts, workers and connections (``default-src 'self'``). What the Flutter
  web client needs beyond that, each found by taking it away in Chromium (the
  app then stays on its splash or loses its styles): ``'wasm-unsafe-eval'``
  (it compiles WebAssembly: skwasm / CanvasKit), ``blob:`` workers (skwasm
  starts one), ``'unsafe-inline'`` for *styles* only (Flutter writes
  ``<style>`` elements), and the three inline ``<script>`` blocks of the app's
  ``index.html``, allowed by their SHA-256 hashes computed from the page as
  served (:func:`inline_script_hashes`), never by ``'unsafe-inline'``.
  Images, fonts and the QR code need nothing more; ``data:`` media for
  the tiny silent video that keeps a phone's screen awake where the browser
  has no Wake Lock API (a page over plain http on the home network:
  :mod:`app.ui.phone`). ``frame-ancestors 'none'``:
  no other site can frame the app. The client is served so that it asks for
  nothing beyond this server (:mod:`app.server.offline`); anything else it
  might ask for is refused all the same.
* ``X-Frame-Options: DENY`` (older browsers), ``X-Content-Type-Options:
  nosniff``, ``Referrer-Policy: no-referrer`` (the join link never leaks in a
  ``Referer``), ``Permissions-Policy`` switching off what the app never uses.
* ``Cross-Origin-Opener-Policy: same-origin`` and
  ``Cross-Origin-Embedder-Policy: require-corp`` (the Flutter client needs
  them), and ``Cross-Origin-Resource-Policy: same-origin``.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable

__all__ = [
    "APP_POLICY",
    "content_security_policy",
    "inline_script_hashes",
    "security_headers",
    "style_hash",
]

#: The app's Content-Security-Policy before the inline-script hashes.
APP_POLICY: dict[str, list[str]] = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "worker-src": ["'self'", "blob:"],
    "media-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

_SCRIPT = re.compile(rb"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script\s*>", re.S | re.I)
_DROP = {b"access-control-allow-origin", b"access-control-allow-credentials"}
_FIXED: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
    (b"cross-origin-resource-policy", b"same-origin"),
)


def _sha256(data: bytes) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode() + "'"


def inline_script_hashes(page: bytes) -> list[str]:
    """CSP source expressions (``'sha256-…'``) for each inline ``<script>`` of
    an HTML page (scripts with ``src`` are covered by ``'self'``).

    >>> inline_script_hashes(b'<script src="a.js"></script><script>var a=1;</script>')
    ["'sha256-gaaMFNHZyRta8zB2VHkWLMP4tMxJ+d8v3dTW7nw2r6M='"]
    """
    found = []
    for match in _SCRIPT.finditer(page):
        if b"src=" in match.group("attrs").lower():
            continue
        found.append(_sha256(match.group("body")))
    return list(dict.fromkeys(found))


def style_hash(style: str) -> str:
    """The CSP source expression for one inline ``<style>`` block's text."""
    return _sha256(style.encode("utf-8"))


def content_security_policy(
    policy: dict[str, list[str]] = APP_POLICY, *, scripts: Iterable[str] = ()
) -> str:
    """``policy`` as a header value, with ``scripts`` added to ``script-src``.

    >>> content_security_policy({"default-src": ["'none'"], "script-src": []}, scripts=["'x'"])
    "default-src 'none'; script-src 'x'"
    """
    parts = []
    for directive, sources in policy.items():
        values = list(sources) + (list(scripts) if directive == "script-src" else [])
        parts.append(" ".join([directive, *values]))
    return "; ".join(parts)


def security_headers(
    headers: Iterable[tuple[bytes, bytes]], policy: str
) -> list[tuple[bytes, bytes]]:
    """``headers`` (an ASGI response's) without wildcard CORS and with every
    security header above set, the Content-Security-Policy to ``policy``."""
    fixed = {name for name, _value in _FIXED} | {b"content-security-policy"}
    kept = [
        (name, value)
        for name, value in headers
        if name.lower() not in _DROP and name.lower() not in fixed
    ]
    return [*kept, *_FIXED, (b"content-security-policy", policy.encode("latin-1"))]
