"""``kortpoeng web --port N`` on an address that cannot be bound says why in
one translated line with what to do, never the library's text (issue 26)."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from pathlib import Path

from app.i18n import use_language
from app.server.run import listen_refusal

ROOT = Path(__file__).resolve().parents[2]


def test_port_in_use_is_one_translated_line(tmp_path):
    """A real listening socket holds the port; the real command is refused."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        env = dict(os.environ, KORTPOENG_LANG="nb", KORTPOENG_DB=str(tmp_path / "k.db"))
        env.pop("FLET_SERVER_PORT", None)
        env.pop("FLET_SERVER_IP", None)
        done = subprocess.run(
            [sys.executable, "-m", "app.cli", "web", "--port", str(port)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        f"Kan ikke starte tjeneren på 127.0.0.1:{port}: porten er i bruk. Velg en annen med --port"
    ]
    assert "attempting" not in done.stderr and "Address" not in done.stderr


def test_low_port_and_foreign_address_say_what_to_do():
    with use_language("nb"):
        low = listen_refusal(PermissionError(errno.EACCES, "x (while attempting)"), "0.0.0.0", 80)
        away = listen_refusal(OSError(errno.EADDRNOTAVAIL, "x"), "10.9.9.9", 8550)
    assert low == (
        "Kan ikke starte tjeneren på 0.0.0.0:80: porter under 1024 krever "
        "spesielle rettigheter. Velg en annen med --port"
    )
    assert away == (
        "Kan ikke starte tjeneren på 10.9.9.9:8550: den adressen finnes ikke på "
        "denne maskinen. Velg en annen med --host"
    )
