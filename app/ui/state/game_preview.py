"""The game editor's live preview of a captured game and of a bids game
(GAME_FORMAT.md ``hand: captured``, ``hand: bids``; RULES.md §5, §7), in
plain Python: what the game as it stands in the editor gives for a tiny
example, scored by :mod:`scoring` itself (nothing here scores).

* A captured game (:func:`captures_preview`): one deal of two players
  shaped as RULES.md §5.2's example 1 — the first captures 29 cards and 8
  of each compared suit, the second 23 and 5; the named cards alternate
  between them (a named rank's chips split half and half: A♠ A♥ to the
  first, A♦ A♣ to the second); the first makes 2 of each event, the second
  1. Kasino's table scores it 10 and 4, the Swedish table (§5.4) 9 and 4.
* A bids game (:func:`bids_preview`): the points of a made bid of 0, of 3
  and of the most cards dealt, and of a missed bid of 3 with 1 trick taken
  (Plump: 5, 13, 110 and 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring import GameDefinition, Hand, HandScore, Pile, ScoringError, game_for
from scoring.bids import bid_rules, made_points, missed_points
from scoring.definition import Captures
from scoring.definition.captures import named_chips

__all__ = [
    "BidsPreview",
    "CapturesPreview",
    "bids_preview",
    "captures_preview",
    "example_piles",
    "preview_seats",
]

#: The first and the second player's pile in the example deal (§5.2 example 1).
_CARDS = (29, 23)
_SUITED = (8, 5)
_EVENTS = (2, 1)


@dataclass(frozen=True, slots=True)
class CapturesPreview:
    """One example deal of a captured game: each player's ``piles`` (as
    entered) and the deal's ``score``, or the ``error`` that kept the deal
    from being scored."""

    players: tuple[str, ...]
    piles: dict[str, Pile]
    score: HandScore | None = None
    error: Exception | None = None


@dataclass(frozen=True, slots=True)
class BidsPreview:
    """What bids score in a bids game: ``made`` as (bid, points), ``missed``
    as (bid, tricks taken, points), with ``cards`` the most cards dealt."""

    cards: int
    made: tuple[tuple[int, int], ...]
    missed: tuple[tuple[int, int, int], ...]


def example_piles(
    captures: Captures, suits: Sequence[str], players: Sequence[str]
) -> dict[str, Pile]:
    """The two piles of the example deal (see the module) of ``captures``
    with the deck's ``suits``, under ``players[0]`` and ``players[1]``.

    >>> from scoring import builtin_definition
    >>> kasino = builtin_definition("kasino")
    >>> piles = example_piles(kasino.captures, kasino.suits, ("Kari", "Ola"))
    >>> piles["Kari"].named, piles["Ola"].named
    (('10D', 'AS', 'AH'), ('2S', 'AD', 'AC'))
    """
    compared = [c.of for c in captures.most if c.of != "cards"]
    named: tuple[list[str], list[str]] = ([], [])
    turn = 0
    for entry in captures.named:
        chips = [token for token, _points in named_chips(Captures(named=(entry,)), suits)]
        if entry.card is not None:
            named[turn % 2].append(chips[0])
            turn += 1
            continue
        half = (len(chips) + 1) // 2
        named[0].extend(chips[:half])
        named[1].extend(chips[half:])
    return {
        player: Pile(
            _CARDS[seat],
            {suit: _SUITED[seat] for suit in compared},
            tuple(named[seat]),
            {event.id: min(_EVENTS[seat], event.most) for event in captures.events},
        )
        for seat, player in enumerate(players[:2])
    }


def preview_seats(definition: GameDefinition) -> int:
    """The players of the example deal: 2, or two teams' worth when every
    session of the game plays in teams (the piles under each team's first
    player, seats 1 and 2)."""
    teams = definition.teams
    return 2 * teams.size if teams is not None and teams.always else 2


def captures_preview(definition: GameDefinition, players: Sequence[str]) -> CapturesPreview:
    """The example deal of the captured game ``definition`` (its options at
    their defaults) for ``players`` (:func:`preview_seats` of them; the
    piles under the first two), scored."""
    captures = definition.captures
    assert captures is not None
    piles = example_piles(captures, definition.suits, players)
    game = game_for(definition.id, definition)
    try:
        rules = game.bind(game.default_options(), tuple(players))
        score = rules.score_hand(Hand(None, captured=piles))
    except ScoringError as error:
        return CapturesPreview(tuple(players), piles, error=error)
    return CapturesPreview(tuple(players), piles, score=score)


def bids_preview(definition: GameDefinition) -> BidsPreview:
    """What a made and a missed bid score in the bids game ``definition``
    (its options at their defaults)."""
    game = game_for(definition.id, definition)
    rules = bid_rules(definition, game.default_options())
    assert rules is not None and definition.schedule is not None
    cards = max(row.cards for row in definition.schedule.rounds)
    bids = rules.bids
    some = min(3, cards)
    made = tuple((bid, made_points(bids, bid)) for bid in dict.fromkeys((0, some, cards)))
    tricks = 1 if some != 1 else 0
    return BidsPreview(cards, made, ((some, tricks, missed_points(bids, some, tricks)),))
