"""A game definition's rules in words (GAME_FORMAT.md), for the rules screen
and ``kortpoeng game show``: the definition says everything, this module puts
it into sentences in the active language.

>>> from app.i18n import use_language
>>> from scoring import builtin_definition
>>> with use_language("en"):
...     dict(rules_in_words(builtin_definition("hearts")))["When nobody goes out"]
'Every player scores the cards they took.'
"""

from __future__ import annotations

from typing import Any

from app.game_text_bids import bids_in_words
from app.game_text_captures import captures_in_words
from app.game_text_progress import progress_end, stages_in_words
from app.game_words import GAME_RULES
from app.i18n import _, format_number, ngettext
from app.messages import card_label, key_label, player_range, round_text, words
from scoring import BUILTIN_GAME_IDS, Card, Face, builtin_definition
from scoring.codes import DefinitionWarningCode
from scoring.definition import (
    Blocked,
    Counted,
    End,
    Flag,
    FlagEffect,
    FlagPlayer,
    GameDefinition,
    HandKind,
    Key,
    NextDealer,
    OptionKind,
    WentOut,
    Winner,
    definition_warnings,
)

__all__ = ["describe_flag", "keys_in_words", "rules_in_words", "rules_text"]


def _key(key: Key) -> str:
    """``8 = 50``, ``Q♠ = 13, Q♥ = 1, Q in other suits = 0``, ``Draw Two = 20``."""
    if key.rank is None:
        return f"{key_label(Face(key.id), key.name)} = {format_number(key.points)}"
    label = card_label(Card(key.rank))
    if not key.suits:
        return f"{label} = {format_number(key.points)}"
    parts = [f"{label}{suit.symbol} = {format_number(points)}" for suit, points in key.suits]
    if len(key.suits) < 4 and key.points:
        parts.append(
            _("{card} in other suits = {points}", card=label, points=format_number(key.points))
        )
    return ", ".join(parts)


def keys_in_words(definition: GameDefinition) -> str:
    """Every key and its points, in the definition's order."""
    return "; ".join(_key(key) for key in definition.keys)


def describe_flag(flag: Flag) -> str:
    """``Went out in one go: the points × 2 (only for who went out)``."""
    amount = format_number(flag.amount)
    if flag.effect is FlagEffect.MULTIPLY:
        effect = _("that player's points for the hand × {n}", n=amount)
    elif flag.effect is FlagEffect.OTHERS_MULTIPLY:
        effect = _("every other player's points for the hand × {n}", n=amount)
    elif flag.effect is FlagEffect.BONUS:
        effect = _("that player scores {n} more", n=amount)
    else:
        effect = _("that player scores 0, every other player {n}", n=amount)
    who = (
        _("for the player who went out")
        if flag.player is FlagPlayer.WENT_OUT
        else _("for any one player")
    )
    text = f"{words(flag.name)} ({who}): {effect}"
    if not flag.in_play:
        text += " " + _("(only with an option that brings it in)")
    return text


def _went_out(definition: GameDefinition) -> str:
    counted = definition.counted is Counted.TRICKS
    if definition.went_out is WentOut.COLLECTS:
        return _("The player who went out scores the value of every card the others hold.")
    if definition.went_out is WentOut.OWN:
        if definition.winner is Winner.LOWEST:
            return _("Every other player scores the cards they hold as penalty points.")
        return _("Every other player scores the value of the cards they hold.")
    if counted:
        return _("Nobody goes out: each hand is played to its last trick.")
    return _("Nobody goes out in this game.")


def _blocked(definition: GameDefinition) -> str:
    tricks = definition.counted is Counted.TRICKS
    if definition.blocked is Blocked.LOWEST_COLLECTS:
        return _(
            "The player with the lowest cards scores the difference to each other player; "
            "with two or more lowest, nobody scores."
        )
    if definition.blocked is Blocked.NO_SCORE:
        return _("Nobody scores.")
    if definition.blocked is Blocked.OWN:
        return (
            _("Every player scores the cards they took.")
            if tricks
            else _("Every player scores the cards they hold.")
        )
    return _("A hand cannot end with nobody out.")


def _end(definition: GameDefinition) -> str:
    if definition.progress is not None:  # a progress game (RULES.md §8)
        return progress_end(definition)
    target = format_number(definition.target or 0)
    rounds = definition.rounds or 0
    if definition.end is End.TARGET:
        text = _(
            "The session ends after the hand in which a total reaches {target}.", target=target
        )
    elif definition.end is End.ROUNDS:
        text = ngettext(
            "The session ends after {n} hand.", "The session ends after {n} hands.", rounds
        )
    elif definition.end is End.SCHEDULE and definition.schedule is not None:
        text = ngettext(
            "The session ends after its schedule's {n} round.",
            "The session ends after its schedule's {n} rounds.",
            len(definition.schedule.rounds),
        )
    else:
        text = ngettext(
            "The session ends after {n} hand, or when a total reaches {target}, "
            "whichever comes first.",
            "The session ends after {n} hands, or when a total reaches {target}, "
            "whichever comes first.",
            rounds,
            target=target,
        )
    winner = (
        _("The highest total wins; equal totals share the place.")
        if definition.winner is Winner.HIGHEST
        else _("The lowest total wins; equal totals share the place.")
    )
    return f"{text} {winner}"


