"""The table screen's model (``/table`` and ``/table/<session>``, issue 29), in
plain Python: what a TV, a tablet or the laptop's own screen shows of the
session being played — the standings in big type, the last hand, who deals
next, the distance to the target or the rounds left, the winner — and how big
each part is drawn on a landscape screen of a given size.

Everything is read from the session's view (:class:`models.views.SessionView`,
scored by :mod:`scoring`); nothing is computed here but words and sizes. The
screen has no controls: it follows every save (the app's reload on a write,
:meth:`app.ui.state.app_state.AppState.changed`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.i18n import _, format_number
from app.ui.state.session_screen import progress_text, signed, winner_text
from app.ui.state.teams_view import sides

if TYPE_CHECKING:
    from app.ui.state.views import SessionView

__all__ = [
    "BASE_HEIGHT",
    "BASE_WIDTH",
    "TableBoard",
    "TableLine",
    "TableSizes",
    "board",
    "table_sizes",
]

#: The screen size the type sizes are drawn for (a 720p TV or a laptop):
#: a larger screen scales every size up, a smaller one down.
BASE_WIDTH = 1280
BASE_HEIGHT = 720


@dataclass(frozen=True, slots=True)
class TableLine:
    """One player's line of the standings, best place first (a team's line in
    a session played in teams).

    Attributes:
        seat: the player's seat (0 dealt first): the line's stable tag (a
            team's: its order among the teams).
        place: 1-based place, shared on equal totals (RULES.md §4).
        player: the player's name (a team's: "Kari & Per").
        total: the total in points, in the language's digits ("1 240").
        last: the player's points in the last hand, signed ("+12", "-7");
            ``""`` before the first hand.
        went_out: the player went out in the last hand.
        to_target: points still needed to reach the target ("14"); ``""``
            for a session of fixed rounds and once it has finished.
        deals: the player deals the next hand (never once it has finished).
        leader: the player is in first place (after the first hand).
        winner: the player won (only once the session has finished).
    """

    seat: int
    place: int
    player: str
    total: str
    last: str
    went_out: bool
    to_target: str
    deals: bool
    leader: bool
    winner: bool


@dataclass(frozen=True, slots=True)
class TableBoard:
    """Everything the table screen says about one session.

    Attributes:
        session_id: the session's short number.
        lines: the standings, best place first (seat order on equal places).
        progress: how far the session is from its end ("Target 21: Kari
            needs 14 more", "3 rounds left", "Round 5 of 11 · 7 cards · 7s
            wild", "Finished after 9 hands").
        last_heading: "Hand 6" above the last hand's column; ``""`` before
            the first hand.
        target_heading: "To 21" above the distance to the target; ``""``
            for a session of fixed rounds or one that has finished.
        dealer: "Ola deals next" / "Kari deals the first hand."; ``""`` once
            the session has finished.
        winner: "Kari wins with 120 points"; ``""`` until the session ends.
    """

    session_id: int
    lines: tuple[TableLine, ...]
    progress: str
    last_heading: str
    target_heading: str
    dealer: str
    winner: str


def board(view: SessionView) -> TableBoard:
    """What the table screen shows of ``view`` (RULES.md §4: places, the end,
    the winners; the scoring's own standings, nothing rescored). A session
    played in teams shows a line a team ("Kari & Per", places by team;
    :mod:`app.ui.state.teams_view`); who deals is still a player."""
    shown = sides(view)
    table = shown.standings
    finished = table.finished
    last = view.hands[-1] if view.hands else None
    gaps = table.gap_to_target if (table.target is not None and not finished) else None
    leaders = set(table.leaders) if last is not None else set()
    winners = set(table.winners)
    order = sorted(
        range(len(shown.sides)), key=lambda seat: (table.places[shown.sides[seat].name], seat)
    )
    lines = tuple(
        TableLine(
            seat=seat,
            place=table.places[name],
            player=name,
            total=format_number(table.totals[name]),
            last=signed(last.points[side.key]) if last is not None else "",
            went_out=last is not None and last.went_out in side.players,
            to_target=format_number(max(gaps[name], 0)) if gaps is not None else "",
            deals=not finished and shown.dealer in side.players,
            leader=name in leaders,
            winner=name in winners,
        )
        for seat in order
        for side in (shown.sides[seat],)
        for name in (side.name,)
    )
    if finished:
        dealer = ""
    elif last is None:
        dealer = _("{player} deals the first hand.", player=shown.dealer)
    else:
        dealer = _("{player} deals next", player=shown.dealer)
    return TableBoard(
        session_id=view.id,
        lines=lines,
        progress=progress_text(view),
        last_heading=_last_heading(view, last.number) if last is not None else "",
        target_heading=(
            _("To {target}", target=format_number(table.target))
            if gaps is not None and table.target is not None
            else ""
        ),
        dealer=dealer,
        winner=winner_text(view) if finished else "",
    )


def _last_heading(view: SessionView, number: int) -> str:
    """ "Round 4" in a game of a schedule of rounds (Five Crowns, Plump: the
    progress line says "Round 5 of 11"), else "Hand 4"."""
    if view.rules.round(number) is not None:
        return _("Round {n}", n=format_number(number))
    return _("Hand {n}", n=format_number(number))


@dataclass(frozen=True, slots=True)
class TableSizes:
    """How big the table screen draws its parts, in logical pixels, for a
    screen of a given size and a number of players (:func:`table_sizes`).

    Attributes:
        scale: the screen's size against 1280 × 720 (the smaller of the two
            ratios).
        padding: the space around the screen's edge.
        title: the game's name and the progress line above the standings.
        row: the height of one player's line of the standings.
        name: a player's name in a line.
        total: a player's total (the largest type on the screen).
        small: the place, the last hand's points, the distance to the target
            and the column headings.
        side: the width of the side panel (dealer, winner, join code).
        qr: the side of the join QR code's image.
    """

    scale: float
    padding: float
    title: float
    row: float
    name: float
    total: float
    small: float
    side: float
    qr: float

    @property
    def header(self) -> float:
        """The height the title and the progress line take (two lines)."""
        return 2 * self.title * 1.5


def table_sizes(width: float, height: float, players: int) -> TableSizes:
    """The sizes of the table screen's parts on a ``width`` × ``height``
    screen (logical pixels) for ``players`` lines: drawn for 1280 × 720 and
    scaled by the smaller ratio (1920 × 1080 draws everything 1.5 times as
    big), the rows shrunk so that every player's line fits the height under
    the header (eight players on a 720-pixel screen); a total's type is at
    most 70 % of its row, a name's 55 %. ``players`` below 1 counts as 1."""
    players = max(players, 1)
    scale = max(min(width / BASE_WIDTH, height / BASE_HEIGHT), 0.4)
    padding = 24 * scale
    title = 32 * scale
    small = 20 * scale
    header = 2 * title * 1.5
    room = height - 2 * padding - header - small * 1.6 - 16 * scale
    row = max(min(96 * scale, room / players), 24 * scale)
    return TableSizes(
        scale=scale,
        padding=padding,
        title=title,
        row=row,
        name=min(40 * scale, row * 0.55),
        total=min(56 * scale, row * 0.7),
        small=small,
        side=min(360 * scale, width * 0.3),
        qr=min(170 * scale, width * 0.13),
    )
