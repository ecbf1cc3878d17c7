"""Internal: turning rows into scoring objects and back, loading a session.

Not public API; the services in this package build on it.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib.util
import json
import pkgutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import chain
from typing import Any, NamedTuple

from sqlalchemy import Integer, String, type_coerce
from sqlmodel import Session, func, select

import scoring
from scoring import (
    GameRules,
    Hand,
    HandScore,
    ScoreWarning,
    Standings,
    hand_from_dict,
    hand_to_dict,
    player_key,
    standings,
)

from ..errors import HandNotFound, SessionNotFound, WarningsNeedConfirmation
from ..tables import HandRow, PlayerRow, ScoreSheetRow, SeatRow, SessionRow, utcnow
from ..views import HandLine, HandLines, SessionView
from . import snapshots

_WARNING_FIELDS = tuple(f.name for f in dataclasses.fields(ScoreWarning) if f.name != "hand")


@functools.cache
def scoring_fingerprint() -> str:
    """A short hash of the :mod:`scoring` code now running.

    Cached hand scores computed by other code (an app update that changed the
    rules) no longer match it, so those sessions are rescored from what was
    entered. Reads each module's file through its loader (source or bytecode).
    """
    digest = hashlib.sha256()
    modules = sorted(f"scoring.{m.name}" for m in pkgutil.iter_modules(scoring.__path__))
    names = ["scoring", *modules]
    for name in names:
        spec = importlib.util.find_spec(name)
        digest.update(name.encode())
        try:
            digest.update(spec.loader.get_data(spec.origin))  # type: ignore[union-attr]
        except (AttributeError, OSError, TypeError):
            digest.update(b"?")
    return digest.hexdigest()[:16]


def now_iso() -> str:
    """Local time now as ISO 8601 text with offset, to the second."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


# -- hands <-> rows -------------------------------------------------------------


def seat_hand(hand: Hand, players: Sequence[str]) -> Hand:
    """``hand`` with player names matched to the seated spelling (case-insensitive)
    and ``left``/``runs`` in seat order; unknown names are kept for scoring to refuse."""
    seated = {player_key(p): p for p in players}

    def fix(name: Any) -> Any:
        return seated.get(player_key(name), name) if isinstance(name, str) else name

    def order(mapping: Mapping[str, Any]) -> dict[str, Any]:
        renamed = {fix(k): v for k, v in mapping.items()}
        known = {p: renamed[p] for p in players if p in renamed}
        known.update((k, v) for k, v in renamed.items() if k not in known)
        return known

    return dataclasses.replace(
        hand,
        went_out=fix(hand.went_out) if hand.went_out is not None else None,
        left=order(hand.left),
        runs=order(hand.runs),
    )


def entry_of(hand: Hand, players: Sequence[str]) -> dict[str, Any]:
    """The stored ``entry`` of a (seated, valid) hand: ``left``/``runs`` by seat."""
    data = hand_to_dict(hand)
    seat = {p: str(i) for i, p in enumerate(players)}
    entry: dict[str, Any] = {"left": {seat[k]: v for k, v in data.get("left", {}).items()}}
    if data.get("runs"):
        entry["runs"] = {seat[k]: v for k, v in data["runs"].items()}
    if hand.flags:
        entry["flags"] = snapshots.flags_to_entry(hand, players)
    return entry


def hand_of(
    entry: Mapping[str, Any],
    *,
    went_out_seat: int | None,
    rummy: bool,
    note: str | None,
    played_at: str | None,
    players: Sequence[str],
    game: GameRules,
    number: int,
) -> Hand:
    """Rebuild the :class:`scoring.Hand` of a stored row (``scoring.hand_from_dict``)."""
    data: dict[str, Any] = {
        "went_out": players[went_out_seat] if went_out_seat is not None else None,
    }
    if entry.get("runs"):
        data["runs"] = {players[int(k)]: v for k, v in entry["runs"].items()}
    data["left"] = {players[int(k)]: v for k, v in entry.get("left", {}).items()}
    if rummy:
        data["rummy"] = True
    if entry.get("flags"):
        data["flags"] = snapshots.flags_from_entry(entry, players)
    if note is not None:
        data["note"] = note
    if played_at is not None:
        data["played_at"] = played_at
    return hand_from_dict(data, players, game, number, stored=True)


