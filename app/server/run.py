"""Serving the app: the ASGI app, the listening socket, and a stop that always
comes.

:func:`create_app` builds Flet's FastAPI app (the Flutter client from the
installed ``flet-web``, no CDN) behind the :class:`~app.server.guard.Guard`.
:func:`serve` binds the address, prints where to open the app (and, beyond
loopback, the join link and its QR code) and serves with uvicorn until
SIGINT (Ctrl+C) or SIGTERM.

A requested stop (issue 15), measured from the signal:

1. at once: no new connection is accepted (listening sockets closed, anything
   already queued answered 503 / refused);
2. every phone's websocket is told the server is going away (close 1001) and
   the handlers that do not end by themselves are cancelled
   (:meth:`Guard.going_away`);
3. uvicorn finishes the HTTP answers under way, for at most
   :data:`GRACE` seconds, then cancels the rest;
4. the app's background work stops: the guard's revocation watcher and
   timers, every Flet session (its update scheduler and pub/sub
   subscriptions), Flet's app manager (through the ASGI lifespan) and its
   thread pool;
5. the process exits with status 0.

A write in progress is never cut in half: a handler that is writing runs to
its end (the event loop runs nothing else meanwhile) and SQLite commits a
transaction whole or not at all. Whatever still runs
:data:`STOP_DEADLINE` seconds after the signal (a handler stuck in a thread,
a client that never answers) does not hold the process: it exits then, with
status 0, and SQLite rolls back any transaction that was not committed. A
second signal exits at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from app.cli.status import ExitStatus
from app.server.addresses import app_urls
from app.server.door import (
    DOOR_TOPIC,
    JoinDoor,
    default_join_path,
    is_loopback,
    set_current_door,
)
from app.server.guard import Guard
from app.server.limits import server_options
from app.server.offline import LocalClient

__all__ = ["GRACE", "STOP_DEADLINE", "create_app", "end_process", "print_join", "serve"]

logger = logging.getLogger(__name__)

#: Seconds uvicorn waits for answers under way once the stop began.
GRACE = 1
#: Seconds from the stop signal to the exit, whatever is still running.
STOP_DEADLINE = 1.8
_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def create_app(
    main: Callable[[Any], Any],
    *,
    door: JoinDoor,
    loopback: bool,
    before_main: Callable[[Any], Any] | None = None,
    assets_dir: str | os.PathLike[str] | None = None,
) -> Guard:
    """The ASGI app serving ``main`` (one Flet session per browser tab) behind
    the guard.

    Args:
        main: ``main(page)``, Flet's entry point.
        door: The join door (required when bound beyond loopback).
        loopback: The server is bound to loopback (only loopback ``Host``
            names are accepted).
        before_main: Called with each new page before ``main``.
        assets_dir: Folder served at ``/`` next to the Flutter client.

    Flet's own header middleware (wildcard CORS) is left out
    (:mod:`app.ui.flet_fixes.flet_headers`); the guard sends the headers of
    :mod:`app.server.headers`. The Flutter client is served so
    that it asks nobody but this server (:mod:`app.server.offline`). The
    Flet work-arounds are checked and applied first (:mod:`app.ui.flet_fixes`).

    Raises:
        RuntimeError: naming a private Flet name a work-around relies on that
            the installed Flet no longer has (the server does not start).
    """
    import flet_web.fastapi as flet_fastapi

    from app.ui import flet_fixes
    from app.ui.flet_fixes.flet_headers import without_flet_headers

    flet_fixes.apply()  # a private name Flet no longer has stops the server here
    inner = flet_fastapi.app(
        main,
        before_main=before_main,
        assets_dir=str(assets_dir) if assets_dir is not None else None,
        no_cdn=True,
    )
    without_flet_headers(inner)  # Flet's wildcard CORS (app.ui.flet_fixes.flet_headers)

    def tell_tabs() -> None:
        flet_fastapi.app_manager.get_pubsubhub(main).send_all_on_topic(DOOR_TOPIC, "revoked")

    # The client as served asks this server for everything (app.server.offline).
    client = LocalClient(inner)
    return Guard(client, door=door, loopback=loopback, on_revoked=tell_tabs)


def _listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (``0``: a free port). Raises ``OSError``."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    address = host.strip("[]") if host not in ("", "*") else "0.0.0.0"
    sock = socket.create_server((address, port), family=family, backlog=128)
    sock.set_inheritable(True)
    return sock


def listen_refusal(error: OSError, host: str, port: int) -> str:
    """The one translated line saying why ``host:port`` could not be bound
    (``error`` from :func:`_listen`), with what to do: the port in use
    (``EADDRINUSE``: choose another with ``--port``), a port below 1024 without
    the right to it (``EACCES``/``EPERM``), an address not on this machine
    (``EADDRNOTAVAIL``, or a host name that does not resolve). Never the
    library's text (``socket.create_server`` appends its own to ``strerror``)."""
    from app.i18n import _
    from app.messages import os_reason

    number = error.errno or 0
    if number == errno.EADDRINUSE:
        return _(
            "Cannot serve on {host}:{port}: the port is in use. Choose another with --port",
            host=host,
            port=port,
        )
    if number in (errno.EACCES, errno.EPERM) and 0 < port < 1024:
        return _(
            "Cannot serve on {host}:{port}: ports below 1024 need special rights. "
            "Choose another with --port",
            host=host,
            port=port,
        )
    if number == errno.EADDRNOTAVAIL or isinstance(error, socket.gaierror):
        return _(
            "Cannot serve on {host}:{port}: that address is not on this machine. "
            "Choose another with --host",
            host=host,
            port=port,
        )
    if number in (errno.EACCES, errno.EPERM):
        reason = os_reason(error)
    else:
        reason = errno.errorcode.get(number, str(number))
    return _("Cannot serve on {host}:{port}: {reason}").format(host=host, port=port, reason=reason)


