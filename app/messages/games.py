"""Games, options and statistics figures in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from app.game_words import GAME_DESCRIPTIONS, GAME_NAMES
from app.i18n import N_, _, format_number, format_percent, ngettext
from app.messages._echo import _shown
from app.messages.cards import words
from scoring import CodedError
from scoring.codes import Expected

if TYPE_CHECKING:  # loaded when a definition is first needed: naming a game by id needs none
    from scoring import GameDefinition, GameRules
    from scoring.definition import Round

#: Option key → label (SESSION_FORMAT.md option table).
OPTION_NAMES: Mapping[str, str] = {
    "target": N_("Target score"),
    "rounds": N_("Number of rounds"),
    "scoring": N_("Scoring"),
    "blocked_scoring": N_("Blocked hand"),
    "skip_aces": N_("Ace skips the next player"),
    "draw_two": N_("Two makes the next player draw two"),
    "reverse_queens": N_("Queen reverses direction"),
    "reverse_jokers": N_("Jokers reverse direction"),
    "one_card": N_("Say “one card” or draw two"),
    "ups_and_downs": N_("Ups and downs"),
    "reshuffle_discards": N_("Reshuffle the discard pile when the stock runs out"),
}

#: (option key, value) → label for options with named choices.
OPTION_VALUE_NAMES: Mapping[tuple[str, str], str] = {
    ("blocked_scoring", "lowest_collects"): N_("Lowest hand collects the differences"),
    ("blocked_scoring", "no_score"): N_("Nobody scores"),
    ("scoring", "penalty"): N_("Penalty points, lowest total wins"),
    ("scoring", "winner_collects"): N_("Winner collects, highest total wins"),
}

#: What a value should have been (``params["expected"]``, scoring's :class:`Expected`).
EXPECTED_NAMES: Mapping[Expected, str] = {
    Expected.BOOLEAN: N_("true or false"),
    Expected.WHOLE_NUMBER: N_("a whole number"),
    Expected.COUNT: N_("a count (a whole number, 0 or more)"),
    Expected.CARDS_OR_POINTS: N_("a list of cards or a whole number"),
    Expected.CARDS: N_("a list of cards"),
    Expected.NAMES: N_("a list of names"),
    Expected.LIST: N_("a list"),
    Expected.OBJECT: N_("an object"),
    Expected.TEXT: N_("text"),
    Expected.RANK: N_("a rank"),
    Expected.GAME_ID: N_("a game id"),
    Expected.PLAYER_NAME: N_("a player's name"),
    Expected.ID: N_("an id (lower-case letters, digits and _)"),
}


#: What a game calls a hand nobody went out of (``GameRules.blocked_term``).
BLOCKED_TERMS: Mapping[str, str] = {
    "blocked": N_("Blocked"),
    "nobody_out": N_("Nobody went out"),
}


def blocked_label(term: str) -> str:
    """The game's word for a hand nobody went out of, in the active language."""
    label = BLOCKED_TERMS.get(term)
    return _(label) if label else _("Nobody went out")


# The definitions of the games named lately, by id: a message that carries
# only a game's id (an error's params) names a custom game by it.
_SEEN: dict[str, GameDefinition] = {}


def _definition(game: Any) -> GameDefinition | None:
    """The definition behind ``game`` (a definition, a game's rules, a built-in
    game's id, or a custom game's id named lately), or ``None`` for the coded
    Four Suit Rummy."""
    from scoring import BUILTIN_GAME_IDS, GameDefinition, builtin_definition

    if isinstance(game, str):
        if game in BUILTIN_GAME_IDS:
            return builtin_definition(game)
        return _SEEN.get(game)
    definition = game if isinstance(game, GameDefinition) else getattr(game, "definition", None)
    if definition is not None and _SEEN.get(definition.id) is not definition:
        if len(_SEEN) >= 256:
            _SEEN.clear()
        _SEEN[definition.id] = definition
    return definition


def game_name(game: Any) -> str:
    """The game's name in the active language. ``game`` is a game's id, its
    rules (:class:`scoring.GameRules`) or its :class:`scoring.GameDefinition`:
    a game defined as data names itself in both languages, the coded game (and
    a built-in game named by its id alone, the same name: a quick command
    names it without reading its definition) by the catalogs; a custom game's
    id alone is shown as it is.

    >>> from app.i18n import use_language
    >>> from scoring import game_for
    >>> with use_language("nb"):
    ...     game_name("four_suit_rummy"), game_name("rummy"), game_name(game_for("hearts"))
    ('Firefarget rummy', 'Rummy', 'Hjerter')
    """
    game_id = game if isinstance(game, str) else getattr(game, "id", "")
    name = GAME_NAMES.get(game_id)
    if name and (isinstance(game, str) or getattr(game, "definition", None) is None):
        return _(name)
    definition = _definition(game)
    if definition is not None:
        return words(definition.name)
    return _(name) if name else _shown(game_id)


def format_rate(rate: float) -> str:
    """A win rate (0.0–1.0) as a whole percent in the active language
    (``50 %`` in Norwegian, ``50%`` in English): the statistics screen's and
    ``kortpoeng stats``'s."""
    return format_percent(rate)


def format_average(points: float) -> str:
    """Average points per hand, one decimal (``6,7`` / ``6.7``)."""
    return format_number(round(points, 1))


def format_best(best: int | None) -> str:
    """The best hand in points, or a dash when there is none."""
    return "–" if best is None else format_number(best)


