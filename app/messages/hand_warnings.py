"""Sentences for card-conservation warnings (:class:`scoring.codes.WarningCode`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from app.i18n import _, format_number, ngettext
from app.messages._echo import _where
from app.messages.cards import card_text, suit_name
from scoring.cards import Suit
from scoring.codes import WarningCode

if TYPE_CHECKING:
    from scoring import ScoreWarning


def _times(count: int) -> str:
    return ngettext("entered {n} time", "entered {n} times", count)


def _rank_count(w: ScoreWarning) -> str:
    return ngettext(
        "{card} {entered}, but the cards in play hold only {n}",
        "{card} {entered}, but the cards in play hold only {n}",
        w.expected,
        card=card_text(w.card),
        entered=_times(w.count),
    )


def _card_count(w: ScoreWarning) -> str:
    return ngettext(
        "{card} {entered}, but only {n} deck is in play",
        "{card} {entered}, but only {n} decks are in play",
        w.expected,
        card=card_text(w.card),
        entered=_times(w.count),
    )


def _hand_size(w: ScoreWarning) -> str:
    return ngettext(
        "{player} has {n} card in runs and hand, not {expected}",
        "{player} has {n} cards in runs and hand, not {expected}",
        w.count,
        player=w.player or "",
        expected=format_number(w.expected),
    )


def _tricks_total(w: ScoreWarning) -> str:
    return ngettext(
        "The tricks taken add up to {taken}, but this deal dealt {n} card each",
        "The tricks taken add up to {taken}, but this deal dealt {n} cards each",
        w.expected,
        taken=format_number(w.count),
    )


def _round_cards(w: ScoreWarning) -> str:
    return ngettext(
        "{player} has {n} card left, but this round dealt {expected}",
        "{player} has {n} cards left, but this round dealt {expected}",
        w.count,
        player=w.player or "",
        expected=format_number(w.expected),
    )


def _dealt_cards(w: ScoreWarning) -> str:
    return ngettext(
        "{player} has {n} card left, but each hand deals only {expected}",
        "{player} has {n} cards left, but each hand deals only {expected}",
        w.count,
        player=w.player or "",
        expected=format_number(w.expected),
    )


def _counted(what: str | None) -> str:
    """What a captured pile's count counts: the cards, or a suit's cards."""
    if what == "cards" or not what:
        return _("cards")
    suits = {suit.value: suit for suit in Suit}
    return suit_name(suits[what]) if what in suits else what


def _capture_total(w: ScoreWarning) -> str:
    return ngettext(
        "The piles hold {n} {counted} in all, but the cards in play hold {expected}",
        "The piles hold {n} {counted} in all, but the cards in play hold {expected}",
        w.count,
        counted=_counted(w.card),
        expected=format_number(w.expected),
    )


def _named_card_count(w: ScoreWarning) -> str:
    if not w.count:
        return _("{card} is in nobody's pile", card=card_text(w.card))
    return ngettext(
        "{card} is in {n} pile",
        "{card} is in {n} piles",
        w.count,
        card=card_text(w.card),
    )


def _named_suit_count(w: ScoreWarning) -> str:
    return ngettext(
        "{player} has {n} {counted}, but {expected} of them are named cards",
        "{player} has {n} {counted}, but {expected} of them are named cards",
        w.count,
        player=w.player or "",
        counted=_counted(w.card),
        expected=format_number(w.expected),
    )


def _plain_number(w: ScoreWarning) -> str:
    return _(
        "{player}'s cards were entered as points, so they cannot be checked",
        player=w.player or "",
    )


def _no_cards(w: ScoreWarning) -> str:
    if w.player:
        return _(
            "{player} did not go out, but no cards were entered for them",
            player=w.player,
        )
    # (the player who went out holds none; in a game of tricks nobody goes out)
    return _("No cards or points were entered for this hand")


_WARNINGS: Mapping[WarningCode, Callable[[ScoreWarning], str]] = {
    WarningCode.RANK_COUNT: _rank_count,
    WarningCode.CARD_COUNT: _card_count,
    WarningCode.HAND_SIZE: _hand_size,
    WarningCode.PLAIN_NUMBER: _plain_number,
    WarningCode.NO_CARDS: _no_cards,
    WarningCode.ROUND_CARDS: _round_cards,
    WarningCode.DEALT_CARDS: _dealt_cards,
    WarningCode.CAPTURE_TOTAL: _capture_total,
    WarningCode.NAMED_CARD_COUNT: _named_card_count,
    WarningCode.NAMED_SUIT_COUNT: _named_suit_count,
    WarningCode.TRICKS_TOTAL: _tricks_total,
}

#: Every warning code :func:`describe_warning` has a sentence for.
WARNING_CODES: frozenset[WarningCode] = frozenset(_WARNINGS)


def describe_warning(warning: ScoreWarning | Any) -> str:
    """One translated line for a card-conservation warning (the hand is named if known).

    Args:
        warning: a :class:`scoring.ScoreWarning` (``code``, ``card``,
            ``player``, ``count``, ``expected``, ``hand``).

    Returns:
        e.g. ``"Hand 4: 7 of hearts entered 2 times, but only 1 deck is in play"``.
        An unknown code gives a generic sentence naming the code.
    """
    describer = _WARNINGS.get(getattr(warning, "code", None))  # type: ignore[arg-type]
    if describer is not None:
        problem = describer(warning)
    else:
        problem = _("Unusual input ({code})", code=getattr(warning, "code", "?"))
    return _where(getattr(warning, "hand", None), None, problem)


def describe_sheet_warnings(hands: Sequence[Any]) -> list[str]:
    """One line per warning of a stored score sheet that the hand screen
    would have asked about (:attr:`scoring.codes.WarningCode.asks`: not typed
    points, which the sheet shows as such), each naming its hand: ``hands``
    is a session's hand lines, oldest first (each with its ``warnings``:
    :class:`models.views.HandLine`), as an import stores them (their
    warnings count as confirmed). The lines ``kortpoeng score`` prints for
    the same file, e.g. ``"Hand 1: Bo has 14 cards left, but this round
    dealt 3"``."""
    from scoring import ScoreWarning

    return [
        describe_warning(ScoreWarning(w.code, w.card, w.player, w.count, w.expected, number))
        for number, line in enumerate(hands, 1)
        for w in line.warnings
        if WarningCode(w.code).asks
    ]
