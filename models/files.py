"""Reading a session file's bytes with a size limit — no database, so that
``kortpoeng score`` can use it without loading the storage layer."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

from .errors import ImportTooLarge

__all__ = ["IMPORT_LIMIT", "read_import_source"]

#: The largest session file read, in bytes (checked before parsing).
IMPORT_LIMIT = 5 * 1024 * 1024


def read_import_source(
    source: str | os.PathLike[str], *, stdin: IO[bytes] | None = None, limit: int = IMPORT_LIMIT
) -> bytes:
    """Read a session file's bytes: a path, or ``"-"`` for ``stdin`` (binary).

    A file larger than ``limit`` bytes is refused from its size before reading,
    standard input after reading at most ``limit`` + 1 bytes.
    Raises :class:`ImportTooLarge`, ``OSError`` (missing or unreadable file,
    standard input closed).
    """
    if os.fspath(source) == "-":
        if stdin is None:
            import errno
            import sys

            if sys.stdin is None:  # started with standard input closed
                raise OSError(errno.EBADF, "standard input is closed", "-")
            stdin = sys.stdin.buffer
        data = stdin.read(limit + 1)
        if len(data) > limit:
            raise ImportTooLarge(limit=limit)
        return data
    path = Path(source)
    size = path.stat().st_size
    if size > limit:
        raise ImportTooLarge(limit=limit, size=size)
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ImportTooLarge(limit=limit)
    return data
