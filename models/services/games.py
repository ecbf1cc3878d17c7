"""Games: the built-in games and the custom games a family made or imported
(GAME_FORMAT.md), listed together; a custom game saved, changed, deleted,
exported and imported.

Every function is keyword-only and takes the process's ``engine``, like the
other services. A custom game is stored as its definition's canonical text
(:class:`models.tables.CustomGameRow`). Sessions keep their own snapshot of
the definition they were started with (:mod:`models.services.snapshots`):
nothing here changes a stored session.

>>> from models.db import make_engine, init_db
>>> from scoring import builtin_definition
>>> import dataclasses
>>> engine = make_engine("sqlite://")
>>> init_db(engine)
>>> mine = dataclasses.replace(builtin_definition("crazy_eights"), id="family_eights")
>>> save_game(engine=engine, definition=mine).game_id
'family_eights'
>>> [g.game_id for g in list_games(engine=engine)][-3:]
['kasino', 'plump', 'family_eights']
>>> import_game(engine=engine, data=export_game(engine=engine, game_id="family_eights")).outcome
'unchanged'
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Literal

from sqlmodel import Session, col, select

from scoring import (
    BUILTIN_GAME_IDS,
    ErrorCode,
    GameDefinition,
    GameDefinitionError,
    GameRules,
    OptionError,
    builtin_definition,
    game_for,
    read_definition,
    write_definition,
)
from scoring.definition import LIMITS, Words

from ..db import Handle, reading, run_write
from ..errors import GameChanged, GameConflict, GameExists, GameIsBuiltin, GameNotFound
from ..tables import CustomGameRow, utcnow
from ..views import GameEntry, ImportedGame
from .snapshots import definition_of

__all__ = [
    "delete_game",
    "export_game",
    "find_game",
    "free_game_id",
    "game_rules",
    "import_game",
    "list_games",
    "save_game",
]

logger = logging.getLogger(__name__)

#: What :func:`import_game` does with a different game of the same id.
OnConflict = Literal["ask", "keep_both", "replace"]


def _builtin_entry(game_id: str) -> GameEntry:
    return GameEntry(game_id, builtin_definition(game_id), builtin=True)


def _custom_entry(row: CustomGameRow) -> GameEntry:
    return GameEntry(
        row.game_id, definition_of(row.definition), False, row.definition, row.updated_at
    )


def _row(db: Session, game_id: str) -> CustomGameRow | None:
    return db.exec(select(CustomGameRow).where(CustomGameRow.game_id == game_id)).first()


def list_games(*, engine: Handle) -> tuple[GameEntry, ...]:
    """Every game that can be played: the built-in games in the registry's
    order (:data:`scoring.BUILTIN_GAME_IDS`), then the custom games in the order
    they were made. A stored custom game that cannot be read (a damaged
    database) is left out and logged."""
    entries = [_builtin_entry(game_id) for game_id in BUILTIN_GAME_IDS]
    with reading(engine) as db:
        rows = db.exec(select(CustomGameRow).order_by(col(CustomGameRow.id))).all()
        for row in rows:
            try:
                entries.append(_custom_entry(row))
            except GameDefinitionError:
                logger.warning("Custom game %r cannot be read; left out", row.game_id)
    return tuple(entries)


def find_game(*, engine: Handle, game_id: str) -> GameEntry:
    """The game ``game_id``: a built-in one, else a custom one. Raises
    :class:`GameNotFound`."""
    if game_id in BUILTIN_GAME_IDS:
        return _builtin_entry(game_id)
    with reading(engine) as db:
        row = _row(db, str(game_id)[: LIMITS.id + 1])
        if row is None:
            raise GameNotFound(game=str(game_id)[:40])
        return _custom_entry(row)


def game_rules(*, engine: Handle, game_id: str) -> GameRules:
    """The rules of the game ``game_id`` for a new session (a custom game's
    as stored now). Raises :class:`scoring.OptionError` (``game_unknown``),
    as for an unknown built-in game."""
    if game_id in BUILTIN_GAME_IDS:
        return game_for(game_id)
    try:
        entry = find_game(engine=engine, game_id=game_id)
    except GameNotFound:
        raise OptionError(
            ErrorCode.GAME_UNKNOWN, field="game", params={"value": str(game_id)[:40]}
        ) from None
    assert entry.definition is not None
    return game_for(entry.game_id, entry.definition)


def _check_free(db: Session, game_id: str) -> None:
    if game_id in BUILTIN_GAME_IDS:
        raise GameIsBuiltin(game=game_id)
    if _row(db, game_id) is not None:
        raise GameExists(game=game_id)


def save_game(
    *,
    engine: Handle,
    definition: GameDefinition,
    replaces: str | None = None,
    expected: str | None = None,
) -> GameEntry:
    """Save a custom game: a new one, or (``replaces``: its id before) a
    change of a stored one, which may give it a new id.

    ``expected`` is the stored text the caller read (:attr:`GameEntry.text`):
    when given, the change is refused if the game was changed since.
    Sessions already played keep their own snapshot of the rules.

    Raises :class:`GameIsBuiltin` (a built-in game's id, or changing a
    built-in game), :class:`GameExists` (the id is another custom game's),
    :class:`GameNotFound` (``replaces`` is no stored game),
    :class:`GameChanged`. Nothing is written then.
    """
    text = write_definition(definition)
    game_id = definition.id

    def work(db: Session) -> GameEntry:
        now = utcnow()
        if replaces is None:
            _check_free(db, game_id)
            row = CustomGameRow(game_id=game_id, definition=text, created_at=now, updated_at=now)
        else:
            if replaces in BUILTIN_GAME_IDS:
                raise GameIsBuiltin(game=replaces)
            found = _row(db, replaces)
            if found is None:
                raise GameNotFound(game=replaces)
            if expected is not None and found.definition != expected:
                raise GameChanged(game=replaces)
            if game_id != replaces:
                _check_free(db, game_id)
            row = found
            row.game_id, row.definition, row.updated_at = game_id, text, now
        db.add(row)
        db.flush()
        return _custom_entry(row)

    return run_write(engine, work)


def delete_game(*, engine: Handle, game_id: str, expected: str | None = None) -> None:
    """Delete the custom game ``game_id`` (sessions played with it keep their
    snapshot and still open, score and export). ``expected``: as for
    :func:`save_game`. Raises :class:`GameIsBuiltin`, :class:`GameNotFound`,
    :class:`GameChanged`."""
    if game_id in BUILTIN_GAME_IDS:
        raise GameIsBuiltin(game=game_id)

    def work(db: Session) -> None:
        row = _row(db, game_id)
        if row is None:
            raise GameNotFound(game=str(game_id)[:40])
        if expected is not None and row.definition != expected:
            raise GameChanged(game=game_id)
        db.delete(row)

    run_write(engine, work)


def export_game(*, engine: Handle, game_id: str) -> str:
    """The game's definition as canonical GAME_FORMAT.md text (a built-in
    game's too, when it is defined as data). Raises :class:`GameNotFound`
    (also for a coded game without a definition: Four Suit Rummy)."""
    entry = find_game(engine=engine, game_id=game_id)
    if entry.definition is None:
        raise GameNotFound(game=game_id)
    return entry.text or write_definition(entry.definition)


def free_game_id(*, engine: Handle, base: str) -> str:
    """``base`` if no game has it, else ``base_2``, ``base_3``… (at most
    :data:`scoring.definition.LIMITS.id` characters)."""
    with reading(engine) as db:
        return _free_id(db, base)


def _free_id(db: Session, base: str) -> str:
    taken = set(BUILTIN_GAME_IDS) | set(db.exec(select(CustomGameRow.game_id)).all())
    if base not in taken:
        return base
    for number in range(2, 10_000):
        suffix = f"_{number}"
        candidate = base[: LIMITS.id - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
    raise GameExists(game=base)  # pragma: no cover - ten thousand games of one name


def _numbered(words: Words, number: int) -> Words:
    """A name with `` (n)`` after it, cut to fit :data:`LIMITS.name`."""
    suffix = f" ({number})"
    return Words(
        words.nb[: LIMITS.name - len(suffix)].rstrip() + suffix,
        words.en[: LIMITS.name - len(suffix)].rstrip() + suffix,
    )


def _same_rules(a: GameDefinition, b: GameDefinition) -> bool:
    """Equal but for the id and the name (a game kept under another id)."""
    return dataclasses.replace(a, id=b.id, name=b.name) == b


def import_game(
    *, engine: Handle, data: bytes | str, on_conflict: OnConflict = "ask"
) -> ImportedGame:
    """Store a game definition read from ``data`` (JSON text or UTF-8 bytes).

    The document is read strictly (:func:`scoring.read_definition`: at most
    100 000 characters, every field checked) before anything is written.
    The same game stored already (built-in or custom, or kept before under
    another id) is not stored again (``unchanged``). A *different* game with
    the same id: ``on_conflict`` ``"ask"`` raises :class:`GameConflict` (the
    caller asks the user), ``"keep_both"`` stores the import under a new id
    and a numbered name, ``"replace"`` replaces the stored custom game
    (sessions keep their snapshots).

    Raises :class:`scoring.GameDefinitionError` (naming the field),
    :class:`GameConflict`, :class:`GameIsBuiltin` (replacing a built-in
    game). The database is unchanged then.
    """
    definition = read_definition(data)
    text = write_definition(definition)
    game_id = definition.id

    def work(db: Session) -> ImportedGame:
        for row in db.exec(select(CustomGameRow).order_by(col(CustomGameRow.id))).all():
            if row.definition == text:
                return ImportedGame(_custom_entry(row), "unchanged")
        builtin = game_id in BUILTIN_GAME_IDS
        stored = None if builtin else _row(db, game_id)
        if builtin and builtin_definition(game_id) == definition:
            return ImportedGame(_builtin_entry(game_id), "unchanged")
        if not builtin and stored is None:
            return ImportedGame(_insert(db, text, game_id), "added")
        if on_conflict == "ask":
            raise GameConflict(game=game_id, builtin=builtin)
        if on_conflict == "replace":
            if builtin or stored is None:
                raise GameIsBuiltin(game=game_id)
            stored.definition, stored.updated_at = text, utcnow()
            db.add(stored)
            db.flush()
            return ImportedGame(_custom_entry(stored), "replaced")
        for row in db.exec(select(CustomGameRow).order_by(col(CustomGameRow.id))).all():
            kept = definition_of(row.definition)
            if (
                kept is not None
                and row.game_id.startswith(game_id)
                and _same_rules(definition, kept)
            ):
                return ImportedGame(_custom_entry(row), "unchanged")
        new_id = _free_id(db, game_id)
        number = int(new_id.rsplit("_", 1)[1]) if new_id != game_id else 2
        renamed = dataclasses.replace(
            definition, id=new_id, name=_numbered(definition.name, number)
        )
        return ImportedGame(_insert(db, write_definition(renamed), new_id), "kept_both")

    return run_write(engine, work)


def _insert(db: Session, text: str, game_id: str) -> GameEntry:
    now = utcnow()
    row = CustomGameRow(game_id=game_id, definition=text, created_at=now, updated_at=now)
    db.add(row)
    db.flush()
    return _custom_entry(row)