def score_cache(score: HandScore, players: Sequence[str]) -> list[int]:
    """The ``score`` column for a hand score: the points of each seat, then the
    value of each seat's leftover cards (one flat list, cheap to decode)."""
    return [score.points[p] for p in players] + [score.leftover.get(p, 0) for p in players]


class CachedScore(NamedTuple):
    """A hand score read from the ``score`` column: what :func:`scoring.standings`
    (``points``; ``went_out`` for the games' dealer rules) and the score sheet
    (``leftover``) use of a :class:`HandScore`, without its breakdown and warnings.

    A named tuple, not a :class:`HandScore`: opening a long session builds one
    per hand, and a frozen dataclass costs about three times as much to make.
    :func:`load` makes them from the column's ``2 × len(players)`` numbers.
    """

    points: Mapping[str, int]
    leftover: Mapping[str, int]
    went_out: str | None


_new_tuple = tuple.__new__
"""Makes a named tuple from all its fields, skipping its ``__new__`` (a Python
function): for what is built once per hand when a session opens."""


def warnings_to_json(warnings: Sequence[ScoreWarning]) -> list[dict[str, Any]]:
    """Confirmed warnings as stored (without the hand number, which can change)."""
    return [{name: getattr(w, name) for name in _WARNING_FIELDS} for w in warnings]


