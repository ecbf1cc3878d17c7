"""The rules of a game of captured piles in words (GAME_FORMAT.md ``hand:
captured``; RULES.md §5 Kasino), for the rules screen and ``kortpoeng game
show`` (:func:`app.game_text.rules_in_words`): what each pile scores — the
comparisons and what a tie gives, the named cards, the events (sweeps) —
the partnerships, and the end."""

from __future__ import annotations

from app.i18n import _, ngettext
from app.messages.cards import card_label, rank_name, suit_name, words
from scoring import Rank, Suit, parse_card
from scoring.definition import Captures, GameDefinition, Ties

__all__ = ["captures_in_words"]


def _points(points: int) -> str:
    return ngettext("{n} point", "{n} points", points)


def _compared(of: str) -> str:
    """What a comparison compares: "the most cards", "the most spades"."""
    if of == "cards":
        return _("The most cards")
    try:
        suit = suit_name(Suit(of))
    except ValueError:  # a suit of a game of its own (★)
        suit = "★"
    return _("The most {suit}", suit=suit)


def _piles(captures: Captures) -> str:
    lines = [
        _("{what}: {points}", what=_compared(c.of), points=_points(c.points)) for c in captures.most
    ]
    if captures.most:
        lines.append(
            _("A tie on a comparison scores nobody.")
            if captures.ties is Ties.NOBODY
            else _("A tie on a comparison scores each of the tied players in full.")
        )
    for named in captures.named:
        if named.card is not None:
            what = card_label(parse_card(named.card))
        else:
            what = _("Each {rank}", rank=rank_name(Rank(named.rank)))
        lines.append(_("{what}: {points}", what=what, points=_points(named.points)))
    for event in captures.events:
        lines.append(
            _(
                "Each {event}: {points}",
                event=words(event.name).lower(),
                points=_points(event.points),
            )
        )
    return "\n".join(lines)


def captures_in_words(definition: GameDefinition) -> list[tuple[str, str]]:
    """(heading, text) pairs for a captured game: the counting, what each
    pile scores, the partnerships when the game has them. ``definition``
    must say ``captures`` (a captured game always does)."""
    captures = definition.captures
    assert captures is not None
    out = [
        (
            _("Counting"),
            _(
                "Nobody goes out: when every card is played, each player counts the "
                "pile of cards they captured."
            ),
        ),
        (_("What a pile scores"), _piles(captures)),
    ]
    if definition.teams is not None:
        size = definition.teams.size
        out.append(
            (
                _("Partnerships"),
                ngettext(
                    "Players may play in partnerships of {n}, the partners opposite each "
                    "other: a partnership's captures are one pile.",
                    "Players may play in partnerships of {n}, the partners opposite each "
                    "other: a partnership's captures are one pile.",
                    size,
                ),
            )
        )
    return out
