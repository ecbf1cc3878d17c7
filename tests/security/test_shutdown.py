"""Issue 15: Ctrl+C (SIGINT) and SIGTERM always stop ``kortpoeng web`` at once,
with status 0, whatever the phones do, and every confirmed save is stored.

The real server runs as a subprocess with several kinds of connections: a
tab still open (that saved hands), a tab that was closed, a dropped socket (a
websocket upgrade whose client vanished without a word), a phone that
connected but never answers the app, and a save in flight when the signal
comes. The tabs are clients that speak the app's websocket protocol
(``flet_wire``), as the browser's Flutter client does: what the server does
at a stop is the same for both, and needs no browser. The target is 2 s; the
test allows 5 s so that a busy machine does not make it flaky (``make bench``
reports the real figures).
"""

from __future__ import annotations

import base64
import os
import signal
import socket
import sqlite3
import struct
import sys
import time

import flet_wire as wire
import pytest
from server_harness import Server, seed_session
from websockets.exceptions import ConnectionClosed

#: Seconds the exit may take here (the goal is 2 s: see bench/shutdown.py).
BOUND = 5.0
PLAYERS = ("Ingrid", "Åse")


def drop_a_websocket(server: Server, cookie: str | None = None) -> None:
    """Upgrade to the app's websocket, then vanish: the socket is reset
    (SO_LINGER 0), as when a phone leaves the Wi-Fi."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    extra = f"Cookie: {cookie}\r\n" if cookie else ""
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {server.url}\r\n"
            f"{extra}Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    assert sock.recv(12) == b"HTTP/1.1 101"
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def stop_and_time(server: Server, sig: int, bound: float = 30.0) -> float:
    """Send ``sig`` and poll until the process ends; seconds it took."""
    started = time.monotonic()
    server.process.send_signal(sig)
    while server.process.poll() is None and time.monotonic() - started < bound:
        time.sleep(0.01)
    return time.monotonic() - started


def stored_hands(db_path) -> list[dict]:
    """Every stored hand of the database, read with sqlite3 (nothing of the app)."""
    with sqlite3.connect(db_path) as db:
        db.row_factory = sqlite3.Row
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return [dict(row) for row in db.execute("SELECT * FROM hand ORDER BY id")]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_signal_ends_the_server_at_once_and_keeps_every_confirmed_save(
    servers, tmp_path, sig
) -> None:
    folder = tmp_path / "srv"
    folder.mkdir()
    session_id = seed_session(folder / "kortpoeng.sqlite3", players=PLAYERS)
    server = servers(folder=folder)
    # A tab that stays open and saves two hands (each confirmed on screen).
    tab = wire.open_client(server.ws_url, origin=server.url, route=f"/session/{session_id}")
    screen = 0
    for number, (went_out, keys) in enumerate([(0, ["Åse-K", "Åse-7"]), (1, ["Ingrid-Q"])], 1):
        chip = f"chip-{1 - went_out}-{len(keys) - 1}"
        hand = wire.start_hand(tab, screen, went_out, keys, chip)
        screen = tab.mark()
        tab.tap("hand-save", since=hand)
        tab.wait_for(f"hand-row-{number}", since=screen)
    # A tab that was opened and closed.
    closed = wire.open_client(server.ws_url, origin=server.url)
    closed.wait_for("nav-new-session")
    closed.close()
    # A phone that dropped off the Wi-Fi.
    drop_a_websocket(server)
    # A phone that connected but never answers the app.
    silent = wire.open_client(server.ws_url, origin=server.url)
    # A save in flight: tapped, not waited for.
    hand = wire.start_hand(tab, screen, 0, ["Åse-A"], "chip-1-0")
    tab.tap("hand-save", since=hand)
    took = stop_and_time(server, sig)
    assert server.process.returncode == 0, server.log()
    assert took < BOUND, f"stopped after {took:.2f} s"
    # The silent phone was told the server is going away.
    with pytest.raises(ConnectionClosed) as gone:
        for _frame in range(1000):  # what it had not read yet, then the close
            silent.connection.recv(timeout=5)
    assert gone.value.rcvd is not None and gone.value.rcvd.code == 1001
    # Both confirmed hands are stored; the one in flight whole or not at all.
    hands = stored_hands(server.db_path)
    assert 2 <= len(hands) <= 3, hands
    assert "Traceback" not in server.log(), server.log()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_dropped_phones_alone_do_not_hold_the_server(servers, sig) -> None:
    """The case of the issue: one (here three) dropped websockets and nothing
    else; before, the server was still running 30 s later."""
    server = servers()
    for _phone in range(3):
        drop_a_websocket(server)
    time.sleep(0.5)
    took = stop_and_time(server, sig)
    assert server.process.returncode == 0
    assert took < BOUND, f"stopped after {took:.2f} s"


def test_a_second_signal_ends_it_at_once(servers) -> None:
    server = servers()
    drop_a_websocket(server)
    server.process.send_signal(signal.SIGINT)
    took = stop_and_time(server, signal.SIGINT)
    assert server.process.returncode == 0
    assert took < BOUND


def test_a_port_in_use_is_said_in_one_line(tmp_path) -> None:
    """The address cannot be bound: one translated line, status 4 (CANNOT_SERVE), no traceback."""
    import subprocess

    from server_harness import KORTPOENG, ROOT

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [*KORTPOENG, "--db", str(tmp_path / "k.sqlite3"), "web", "--port", str(port)],
            cwd=str(ROOT),
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "KORTPOENG_LANG": "nb"},
        )
    assert done.returncode == 4
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Kan ikke starte tjeneren på 127.0.0.1:{port}")


def _device_cookie(path) -> str:
    import json

    return "kortpoeng_device=" + json.loads(path.read_text(encoding="utf-8"))["device"]


DRIVER = """
import json, os, sys, threading, time
from pathlib import Path
from app.main import main
from app.ui.invite import follow_door
from app.server import serve
status = serve(main, host="0.0.0.0", port=int(sys.argv[1]), before_main=follow_door,
               join_file=Path(sys.argv[2]))