def warnings_from_json(items: Sequence[Mapping[str, Any]], number: int) -> tuple[ScoreWarning, ...]:
    """Stored warnings back as :class:`ScoreWarning` with ``hand`` = ``number``."""
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

    Warnings already confirmed for this hand (when editing it) need no second
    confirmation. Raises :class:`WarningsNeedConfirmation`.
    """
    warnings = tuple(dataclasses.replace(w, hand=number) for w in score.warnings)
    known = {tuple(item.get(name) for name in _WARNING_FIELDS) for item in already}
    new = [w for w in warnings if tuple(getattr(w, n) for n in _WARNING_FIELDS) not in known]
    if new and not confirmed:
        raise WarningsNeedConfirmation(warnings)
    return warnings


# -- loading a session -------------------------------------------------------------


@dataclass(slots=True)
class StoredHand:
    """One hand row as loaded (internal, mutable while a service works on it)."""

    id: int | None
    number: int
    went_out_seat: int | None
    score: HandScore | CachedScore
    rummy: bool
    note: str | None
    played_at: str | None
    warnings: list[dict[str, Any]]


class Loaded:
    """A session as loaded by :func:`load`: its row, rules, seats and hands.

    Loaded with ``use_sheet`` from a valid score sheet cache, it is read-only:
    ``sheet`` holds the cache and :meth:`standings` and :func:`view_of` read
    it; ``hands`` (the rows the services change while writing) is then not
    available.
    """

    __slots__ = (
        "_hands",
        "game",
        "options",
        "player_ids",
        "players",
        "rescored",
        "row",
        "sheet",
        "sheet_stale",
    )

    def __init__(
        self,
        row: SessionRow,
        game: GameRules,
        options: Any,
        players: tuple[str, ...],
        player_ids: tuple[int, ...],
        hands: list[StoredHand] | None = None,
        *,
        sheet: Sheet | None = None,
    ) -> None:
        self.row = row
        self.game = game
        self.options = options
        self.players = players
        self.player_ids = player_ids
        if sheet is not None and hands is None:  # read-only, from the cache
            self._hands: list[StoredHand] | None = None
            self.sheet: Sheet | None = sheet
        else:
            self._hands = hands if hands is not None else []
            self.sheet = None
        self.rescored = False
        """True when some hand scores were recomputed instead of read from the cache."""
        self.sheet_stale = False
        """True when the session was loaded from its hand rows: its score sheet
        cache was not asked for, missing or not valid."""

    @property
    def hands(self) -> list[StoredHand]:
        """Every hand, in order. Raises :class:`RuntimeError` for a session
        loaded from its score sheet (read-only, see :func:`load`)."""
        if self._hands is None:
            raise RuntimeError("a session loaded from its score sheet is read-only")
        return self._hands

    def went_out(self, seat: int | None) -> str | None:
        """The name at ``seat``, or ``None``."""
        return self.players[seat] if seat is not None else None

    def stored(self, number: int) -> StoredHand:
        """The hand numbered ``number``. Raises :class:`HandNotFound`."""
        if 1 <= number <= len(self.hands):
            return self.hands[number - 1]
        raise HandNotFound(session=self.row.id, hand=number)

    def standings(self) -> Standings:
        """Fold the hands' scores with :func:`scoring.standings` (may raise
        ``session_over`` when a hand follows the end)."""
        if self.sheet is not None:
            scores: list[Any] = self.sheet.scores(self.players)
        else:
            scores = [h.score for h in self.hands]
        return standings(self.game, self.options, self.players, scores)


def session_row(
    db: Session, session_id: int, *, for_update: bool = False, deleted: bool = False
) -> SessionRow:
    """The session row ``session_id``; rows in the trash only with ``deleted``.

    ``for_update`` locks the row where the database can (PostgreSQL); SQLite's
    write transaction already holds the database lock. Raises :class:`SessionNotFound`.
    """
    statement = select(SessionRow).where(SessionRow.id == session_id)
    if for_update:
        statement = statement.with_for_update()
    row = db.exec(statement).first()
    if row is None or (row.deleted_at is not None and not deleted):
        raise SessionNotFound(session=session_id)
    return row


def load(
    db: Session,
    session_id: int,
    *,
    for_update: bool = False,
    deleted: bool = False,
    use_sheet: bool = False,
) -> Loaded:
    """Load a session with its seats and every hand (one query for the hands).

    With ``use_sheet`` (for showing a session, never for writing one) the hands
    come from the session's score sheet cache when it is valid (see
    :func:`read_sheet`): one row instead of one per hand; the :class:`Loaded`
    is then read-only.

    Hand scores come from the ``score`` cache when the session's ``scored_with``
    matches :func:`scoring_fingerprint`; otherwise every hand is rebuilt from what
    was entered and rescored, and ``Loaded.rescored`` is set (a write then stores
    the fresh cache, see :func:`store_scores`).
    Raises :class:`SessionNotFound`.
    """
    row = session_row(db, session_id, for_update=for_update, deleted=deleted)
    game = snapshots.session_game(row.game, row.definition)
    options = game.options_from_dict(row.options)
    seats = db.exec(
        select(PlayerRow.id, PlayerRow.name)
        .join(SeatRow, SeatRow.player_id == PlayerRow.id)
        .where(SeatRow.session_id == session_id)
        .order_by(SeatRow.seat)
    ).all()
    players = tuple(name for _, name in seats)
    player_ids = tuple(pid for pid, _ in seats)
    fresh = row.scored_with == scoring_fingerprint()
    if use_sheet and fresh:
        sheet = read_sheet(db, session_id, row.scored_with, len(players))
        if sheet is not None:
            return Loaded(row, game, options, players, player_ids, sheet=sheet)
    loaded = Loaded(row, game, options, players, player_ids, [])
    loaded.sheet_stale = True
    # JSON columns come back as text and are decoded here, all of a column in one
    # json.loads: SQLAlchemy's per-value JSON processing costs more than the rest
    # of opening a long session together.
    hand = HandRow.__table__.c
    columns = [
        hand.id,
        hand.number,
        hand.went_out_seat,
        type_coerce(hand.score, String),
        type_coerce(hand.rummy, Integer),  # bool() below; the Boolean type's own
        hand.note,  # per-row conversion costs more on SQLite
        hand.played_at,
        type_coerce(hand.warnings, String),
    ]
    if not fresh:
        columns.append(type_coerce(hand.entry, String))
    rows = (
        db.connection()
        .execute(select(*columns).where(hand.session_id == session_id).order_by(hand.number))
        .all()
    )
    caches = decode_json_column([r[3] for r in rows]) if fresh else [None] * len(rows)
    count = len(players)
    hands = loaded.hands
    for values, cache in zip(rows, caches, strict=True):
        hid, number, seat, _, rummy, note, played_at, warnings = values[:8]
        warnings = [] if warnings is None or warnings == "[]" else decode_json(warnings)
        if cache is not None and len(cache) == 2 * count:
            # the points of each seat, then the value of each seat's leftover cards
            score: HandScore | CachedScore = _new_tuple(
                CachedScore,
                (
                    dict(zip(players, cache)),  # noqa: B905 - the first `count` numbers
                    dict(zip(players, cache[count:])),  # noqa: B905
                    None if seat is None else players[seat],
                ),
            )
        else:
            entered = hand_of(
                decode_json(values[8]) if not fresh else _entry(db, hid),
                went_out_seat=seat,
                rummy=bool(rummy),
                note=note,
                played_at=played_at,
                players=players,
                game=game,
                number=number,
            )
            score = score_hand(game, options, players, entered, number)
            loaded.rescored = True
        hands.append(StoredHand(hid, number, seat, score, bool(rummy), note, played_at, warnings))
    return loaded


def decode_json(value: Any) -> Any:
    """A JSON column's value read as text (drivers that decode JSON themselves
    hand over the object, which is returned as it is)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def decode_json_column(values: Sequence[Any]) -> list[Any]:
    """Decode many JSON texts at once (one ``json.loads`` of a JSON array)."""
    if all(isinstance(v, str) for v in values):
        return json.loads("[" + ",".join(values) + "]") if values else []
    return [None if v is None else decode_json(v) for v in values]


