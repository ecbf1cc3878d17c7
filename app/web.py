"""Serving the Flet app to browsers (this machine, or every phone on the LAN).

:func:`serve` runs a Flet ``main(page)`` in web mode with the Flutter client
served locally (no CanvasKit from a CDN), never opens a browser itself, and
prints the address to open; the server itself (guard, join door, headers,
shutdown) is :mod:`app.server`. :func:`desktop_available` tells whether a
native desktop window could be opened instead.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import platform
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.paths import ASSETS_DIR as _ASSETS_DIR
from app.server.addresses import free_port, lan_addresses

__all__ = [
    "ASSETS_DIR",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "desktop_available",
    "free_port",
    "lan_addresses",
    "serve",
]

logger = logging.getLogger(__name__)

#: The app's assets (icon, images, fonts), resolved from this file.
ASSETS_DIR: Path = _ASSETS_DIR
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def serve(
    main: Callable[[Any], Any],
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    assets_dir: str | os.PathLike[str] | None = ASSETS_DIR,
    before_main: Callable[[Any], Any] | None = None,
    announce: bool = True,
) -> int:
    """Serve ``main`` as a web app until Ctrl+C / SIGTERM; returns the exit status.

    Blocks. Each browser tab that opens the address gets its own Flet session
    (its own ``page``). Nothing opens a browser. The Flutter web client,
    CanvasKit and fonts are served from the installed ``flet-web`` package
    (no CDN), so it works offline. Bound beyond loopback, every client needs
    the join code (see :mod:`app.server`).

    Args:
        main: ``main(page: ft.Page)``, e.g. ``lambda page: page.render(App)``.
        host: Interface to bind: ``"127.0.0.1"`` for this machine only,
            ``"0.0.0.0"`` for phones on the same network.
        port: TCP port; ``0`` picks a free one.
        assets_dir: Folder served as ``/…`` assets (absolute; a missing folder
            is skipped). Defaults to the repository's ``assets/``.
        before_main: Called with the page before ``main``.
        announce: Print the address(es) to open on standard output.

    Note:
        ``FLET_SERVER_PORT`` and ``FLET_SERVER_IP`` in the environment override
        ``port`` and ``host`` (Flet's own behaviour); the printed address
        follows them.
    """
    from app.server import serve as serve_app

    assets = Path(assets_dir).resolve() if assets_dir is not None else None
    if assets is not None and not assets.is_dir():
        logger.info("No assets folder at %s; serving without one", assets)
        assets = None
    return serve_app(
        main, host, port, assets_dir=assets, before_main=before_main, announce=announce
    )


def desktop_available() -> bool:
    """Whether a native Flet desktop window can be opened here.

    True when Flet's desktop client package (``flet-desktop``, same version as
    ``flet``) is installed *and* there is a screen: on Linux a ``DISPLAY`` or
    ``WAYLAND_DISPLAY`` (Flet itself treats Linux without ``DISPLAY`` as a
    headless server); on Windows and macOS always. Without it, Flet would try
    to install and download the desktop client at start-up, which fails
    offline, so callers should fall back to :func:`serve`.
    """
    if platform.system() == "Linux":
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            return False
    elif sys.platform not in ("win32", "darwin"):
        return False
    if importlib.util.find_spec("flet_desktop") is None:
        return False
    try:
        from flet.version import flet_version
        from flet_desktop.version import version as desktop_version
    except Exception:  # a broken or partial install: treat as absent
        logger.debug("flet_desktop present but not importable", exc_info=True)
        return False
    return not desktop_version or desktop_version == flet_version
