"""The join door: who may use a server that phones on the network can reach.

Bound to loopback (``127.0.0.1``, the default), only this computer can connect
and the door stands open (the Origin check in :mod:`app.server.guard` still
applies). Bound beyond loopback (``kortpoeng web --host 0.0.0.0``), every
client, whatever its address, needs the *join code*: the host shows a join
link (``http://<address>:<port>/join/<code>``) and a QR code of it; a phone
that opens the link gets a *device cookie* and is let in from then on.

The secret is two random tokens from :mod:`secrets` kept in ``join.json`` next
to the database (like ``settings.json``), written atomically (temporary file in
the same folder, then :func:`os.replace`) and readable by the owner only, so a
restart keeps the phones joined:

* ``code``: in the join link; shown to whoever is already in;
* ``device``: the cookie's value (HttpOnly: page scripts never see it).

:meth:`JoinDoor.revoke` draws both anew: the old link and every device cookie
stop working, and every phone has to join again. ``kortpoeng join --revoke``
does the same from the command line; a running server notices the new file
(:meth:`JoinDoor.refresh`).
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import os
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scoring import strict_json
from scoring.strict_json import StrictJsonError

if TYPE_CHECKING:
    from app.server.addresses import JoinAddress

__all__ = [
    "COOKIE",
    "COOKIE_MAX_AGE",
    "DOOR_TOPIC",
    "JOIN_FILE",
    "JOIN_LANDINGS",
    "JOIN_PREFIX",
    "JoinDoor",
    "JoinSecret",
    "current_door",
    "default_join_path",
    "is_loopback",
    "set_current_door",
]

logger = logging.getLogger(__name__)

#: The file next to the database that keeps the join secret.
JOIN_FILE = "join.json"
#: The device cookie's name.
COOKIE = "kortpoeng_device"
#: How long a phone stays joined without coming back (seconds: 400 days, the
#: longest a browser keeps a cookie).
COOKIE_MAX_AGE = 400 * 24 * 3600
#: Path prefix of the join link: ``/join/<code>``.
JOIN_PREFIX = "/join/"
#: Where a join link may land besides the sessions (``/`` ): the link's last
#: part after the code (``/join/<code>/table``: a TV that joins opens the
#: table screen). Only these: the link is no open redirect.
JOIN_LANDINGS = {"table": "/table"}
#: Flet pub/sub topic on which the server tells every tab that the join code
#: was revoked (each tab then reloads and meets the door).
DOOR_TOPIC = "kortpoeng.door"
_FORMAT = "kortpoeng-join"
#: The most bytes a join file is read at (it is about a hundred).
_FILE_LIMIT = 64 * 1024
_TOKEN_BYTES = 16  # 128 bits each: never guessed
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` lets only this computer connect.

    >>> [is_loopback(h) for h in ("127.0.0.1", "127.0.0.2", "::1", "localhost")]
    [True, True, True, True]
    >>> [is_loopback(h) for h in ("0.0.0.0", "", "::", "192.168.1.5", "kortpoeng.lan")]
    [False, False, False, False, False]
    """
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _valid_token(value: object) -> bool:
    return isinstance(value, str) and 20 <= len(value) <= 200 and set(value) <= _TOKEN_CHARS


@dataclass(frozen=True, slots=True)
class JoinSecret:
    """The join ``code`` (in the link) and the ``device`` cookie value."""

    code: str
    device: str

    @classmethod
    def draw(cls) -> JoinSecret:
        """A fresh secret: two independent :func:`secrets.token_urlsafe` tokens."""
        return cls(secrets.token_urlsafe(_TOKEN_BYTES), secrets.token_urlsafe(_TOKEN_BYTES))


