"""Sentences for the parts of a game definition that can never matter
(:func:`scoring.definition.definition_warnings`), as the game editor shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.i18n import _
from app.messages._echo import _shown
from app.messages.cards import words
from scoring.codes import DefinitionWarningCode

if TYPE_CHECKING:
    from scoring.definition import DefinitionWarning, GameDefinition

__all__ = ["describe_definition_warning"]


def _flag_name(flag_id: str, definition: GameDefinition | None) -> str:
    for flag in definition.flags if definition is not None else ():
        if flag.id == flag_id:
            return words(flag.name) or _shown(flag_id)
    return _shown(flag_id)


def describe_definition_warning(
    warning: DefinitionWarning | Any, definition: GameDefinition | None = None
) -> str:
    """One translated sentence for a definition warning, naming the flag (by
    its name in ``definition``, else its id) or the option, and saying what
    to do about it.

    >>> from app.i18n import use_language
    >>> from scoring.definition import DefinitionWarning
    >>> from scoring.codes import DefinitionWarningCode as Code
    >>> warning = DefinitionWarning(Code.NUMBER_NOT_USED, "options[1]", {"option": "target"})
    >>> with use_language("en"):
    ...     describe_definition_warning(warning).split(": ")[0]
    'The target score is never used'
    """
    params = getattr(warning, "params", None) or {}
    code = getattr(warning, "code", "")
    if code == DefinitionWarningCode.FLAG_NEVER_SCORES:
        flag = _flag_name(str(params.get("flag", "")), definition)
        reason = params.get("reason")
        if reason == "went_out_scores_nothing":
            return _(
                "“{flag}” never changes a score: in this game the player who went out "
                "scores nothing, so multiplying their points gives nothing. To count "
                "everyone else's cards double, choose “Multiplies everyone else's points”.",
                flag=flag,
            )
        if reason == "others_score_nothing":
            return _(
                "“{flag}” never changes a score: in this game only the player who went out "
                "scores, so multiplying everyone else's points gives nothing. Choose "
                "“Multiplies their points”.",
                flag=flag,
            )
        return _(
            "“{flag}” is never in play: it is not in play from the start and no option "
            "brings it in.",
            flag=flag,
        )
    if code == DefinitionWarningCode.NUMBER_NOT_USED:
        if params.get("option") == "rounds":
            return _(
                "The number of rounds is never used: no end of this game is after a number "
                "of rounds. It is not offered when a session starts."
            )
        return _(
            "The target score is never used: no end of this game is a target. It is not "
            "offered when a session starts."
        )
    return _shown(str(code))
