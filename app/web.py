"""Serving the Flet app to browsers (this machine, or every phone on the LAN).

:func:`serve` runs a Flet ``main(page)`` in web mode with the Flutter client
served locally (``no_cdn=True``: offline, no CanvasKit from a CDN), never opens
a browser itself, and prints the address to open. :func:`desktop_available`
tells whether a native desktop window could be opened instead.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import platform
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
ASSETS_DIR: Path = Path(__file__).resolve().parent.parent / "assets"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now (the OS picks it).

    Another process may take it before it is bound again; callers that start
    servers on it should retry on failure.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other phones on the LAN may reach.

    Best effort, without sending any traffic; may be empty (no network).
    """
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect(("10.255.255.255", 1))  # UDP connect: picks a route, sends nothing
        found.append(sock.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found:
                found.append(address)
    return [a for a in found if not a.startswith("127.")]


def _urls(host: str, port: int, name: str) -> list[str]:
    path = f"/{name.strip('/')}" if name.strip("/") else ""
    hosts = ["127.0.0.1", *lan_addresses()] if host in ("0.0.0.0", "", "*") else [host]
    return [f"http://{h}:{port}{path}" for h in hosts]


def serve(
    main: Callable[[Any], Any],
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    name: str = "",
    assets_dir: str | os.PathLike[str] | None = ASSETS_DIR,
    before_main: Callable[[Any], Any] | None = None,
    announce: bool = True,
) -> None:
    """Serve ``main`` as a web app until interrupted (Ctrl+C / SIGTERM).

    Blocks. Each browser tab that opens the address gets its own Flet session
    (its own ``page``). Nothing opens a browser: ``FLET_FORCE_WEB_SERVER`` is
    set for this process. The Flutter web client, CanvasKit and fonts are
    served from the installed ``flet-web`` package (``no_cdn=True``), so it
    works offline.

    Args:
        main: ``main(page: ft.Page)``, e.g. ``lambda page: page.render(App)``.
        host: Interface to bind: ``"127.0.0.1"`` for this machine only,
            ``"0.0.0.0"`` for phones on the same network.
        port: TCP port; ``0`` picks a free one.
        name: Optional path segment the app is served under (``/name``).
        assets_dir: Folder served as ``/…`` assets (absolute; a missing folder
            is skipped). Defaults to the repository's ``assets/``.
        before_main: Called with the page before ``main``.
        announce: Print the address(es) to open on standard output.

    Note:
        ``FLET_SERVER_PORT`` and ``FLET_SERVER_IP`` in the environment override
        ``port`` and ``host`` (Flet's own behaviour); the printed address
        follows them.
    """
    import flet as ft

    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    port = int(os.environ.get("FLET_SERVER_PORT") or port) or free_port()
    host = os.environ.get("FLET_SERVER_IP") or host
    assets = Path(assets_dir).resolve() if assets_dir is not None else None
    if assets is not None and not assets.is_dir():
        logger.info("No assets folder at %s; serving without one", assets)
        assets = None
    if announce:
        for url in _urls(host, port, name):
            print(f"Kortpoeng: open {url}", flush=True)
    logger.info(
        "Serving %s on %s:%s (assets: %s)", getattr(main, "__name__", main), host, port, assets
    )
    ft.run(
        main,
        before_main=before_main,
        name=name,
        host=host,
        port=port,
        view=ft.AppView.WEB_BROWSER,
        assets_dir=str(assets) if assets is not None else None,
        no_cdn=True,
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
