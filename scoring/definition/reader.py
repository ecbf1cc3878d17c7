"""The strict reader's primitives (GAME_FORMAT.md): one value at a time,
each refusal a :class:`~scoring.errors.GameDefinitionError` with a stable
``code`` and the ``field`` path where the value is. Shared by
:mod:`scoring.definition.reading` (version 1's fields) and
:mod:`scoring.definition.reading_v2` (version 2's)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from enum import Enum
from typing import Any, TypeVar

from ..codes import ErrorCode, Expected
from ..errors import GameDefinitionError
from ..invisible import has_control, hidden_character
from .shapes import LIMITS, Words

__all__ = ["READER", "Reader", "fail", "shown", "type_error"]

_SLUG = re.compile(r"[a-z][a-z0-9_]*")
_E = TypeVar("_E", bound=Enum)


def fail(code: ErrorCode, path: str, **params: Any) -> GameDefinitionError:
    """The refusal ``code`` of the value at ``path`` (the whole document when
    ``path`` is empty), with ``params`` for its message."""
    return GameDefinitionError(code, field=path or "document", params=params)


def shown(value: Any) -> Any:
    """A refused value as a message may show it: a number, ``None`` or a
    boolean as it is (the app's describer shortens an enormous number), text
    cut to 40 characters, a list or an object by its kind
    (:attr:`Expected.LIST`, :attr:`Expected.OBJECT`: words the app
    translates, never English text)."""
    if isinstance(value, bool | int | float) or value is None:
        return value
    if isinstance(value, str):
        return value[:40]
    return Expected.LIST if isinstance(value, list | tuple) else Expected.OBJECT


def type_error(path: str, expected: Expected, value: Any) -> GameDefinitionError:
    """The refusal of a value of the wrong type (``definition_type``)."""
    return fail(ErrorCode.DEFINITION_TYPE, path, expected=expected, value=shown(value))


class Reader:
    """Reads one value of a decoded document; ``path`` names where it is
    (``keys[3].points``; lists count from 1)."""

    def obj(
        self, value: Any, path: str, required: Sequence[str], optional: Sequence[str]
    ) -> dict[str, Any]:
        """An object with every ``required`` field and no field but those and
        the ``optional`` ones."""
        if not isinstance(value, dict):
            raise fail(ErrorCode.DEFINITION_NOT_OBJECT, path)
        prefix = f"{path}." if path else ""
        for name in value:
            if name not in required and name not in optional:
                raise fail(ErrorCode.DEFINITION_UNKNOWN_FIELD, f"{prefix}{str(name)[:40]}")
        for name in required:
            if name not in value:
                raise fail(ErrorCode.DEFINITION_MISSING, f"{prefix}{name}")
        return value

    def seq(self, value: Any, path: str, most: int, *, least: int = 0) -> list[Any]:
        """A list of ``least`` to ``most`` entries."""
        if not isinstance(value, list):
            raise type_error(path, Expected.LIST, value)
        if len(value) > most:
            raise fail(ErrorCode.DEFINITION_TOO_MANY, path, maximum=most, count=len(value))
        if len(value) < least:
            raise fail(ErrorCode.DEFINITION_TOO_FEW, path, minimum=least, count=len(value))
        return value

    def whole(self, value: Any, path: str, least: int, most: int) -> int:
        """A whole number from ``least`` to ``most`` (not a boolean, not 1.0)."""
        if type(value) is not int:
            raise type_error(path, Expected.WHOLE_NUMBER, value)
        if value < least:
            raise fail(
                ErrorCode.DEFINITION_RANGE, path, minimum=least, maximum=most, value=shown(value)
            )
        if value > most:
            raise fail(
                ErrorCode.DEFINITION_RANGE, path, minimum=least, maximum=most, value=shown(value)
            )
        return value

    def boolean(self, value: Any, path: str) -> bool:
        """``true`` or ``false``."""
        if type(value) is not bool:
            raise type_error(path, Expected.BOOLEAN, value)
        return value

    def text(self, value: Any, path: str, most: int) -> str:
        """Text of at most ``most`` characters: not empty, no surrounding
        spaces, no control or invisible characters."""
        if not isinstance(value, str):
            raise type_error(path, Expected.TEXT, value)
        if not value.isascii() or not value.isprintable():
            if has_control(value):  # scoring.invisible: the one set of classes
                raise fail(ErrorCode.DEFINITION_TEXT, path)
            hidden = hidden_character(value)  # "He\u200barts" would show as "Hearts"
            if hidden is not None:
                raise fail(
                    ErrorCode.DEFINITION_INVISIBLE,
                    path,
                    code_point=f"U+{ord(hidden):04X}",
                    unicode_name=unicodedata.name(hidden, ""),
                )
        if not value.strip():
            raise fail(ErrorCode.DEFINITION_EMPTY, path)
        if value != value.strip():
            raise fail(ErrorCode.DEFINITION_SPACES, path, value=shown(value))
        if len(value) > most:
            raise fail(ErrorCode.DEFINITION_LONG, path, maximum=most, count=len(value))
        return value

    def slug(self, value: Any, path: str, most: int = LIMITS.id) -> str:
        """An id: lower-case letters, digits and ``_``, a letter first."""
        if not isinstance(value, str):
            raise type_error(path, Expected.ID, value)
        if len(value) > most or not _SLUG.fullmatch(value):
            raise fail(ErrorCode.DEFINITION_ID, path, value=shown(value), maximum=most)
        return value

    def enum(self, kind: type[_E], value: Any, path: str) -> _E:
        """One of the words of ``kind``."""
        for member in kind:
            if member.value == value:
                return member
        raise fail(
            ErrorCode.DEFINITION_VALUE,
            path,
            choices=[str(m.value) for m in kind],
            value=shown(value),
        )

    def words(self, value: Any, path: str, most: int) -> Words:
        """``{"nb": …, "en": …}``, each good text of at most ``most``."""
        data = self.obj(value, path, ("nb", "en"), ())
        return Words(
            self.text(data["nb"], f"{path}.nb", most), self.text(data["en"], f"{path}.en", most)
        )

    def unique(self, ids: Sequence[str], path: str) -> None:
        """Refuse an id given twice (the second is named)."""
        seen: set[str] = set()
        for i, ident in enumerate(ids, 1):
            if ident in seen:
                raise fail(ErrorCode.DEFINITION_DUPLICATE_ID, f"{path}[{i}]", value=ident)
            seen.add(ident)


#: The one reader (it holds no state).
READER = Reader()
