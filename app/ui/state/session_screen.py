"""The session screen's model, in plain Python: what the screen says (the
winner, how far the session is from its end, how it is played, the game's
word for a blocked hand, why nobody scored a hand, the next hand's button)
and how its score sheet is laid out on a screen of a given width; and its
flows — show the earlier hands, open a hand, enter the next, the rematch.

Everything here is read from the session's view (:class:`~models.views.SessionView`,
scored by :mod:`scoring`); nothing is computed but words and widths.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from app.i18n import _, format_number, join_names, ngettext
from app.messages import blocked_label, describe_note, describe_options, round_text
from app.ui.state.flow import FlowState
from app.ui.state.progress_draft import stages_progress_text
from app.ui.state.teams_view import sides

if TYPE_CHECKING:
    from app.ui.state.app_state import AppState
    from app.ui.state.ports import Ports
    from app.ui.state.views import HandLine, SessionView

__all__ = [
    "CELL_GAP",
    "CELL_MAX",
    "CELL_MIN",
    "CELL_NARROW",
    "FIT_PLAYERS",
    "NARROW_NUMBER_WIDTH",
    "NUMBER_WIDTH",
    "RECENT_HANDS",
    "SessionScreen",
    "blocked_word",
    "crowded",
    "hand_notes",
    "heading",
    "is_blocked",
    "name_lines",
    "name_width",
    "progress_text",
    "sheet_widths",
    "signed",
    "target_in_options",
    "two_line_width",
    "winner_text",
]

#: Hands shown before "show all" (the newest ones).
RECENT_HANDS = 12
#: Width of the hand-number column when every player's column fits (the whole
#: row is the tap target): room for a three-digit hand number and "Σ".
NUMBER_WIDTH = 36
#: The narrowest a player's column gets: room for a name of about seven
#: letters a line and a four-digit total (more players scroll sideways: five
#: fit a 390-pixel phone).
CELL_MIN = 62
#: The widest a player's column gets when the columns scroll (a longer name
#: ends in "…"; names are at most 40 characters).
CELL_MAX = 140
#: Space between columns, in logical pixels.
CELL_GAP = 0
#: Up to this many players share a phone's width even when their names do
#: not fit whole (a long name ends in "…", whole in its tooltip and to a
#: screen reader): no sideways swipe for the tables families play at. More
#: players scroll sideways with every name whole.
FIT_PLAYERS = 6
#: The narrowest a player's column gets when up to :data:`FIT_PLAYERS` share
#: the width: six fit a 390-pixel phone (a four-digit total, a name's first
#: letters).
CELL_NARROW = 52
#: Width of the hand-number column then: room for a two-digit hand number and "Σ".
NARROW_NUMBER_WIDTH = 28


# -- what the screen says ---------------------------------------------------------------


def signed(points: int) -> str:
    """``+18``, ``0``, ``-7``: a hand's points, with the minus sign of the
    totals beside them (two kinds of minus in one row read as two signs)."""
    return ("+" if points > 0 else "") + format_number(points)


def winner_text(view: SessionView) -> str:
    """ "Kari wins with 120 points" / "Kari and Ola share the win"; in a
    session played in teams "Kari and Per win with 21 points" / "Kari & Per
    and Ola & Liv share the win" (:mod:`app.ui.state.teams_view`)."""
    shown = sides(view)
    table = shown.standings
    winners = table.winners
    if len(winners) == 1 and shown.teams:
        return _(
            "{players} win with {points}",
            players=join_names(shown.players_of(winners[0])),
            points=ngettext("{n} point", "{n} points", table.totals[winners[0]]),
        )
    if len(winners) == 1:
        return _(
            "{player} wins with {points}",
            player=winners[0],
            points=ngettext("{n} point", "{n} points", table.totals[winners[0]]),
        )
    return _(
        "{players} share the win with {points}",
        players=join_names(winners),
        points=ngettext("{n} point", "{n} points", table.totals[winners[0]]),
    )


def progress_text(view: SessionView, *, target_said: bool = False) -> str:
    """How far the session is from its end: rounds left or the leader's gap to
    the target. With ``target_said`` (the line of options just below says the
    target) the target is not said again: the leader's gap alone, or nothing
    before the first hand. In a session played in teams the leader is a
    team ("Kari & Per need 5 more")."""
    shown = sides(view)
    table = shown.standings
    if table.finished:
        return ngettext("Finished after {n} hand", "Finished after {n} hands", len(view.hands))
    stages = stages_progress_text(view)  # a progress game (RULES.md §8)
    if stages is not None:
        return stages
    number = len(view.hands) + 1
    row = view.rules.round(number)
    if row is not None and table.rounds is not None:  # a game with a schedule of rounds
        return round_text(number, table.rounds, row, view.rules.wild_points)
    if table.rounds_left is not None:
        return ngettext("{n} round left", "{n} rounds left", table.rounds_left)
    if table.target is not None and table.gap_to_target is not None:
        leader = table.leaders[0] if table.leaders and view.hands else None
        points = format_number(max(table.gap_to_target[leader], 0)) if leader else ""
        if target_said:
            if leader is None:
                return ""
            if shown.teams:
                return _("{team} need {points} more", team=leader, points=points)
            return _("{player} needs {points} more", player=leader, points=points)
        if leader is None:
            return ngettext("First to {n} point", "First to {n} points", table.target)
        if shown.teams:
            return _(
                "Target {target}: {team} need {points} more",
                target=format_number(table.target),
                team=leader,
                points=points,
            )
        return _(
            "Target {target}: {player} needs {points} more",
            target=format_number(table.target),
            player=leader,
            points=points,
        )
    return ""