def player_range(low: int, high: int) -> str:
    """How many can play, in the one way the app says it: "4 players" when
    the game is for exactly ``low`` (== ``high``), else "2–12 players"; no
    full stop (a sentence adds one)."""
    if low == high:
        return ngettext("{n} player", "{n} players", low)
    return _("{low}–{high} players", low=format_number(low), high=format_number(high))


def round_text(number: int, total: int, row: Round | None, wild_points: int | None = None) -> str:
    """Round ``number`` of a schedule of ``total`` in words, for the hand
    screen and the score sheet: "Round 5 of 11 · 7 cards · 7s wild" and the
    round's own text ("2 sets of 3") when it has one; the wild's points when
    ``wild_points`` is given ("7s wild (20)"). ``row`` ``None``: the round
    alone.

    >>> from app.i18n import use_language
    >>> from scoring.definition import Round
    >>> with use_language("en"):
    ...     round_text(5, 11, Round(7, "7")), round_text(9, 11, Round(11, "J"), 20)
    ('Round 5 of 11 · 7 cards · 7s wild', 'Round 9 of 11 · 11 cards · Js wild (20)')
    """
    from app.messages.cards import rank_label
    from scoring import Rank

    parts = [_("Round {n} of {total}", n=format_number(number), total=format_number(total))]
    if row is not None:
        parts.append(ngettext("{n} card", "{n} cards", row.cards))
        if row.wild is not None:
            wild = _("{rank}s wild", rank=rank_label(Rank(row.wild)))
            if wild_points is not None:
                wild += f" ({format_number(wild_points)})"
            parts.append(wild)
        if row.text is not None:
            parts.append(words(row.text))
    return " · ".join(parts)


def game_description(game: Any) -> str:
    """Two short lines about a game, for the game picker (empty if none);
    ``game`` as for :func:`game_name`."""
    game_id = game if isinstance(game, str) else getattr(game, "id", "")
    text = GAME_DESCRIPTIONS.get(game_id)
    if text and (isinstance(game, str) or getattr(game, "definition", None) is None):
        return _(text)
    definition = _definition(game)
    if definition is not None:
        # who can play first, as the coded games' lines say it ("2–12 players.")
        players = player_range(definition.min_players, definition.max_players) + "."
        if definition.description is None:
            return players
        return f"{players} {words(definition.description)}"
    return _(text) if text else ""


def option_name(key: str, game: Any = None) -> str:
    """The label of a game option (the key itself if unknown): a game defined
    as data (``game``: its rules or definition) names its own options."""
    definition = _definition(game) if game is not None else None
    if definition is not None:
        for option in definition.options:
            if option.id == key:
                return words(option.name)
    name = OPTION_NAMES.get(key)
    return _(name) if name else _shown(key)


def option_value_name(key: str, value: Any, game: Any = None) -> str:
    """The label of an option's value: a named choice, yes/no, or the number
    (a game defined as data names its own choices).

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     option_value_name("scoring", "penalty"), option_value_name("draw_two", True)
    ('Minuspoeng, lavest sum vinner', 'ja')
    """
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return format_number(value)
    definition = _definition(game) if game is not None else None
    if definition is not None:
        for option in definition.options:
            for item in option.choices if option.id == key else ():
                if item.id == value:  # a choice named by its figure says the game's
                    from app.messages.choice_words import choice_words

                    return choice_words(definition, option, item)
    name = OPTION_VALUE_NAMES.get((key, str(value)))
    return _(name) if name else _shown(value)


def _rules(game: Any) -> GameRules:
    """The rules object of ``game``: its rules, its definition's, or a
    built-in game's (or a custom game's named lately) by its id. Raises
    :class:`scoring.OptionError` (``game_unknown``) for an id of neither."""
    from scoring import GameRules, game_for

    if isinstance(game, GameRules):
        return game
    definition = _definition(game)
    game_id = game if isinstance(game, str) else getattr(game, "id", "")
    return game_for(game_id, definition)


def describe_options(game: Any, options: Mapping[str, Any]) -> list[str]:
    """How a session is played: one line for each option that differs from the
    game's default (``options`` as stored: only those), in the game's option
    order, target or rounds first (RULES.md: a session shows how it was played).
    ``game`` is the game's rules (:class:`scoring.GameRules`), its definition,
    or a built-in game's id: a game defined as data names its options itself,
    so a copy of a built-in game says what the built-in says.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     describe_options("swedish_rummy", {"target": 250, "draw_two": True,
    ...                      "blocked_scoring": "no_score"})
    ['Target score: 250', 'Blocked hand: Nobody scores', 'Two makes the next player draw two']
    """
    try:
        rules = _rules(game)
        values = rules.options_from_dict(options)
    except CodedError:
        return []
    chosen = rules.options_to_dict(values)
    lines: list[str] = []
    numbers = [key for key, value in chosen.items() if type(value) is int]
    for key in numbers:
        lines.append(
            _("{option}: {value}", option=option_name(key, rules), value=format_number(chosen[key]))
        )
    for spec in rules.option_fields():
        if spec.name not in chosen:
            continue
        value = chosen[spec.name]
        if "choices" in spec.metadata:
            lines.append(
                _(
                    "{option}: {value}",
                    option=option_name(spec.name, rules),
                    value=option_value_name(spec.name, value, rules),
                )
            )
        elif value is True:
            lines.append(option_name(spec.name, rules))
    return lines


def _expected(code: Any) -> str:
    name = EXPECTED_NAMES.get(code)
    return _(name) if name else _shown(code)
