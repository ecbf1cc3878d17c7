"""Work-around for Flet 1.0.5: the web client fetched the Rive runtime from a CDN.

flet-web 1.0.5's client (``main.dart.wasm``, and ``main.dart.js`` for a
browser without WebAssembly GC) loads the Rive animation runtime on every
start by adding a ``<script>`` for
``https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/wasm/rive_native.js``
(then ``wasm_compatibility/rive_native.js``) to the page. Kortpoeng draws no
Rive animation; offline the request failed, online it told a CDN that the app
was opened. ``no_cdn`` does not cover it: the address is built into the
client (issue 25, item 9).

The server (:class:`app.server.offline.LocalClient`) serves the two client
files with that address replaced by :data:`LOCAL_BASE`, an address of this
server of the same length (the WebAssembly module keeps its string constants
as import names, so the bytes around it stay valid), and answers under
:data:`LOCAL_PREFIX` with :data:`RUNTIME_STUB`: a script whose
``RiveNative()`` never settles, as the CDN's script never loaded offline.
The client then waits for a runtime it never uses, exactly as it did offline,
and asks nobody else.

Private name relied on: the CDN address :data:`CDN_BASE` inside the installed
client's files, once in each. Were it changed (another address, or twice),
the replacement would silently not happen and the client would ask the
internet again, so :func:`check_private_names` refuses to start instead.
Delete when the client no longer asks a CDN for the runtime (the canary in
tests/app/test_flet_fixes.py then fails).

Imports no Flet (the server's module imports it, and so does the command line).
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path

__all__ = [
    "CDN_BASE",
    "CLIENT_FILES",
    "LOCAL_BASE",
    "LOCAL_PREFIX",
    "RUNTIME_STUB",
    "apply",
    "check_private_names",
    "patched_client_file",
    "web_dir",
]

logger = logging.getLogger(__name__)

#: Where flet-web 1.0.5's client looks for the Rive runtime.
CDN_BASE = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
#: This server's answer for every path under it (see :data:`RUNTIME_STUB`).
LOCAL_PREFIX = "/offline/rive-native/"
#: An address under :data:`LOCAL_PREFIX` as long as :data:`CDN_BASE`.
LOCAL_BASE = (LOCAL_PREFIX + "kortpoeng-draws-no-rive-animation-none-loads/").encode()
#: The runtime's stand-in: ``RiveNative()`` returns a promise that never settles.
RUNTIME_STUB = (
    b"// Kortpoeng draws no Rive animation and fetches nothing from the internet:\n"
    b"// the runtime the Flutter client asks for is never loaded.\n"
    b"globalThis.RiveNative = () => new Promise(() => {});\n"
)
#: The client files that hold :data:`CDN_BASE`, by path, with their media type.
CLIENT_FILES: dict[str, bytes] = {
    "/main.dart.wasm": b"application/wasm",
    "/main.dart.js": b"text/javascript; charset=utf-8",
}


def web_dir() -> Path:
    """The Flutter web client's folder flet-web serves (``FLET_WEB_PATH`` or
    the installed package's)."""
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


@functools.lru_cache(maxsize=4)
def patched_client_file(path: Path) -> bytes:
    """The bytes of the client file ``path`` with :data:`CDN_BASE` replaced by
    :data:`LOCAL_BASE` (read once per process).

    A file that does not hold :data:`CDN_BASE` exactly once is returned
    unchanged, with a warning (another flet-web version).

    Raises:
        OSError: the file cannot be read.
    """
    data = path.read_bytes()
    found = data.count(CDN_BASE)
    if found != 1:
        logger.warning(
            "%s holds the Rive runtime's CDN address %d times (expected once): served as it is",
            path,
            found,
        )
        return data
    return data.replace(CDN_BASE, LOCAL_BASE)


@functools.lru_cache(maxsize=4)
def _addresses_in(path: Path, _size: int, _mtime_ns: int) -> int:
    """How often the client file ``path`` (of that size and time) holds
    :data:`CDN_BASE` (read once per process and version of the file)."""
    return path.read_bytes().count(CDN_BASE)


def check_private_names() -> None:
    """Raise ``RuntimeError`` naming :data:`CDN_BASE` and the file if a
    client file served (:data:`CLIENT_FILES`) does not hold it exactly once;
    ``OSError`` if one cannot be read."""
    for name in CLIENT_FILES:
        path = web_dir() / name.lstrip("/")
        stat = path.stat()
        found = _addresses_in(path, stat.st_size, stat.st_mtime_ns)
        if found != 1:
            raise RuntimeError(
                f"Flet work-around {__name__!r}: {path} holds the Rive runtime's CDN "
                f"address {CDN_BASE.decode()!r} {found} times, not once "
                "(Flet changed; the work-around was written for Flet 1.0.5)"
            )


def apply() -> None:
    """Nothing to patch: the server puts :class:`app.server.offline.LocalClient`
    in front of Flet's app."""