def _entry(db: Session, hand_id: int) -> dict[str, Any]:
    return db.exec(select(HandRow.entry).where(HandRow.id == hand_id)).one()  # type: ignore[return-value]


def score_hand(
    game: GameRules, options: Any, players: Sequence[str], hand: Hand, number: int
) -> HandScore:
    """``game.score_hand`` with the hand number put on any :class:`ScoringError`."""
    try:
        return game.score_hand(options, players, hand)
    except scoring.ScoringError as error:
        raise error.at_hand(number) from None


def hand_from_row(db: Session, loaded: Loaded, number: int) -> Hand:
    """The :class:`scoring.Hand` entered as hand ``number``. Raises :class:`HandNotFound`."""
    stored = loaded.stored(number)
    entry = db.exec(select(HandRow.entry).where(HandRow.id == stored.id)).one()
    return hand_of(
        entry,
        went_out_seat=stored.went_out_seat,
        rummy=stored.rummy,
        note=stored.note,
        played_at=stored.played_at,
        players=loaded.players,
        game=loaded.game,
        number=number,
    )


def store_session_state(db: Session, loaded: Loaded, table: Standings) -> None:
    """Write the session row's derived state: finished time, winners, score cache tag.

    ``finished_at`` is set when ``scoring`` says the session has ended (kept if it
    already was) and cleared when an edit reopens it.
    """
    row = loaded.row
    now = utcnow()
    if table.finished:
        row.finished_at = row.finished_at or now
        row.winner_seats = [loaded.players.index(w) for w in table.winners]
    else:
        row.finished_at = None
        row.winner_seats = []
    row.totals = [table.totals[p] for p in loaded.players]
    row.leader_seats = [loaded.players.index(p) for p in table.leaders]
    row.updated_at = now
    row.scored_with = scoring_fingerprint()
    db.add(row)
    store_sheet(db, loaded)


