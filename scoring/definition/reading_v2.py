"""Reading the fields of a game definition's version 2 (GAME_FORMAT.md
"Version 2"): the ``schedule`` of rounds (each with its cards dealt, its wild
rank and a text), the deck's ``suits``, and the checks across fields they
bring (``end: schedule``, a wild rank that is a key, the cards dealt against
the cards in play). A version 1 document may hold none of them: it reads
exactly as it always did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Rank, Suit
from ..codes import ErrorCode
from .bids import Repeat
from .progress import check_also_out, check_progress, read_progress
from .reader import READER, fail, shown
from .reading_bids import check_bids, read_bids
from .shapes import (
    LIMITS,
    STANDARD_SUITS,
    SUIT_IDS,
    Effect,
    End,
    GameDefinition,
    HandKind,
    Round,
    Schedule,
)

__all__ = ["V2_FIELDS", "check_v2", "hand_fields", "read_v2"]

#: The top-level fields a version 2 document may hold besides version 1's.
V2_FIELDS = (
    "schedule",
    "suits",
    "hand",
    "bids",
    "captures",
    "teams",
    "progress",
    "also_out",
    "cards_dealt",
)
#: The top-level fields only a ``captured`` game may have (RULES.md §5).
_CAPTURED_ONLY = ("captures", "teams")
#: Per hand kind (GAME_FORMAT.md ``hand``): the top-level fields it must
#: have besides the common ones, and those it may not have.
_HAND_FIELDS: dict[HandKind, tuple[tuple[str, ...], tuple[str, ...]]] = {
    HandKind.OUT: (("keys", "went_out", "blocked"), ("bids", *_CAPTURED_ONLY)),
    HandKind.CAPTURED: (
        ("captures",),
        ("keys", "went_out", "blocked", "counted", "bids", "progress", "also_out", "cards_dealt"),
    ),
    HandKind.BIDS: (
        ("bids", "schedule"),
        (
            "keys",
            "went_out",
            "blocked",
            "counted",
            "flags",
            "jokers_per_deck",
            "blocked_term",
            "next_dealer",
            *_CAPTURED_ONLY,
            "progress",
            "also_out",
            "cards_dealt",
        ),
    ),
}
#: The ends a version 1 document may name.
_V1_ENDS = (End.TARGET, End.ROUNDS, End.EITHER)
#: The ranks a round may make wild: every rank but the joker (always its own key).
_WILD_RANKS = tuple(rank.value for rank in Rank if rank is not Rank.JOKER)


def _round(value: Any, path: str) -> Round:
    entry = READER.obj(value, path, ("cards",), ("wild", "text", "repeat"))
    cards = READER.whole(entry["cards"], f"{path}.cards", 1, LIMITS.round_cards)
    wild = entry.get("wild")
    if "wild" in entry and (not isinstance(wild, str) or wild not in _WILD_RANKS):
        raise fail(
            ErrorCode.DEFINITION_VALUE, f"{path}.wild", choices=list(_WILD_RANKS), value=shown(wild)
        )
    text = (
        READER.words(entry["text"], f"{path}.text", LIMITS.round_text) if "text" in entry else None
    )
    repeat = None
    if "repeat" in entry:  # "once" is a row without it: one way to write each row
        repeat = READER.enum(Repeat, entry["repeat"], f"{path}.repeat")
        if repeat is not Repeat.PER_PLAYER:
            raise fail(
                ErrorCode.DEFINITION_VALUE,
                f"{path}.repeat",
                choices=Repeat.PER_PLAYER.value,
                value=shown(entry["repeat"]),
            )
    return Round(cards, wild, text, repeat)


def _schedule(value: Any) -> Schedule:
    data = READER.obj(value, "schedule", ("rounds",), ("wild_points",))
    rows = READER.seq(data["rounds"], "schedule.rounds", LIMITS.schedule_rounds, least=1)
    rounds = tuple(_round(row, f"schedule.rounds[{i}]") for i, row in enumerate(rows, 1))
    wilds = any(r.wild is not None for r in rounds)
    if "wild_points" not in data:
        if wilds:
            raise fail(ErrorCode.DEFINITION_MISSING, "schedule.wild_points")
        return Schedule(rounds)
    if not wilds:  # points for a wild that no round has
        raise fail(ErrorCode.DEFINITION_UNKNOWN_FIELD, "schedule.wild_points")
    points = READER.whole(data["wild_points"], "schedule.wild_points", 0, LIMITS.card_points)
    return Schedule(rounds, points)


#: The suits a key may price (a card's own suit letters): the fifth suit,
#: ``STAR``, has no cards of its own to enter (Five Crowns is entered by rank).
_KEY_SUITS = frozenset(suit.value for suit in Suit)


def _suits(value: Any) -> tuple[str, ...]:
    items = READER.seq(value, "suits", len(SUIT_IDS), least=1)
    for i, item in enumerate(items, 1):
        if not isinstance(item, str) or item not in SUIT_IDS:
            raise fail(
                ErrorCode.DEFINITION_VALUE, f"suits[{i}]", choices=list(SUIT_IDS), value=shown(item)
            )
    READER.unique(items, "suits")
    return tuple(items)


def hand_fields(
    data: Mapping[str, Any], version: int, required: Sequence[str], optional: Sequence[str]
) -> tuple[HandKind, tuple[str, ...], tuple[str, ...]]:
    """The document's ``hand`` kind (``out`` when not given) and the
    top-level fields it must and may have, from version 1's ``required`` and
    every version's ``optional``: a ``captured`` game must have
    ``captures``, may have ``teams`` and may not have ``keys``,
    ``went_out``, ``blocked``, ``counted`` nor ``bids``; a ``bids`` game must
    have ``bids`` and a ``schedule`` and may not have ``keys``, ``went_out``,
    ``blocked`` nor what only counted cards need; an ``out`` game has none
    of ``bids``, ``captures``, ``teams`` (GAME_FORMAT.md ``hand``). Such a
    field is then refused as ``definition_unknown_field``.

    Raises :class:`~scoring.errors.GameDefinitionError`: a ``hand`` that is
    not one of the kinds this version plays (``definition_value``)."""
    if version == 1 or "hand" not in data:
        kind = HandKind.OUT
    else:
        kind = READER.enum(HandKind, data["hand"], "hand")
        if kind not in _HAND_FIELDS:
            raise fail(
                ErrorCode.DEFINITION_VALUE,
                "hand",
                choices=[k.value for k in _HAND_FIELDS],
                value=kind.value,
            )
    needed, refused = _HAND_FIELDS[kind]
    if version == 1:
        return kind, tuple(required), tuple(optional)
    must = tuple(name for name in required if name not in refused) + tuple(
        name for name in needed if name not in required
    )
    may = tuple(name for name in optional if name not in refused and name not in must)
    return kind, must, may


def read_v2(top: Mapping[str, Any]) -> dict[str, Any]:
    """The version 2 fields of a document's top-level mapping (already
    checked to hold no unknown field), as :class:`GameDefinition` keyword
    arguments: ``schedule`` and ``suits`` where given.

    Raises :class:`~scoring.errors.GameDefinitionError`: ``schedule.rounds``
    empty (``definition_too_few``) or longer than 100
    (``definition_too_many``); a round's ``cards`` outside 1–60
    (``definition_range``); a ``wild`` that is not a rank (the joker is no
    wild rank: ``definition_value``); a ``text`` that is not good words;
    ``schedule.wild_points`` missing while a round has a wild rank
    (``definition_missing``), given while none has
    (``definition_unknown_field``) or outside 0–1 000; ``suits`` empty, an
    unknown suit id (``definition_value``) or one given twice
    (``definition_duplicate_id``)."""
    found: dict[str, Any] = {}
    if "schedule" in top:
        found["schedule"] = _schedule(top["schedule"])
    if "suits" in top:
        found["suits"] = _suits(top["suits"])
    if "hand" in top:
        found["hand"] = HandKind(top["hand"])  # read by :func:`hand_fields`
    if "bids" in top:
        found["bids"] = read_bids(top["bids"])
    if "progress" in top:
        found["progress"] = read_progress(top["progress"])
    if "also_out" in top:  # others may go out on their last turn (RULES.md §6)
        found["also_out"] = READER.boolean(top["also_out"], "also_out")
    if "cards_dealt" in top:  # each hand's deal, without a schedule (RULES.md §8)
        found["cards_dealt"] = READER.whole(
            top["cards_dealt"], "cards_dealt", 1, LIMITS.round_cards
        )
    return found


def _cards_in_play(definition: GameDefinition, players: int) -> int:
    """The cards of the decks in play for ``players`` players: per deck, a
    card of each suit for each rank key (13 ranks when the game has none but
    faces), each face ``per_deck`` times, and the most jokers any option puts
    in (GAME_FORMAT.md ``schedule``)."""
    decks = 1
    for least, count in definition.decks:
        if players >= least:
            decks = count
    ranks = [k for k in definition.keys if k.rank is not None and k.rank is not Rank.JOKER]
    faces = sum(k.per_deck or 0 for k in definition.keys if k.rank is None)
    jokers = max(
        [definition.jokers_per_deck]
        + [
            e.jokers_per_deck
            for o in definition.options
            for e in (o.set, *(c.set for c in o.choices))
            if e.jokers_per_deck is not None
        ]
    )
    rank_count = len(ranks) if ranks or faces else 13
    return decks * (len(definition.suits) * rank_count + faces + jokers)


def _check_dealt(definition: GameDefinition, path: str, cards: int) -> None:
    """Refuse ``cards`` dealt to each of the most players when the decks in
    play for them hold fewer (``definition_conflict``, reason
    ``schedule_cards``, with ``players``, ``cards``, ``dealt`` and ``in_play``
    for the message)."""
    players = definition.max_players
    in_play = _cards_in_play(definition, players)
    if players * cards > in_play:
        raise fail(
            ErrorCode.DEFINITION_CONFLICT,
            path,
            reason="schedule_cards",
            players=players,
            cards=cards,
            dealt=players * cards,
            in_play=in_play,
        )


def check_v2(
    definition: GameDefinition, version: int, effects: Sequence[tuple[str, Effect]]
) -> None:
    """Refuse what version 2's fields allow alone but not with the rest
    (``effects``: every option's effect with its path).

    Raises :class:`~scoring.errors.GameDefinitionError`: in a version 1
    document, ``end: schedule`` (``definition_value``, as before version 2);
    ``end: schedule`` (the game's or an option's) without a ``schedule``
    (``definition_missing``, ``schedule``); a ``schedule`` with any other end
    (``definition_conflict``, reason ``schedule_end``); a round's ``wild``
    that is not one of the game's keys (``definition_unknown_key``); more
    cards dealt to the most players than the decks in play hold
    (``definition_conflict``, reason ``schedule_cards``, the largest round's
    ``cards``); a key's suit that is not among the ``suits``
    (``definition_value``); a bids game's parts where they cannot be played
    (:func:`~scoring.definition.reading_bids.check_bids`); a progress
    game's (:func:`~scoring.definition.progress.check_progress`); ``also_out``
    in a game nobody goes out of (:func:`~scoring.definition.progress.check_also_out`)."""
    check_bids(definition, version, effects)
    ends = [("end", definition.end)] + [(f"{p}.end", e.end) for p, e in effects if e.end]
    if version == 1:
        for path, end in ends:
            if end not in _V1_ENDS:
                raise fail(
                    ErrorCode.DEFINITION_VALUE,
                    path,
                    choices=[e.value for e in _V1_ENDS],
                    value=end.value,
                )
        return
    check_progress(definition, effects)
    check_also_out(definition, effects)
    schedule = definition.schedule
    if definition.cards_dealt is not None:
        if schedule is not None:  # each round says its own cards
            raise fail(ErrorCode.DEFINITION_CONFLICT, "cards_dealt", reason="dealt_schedule")
        _check_dealt(definition, "cards_dealt", definition.cards_dealt)
    if schedule is None:
        if any(end is End.SCHEDULE for _path, end in ends):
            raise fail(ErrorCode.DEFINITION_MISSING, "schedule")
    else:
        for path, end in ends:
            if end is not End.SCHEDULE:
                raise fail(ErrorCode.DEFINITION_CONFLICT, path, reason="schedule_end")
        key_ids = {key.id for key in definition.keys}
        for i, row in enumerate(schedule.rounds, 1):
            if row.wild is not None and row.wild not in key_ids:
                raise fail(
                    ErrorCode.DEFINITION_UNKNOWN_KEY, f"schedule.rounds[{i}].wild", value=row.wild
                )
        rows = schedule.rounds
        largest = max(range(len(rows)), key=lambda i: rows[i].cards)
        _check_dealt(definition, f"schedule.rounds[{largest + 1}].cards", rows[largest].cards)
    if definition.suits != STANDARD_SUITS:
        for i, key in enumerate(definition.keys, 1):
            for suit, _points in key.suits:
                if suit.value not in definition.suits:
                    raise fail(
                        ErrorCode.DEFINITION_VALUE,
                        f"keys[{i}].suits.{suit.value}",
                        # (STAR's cards are entered by rank: no key prices them)
                        choices=[s for s in definition.suits if s in _KEY_SUITS],
                        value=suit.value,
                    )
