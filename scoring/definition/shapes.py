"""The game definition's shapes (GAME_FORMAT.md): the frozen data classes
and enums a definition is made of, and the limits it must keep. Data only:
reading and checking a document is :mod:`scoring.definition.reading`, writing
one :mod:`scoring.definition.writing`."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum, unique

from ..cards import Rank, Suit
from .bids import Bids, BidsChange, Repeat

FORMAT = "kortpoeng-game"
#: The version a definition is written with when it uses no field of a later one.
VERSION = 1
#: Every version a definition may have (GAME_FORMAT.md "Versions"): version 2
#: adds the ``schedule`` of rounds, the deck's ``suits`` and ``end: schedule``.
VERSIONS = (1, 2)
#: The suits a deck may have (GAME_FORMAT.md ``suits``): the four standard
#: ones and Five Crowns' stars; the default deck has the four.
SUIT_IDS = ("S", "H", "D", "C", "STAR")
STANDARD_SUITS = ("S", "H", "D", "C")


@dataclass(frozen=True)
class _Limits:
    """The bounds a definition must keep (GAME_FORMAT.md, "Limits")."""

    document: int = 100_000  # characters (or bytes) of JSON text
    id: int = 40
    name: int = 40
    description: int = 300
    source_title: int = 120
    source_publisher: int = 80
    url: int = 300
    players: int = 20
    decks: int = 8
    deck_rows: int = 8
    keys: int = 64
    card_points: int = 1_000
    per_deck: int = 200
    jokers_per_deck: int = 4
    flags: int = 8
    multiplier: int = 10
    options: int = 16
    choices: int = 8
    presets: int = 6
    schedule_rounds: int = 100
    round_cards: int = 60
    round_text: int = 60
    comparisons: int = 8
    named_chips: int = 16
    events: int = 8
    event_count: int = 99
    team_size: int = 10
    stages: int = 30
    stage_text: int = 60


LIMITS = _Limits()


# -- the definition's shapes ---------------------------------------------------


@unique
class HandKind(StrEnum):
    """What a hand is (GAME_FORMAT.md ``hand``, version 2)."""

    OUT = "out"  #: someone goes out or the hand is blocked; leftover cards counted
    CAPTURED = "captured"  #: captured piles compared and counted (Kasino, RULES.md §5)
    BIDS = "bids"  #: bids, then tricks taken (Plump, RULES.md §7)


@unique
class Ties(Enum):
    """What a tie on a comparison of captured piles gives (RULES.md §5)."""

    NOBODY = "nobody"  #: nobody scores that comparison
    EACH = "each"  #: each tied player scores it in full


@unique
class Counted(Enum):
    """What is counted at the end of a hand (changes words, not arithmetic)."""

    LEFTOVER = "leftover"  #: cards left in hand
    TRICKS = "tricks"  #: cards taken in tricks


@unique
class WentOut(Enum):
    """How a hand is scored when a player goes out."""

    COLLECTS = "collects"  #: that player scores every other player's cards
    OWN = "own"  #: every player scores their own cards (the one out has none)
    NEVER = "never"  #: nobody goes out in this game (a trick-taking game)


@unique
class Blocked(Enum):
    """How a hand is scored when it ends with nobody out (RULES.md §1, §3)."""

    LOWEST_COLLECTS = "lowest_collects"  #: lowest scores the differences (ties: nobody)
    NO_SCORE = "no_score"  #: nobody scores
    OWN = "own"  #: every player scores their own cards
    NEVER = "never"  #: a hand cannot end blocked


@unique
class BlockedTerm(Enum):
    """What a game calls a hand nobody went out of: words only (the app
    translates them), no effect on the points."""

    BLOCKED = "blocked"  #: "Blocked" (Swedish Rummy, RULES.md §1)
    NOBODY_OUT = "nobody_out"  #: "Nobody went out"


@unique
class Winner(Enum):
    """Which total wins; equal totals share a place."""

    HIGHEST = "highest"
    LOWEST = "lowest"


@unique
class End(Enum):
    """When a session ends."""

    TARGET = "target"  #: after the hand in which a total reaches ``target`` (≥)
    ROUNDS = "rounds"  #: after ``rounds`` hands
    EITHER = "either"  #: whichever of the two comes first
    SCHEDULE = "schedule"  #: after the last round of the ``schedule`` (version 2)
    LAST_STAGE = "last_stage"  #: after the hand a player completes the last stage (version 2)


@unique
class NextDealer(Enum):
    """Who deals the next hand (RULES.md §4)."""

    LEFT = "left"  #: the deal passes to the left
    WINNER_OF_TWO = "winner_of_two"  #: left, but with two players the hand's winner deals


@unique
class FlagPlayer(Enum):
    """Whom a hand flag may be called for."""

    WENT_OUT = "went_out"  #: only the player who went out
    ANY = "any"  #: any one player


@unique
class FlagEffect(Enum):
    """What a hand flag does to the hand's points."""

    MULTIPLY = "multiply"  #: the flagged player's points × amount
    BONUS = "bonus"  #: the flagged player scores amount more
    OTHERS_SCORE = "others_score"  #: the flagged player 0, everyone else amount
    OTHERS_MULTIPLY = "others_multiply"  #: every other player's points × amount


