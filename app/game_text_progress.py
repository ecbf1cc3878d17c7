"""A progress game's rules in words (GAME_FORMAT.md ``progress``; RULES.md
§8 Phase 10), for the rules screen: the phases in order and how the session
ends. :mod:`app.game_text` dispatches here."""

from __future__ import annotations

from app.i18n import _, format_number
from app.messages import words
from scoring.definition import GameDefinition, Winner

__all__ = ["progress_end", "stages_in_words"]


def stages_in_words(definition: GameDefinition) -> str:
    """Each phase on a line of its own ("3. 1 set of 4 + 1 run of 4"), then
    how a player moves on."""
    progress = definition.progress
    assert progress is not None
    lines = [f"{format_number(i)}. {words(stage)}" for i, stage in enumerate(progress.stages, 1)]
    lines.append(
        _(
            "Every player starts on phase 1. A player who lays the phase down in a "
            "hand (the one who goes out always has) plays the next phase from the "
            "next hand; the others try the same phase again."
        )
    )
    return "\n".join(lines)


def progress_end(definition: GameDefinition) -> str:
    """How a progress game's session ends and who wins (RULES.md §8)."""
    progress = definition.progress
    assert progress is not None
    last = len(progress.stages)
    end = _(
        "The session ends after the hand in which a player completes phase {n}, the last.",
        n=format_number(last),
    )
    winner = (
        _(
            "Only those who completed it in that hand can win: the lowest total of "
            "them wins; equal totals share the win."
        )
        if definition.winner is Winner.LOWEST
        else _(
            "Only those who completed it in that hand can win: the highest total of "
            "them wins; equal totals share the win."
        )
    )
    places = _("Places: more phases completed first, then the total.")
    return f"{end} {winner} {places}"