def store_scores(db: Session, loaded: Loaded) -> None:
    """Rewrite every hand's ``score`` cache from ``loaded`` (after a rescore)."""
    for stored in loaded.hands:
        db.exec(  # type: ignore[call-overload]
            HandRow.__table__.update()
            .where(HandRow.__table__.c.id == stored.id)
            .values(score=score_cache(stored.score, loaded.players))
        )


def view_of(loaded: Loaded, table: Standings) -> SessionView:
    """The :class:`SessionView` of a loaded session and its standings."""
    players = loaded.players
    if loaded.sheet is not None:
        lines = loaded.sheet.lines(players, table)
    else:
        lines = _lines(loaded.hands, players, table)
    row = loaded.row
    assert row.id is not None
    return SessionView(
        id=row.id,
        uuid=row.uuid,
        game=row.game,
        options=loaded.options,
        options_dict=dict(row.options),
        players=players,
        player_ids=loaded.player_ids,
        hands=lines,
        standings=table,
        started_at=row.started_at,
        finished_at=row.finished_at,
        deleted_at=row.deleted_at,
        rematch_of=row.rematch_of,
        definition=getattr(loaded.game, "definition", None),
    )


def _lines(hands: Sequence[StoredHand], players: Sequence[str], table: Standings) -> HandLines:
    hands = tuple(hands)  # the services may change their list afterwards

    def line(index: int) -> HandLine:
        h = hands[index]
        return HandLine(
            h.number,
            None if h.went_out_seat is None else players[h.went_out_seat],
            table.hand_points[index],
            table.running[index],
            h.score.leftover,
            h.rummy,
            h.note,
            h.played_at,
            warnings_from_json(h.warnings, h.number) if h.warnings else (),
        )

    return HandLines(len(hands), line)


# -- the score sheet cache (ScoreSheetRow) ---------------------------------------

_SHEET_KEYS = frozenset({"out", "rummy", "note", "at", "warnings", "points", "leftover"})
_NONE = type(None)