@unique
class OptionKind(Enum):
    """The kinds of session option."""

    SWITCH = "switch"  #: on or off
    CHOICE = "choice"  #: one of named choices
    NUMBER = "number"  #: the ``target`` or the number of ``rounds``


@dataclass(frozen=True, slots=True)
class Words:
    """A text in both of the app's languages."""

    nb: str
    en: str


@dataclass(frozen=True, slots=True)
class Source:
    """The rule book a game's scoring comes from."""

    title: str
    publisher: str | None = None
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Key:
    """One key of the keypad: a standard rank (``rank`` set; ``"JKR"`` is the
    joker) or a face of the game's own (``rank`` ``None``, ``name`` and
    ``per_deck`` set). ``id`` is the rank's token or the face's id.

    ``points`` is the card's value; ``suits`` gives other values for some suits
    (a queen of spades worth 13 where other queens are 0): a card of such a rank
    must be entered with its suit.
    """

    id: str
    points: int
    rank: Rank | None = None
    suits: tuple[tuple[Suit, int], ...] = ()
    name: Words | None = None
    per_deck: int | None = None


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a schedule (GAME_FORMAT.md ``schedule``): ``cards`` dealt
    to each player, the ``wild`` rank's token (``"7"``; ``None``: no wild rank
    this round) and a ``text`` shown on the entry screen ("2 sets of 3").
    ``repeat`` :attr:`Repeat.PER_PLAYER`: the row is dealt once per player
    (a bids game only; ``None``: once)."""

    cards: int
    wild: str | None = None
    text: Words | None = None
    repeat: Repeat | None = None


@dataclass(frozen=True, slots=True)
class Schedule:
    """A session's rounds, in order, each with its own facts: the session
    lasts ``len(rounds)`` hands with ``end: schedule``. ``wild_points`` is what
    a card of a round's wild rank left in hand is worth that round (points,
    instead of its key's); ``None`` when no round has a wild rank."""

    rounds: tuple[Round, ...]
    wild_points: int | None = None


@dataclass(frozen=True, slots=True)
class Progress:
    """Per-player progress that decides the winner (GAME_FORMAT.md
    ``progress``, RULES.md §8 Phase 10): the ``stages`` in order, each the
    text shown on the entry screen ("2 sets of 3"). Every player starts on
    stage 1; a hand's ``completed`` players move to the next one."""

    stages: tuple[Words, ...]


@dataclass(frozen=True, slots=True)
class Flag:
    """A hand flag: something the players say happened in a hand ("went out in
    one go", "shot the moon"), for one player, changing the points by
    ``effect`` and ``amount``. ``in_play`` says whether the game starts with it
    (options may switch it on or off)."""

    id: str
    name: Words
    player: FlagPlayer
    effect: FlagEffect
    amount: int
    in_play: bool = True


@dataclass(frozen=True, slots=True)
class Effect:
    """What an option (a switch that is on, or the chosen choice) changes: each
    field left ``None``/empty keeps the game's own rule. ``points`` gives keys
    (by id) new points; ``flags`` switches flags (by id) on or off.
    ``schedule_repeat`` overrides every schedule row's ``repeat`` and
    ``bids`` changes parts of a bids game's ``bids`` (version 2)."""

    went_out: WentOut | None = None
    blocked: Blocked | None = None
    winner: Winner | None = None
    end: End | None = None
    jokers_per_deck: int | None = None
    points: tuple[tuple[str, int], ...] = ()
    flags: tuple[tuple[str, bool], ...] = ()
    ties: Ties | None = None
    teams: bool | None = None
    schedule_repeat: Repeat | None = None
    bids: BidsChange | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of a choice option: its ``id`` (the stored value), its name
    and its effect."""

    id: str
    name: Words
    set: Effect = Effect()


@dataclass(frozen=True, slots=True)
class Preset:
    """A number offered for a number option: ``value`` itself, or
    ``per_player`` × the number of players. ``suggested``: highlighted by
    default; ``suggested_with``: highlighted instead while one of these switch
    options is on."""

    value: int | None = None
    per_player: int | None = None
    suggested: bool = False
    suggested_with: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Option:
    """A session option. A switch (``default`` on or off) applies ``set`` when
    on; a choice applies the chosen choice's ``set`` (the first is the
    default); a number option (id ``target`` or ``rounds``) sets that number,
    the definition's own being its default, with ``presets`` to offer."""

    id: str
    kind: OptionKind
    name: Words
    description: Words | None = None
    default: bool = False
    set: Effect = Effect()
    choices: tuple[Choice, ...] = ()
    presets: tuple[Preset, ...] = ()


