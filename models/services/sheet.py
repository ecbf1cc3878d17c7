"""The score sheet cache: each session's hands as the score sheet shows them,
stored in pieces of :data:`CHUNK` hands (``score_sheet_chunk`` rows).

Showing a session reads its pieces (a few rows, whatever its length), checks
them and folds the standings from the points in them; the rest of each line
(notes, times, leftovers, warnings) is read when the line is first shown. A
write changes the sheet in memory and rewrites only the pieces from the first
hand it changed (recording a hand: the last piece). The hand rows stay the
truth: a sheet is believed only when every piece was scored by the running
scoring code, the pieces hold as many hands as there are hand rows, who went
out is a seat (the points are packed whole numbers: nothing to parse), and
each piece's lines are the text written with it (a digest); a write reads the
lines of the pieces it changes and checks their types too. Otherwise the
sheet is rebuilt from the hand rows (``models.services.loading``).

No SQLAlchemy at import: the command line's read path reads sheets too.
"""

from __future__ import annotations

import json
import logging
import sys
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any

from scoring import GameOptions, GameRules, Standings, standings_from_columns

from ..db import Reader, json_text
from ..views import HandLine, HandLines
from .codec import warnings_from_json

if TYPE_CHECKING:
    from sqlmodel import Session

__all__ = [
    "CHUNK",
    "Sheet",
    "SheetBroken",
    "SheetLine",
    "digest",
    "read_sheet",
    "store_chunks",
]

logger = logging.getLogger(__name__)

CHUNK = 128
"""Hands per stored piece of a score sheet."""

#: One hand as the sheet holds it: ``(out, points, note, at, warnings,
#: leftover)`` — the seat of who went out or ``None``, each seat's points (in
#: a progress game one more number: the seats who completed a stage, as bits),
#: the note, ``played_at``, the confirmed warnings (stored form) and each
#: seat's leftover value (points).
SheetLine = tuple[int | None, list[int], str | None, str | None, list[dict[str, Any]], list[int]]

_SCORES_KEYS = frozenset({"out", "points"})
#: ... and a progress game's piece: ``done``, per hand the seats who completed a stage (bits)
_PROGRESS_KEYS = frozenset({"out", "points", "done"})
_BLOCKED = -1  # ``out`` of a hand nobody went out of
_SWAP = sys.byteorder != "little"  # stored little-endian


def _pack(values: array[int]) -> str:
    """A column of whole numbers as stored: its little-endian bytes in hex."""
    if _SWAP:
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes().hex()


def _unpack(typecode: str, text: Any, count: int) -> array[int] | None:
    """The column ``_pack`` stored in ``text``, if it holds ``count`` numbers;
    else ``None``. Whatever the bytes, they read as whole numbers in range of
    the type: no value needs checking."""
    if not isinstance(text, str):
        return None
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        return None
    column = array(typecode)
    if len(raw) != count * column.itemsize:
        return None
    column.frombytes(raw)
    if _SWAP:
        column.byteswap()
    return column


_LINES_KEYS = ("note", "at", "warnings", "leftover")
_NONE = type(None)


def digest(text: str) -> str:
    """The digest stored with a piece's lines text: its CRC-32 (8 hex digits),
    enough to tell text changed behind the services' back from what they
    wrote, and cheap enough to check each time a session is shown."""
    return format(zlib.crc32(text.encode("utf-8", "surrogatepass")), "08x")


class SheetBroken(ValueError):
    """Stored lines of a score sheet do not read back (never written so by the
    services: their digest matched)."""


