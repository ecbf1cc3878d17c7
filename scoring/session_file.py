"""The session file (SESSION_FORMAT.md): read strictly, write canonically.

A session file stores what players *entered*; :func:`scoring.score_session`
(:mod:`scoring.results`) recomputes every figure. Writing then reading gives
back an equal :class:`SessionDoc`, and reading then writing a canonical file
gives back the same text.

Version 2 carries the game's definition (GAME_FORMAT.md) for a game defined as
data, so that a file is scored by the rules it was played by, on a device that
does not have the game; and a hand's flags. Version 3 adds a bids game's hand
(``bids``, ``made``, ``tricks``: Plump), written only by a session that has
one. Version 1 files are still read (their games are the coded ones).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import strict_json
from .also_out import ALSO_OUT_FIELDS, also_out_from_file, also_out_to_file
from .bids_file import BID_FIELDS, bids_from_file, bids_of_hand, bids_to_file
from .cards import Card, Face, Rank, parse_cards, parse_rank
from .codes import ErrorCode, Expected
from .errors import GameDefinitionError, HandError, ScoringError, SessionFileError
from .file_values import shown_value
from .hands import Hand, Leftover, Pile, Run
from .options import GameOptions
from .pile_file import SESSION_VERSION, check_pile, pile_from_dict, pile_to_dict
from .progress_file import PROGRESS_FIELDS, completed_from_file, completed_to_file
from .registry import builtin_definition, game_for
from .rules import MAX_POINTS, GameRules, check_name, check_note, player_key
from .strict_json import JsonFault, StrictJsonError

if TYPE_CHECKING:  # (the definition code loads when a file carries a game)
    from .definition import GameDefinition

__all__ = [
    "FORMAT",
    "VERSION",
    "SessionDoc",
    "check_hand",
    "hand_from_dict",
    "hand_to_dict",
    "read_session",
    "session_to_dict",
    "write_session",
]

FORMAT = "kortpoeng-session"
#: The version written; every version in :data:`READABLE` is read. A file
#: with a hand field of version 3 is written as :data:`VERSION_3`.
VERSION = 2
VERSION_3 = SESSION_VERSION
#: The hand fields of version 3: a captured hand's piles (Kasino, RULES.md §5)
#: and a bids game's bids, made bids and tricks (Plump, RULES.md §7), and a
#: progress game's completed phases (Phase 10, RULES.md §8), and who also
#: went out on their last turn (Five Crowns, RULES.md §6).
_V3_HAND_FIELDS = ("captured", *BID_FIELDS, *PROGRESS_FIELDS, *ALSO_OUT_FIELDS)
READABLE = (1, 2, 3)
_TOP_FIELDS = ("format", "version", "id", "game", "options", "players", "started_at", "hands")
_TOP_FIELDS_2 = (*_TOP_FIELDS, "definition")
_HAND_FIELDS = ("went_out", "runs", "left", "rummy", "note", "played_at", "flags", *_V3_HAND_FIELDS)
_RUN_FIELDS = ("cards", "ace_as")
#: The hand flag a file's ``"rummy": true`` is, for the player who went out
#: (GAME_FORMAT.md "Hand flags"): Rummy's going out in one turn.
RUMMY = "rummy"


@dataclass(frozen=True)
class SessionDoc:
    """One session as entered: game id, its Options, players in seat order (the
    first dealer first), hands oldest first, optional UUID and start time, and
    the game's definition when the game is defined as data (the rules it was
    played by; ``None`` for the coded game, or a built-in definition as shipped).
    """

    game_id: str
    options: GameOptions
    players: tuple[str, ...]
    hands: tuple[Hand, ...] = ()
    id: str | None = None
    started_at: str | None = None
    definition: GameDefinition | None = None

    @property
    def rules(self) -> GameRules:
        """The game's rules object (its definition's, when it has one)."""
        return game_for(self.game_id, self.definition)


# -- reading ----------------------------------------------------------------


def _type_error(path: str, expected: Expected, value: Any) -> SessionFileError:
    return SessionFileError(
        ErrorCode.FILE_TYPE, field=path, params={"expected": expected, "value": shown_value(value)}
    )


def _expect(value: Any, kind: type | tuple[type, ...], path: str, expected: Expected) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise _type_error(path, expected, value)
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _unknown(data: Mapping[str, Any], allowed: Sequence[str], path: str) -> None:
    for key in data:
        if key not in allowed:
            raise SessionFileError(ErrorCode.FILE_UNKNOWN_FIELD, field=f"{path}{key}")


#: The accepted times (``started_at``, ``played_at``), as UTC instants: one day
#: inside the years 1900 to 9999, so that the time has a date in those years in
#: every time zone (offsets are under 24 hours) and can always be shown.
EARLIEST = datetime(1900, 1, 2, tzinfo=UTC)
LATEST = datetime(9999, 12, 30, 23, 59, 59, 999999, tzinfo=UTC)
#: The years of :data:`EARLIEST` and :data:`LATEST`, as messages name them.
YEARS = (1900, 9999)


def in_range(moment: datetime) -> bool:
    """The one rule for a time Kortpoeng stores: an aware ``moment`` between
    :data:`EARLIEST` and :data:`LATEST` (so it converts to UTC and to any local
    time without leaving the years 1900 to 9999).

    >>> in_range(datetime.fromisoformat("2026-11-27T18:00:00+01:00"))
    True
    >>> in_range(datetime.fromisoformat("9999-12-31T23:59:59-14:00"))
    False
    """
    offset = moment.utcoffset()
    if offset is None:
        return False
    try:
        utc = (moment.replace(tzinfo=None) - offset).replace(tzinfo=UTC)
    except OverflowError:  # beyond the years 1 to 9999 in UTC
        return False
    return EARLIEST <= utc <= LATEST


def _time(value: Any, path: str) -> str | None:
    """An ISO 8601 time with a UTC offset, within the accepted years (see
    :func:`in_range`); returned as written."""
    if value is None:
        return None
    text: str = _expect(value, str, path, Expected.TEXT)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise SessionFileError(ErrorCode.FILE_TIME, field=path, params={"value": text[:40]})
    if not in_range(moment):
        raise SessionFileError(
            ErrorCode.TIME_RANGE,
            field=path,
            params={"value": text[:40], "earliest": YEARS[0], "latest": YEARS[1]},
        )
    return text


def _seat(name: Any, seats: Mapping[str, str], path: str, number: int) -> str:
    if isinstance(name, str) and name in seats:
        return seats[name]
    _expect(name, str, path, Expected.PLAYER_NAME)
    try:
        return seats[player_key(name)]
    except KeyError:
        raise HandError(ErrorCode.UNKNOWN_PLAYER, hand=number, player=name, field=path) from None


@lru_cache(maxsize=64)
def _seats(players: tuple[str, ...]) -> dict[str, str]:
    """Name as written (exact or case-folded and trimmed) → the seated name."""
    seats = {player_key(p): p for p in players}
    seats.update((p, p) for p in players)
    return seats


def _leftover(value: Any, path: str, game: GameRules | None = None) -> Leftover:
    """A leftover entry: whole points, or cards read by ``game`` (by the
    standard notation without one)."""
    if isinstance(value, bool) or not isinstance(value, int | list):
        raise _type_error(path, Expected.CARDS_OR_POINTS, value)
    if isinstance(value, int):
        if value < 0:
            raise SessionFileError(ErrorCode.BAD_POINTS, field=path, params={"value": value})
        if value > MAX_POINTS:
            raise SessionFileError(
                ErrorCode.POINTS_TOO_LARGE,
                field=path,
                params={"value": value, "maximum": MAX_POINTS},
            )
        return value
    return parse_cards(value) if game is None else game.parse_leftover(value)


def _note_and_time(note: Any, played_at: Any, path: str, *, checked: bool) -> str | None:
    """Check a hand's ``note`` (text; :func:`scoring.check_note` when
    ``checked``) and return its ``played_at`` (:func:`_time`; a stored text
    time is taken as it is unless ``checked``)."""
    if note is not None:
        _expect(note, str, f"{path}.note", Expected.TEXT)
        if checked:
            try:
                check_note(note)
            except ScoringError as error:
                error.field = f"{path}.note"
                raise
    if checked or not isinstance(played_at, str):
        return _time(played_at, f"{path}.played_at")
    return played_at


def hand_from_dict(
    data: Any,
    players: Sequence[str],
    game: GameRules | str,
    number: int = 1,
    *,
    stored: bool = False,
) -> Hand:
    """Read one ``hands[]`` entry (SESSION_FORMAT.md) for a session's ``players``.

    Player names match seats case-insensitively and are stored as seated.
    Leftover cards are read by the game (a game defined as data has faces of
    its own). ``flags`` maps a flag's id to the player it was called for;
    ``"rummy": true`` is the flag ``rummy`` for the player who went out (a
    blocked hand cannot have it: :class:`HandError` ``rummy_not_allowed``).
    Raises :class:`SessionFileError` (wrong shape, a time outside the accepted
    years), :class:`CardParseError` (bad card, with ``hand``, ``player`` and
    ``params["position"]``) or :class:`HandError` (unknown player, a note
    :func:`scoring.check_note` refuses), each with ``hand`` = ``number``.

    ``stored``: the hand was read from storage, where it was checked when it
    came in; the rules for notes and times (which a newer version may have
    tightened) are not applied again, so nothing stored becomes unreadable.
    """
    path = f"hands[{number}]"
    rules = game_for(game) if isinstance(game, str) else game
    try:
        return _hand_from_dict(data, tuple(players), number, path, rules, checked=not stored)
    except ScoringError as error:
        raise error.at_hand(number) from None


def _hand_from_dict(
    data: Any,
    players: Sequence[str],
    number: int,
    path: str,
    game: GameRules,
    *,
    checked: bool = True,
) -> Hand:
    if not isinstance(data, dict):
        raise SessionFileError(ErrorCode.FILE_NOT_OBJECT, field=path)
    _unknown(data, _HAND_FIELDS, f"{path}.")
    if "went_out" not in data:
        raise SessionFileError(ErrorCode.FILE_MISSING, field=f"{path}.went_out")
    seats = _seats(players)
    went_out = data["went_out"]
    if went_out is not None:
        went_out = _seat(went_out, seats, "went_out", number)
    left: dict[str, Leftover] = {}
    for name, value in _expect(data.get("left", {}), dict, f"{path}.left", Expected.OBJECT).items():
        player = _seat(name, seats, "left", number)
        if player in left:  # "Kari" and "kari": one of them would be lost
            raise HandError(
                ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=f"{path}.left"
            )
        try:
            left[player] = _leftover(value, f"{path}.left.{player}", game)
        except ScoringError as error:
            error.player, error.field = player, error.field or "left"
            raise
    runs: dict[str, tuple[Run, ...]] = {}
    for name, value in _expect(data.get("runs", {}), dict, f"{path}.runs", Expected.OBJECT).items():
        player = _seat(name, seats, "runs", number)
        if player in runs:
            raise HandError(
                ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=f"{path}.runs"
            )
        try:
            runs[player] = tuple(
                _run(item, f"{path}.runs.{player}[{i}]")
                for i, item in enumerate(
                    _expect(value, list, f"{path}.runs.{player}", Expected.LIST), 1
                )
            )
        except ScoringError as error:
            error.player, error.field = player, error.field or "runs"
            raise
    rummy = _expect(data.get("rummy", False), bool, f"{path}.rummy", Expected.BOOLEAN)
    flags: dict[str, str] = {}
    if rummy:  # the flag rummy, for the player who went out (GAME_FORMAT.md)
        if went_out is None:
            raise HandError(ErrorCode.RUMMY_NOT_ALLOWED, hand=number, field="rummy")
        flags[RUMMY] = went_out
    for flag, name in _expect(
        data.get("flags", {}), dict, f"{path}.flags", Expected.OBJECT
    ).items():
        flags[_flag_id(flag, f"{path}.flags")] = _seat(name, seats, "flags", number)
    captured: dict[str, Pile] = {}  # a captured hand's piles (version 3)
    for name, value in _expect(
        data.get("captured", {}), dict, f"{path}.captured", Expected.OBJECT
    ).items():
        player = _seat(name, seats, "captured", number)
        if player in captured:
            raise HandError(
                ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=f"{path}.captured"
            )
        try:
            captured[player] = pile_from_dict(value, f"{path}.captured.{player}")
        except ScoringError as error:
            error.player = player  # named in words, not by the path
            raise
    note = data.get("note")
    played_at = _note_and_time(note, data.get("played_at"), path, checked=checked)
    # An empty list of cards or of runs is the same as none (a player missing
    # from ``left`` held nothing): the hand keeps one form of each.
    left = {p: held for p, held in left.items() if held != ()}
    runs = {p: laid for p, laid in runs.items() if laid}
    return Hand(
        went_out,
        _in_seat_order(left, players),
        _in_seat_order(runs, players),
        note,
        played_at,
        flags,
        _in_seat_order(captured, players),
        **bids_from_file(data, path, lambda n, f: _seat(n, seats, f, number), players, number),
        **completed_from_file(data, path, lambda n, f: _seat(n, seats, f, number), players, number),
        **also_out_from_file(data, path, lambda n, f: _seat(n, seats, f, number), players, number),
    )


def check_hand(
    hand: Hand, players: Sequence[str], number: int = 1, *, stored: bool = False
) -> Hand:
    """A :class:`Hand` made in code, checked as :func:`hand_from_dict` checks a
    file's hand, without converting it to the file form and back: what the
    storage writes can always be read back.

    Player names are matched to the seats case-insensitively (each player at
    most once in ``left`` and in ``runs``) and put in seat order; leftovers are
    cards or whole points, runs hold cards (and an ace's rank), the flags name
    seated players, the note is text and ``played_at`` ISO 8601 text with an
    offset.
    Returns the hand with the seated names (an empty list of cards or runs
    dropped, as :func:`hand_from_dict` does). Raises :class:`SessionFileError`
    (wrong type, ``file_time``, ``time_range``) or :class:`HandError`
    (``unknown_player``, ``player_repeated``, a note :func:`scoring.check_note`
    refuses), each with ``hand`` = ``number``. ``stored``: as for
    :func:`hand_from_dict`, the rules for notes and times are not applied again.
    """
    try:
        return _check_hand(hand, tuple(players), number, checked=not stored)
    except ScoringError as error:
        raise error.at_hand(number) from None


def _check_hand(hand: Hand, players: tuple[str, ...], number: int, *, checked: bool) -> Hand:
    path = f"hands[{number}]"
    seats = _seats(players)
    went_out = hand.went_out
    if went_out is not None:
        went_out = _seat(went_out, seats, "went_out", number)
    left: dict[str, Leftover] = {}
    for name, held in _expect(hand.left, Mapping, f"{path}.left", Expected.OBJECT).items():
        player = _seat(name, seats, "left", number)
        if player in left:
            raise HandError(
                ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=f"{path}.left"
            )
        field = f"{path}.left.{player}"
        if isinstance(held, int) and not isinstance(held, bool):
            try:
                left[player] = _leftover(held, field)
            except ScoringError as error:
                error.player, error.field = player, error.field or "left"
                raise
        else:
            if not isinstance(held, tuple | list) or not all(
                isinstance(c, Card | Face) for c in held
            ):
                raise _type_error(field, Expected.CARDS_OR_POINTS, held)
            left[player] = tuple(held)
    runs: dict[str, tuple[Run, ...]] = {}
    for name, laid in _expect(hand.runs, Mapping, f"{path}.runs", Expected.OBJECT).items():
        player = _seat(name, seats, "runs", number)
        if player in runs:
            raise HandError(
                ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=f"{path}.runs"
            )
        field = f"{path}.runs.{player}"
        _expect(laid, (tuple, list), field, Expected.LIST)
        for i, run in enumerate(laid, 1):
            if (
                not isinstance(run, Run)
                or not isinstance(run.cards, tuple | list)
                or not all(isinstance(c, Card) for c in run.cards)
            ):
                raise _type_error(f"{field}[{i}]", Expected.OBJECT, run)
            if run.ace_as is not None and not isinstance(run.ace_as, Rank):
                raise _type_error(f"{field}[{i}].ace_as", Expected.RANK, run.ace_as)
        runs[player] = tuple(
            run if isinstance(run.cards, tuple) else Run(tuple(run.cards), run.ace_as)
            for run in laid
        )
    flags: dict[str, str] = {}
    for flag, name in _expect(hand.flags, Mapping, f"{path}.flags", Expected.OBJECT).items():
        flags[_flag_id(flag, f"{path}.flags")] = _seat(name, seats, "flags", number)
    captured: dict[str, Pile] = {}
    for name, pile in _expect(hand.captured, Mapping, f"{path}.captured", Expected.OBJECT).items():
        player = _seat(name, seats, "captured", number)
        if player in captured:
            raise HandError(
                ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=f"{path}.captured"
            )
        captured[player] = check_pile(pile, f"{path}.captured.{player}")
    played_at = _note_and_time(hand.note, hand.played_at, path, checked=checked)
    left = {p: held for p, held in left.items() if held != ()}
    runs = {p: laid for p, laid in runs.items() if laid}
    bids = bids_of_hand(hand)  # a bids game's hand: names seated, types checked
    return Hand(
        went_out,
        _in_seat_order(left, players),
        _in_seat_order(runs, players),
        hand.note,
        played_at,
        flags,
        _in_seat_order(captured, players),
        **bids_from_file(bids, path, lambda n, f: _seat(n, seats, f, number), players, number),
        **completed_from_file(hand, path, lambda n, f: _seat(n, seats, f, number), players, number),
        **also_out_from_file(hand, path, lambda n, f: _seat(n, seats, f, number), players, number),
    )


def _flag_id(value: str, path: str) -> str:
    """A flag's id as a hand names it (whether the game has it, scoring says)."""
    if not value or len(value) > 40 or not value.isascii() or not value.isprintable():
        raise SessionFileError(
            ErrorCode.FILE_TYPE,
            field=f"{path}.{_shown_key(value)}",
            params={"expected": Expected.ID, "value": _shown_key(value)},
        )
    return value


def _shown_key(value: str) -> str:
    return value[:40].encode("ascii", "backslashreplace").decode("ascii")


def _run(data: Any, path: str) -> Run:
    if not isinstance(data, dict):
        raise SessionFileError(ErrorCode.FILE_NOT_OBJECT, field=path)
    _unknown(data, _RUN_FIELDS, f"{path}.")
    if "cards" not in data:
        raise SessionFileError(ErrorCode.FILE_MISSING, field=f"{path}.cards")
    cards = parse_cards(_expect(data["cards"], list, f"{path}.cards", Expected.CARDS))
    ace_as = data.get("ace_as")
    if ace_as is not None:
        ace_as = parse_rank(_expect(ace_as, str, f"{path}.ace_as", Expected.RANK))
    return Run(cards, ace_as)


def _in_seat_order(mapping: dict[str, Any], players: Sequence[str]) -> dict[str, Any]:
    return {p: mapping[p] for p in players if p in mapping}


def _decode(source: str | bytes | bytearray) -> Any:
    """JSON text (or UTF-8 bytes; a byte order mark is skipped) → Python data,
    read by the one strict reader (:mod:`scoring.strict_json`), its refusals
    as this format's codes."""
    try:
        return strict_json.loads(source)
    except StrictJsonError as error:
        raise _refused(error) from None


def _refused(error: StrictJsonError) -> SessionFileError:
    """A refusal of :func:`scoring.strict_json.loads` as a session file's error."""
    if error.fault is JsonFault.DUPLICATE_KEY:
        return SessionFileError(ErrorCode.FILE_DUPLICATE_KEY, field=(error.key or "")[:40])
    if error.fault is JsonFault.LONE_SURROGATE:
        return SessionFileError(ErrorCode.FILE_TEXT, field=error.path)
    params: dict[str, Any] = {"detail": error.detail}
    if error.line is not None:
        params.update(line=error.line, column=error.column)
    return SessionFileError(ErrorCode.FILE_JSON, params=params)


def read_session(source: str | bytes | Mapping[str, Any]) -> SessionDoc:
    """Read a session document strictly (SESSION_FORMAT.md).

    ``source`` is JSON text/bytes (a leading byte order mark is skipped) or an
    already-decoded mapping. What the one strict JSON reader refuses
    (:mod:`scoring.strict_json`: ``NaN``/``Infinity``, keys given twice, text
    that is not valid Unicode, nesting too deep…), unknown fields, unknown
    option keys, an unknown ``format`` or ``version``, wrong types and bad
    cards are refused. Raises :class:`SessionFileError`,
    :class:`OptionError`, :class:`CardParseError` or :class:`HandError`; the
    hand-level ones carry the hand number, player and card.

    A ``definition`` that claims a built-in game's id with rules that game
    was never shipped with is read as a game of its own
    (:func:`scoring.house_rules.house_rules`: ``SessionDoc.game`` is then the
    house-rules game's id, not the file's ``game``).
    """
    data = _decode(source) if isinstance(source, str | bytes | bytearray) else source
    if not isinstance(data, dict):
        raise SessionFileError(ErrorCode.FILE_NOT_OBJECT, field="document")
    for key in ("format", "version"):
        if key not in data:
            raise SessionFileError(ErrorCode.FILE_MISSING, field=key)
    if data["format"] != FORMAT:
        raise SessionFileError(
            ErrorCode.FILE_FORMAT, field="format", params={"value": str(data["format"])[:40]}
        )
    version = data["version"]
    if type(version) is not int or version not in READABLE:
        shown = version if type(version) is int else json.dumps(version, ensure_ascii=False)
        raise SessionFileError(
            ErrorCode.FILE_VERSION,
            field="version",
            params={"value": str(shown)[:20], "newest": READABLE[-1]},
        )
    _unknown(data, _TOP_FIELDS_2 if version >= 2 else _TOP_FIELDS, "")
    if version < VERSION_3 and isinstance(data.get("hands"), list):
        for number, item in enumerate(data["hands"], 1):  # a version 3 field in an older file
            for name in _V3_HAND_FIELDS:
                if isinstance(item, dict) and name in item:
                    raise SessionFileError(
                        ErrorCode.FILE_UNKNOWN_FIELD, field=f"hands[{number}].{name}"
                    )
    for key in ("game", "players"):
        if key not in data:
            raise SessionFileError(ErrorCode.FILE_MISSING, field=key)
    session_id = data.get("id")
    if session_id is not None:
        _expect(session_id, str, "id", Expected.TEXT)
        import uuid  # here: its import loads platform, which writing a file never needs

        try:
            session_id = str(uuid.UUID(session_id))
        except ValueError:
            raise SessionFileError(
                ErrorCode.FILE_ID, field="id", params={"value": session_id[:40]}
            ) from None
    game_id = _expect(data["game"], str, "game", Expected.GAME_ID)
    definition = _definition(data["definition"], game_id) if "definition" in data else None
    if definition is not None:  # a built-in game's id with other rules is a game of its own
        from .house_rules import house_rules

        definition = house_rules(definition)
    game = game_for(game_id, definition)
    options = game.options_from_dict(
        _expect(data.get("options", {}), dict, "options", Expected.OBJECT)
    )
    names = _expect(data["players"], list, "players", Expected.NAMES)
    for i, name in enumerate(names, 1):
        _expect(name, str, f"players[{i}]", Expected.TEXT)
    players = tuple(check_name(name) for name in names)
    game.check_players(players)
    if game.definition is not None and game.definition.teams is not None:
        from .captures import seating  # partnerships: the seats make the teams

        seating(game, options, players)
    started_at = _time(data.get("started_at"), "started_at")
    items = _expect(data.get("hands", []), list, "hands", Expected.LIST)
    hands = tuple(
        hand_from_dict(item, players, game, number) for number, item in enumerate(items, 1)
    )
    return SessionDoc(game.id, options, players, hands, session_id, started_at, definition)


def _definition(data: Any, game_id: str) -> GameDefinition:
    """A version 2 file's ``definition``: read strictly (GAME_FORMAT.md), its
    errors' fields under ``definition.``; it must be the definition of the
    file's ``game``."""
    try:
        from .definition import read_definition  # loaded for a file that carries a game

        definition = read_definition(_expect(data, dict, "definition", Expected.OBJECT))
    except GameDefinitionError as error:
        field = error.field or "document"
        error.field = "definition" if field == "document" else f"definition.{field}"
        raise
    if definition.id != game_id:
        raise SessionFileError(
            ErrorCode.FILE_DEFINITION_GAME,
            field="definition.id",
            params={"value": definition.id, "game": game_id[:40]},
        )
    return definition


# -- writing ----------------------------------------------------------------


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    """One hand in canonical form (cards as canonical text; empty parts left
    out; the flag ``rummy`` of the player who went out as ``"rummy": true``,
    the form every version of the format reads)."""
    out: dict[str, Any] = {"went_out": hand.went_out}
    if hand.runs:
        out["runs"] = {
            player: [
                {
                    "cards": [str(c) for c in run.cards],
                    **({"ace_as": run.ace_as.value} if run.ace_as else {}),
                }
                for run in runs
            ]
            for player, runs in hand.runs.items()
        }
    if hand.left or not hand.bids:  # a bids game's hand has no cards
        out["left"] = {
            player: held if isinstance(held, int) else [str(card) for card in held]
            for player, held in hand.left.items()
        }
    flags = dict(hand.flags)
    if hand.went_out is not None and flags.get(RUMMY) == hand.went_out:
        out["rummy"] = True  # the flag rummy for the player who went out, as files say it
        del flags[RUMMY]
    if flags:
        out["flags"] = flags
    if hand.captured:
        out["captured"] = {player: pile_to_dict(pile) for player, pile in hand.captured.items()}
    out.update(bids_to_file(hand))
    out.update(completed_to_file(hand))
    out.update(also_out_to_file(hand))
    if hand.note is not None:
        out["note"] = hand.note
    if hand.played_at is not None:
        out["played_at"] = hand.played_at
    return out


def session_to_dict(doc: SessionDoc) -> dict[str, Any]:
    """The session as a canonical SESSION_FORMAT.md mapping (version 2, or 3
    when a hand has a version 3 field: a captured hand's piles, a bids game's
    bids, made bids or tricks; a game defined as data carries its
    definition)."""
    newer = any(
        hand.captured
        or hand.bids
        or hand.made is not None
        or hand.tricks
        or hand.completed is not None
        or hand.also_out
        for hand in doc.hands
    )
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION_3 if newer else VERSION}
    if doc.id is not None:
        out["id"] = doc.id
    out["game"] = doc.game_id
    rules = doc.rules
    definition = _carried(doc, rules)
    if definition is not None:
        from .definition import definition_to_dict

        out["definition"] = definition_to_dict(definition)
    out["options"] = rules.options_to_dict(doc.options)
    out["players"] = list(doc.players)
    if doc.started_at is not None:
        out["started_at"] = doc.started_at
    out["hands"] = [hand_to_dict(hand) for hand in doc.hands]
    return out


#: The games a version 1 file names (SESSION_FORMAT.md): every version of the
#: app reads a file of one of them without a ``definition`` as that game.
_VERSION_1_GAMES = ("swedish_rummy", "rummy", "four_suit_rummy")


def _carried(doc: SessionDoc, rules: GameRules) -> GameDefinition | None:
    """The definition a file of ``doc`` carries: the one it was played by
    (every game defined as data), but none for a game a version 1 file can
    name played by the rules shipped now (its id says them: the file reads
    in every version of the app)."""
    definition = doc.definition or rules.definition
    shipped = definition is not None and doc.game_id in _VERSION_1_GAMES
    if shipped and definition == builtin_definition(doc.game_id):
        return None
    return definition


def write_session(doc: SessionDoc) -> str:
    """The session as canonical JSON text (UTF-8 characters kept, 2-space indent,
    a final newline)."""
    return json.dumps(session_to_dict(doc), ensure_ascii=False, indent=2) + "\n"