deadline = time.monotonic() + 5
def left():
    return sorted(t.name for t in threading.enumerate()
                  if t is not threading.main_thread() and not t.daemon)
while left() and time.monotonic() < deadline:
    time.sleep(0.05)
from flet_web.fastapi import app_manager
from app.ui.flet_fixes.session_close import sessions_of
sessions = sessions_of(app_manager)  # a RuntimeError, not 0, should Flet rename it
print("RESULT " + json.dumps({"status": status, "threads": left(), "sessions": len(sessions)}))
"""


def test_nothing_keeps_running_after_the_stop(tmp_path) -> None:
    """Bound to the LAN (so the join-file watcher runs) with a phone connected
    and another dropped: once :func:`app.server.serve` returns, no worker
    thread is left and no Flet session is open."""
    import json
    import subprocess

    from server_harness import ROOT, answers, free_port, seed_session

    db = tmp_path / "kortpoeng.sqlite3"
    seed_session(db)
    port = free_port()
    env = {**os.environ, "KORTPOENG_DB": f"sqlite:///{db}", "PYTHONPATH": str(ROOT)}
    env.pop("FLET_SERVER_IP", None)
    env.pop("FLET_SERVER_PORT", None)
    process = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(port), str(tmp_path / "join.json")],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not answers(port) and time.monotonic() < deadline:
            time.sleep(0.05)
        server = Server(process, port, tmp_path, tmp_path / "unused.log")
        device = _device_cookie(tmp_path / "join.json")
        phone = wire.open_client(server.ws_url, origin=server.url, cookie=device)
        phone.wait_for("nav-new-session")
        drop_a_websocket(server, device)
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    result = json.loads(output.split("RESULT ", 1)[1])
    assert result == {"status": 0, "threads": [], "sessions": 0}, output