class Sheet:
    """A session's score sheet in memory, a column at a time.

    Attributes:
        seats: the number of seats.
        out: per hand, the seat of who went out, or -1 (blocked).
        points: per seat, each hand's points (one column per seat).

    ``out`` and ``points`` are arrays of whole numbers, stored packed: reading
    them back is a copy of bytes, with nothing to parse or check but their
    lengths and the seats' range.

    The rest of each line — the note, ``played_at``, the confirmed warnings
    (stored form) and each seat's leftover value — is kept
    by piece of :data:`CHUNK` hands and read from its stored text only when
    needed: :meth:`lines` reads a piece when one of its lines is shown, a write
    reads the pieces it changes (:meth:`read`).
    """

    __slots__ = ("_pieces", "done", "out", "points", "seats")

    def __init__(self, seats: int, lines: Iterable[SheetLine] = ()) -> None:
        self.seats = seats
        self.out = array("b")  # seats; -1: blocked
        self.done = array("q")  # a progress game: the seats who completed a stage (bits)
        self.points = [array("q") for _ in range(seats)]
        # per piece: its lines columns, or the stored text not read yet
        self._pieces: list[dict[str, list[Any]] | str] = []
        for line in lines:
            self.append(line)

    def __len__(self) -> int:
        return len(self.out)

    def _piece(self, piece: int) -> dict[str, list[Any]]:
        """The lines columns of piece ``piece`` (read now if need be). Raises
        :class:`SheetBroken`."""
        held = self._pieces[piece]
        if isinstance(held, str):
            count = min(CHUNK, len(self) - piece * CHUNK)
            read = _read_lines([held], self.seats)
            if read is None or len(read["note"]) != count:
                raise SheetBroken("the score sheet's lines do not read back")
            self._pieces[piece] = held = read
        return held

    def read(self, first: int, last: int | None = None) -> bool:
        """Read the lines of the pieces holding hands ``first`` … ``last``
        (indexes; ``last`` ``None``: to the end): ``False`` when one does not
        read back."""
        count = len(self._pieces)
        stop = count if last is None else min(count, last // CHUNK + 1)
        try:
            for piece in range(max(0, first // CHUNK), stop):
                self._piece(piece)
        except SheetBroken:
            return False
        return True

    # -- changing it --------------------------------------------------------------

    def _regroup(self, first: int, change: Callable[[dict[str, list[Any]]], None]) -> None:
        """Put the lines of the pieces from the one holding hand ``first`` on
        together, ``change`` them, and cut them into pieces again."""
        piece = first // CHUNK
        tail: dict[str, list[Any]] = {key: [] for key in _LINES_KEYS}
        for index in range(piece, len(self._pieces)):
            held = self._piece(index)
            for key in _LINES_KEYS:
                tail[key].extend(held[key])
        change(tail)
        size = len(tail["note"])
        self._pieces[piece:] = [
            {key: values[start : start + CHUNK] for key, values in tail.items()}
            for start in range(0, size, CHUNK)
        ]

    def _hand(self, line: SheetLine, op: Callable[[Any, Any], None]) -> dict[str, Any]:
        out, points, *rest = line
        op(self.out, _BLOCKED if out is None else out)
        op(self.done, points[self.seats] if len(points) > self.seats else 0)
        for column, value in zip(self.points, points[: self.seats], strict=True):
            op(column, value)
        return dict(zip(_LINES_KEYS, rest, strict=True))

    def append(self, line: SheetLine) -> None:
        """Add a hand at the end."""
        place = len(self) % CHUNK
        if not place:  # a new piece
            self._pieces.append({key: [] for key in _LINES_KEYS})
        held = self._piece(len(self._pieces) - 1)
        for key, value in self._hand(line, lambda column, value: column.append(value)).items():
            held[key].append(value)

    def insert(self, index: int, line: SheetLine) -> None:
        """Put a hand in at ``index`` (0-based); later hands move down."""
        extras = self._hand(line, lambda column, value: column.insert(index, value))
        place = index - index // CHUNK * CHUNK

        def change(tail: dict[str, list[Any]]) -> None:
            for key, value in extras.items():
                tail[key].insert(place, value)

        self._regroup(index, change)

    def replace(self, index: int, line: SheetLine) -> None:
        """Replace the hand at ``index`` (0-based)."""
        extras = self._hand(line, lambda column, value: column.__setitem__(index, value))
        held = self._piece(index // CHUNK)
        for key, value in extras.items():
            held[key][index % CHUNK] = value

    def delete(self, index: int) -> None:
        """Remove the hand at ``index`` (0-based); later hands move up."""
        place = index % CHUNK

        def change(tail: dict[str, list[Any]]) -> None:
            for values in tail.values():
                del values[place]

        self._regroup(index, change)
        del self.out[index]
        del self.done[index]
        for column in self.points:
            del column[index]

    def _field(self, key: str, index: int) -> Any:
        return self._piece(index // CHUNK)[key][index % CHUNK]

    def at(self, index: int) -> str | None:
        """``played_at`` of the hand at ``index`` (0-based)."""
        at: str | None = self._field("at", index)
        return at

    def warnings(self, index: int) -> list[dict[str, Any]]:
        """The warnings confirmed with the hand at ``index`` (stored form)."""
        warnings: list[dict[str, Any]] = self._field("warnings", index)
        return warnings

    def leftover(self, index: int) -> list[int]:
        """Each seat's leftover value in the hand at ``index`` (points)."""
        leftover: list[int] = self._field("leftover", index)
        return leftover

    # -- standings and lines ------------------------------------------------------

    def standings(self, game: GameRules, options: GameOptions, players: Sequence[str]) -> Standings:
        """The standings folded from the sheet's points (may raise ``session_over``
        when a hand follows the end)."""
        completed: Sequence[tuple[str, ...]] = ()
        if game.stages(options) is not None:  # a progress game (RULES.md §8)
            completed = [
                tuple(p for i, p in enumerate(players) if bits >> i & 1) for bits in self.done
            ]
        return standings_from_columns(
            game,
            options,
            players,
            [c.tolist() for c in self.points],
            _Names(self.out, players),
            completed,
        )

    def lines(self, players: Sequence[str], table: Standings) -> HandLines:
        """The score sheet lines of a session view, each made when first read
        (from what the sheet holds now: it may change afterwards)."""
        out = self.out.tolist()
        pieces: list[dict[str, list[Any]] | str] = [
            held if isinstance(held, str) else {k: list(v) for k, v in held.items()}
            for held in self._pieces
        ]
        seats = self.seats

        def extras(index: int) -> tuple[Any, ...]:
            piece, place = divmod(index, CHUNK)
            held = pieces[piece]
            if isinstance(held, str):
                count = min(CHUNK, len(out) - piece * CHUNK)
                read = _read_lines([held], seats)
                if read is None or len(read["note"]) != count:
                    # the digest matched: never written so by the services
                    logger.error("A score sheet piece does not read back (hand %s)", index + 1)
                    read = {
                        "note": [None] * count,
                        "at": [None] * count,
                        "warnings": [[]] * count,
                        "leftover": [[0] * seats] * count,
                    }
                pieces[piece] = held = read
            return tuple(held[key][place] for key in _LINES_KEYS)

        def line(index: int) -> HandLine:
            number = index + 1
            seat = out[index]
            note, at, warnings, leftover = extras(index)
            return HandLine(
                number,
                None if seat < 0 else players[seat],
                table.hand_points[index],
                table.running[index],
                dict(zip(players, leftover, strict=True)),
                note,
                at,
                warnings_from_json(warnings, number) if warnings else (),
            )

        return HandLines(len(out), line)

    # -- stored form --------------------------------------------------------------

    def chunk_texts(self, chunk: int) -> tuple[int, str, str]:
        """Piece ``chunk`` as stored: ``(hands, scores text, lines text)``."""
        part = slice(chunk * CHUNK, (chunk + 1) * CHUNK)
        held = self._pieces[chunk]
        lines = held if isinstance(held, str) else json_text(held)
        scores: dict[str, Any] = {
            "out": _pack(self.out[part]),
            "points": [_pack(c[part]) for c in self.points],
        }
        if any(self.done[part]):  # a progress game's piece
            scores["done"] = _pack(self.done[part])
        return len(self.out[part]), json_text(scores), lines

    @classmethod
    def parse(
        cls, pieces: Sequence[tuple[int, str, str, str]], hands: int, seats: int
    ) -> Sheet | None:
        """The sheet stored in ``pieces`` — ``(hands, scores text, lines text,
        lines digest)`` per piece, in order — if they hold ``hands`` hands for
        ``seats`` seats in full pieces of :data:`CHUNK` (the last one may be
        shorter), who went out is a seat (or nobody) and each lines text has
        its digest; else ``None`` (never
        raises for bad text). The lines themselves are read later
        (:meth:`read`, :meth:`lines`). Checks a column at a time, in C loops
        where it can: this runs each time a session is shown."""
        sheet = cls(seats)
        total = 0
        for index, (count, scores_text, lines_text, lines_digest) in enumerate(pieces):
            last = index == len(pieces) - 1
            if not (0 < count <= CHUNK) or (not last and count != CHUNK):
                return None
            scores = _scores(scores_text, count, seats)
            if scores is None or not isinstance(lines_text, str):
                return None
            if digest(lines_text) != lines_digest:
                return None
            out, points, done = scores
            sheet.out.extend(out)
            sheet.done.extend(done)
            for column, values in zip(sheet.points, points, strict=True):
                column.extend(values)
            sheet._pieces.append(lines_text)
            total += count
        if total != hands or (hands and not sheet._valid()):
            return None
        return sheet

    def _valid(self) -> bool:
        return min(self.out) >= _BLOCKED and max(self.out) < self.seats


def _read_lines(texts: Sequence[str], seats: int) -> dict[str, list[Any]] | None:
    """The lines columns of the pieces ``texts`` (each of at most :data:`CHUNK`
    hands), put together, if their values are of the right types for
    ``seats`` seats; else ``None``."""
    columns: dict[str, list[Any]] = {key: [] for key in _LINES_KEYS}
    for text in texts:
        decoded = _decode(text, frozenset(_LINES_KEYS), None)
        if decoded is None or len(decoded["note"]) > CHUNK:
            return None
        for key in _LINES_KEYS:
            columns[key].extend(decoded[key])
    hands = len(columns["note"])
    note, at = columns["note"], columns["at"]
    if not set(map(type, chain(note, at))) <= {str, _NONE}:
        return None
    leftover = columns["leftover"]
    if hands and (set(map(type, leftover)) != {list} or set(map(len, leftover)) != {seats}):
        return None
    if hands and set(map(type, chain.from_iterable(leftover))) != {int}:
        return None
    warnings = columns["warnings"]
    if hands and set(map(type, warnings)) != {list}:
        return None
    try:  # rare: check that each confirmed warning reads back
        for number, items in enumerate(warnings, 1):
            if items:
                warnings_from_json(items, number)
    except (TypeError, ValueError, AttributeError):
        return None
    return columns


def _scores(
    text: Any, count: int, seats: int
) -> tuple[array[int], list[array[int]], array[int]] | None:
    """A piece's ``scores``: ``{"out": packed seats, "points": [packed points
    of each seat]}`` for ``count`` hands (a progress game's may hold ``done``,
    the seats who completed a stage as bits), or ``None``."""
    if not isinstance(text, str):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.keys() not in (_SCORES_KEYS, _PROGRESS_KEYS):
        return None
    columns = data["points"]
    if not isinstance(columns, list) or len(columns) != seats:
        return None
    out = _unpack("b", data["out"], count)
    points = [_unpack("q", column, count) for column in columns]
    done = _unpack("q", data["done"], count) if "done" in data else array("q", bytes(8 * count))
    if out is None or None in points or done is None:
        return None
    return out, points, done  # type: ignore[return-value]


class _Names(Sequence[str | None]):
    """Who went out of each hand, by name, named when read (most games' dealer
    rule only counts the hands)."""

    __slots__ = ("_out", "_players")

    def __init__(self, out: array[int], players: Sequence[str]) -> None:
        self._out = array(out.typecode, out)
        self._players = players

    def __len__(self) -> int:
        return len(self._out)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [None if s < 0 else self._players[s] for s in self._out[index]]
        seat = self._out[index]
        return None if seat < 0 else self._players[seat]


def _decode(text: Any, keys: frozenset[str], count: int | None) -> dict[str, list[Any]] | None:
    """One JSON object of ``keys``, each a list of ``count`` items (any number
    when ``None``, but the same for each), or ``None``."""
    if not isinstance(text, str):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.keys() != keys:
        return None
    if count is None:
        lengths = {len(v) if isinstance(v, list) else -1 for v in data.values()}
        if len(lengths) != 1:
            return None
        count = lengths.pop()
    for value in data.values():
        if not isinstance(value, list) or len(value) != count:
            return None
    return data


_PIECES = (
    "SELECT chunk, scored_with, hands, scores, lines, lines_digest FROM score_sheet_chunk "
    "WHERE session_id = :sid ORDER BY chunk"
)
_HAND_COUNT = "SELECT COUNT(*) FROM hand WHERE session_id = :sid"


def read_sheet(reader: Reader, session_id: int, seats: int, scored_with: str) -> Sheet | None:
    """The session's stored score sheet, or ``None`` when it is missing or not
    valid: a piece scored by other code than ``scored_with`` (the running
    code's fingerprint), pieces missing or holding another number of hands
    than the hand rows (counted), or not well-formed (:meth:`Sheet.parse`)."""
    pieces = reader.rows(_PIECES, sid=session_id)
    hands = reader.value(_HAND_COUNT, sid=session_id)
    if any(chunk != index or tag != scored_with for index, (chunk, tag, *_) in enumerate(pieces)):
        return None
    return Sheet.parse([tuple(piece[2:]) for piece in pieces], hands, seats)


def store_chunks(
    db: Session,
    session_id: int,
    sheet: Sheet,
    scored_with: str,
    *,
    from_hand: int = 0,
    to_hand: int | None = None,
) -> None:
    """Rewrite the session's stored pieces holding hands ``from_hand`` …
    ``to_hand`` (indexes, 0-based; ``None``: to the end, and no piece after
    it), in the write's transaction: recording a hand rewrites the last piece
    only, editing one the piece that holds it."""
    from sqlalchemy import delete, insert

    from ..tables import SheetChunkRow, table_of

    table = table_of(SheetChunkRow)
    first = max(0, from_hand) // CHUNK
    needed = (len(sheet) + CHUNK - 1) // CHUNK
    last = needed if to_hand is None else min(needed, to_hand // CHUNK + 1)
    connection = db.connection()
    stale = table.c.chunk >= first if to_hand is None else table.c.chunk.between(first, last - 1)
    connection.execute(delete(table).where(table.c.session_id == session_id, stale))
    rows = []
    for chunk in range(first, last):
        hands, scores, lines = sheet.chunk_texts(chunk)
        rows.append(
            {
                "session_id": session_id,
                "chunk": chunk,
                "scored_with": scored_with,
                "hands": hands,
                "scores": scores,
                "lines": lines,
                "lines_digest": digest(lines),
            }
        )
    if rows:
        connection.execute(insert(table), rows)
