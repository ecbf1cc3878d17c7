"""What the data-safety tests share: the real command line (in this process and
as a subprocess), real SQLite files, a real full disk (a tiny tmpfs) and a real
read-only folder (a tmpfs remounted read-only as root, file modes otherwise).

Nothing here is a stub: the faults are the operating system's own.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.i18n import use_language

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "assets" / "samples"
RUMMY = json.loads((SAMPLES / "rummy.json").read_text(encoding="utf-8"))

#: What would betray a library's own exception text (or a crash) to a user.
LIBRARY_WORDS = (
    "Traceback",
    "sqlite3",
    "sqlalche",
    "OperationalError",
    "DatabaseError",
    "IntegrityError",
    "[SQL",
    "Errno",
    "Exception",
    "alembic",
    "Can't locate revision",
)


def run_apart(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coroutine`` to its end on an event loop of its own, in a thread of
    its own, and return its result: a browser test run earlier by the same
    worker leaves this thread's loop running, and ``asyncio.run`` refuses to
    start another."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def kortpoeng(
    *args: str, lang: str = "en", env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m app.cli ARGS`` in a fresh process (as a user runs it)."""
    full = {
        "PATH": "/usr/bin:/bin",
        "KORTPOENG_LANG": lang,
        "PYTHONIOENCODING": "utf-8",
        "HOME": os.environ.get("HOME", "/tmp"),
        **(env or {}),
    }
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=full,
        timeout=timeout,
    )


def run(capsys: pytest.CaptureFixture[str], *argv: str, lang: str = "en") -> tuple[int, str, str]:
    """The command line in this process: (exit status, stdout, stderr)."""
    with use_language(lang):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def one_line(text: str) -> str:
    """The one line ``text`` (stderr) must be, with nothing of a library in it."""
    lines = text.splitlines()
    assert len(lines) == 1, text
    for word in LIBRARY_WORDS:
        assert word not in text, text
    return lines[0]


def dump(path: Path) -> list[str]:
    """Every SQL statement that recreates the database file (schema and rows)."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def session_file(**changes: object) -> str:
    """The Rummy sample as JSON text, with ``changes`` to its top-level fields
    (and no ``id``, so that it can be imported again)."""
    doc = {**RUMMY, **changes}
    doc.pop("id", None)
    return json.dumps(doc, ensure_ascii=False)


def _mount(*args: str) -> bool:
    done = subprocess.run(["mount", *args], capture_output=True, text=True)
    return done.returncode == 0


@contextlib.contextmanager
def tiny_tmpfs(path: Path, size: str = "64k") -> Iterator[Path]:
    """A real file system of ``size`` at ``path`` (a real full disk when it
    fills). Needs root (CI runs as root in a VM); skips elsewhere."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("a tmpfs needs root")
    path.mkdir(parents=True, exist_ok=True)
    if not _mount("-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(path)):
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


def fill_up(folder: Path) -> None:
    """Fill the file system holding ``folder`` until it is full."""
    block = b"\0" * 1024
    with open(folder / "filler", "ab") as out:
        with contextlib.suppress(OSError):
            while True:
                out.write(block)
                out.flush()
                os.fsync(out.fileno())
        with contextlib.suppress(OSError):
            out.close()


@contextlib.contextmanager
def read_only_folder(path: Path, fill: Callable[[Path], None]) -> Iterator[Path]:
    """A folder at ``path`` made by ``fill(path)``, then read-only for real:
    as root (whom file modes do not stop) a tmpfs remounted read-only, as
    anyone else the folder's and files' write bits removed."""
    if os.name == "posix" and os.geteuid() == 0:
        with tiny_tmpfs(path, "4m"):
            fill(path)
            if not _mount("-o", "remount,ro", str(path)):
                pytest.skip("cannot remount the tmpfs read-only")
            yield path
        return
    path.mkdir(parents=True, exist_ok=True)
    fill(path)
    modes = {p: p.stat().st_mode for p in [path, *path.iterdir()]}
    for p in modes:
        p.chmod(0o555 if p.is_dir() else 0o444)
    try:
        yield path
    finally:
        for p, mode in modes.items():
            p.chmod(mode)


def leftovers(folder: Path) -> list[str]:
    """Temporary files a write left behind in ``folder``."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))
