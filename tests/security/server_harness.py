"""The real server (``kortpoeng web``) as a subprocess, hostile pages served
from another port, and direct reads and writes of the database, for the
security tests.

Every test talks to 127.0.0.1 only, also when the server is bound to
``0.0.0.0``: no test sends traffic to any other address.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: ``python -m app.cli``: the ``kortpoeng`` command of this checkout.
KORTPOENG = [sys.executable, "-m", "app.cli"]


def free_port() -> int:
    """A TCP port free on every interface right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("0.0.0.0", 0))
        return sock.getsockname()[1]


def answers(port: int) -> bool:
    """Whether something answers HTTP on 127.0.0.1:``port`` (any status)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(
                b"HEAD /favicon.png HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            )
            return sock.recv(12).startswith(b"HTTP/1.1")
    except OSError:
        return False


@dataclass
class Server:
    """``kortpoeng web`` running as a subprocess."""

    process: subprocess.Popen[bytes]
    port: int
    folder: Path
    log_path: Path
    env: Mapping[str, str] = field(default_factory=dict)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>``: how the tests reach it, whatever it is bound to."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def db_path(self) -> Path:
        return self.folder / "kortpoeng.sqlite3"

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def join_link(self) -> str:
        """The ``http://127.0.0.1:…/join/<code>`` link the server printed."""
        found = re.findall(rf"http://127\.0\.0\.1:{self.port}/join/[A-Za-z0-9_-]+", self.log())
        assert found, f"no join link printed:\n{self.log()}"
        return found[-1]

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 10.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=timeout)
        return self.process.returncode


def start_server(
    folder: Path,
    *,
    host: str = "127.0.0.1",
    env: Mapping[str, str] | None = None,
    timeout: float = 30.0,
    attempts: int = 3,
) -> Server:
    """Start ``kortpoeng --db <folder>/kortpoeng.sqlite3 web --host <host>`` on a
    free port and wait until it answers HTTP (any status: bound beyond
    loopback it answers 403 without the join cookie)."""
    folder.mkdir(parents=True, exist_ok=True)
    full_env = dict(os.environ)
    for name in ("DISPLAY", "FLET_SERVER_IP", "FLET_SERVER_PORT", "KORTPOENG_DB"):
        full_env.pop(name, None)
    full_env.update(
        PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
        PYTHONUNBUFFERED="1",
        KORTPOENG_LANG="en",
    )
    full_env.update(env or {})
    last = ""
    for _attempt in range(attempts):
        port = free_port()
        log_path = folder / f"server-{port}.log"
        with log_path.open("wb") as log_file:
            process = subprocess.Popen(
                [
                    *KORTPOENG,
                    "--db",
                    str(folder / "kortpoeng.sqlite3"),
                    "web",
                    "--host",
                    host,
                    "--port",
                    str(port),
                ],
                cwd=str(ROOT),
                env=full_env,
                stdout=log_file,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        server = Server(process, port, folder, log_path, full_env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and process.poll() is None:
            if answers(port):
                return server
            time.sleep(0.05)
        server.stop(signal.SIGKILL)
        last = server.log()
    raise RuntimeError(f"kortpoeng web did not start:\n{last}")


class HostilePages:
    """Pages served by a plain HTTP server on another 127.0.0.1 port: a
    foreign origin to the app."""

    def __init__(self) -> None:
        self.pages: dict[str, bytes] = {}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = pages.get(self.path.split("?", 1)[0])
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def add(self, path: str, html: str) -> str:
        """Serve ``html`` at ``path``; returns its URL (``http://127.0.0.1:<port>…``)."""
        self.pages[path] = html.encode("utf-8")
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# --------------------------------------------------------------------------
# The database, read and written directly (never through the server)
# --------------------------------------------------------------------------


def seed_session(
    db_path: Path,
    game: str = "rummy",
    players: tuple[str, ...] = ("Ingrid", "Åse"),
    options: Mapping[str, Any] | None = None,
) -> int:
    """Start a session in the database file (created and migrated if new); its id."""
    from models import services as store
    from models.db import init_db, make_engine

    engine = make_engine(str(db_path))
    try:
        init_db(engine)
        view = store.start_session(
            engine=engine,
            game_id=game,
            players=list(players),
            options=dict(options or {"rounds": 5}),
        )
        return view.id
    finally:
        engine.dispose()


def listed_sessions(db_path: Path) -> list[int]:
    """Ids of the sessions outside the trash."""
    from models import services as store
    from models.db import make_engine

    engine = make_engine(str(db_path))
    try:
        return [item.id for item in store.list_sessions(engine=engine, limit=1000).items]
    finally:
        engine.dispose()