def target_in_options(view: SessionView, played: Sequence[str]) -> bool:
    """Whether the line of options (``played``, from ``describe_options``)
    says the target: it does when the session's target is not the game's
    default (a default is not listed there)."""
    table = view.standings
    return bool(played) and "target" in view.options_dict and table.target is not None


def heading(view: SessionView) -> tuple[str, tuple[str, ...]]:
    """What stands above the score sheet: the progress line (``""`` for
    none) and how the session is played (every option that is not the
    game's default, in words). The target is said once: where the options
    say it, the progress line does not."""
    played = tuple(describe_options(view.game_rules, view.options_dict))
    return progress_text(view, target_said=target_in_options(view, played)), played


def blocked_word(view: SessionView) -> str | None:
    """The game's word for a blocked hand ("Blocked", "Nobody went out"), or
    ``None`` in a game where nobody goes out (a game of tricks: every hand
    ends with nobody out, none is blocked)."""
    rules = view.rules
    return blocked_label(rules.blocked_term) if rules.can_go_out else None


def is_blocked(view: SessionView, line: HandLine) -> bool:
    """Whether the sheet marks hand ``line`` as blocked (nobody went out, in
    a game where somebody can)."""
    return line.went_out is None and view.rules.can_go_out


def shown_hands(view: SessionView, show_all: bool) -> Sequence[HandLine]:
    """The hands on show: every one, or the :data:`RECENT_HANDS` newest."""
    return view.hands if show_all else view.hands[-RECENT_HANDS:]


def hand_notes(view: SessionView, show_all: bool) -> list[tuple[int, str]]:
    """Why nobody scored a hand on show (a blocked tie…): ``(hand number,
    its lines)`` per hand that has any, from :mod:`scoring`
    (``SessionRules.hand_notes``)."""
    rules = view.rules
    notes: list[tuple[int, str]] = []
    for line in shown_hands(view, show_all):
        said = rules.hand_notes(line.went_out, line.leftover, line.points)
        if said:
            notes.append((line.number, "\n".join(describe_note(n, line.number) for n in said)))
    return notes


def legend(view: SessionView, show_all: bool) -> tuple[str | None, str]:
    """What the sheet's signs mean: the game's word for a blocked hand when
    a hand on show was blocked (else ``None``), and the line under the sheet
    (the star is who went out; how to change a hand)."""
    hands = shown_hands(view, show_all)
    word = blocked_word(view) if any(line.went_out is None for line in hands) else None
    if view.rules.can_go_out:
        return word, _("went out. Tap a hand to change or delete it.")
    return word, _("Tap a hand to change or delete it.")  # nobody goes out: no star


def next_hand_label(app: AppState, view: SessionView) -> str:
    """The button under a running session: "Continue hand 4" when this tab
    holds a started draft of it, else "Enter hand 4"."""
    number = format_number(len(view.hands) + 1)
    if app.has_draft(view.id, view.players):
        return _("Continue hand {n}", n=number)
    return _("Enter hand {n}", n=number)


def earlier_label(view: SessionView, show_all: bool) -> str:
    """ "Show 3 earlier hands", or ``""`` when every hand is on show."""
    hidden = len(view.hands) - RECENT_HANDS
    if hidden <= 0 or show_all:
        return ""
    return ngettext("Show {n} earlier hand", "Show {n} earlier hands", hidden)


# -- how the sheet is laid out ----------------------------------------------------------


def name_width(name: str) -> float:
    """About how wide ``name`` is in the sheet's header (14-pixel semi-bold
    text), in logical pixels: a little more than the widest letters need."""
    return 9.0 * len(name) + 8


def two_line_width(name: str) -> float:
    """About how wide ``name`` is when it may break over two lines between
    its words (the wider line of the best break), in logical pixels.

    >>> two_line_width("Bestemor Ingrid"), two_line_width("Bjørnar")
    (80.0, 71.0)
    """
    words = name.split()
    lines = [
        max(name_width(" ".join(words[:i])), name_width(" ".join(words[i:])))
        for i in range(1, len(words))
    ]
    return min([name_width(name), *lines])


