"""What a game definition's schedule of rounds (GAME_FORMAT.md
``schedule``, RULES.md §6) does to a hand: the card table of each round (its
wild rank worth the schedule's ``wild_points``; the wild cards a player holds
are counted by :meth:`scoring.data_game.DataGame.score_hand`), the wild cards
on a line of their own, and the warning for more cards left than the round dealt. Used by
:class:`scoring.data_game.DataGame`."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Rank, Suit
from .codes import BreakdownCode, WarningCode
from .definition import GameDefinition
from .hands import BreakdownItem, Hand, ScoreWarning

__all__ = ["own_lines", "round_cards", "round_tables"]


def own_lines(
    code: BreakdownCode, value: int, wilds: int, wild_points: int | None
) -> tuple[BreakdownItem, ...]:
    """A player's own leftover ``value`` as breakdown lines: the round's wild
    cards on a ``wild`` line of their own (``count`` × ``value``), the rest
    on the ``code`` line."""
    if not wilds or wild_points is None:
        return (BreakdownItem(code, value, value=value),)
    wild = BreakdownItem(BreakdownCode.WILD, wilds * wild_points, count=wilds, value=wild_points)
    rest = value - wild.points
    return (wild, BreakdownItem(code, rest, value=rest)) if rest else (wild,)


def round_cards(
    players: Sequence[str], hand: Hand, dealt: int, code: WarningCode = WarningCode.ROUND_CARDS
) -> list[ScoreWarning]:
    """The ``round_cards`` warnings (RULES.md §6): a player left with more
    cards than the round dealt (``code`` ``dealt_cards``: than a hand deals,
    GAME_FORMAT.md ``cards_dealt``, RULES.md §8)."""
    warnings = []
    for player in players:
        held = hand.left.get(player)
        if isinstance(held, tuple | list) and len(held) > dealt:
            warnings.append(ScoreWarning(code, player=player, count=len(held), expected=dealt))
    return warnings


def round_tables(definition: GameDefinition, table: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per round of the definition's schedule, its card table: ``table`` with
    the round's wild rank (every suit of it) worth the schedule's
    ``wild_points``. Made once per options, so a hand is scored by lookups."""
    schedule = definition.schedule
    if schedule is None:
        return ()
    made: dict[str | None, tuple[int, ...]] = {None: table}
    for row in schedule.rounds:
        if row.wild is not None and row.wild not in made:
            wild = Rank(row.wild)
            changed = list(table)
            for slot in (Card(wild), *(Card(wild, suit) for suit in Suit)):
                changed[slot.key] = schedule.wild_points or 0
            made[row.wild] = tuple(changed)
    return tuple(made[row.wild] for row in schedule.rounds)
