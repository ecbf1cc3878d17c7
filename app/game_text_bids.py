"""The rules of a bids game in words (GAME_FORMAT.md ``hand: bids``;
RULES.md §7 Plump), for the rules screen (:func:`app.game_text.rules_in_words`):
the bids and the hook, what a made and a missed bid score, the deals (a row
dealt once per player) and the end."""

from __future__ import annotations

from app.i18n import _, format_number, ngettext
from scoring.definition import Bids, GameDefinition, MadeKind, MissedKind, Repeat, Winner

__all__ = ["bids_in_words"]


def _made(bids: Bids) -> str:
    made = bids.made
    if made.kind is MadeKind.ONE_IN_FRONT:
        text = _(
            "A made bid (tricks taken = bid) scores a 1 written in front of it: 5 → 15, 10 → 110."
        )
    else:
        text = _(
            "A made bid (tricks taken = bid) scores {base} + {per_bid} a trick bid.",
            base=format_number(made.base or 0),
            per_bid=format_number(made.per_bid or 0),
        )
    if bids.zero is not None:
        text += " " + ngettext(
            "A made bid of 0 scores {n} point.", "A made bid of 0 scores {n} points.", bids.zero
        )
    return text


def _missed(bids: Bids) -> str:
    missed = bids.missed
    if missed.kind is MissedKind.ZERO:
        return _("A missed bid scores nothing.")
    if missed.kind is MissedKind.PER_TRICK:
        return ngettext(
            "A missed bid scores {n} point a trick taken.",
            "A missed bid scores {n} points a trick taken.",
            missed.per_trick or 0,
        )
    return ngettext(
        "A missed bid scores {n} point a trick over or under the bid.",
        "A missed bid scores {n} points a trick over or under the bid.",
        missed.per_off or 0,
    )


def bids_in_words(definition: GameDefinition) -> list[tuple[str, str]]:
    """The (heading, text) pairs of a bids game's own rules, in the active
    language: in place of the card values, who scores and the end of a game
    whose hands end in counted cards."""
    bids = definition.bids
    schedule = definition.schedule
    assert bids is not None and schedule is not None
    said = _("Before play each player bids the tricks they will take, the dealer last.")
    if bids.hook:
        said += " " + _(
            "The hook: the dealer may not bid the number that makes the bids add up to the"
            " cards dealt."
        )
    total = len(schedule.rounds)
    lines = [_("The cards dealt to each player, deal by deal:")]
    for row in schedule.rounds:
        line = ngettext("{n} card", "{n} cards", row.cards)
        if row.repeat is Repeat.PER_PLAYER:
            line += " · " + _("dealt once per player")
        lines.append(line)
    repeated = any(row.repeat is not None for row in schedule.rounds)
    end = (
        _(
            "The session ends after the last deal: one deal a row, and the row marked so"
            " once per player."
        )
        if repeated
        else ngettext(
            "The session ends after its schedule's {n} round.",
            "The session ends after its schedule's {n} rounds.",
            total,
        )
    )
    winner = (
        _("The highest total wins; equal totals share the place.")
        if definition.winner is Winner.HIGHEST
        else _("The lowest total wins; equal totals share the place.")
    )
    return [
        (_("Bids"), said),
        (_("Scoring"), f"{_made(bids)} {_missed(bids)}"),
        (_("Rounds"), "\n".join(lines)),
        (_("The end"), f"{end} {winner}"),
    ]