def default_join_path(db: str | os.PathLike[str] | None = None) -> Path:
    """``join.json`` in the folder of the database's ``settings.json``
    (``db``: as for :func:`app.settings.settings_path`)."""
    from app.settings import settings_path

    return settings_path(db).parent / JOIN_FILE


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, readable by the owner only (the
    one writer: :func:`models.safe_files.write_atomic`). Raises ``OSError``."""
    from models.safe_files import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text.encode("utf-8"), mode=0o600)


class JoinDoor:
    """The join secret of one server, and whether it is needed.

    Args:
        path: The ``join.json`` file (see :func:`default_join_path`).
        required: Whether clients need the code (the server is bound beyond
            loopback, see :func:`is_loopback`).

    Thread-safe: the web server's event loop and the app's handlers (some in
    worker threads) use one door.
    """

    def __init__(self, path: Path, *, required: bool) -> None:
        self.path = Path(path)
        self.required = required
        #: The address the server is bound to (set by :func:`app.server.serve`).
        self.host = "127.0.0.1"
        self.port = 0
        self._lock = threading.Lock()
        self._secret: JoinSecret | None = None
        self._stamp: tuple[int, int] | None = None
        self._listeners: list[Callable[[], None]] = []
        self._arrivals = 0

    # -- the secret ---------------------------------------------------------

    def _file_stamp(self) -> tuple[int, int] | None:
        try:
            info = self.path.stat()
        except OSError:
            return None
        return (info.st_mtime_ns, info.st_size)

    def _read(self) -> JoinSecret | None:
        try:
            data = strict_json.loads(self.path.read_bytes(), limit=_FILE_LIMIT)
        except FileNotFoundError:
            return None
        except (OSError, StrictJsonError) as error:  # (the one strict reader's refusals)
            logger.warning("Ignoring unreadable join file %s: %s", self.path, error)
            return None
        if (
            isinstance(data, dict)
            and data.get("format") == _FORMAT
            and _valid_token(data.get("code"))
            and _valid_token(data.get("device"))
        ):
            return JoinSecret(data["code"], data["device"])
        logger.warning("Ignoring join file %s: not a Kortpoeng join secret", self.path)
        return None

    def _store(self, secret: JoinSecret) -> None:
        text = json.dumps(
            {"format": _FORMAT, "version": 1, "code": secret.code, "device": secret.device}
        )
        try:
            _write_atomically(self.path, text + "\n")
        except OSError as error:  # still works until the server stops
            logger.warning("Could not save the join code in %s: %s", self.path, error)
        self._stamp = self._file_stamp()

    def secret(self) -> JoinSecret:
        """The current secret: read from the file (once, and again when the file
        changed), or drawn and saved when there is none or it is unreadable."""
        with self._lock:
            stamp = self._file_stamp()
            if self._secret is None or (stamp is not None and stamp != self._stamp):
                found = self._read()
                if found is None:
                    if self._secret is None or stamp is not None:
                        found = JoinSecret.draw()
                        self._store(found)
                    else:  # file gone (or never writable): keep what we have
                        found = self._secret
                else:
                    self._stamp = stamp
                self._secret = found
            return self._secret

    def refresh(self) -> bool:
        """Look at the file again; when another process (``kortpoeng join
        --revoke``) changed the secret, tell the listeners. Returns whether it
        changed."""
        before = self._secret
        now = self.secret()
        if before is not None and now != before:
            self._notify()
            return True
        return False

    def revoke(self) -> JoinSecret:
        """Draw a new secret and save it: the old join link and every device
        cookie stop working; listeners (the server) are told. Returns it."""
        with self._lock:
            fresh = JoinSecret.draw()
            self._store(fresh)
            self._secret = fresh
        logger.info("Join code revoked; every phone has to join again")
        self._notify()
        return fresh

    # -- checks -------------------------------------------------------------

    def code_matches(self, code: str) -> bool:
        """Whether ``code`` is the current join code (constant-time compare)."""
        return secrets.compare_digest(code.encode(), self.secret().code.encode())

    def admits(self, device: str | None) -> bool:
        """Whether a client with device cookie ``device`` (or none) is let in:
        always when the door is not :attr:`required`."""
        if not self.required:
            return True
        if not device:
            return False
        return secrets.compare_digest(device.encode(), self.secret().device.encode())

    # -- links --------------------------------------------------------------

    def join_path(self) -> str:
        """``/join/<code>``."""
        return JOIN_PREFIX + self.secret().code

    def addresses(self) -> list[JoinAddress]:
        """The addresses join links are made for, best first, for the bound
        :attr:`host` (:func:`app.server.addresses.join_addresses`: this
        machine's when bound to every interface; none on loopback)."""
        from app.server.addresses import join_addresses

        return join_addresses(self.host)

    def link(self, address: JoinAddress | str) -> str:
        """``http://<address>:<port>/join/<code>`` for one address (a
        :class:`JoinAddress`, or a host name as it goes into a link)."""
        host = address.host if not isinstance(address, str) else address
        return f"http://{host}:{self.port}{self.join_path()}"

    def table_link(self, address: JoinAddress | str) -> str:
        """The join link that lands on the table screen (``/table``, for a
        TV or a tablet on the network): :meth:`link` and ``/table``."""
        return self.link(address) + "/table"

    def local_links(self) -> list[str]:
        """The join links this computer itself opens (``127.0.0.1``, or the
        loopback address the server is bound to); none for a server bound to
        one address beyond loopback."""
        if self.host in ("0.0.0.0", "", "*", "::"):
            return [self.link("127.0.0.1")]
        name = self.host.strip().strip("[]")
        if not is_loopback(name):
            return []
        return [self.link(f"[{name}]" if ":" in name else name)]

    def links(self, first: str | None = None) -> list[str]:
        """The join links for the bound :attr:`host` and :attr:`port`: the ones
        a phone on the network can open first (this machine's addresses, best
        first, or ``first`` first when given: see :meth:`addresses`), then
        this computer's own (:meth:`local_links`).

        Raises ``LookupError`` when ``first`` is not one of :meth:`addresses`.
        """
        from app.server.addresses import choose_address

        outward = [self.link(entry) for entry in choose_address(self.addresses(), first)]
        return outward + self.local_links()

    # -- phones that came in ------------------------------------------------

    @property
    def arrivals(self) -> int:
        """How many times a client from beyond this computer came in since
        the server started (opened the join link, or opened the app with its
        device cookie): :meth:`arrived`."""
        return self._arrivals

    def arrived(self, client: str | None) -> None:
        """Count a client at address ``client`` (the request's) that came in:
        one from loopback is this computer (the host), not a phone, and is
        not counted; nor is one whose address is unknown. Behind a reverse
        proxy on this computer every client looks like this computer."""
        if client and not is_loopback(client):
            with self._lock:
                self._arrivals += 1

    def cookie_header(self) -> str:
        """The ``Set-Cookie`` value that lets a device in (HttpOnly, SameSite=Lax,
        Path=/, 400 days). Lax, not Strict: a phone opening the app from a
        link in a chat must be let in; the websocket and every write are also
        Origin-checked."""
        return (
            f"{COOKIE}={self.secret().device}; Path=/; Max-Age={COOKIE_MAX_AGE};"
            " HttpOnly; SameSite=Lax"
        )

    # -- listeners ----------------------------------------------------------

    def add_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` after every revocation (from any thread)."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[], None]) -> None:
        """Stop calling ``listener``."""
        with contextlib.suppress(ValueError):
            self._listeners.remove(listener)

    def _notify(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # one listener must not stop the others
                logger.exception("Join door listener failed")


_current: JoinDoor | None = None


def current_door() -> JoinDoor | None:
    """The door of the web server running in this process (``None`` in a
    desktop window or before :func:`app.server.serve` starts)."""
    return _current


def set_current_door(door: JoinDoor | None) -> None:
    """Make ``door`` the one :func:`current_door` returns."""
    global _current
    _current = door
