"""Loading a session (its row, seats and score sheet) and storing what a write
derives from it: the session row's state, the results per seat and the score
sheet pieces.

Reads run as portable SQL on a :class:`models.reader.Reader` (also the command
line's read path: nothing here imports SQLAlchemy before a write needs it).
A session is shown from its score sheet (:mod:`models.services.sheet`); a
write loads the same sheet, changes it in memory, and stores the pieces from
the first hand it changed, so that recording a hand costs the same in a session
of five hands or five thousand. When the sheet is not valid (written by other
scoring code, by hand, or broken) it is rebuilt from the hand rows — from each
hand's cached score when the session was scored by the running code, else by
rescoring what was entered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import scoring
from scoring import GameOptions, GameRules, Hand, HandScore, Standings

from ..db import Reader, as_utc, from_json
from ..errors import HandNotFound, SessionNotFound
from ..views import SessionView
from . import snapshots
from .codec import hand_of, score_cache
from .fingerprint import scoring_fingerprint
from .sheet import Sheet, SheetLine, read_sheet, store_chunks

if TYPE_CHECKING:
    from sqlmodel import Session

__all__ = [
    "LoadedSession",
    "SessionHead",
    "load",
    "load_shown",
    "read_seats",
    "rescored_in_rounds",
    "result_rows",
    "score_hand_at",
    "sheet_line",
    "store_state",
    "stored_hand",
    "view_of",
]


@dataclass(slots=True)
class SessionHead:
    """The ``game_session`` row as the services use it (times aware, UTC; JSON
    columns decoded)."""

    id: int
    uuid: str
    game_id: str
    options: dict[str, Any]
    started_at: datetime
    started_at_iso: str | None
    finished_at: datetime | None
    deleted_at: datetime | None
    rematch_of: int | None
    scored_with: str | None
    winner_seats: list[int]
    totals: list[int]
    leader_seats: list[int]
    #: the snapshot of the game's definition the session is played by
    #: (:mod:`models.services.snapshots`), ``None`` for a coded game
    definition: str | None = None


_HEAD = (
    "SELECT id, uuid, game, options, started_at, started_at_iso, finished_at, deleted_at, "
    "rematch_of, scored_with, winner_seats, totals, leader_seats, definition "
    "FROM game_session WHERE id = :sid"
)
_SEATS = (
    "SELECT p.id, p.name FROM session_player s JOIN player p ON p.id = s.player_id "
    "WHERE s.session_id = :sid ORDER BY s.seat"
)


def head_of(row: Sequence[Any]) -> SessionHead:
    """A :class:`SessionHead` from the columns of :data:`_HEAD`, in order."""
    return SessionHead(
        row[0],
        row[1],
        row[2],
        from_json(row[3]),
        as_utc(row[4]),  # type: ignore[arg-type]
        row[5],
        as_utc(row[6]),
        as_utc(row[7]),
        row[8],
        row[9],
        from_json(row[10]),
        from_json(row[11]),
        from_json(row[12]),
        row[13],
    )


def read_head(
    reader: Reader, session_id: int, *, deleted: bool = False, lock: bool = False
) -> SessionHead:
    """The session's row; one in the trash only with ``deleted``; ``lock``
    holds it for the write transaction. Raises :class:`SessionNotFound`."""
    row = (reader.locked if lock else reader.first)(_HEAD, sid=session_id)
    if row is None or (row[7] is not None and not deleted):
        raise SessionNotFound(session=session_id)
    return head_of(row)


def read_seats(reader: Reader, session_id: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The players' names and ids in seat order."""
    rows = reader.rows(_SEATS, sid=session_id)
    return tuple(name for _, name in rows), tuple(pid for pid, _ in rows)


