"""The hand codec: a stored hand (a ``hand`` table row) ↔ :class:`scoring.Hand`,
in this module and nowhere else.

A hand row holds what was entered in the session file's form (SESSION_FORMAT.md
``hands[]``) with player names replaced by seat indexes: ``entry`` is
``{"left": {"0": […]…}, "runs": {…}, "flags": {flag id: seat}, "captured": {"0":
{…}}}`` (every hand flag, *rummy* too, is the game's data; ``captured`` a
captured hand's piles); who went out (``went_out_seat``), the
note and ``played_at`` are columns; ``warnings`` lists the
warnings the user confirmed; ``score`` caches what :mod:`scoring` gave the hand
(see :func:`score_cache`). Writing checks a hand once, as a session file's hand
is checked (:func:`scoring.check_hand`), and encodes it (:func:`hand_values`);
reading decodes a row (:func:`hand_of`). No SQLAlchemy here: the command line's
read path uses it too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from scoring import Card, Face, ScoreWarning, WarningCode

if TYPE_CHECKING:
    from scoring import GameRules, Hand, HandScore

from ..errors import WarningsNeedConfirmation
from . import snapshots

__all__ = [
    "check_warnings",
    "checked_hand",
    "entry_of",
    "hand_of",
    "hand_values",
    "now_iso",
    "score_cache",
    "warnings_from_json",
    "warnings_to_json",
]

_WARNING_FIELDS = tuple(f.name for f in dataclasses.fields(ScoreWarning) if f.name != "hand")


def now_iso() -> str:
    """Local time now as ISO 8601 text with offset, to the second."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def checked_hand(
    hand: Hand, players: Sequence[str], number: int, played_at: str | None = None
) -> Hand:
    """``hand`` as it will be stored as hand ``number``: checked as a session
    file's hand (:func:`scoring.check_hand`: names as seated, seat order, types)
    with ``played_at`` defaulted to ``played_at``. Raises what
    :func:`scoring.check_hand` raises."""
    from scoring.session_file import check_hand  # the file's rules: loaded when writing

    seated = check_hand(hand, players, number)
    if seated.played_at is None and played_at is not None:
        seated = dataclasses.replace(seated, played_at=played_at)
    return seated


#: Each card's canonical text (``str(card)``), by its :attr:`scoring.Card.key`:
#: a bulk import writes thousands of cards.
_CARD_TEXT = {card.key: str(card) for card in Card.all()}


def entry_of(hand: Hand, players: Sequence[str]) -> dict[str, Any]:
    """The ``entry`` column of a checked hand: ``left``/``runs`` by seat index
    (as text), in the session file's notation (:func:`scoring.hand_to_dict`:
    cards as canonical text, a run's ``ace_as`` only when set), ``flags``
    (flag id → seat as text; *rummy* too) when a flag was called, and a bids
    game's ``bids``, ``made`` and ``tricks`` by seat."""
    text = _CARD_TEXT
    seat = {p: str(i) for i, p in enumerate(players)}
    entry: dict[str, Any] = {
        "left": {
            seat[p]: held
            if isinstance(held, int)
            else [str(c) if isinstance(c, Face) else text[c.key] for c in held]
            for p, held in hand.left.items()
        }
    }
    if hand.runs:
        entry["runs"] = {
            seat[p]: [
                {"cards": [text[c.key] for c in run.cards], "ace_as": run.ace_as.value}
                if run.ace_as
                else {"cards": [text[c.key] for c in run.cards]}
                for run in runs
            ]
            for p, runs in hand.runs.items()
        }
    if hand.flags:
        entry["flags"] = snapshots.flags_to_entry(hand, players)
    if hand.captured:  # a captured hand's piles (SESSION_FORMAT.md ``captured``)
        from scoring.pile_file import pile_to_dict

        entry["captured"] = {seat[p]: pile_to_dict(pile) for p, pile in hand.captured.items()}
    if hand.bids or hand.made is not None or hand.tricks:  # a bids game's hand (Plump)
        entry.update(_bids_entry(hand, seat))
    if hand.completed is not None:  # a progress game's hand (Phase 10): seats
        entry["completed"] = [seat[p] for p in hand.completed]
    if hand.also_out:  # who also went out on their last turn (Five Crowns): seats
        entry["also_out"] = [seat[p] for p in hand.also_out]
    return entry


def _bids_entry(hand: Hand, seat: Mapping[str, str]) -> dict[str, Any]:
    """A bids game's hand in the ``entry`` column: ``bids`` and ``tricks``
    by seat (as text, like ``left``), ``made`` a list of seats."""
    entry: dict[str, Any] = {}
    if hand.bids:
        entry["bids"] = {seat[p]: n for p, n in hand.bids.items()}
    if hand.made is not None:
        entry["made"] = [seat[p] for p in hand.made]
    if hand.tricks:
        entry["tricks"] = {seat[p]: n for p, n in hand.tricks.items()}
    return entry