def name_lines(name: str) -> list[str]:
    """``name`` in at most two lines, broken between words where the wider
    line is narrowest (:func:`two_line_width`).

    >>> name_lines("Bestemor Ingrid"), name_lines("Anne Lise Berg"), name_lines("Øystein")
    (['Bestemor', 'Ingrid'], ['Anne', 'Lise Berg'], ['Øystein'])
    """
    words = name.split()
    if len(words) < 2:
        return [name]
    breaks = range(1, len(words))
    best = min(
        breaks,
        key=lambda i: max(name_width(" ".join(words[:i])), name_width(" ".join(words[i:]))),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def sheet_widths(names: Sequence[str], width: float) -> tuple[float | None, bool]:
    """The width of a player's column and whether the columns scroll sideways:
    they share the room right of the hand numbers (``width`` is the whole
    sheet's, in logical pixels) while each
    name fits whole on at most two lines (broken between words) and each
    column gets at least :data:`CELL_MIN`; with more players than that fits
    (up to 12 in Swedish Rummy) every column gets the longest name's width on
    one line (at most :data:`CELL_MAX`) and they scroll, the hand numbers
    staying in place.

    >>> sheet_widths(["Anna", "Bo", "Cato", "Dag", "Eli"], 366)
    (None, False)
    >>> sheet_widths(["Bestemor Ingrid", "Onkel Bjørnar", "Kari Nordmann", "Ola Nordmann"], 366)
    (None, False)
    >>> sheet_widths(["Bjørn", "Bjørnar"] + ["Kari"] * 10, 366)
    (71.0, True)

    Up to :data:`FIT_PLAYERS` share the width all the same, in columns at
    least :data:`CELL_NARROW` wide (:func:`crowded`):

    >>> sheet_widths(["Bestemor Ingrid", "Onkel Bjørnar", "Kari", "Ola", "Åse", "Øystein"], 366)
    (None, False)
    """
    shared = max([CELL_MIN, *(two_line_width(n) for n in names)])
    if len(names) * (shared + CELL_GAP) <= width - NUMBER_WIDTH - CELL_GAP or crowded(names, width):
        return None, False
    need = min(max([CELL_MIN, *(name_width(n) for n in names)]), CELL_MAX)
    return need, True


def crowded(names: Sequence[str], width: float) -> bool:
    """Whether the players' columns share the sheet's ``width`` (logical
    pixels) although some name does not fit whole on two lines: up to
    :data:`FIT_PLAYERS` players whose columns would otherwise scroll
    sideways, where each still gets :data:`CELL_NARROW` beside a narrow
    hand-number column. Their names may end in "…".

    >>> crowded(["Anna", "Bo", "Cato", "Dag", "Eli"], 366)
    False
    >>> crowded(["Bestemor Ingrid", "Onkel Bjørnar", "Kari", "Ola", "Åse", "Øystein"], 366)
    True
    >>> crowded(["Kari"] * 7, 366)
    False
    """
    shared = max([CELL_MIN, *(two_line_width(n) for n in names)])
    if len(names) * (shared + CELL_GAP) <= width - NUMBER_WIDTH - CELL_GAP:
        return False
    room = width - NARROW_NUMBER_WIDTH - CELL_GAP
    return len(names) <= FIT_PLAYERS and len(names) * (CELL_NARROW + CELL_GAP) <= room


# -- the flows ------------------------------------------------------------------------


@ft.observable
@dataclass(eq=False)
class SessionScreen(FlowState):
    """The session screen of one tab.

    Attributes:
        app: the tab's state.
        ports: the use cases, the navigation and the other tabs.
        show_all: every hand is on show (else the :data:`RECENT_HANDS` newest).
    """

    app: AppState | None = None
    ports: Ports | None = None
    show_all: bool = False

    def show_earlier(self) -> None:
        """Show every hand, the earlier ones too."""
        self.show_all = True

    def open_hand(self, view: SessionView, number: int) -> None:
        """A tap on hand ``number``'s row: its screen (change or delete it)."""
        if self.ports is not None:
            self.ports.go(f"/session/{view.id}/hand/{number}")

    def next_hand(self, view: SessionView) -> None:
        """*Enter hand n* (or *Continue hand n*): the hand screen."""
        if self.ports is not None:
            self.ports.go(f"/session/{view.id}/hand")

    def rules(self, view: SessionView) -> None:
        """The rules the session is played by."""
        if self.ports is not None:
            self.ports.go(f"/session/{view.id}/rules/{view.game_id}")

    def rematch(self, view: SessionView) -> None:
        """*Rematch* on a finished session: the new-session form filled from
        it (:func:`app.ui.state.session_list.open_rematch`); one tap on its
        Start starts the rematch, and anything can be changed first."""
        from app.ui.state.session_list import open_rematch

        if self.app is not None and self.ports is not None:
            open_rematch(self.app, self.ports, view)