class Sheet(NamedTuple):
    """A session's score sheet as stored in :class:`models.tables.ScoreSheetRow`:
    one list per field, one item per hand, in hand order (columns: checked and
    read a column at a time).

    Attributes:
        out: the seat of who went out, or ``None`` (blocked).
        rummy: 1 when the hand was rummy, else 0.
        note: the hand's note or ``None``; ``at``: its ``played_at`` or ``None``.
        warnings: the warnings confirmed with the hand (stored form).
        points: per hand, the points of each seat.
        leftover: per hand, the leftover value of each seat (points).
    """

    out: list[int | None]
    rummy: list[int]
    note: list[str | None]
    at: list[str | None]
    warnings: list[list[dict[str, Any]]]
    points: list[list[int]]
    leftover: list[list[int]]

    @classmethod
    def of(cls, hands: Sequence[StoredHand], players: Sequence[str]) -> Sheet:
        """The sheet of ``hands`` (scores from their :class:`CachedScore` or
        :class:`HandScore`)."""
        caches = [score_cache(h.score, players) for h in hands]
        count = len(players)
        return cls(
            out=[h.went_out_seat for h in hands],
            rummy=[int(h.rummy) for h in hands],
            note=[h.note for h in hands],
            at=[h.played_at for h in hands],
            warnings=[h.warnings for h in hands],
            points=[c[:count] for c in caches],
            leftover=[c[count:] for c in caches],
        )

    @classmethod
    def parse(cls, text: str, hands: int, seats: int) -> Sheet | None:
        """The sheet in ``text`` if it is one for ``hands`` hands and ``seats``
        seats with values of the right types and ranges, else ``None`` (never
        raises for bad text). Checks a column at a time, in C loops where it can:
        this runs each time a session is shown."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if not isinstance(data, dict) or data.keys() != _SHEET_KEYS:
            return None
        if any(not isinstance(v, list) or len(v) != hands for v in data.values()):
            return None
        sheet = cls(**data)
        if hands and not sheet._valid(seats):
            return None
        return sheet

    def _valid(self, seats: int) -> bool:
        seen = set(self.out)
        seen.discard(None)
        if not set(map(type, seen)) <= {int} or (seen and (min(seen) < 0 or max(seen) >= seats)):
            return False
        if not set(self.rummy) <= {0, 1} or not set(map(type, self.rummy)) <= {int, bool}:
            return False
        if not set(map(type, chain(self.note, self.at))) <= {str, _NONE}:
            return False
        for column in (self.points, self.leftover):
            if set(map(type, column)) != {list} or set(map(len, column)) != {seats}:
                return False
            if set(map(type, chain.from_iterable(column))) != {int}:
                return False
        if set(map(type, self.warnings)) != {list}:
            return False
        try:  # rare: check that each confirmed warning reads back
            for number, items in enumerate(self.warnings, 1):
                if items:
                    warnings_from_json(items, number)
        except (TypeError, ValueError, AttributeError):
            return False
        return True

    def to_text(self) -> str:
        """The stored JSON text."""
        return json.dumps(self._asdict(), separators=(",", ":"))

    def scores(self, players: Sequence[str]) -> list[CachedScore]:
        """What :func:`scoring.standings` reads of each hand (``points``,
        ``went_out``); ``leftover`` left empty."""
        empty: Mapping[str, int] = {}
        return [
            _new_tuple(
                CachedScore,
                (dict(zip(players, row)), empty, None if seat is None else players[seat]),  # noqa: B905
            )
            for row, seat in zip(self.points, self.out)  # noqa: B905 - equal lengths, checked
        ]

    def lines(self, players: Sequence[str], table: Standings) -> HandLines:
        """The score sheet lines of a :class:`SessionView`, each made when read."""

        def line(index: int) -> HandLine:
            number = index + 1
            seat = self.out[index]
            warnings = self.warnings[index]
            return HandLine(
                number,
                None if seat is None else players[seat],
                table.hand_points[index],
                table.running[index],
                dict(zip(players, self.leftover[index])),  # noqa: B905 - checked lengths
                bool(self.rummy[index]),
                self.note[index],
                self.at[index],
                warnings_from_json(warnings, number) if warnings else (),
            )

        return HandLines(len(self.out), line)


def read_sheet(db: Session, session_id: int, scored_with: str | None, seats: int) -> Sheet | None:
    """The session's score sheet, or ``None`` when there is none or it is not
    valid: scored by other code, for another number of hands than the hand
    rows (counted), or not a well-formed sheet (see :meth:`Sheet.parse`)."""
    sheet = ScoreSheetRow.__table__.c
    found = (
        db.connection()
        .execute(
            select(sheet.scored_with, sheet.hands, sheet.sheet).where(
                sheet.session_id == session_id
            )
        )
        .first()
    )
    if found is None or found[0] != scored_with:
        return None
    count = db.exec(
        select(func.count()).select_from(HandRow).where(HandRow.session_id == session_id)
    ).one()
    if found[1] != count:
        return None
    return Sheet.parse(found[2], count, seats)


def store_sheet(db: Session, loaded: Loaded) -> None:
    """Write the session's score sheet from ``loaded.hands`` (in the write's
    transaction)."""
    hands = loaded.hands
    row = db.get(ScoreSheetRow, loaded.row.id)
    if row is None:
        row = ScoreSheetRow(session_id=loaded.row.id, scored_with="", hands=0, sheet="{}")
    row.scored_with = scoring_fingerprint()
    row.hands = len(hands)
    row.sheet = Sheet.of(hands, loaded.players).to_text()
    db.add(row)