def print_join(
    door: JoinDoor, host: str, port: int, *, out: Any = None, address: str | None = None
) -> None:
    """Print the join links of ``door`` for a server on ``host:port``, each
    a phone can reach with its interface and kind beside it (best first, or
    ``address`` first: ``kortpoeng join --address``), and the QR code of the
    first (translated).

    Raises ``LookupError`` when ``address`` is not one of
    :meth:`JoinDoor.addresses` (before anything is printed).
    """
    from app.i18n import _
    from app.messages import address_label
    from app.server.addresses import choose_address

    out = out or sys.stdout
    door.host, door.port = host, port
    phones = [(door.link(entry), entry) for entry in choose_address(door.addresses(), address)]
    here = door.local_links()
    if phones:
        print(_("Kortpoeng: phones join with this link (or scan the QR code):"), file=out)
        for link, entry in phones:
            print(f"  {link}  ({address_label(entry)})", file=out)
        _print_qr(phones[0][0], out)
    for link in here:
        print(_("Kortpoeng: on this computer, open {link}").format(link=link), file=out)
    if not phones and here:  # no network address found: the code of this computer's link
        _print_qr(here[0], out)
    print(
        _(
            "Kortpoeng: show the join code again in the app (Settings, Invite a phone) or "
            "with `kortpoeng join`; `kortpoeng join --revoke` makes a new one."
        ),
        file=out,
        flush=True,
    )


def _print_qr(link: str, out: Any) -> None:
    """Print the QR code of ``link``; a terminal that cannot show the block
    characters gets none (the link is printed anyway)."""
    from app.server.qr import qr_text

    text = qr_text(link)
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return
    print(text, file=out, end="")


class _Server:
    """A uvicorn server whose signals are ours (see :class:`_Stopper`)."""

    def __init__(self, app: Guard, log_level: str) -> None:
        import uvicorn

        class Server(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self) -> Iterator[None]:  # the stopper handles them
                yield

        self.config = uvicorn.Config(
            app,
            ws="websockets-sansio",
            lifespan="on",
            log_config=None,
            log_level=log_level,
            access_log=False,
            timeout_graceful_shutdown=GRACE,
            server_header=False,
            **server_options(),  # what a request may cost (app.server.limits)
        )
        self.server = Server(self.config)


class _Stopper:
    """Turns SIGINT/SIGTERM into a stop of the server, always on time.

    On POSIX the two signals are blocked in every thread and taken by one
    thread in :func:`signal.sigwait`, so a stop request is seen even while the
    main thread is busy (a handler blocked in the database). Elsewhere Python
    signal handlers are used.
    """

    def __init__(self, deadline: float = STOP_DEADLINE) -> None:
        self.deadline = deadline
        self.requested: float | None = None
        self.signal: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_stop: Callable[[], None] | None = None
        self._old_mask: set[int] | None = None
        self._old_handlers: dict[int, Any] = {}

    def install(self) -> None:
        """Take the signals (call in the main thread before any other thread starts)."""
        if hasattr(signal, "pthread_sigmask") and hasattr(signal, "sigwait"):
            self._old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
            threading.Thread(
                target=self._wait_for_signals, name="kortpoeng-signals", daemon=True
            ).start()
        for sig in _SIGNALS:  # a signal sent to a thread that does not block it
            self._old_handlers[sig] = signal.signal(sig, self._on_signal)

    def uninstall(self) -> None:
        """Give the signals back (only when no stop was requested: after one,
        the process is ending and a late signal must not kill it with 130/143)."""
        if self.requested is not None:
            return
        for sig, handler in self._old_handlers.items():
            signal.signal(sig, handler)
        if self._old_mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self._old_mask)

    def attach(self, loop: asyncio.AbstractEventLoop, on_stop: Callable[[], None]) -> None:
        """Call ``on_stop()`` on ``loop`` when a stop is requested."""
        self._loop = loop
        self._on_stop = on_stop
        if self.requested is not None:
            loop.call_soon_threadsafe(on_stop)

    def _wait_for_signals(self) -> None:
        while True:
            self._request(signal.sigwait(_SIGNALS))

    def _on_signal(self, signum: int, _frame: Any) -> None:
        self._request(signum)

    def _request(self, signum: int) -> None:
        if self.requested is not None:
            logger.warning("Second stop signal: exiting now")
            self._exit_now()
        self.requested = time.monotonic()
        self.signal = signum
        threading.Thread(target=self._watchdog, name="kortpoeng-deadline", daemon=True).start()
        loop, on_stop = self._loop, self._on_stop
        if loop is not None and on_stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # loop closing: we are ending anyway
                loop.call_soon_threadsafe(on_stop)

    def _watchdog(self) -> None:
        time.sleep(self.deadline)
        logger.warning("Still stopping %.1f s after the signal: exiting now", self.deadline)
        self._exit_now()

    @staticmethod
    def _exit_now() -> None:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(0)


