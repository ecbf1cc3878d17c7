"""The words and figures every session summary shows, in the active language.

:func:`build_summary` collects, once, what the text, Markdown and PDF exports
lay out differently: the title, date, players, rules, result line, standings,
the hand table and notes. Call it inside :func:`app.i18n.use_language`; every
string is translated and every number formatted (Babel) for that language when
it is built.

Names are whatever a family types, in any script. Where a name or a note sits
inside a sentence or a heading ("Players: Ola, سارة and יוסי", "سارة: points"),
``build_summary(..., isolate=True)`` wraps it in Unicode's first-strong
isolate (FSI U+2068 … PDI U+2069, :func:`isolate`), so the bidi algorithm of
whatever shows the text (a chat app, a browser, a PDF viewer) keeps the
sentence's order: a right-to-left name neither swaps with the figures beside
it nor pulls its neighbours into its own direction. Fields that hold a bare
name (``player_names``, ``StandingLine.player``, ``winners``) stay unmarked;
a renderer isolates them where it puts them next to other text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from app.i18n import (
    _,
    format_date,
    format_number,
    join_names,
    names_as_typed,
    ngettext,
)
from app.messages import blocked_label, describe_options, game_name
from scoring import SessionDoc, SessionResult
from scoring.invisible import FSI, PDI
from scoring.standings import Standings

from .phases import phase_end, phase_label, stages_after_each_hand
from .team_result import by_team, teams_of

__all__ = [
    "FSI",
    "PDI",
    "StandingLine",
    "Summary",
    "build_summary",
    "format_started",
    "isolate",
    "join_names",
]


def isolate(text: str) -> str:
    """``text`` as a bidi isolate (FSI … PDI), its direction taken from its
    first strong letter and kept out of the text around it.

    >>> isolate("سارة") == "\u2068سارة\u2069"
    True
    """
    return FSI + text + PDI


@dataclass(frozen=True)
class StandingLine:
    """One player in the standings.

    Attributes:
        place: 1-based place (shared places repeat: 1, 1, 3).
        player: the name as seated.
        seat: 0-based seat (for the chart colour).
        total: the total in points.
        place_text: the place as shown (``"1."``).
        total_text: the total formatted for the language.
        behind: points behind the leader (0 for a leader).
        behind_text: ``behind`` formatted for the language.
        phase_text: in a progress game (RULES.md §8), the player's phase
            as the score sheet shows it ("phase 10 ✓", "phase 1"; places go
            by phases first); "" in other games.
    """

    place: int
    player: str
    seat: int
    total: int
    place_text: str
    total_text: str
    behind: int = 0
    behind_text: str = "0"
    phase_text: str = ""


@dataclass(frozen=True)
class Summary:
    """A session summary, every string in one language.

    Attributes:
        title: the game's name.
        date: when the session started (``None`` if the file has no
            ``started_at``).
        players: "Players: A, B and C" ("Teams: Kari & Per and Ola & Liv"
            for a session played in teams, whose standings, hand table and
            winners are then the teams', each named "Kari & Per").
        rules: target or rounds, scoring direction, when it finished.
        options: how the session is played where that differs from the
            game's defaults ("Played with: …"; RULES.md: a session shows how
            it was played), or "" when it is played as the game comes.
        result: the winner(s), or that it is not finished yet and who leads.
        finished: whether the session has ended.
        winners: the winners (empty until finished).
        standings_title: "Final standings" or "Standings".
        place_label, player_label, total_label: standings column headings.
        standings: players best first (seat order within a shared place).
        hands_title: the hand table's heading.
        hand_label: the hand-number column heading.
        points_label, sum_label: the per-player sub-column headings.
        player_names: names in seat order (hand-table column order).
        points_columns, total_columns: per player in seat order, one-line
            column headings ("Åse: points", "Åse: total") for tables with a
            single header row (Markdown, CSV).
        hands: per hand ``(number text, ((points text, total text) per
            player in seat order))``.
        hand_values: the same as whole numbers: per hand, per player
            ``(points, total)``.
        out_label: the heading of the column that says how each hand ended
            ("Went out"), or "" in a game nobody goes out of (tricks).
        hands_out: per hand, who went out, or the game's word for a hand
            nobody went out of ("Blocked"); "" per hand when ``out_label``
            is "".
        notes_title: the notes heading.
        notes: "Hand 2: …" lines for hands with a note.
        phase_label: in a progress game, the heading of the standings'
            phase column ("Phase"); "" in other games (no such column).
        stage_columns: in a progress game, per player in seat order, the
            one-line heading of a column of phases completed ("Ada: phases
            completed", the CSV's); empty in other games.
        hand_stages: per hand, per player in seat order, the phases
            completed after that hand (whole numbers); empty in other games.
    """

    title: str
    date: str | None
    players: str
    rules: str
    options: str
    result: str
    finished: bool
    winners: tuple[str, ...]
    standings_title: str
    place_label: str
    player_label: str
    total_label: str
    standings: tuple[StandingLine, ...]
    hands_title: str
    hand_label: str
    points_label: str
    sum_label: str
    player_names: tuple[str, ...]
    points_columns: tuple[str, ...]
    total_columns: tuple[str, ...]
    hands: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    hand_values: tuple[tuple[tuple[int, int], ...], ...]
    out_label: str
    hands_out: tuple[str, ...]
    notes_title: str
    notes: tuple[str, ...]
    phase_label: str = ""
    stage_columns: tuple[str, ...] = ()
    hand_stages: tuple[tuple[int, ...], ...] = ()


def integer_formatter() -> Callable[[int], str]:
    """A fast :func:`app.i18n.format_number` for whole numbers in the active
    language (a summary of 500 hands formats thousands of them).

    It groups digits with the language's separator, as Babel does; it checks
    itself against Babel on sample numbers and falls back to Babel if they
    differ (a locale with other grouping rules).

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     fmt = integer_formatter()
    ...     fmt(1234567) == format_number(1234567), fmt(-45)
    (True, '-45')
    """
    group = format_number(1000)[1:-3]
    minus = format_number(-1)[:-1]

    def fast(number: int) -> str:
        text = f"{abs(number):,}".replace(",", group)
        return minus + text if number < 0 else text

    checks = (0, 7, -7, 999, 1000, -1234, 12345, 123456, 1234567, -98765432)
    if all(fast(n) == format_number(n) for n in checks):
        return fast
    return format_number


def format_started(started_at: str | None) -> str | None:
    """A session's ``started_at`` (ISO 8601 with offset) as the date and the
    time of day (:func:`app.i18n.format_date`), in the wall-clock time of the
    stored offset, e.g. "28 Nov 2026, 16:00"; ``None`` stays ``None``.

    Raises:
        ValueError: if ``started_at`` is not ISO 8601.
    """
    if started_at is None:
        return None
    return format_date(datetime.fromisoformat(started_at), time=True, local=False)


def _rules_line(doc: SessionDoc, result: SessionResult) -> str:
    """How the session ends, in one line: its rounds, its target, both
    (``end: either``), or the last phase of a progress game (RULES.md §8:
    the winner is found among those who completed it); then whether the
    lowest total wins and when it finished."""
    table = result.standings
    stages = doc.rules.stages(doc.options)
    if stages is not None:
        rule = phase_end(stages, lowest_wins=table.lowest_wins)
        return _finished(table, rule)
    if table.rounds is not None and table.target is not None:
        rule = ngettext(
            "{n} round or a total of {target}, whichever comes first",
            "{n} rounds or a total of {target}, whichever comes first",
            table.rounds,
            target=format_number(table.target),
        )
    elif table.rounds is not None:
        rule = ngettext("{n} round", "{n} rounds", table.rounds)
    elif table.target is not None:
        rule = ngettext("Target: {n} point", "Target: {n} points", table.target)
    else:
        rule = ""
    if table.lowest_wins:
        rule = _("{rule}; lowest total wins", rule=rule) if rule else _("Lowest total wins")
    return _finished(table, rule)


def _finished(table: Standings, rule: str) -> str:
    if table.finished_after is not None and not rule:
        return ngettext("finished after {n} hand", "finished after {n} hands", table.finished_after)
    if table.finished_after is not None:
        rule = _(
            "{rule}; {finished}",
            rule=rule,
            finished=ngettext(
                "finished after {n} hand", "finished after {n} hands", table.finished_after
            ),
        )
    return rule


def _options_line(doc: SessionDoc) -> str:
    """Every option that differs from the game's default, in words, but the
    target or rounds (the rules line says those); "" when there are none."""
    chosen = doc.rules.options_to_dict(doc.options)
    kept = {key: value for key, value in chosen.items() if type(value) is not int}
    lines = describe_options(doc.rules, kept) if kept else []
    if not lines:
        return ""
    return _("Played with: {options}", options="; ".join(lines))


def _result_line(result: SessionResult, mark: Callable[[str], str], teams: bool) -> str:
    table = result.standings
    if table.finished and teams:  # RULES.md §5: the winners are partnerships
        return ngettext(
            "Winning team: {names}",
            "Winning teams: {names}",
            len(table.winners),
            names=join_names([mark(p) for p in table.winners]),
        )
    if table.finished:
        return ngettext(
            "Winner: {names}",
            "Winners: {names}",
            len(table.winners),
            names=join_names([mark(p) for p in table.winners]),
        )
    if not table.running:
        return _("Not finished yet; no hands played")
    return _(
        "Not finished yet; in the lead: {names}", names=join_names([mark(p) for p in table.leaders])
    )


def _as_typed(text: str) -> str:
    return text


_isolate = isolate


def build_summary(doc: SessionDoc, result: SessionResult, *, isolate: bool = False) -> Summary:
    """Everything a summary shows, translated into the active language.

    ``result`` must be ``scoring.score_session(doc)`` (or its teams' view,
    :func:`~app.reports.team_result.by_team`: a session played in teams is
    summed up a team at a time either way). With ``isolate``, every
    name and note inside a longer string (players, result, the one-line column
    headings, notes) is a bidi isolate (:func:`isolate`); without it (CSV,
    where a spreadsheet cell holds the text) names are left as typed.

    Raises:
        ValueError: if ``doc.started_at`` is not ISO 8601 (``read_session``
            already refuses such files).
    """
    if not isolate:
        with names_as_typed():
            return _build(doc, result, _as_typed)
    return _build(doc, result, _isolate)


def _build(doc: SessionDoc, result: SessionResult, mark: Callable[[str], str]) -> Summary:
    result = by_team(doc, result)  # partnerships: one entry a team
    teams = teams_of(doc) is not None
    table = result.standings
    number_text = integer_formatter()
    seats = {player: seat for seat, player in enumerate(table.players)}
    order = sorted(table.players, key=lambda p: (table.places[p], seats[p]))
    stages = doc.rules.stages(doc.options)  # a progress game (RULES.md §8)
    counts = table.stages if stages is not None else None
    standings = tuple(
        StandingLine(
            place=table.places[player],
            player=player,
            seat=seats[player],
            total=table.totals[player],
            place_text=_("{place}.", place=format_number(table.places[player])),
            total_text=format_number(table.totals[player]),
            behind=table.gap_to_leader[player],
            behind_text=format_number(table.gap_to_leader[player]),
            phase_text=""
            if counts is None or stages is None
            else phase_label(counts.get(player, 0), stages),
        )
        for player in order
    )
    values = tuple(
        tuple((points[player], running[player]) for player in table.players)
        for points, running in zip(table.hand_points, table.running, strict=True)
    )
    hands = tuple(
        (number_text(number), tuple((number_text(p), number_text(t)) for p, t in row))
        for number, row in enumerate(values, 1)
    )
    game = doc.rules
    goes_out = game.can_go_out(doc.options)
    blocked = blocked_label(game.blocked_term)
    hands_out = tuple(
        "" if not goes_out else blocked if hand.went_out is None else mark(hand.went_out)
        for hand in doc.hands
    )
    notes = tuple(
        _("Hand {hand}: {note}", hand=format_number(number), note=mark(hand.note))
        for number, hand in enumerate(doc.hands, 1)
        if hand.note
    )
    return Summary(
        title=game_name(doc.rules),
        date=format_started(doc.started_at),
        players=_("Teams: {names}", names=join_names([mark(p) for p in table.players]))
        if teams
        else _("Players: {names}", names=join_names([mark(p) for p in doc.players])),
        rules=_rules_line(doc, result),
        options=_options_line(doc),
        result=_result_line(result, mark, teams),
        finished=table.finished,
        winners=table.winners,
        standings_title=_("Final standings") if table.finished else _("Standings"),
        place_label=_("Place"),
        player_label=_("Team") if teams else _("Player"),
        total_label=_("Total"),
        standings=standings,
        hands_title=_("Hand by hand"),
        hand_label=_("Hand"),
        points_label=_("points"),
        sum_label=_("total"),
        player_names=tuple(table.players),
        points_columns=tuple(_("{player}: points", player=mark(p)) for p in table.players),
        total_columns=tuple(_("{player}: total", player=mark(p)) for p in table.players),
        hands=hands,
        hand_values=values,
        out_label=_("Went out") if goes_out else "",
        hands_out=hands_out,
        notes_title=_("Notes"),
        notes=notes,
        phase_label=_("Phase") if counts is not None else "",
        stage_columns=()
        if counts is None
        else tuple(_("{player}: phases completed", player=mark(p)) for p in table.players),
        hand_stages=() if counts is None else stages_after_each_hand(table.players, result),
    )
