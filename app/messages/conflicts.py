"""Why parts of a game definition cannot be played together
(``definition_conflict``, GAME_FORMAT.md "Errors"): one sentence per
``params["reason"]``, naming the fields in the editor's words and, where the
reason is a count, the figures ("6 players × 10 cards = 60 cards, more than
the 52 cards in play")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.i18n import _, ngettext
from app.messages._echo import _count, _number_param
from app.messages.fields import _def_field, definition_field

__all__ = ["describe_conflict"]


def _nobody_goes_out(field: str, p: Mapping[str, Any]) -> str:
    needs = p.get("needs")
    if needs in ("progress", "also_out"):  # the part that needs someone to go out
        return _(
            "{part} needs a player who goes out, but {field} says nobody goes out",
            part=definition_field(str(needs)),
            field=field,
        )
    return _(
        "{field}: the flag is for the player who went out, but nobody goes out in this "
        "game ({went_out}: the game's rule or an option's)",
        field=field,
        went_out=definition_field("went_out"),
    )


def _teams_players(field: str, p: Mapping[str, Any]) -> str:
    figures = {
        "field": field,
        "size": _number_param(p, "size"),
        "least": _number_param(p, "min"),
        "most": _number_param(p, "max"),
        "players": definition_field("players"),
    }
    if p.get("always") is True:
        return ngettext(
            "{field}: every session plays in teams of {size}, but {least} player "
            "({players}) does not make two teams or more of {size}",
            "{field}: every session plays in teams of {size}, but {least} players "
            "({players}) do not make two teams or more of {size}",
            _count(p, "min"),
            **figures,
        )
    return _(
        "{field}: teams of {size} with {least}–{most} players ({players}) never "
        "make two teams or more",
        **figures,
    )


def _schedule_cards(field: str, p: Mapping[str, Any]) -> str:
    if not all(k in p for k in ("players", "cards", "dealt", "in_play")):
        return _(
            "{field}: the most players are dealt more cards than the decks in play hold",
            field=field,
        )
    return _(
        "{field}: {players} ({most}) × {cards} = {dealt}, more than the decks in play "
        "hold ({in_play})",
        field=field,
        players=ngettext(
            "{n} player", "{n} players", _count(p, "players"), n=_number_param(p, "players")
        ),
        most=definition_field("players.max"),
        cards=ngettext("{n} card", "{n} cards", _count(p, "cards"), n=_number_param(p, "cards")),
        dealt=ngettext("{n} card", "{n} cards", _count(p, "dealt"), n=_number_param(p, "dealt")),
        in_play=_number_param(p, "in_play"),
    )


def describe_conflict(e: Any, p: Mapping[str, Any]) -> str:
    """The sentence of a ``definition_conflict`` error ``e`` (``p`` its
    params): why the field cannot be played with the rest of the game."""
    field = _def_field(e)
    reason = p.get("reason")
    if reason == "no_hand_end":
        return _(
            "{blocked}: nobody goes out ({went_out}) and a hand may not end with nobody "
            "out either (the game's rule or an option's): no hand could end",
            blocked=field,
            went_out=definition_field("went_out"),
        )
    if reason == "nobody_goes_out":
        return _nobody_goes_out(field, p)
    if reason == "no_joker_key":
        return _("{field}: jokers are in play, but no key is the joker: add one", field=field)
    if reason == "schedule_end":
        return _(
            "{field}: a game with a {schedule} ends after its last round, so no other end "
            "goes with it",
            field=field,
            schedule=definition_field("schedule").lower(),
        )
    if reason == "schedule_cards":
        return _schedule_cards(field, p)
    if reason == "repeat_twice":
        return _(
            "{field}: only one round of the schedule may be dealt once per player", field=field
        )
    if reason == "teams_players":
        return _teams_players(field, p)
    if reason == "progress_end":
        return _(
            "{field}: a game of phases ends when a player completes the last phase, so no "
            "other end goes with it",
            field=field,
        )
    if reason == "dealt_schedule":
        return _(
            "{field}: each round of the schedule says the cards it deals; leave this out",
            field=field,
        )
    return _("{field} cannot be played together with the rest of the game", field=field)
