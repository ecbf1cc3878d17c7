"""Sentences that explain a hand's score (:class:`scoring.codes.BreakdownCode`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from app.i18n import N_, _, format_number, ngettext
from app.messages._echo import _shown, _where
from app.messages.cards import card_text, join_and, suit_name, words
from scoring.cards import Suit
from scoring.codes import BreakdownCode

if TYPE_CHECKING:
    from scoring import BreakdownItem
    from scoring.definition import Words


def describe_breakdown(item: BreakdownItem | Any, flags: Mapping[str, Words] | None = None) -> str:
    """One translated line explaining part of a hand's score.

    Args:
        item: a :class:`scoring.BreakdownItem` (``code``, ``points``,
            ``count``, ``value``, ``player``).
        flags: the names of the game's hand flags by id (a game definition's),
            for a flag's line; the built-in flags are named without.

    Returns:
        e.g. ``"4 runs × 20 = 80"``, ``"25 from Bjørn's cards"``,
        ``"-18 for own cards left"`` (the minus sign of every other number
        the app shows). An unknown code gives ``"<code>: <points>"``.

    >>> from app.i18n import use_language
    >>> from scoring import BreakdownItem
    >>> with use_language("nb"):
    ...     describe_breakdown(BreakdownItem("collected", 25, value=25, player="Bjørn"))
    '25 fra kortene til Bjørn'
    """
    code = getattr(item, "code", "")
    points, count, value = item.points, item.count, item.value
    who = item.player or ""
    if code == BreakdownCode.RUNS:
        return ngettext(
            "{n} run × {value} = {points}",
            "{n} runs × {value} = {points}",
            count,
            value=format_number(value),
            points=format_number(points),
        )
    if code == BreakdownCode.MATCHING_PAIRS:
        return ngettext(
            "{n} matching pair × {value} = {points}",
            "{n} matching pairs × {value} = {points}",
            count,
            value=format_number(value),
            points=format_number(points),
        )
    if code == BreakdownCode.COLLECTED:
        return _("{points} from {player}'s cards", points=format_number(points), player=who)
    if code == BreakdownCode.BLOCKED_DIFFERENCE:
        return _(
            "{points} from {player} ({value} − {own})",
            points=format_number(points),
            player=who,
            value=format_number(value),
            own=format_number(value - points),
        )
    if code == BreakdownCode.OWN_LEFTOVER:
        return _("{points} for own cards left", points=format_number(points))
    if code == BreakdownCode.PENALTY:
        return ngettext(
            "{n} penalty point for cards left",
            "{n} penalty points for cards left",
            points,
        )
    if code == BreakdownCode.OWN_CARDS:
        return ngettext("{n} point for own cards", "{n} points for own cards", points)
    if code == BreakdownCode.WILD:
        return ngettext(
            "{n} wild card × {value} = {points}",
            "{n} wild cards × {value} = {points}",
            count,
            value=format_number(value),
            points=format_number(points),
        )
    if code == BreakdownCode.BID_MADE:
        return _("Bid {bid} made: {points}", bid=format_number(value), points=format_number(points))
    if code == BreakdownCode.BID_MISSED:
        return _(
            "Bid {bid} missed: {points}", bid=format_number(value), points=format_number(points)
        )
    if code == BreakdownCode.PENALTY_TAKEN:
        return ngettext(
            "{n} penalty point for cards taken",
            "{n} penalty points for cards taken",
            points,
        )
    if code == BreakdownCode.OWN_TAKEN:
        return ngettext("{n} point for cards taken", "{n} points for cards taken", points)
    if code == BreakdownCode.BLOCKED_TIE:
        return ngettext(
            "Nobody scores: {players} share the lowest hand, {n} point each",
            "Nobody scores: {players} share the lowest hand, {n} points each",
            value,
            players=join_and(_shown(p) for p in item.players),
        )
    if code == BreakdownCode.BLOCKED_NO_SCORE:
        return _("Nobody scores: with these rules a hand nobody goes out of scores nothing")
    if code in _CAPTURED:
        return _captured(item, flags)
    named = (flags or {}).get(item.flag or "")
    flag = words(named) if named is not None else flag_name(item.flag or "")
    if code == BreakdownCode.FLAG_MULTIPLIED:
        if count == 2:
            return _("+{points} for {flag} (doubled)", points=format_number(points), flag=flag)
        return _(
            "+{points} for {flag} (×{times})",
            points=format_number(points),
            flag=flag,
            times=format_number(count),
        )
    if code == BreakdownCode.FLAG_OTHERS_MULTIPLIED:
        if count == 2:
            return _(
                "+{points}: {player} called {flag} (doubled)",
                points=format_number(points),
                player=who,
                flag=flag,
            )
        return _(
            "+{points}: {player} called {flag} (×{times})",
            points=format_number(points),
            player=who,
            flag=flag,
            times=format_number(count),
        )
    if code == BreakdownCode.FLAG_BONUS:
        return _("+{points} for {flag}", points=format_number(points), flag=flag)
    if code == BreakdownCode.FLAG_TO_OTHERS:
        return _(
            "{points}: {player} called {flag}",
            points=format_number(points),
            player=who,
            flag=flag,
        )
    return f"{_shown(code)}: {format_number(points)}"


#: A captured hand's lines (RULES.md §5).
_CAPTURED = (BreakdownCode.MOST, BreakdownCode.NAMED, BreakdownCode.EVENT)
_SUITS = {suit.value: suit for suit in Suit}


def _compared(what: str | None) -> str:
    """What a comparison of captured piles counts, as "most …" words."""
    if what in _SUITS:
        return _("most {suit}", suit=suit_name(_SUITS[what]))
    return _("most cards")


def _captured(item: BreakdownItem | Any, flags: Mapping[str, Words] | None) -> str:
    """A captured hand's line: a comparison won (or tied), a named card, an event."""
    code, points, count, value = item.code, item.points, item.count, item.value
    if code == BreakdownCode.MOST:
        if item.players and not points:  # a tie that nobody scores: a note
            return _(
                "Nobody scores {what}: {players} have {count} each",
                what=_compared(item.item),
                players=join_and(_shown(p) for p in item.players),
                count=format_number(value),
            )
        if item.players:
            return _(
                "+{points} for {what} ({count}, shared with {players})",
                points=format_number(points),
                what=_compared(item.item),
                count=format_number(value),
                players=join_and(_shown(p) for p in item.players),
            )
        return _(
            "+{points} for {what} ({count})",
            points=format_number(points),
            what=_compared(item.item),
            count=format_number(value),
        )
    if code == BreakdownCode.NAMED:
        return _("+{points} for {card}", points=format_number(points), card=card_text(item.item))
    named = (flags or {}).get(item.item or "")
    event = words(named) if named is not None else flag_name(item.item or "")
    return _(
        "+{points} for {event} ({count} × {value})",
        points=format_number(points),
        event=event,
        count=format_number(count),
        value=format_number(value),
    )