def score_cache(score: HandScore, players: Sequence[str]) -> list[int]:
    """The ``score`` column of a hand score: the points of each seat, then the
    value of each seat's leftover cards (one flat list of ``2 × seats`` whole
    points); in a progress game's hand where someone completed a stage, one
    more number: the seats who did, as bits (seat *i* is ``1 << i``)."""
    cache = [score.points[p] for p in players] + [score.leftover.get(p, 0) for p in players]
    if score.completed:
        done = set(score.completed)
        cache.append(sum(1 << i for i, p in enumerate(players) if p in done))
    return cache


def hand_values(
    hand: Hand,
    players: Sequence[str],
    score: HandScore,
    warnings: Sequence[ScoreWarning],
) -> dict[str, Any]:
    """The columns of the hand row for a checked ``hand`` (see
    :func:`checked_hand`) scored ``score`` with the confirmed ``warnings``:
    ``went_out_seat``, ``entry``, ``note``, ``played_at``,
    ``warnings``, ``score`` (``session_id``, ``number`` and times are the
    caller's)."""
    return {
        "went_out_seat": None if hand.went_out is None else players.index(hand.went_out),
        "entry": entry_of(hand, players),
        "note": hand.note,
        "played_at": hand.played_at,
        "warnings": warnings_to_json(warnings),
        "score": score_cache(score, players),
    }


def hand_of(
    entry: Mapping[str, Any],
    *,
    went_out_seat: int | None,
    note: str | None,
    played_at: str | None,
    players: Sequence[str],
    game: GameRules,
    number: int,
) -> Hand:
    """The :class:`scoring.Hand` a stored row holds (read as a session file's
    hand, :func:`scoring.hand_from_dict`: what is stored is checked again).
    Raises :mod:`scoring` errors for a row that is not a hand (a seat that is
    not one of the session's is an ``unknown_player``)."""
    from scoring import ErrorCode, SessionFileError
    from scoring.session_file import hand_from_dict  # the file's rules: loaded when reading hands

    def name(seat: Any) -> Any:
        text = str(seat)
        if text.isdigit() and int(text) < len(players):
            return players[int(text)]
        return f"#{text}"  # no player's name: refused as an unknown player

    if not isinstance(entry, Mapping) or not all(
        isinstance(entry.get(part, {}), Mapping) for part in ("left", "runs")
    ):
        raise SessionFileError(ErrorCode.FILE_NOT_OBJECT, field=f"hands[{number}]")
    data: dict[str, Any] = {"went_out": None if went_out_seat is None else name(went_out_seat)}
    if entry.get("runs"):
        data["runs"] = {name(k): v for k, v in entry["runs"].items()}
    data["left"] = {name(k): v for k, v in entry.get("left", {}).items()}
    if entry.get("flags"):
        data["flags"] = snapshots.flags_from_entry(entry, players)
    if isinstance(entry.get("captured"), Mapping) and entry["captured"]:
        data["captured"] = {name(k): v for k, v in entry["captured"].items()}
    for part in ("bids", "tricks"):  # a bids game's hand (Plump)
        if isinstance(entry.get(part), Mapping):
            data[part] = {name(k): v for k, v in entry[part].items()}
    if isinstance(entry.get("made"), list):
        data["made"] = [name(k) for k in entry["made"]]
    if isinstance(entry.get("completed"), list):  # a progress game's hand (Phase 10)
        data["completed"] = [name(k) for k in entry["completed"]]
    if isinstance(entry.get("also_out"), list):  # who also went out (Five Crowns)
        data["also_out"] = [name(k) for k in entry["also_out"]]
    if note is not None:
        data["note"] = note
    if played_at is not None:
        data["played_at"] = played_at
    return hand_from_dict(data, players, game, number, stored=True)


def warnings_to_json(warnings: Sequence[ScoreWarning]) -> list[dict[str, Any]]:
    """Confirmed warnings as stored (without the hand number, which can change)."""
    return [{name: getattr(w, name) for name in _WARNING_FIELDS} for w in warnings]


def warnings_from_json(items: Sequence[Mapping[str, Any]], number: int) -> tuple[ScoreWarning, ...]:
    """Stored warnings back as :class:`ScoreWarning` with ``hand`` = ``number``.
    Raises :class:`TypeError` for an item that is not a stored warning."""
    return tuple(
        ScoreWarning(**{k: v for k, v in item.items() if k in _WARNING_FIELDS}, hand=number)
        for item in items
    )


def check_warnings(
    score: HandScore,
    number: int,
    *,
    confirmed: bool,
    already: Sequence[Mapping[str, Any]] = (),
) -> tuple[ScoreWarning, ...]:
    """Return the hand's warnings (``hand`` set), or raise if some are unconfirmed.

    Warnings already confirmed for this hand (``already``, stored form, when
    editing it) need no second confirmation, and a warning that only informs
    (:attr:`scoring.WarningCode.asks` false: typed points) needs none. Raises
    :class:`WarningsNeedConfirmation`.
    """
    warnings = tuple(dataclasses.replace(w, hand=number) for w in score.warnings)
    known = {tuple(item.get(name) for name in _WARNING_FIELDS) for item in already}
    new = [
        w
        for w in warnings
        if WarningCode(w.code).asks and tuple(getattr(w, n) for n in _WARNING_FIELDS) not in known
    ]
    if new and not confirmed:
        raise WarningsNeedConfirmation(warnings)
    return warnings
