"""What every game shares: options as data, hand checks, card conservation.

Each game is one :class:`GameRules` object with its options as a frozen
``Options`` dataclass: a game defined as data (:mod:`scoring.data_game`) or
the one coded game (:mod:`scoring.four_suit_rummy`); :func:`scoring.game_for`
finds it by id. Options are validated from their dataclass fields: the
default's type is the type; ``metadata`` may add ``choices``, or ``minimum``
and ``maximum`` (SESSION_FORMAT.md table).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from .also_out import check_also_out
from .cards import STANDARD_RANKS, Card, Face, Rank, parse_cards
from .codes import BreakdownCode, ErrorCode, Expected, WarningCode
from .errors import HandError, OptionError
from .hands import BreakdownItem, Hand, HandScore, ScoreWarning
from .invisible import has_control, hidden_character, without_format
from .limits import MAX_OPTION, MAX_POINTS
from .options import GameOptions
from .standings import standings

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .definition.shapes import Flag, GameDefinition, Round, Words

__all__ = [
    "BLOCKED_NO_SCORE",
    "MAX_NAME",
    "MAX_NOTE",
    "MAX_OPTION",
    "MAX_POINTS",
    "GameRules",
    "PadKey",
    "blocked_tie",
    "check_name",
    "check_note",
    "choice",
    "minimum",
    "player_key",
]

MAX_NAME = 40
#: The longest note a hand may carry, in characters.
MAX_NOTE = 500


def choice(default: str, *choices: str) -> Any:
    """A text option with a fixed set of values (``default`` first)."""
    return dataclasses.field(default=default, metadata={"choices": (default, *choices)})


def minimum(default: int, least: int = 1, most: int = MAX_OPTION) -> Any:
    """A whole-number option from ``least`` to ``most``."""
    return dataclasses.field(default=default, metadata={"minimum": least, "maximum": most})


def player_key(name: str) -> str:
    """The form in which names must be unique: compatibility-normalised (NFKC),
    invisible format characters dropped, case-folded, spaces trimmed — so two
    names that look the same are the same player."""
    if name.isascii():
        return name.strip().casefold()
    return unicodedata.normalize("NFKC", without_format(name)).strip().casefold()


@dataclass(frozen=True, slots=True)
class Preset:
    """A target or a number of rounds offered when a session is set up.

    ``key`` identifies it (``"100"``, ``"50n"``, ``"r5"``…), ``option`` is the
    option it sets (``target`` or ``rounds``), ``value`` the number for the
    players seated, ``per_player`` the factor when it scales with the number
    of players (else 0), ``suggested`` whether it is the one to pick first.
    """

    key: str
    option: str
    value: int
    per_player: int = 0
    suggested: bool = False


@dataclass(frozen=True, slots=True)
class PadKey:
    """One key of the leftover-card keypad: what one tap adds and its worth.

    ``card`` is a :class:`Card` (a rank, with a suit where the suit changes
    the points: Hearts' queen of spades) or a game's own :class:`Face`
    ("Draw Two"); ``points`` what it is worth with the session's options;
    ``name`` a face's own name in both languages (a game definition's
    :class:`~scoring.definition.Words`), ``None`` for a card, which the app
    names by its rank and suit.
    """

    card: Card | Face
    points: int
    name: Words | None = None


class GameRules:
    """Rules one game shares with the others; subclasses fill in the scoring.

    Class attributes: ``id`` (session file ``game``), ``min_players``,
    ``max_players``, ``options_type`` (the frozen Options dataclass),
    ``uses_runs`` (Four Suit Rummy's runs are entered), ``blocked_term``
    (what the game calls a hand nobody went out of: ``"blocked"`` or
    ``"nobody_out"``, a word the app translates), ``counted`` (what the
    entered cards are: ``"leftover"``, cards left in hand, or ``"tricks"``,
    cards taken in tricks; words only, GAME_FORMAT.md), ``definition`` (the
    game definition it plays by; ``None`` for the coded Four Suit Rummy).

    Everything a screen needs to know about a game comes from here (the keypad,
    the presets, the options as fields with metadata), never from a branch on
    the game's id.
    """

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[GameOptions]]
    uses_runs: ClassVar[bool] = False
    blocked_term: ClassVar[str] = "nobody_out"
    counted: ClassVar[str] = "leftover"
    definition: ClassVar[GameDefinition | None] = None

    def bind(self, options: GameOptions, players: Sequence[str]) -> SessionRules:
        """These rules with ``options`` for ``players`` (seat order): the one
        object a session is scored with."""
        return SessionRules(self, options, tuple(players))

    # -- setting a session up -------------------------------------------------
    def presets(self, options: GameOptions, players: int) -> tuple[Preset, ...]:
        """The targets (or numbers of rounds) offered for ``players`` players;
        until enough are seated, those that scale count the game's fewest."""
        raise NotImplementedError

    def option_fields(self) -> tuple[dataclasses.Field[Any], ...]:
        """The options a player chooses when setting a session up, in the order
        they are offered: choices (``metadata["choices"]``) first, then the
        switches (true/false). The target and the rounds are chosen by preset."""
        fields = dataclasses.fields(self.options_type)
        choices = tuple(f for f in fields if "choices" in f.metadata)
        switches = tuple(f for f in fields if isinstance(f.default, bool))
        return choices + switches

    def keypad(self, options: GameOptions, number: int | None = None) -> tuple[PadKey, ...]:
        """The keys of the leftover-card keypad: A 2–10 J Q K, and the joker
        when it is in play, each with its points (:meth:`card_values`); in a
        game with a schedule, those of hand ``number``'s round.

        >>> from scoring.registry import game_for
        >>> game = game_for("four_suit_rummy")
        >>> [(str(k.card), k.points) for k in game.keypad(game.default_options())][-2:]
        [('Q', 10), ('K', 10)]
        """
        ranks = (*STANDARD_RANKS, Rank.JOKER) if self.uses_jokers(options) else STANDARD_RANKS
        values = self.card_values(options)
        return tuple(PadKey(Card(rank), values.get(rank, 0)) for rank in ranks)

    def card_points(
        self, options: GameOptions, card: Card | Face, number: int | None = None
    ) -> int | None:
        """What one leftover ``card`` is worth with ``options`` (its rank's
        value; in a game with a schedule, in hand ``number``'s round), or
        ``None`` for a card this game does not have (a face)."""
        if not isinstance(card, Card):
            return None
        return self.card_values(options).get(card.rank)

    def hand_flags(self, options: GameOptions) -> tuple[Flag, ...]:
        """The hand flags in play (GAME_FORMAT.md "Hand flags"), in the order
        the players are asked (Rummy's *rummy* among them); the coded game has
        none."""
        return ()

    def can_go_out(self, options: GameOptions) -> bool:
        """Whether a player can go out (the coded game: yes)."""
        return True

    def parse_leftover(self, tokens: Iterable[str]) -> tuple[Card | Face, ...]:
        """Read leftover card tokens (SESSION_FORMAT.md notation). Raises
        :class:`~scoring.errors.CardParseError`."""
        return parse_cards(tokens)

    # -- options --------------------------------------------------------
    def default_options(self) -> GameOptions:
        """The game's options with every default (SESSION_FORMAT.md)."""
        return self.options_type()

    def options_from_dict(self, data: Mapping[str, Any]) -> GameOptions:
        """Options from a mapping of the keys that differ from the defaults.

        Raises :class:`OptionError`: ``option_unknown`` (a key the game does not
        have), ``option_type``, ``option_value`` (not one of the choices) or
        ``option_range`` (below the minimum).

        >>> from scoring.registry import game_for
        >>> game_for("swedish_rummy").options_from_dict({"target": 200}).target
        200
        """
        fields = {f.name: f for f in dataclasses.fields(self.options_type)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            spec = fields.get(key)
            if spec is None:
                raise OptionError(
                    ErrorCode.OPTION_UNKNOWN, field=str(key), params={"game": self.id}
                )
            try:
                values[key] = _check_option(spec, value)
            except OptionError as error:  # the game names the option (its own words)
                error.params = {**(error.params or {}), "game": self.id}
                raise
        return self.options_type(**values)

    def options_to_dict(self, options: GameOptions) -> dict[str, Any]:
        """The options that differ from the defaults, in field order."""
        default = self.default_options()
        return {
            f.name: getattr(options, f.name)
            for f in dataclasses.fields(options)
            if getattr(options, f.name) != getattr(default, f.name)
        }

    # -- players --------------------------------------------------------
    def check_players(self, players: Sequence[str]) -> None:
        """Refuse a seat list the game cannot be played with.

        Raises :class:`OptionError`: ``player_count``, ``player_name_empty``,
        ``player_name_control``, ``player_name_long`` or ``player_duplicate``
        (names are unique case-insensitively, surrounding spaces ignored).
        """
        seen: set[str] = set()
        for name in players:
            check_name(name)
            key = player_key(name)
            if key in seen:
                raise OptionError(ErrorCode.PLAYER_DUPLICATE, player=name)
            seen.add(key)
        if not self.min_players <= len(players) <= self.max_players:
            raise OptionError(
                ErrorCode.PLAYER_COUNT,
                params={
                    "game": self.id,
                    "minimum": self.min_players,
                    "maximum": self.max_players,
                    "count": len(players),
                },
            )

    def decks(self, players: Sequence[str]) -> int:
        """Decks in play (1 unless a game says otherwise)."""
        return 1

    # -- rules each game states ------------------------------------------
    def lowest_wins(self, options: GameOptions) -> bool:
        """True when the lowest total wins (penalty scoring)."""
        return False

    def target(self, options: GameOptions) -> int | None:
        """The target score that ends the session, or ``None`` (rounds instead):
        the option ``target`` (every game has one but those played in rounds,
        which say so)."""
        target = getattr(options, "target", None)
        return target if isinstance(target, int) else None

    def rounds(self, options: GameOptions, players: int | None = None) -> int | None:
        """The number of hands the session lasts with ``players`` players (a
        bids game's schedule deals a row once per player), or ``None`` (target
        instead)."""
        return None

    def round(
        self, options: GameOptions, number: int | None, players: int | None = None
    ) -> Round | None:
        """Round ``number`` of the game's schedule (GAME_FORMAT.md
        ``schedule``): the cards dealt, the wild rank, the text; ``None`` for a
        game without one (the coded game has none)."""
        return None

    def stages(self, options: GameOptions) -> int | None:
        """The number of stages each player goes through (GAME_FORMAT.md
        ``progress``, RULES.md §8), or ``None`` for a game without them."""
        return None

    def wild_points(self, options: GameOptions) -> int | None:
        """What a card of a round's wild rank is worth, ``None`` without one."""
        return None

    def can_block(self, options: GameOptions) -> bool:
        """Whether a hand may end blocked (nobody out)."""
        return True

    def uses_jokers(self, options: GameOptions) -> bool:
        """Whether jokers are in the deck."""
        return False

    def card_values(self, options: GameOptions) -> Mapping[Rank, int]:
        """Points per leftover card rank in this game with these options."""
        raise NotImplementedError

    def next_dealer(self, players: Sequence[str], went_out: Sequence[str | None]) -> str:
        """Who deals the next hand, given who went out of each hand played so far
        (``None`` for a blocked hand): the deal passes to the left (RULES.md §4)."""
        return players[len(went_out) % len(players)]

    def score_hand(
        self, options: GameOptions, players: Sequence[str], hand: Hand, number: int | None = None
    ) -> HandScore:
        """Score one hand, hand ``number`` of its session (1-based; the round
        of a schedule), ``None`` where it does not matter: points per player
        plus breakdown and warnings.

        Raises :class:`HandError` for input the rules cannot score.
        """
        raise NotImplementedError

    # -- shared checks ----------------------------------------------------
    def check_hand(
        self, options: GameOptions, players: Sequence[str], hand: Hand
    ) -> tuple[dict[str, int], list[Card]]:
        """Refuse what no game can score (RULES.md §4 errors), and tally the
        leftover cards in the same pass.

        Returns each player's leftover value in points (0 for a player missing
        from ``left``) and every leftover card entered, for conservation checks.
        Raises :class:`HandError`: ``unknown_player``, ``went_out_holds_cards``,
        ``cannot_block``, ``runs_not_allowed``, ``joker_not_in_play``,
        ``bad_points``, ``points_too_large`` (over :data:`MAX_POINTS`),
        ``flag_unknown`` (a hand flag, *rummy* too: the coded game has none).
        """
        went_out = hand.went_out
        leftover = dict.fromkeys(players, 0)
        if went_out is not None and went_out not in leftover:
            raise HandError(ErrorCode.UNKNOWN_PLAYER, player=went_out, field="went_out")
        if went_out is None and not self.can_block(options):
            raise HandError(ErrorCode.CANNOT_BLOCK, field="went_out")
        if hand.runs:
            if not self.uses_runs:
                raise HandError(ErrorCode.RUNS_NOT_ALLOWED, field="runs")
            for name in hand.runs:
                if name not in leftover:
                    raise HandError(ErrorCode.UNKNOWN_PLAYER, player=name, field="runs")
        if hand.flags:  # only games defined as data have flags
            flag = str(next(iter(hand.flags)))[:40]
            raise HandError(ErrorCode.FLAG_UNKNOWN, field="flags", params={"flag": flag})
        if hand.also_out:  # only games defined as data have it
            check_also_out(False, players, hand)
        table = self.value_table(options)
        jokers = table[0] if self.uses_jokers(options) else None
        cards: list[Card] = []
        for name, held in hand.left.items():
            if name not in leftover:
                raise HandError(ErrorCode.UNKNOWN_PLAYER, player=name, field="left")
            if isinstance(held, tuple | list):
                value = 0
                for card in held:
                    if not isinstance(card, Card):  # a game's own face: only data games have them
                        raise HandError(
                            ErrorCode.CARD_NOT_IN_GAME,
                            player=name,
                            field="left",
                            card=str(card),
                            params={"position": held.index(card) + 1},
                        )
                    order = card.rank.order
                    if order == 0 and jokers is None:
                        raise HandError(
                            ErrorCode.JOKER_NOT_IN_PLAY,
                            player=name,
                            field="left",
                            card=str(card),
                            params={"position": held.index(card) + 1},
                        )
                    value += table[order]
                cards += [c for c in held if isinstance(c, Card)]
            elif type(held) is int and 0 <= held <= MAX_POINTS:
                value = held
            elif type(held) is int and held > MAX_POINTS:
                raise HandError(
                    ErrorCode.POINTS_TOO_LARGE,
                    player=name,
                    field="left",
                    params={"value": held, "maximum": MAX_POINTS},
                )
            else:
                raise HandError(
                    ErrorCode.BAD_POINTS, player=name, field="left", params={"value": held}
                )
            if held and name == went_out:
                raise HandError(ErrorCode.WENT_OUT_HOLDS_CARDS, player=went_out, field="left")
            leftover[name] = value
        return leftover, cards

    def value_table(self, options: GameOptions) -> tuple[int, ...]:
        """:meth:`card_values` as a tuple indexed by ``Rank.order`` (joker at 0),
        cached per options: the form the scoring loops use."""
        return _value_table(self, options)

    def hand_notes(
        self,
        options: GameOptions,
        players: Sequence[str],
        went_out: str | None,
        leftover: Mapping[str, int],
    ) -> tuple[BreakdownItem, ...]:
        """Why nobody scored a hand, as notes on the whole hand
        (``HandScore.notes``): from who went out (``None``: blocked) and each
        player's leftover value in points — all a stored hand keeps, so a score
        sheet can say it too. None by default; see :func:`blocked_tie` and
        ``blocked_no_score`` (RULES.md §1, §3)."""
        return ()

    def typed_points(self, players: Sequence[str], hand: Hand) -> list[ScoreWarning]:
        """The ``plain_number`` warnings: one for each player whose leftover was
        entered as a number of points, whose cards cannot be checked (RULES.md §4)."""
        return [
            ScoreWarning(WarningCode.PLAIN_NUMBER, player=player)
            for player in players
            if type(hand.left.get(player)) is int
        ]

    def empty_hands(self, players: Sequence[str], hand: Hand) -> list[ScoreWarning]:
        """The ``no_cards`` warnings (RULES.md §4, an unusual card count): a
        player who did not go out must have held something, or they would
        have gone out. One warning without a ``player`` when nobody but the
        player who went out was entered with any card or number (a hand saved
        before its cards were tapped in); else, in a game that counts the
        cards left in hand, one per player entered with nothing (a player
        forgotten, who would score 0 — and might win). A typed number, 0
        included, is an entry; a player who also went out (``also_out``,
        RULES.md §6) held nothing. Taking no trick is no warning."""
        out = hand.also_out
        others = [p for p in players if p != hand.went_out and (not out or p not in out)]
        empty = [
            p for p in others if not (isinstance(hand.left.get(p, ()), int) or hand.left.get(p))
        ]
        if len(empty) == len(others) and (others or not hand.also_out):
            return [ScoreWarning(WarningCode.NO_CARDS)]
        if self.counted != "leftover":
            return []
        return [ScoreWarning(WarningCode.NO_CARDS, player=p) for p in empty]

    def conservation(
        self, players: Sequence[str], cards: Sequence[Card], *, jokers: bool
    ) -> list[ScoreWarning]:
        """Card-conservation warnings (RULES.md §4): a rank more often than the
        decks hold (4 a deck, 2 jokers a deck where added) or a physical card more
        often than there are decks."""
        decks = self.decks(players)
        warnings: list[ScoreWarning] = []
        ranks = [0] * 14  # by Rank.order; 0 is the joker
        for card in cards:
            ranks[card.rank.order] += 1
        limits = [(2 if jokers else 0) * decks] + [4 * decks] * 13
        for order, count in enumerate(ranks):
            if count > limits[order]:
                rank = Rank.JOKER if order == 0 else Rank.from_order(order)
                warnings.append(
                    ScoreWarning(
                        WarningCode.RANK_COUNT, card=rank.value, count=count, expected=limits[order]
                    )
                )
        suited = [card.key for card in cards if card.suit is not None]
        if len(set(suited)) < len(suited):
            first = {card.key: card for card in cards}
            for key, count in Counter(suited).items():
                if count > decks:
                    warnings.append(
                        ScoreWarning(
                            WarningCode.CARD_COUNT,
                            card=str(first[key]),
                            count=count,
                            expected=decks,
                        )
                    )
        return warnings


def blocked_tie(players: Sequence[str], leftover: Mapping[str, int]) -> tuple[BreakdownItem, ...]:
    """The ``blocked_tie`` note of a blocked hand scored "lowest collects"
    (RULES.md §1): when two or more players share the lowest leftover value,
    nobody scores; the note names them (seat order) and the value.

    >>> blocked_tie(["Anna", "Bo", "Cato"], {"Anna": 5, "Bo": 5, "Cato": 9})[0].players
    ('Anna', 'Bo')
    >>> blocked_tie(["Anna", "Bo"], {"Anna": 5, "Bo": 9})
    ()
    """
    low = min(leftover[p] for p in players)
    lowest = tuple(p for p in players if leftover[p] == low)
    if len(lowest) < 2:
        return ()
    return (BreakdownItem(BreakdownCode.BLOCKED_TIE, 0, len(lowest), low, players=lowest),)


#: The note of a blocked hand that the rules score as nothing (RULES.md §1 ``no_score``, §3).
BLOCKED_NO_SCORE = (BreakdownItem(BreakdownCode.BLOCKED_NO_SCORE, 0),)


@lru_cache(maxsize=256)
def _value_table(game: GameRules, options: GameOptions) -> tuple[int, ...]:
    values = game.card_values(options)
    return tuple(values.get(rank, 0) for rank in sorted(Rank, key=lambda r: r.order))


def check_name(name: Any) -> str:
    """The one rule for a player's name, wherever a name comes from (the
    new-session form, a session file, an import, a rename, the command line).

    Refuses a name that is not text, empty (or only invisible characters),
    longer than :data:`MAX_NAME` characters once trimmed, or holding control
    characters (line breaks and separators, lone surrogates, bidi overrides)
    or an invisible one (a zero-width space, a word joiner, a direction mark:
    :func:`scoring.invisible.hidden_character`); returns it trimmed. Raises
    :class:`OptionError` (``player_name_empty``, ``player_name_control``,
    ``player_name_invisible`` with the character's ``code`` and
    ``unicode_name``, ``player_name_long``).

    >>> check_name("  Kari ")
    'Kari'
    >>> check_name("Kari" * 11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scoring.errors.OptionError: the name 'KariKari...' is longer than 40 characters
    """
    if not isinstance(name, str) or not without_format(name).strip():
        raise OptionError(ErrorCode.PLAYER_NAME_EMPTY)
    if has_control(name):  # scoring.invisible: the one set of classes
        raise OptionError(ErrorCode.PLAYER_NAME_CONTROL, player=name[: 2 * MAX_NAME])
    hidden = None if name.isascii() else hidden_character(name)
    if hidden is not None:  # "Ka\u200bri" would show as another "Kari"
        raise OptionError(
            ErrorCode.PLAYER_NAME_INVISIBLE, player=name[: 2 * MAX_NAME], params=_named(hidden)
        )
    if len(name.strip()) > MAX_NAME:
        raise OptionError(
            ErrorCode.PLAYER_NAME_LONG, player=name.strip(), params={"maximum": MAX_NAME}
        )
    return name.strip()


def _named(ch: str) -> dict[str, str]:
    """A character as an error names it: ``U+200B`` and its Unicode name."""
    return {"code": f"U+{ord(ch):04X}", "unicode_name": unicodedata.name(ch, "")}


def check_note(note: Any) -> str:
    r"""The one rule for a hand's note, wherever it comes from (a session file,
    an import, a hand saved from the app): text of at most :data:`MAX_NOTE`
    characters without control characters, bidi overrides, lone surrogates or
    line and paragraph separators; a line break (``\n``) is allowed. Returns
    the note unchanged.

    Raises :class:`HandError` (``note_long``, ``note_control``; ``field``
    ``"note"``; the caller adds the hand number).

    >>> check_note("doubled the pot\nagain")
    'doubled the pot\nagain'
    >>> check_note("\x1b[31mred")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scoring.errors.HandError: note: the note contains control characters (...)
    """
    if not isinstance(note, str):
        raise HandError(ErrorCode.NOTE_CONTROL, field="note")
    if len(note) > MAX_NOTE:
        raise HandError(
            ErrorCode.NOTE_LONG, field="note", params={"maximum": MAX_NOTE, "length": len(note)}
        )
    if has_control(note, allowed="\n"):
        raise HandError(ErrorCode.NOTE_CONTROL, field="note")
    return note


def _check_option(spec: dataclasses.Field[Any], value: Any) -> Any:
    default = spec.default
    key = spec.name
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise OptionError(
                ErrorCode.OPTION_TYPE,
                field=key,
                params={"expected": Expected.BOOLEAN, "value": value},
            )
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(
                ErrorCode.OPTION_TYPE,
                field=key,
                params={"expected": Expected.WHOLE_NUMBER, "value": value},
            )
        least = spec.metadata.get("minimum", 1)
        if value < least:
            raise OptionError(
                ErrorCode.OPTION_RANGE, field=key, params={"minimum": least, "value": value}
            )
        most = spec.metadata.get("maximum")
        if most is not None and value > most:
            raise OptionError(
                ErrorCode.OPTION_TOO_LARGE, field=key, params={"maximum": most, "value": value}
            )
    else:
        choices = spec.metadata.get("choices", ())
        if value not in choices:
            raise OptionError(
                ErrorCode.OPTION_VALUE,
                field=key,
                params={"choices": list(choices), "value": value},
            )
    return value


@dataclass(frozen=True, slots=True)
class SessionRules:
    """One game's rules bound to one session's options and players (seat order):
    what a session is scored with, made once (:meth:`GameRules.bind`) instead
    of passing the options along with the game through every call.

    >>> from scoring.registry import game_for
    >>> from scoring.cards import parse_cards
    >>> from scoring.hands import Hand
    >>> rules = game_for("rummy").bind(game_for("rummy").default_options(), ["Kari", "Ola"])
    >>> rules.score_hand(Hand("Kari", {"Ola": parse_cards(["K", "7", "A"])})).points
    {'Kari': 0, 'Ola': 18}
    >>> rules.lowest_wins, rules.rounds, rules.target
    (True, 5, None)
    """

    game: GameRules
    options: GameOptions
    players: tuple[str, ...]

    @property
    def game_id(self) -> str:
        """The game's id (session file ``game``)."""
        return self.game.id

    def score_hand(self, hand: Hand, number: int | None = None) -> HandScore:
        """Score one hand, hand ``number`` of the session (RULES.md): see
        :meth:`GameRules.score_hand`. Raises :class:`HandError` for a hand the
        rules cannot score."""
        return self.game.score_hand(self.options, self.players, hand, number)

    def standings(self, scores: Sequence[Any]) -> Any:
        """Fold hand scores into the standings (:func:`scoring.standings.standings`)."""
        return standings(self.game, self.options, self.players, scores)

    def hand_notes(
        self, went_out: str | None, leftover: Mapping[str, int], points: Mapping[str, int]
    ) -> tuple[BreakdownItem, ...]:
        """Why nobody scored a stored hand (who went out, leftover values and
        points as the score sheet keeps them): see :meth:`GameRules.hand_notes`;
        none when someone scored."""
        if any(points.values()):
            return ()
        return self.game.hand_notes(self.options, self.players, went_out, leftover)

    @property
    def keypad(self) -> tuple[PadKey, ...]:
        """The keys of the leftover-card keypad, with their points."""
        return self.game.keypad(self.options)

    def keypad_at(self, number: int | None) -> tuple[PadKey, ...]:
        """The keypad of hand ``number`` (its round's wild rank with the wild
        points, in a game with a schedule)."""
        return self.game.keypad(self.options, number)

    def card_points(self, card: Card | Face, number: int | None = None) -> int | None:
        """What one leftover card is worth in hand ``number`` (``None``: not a
        card of the game)."""
        return self.game.card_points(self.options, card, number)

    def round(self, number: int | None) -> Round | None:
        """Round ``number`` of the game's schedule, ``None`` without one."""
        return self.game.round(self.options, number, len(self.players))

    @property
    def wild_points(self) -> int | None:
        """What a card of a round's wild rank is worth, ``None`` without one."""
        return self.game.wild_points(self.options)

    @property
    def flags(self) -> tuple[Flag, ...]:
        """The hand flags in play (none for the coded games)."""
        return self.game.hand_flags(self.options)

    @property
    def can_go_out(self) -> bool:
        """Whether a player can go out (not in a game of tricks)."""
        return self.game.can_go_out(self.options)

    @property
    def counted(self) -> str:
        """What the entered cards are: ``"leftover"`` or ``"tricks"``."""
        return self.game.counted

    @property
    def can_block(self) -> bool:
        """Whether a hand may end with nobody out."""
        return self.game.can_block(self.options)

    @property
    def uses_runs(self) -> bool:
        """Whether runs are entered (Four Suit Rummy)."""
        return self.game.uses_runs

    @property
    def blocked_term(self) -> str:
        """What the game calls a hand nobody went out of (``blocked``, ``nobody_out``)."""
        return self.game.blocked_term

    @property
    def card_values(self) -> Mapping[Rank, int]:
        """Points per leftover card rank."""
        return self.game.card_values(self.options)

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total wins."""
        return self.game.lowest_wins(self.options)

    @property
    def target(self) -> int | None:
        """The target that ends the session, or ``None``."""
        return self.game.target(self.options)

    @property
    def rounds(self) -> int | None:
        """How many hands the session lasts, or ``None``."""
        return self.game.rounds(self.options, len(self.players))

    def options_dict(self) -> dict[str, Any]:
        """The options that differ from the game's defaults (SESSION_FORMAT.md)."""
        return self.game.options_to_dict(self.options)
