"""Oversized-request benchmark (issue 26, item 5): the memory of ``kortpoeng
web`` while clients without the join code send it huge request headers.

A fresh server is bound to ``0.0.0.0`` (every client needs the join code;
these have none; all traffic goes to 127.0.0.1). Its resident memory is read
from ``/proc/<pid>/status`` (``VmRSS``) before, every 10 ms while
``--clients`` raw sockets at once each send a ``GET /`` whose one header is
``--mb`` megabytes, and after (``VmHWM``, the peak the kernel saw since the
clients began). Printed: the memory before, the peak and its growth, how
much each client got to send before the server closed on it (what the
kernel's socket buffers took included) and the answers (431 expected).

    python bench/request_limits.py [--clients 4] [--mb 100]
    python bench/request_limits.py --quick          # 4 clients, 10 MB each (BENCH_QUICK=1 too)
    python bench/request_limits.py --source DIR     # the server of another checkout

``--source`` runs the server from another checkout's files (for example
``git archive <commit> | tar -x -C DIR``) to measure the code before a change.
Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "security"))
sys.path.insert(0, str(ROOT / "bench"))

from common import quick_mode  # noqa: E402
from server_harness import answers, free_port  # noqa: E402

CHUNK = 64 * 1024


def _status_kib(pid: int, field: str) -> int:
    """``field`` (``VmRSS``, ``VmHWM``) of process ``pid``, in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def _start(source: Path, folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    """``kortpoeng web --host 0.0.0.0`` of ``source`` on a free port, answering."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "KORTPOENG_DB")}
    env.update(PYTHONPATH=str(source), PYTHONUNBUFFERED="1", KORTPOENG_LANG="en")
    port = free_port()
    command = [sys.executable, "-m", "app.cli", "--db", str(folder / "kortpoeng.sqlite3")]
    command += ["web", "--host", "0.0.0.0", "--port", str(port)]
    with (folder / "server.log").open("wb") as log:
        process = subprocess.Popen(
            command, cwd=str(source), env=env, stdout=log, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + 60
    while not answers(port):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError((folder / "server.log").read_text(errors="replace"))
        time.sleep(0.05)
    return process, port


def _client(port: int, size: int, result: dict[str, object]) -> None:
    """Send a ``GET /`` whose one header is ``size`` bytes; note what was sent
    and the answer's status line."""
    sent = 0
    status = "(none)"
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        try:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
            block = b"a" * CHUNK
            while sent < size:
                sock.sendall(block[: min(CHUNK, size - sent)])
                sent += min(CHUNK, size - sent)
            sock.sendall(b"\r\nConnection: close\r\n\r\n")
        except OSError:
            pass  # closed on us: what came before it is the answer
        with contextlib.suppress(OSError):
            line = sock.recv(200).split(b"\r\n", 1)[0]
            status = line.decode("latin-1") or status
    result.update(sent=sent, status=status, seconds=time.monotonic() - start)


@dataclass
class Figures:
    """The server's memory (KiB) before, at its peak and after; each client's result."""

    before: int
    peak: int
    after: int
    results: list[dict[str, object]]


def measure(source: Path, clients: int, size: int) -> Figures:
    """One fresh server and ``clients`` clients sending ``size``-byte headers at once."""
    with tempfile.TemporaryDirectory(prefix="kp-limits-") as tmp:
        process, port = _start(source, Path(tmp))
        try:
            time.sleep(0.5)  # let the start settle
            before = _status_kib(process.pid, "VmRSS")
            with contextlib.suppress(OSError):  # VmHWM from now on, not the start's
                Path(f"/proc/{process.pid}/clear_refs").write_text("5")
            results: list[dict[str, object]] = [{} for _ in range(clients)]
            threads = [
                threading.Thread(target=_client, args=(port, size, results[i]), daemon=True)
                for i in range(clients)
            ]
            peak = before
            for thread in threads:
                thread.start()
            while any(thread.is_alive() for thread in threads):
                peak = max(peak, _status_kib(process.pid, "VmRSS"))
                time.sleep(0.01)
            peak = max(peak, _status_kib(process.pid, "VmHWM"))
            after = _status_kib(process.pid, "VmRSS")
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait()
    return Figures(before, peak, after, results)


def main(argv: list[str] | None = None) -> int:
    """Parse the options, measure, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--mb", type=float, default=100.0, help="megabytes of header per client")
    parser.add_argument(
        "--quick", action="store_true", default=quick_mode([]), help="4 clients, 10 MB each"
    )
    parser.add_argument("--source", type=Path, default=ROOT, help="checkout to run the server of")
    args = parser.parse_args(argv)
    if args.quick:
        args.clients, args.mb = 4, 10.0
    size = int(args.mb * 1_000_000)
    figures = measure(args.source.resolve(), args.clients, size)
    before, peak = figures.before, figures.peak
    print(f"{args.clients} clients without the join code, one {args.mb:g} MB header each")
    print(f"  server memory before: {before / 1024:7.1f} MiB")
    print(f"  peak while sending:   {peak / 1024:7.1f} MiB (+{(peak - before) / 1024:.1f} MiB)")
    print(f"  after:                {figures.after / 1024:7.1f} MiB")
    for index, result in enumerate(figures.results, 1):
        print(
            f"  client {index}: sent {result['sent']:,} bytes of {size:,} "
            f"in {result['seconds']:.2f} s, answer {result['status']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
