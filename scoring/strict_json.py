"""The one strict JSON reader for every file and link a user gives Kortpoeng:
session files (:func:`scoring.read_session`), game definitions
(:func:`scoring.read_definition`, and through it a game link), and the
settings file.

Python's :func:`json.loads` takes more than JSON (RFC 8259) allows and keeps
less than a reader should: ``NaN`` and ``Infinity``, a key given twice (the
last one silently wins), ``\\ud800`` (a lone surrogate, which no file can
hold), ``1e999`` (read as infinity). :func:`loads` refuses each with a
:class:`StrictJsonError` whose :class:`JsonFault` says which; each format's
reader turns it into its own coded error (``file_json``,
``definition_duplicate_key``…), so that every format refuses the same inputs.

=========================================  ==============================
Input                                      :class:`JsonFault`
=========================================  ==============================
bytes that are not UTF-8                   ``NOT_UTF8``
more than ``limit`` characters (or bytes)  ``TOO_LARGE``
not JSON (a syntax error, trailing text)   ``SYNTAX``
``NaN``, ``Infinity``, ``-Infinity``       ``CONSTANT``
a number too large (``1e999``) or too      ``NUMBER``
long (more digits than Python converts)
a key given twice in one object            ``DUPLICATE_KEY`` (``key``)
a lone surrogate in a text or a key        ``LONE_SURROGATE`` (``path``)
nesting deeper than the interpreter reads  ``TOO_DEEP``
(about a thousand levels; no Kortpoeng
file nests more than nine)
=========================================  ==============================

A UTF-8 byte order mark at the start is skipped (Windows Notepad writes one).
Standard library only.
"""

from __future__ import annotations

import json
import math
import re
from enum import Enum, unique
from typing import Any

__all__ = ["JsonFault", "StrictJsonError", "loads", "text_of"]


@unique
class JsonFault(Enum):
    """Why :func:`loads` refused its input (see the module table)."""

    NOT_UTF8 = "not_utf8"
    TOO_LARGE = "too_large"
    SYNTAX = "syntax"
    CONSTANT = "constant"
    NUMBER = "number"
    DUPLICATE_KEY = "duplicate_key"
    LONE_SURROGATE = "lone_surrogate"
    TOO_DEEP = "too_deep"


class StrictJsonError(ValueError):
    """JSON that :func:`loads` refuses. ``fault`` says why; ``detail`` is a
    short technical text (English, for a log or a ``detail`` parameter);
    ``line`` and ``column`` where the text is not JSON; ``key`` the key given
    twice; ``path`` where a lone surrogate is (``hands[2].left.Kari``, lists
    counted from 1; ``"document"`` for the document itself); ``size`` and
    ``limit`` for ``TOO_LARGE``; ``byte`` the first byte that is not UTF-8."""

    def __init__(
        self,
        fault: JsonFault,
        detail: str,
        *,
        line: int | None = None,
        column: int | None = None,
        key: str | None = None,
        path: str | None = None,
        size: int | None = None,
        limit: int | None = None,
        byte: int | None = None,
    ) -> None:
        super().__init__(detail)
        self.fault = fault
        self.detail = detail
        self.line = line
        self.column = column
        self.key = key
        self.path = path
        self.size = size
        self.limit = limit
        self.byte = byte


def text_of(source: str | bytes | bytearray) -> str:
    """``source`` as text: UTF-8 bytes decoded, a leading byte order mark
    dropped. Raises :class:`StrictJsonError` (``NOT_UTF8``, ``byte`` the
    offset of the first bad byte).

    >>> text_of(b"\\xef\\xbb\\xbf{}"), text_of("\\ufeff[]")
    ('{}', '[]')
    """
    if isinstance(source, bytes | bytearray):
        try:
            return bytes(source).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise StrictJsonError(
                JsonFault.NOT_UTF8, f"not UTF-8 (byte {error.start})", byte=error.start
            ) from None
    return source[1:] if source.startswith("\ufeff") else source


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: a key given twice would silently lose one value."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise StrictJsonError(
                    JsonFault.DUPLICATE_KEY, f"the key {key[:40]!r} is given twice", key=key
                )
            seen.add(key)
    return data


def _no_constant(name: str) -> Any:
    raise StrictJsonError(JsonFault.CONSTANT, f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise StrictJsonError(JsonFault.NUMBER, f"the number {text[:20]} is too large")
    return value


# A \uD800-\uDFFF escape: JSON can spell a lone surrogate, which no file can hold.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _has_surrogate(text: str) -> bool:
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _child(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _lone_surrogate(data: Any) -> str | None:
    """Where the first text (keys too) in ``data`` holding a lone surrogate
    is, in document order; ``None`` when none does."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            children = []
            for key, item in value.items():
                shown = _child(path, key)
                if _has_surrogate(key):
                    return shown
                children.append((item, shown))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in reversed(list(enumerate(value, 1))))
        elif isinstance(value, str) and _has_surrogate(value):
            return path or "document"
    return None


def loads(source: str | bytes | bytearray, *, limit: int | None = None) -> Any:
    r"""``source`` (JSON text, or UTF-8 bytes) read strictly: see the module
    table for what is refused, each with a :class:`StrictJsonError`.
    ``limit``: the most characters (bytes, for bytes) ``source`` may have.

    >>> loads('{"a": [1, 2.5, "x"]}')
    {'a': [1, 2.5, 'x']}
    >>> def fault(text):
    ...     try:
    ...         loads(text)
    ...     except StrictJsonError as error:
    ...         return error.fault.name
    >>> fault("[NaN]"), fault("[1e999]"), fault('{"a": 1, "a": 2}'), fault('["\ud800"]')
    ('CONSTANT', 'NUMBER', 'DUPLICATE_KEY', 'LONE_SURROGATE')
    """
    if limit is not None and len(source) > limit:
        raise StrictJsonError(
            JsonFault.TOO_LARGE,
            f"{len(source)} characters, at most {limit}",
            size=len(source),
            limit=limit,
        )
    text = text_of(source)
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_float=_finite,
        )
    except StrictJsonError:
        raise
    except json.JSONDecodeError as error:
        raise StrictJsonError(
            JsonFault.SYNTAX, error.msg, line=error.lineno, column=error.colno
        ) from None
    except RecursionError:  # deeper than the interpreter's stack
        raise StrictJsonError(JsonFault.TOO_DEEP, "nested too deep") from None
    except ValueError as error:  # a whole number of more digits than Python converts
        raise StrictJsonError(JsonFault.NUMBER, str(error)[:120]) from None
    if _SURROGATE_ESCAPE.search(text) or _has_surrogate(text):
        # only then can a lone surrogate hide in the data: look for it
        found = _lone_surrogate(data)
        if found is not None:
            raise StrictJsonError(
                JsonFault.LONE_SURROGATE, "a text holds a lone surrogate", path=found
            )
    return data
