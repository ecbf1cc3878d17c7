"""Reading, checking and writing a definition's ``captures`` (GAME_FORMAT.md
"Version 2", ``hand: captured``; RULES.md §5 Kasino): the comparisons of the
captured piles, what a tie gives, the named cards and the events counted per
hand (sweeps). Each refusal a :class:`~scoring.errors.GameDefinitionError`
naming the field (lists count from 1)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Rank, Suit, parse_card
from ..codes import ErrorCode
from ..errors import CardParseError
from .reader import READER, fail, shown
from .shapes import (
    LIMITS,
    Captures,
    Comparison,
    Effect,
    Event,
    GameDefinition,
    NamedCard,
    Teams,
    Ties,
)

__all__ = [
    "PILE_WORDS",
    "capture_point_ids",
    "captures_to_dict",
    "check_captures",
    "named_chips",
    "read_captures",
    "read_teams",
    "team_counts",
    "teams_to_dict",
]

#: The words of a pile in a session file that are no event id (GAME_FORMAT.md
#: ``captures.events``): an event may not be called so.
PILE_WORDS = ("cards", "named")
#: The ranks a named ``rank`` entry may give (the joker has no suit).
_RANKS = tuple(rank.value for rank in Rank if rank is not Rank.JOKER)


def _comparison(value: Any, path: str) -> Comparison:
    data = READER.obj(value, path, ("id", "of", "points"), ())
    of = data["of"]
    if not isinstance(of, str):
        raise fail(ErrorCode.DEFINITION_TYPE, f"{path}.of", expected="text", value=shown(of))
    return Comparison(
        READER.slug(data["id"], f"{path}.id", 32),
        of,
        READER.whole(data["points"], f"{path}.points", 1, LIMITS.card_points),
    )


def _named(value: Any, path: str) -> NamedCard:
    if isinstance(value, dict) and "rank" in value:
        data = READER.obj(value, path, ("rank", "points"), ())
        rank = data["rank"]
        if not isinstance(rank, str) or rank not in _RANKS:
            raise fail(
                ErrorCode.DEFINITION_VALUE, f"{path}.rank", choices=list(_RANKS), value=shown(rank)
            )
        points = READER.whole(data["points"], f"{path}.points", 1, LIMITS.card_points)
        return NamedCard(points, rank=rank)
    data = READER.obj(value, path, ("card", "points"), ())
    token = data["card"]
    card = None
    if isinstance(token, str):
        try:
            card = parse_card(token)
        except CardParseError:
            card = None
    if card is None or card.suit is None or card.rank is Rank.JOKER or str(card) != token:
        # a named card is written canonically, with its suit: "10D", "2S"
        raise fail(
            ErrorCode.DEFINITION_VALUE, f"{path}.card", choices="10D, 2S…", value=shown(token)
        )
    points = READER.whole(data["points"], f"{path}.points", 1, LIMITS.card_points)
    return NamedCard(points, card=token)


def _event(value: Any, path: str) -> Event:
    data = READER.obj(value, path, ("id", "name", "points", "most"), ())
    ident = READER.slug(data["id"], f"{path}.id", 32)
    if ident in PILE_WORDS:
        raise fail(ErrorCode.DEFINITION_ID, f"{path}.id", value=ident, maximum=32)
    points = READER.whole(data["points"], f"{path}.points", -LIMITS.card_points, LIMITS.card_points)
    if points == 0:
        raise fail(
            ErrorCode.DEFINITION_RANGE,
            f"{path}.points",
            minimum=1,
            maximum=LIMITS.card_points,
            value=0,
        )
    return Event(
        ident,
        READER.words(data["name"], f"{path}.name", LIMITS.name),
        points,
        READER.whole(data["most"], f"{path}.most", 1, LIMITS.event_count),
    )


def read_captures(value: Any) -> Captures:
    """The ``captures`` object of a ``hand: captured`` definition.

    Raises :class:`~scoring.errors.GameDefinitionError`: an unknown or missing
    field; more than 8 comparisons or 8 events, more than 16 named entries
    (``definition_too_many``); a comparison's ``points`` outside 1–1 000, a
    named card's outside 1–1 000, an event's outside −1 000…1 000 or 0, an
    event's ``most`` outside 1–99 (``definition_range``); a named ``card``
    that is not one card with its suit, written canonically, or a ``rank``
    that is not a rank (``definition_value``); ``ties`` not ``nobody`` or
    ``each``; nothing to score at all (``definition_empty``). The checks
    against the deck's suits and across entries are :func:`check_captures`.
    """
    data = READER.obj(value, "captures", (), ("most", "ties", "named", "events"))
    most = READER.seq(data.get("most", []), "captures.most", LIMITS.comparisons)
    named = READER.seq(data.get("named", []), "captures.named", LIMITS.named_chips)
    events = READER.seq(data.get("events", []), "captures.events", LIMITS.events)
    if not most and not named and not events:
        raise fail(ErrorCode.DEFINITION_EMPTY, "captures")
    return Captures(
        tuple(_comparison(item, f"captures.most[{i}]") for i, item in enumerate(most, 1)),
        READER.enum(Ties, data.get("ties", "nobody"), "captures.ties"),
        tuple(_named(item, f"captures.named[{i}]") for i, item in enumerate(named, 1)),
        tuple(_event(item, f"captures.events[{i}]") for i, item in enumerate(events, 1)),
    )


def read_teams(value: Any) -> Teams:
    """The ``teams`` object (GAME_FORMAT.md, version 2, a captured game):
    ``size`` 2–10 (a team of one is ``definition_range``, ``teams.size``),
    ``always`` (default false)."""
    data = READER.obj(value, "teams", ("size",), ("always",))
    return Teams(
        READER.whole(data["size"], "teams.size", 2, LIMITS.team_size),
        READER.boolean(data.get("always", False), "teams.always"),
    )


def team_counts(definition: GameDefinition) -> tuple[int, ...]:
    """The player counts of ``definition`` that can be played in its teams:
    a multiple of the team size, at least two teams."""
    teams = definition.teams
    if teams is None:
        return ()
    return tuple(
        n
        for n in range(definition.min_players, definition.max_players + 1)
        if n % teams.size == 0 and n // teams.size >= 2
    )


def _check_teams(definition: GameDefinition, effects: Iterable[tuple[str, Effect]]) -> None:
    """Refuse teams no session can play: no player count makes two teams or
    more of the size, or ``always`` with fewest players not a multiple
    (``definition_conflict``, reason ``teams_players``); an option's
    ``teams`` in a game without ``teams`` (``definition_unknown_field``)."""
    if definition.teams is None:
        for path, effect in effects:
            if effect.teams is not None:
                raise fail(ErrorCode.DEFINITION_UNKNOWN_FIELD, f"{path}.teams")
        return
    counts = team_counts(definition)
    if not counts or (definition.teams.always and definition.min_players not in counts):
        raise fail(
            ErrorCode.DEFINITION_CONFLICT,
            "teams.size",
            reason="teams_players",
            size=definition.teams.size,
            min=definition.min_players,
            max=definition.max_players,
            always=definition.teams.always,
        )


def _card_suits(suits: Sequence[str]) -> list[str]:
    """The deck's suits a card can be entered with (not the fifth, STAR)."""
    card_suits = {suit.value for suit in Suit}
    return [s for s in suits if s in card_suits]