@dataclass(frozen=True, slots=True)
class Comparison:
    """A comparison of captured piles (GAME_FORMAT.md ``captures.most``):
    the player with the most ``of`` (``"cards"`` or a suit id) scores
    ``points``."""

    id: str
    of: str
    points: int


@dataclass(frozen=True, slots=True)
class NamedCard:
    """A named card worth ``points`` to whoever captured it: one ``card``
    with its suit (``"10D"``), or every card of a ``rank`` (one per suit)."""

    points: int
    card: str | None = None
    rank: str | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """An event counted per player per hand (a sweep): ``count`` ×
    ``points``; ``most`` is the largest count accepted."""

    id: str
    name: Words
    points: int
    most: int


@dataclass(frozen=True, slots=True)
class Captures:
    """What a ``captured`` hand scores (GAME_FORMAT.md ``captures``,
    RULES.md §5): the comparisons, what a tie gives, the named cards and the
    events."""

    most: tuple[Comparison, ...] = ()
    ties: Ties = Ties.NOBODY
    named: tuple[NamedCard, ...] = ()
    events: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class Teams:
    """Fixed partnerships (GAME_FORMAT.md ``teams``): ``size`` players a
    team; ``always``: every session is played in teams, else only when an
    option's effect says ``teams: true`` (Kasino's ``partners``). With
    T teams, team k holds seats k, k + T, k + 2T… (partners opposite)."""

    size: int
    always: bool = False


@dataclass(frozen=True)
class GameDefinition:
    """A whole game definition (GAME_FORMAT.md); all points are whole points.
    ``progress`` (version 2, with ``end: last_stage``): the stages each
    player goes through (RULES.md §8). ``also_out`` (version 2): after a
    player goes out every other player has one more turn, and whoever goes
    out on it scores nothing too (RULES.md §6 Five Crowns; a hand's
    ``also_out``). ``cards_dealt`` (version 2, a game without a schedule):
    the cards each player is dealt a hand (RULES.md §8 Phase 10: 10); more
    left in hand is a ``dealt_cards`` warning.

    ``decks`` pairs (from this many players, this many decks), ascending, the
    first at ``min_players``. ``schedule`` and ``suits`` (the ids of one
    deck's suits, :data:`SUIT_IDS`) are version 2's. ``target`` and
    ``rounds`` are the defaults of the end's numbers (``None`` where no end
    uses them). ``blocked_term`` is the
    game's own word for a hand nobody went out of (words, not rules).

    ``hand`` (version 2) says what a hand is; a ``bids`` game (RULES.md §7)
    has ``bids`` and a ``schedule``, and no keys: the reader gives it
    ``keys`` ``()``, ``went_out`` ``never`` and ``blocked`` ``no_score``
    (nobody goes out, no card is counted), which the writer leaves out. A
    ``captured`` game (RULES.md §5) has ``captures`` (and may have ``teams``)
    and no keys: the reader gives it ``went_out`` ``never`` and ``blocked``
    ``own``, left out by the writer too.
    """

    id: str
    name: Words
    min_players: int
    max_players: int
    keys: tuple[Key, ...]
    went_out: WentOut
    blocked: Blocked
    winner: Winner
    end: End
    target: int | None = None
    rounds: int | None = None
    description: Words | None = None
    source: Source | None = None
    decks: tuple[tuple[int, int], ...] = ()
    counted: Counted = Counted.LEFTOVER
    jokers_per_deck: int = 0
    next_dealer: NextDealer = NextDealer.LEFT
    blocked_term: BlockedTerm = BlockedTerm.NOBODY_OUT
    flags: tuple[Flag, ...] = ()
    options: tuple[Option, ...] = field(default=())
    schedule: Schedule | None = None
    suits: tuple[str, ...] = STANDARD_SUITS
    hand: HandKind = HandKind.OUT
    captures: Captures | None = None
    teams: Teams | None = None
    bids: Bids | None = None
    progress: Progress | None = None
    also_out: bool = False
    cards_dealt: int | None = None

    @property
    def version(self) -> int:
        """The lowest format version that can say this definition: 2 when it
        uses a version 2 field (a ``schedule``, other ``suits``, ``end:
        schedule``, a ``hand`` other than ``out``), else 1."""
        if (
            self.schedule is not None
            or self.suits != STANDARD_SUITS
            or self.hand is not HandKind.OUT
            or self.teams is not None
            or self.progress is not None
            or self.also_out
            or self.cards_dealt is not None
        ):
            return 2
        return 1

    def key(self, key_id: str) -> Key:
        """The key with this id. Raises ``KeyError``."""
        for key in self.keys:
            if key.id == key_id:
                return key
        raise KeyError(key_id)
