"""Reading a progress game's part of a definition (GAME_FORMAT.md
``progress``, version 2; RULES.md §8 Phase 10): the ``stages`` each player
goes through, and the checks across fields they bring (``end:
last_stage``, someone must go out); and ``also_out``'s check (someone must
go out, RULES.md §6). Each refusal a
:class:`~scoring.errors.GameDefinitionError` naming the field."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..codes import ErrorCode
from .reader import READER, fail
from .shapes import LIMITS, Effect, End, GameDefinition, Progress, WentOut

__all__ = ["check_also_out", "check_progress", "progress_to_dict", "read_progress"]


def read_progress(value: Any) -> Progress:
    """The ``progress`` section: ``stages``, 1 to 30 texts in both
    languages (at most 60 characters each).

    Raises :class:`~scoring.errors.GameDefinitionError`: ``progress`` not an
    object or with an unknown field; ``progress.stages`` empty ("a phase
    count of 0": ``definition_too_few``, minimum 1) or longer than 30
    (``definition_too_many``); a stage that is not good words
    (``progress.stages[3]``)."""
    data = READER.obj(value, "progress", ("stages",), ())
    items = READER.seq(data["stages"], "progress.stages", LIMITS.stages, least=1)
    return Progress(
        tuple(
            READER.words(item, f"progress.stages[{i}]", LIMITS.stage_text)
            for i, item in enumerate(items, 1)
        )
    )


def progress_to_dict(progress: Progress) -> dict[str, Any]:
    """The ``progress`` section as written (the inverse of :func:`read_progress`)."""
    return {"stages": [{"nb": stage.nb, "en": stage.en} for stage in progress.stages]}


def check_progress(definition: GameDefinition, effects: Sequence[tuple[str, Effect]]) -> None:
    """Refuse a progress game's parts where they cannot be played (a
    version 2 document; ``effects``: every option's effect with its path).

    Raises :class:`~scoring.errors.GameDefinitionError`: ``end:
    last_stage`` (the game's or an option's) without ``progress``
    (``definition_missing``, ``progress``); ``progress`` with any other end
    (``definition_conflict``, reason ``progress_end``); ``progress`` in a
    game nobody goes out of (``went_out: never``, the game's or an
    option's: ``definition_conflict``, reason ``nobody_goes_out``)."""
    ends = [("end", definition.end)] + [(f"{p}.end", e.end) for p, e in effects if e.end]
    if definition.progress is None:
        for _path, end in ends:
            if end is End.LAST_STAGE:
                raise fail(ErrorCode.DEFINITION_MISSING, "progress")
        return
    for path, end in ends:
        if end is not End.LAST_STAGE:
            raise fail(ErrorCode.DEFINITION_CONFLICT, path, reason="progress_end")
    went_out = [("went_out", definition.went_out)] + [
        (f"{p}.went_out", e.went_out) for p, e in effects if e.went_out
    ]
    for path, how in went_out:
        if how is WentOut.NEVER:
            raise fail(
                ErrorCode.DEFINITION_CONFLICT, path, reason="nobody_goes_out", needs="progress"
            )


def check_also_out(definition: GameDefinition, effects: Sequence[tuple[str, Effect]]) -> None:
    """Refuse ``also_out`` (GAME_FORMAT.md version 2: others may go out on
    their last turn, RULES.md §6) in a game nobody goes out of.

    Raises :class:`~scoring.errors.GameDefinitionError`: ``went_out: never``
    (the game's or an option's) with ``also_out`` true
    (``definition_conflict``, reason ``nobody_goes_out``)."""
    if not definition.also_out:
        return
    went_out = [("went_out", definition.went_out)] + [
        (f"{p}.went_out", e.went_out) for p, e in effects if e.went_out
    ]
    for path, how in went_out:
        if how is WentOut.NEVER:
            raise fail(
                ErrorCode.DEFINITION_CONFLICT, path, reason="nobody_goes_out", needs="also_out"
            )