#: The hand flags (and events) of the built-in games (a custom game names its own).
FLAG_NAMES: Mapping[str, str] = {
    "rummy": N_("going rummy"),
    "moon": N_("shooting the moon"),
    "sweep": N_("sweeps"),
    "last_capture": N_("the last capture"),
}


def flag_name(flag: str) -> str:
    """A hand flag's name in the active language (its id when unknown)."""
    name = FLAG_NAMES.get(flag)
    return _(name) if name else _shown(flag.replace("_", " "))


#: Every breakdown code :func:`describe_breakdown` explains.
BREAKDOWN_CODES: frozenset[BreakdownCode] = frozenset(
    {
        BreakdownCode.RUNS,
        BreakdownCode.MATCHING_PAIRS,
        BreakdownCode.COLLECTED,
        BreakdownCode.BLOCKED_DIFFERENCE,
        BreakdownCode.OWN_LEFTOVER,
        BreakdownCode.PENALTY,
        BreakdownCode.OWN_CARDS,
        BreakdownCode.PENALTY_TAKEN,
        BreakdownCode.OWN_TAKEN,
        BreakdownCode.FLAG_MULTIPLIED,
        BreakdownCode.FLAG_OTHERS_MULTIPLIED,
        BreakdownCode.FLAG_BONUS,
        BreakdownCode.FLAG_TO_OTHERS,
        BreakdownCode.BLOCKED_TIE,
        BreakdownCode.BLOCKED_NO_SCORE,
        BreakdownCode.WILD,
        BreakdownCode.MOST,
        BreakdownCode.NAMED,
        BreakdownCode.EVENT,
        BreakdownCode.BID_MADE,
        BreakdownCode.BID_MISSED,
    }
)


def describe_note(item: BreakdownItem | Any, hand: int | None = None) -> str:
    """A note on a whole hand (``HandScore.notes``: why nobody scored it), with
    the hand named when ``hand`` is given.

    >>> from app.i18n import use_language
    >>> from scoring import BreakdownItem
    >>> tie = BreakdownItem("blocked_tie", 0, 2, 5, players=("Anna", "Bo"))
    >>> with use_language("en"):
    ...     describe_note(tie, 3)
    'Hand 3: Nobody scores: Anna and Bo share the lowest hand, 5 points each'
    """
    return _where(hand, None, describe_breakdown(item))


def describe_total(
    items: Iterable[BreakdownItem], total: int, flags: Mapping[str, Words] | None = None
) -> str:
    """All of a player's breakdown lines joined, with the hand's total.

    >>> from app.i18n import use_language
    >>> from scoring import BreakdownItem
    >>> items = [BreakdownItem("runs", 80, 4, 20), BreakdownItem("matching_pairs", 50, 1, 50)]
    >>> with use_language("en"):
    ...     describe_total(items, 130)
    '4 runs × 20 = 80; 1 matching pair × 50 = 50 (total 130)'
    """
    lines = [describe_breakdown(item, flags) for item in items]
    if not lines:
        return _("No points this hand")
    return _("{lines} (total {total})", lines="; ".join(lines), total=format_number(total))