def named_chips(captures: Captures, suits: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Every named card as a chip with its points, in the definition's order:
    a ``card`` entry is one chip, a ``rank`` entry one chip per suit of the
    deck (``"AS"``, ``"AH"``…).

    >>> from scoring.registry import builtin_definition
    >>> kasino = builtin_definition("kasino")
    >>> named_chips(kasino.captures, kasino.suits)[:3]
    (('10D', 2), ('2S', 1), ('AS', 1))
    """
    chips: list[tuple[str, int]] = []
    for entry in captures.named:
        if entry.card is not None:
            chips.append((entry.card, entry.points))
        else:
            chips += [(f"{entry.rank}{suit}", entry.points) for suit in _card_suits(suits)]
    return tuple(chips)


def capture_point_ids(captures: Captures | None, suits: Sequence[str]) -> set[str]:
    """What an option's ``points`` may name in a captured game: each
    comparison's and event's id, each named ``card`` and named ``rank``."""
    if captures is None:
        return set()
    ids = {c.id for c in captures.most} | {e.id for e in captures.events}
    ids |= {entry.card or entry.rank or "" for entry in captures.named}
    return ids


def check_captures(definition: GameDefinition, effects: Iterable[tuple[str, Effect]]) -> None:
    """Refuse what ``captures`` allows alone but not with the rest of the
    definition (``effects``: every option's effect with its path).

    Raises :class:`~scoring.errors.GameDefinitionError`: a comparison ``of``
    neither ``cards`` nor one of the deck's suits (``definition_unknown_suit``,
    ``captures.most[2].of``); a named card whose suit the deck lacks
    (``definition_unknown_suit``); two comparisons of the same thing, an id
    given twice among the comparisons and events, a card named twice or
    named and covered by a ``rank`` entry (``definition_duplicate_id``); more
    than 16 named chips in all
    (``definition_too_many``); a ``ties`` effect in a game without
    ``captures`` (``definition_unknown_field``)."""
    effects = list(effects)
    _check_teams(definition, effects)
    captures = definition.captures
    if captures is None:
        for path, effect in effects:
            if effect.ties is not None:
                raise fail(ErrorCode.DEFINITION_UNKNOWN_FIELD, f"{path}.ties")
        return
    suits = definition.suits
    card_suits = _card_suits(suits)
    compared: set[str] = set()
    for i, comparison in enumerate(captures.most, 1):
        if comparison.of != "cards" and comparison.of not in card_suits:
            raise fail(
                ErrorCode.DEFINITION_UNKNOWN_SUIT,
                f"captures.most[{i}].of",
                choices=["cards", *card_suits],
                value=shown(comparison.of),
            )
        if comparison.of in compared:  # one comparison of each thing (its line names it)
            raise fail(
                ErrorCode.DEFINITION_DUPLICATE_ID, f"captures.most[{i}].of", value=comparison.of
            )
        compared.add(comparison.of)
    _unique_ids(captures)
    seen: set[str] = set()
    ranks = {entry.rank for entry in captures.named if entry.rank is not None}
    for i, entry in enumerate(captures.named, 1):
        if entry.card is None:
            if entry.rank in seen:
                raise fail(
                    ErrorCode.DEFINITION_DUPLICATE_ID, f"captures.named[{i}].rank", value=entry.rank
                )
            seen.add(entry.rank or "")
            continue
        suit = entry.card[-1]
        if suit not in card_suits:
            raise fail(
                ErrorCode.DEFINITION_UNKNOWN_SUIT,
                f"captures.named[{i}].card",
                choices=card_suits,
                value=entry.card,
            )
        if entry.card in seen or entry.card[:-1] in ranks:
            raise fail(
                ErrorCode.DEFINITION_DUPLICATE_ID, f"captures.named[{i}].card", value=entry.card
            )
        seen.add(entry.card)
    chips = len(named_chips(captures, suits))
    if chips > LIMITS.named_chips:
        raise fail(
            ErrorCode.DEFINITION_TOO_MANY,
            "captures.named",
            maximum=LIMITS.named_chips,
            count=chips,
        )


def _unique_ids(captures: Captures) -> None:
    """Refuse an id given twice among the comparisons and the events (the
    second is named)."""
    seen: set[str] = set()
    parts: tuple[tuple[str, Sequence[Comparison | Event]], ...] = (
        ("most", captures.most),
        ("events", captures.events),
    )
    for part, items in parts:
        for i, item in enumerate(items, 1):
            if item.id in seen:
                raise fail(
                    ErrorCode.DEFINITION_DUPLICATE_ID, f"captures.{part}[{i}].id", value=item.id
                )
            seen.add(item.id)


def teams_to_dict(teams: Teams) -> dict[str, Any]:
    """``teams`` in its canonical form (``always`` only when true)."""
    return {"size": teams.size, **({"always": True} if teams.always else {})}


def captures_to_dict(captures: Captures) -> dict[str, Any]:
    """``captures`` as its canonical GAME_FORMAT.md mapping (a part at its
    default left out)."""
    out: dict[str, Any] = {}
    if captures.most:
        out["most"] = [{"id": c.id, "of": c.of, "points": c.points} for c in captures.most]
    if captures.ties is not Ties.NOBODY:
        out["ties"] = captures.ties.value
    if captures.named:
        out["named"] = [
            {"card": n.card, "points": n.points}
            if n.card is not None
            else {"rank": n.rank, "points": n.points}
            for n in captures.named
        ]
    if captures.events:
        out["events"] = [
            {
                "id": e.id,
                "name": {"nb": e.name.nb, "en": e.name.en},
                "points": e.points,
                "most": e.most,
            }
            for e in captures.events
        ]
    return out