class LoadedSession:
    """A session as loaded: its row, rules, seats and score sheet.

    ``rebuilt`` is true when the sheet came from the hand rows (the stored one
    was missing or not valid: a write stores every piece again); ``rescored``
    when some hand scores were recomputed from what was entered (a write stores
    them in the hand rows too).
    """

    __slots__ = ("game", "head", "options", "player_ids", "players", "rebuilt", "rescored", "sheet")

    def __init__(
        self,
        head: SessionHead,
        players: tuple[str, ...],
        player_ids: tuple[int, ...],
        sheet: Sheet,
    ) -> None:
        self.head = head
        self.game: GameRules = snapshots.session_game(head.game_id, head.definition)
        self.options = self.game.options_from_dict(head.options)
        self.players = players
        self.player_ids = player_ids
        self.sheet = sheet
        self.rebuilt = False
        self.rescored = False

    def standings(self) -> Standings:
        """The standings folded from the sheet (may raise ``session_over`` when
        a hand follows the end)."""
        return self.sheet.standings(self.game, self.options, self.players)

    def check_number(self, number: int) -> None:
        """Raise :class:`HandNotFound` unless hand ``number`` exists."""
        if not 1 <= number <= len(self.sheet):
            raise HandNotFound(session=self.head.id, hand=number)


def load_shown(
    reader: Reader, session_id: int, *, deleted: bool = False
) -> tuple[SessionHead, LoadedSession | None]:
    """The session to show, from its stored score sheet: ``(head, loaded)``,
    with ``loaded`` ``None`` when the sheet is not valid (see
    :func:`models.services.sheet.read_sheet`). Raises :class:`SessionNotFound`."""
    head = read_head(reader, session_id, deleted=deleted)
    players, player_ids = read_seats(reader, session_id)
    fingerprint = scoring_fingerprint()
    if head.scored_with != fingerprint:
        return head, None
    sheet = read_sheet(reader, session_id, len(players), fingerprint)
    if sheet is None:
        return head, None
    return head, LoadedSession(head, players, player_ids, sheet)


def load(
    db: Session,
    session_id: int,
    *,
    deleted: bool = False,
    lines: tuple[int, int | None] | None = None,
) -> LoadedSession:
    """The session to write, in ``db``'s write transaction (its row locked):
    from its score sheet, or — when that is not valid — from its hand rows
    (``rebuilt``; ``rescored`` when the scoring code changed since).

    ``lines`` names the hands (indexes ``first``, ``last``; ``last`` ``None``:
    to the end) whose sheet lines the write changes: those are read and
    checked now (without it, the last piece's: where a recorded hand goes), so
    that recording or editing a hand reads no more of a long session than its
    points and one piece.

    Raises :class:`SessionNotFound`, and :mod:`scoring` errors (with the hand
    number) for a stored hand the rules cannot score.
    """
    reader = Reader.of(db)
    head = read_head(reader, session_id, deleted=deleted, lock=True)
    players, player_ids = read_seats(reader, session_id)
    fingerprint = scoring_fingerprint()
    sheet = None
    if head.scored_with == fingerprint:
        sheet = read_sheet(reader, session_id, len(players), fingerprint)
    if sheet is not None:
        first, last = lines if lines is not None else (max(0, len(sheet) - 1), None)
        if sheet.read(first, last):
            return LoadedSession(head, players, player_ids, sheet)
    loaded = LoadedSession(head, players, player_ids, Sheet(len(players)))
    _rebuild(reader, loaded, fresh=head.scored_with == fingerprint)
    return loaded


_ROWS = (
    "SELECT number, went_out_seat, note, played_at, warnings, score{entry} "
    "FROM hand WHERE session_id = :sid ORDER BY number"
)


def _rebuild(reader: Reader, loaded: LoadedSession, *, fresh: bool) -> None:
    """Fill ``loaded.sheet`` from the hand rows: the cached scores when
    ``fresh`` (and well-formed), else each hand rescored from its entry."""
    loaded.rebuilt = True
    seats = len(loaded.players)
    rows = reader.rows(_ROWS.format(entry="" if fresh else ", entry"), sid=loaded.head.id)
    for row in rows:
        number, seat, note, played_at, warnings, cache = row[:6]
        cache = from_json(cache)
        if not fresh or not _good_cache(cache, seats):
            entry = row[6] if not fresh else stored_entry(reader, loaded.head.id, number)
            entered = hand_of(
                from_json(entry),
                went_out_seat=seat,
                note=note,
                played_at=played_at,
                players=loaded.players,
                game=loaded.game,
                number=number,
            )
            score = score_hand_at(loaded.game, loaded.options, loaded.players, entered, number)
            cache = score_cache(score, loaded.players)
            loaded.rescored = True
        loaded.sheet.append(
            (
                seat,
                cache[:seats] + cache[2 * seats :],  # the points, and who completed a stage
                note,
                played_at,
                list(from_json(warnings) or ()),
                cache[seats : 2 * seats],
            )
        )


