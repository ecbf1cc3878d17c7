"""A throw-away PostgreSQL server for the tests: Debian's ``postgresql``
binaries, a cluster made with ``initdb`` in a temporary folder, started with
``pg_ctl`` on a free port of 127.0.0.1 (its unix socket in the same folder), and
removed afterwards.

PostgreSQL refuses to run as root: when the tests run as root, the cluster
belongs to an ordinary OS user (``KORTPOENG_PG_OS_USER``, else ``postgres``,
which Debian's package makes) and its programs run through ``runuser``.

Each test gets its own database, copied from a template migrated once
(``CREATE DATABASE … TEMPLATE``: a file copy, much quicker than migrating).
The cluster's superuser ``kortpoeng`` logs in over TCP with a password
(``scram-sha-256``), so a wrong password is refused as on a real server.

Binaries are looked for in ``KORTPOENG_PG_BIN``, ``PATH`` and
``/usr/lib/postgresql/*/bin``. When they are missing the PostgreSQL tests fail
with a message saying how to install them; only ``KORTPOENG_SKIP_PG=1`` turns
that into a skip (never under ``CI=true``).
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

SUPERUSER = "kortpoeng"
PASSWORD = "table-seven"  # a throw-away cluster on 127.0.0.1 only
TEMPLATE = "kortpoeng_head"
SKIP_ENV = "KORTPOENG_SKIP_PG"


class Unavailable(RuntimeError):
    """PostgreSQL's programs are not installed (or cannot be run)."""


def find_bin() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``. Raises :class:`Unavailable`."""
    candidates = []
    if os.environ.get("KORTPOENG_PG_BIN"):
        candidates.append(Path(os.environ["KORTPOENG_PG_BIN"]))
    candidates += [
        Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True)
    ]
    found = shutil.which("initdb")
    if found:
        candidates.append(Path(found).resolve().parent)
    for folder in candidates:
        if all((folder / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    raise Unavailable(
        "PostgreSQL's programs (initdb, pg_ctl, postgres) were not found: "
        "apt-get install -y postgresql (or set KORTPOENG_PG_BIN); "
        f"{SKIP_ENV}=1 skips the PostgreSQL tests on this machine"
    )


def _version(folder: str) -> int:
    try:
        return int(Path(folder).parent.name.split(".")[0])
    except ValueError:
        return 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """A running throw-away cluster (see the module docstring).

    ``url(name)`` is a SQLAlchemy URL of database ``name`` (psycopg 3);
    :meth:`fresh_database` copies the migrated template; :meth:`stop` and
    :meth:`start` stop and start the server (the fault tests)."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable  # the benchmarks: fsync on, as a real server
        self.bin = find_bin()
        self.os_user: str | None = None
        if os.geteuid() == 0:
            self.os_user = os.environ.get("KORTPOENG_PG_OS_USER", "postgres")
            try:
                pwd.getpwnam(self.os_user)
            except KeyError:
                raise Unavailable(
                    f"running as root, PostgreSQL needs an ordinary OS user: "
                    f"useradd --system {self.os_user} (or set KORTPOENG_PG_OS_USER)"
                ) from None
        self.root = Path(tempfile.mkdtemp(prefix="kortpoeng-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root / "sock"
        self.log = self.root / "server.log"
        self.port = 0
        self._names = itertools.count(1)
        os.chmod(self.root, 0o755)
        self.socket_dir.mkdir()
        if self.os_user is not None:
            owner = pwd.getpwnam(self.os_user)
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            os.chown(self.socket_dir, owner.pw_uid, owner.pw_gid)
        pwfile = self.root / "pw"
        pwfile.write_text(PASSWORD + "\n")
        if self.os_user is not None:
            os.chown(pwfile, pwd.getpwnam(self.os_user).pw_uid, -1)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            f"--pwfile={pwfile}",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
        )
        pwfile.unlink()
        self.start()

    def _run(self, program: str, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / program), *args]
        if self.os_user is not None:
            command = ["runuser", "-u", self.os_user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}\n{log}")
        return done

    def start(self) -> None:
        """Start the server (on a new free port the first time, the same one after)."""
        options = (
            f"-c listen_addresses=127.0.0.1 -c unix_socket_directories={self.socket_dir} "
            "-c max_connections=60"
        )
        if not self.durable:  # a test's data need not survive a power cut
            options += " -c fsync=off -c full_page_writes=off -c shared_buffers=32MB"
        for attempt in range(5):
            port = self.port or _free_port()
            try:
                self._run(
                    "pg_ctl", "start", "-w", "-t", "120", "-D", str(self.data),
                    "-l", str(self.log), "-o", f"-p {port} {options}",
                )  # fmt: skip
            except RuntimeError:
                if self.port or attempt == 4:  # the same port again: a real failure
                    raise
                time.sleep(0.2)
                continue
            self.port = port
            return

    def stop(self) -> None:
        """Stop the server now (``immediate``: as if it went away)."""
        self._run("pg_ctl", "stop", "-w", "-t", "120", "-m", "immediate", "-D", str(self.data))

    def url(self, database: str, *, password: str = PASSWORD, user: str = SUPERUSER) -> str:
        """A SQLAlchemy URL of ``database`` on this server (psycopg 3)."""
        return f"postgresql+psycopg://{user}:{password}@127.0.0.1:{self.port}/{database}"

    def admin(self):  # -> psycopg.Connection
        """An autocommit psycopg connection to the ``postgres`` database."""
        import psycopg

        return psycopg.connect(
            host="127.0.0.1",
            port=self.port,
            user=SUPERUSER,
            password=PASSWORD,
            dbname="postgres",
            autocommit=True,
        )

    def make_template(self) -> None:
        """Create :data:`TEMPLATE`, migrated to the newest schema."""
        from models.db import init_db, make_engine

        with self.admin() as admin:
            admin.execute(f"CREATE DATABASE {TEMPLATE}")
        engine = make_engine(self.url(TEMPLATE))
        try:
            init_db(engine)
        finally:
            engine.dispose()

    def fresh_database(self, *, migrated: bool = True) -> str:
        """A new database (a copy of the migrated template, or empty); its name."""
        name = f"t{os.getpid()}_{next(self._names)}"
        template = TEMPLATE if migrated else "template0"
        with self.admin() as admin:
            admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
        return name

    def drop(self, name: str) -> None:
        """Drop database ``name`` (its connections are ended first)."""
        with self.admin() as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def remove(self) -> None:
        """Stop the server and remove the cluster's folder."""
        with contextlib.suppress(RuntimeError):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