def end_process(status: int) -> None:
    """End the process now with ``status``, after :func:`serve` returned.

    Everything is closed and committed by then; what is skipped is Python's
    own teardown of the libraries the server loaded, which takes 0.3-0.9 s
    here and would push a stop past the 2 s it must take on a busy machine.
    Logs and standard streams are flushed first.
    """
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(status)


def _close_flet_sessions() -> None:
    """Close every Flet session (update scheduler, pub/sub, pending calls) and
    stop Flet's thread pool from taking new work (Flet's own shutdown closes
    none: :mod:`app.ui.flet_fixes.session_close`)."""
    from app.ui.flet_fixes import session_close

    session_close.close_all()


async def _serve(guard: Guard, sock: socket.socket, stopper: _Stopper, log_level: str) -> None:
    holder = _Server(guard, log_level)
    server = holder.server
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    async def begin_stop() -> None:
        for listener in getattr(server, "servers", []):  # accept nothing more, now
            listener.close()
        with contextlib.suppress(OSError):
            sock.close()
        await guard.going_away()
        server.should_exit = True

    def quiet_after_stop(the_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        # Once stopping, a tab's task that finds its session closed ("Session
        # closed", a reset connection) is expected: a line in the log, not a
        # traceback in the host's terminal.
        error = context.get("exception")
        if isinstance(error, RuntimeError | ConnectionError | asyncio.CancelledError):
            logger.debug("After the stop: %s", context.get("message"), exc_info=error)
        else:
            the_loop.default_exception_handler(context)

    def on_stop() -> None:
        if not stopping:
            loop.set_exception_handler(quiet_after_stop)
            stopping.append(loop.create_task(begin_stop()))

    guard.start()
    stopper.attach(loop, on_stop)
    try:
        await server.serve(sockets=[sock])
    finally:
        await guard.stop()
        _close_flet_sessions()
        await asyncio.sleep(0)  # let the sessions' close events run


def serve(
    main: Callable[[Any], Any],
    host: str = "127.0.0.1",
    port: int = 8550,
    *,
    assets_dir: str | os.PathLike[str] | None = None,
    before_main: Callable[[Any], Any] | None = None,
    announce: bool = True,
    join_file: str | os.PathLike[str] | None = None,
) -> int:
    """Serve ``main`` until SIGINT or SIGTERM; returns the exit status.

    Blocks. Bound to loopback (``127.0.0.1``, the default) only this computer
    can connect; bound beyond it (``0.0.0.0``) every client needs the join code
    (:mod:`app.server.door`), whose link and QR code are printed. ``port`` 0
    picks a free port. ``FLET_SERVER_PORT`` and ``FLET_SERVER_IP`` in the
    environment override ``port`` and ``host`` (as in Flet).

    Returns:
        ``ExitStatus.OK`` after a requested stop (signal),
        ``ExitStatus.CANNOT_SERVE`` (:mod:`app.cli.status`) when the
        address cannot be bound (a translated line says why).
    """
    from app.i18n import _

    port = int(os.environ.get("FLET_SERVER_PORT") or port)
    host = os.environ.get("FLET_SERVER_IP") or host
    loopback = is_loopback(host)
    door = JoinDoor(Path(join_file) if join_file else default_join_path(), required=not loopback)
    try:
        sock = _listen(host, port)
    except OSError as error:
        print(listen_refusal(error, host, port), file=sys.stderr)
        return ExitStatus.CANNOT_SERVE
    port = sock.getsockname()[1]
    door.host, door.port = host, port
    guard = create_app(
        main, door=door, loopback=loopback, before_main=before_main, assets_dir=assets_dir
    )
    set_current_door(door)
    if announce:
        for url in app_urls(host, port) if loopback else []:
            print(_("Kortpoeng: open {url}").format(url=url), flush=True)
        if door.required:
            print_join(door, host, port)
    level = logging.getLevelName(min(logging.getLogger().getEffectiveLevel(), logging.WARNING))
    stopper = _Stopper()
    stopper.install()
    try:
        asyncio.run(_serve(guard, sock, stopper, str(level).lower()))
    finally:
        set_current_door(None)
        stopper.uninstall()
    if stopper.requested is not None:
        logger.info("Stopped %.2f s after the signal", time.monotonic() - stopper.requested)
    return ExitStatus.OK