def rescored_in_rounds(db: Session, loaded: LoadedSession) -> LoadedSession:
    """After its hand rows were renumbered (a hand deleted or put back in
    the middle): ``loaded`` again from its hand rows, every hand rescored,
    when the game's hands are the rounds of a schedule (GAME_FORMAT.md
    ``schedule``: a hand that moves is another round, with another wild
    rank); ``loaded`` itself for any other game, whose hands score the same
    whatever their number."""
    if loaded.game.round(loaded.options, 1) is None:
        return loaded
    again = LoadedSession(
        loaded.head, loaded.players, loaded.player_ids, Sheet(len(loaded.players))
    )
    _rebuild(Reader.of(db), again, fresh=False)
    return again


def _good_cache(cache: Any, seats: int) -> bool:
    return (
        isinstance(cache, list)
        and len(cache) in (2 * seats, 2 * seats + 1)  # + a progress game's stages completed
        and all(type(value) is int for value in cache)
    )


def stored_entry(reader: Reader, session_id: int, number: int) -> Any:
    """The ``entry`` of hand ``number`` (decoded)."""
    return from_json(
        reader.value(
            "SELECT entry FROM hand WHERE session_id = :sid AND number = :n",
            sid=session_id,
            n=number,
        )
    )


def stored_hand(
    reader: Reader,
    session_id: int,
    number: int,
    players: Sequence[str],
    game: GameRules,
) -> tuple[int, Hand, list[dict[str, Any]]]:
    """Hand ``number`` as entered: ``(hand id, hand, confirmed warnings in
    stored form)``. Raises :class:`HandNotFound`, and :mod:`scoring` errors for
    a row that is not a hand."""
    row = reader.first(
        "SELECT id, entry, went_out_seat, note, played_at, warnings FROM hand "
        "WHERE session_id = :sid AND number = :n",
        sid=session_id,
        n=number,
    )
    if row is None:
        raise HandNotFound(session=session_id, hand=number)
    hand_id, entry, seat, note, played_at, warnings = row
    hand = hand_of(
        from_json(entry),
        went_out_seat=seat,
        note=note,
        played_at=played_at,
        players=players,
        game=game,
        number=number,
    )
    return hand_id, hand, list(from_json(warnings) or ())


def score_hand_at(
    game: GameRules, options: GameOptions, players: Sequence[str], hand: Hand, number: int
) -> HandScore:
    """``game.score_hand`` for hand ``number``, with that number put on any
    :class:`ScoringError` (named apart from the rules' own ``score_hand``)."""
    try:
        return game.score_hand(options, players, hand, number)
    except scoring.ScoringError as error:
        raise error.at_hand(number) from None


def sheet_line(values: dict[str, Any], seats: int) -> SheetLine:
    """The score sheet's line for a hand row's columns
    (:func:`models.services.codec.hand_values`)."""
    cache = values["score"]
    return (
        values["went_out_seat"],
        cache[:seats] + cache[2 * seats :],  # the points, and who completed a stage
        values["note"],
        values["played_at"],
        values["warnings"],
        cache[seats : 2 * seats],
    )


# -- storing what a write derives ---------------------------------------------------


def result_rows(loaded: LoadedSession, table: Standings) -> list[dict[str, Any]]:
    """The ``session_result`` rows of the standings ``table``: each seat's
    total, place, win, hands and best hand (highest points in one hand, or the
    lowest for penalty scoring)."""
    sheet = loaded.sheet
    pick = min if table.lowest_wins else max
    columns = sheet.points if len(sheet) else []
    rows = []
    for seat, (player, player_id) in enumerate(zip(loaded.players, loaded.player_ids, strict=True)):
        rows.append(
            {
                "session_id": loaded.head.id,
                "seat": seat,
                "player_id": player_id,
                "total": table.totals[player],
                "place": table.places[player],
                "won": player in table.winners,
                "hands": len(sheet),
                "best_hand": pick(columns[seat]) if columns else None,
                "lowest_wins": table.lowest_wins,
            }
        )
    return rows