def _schedule(definition: GameDefinition) -> str:
    """Each round of the schedule on a line of its own, and what a wild card
    left in hand is worth."""
    schedule = definition.schedule
    assert schedule is not None
    total = len(schedule.rounds)
    lines = [round_text(i, total, row) for i, row in enumerate(schedule.rounds, 1)]
    if schedule.wild_points is not None:
        lines.append(
            ngettext(
                "A card of the round's wild rank left in hand: {n} point.",
                "A card of the round's wild rank left in hand: {n} points.",
                schedule.wild_points,
            )
        )
    return "\n".join(lines)


def _players(definition: GameDefinition) -> str:
    text = player_range(definition.min_players, definition.max_players) + "."
    for start, decks in definition.decks:
        text += " " + ngettext(
            "From {players} players: {n} deck.",
            "From {players} players: {n} decks.",
            decks,
            players=format_number(start),
        )
    if definition.jokers_per_deck:
        text += " " + ngettext(
            "{n} joker a deck.", "{n} jokers a deck.", definition.jokers_per_deck
        )
    return text


def rules_in_words(definition: GameDefinition) -> list[tuple[str, str]]:
    """The rules of a game defined as data as (heading, text) pairs in the
    active language: what the players read on the rules screen."""
    out: list[tuple[str, str]] = []
    if definition.description is not None:
        out.append((_("The game"), words(definition.description)))
    out.append((_("Players"), _players(definition)))
    if definition.hand is HandKind.BIDS:  # bids and tricks (RULES.md §7): nothing counted
        out += bids_in_words(definition)
    elif definition.hand is HandKind.CAPTURED:  # captured piles (RULES.md §5)
        out += captures_in_words(definition)
        if definition.flags:
            out.append((_("Hand flags"), "\n".join(describe_flag(f) for f in definition.flags)))
        out.append((_("The end"), _end(definition)))
    else:
        counted = (
            _("Count the cards each player took in tricks.")
            if definition.counted is Counted.TRICKS
            else _("Count the cards each player is left holding.")
        )
        out.append((_("Card values"), f"{counted} {keys_in_words(definition)}"))
        out.append((_("When someone goes out"), _went_out(definition)))
        out.append((_("When nobody goes out"), _blocked(definition)))
        if definition.schedule is not None:
            out.append((_("Rounds"), _schedule(definition)))
        if definition.progress is not None:  # phases (RULES.md §8)
            out.append((_("Phases"), stages_in_words(definition)))
        if definition.flags:
            out.append((_("Hand flags"), "\n".join(describe_flag(f) for f in definition.flags)))
        out.append((_("The end"), _end(definition)))
    if definition.next_dealer is NextDealer.WINNER_OF_TWO:
        out.append((_("Dealer"), _("With two players, whoever went out deals the next hand.")))
    unused = {  # a target (or rounds) no end uses is never offered
        w.params["option"]
        for w in definition_warnings(definition)
        if w.code == DefinitionWarningCode.NUMBER_NOT_USED
    }
    from app.messages.choice_words import choices_all_alike  # (imports the bids scoring)

    offered = [  # nor a choice whose choices all give the same
        o
        for o in definition.options
        if (o.kind is not OptionKind.NUMBER or o.id not in unused)
        and not choices_all_alike(definition, o)
    ]
    if offered:
        lines = []
        for option in offered:
            line = words(option.name)
            if option.description is not None:
                line += ": " + words(option.description)
            lines.append(line)
        out.append((_("Options when a session starts"), "\n".join(lines)))
    if definition.source is not None:
        source = definition.source
        parts = [source.title, source.publisher or "", source.url or ""]
        out.append((_("Rule book"), " · ".join(p for p in parts if p)))
    return out


def rules_text(game: Any) -> list[tuple[str, str]]:
    """The rules in short as (heading, text) pairs, translated. ``game`` is a
    game's id, its rules object or its definition: a game defined as data is
    described from its definition (a built-in one's named by its id too), the
    coded game by its own words (none for a game without words of its own)."""
    if isinstance(game, str):
        definition = builtin_definition(game) if game in BUILTIN_GAME_IDS else None
    elif isinstance(game, GameDefinition):
        definition = game
    else:
        definition = getattr(game, "definition", None)
    if definition is not None:
        return rules_in_words(definition)
    game_id = game if isinstance(game, str) else getattr(game, "id", "")
    return [(_(heading), _(text)) for heading, text in GAME_RULES.get(game_id, ())]
