"""What the game screens' buttons do, as plain functions (no Flet): load the
games, save, delete, import (a file, pasted text, or a link's payload), each
returning what the screen shows. The screen models run them through their
ports (``Ports.run``: off the event loop, with the process's ``engine``);
each calls the use cases of :mod:`models.services.games`.

None raises for bad input or a refusal: a refusal is :class:`Refused`
carrying the coded error the screen puts into words, and then nothing was
written.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.engine import Engine

from app.game_link import decode_game
from models import services
from models.services.games import OnConflict
from models.views import GameEntry, ImportedGame
from scoring import CodedError, GameDefinition, write_definition

__all__ = [
    "Loaded",
    "Refused",
    "Saved",
    "delete",
    "import_text",
    "load_link",
    "read_pasted",
    "save",
]


@dataclass(frozen=True, slots=True)
class Saved:
    """The custom game as stored now."""

    entry: GameEntry


@dataclass(frozen=True, slots=True)
class Refused:
    """Nothing was written: ``error`` says why (a :class:`scoring.CodedError`)."""

    error: CodedError


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game read from a link or pasted text, not yet stored: ``definition``
    and its canonical ``text`` (to add it with :func:`import_text`)."""

    definition: GameDefinition
    text: str


def save(
    *,
    engine: Engine,
    definition: GameDefinition,
    replaces: str | None,
    expected: str | None,
) -> Saved | Refused:
    """Save a new custom game, or the change of ``replaces`` (refused when it
    is no longer ``expected``, changed on another phone)."""
    from app.game_names import check_game_name

    try:
        check_game_name(definition, engine=engine, replacing=replaces)  # not another's lookalike
        entry = services.save_game(
            engine=engine, definition=definition, replaces=replaces, expected=expected
        )
    except CodedError as error:
        return Refused(error)
    return Saved(entry)


def delete(*, engine: Engine, game_id: str, expected: str | None) -> Refused | None:
    """Delete a custom game (its sessions keep their rules)."""
    try:
        services.delete_game(engine=engine, game_id=game_id, expected=expected)
    except CodedError as error:
        return Refused(error)
    return None


def load_link(payload: str) -> Loaded | Refused:
    """The game a link's payload carries (nothing stored yet)."""
    try:
        definition = decode_game(payload)
    except CodedError as error:
        return Refused(error)
    return Loaded(definition, write_definition(definition))


def read_pasted(text: str) -> Loaded | Refused:
    """The game in pasted text: a game's link (or its payload) or the game
    file's JSON text (nothing stored yet)."""
    from scoring import read_definition

    cleaned = text.strip()
    marker = "/game/import/"
    if marker in cleaned:
        return load_link(cleaned.rsplit(marker, 1)[1].split("?")[0].split("#")[0])
    try:
        definition = read_definition(cleaned)  # a text too long is refused for its size
    except CodedError as error:
        return Refused(error)
    return Loaded(definition, write_definition(definition))


def import_text(
    *, engine: Engine, data: str | bytes, on_conflict: OnConflict = "ask"
) -> ImportedGame | Refused:
    """Store a game (its JSON text or bytes; see
    :func:`models.services.import_game` for ``on_conflict``), unless its
    name looks like another game's (:func:`app.game_names.check_game_name`)."""
    from app.game_names import import_game_file

    try:
        return import_game_file(engine=engine, data=data, on_conflict=on_conflict)
    except CodedError as error:
        return Refused(error)
