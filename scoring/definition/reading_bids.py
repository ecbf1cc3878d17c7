"""Reading a bids game's parts of a definition (GAME_FORMAT.md ``bids``,
version 2; RULES.md §7 Plump): the ``bids`` section, an option's ``bids``
and ``schedule_repeat`` effect fields, and the checks across fields a bids
game brings. Each refusal a :class:`~scoring.errors.GameDefinitionError`
naming the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..codes import ErrorCode
from .bids import Bids, BidsChange, Made, MadeKind, Missed, MissedKind, Repeat
from .reader import READER, fail
from .shapes import LIMITS, Effect, GameDefinition, HandKind

__all__ = ["BIDS_EFFECT_FIELDS", "check_bids", "read_bids", "read_bids_effect"]

#: The effect fields of version 2 a bids game's options may set.
BIDS_EFFECT_FIELDS = ("schedule_repeat", "bids")
_POINTS = LIMITS.card_points  # 1 000: the bound of every number of ``bids``


def _made(value: Any, path: str) -> Made:
    if not isinstance(value, dict):
        raise fail(ErrorCode.DEFINITION_NOT_OBJECT, path)
    kind = READER.enum(MadeKind, value.get("kind"), f"{path}.kind")
    if kind is MadeKind.ONE_IN_FRONT:
        READER.obj(value, path, ("kind",), ())
        return Made(kind)
    data = READER.obj(value, path, ("kind", "base", "per_bid"), ())
    return Made(
        kind,
        READER.whole(data["base"], f"{path}.base", 0, _POINTS),
        READER.whole(data["per_bid"], f"{path}.per_bid", 0, _POINTS),
    )


def _missed(value: Any, path: str) -> Missed:
    if not isinstance(value, dict):
        raise fail(ErrorCode.DEFINITION_NOT_OBJECT, path)
    kind = READER.enum(MissedKind, value.get("kind"), f"{path}.kind")
    if kind is MissedKind.ZERO:
        READER.obj(value, path, ("kind",), ())
        return Missed(kind)
    if kind is MissedKind.PER_TRICK:
        data = READER.obj(value, path, ("kind", "per_trick"), ())
        return Missed(
            kind, per_trick=READER.whole(data["per_trick"], f"{path}.per_trick", -_POINTS, _POINTS)
        )
    data = READER.obj(value, path, ("kind", "per_off"), ())
    return Missed(kind, per_off=READER.whole(data["per_off"], f"{path}.per_off", -_POINTS, -1))


def read_bids(value: Any) -> Bids:
    """The ``bids`` section: ``made`` and ``missed`` (each ``{"kind": …}``
    with its numbers), ``hook`` (default false) and ``zero``.

    Raises :class:`~scoring.errors.GameDefinitionError`: an unknown kind
    (``definition_value``, ``bids.made.kind``); a kind's number missing
    (``definition_missing``, ``bids.missed.per_off``) or given to a kind
    without it (``definition_unknown_field``); ``zero``, ``base``,
    ``per_bid`` outside 0–1 000, ``per_trick`` outside −1 000…1 000,
    ``per_off`` outside −1 000…−1 (``definition_range``)."""
    data = READER.obj(value, "bids", ("made", "missed"), ("hook", "zero"))
    return Bids(
        _made(data["made"], "bids.made"),
        _missed(data["missed"], "bids.missed"),
        READER.boolean(data.get("hook", False), "bids.hook"),
        READER.whole(data["zero"], "bids.zero", 0, _POINTS) if "zero" in data else None,
    )


def read_bids_effect(data: Mapping[str, Any], path: str) -> dict[str, Any]:
    """An effect's version 2 fields (``path`` is the effect's), as
    :class:`Effect` keyword arguments: ``schedule_repeat`` (``once`` or
    ``per_player``) and ``bids`` (any of ``hook``, ``zero``, ``made``,
    ``missed``; not empty: ``definition_empty``)."""
    found: dict[str, Any] = {}
    if "schedule_repeat" in data:
        found["schedule_repeat"] = READER.enum(
            Repeat, data["schedule_repeat"], f"{path}.schedule_repeat"
        )
    if "bids" in data:
        where = f"{path}.bids"
        change = READER.obj(data["bids"], where, (), ("made", "missed", "hook", "zero"))
        if not change:
            raise fail(ErrorCode.DEFINITION_EMPTY, where)
        found["bids"] = BidsChange(
            _made(change["made"], f"{where}.made") if "made" in change else None,
            _missed(change["missed"], f"{where}.missed") if "missed" in change else None,
            READER.boolean(change["hook"], f"{where}.hook") if "hook" in change else None,
            READER.whole(change["zero"], f"{where}.zero", 0, _POINTS) if "zero" in change else None,
        )
    return found


def check_bids(
    definition: GameDefinition, version: int, effects: Sequence[tuple[str, Effect]]
) -> None:
    """Refuse a bids game's parts where they cannot be played.

    Raises :class:`~scoring.errors.GameDefinitionError`: an option's
    ``schedule_repeat`` or ``bids`` in a version 1 document or in a game
    whose ``hand`` is not ``bids`` (``definition_unknown_field``); a
    schedule row's ``repeat`` outside a bids game
    (``definition_unknown_field``) or on a second row
    (``definition_conflict``, reason ``repeat_twice``)."""
    bids_game = version > 1 and definition.hand is HandKind.BIDS
    for path, effect in effects:
        for name in BIDS_EFFECT_FIELDS:
            if getattr(effect, name) is not None and not bids_game:
                raise fail(ErrorCode.DEFINITION_UNKNOWN_FIELD, f"{path}.{name}")
    schedule = definition.schedule
    if schedule is None:
        return
    repeated = [i for i, row in enumerate(schedule.rounds, 1) if row.repeat is not None]
    if repeated and not bids_game:
        raise fail(ErrorCode.DEFINITION_UNKNOWN_FIELD, f"schedule.rounds[{repeated[0]}].repeat")
    if len(repeated) > 1:
        raise fail(
            ErrorCode.DEFINITION_CONFLICT,
            f"schedule.rounds[{repeated[1]}].repeat",
            reason="repeat_twice",
        )