def store_state(
    db: Session,
    loaded: LoadedSession,
    table: Standings,
    *,
    from_hand: int,
    to_hand: int | None = None,
) -> None:
    """Store what follows from ``loaded``'s sheet and standings, in the write's
    transaction: the session row (finished time — kept if it had ended already,
    cleared when an edit reopens it — winners, totals, leaders, the scoring
    fingerprint), the results per seat and the score sheet pieces from hand
    index ``from_hand`` (0-based) on (every piece after a rebuild; each hand's
    cached score after a rescore); with ``to_hand``, only the pieces up to
    that hand's (an edit changes one hand)."""
    from sqlalchemy import bindparam, delete, insert, update

    from ..tables import HandRow, SessionResultRow, SessionRow, table_of, utcnow

    connection = db.connection()
    head, players = loaded.head, loaded.players
    now = utcnow()
    if table.finished:
        head.finished_at = head.finished_at or now
        head.winner_seats = [players.index(w) for w in table.winners]
    else:
        head.finished_at = None
        head.winner_seats = []
    head.totals = [table.totals[p] for p in players]
    head.leader_seats = [players.index(p) for p in table.leaders]
    head.scored_with = fingerprint = scoring_fingerprint()
    connection.execute(
        update(SessionRow)
        .where(table_of(SessionRow).c.id == head.id)
        .values(
            finished_at=head.finished_at,
            winner_seats=head.winner_seats,
            totals=head.totals,
            leader_seats=head.leader_seats,
            updated_at=now,
            scored_with=fingerprint,
        )
    )
    results = table_of(SessionResultRow)
    connection.execute(delete(results).where(results.c.session_id == head.id))
    connection.execute(insert(results), result_rows(loaded, table))
    if loaded.rescored and len(loaded.sheet):
        hands = table_of(HandRow)
        connection.execute(
            update(hands)
            .where(hands.c.session_id == head.id, hands.c.number == bindparam("n"))
            .values(score=bindparam("cache", type_=hands.c.score.type)),
            [
                {
                    "n": index + 1,
                    "cache": [column[index] for column in loaded.sheet.points]
                    + loaded.sheet.leftover(index),
                }
                for index in range(len(loaded.sheet))
            ],
        )
    loaded.rescored = False
    if loaded.rebuilt:
        store_chunks(db, head.id, loaded.sheet, fingerprint)
    else:
        store_chunks(db, head.id, loaded.sheet, fingerprint, from_hand=from_hand, to_hand=to_hand)
    loaded.rebuilt = False


def view_of(loaded: LoadedSession, table: Standings) -> SessionView:
    """The :class:`SessionView` of a loaded session and its standings."""
    head = loaded.head
    return SessionView(
        id=head.id,
        uuid=head.uuid,
        game_id=head.game_id,
        options=loaded.options,
        options_dict=dict(head.options),
        players=loaded.players,
        player_ids=loaded.player_ids,
        hands=loaded.sheet.lines(loaded.players, table),
        standings=table,
        started_at=head.started_at,
        finished_at=head.finished_at,
        deleted_at=head.deleted_at,
        rematch_of=head.rematch_of,
        definition=getattr(loaded.game, "definition", None),
    )


def state_differs(loaded: LoadedSession, table: Standings) -> bool:
    """Whether the session row's stored state (finished, winners, totals,
    leaders) is not what ``table`` says: it is then written again."""
    head, players = loaded.head, loaded.players
    return (
        (head.finished_at is not None) != table.finished
        or list(head.winner_seats) != [players.index(w) for w in table.winners]
        or list(head.totals) != [table.totals[p] for p in players]
        or list(head.leader_seats) != [players.index(p) for p in table.leaders]
    )
