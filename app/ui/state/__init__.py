"""View state of the app: observable dataclasses, plain Python, no database.

Three pieces, each an ``@ft.observable`` dataclass that re-renders the
components using it when a field is assigned (fields are only ever *replaced*,
never mutated in place, so every change notifies):

* :class:`AppState` — one per browser tab (Flet session): settings, the page
  width, a revision counter that tells screens to reload from the services,
  the last session view saved (so the standings show without a reload), the
  drafts being edited, and a notice with an undo action.
* :class:`NewSessionDraft` — the new-session form: game, players in seat
  order, options and the target preset.
* :class:`HandDraft` — one hand being entered: who went out (or blocked), each
  player's leftover cards (rank tokens) or plain number, Four Suit Rummy runs
  and the run builder. It turns itself into a :class:`scoring.Hand` and gets
  the live score from :mod:`scoring` — the rules are never computed here.

Nothing here translates text: errors are kept as exceptions (with ``code`` and
``params``) for :func:`app.messages.describe_error` to put into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from app.i18n import initial_language, normalize_language
from app.messages import DraftCode, DraftError
from app.settings import Settings
from models.views import SessionView
from scoring import (
    Card,
    ErrorCode,
    Hand,
    HandError,
    HandScore,
    OptionError,
    Rank,
    Run,
    ScoringError,
    Suit,
    ace_choices,
    check_name,
    get_game,
    player_key,
    resolve_run,
)

__all__ = [
    "AppState",
    "DraftError",
    "HandDraft",
    "NewSessionDraft",
    "Preview",
    "TargetPreset",
    "effective_language",
    "keypad_ranks",
    "target_presets",
]

#: Width (logical pixels) from which screens use two panes.
WIDE = 900
#: Widest the content column grows on a large screen.
MAX_CONTENT = 980
#: Keypad ranks in the order they are printed on the keys.
RANKS: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: Suit letter (the canonical token letter) → suit.
SUIT_BY_LETTER: Mapping[str, Suit] = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
}


def effective_language(setting: str, environ: Mapping[str, str] | None = None) -> str:
    """The language to show for a language *setting* (``system``, ``nb``, ``en``).

    >>> effective_language("nb")
    'nb'
    >>> effective_language("system", {"KORTPOENG_LANG": "nn"})
    'nb'
    >>> effective_language("system", {"LANG": "de_DE.UTF-8"})
    'en'
    """
    if setting != "system":
        return normalize_language(setting) or "en"
    return initial_language(environ)


def keypad_ranks(game_id: str, options: Any) -> tuple[Rank, ...]:
    """The keys of a leftover-card keypad: A 2–10 J Q K, plus Joker when in play."""
    if get_game(game_id).uses_jokers(options):
        return (*RANKS, Rank.JOKER)
    return RANKS


# --------------------------------------------------------------------------
# New session
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TargetPreset:
    """A preset offered for the target or the number of rounds.

    ``key`` identifies it (``"100"``, ``"50n"``, ``"100n"``, ``"r5"``…),
    ``option`` is the option it sets (``target`` or ``rounds``), ``value`` the
    number for the current players, ``per_player`` the factor when it scales
    with the number of players (else 0), ``suggested`` whether to highlight it.
    """

    key: str
    option: str
    value: int
    per_player: int = 0
    suggested: bool = False


_ACTION_OPTIONS = ("skip_aces", "draw_two", "reverse_queens", "reverse_jokers")


def target_presets(
    game_id: str, players: int, options: Mapping[str, Any]
) -> tuple[TargetPreset, ...]:
    """The target (or rounds) presets RULES.md suggests for a game.

    Swedish Rummy: 100, 50 × players, 100 × players (suggested when an
    action-card variant is on). Rummy: 3, 5 (default) or 10 rounds with penalty
    scoring; 100 with winner-collects. Four Suit Rummy: 500, 1000 (default), 1500.
    Until enough players are seated, the presets that scale with the players
    count the game's fewest players (never "50 × players (0)").

    >>> [p.value for p in target_presets("swedish_rummy", 3, {})]
    [100, 150, 300]
    >>> [p.value for p in target_presets("swedish_rummy", 0, {})]
    [100, 100, 200]
    >>> [p.value for p in target_presets("rummy", 4, {})]
    [3, 5, 10]
    """
    count = max(players, get_game(game_id).min_players)
    if game_id == "swedish_rummy":
        action = any(options.get(key) for key in _ACTION_OPTIONS)
        return (
            TargetPreset("100", "target", 100, suggested=not action),
            TargetPreset("50n", "target", 50 * count, per_player=50),
            TargetPreset("100n", "target", 100 * count, per_player=100, suggested=action),
        )
    if game_id == "rummy":
        if options.get("scoring", "penalty") == "penalty":
            return tuple(TargetPreset(f"r{n}", "rounds", n, suggested=n == 5) for n in (3, 5, 10))
        return tuple(TargetPreset(str(n), "target", n, suggested=n == 100) for n in (100, 200))
    return tuple(TargetPreset(str(n), "target", n, suggested=n == 1000) for n in (500, 1000, 1500))


@ft.observable
@dataclass
class NewSessionDraft:
    """The new-session form.

    Attributes:
        game: game id.
        players: names in seat order (seat 0 deals first).
        name: the text in the "add player" field.
        options: options that differ from the defaults, except the target or
            rounds, which follow ``preset`` (or ``custom`` when it is ``"custom"``).
        preset: key of the chosen :class:`TargetPreset`, or ``"custom"``.
        custom: the custom target or rounds as typed.
        error: the last refused input (``OptionError``), or ``None``.
    """

    game: str = "swedish_rummy"
    players: tuple[str, ...] = ()
    name: str = ""
    options: dict = field(default_factory=dict)
    preset: str = ""
    custom: str = ""
    error: Exception | None = None

    def __post_init__(self) -> None:
        if not self.preset:
            self.preset = self._default_preset()

    def _default_preset(self) -> str:
        presets = target_presets(self.game, len(self.players), self.options)
        chosen = next((p for p in presets if p.suggested), presets[0])
        return chosen.key

    def select_game(self, game_id: str) -> None:
        """Choose a game: its options go back to the defaults."""
        get_game(game_id)
        self.game = game_id
        self.options = {}
        self.custom = ""
        self.error = None
        self.preset = self._default_preset()

    def add_player(self, name: str | None = None) -> bool:
        """Add ``name`` (or the typed name) at the end; False (and ``error``) when
        it is empty, too long, a duplicate or the table is full."""
        try:
            checked = check_name(self.name if name is None else name)  # the one name rule
            if any(player_key(p) == player_key(checked) for p in self.players):
                raise OptionError("player_duplicate", player=checked)
            maximum = get_game(self.game).max_players
            if len(self.players) >= maximum:
                raise OptionError(
                    "player_count",
                    params={
                        "game": self.game,
                        "minimum": get_game(self.game).min_players,
                        "maximum": maximum,
                        "count": len(self.players) + 1,
                    },
                )
        except OptionError as error:
            self.error = error
            return False
        self.players = (*self.players, checked)
        if name is None:
            self.name = ""
        self.error = None
        return True

    def remove_player(self, index: int) -> None:
        """Remove the player in seat ``index``."""
        self.players = self.players[:index] + self.players[index + 1 :]
        self.error = None

    def move_player(self, index: int, step: int) -> None:
        """Move the player in seat ``index`` by ``step`` seats (−1 up, +1 down)."""
        other = index + step
        if not (0 <= index < len(self.players) and 0 <= other < len(self.players)):
            return
        seats = list(self.players)
        seats[index], seats[other] = seats[other], seats[index]
        self.players = tuple(seats)

    def set_option(self, key: str, value: Any) -> None:
        """Set a game option (a default value removes it from ``options``)."""
        default = getattr(get_game(self.game).default_options(), key)
        options = dict(self.options)
        if value == default:
            options.pop(key, None)
        else:
            options[key] = value
        previous = target_presets(self.game, len(self.players), self.options)
        was_suggested = any(p.key == self.preset and p.suggested for p in previous)
        self.options = options
        if was_suggested or not any(
            p.key == self.preset for p in target_presets(self.game, 1, options)
        ):
            self.preset = self._default_preset()

    def choose_preset(self, key: str) -> None:
        """Choose a target/rounds preset by key, or ``"custom"``."""
        self.preset = key
        self.error = None

    def presets(self) -> tuple[TargetPreset, ...]:
        """The presets for the current game, players and options."""
        return target_presets(self.game, len(self.players), self.options)

    def all_options(self) -> dict[str, Any]:
        """The options to start with: ``options`` plus the target or rounds.

        Raises :class:`scoring.OptionError` for a custom value that is not a
        whole number of at least 1.
        """
        options = dict(self.options)
        presets = self.presets()
        option = presets[0].option
        if self.preset == "custom":
            text = self.custom.strip()
            if not text.isdigit() or int(text) < 1:
                raise OptionError(
                    "option_range", field=option, params={"minimum": 1, "value": text}
                )
            options[option] = int(text)
        else:
            chosen = next((p for p in presets if p.key == self.preset), presets[0])
            options[option] = chosen.value
        game = get_game(self.game)
        return game.options_to_dict(game.options_from_dict(options))

    def start_args(self) -> tuple[str, tuple[str, ...], dict[str, Any]]:
        """``(game, players, options)`` for :func:`models.services.start_session`.

        Raises :class:`scoring.OptionError` (``player_count``, bad option).
        """
        options = self.all_options()
        get_game(self.game).check_players(self.players)
        return self.game, self.players, options

    def reset(self, players: Sequence[str] = ()) -> None:
        """Empty the form for a new session (keeping ``players`` if given)."""
        self.players = tuple(players)
        self.name = ""
        self.error = None
        self.select_game(self.game)


# --------------------------------------------------------------------------
# Hand entry
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Preview:
    """The live score of a draft hand.

    ``score`` is :mod:`scoring`'s :class:`HandScore` when the hand can be
    scored; ``error`` the :class:`ScoringError` that refuses it; both ``None``
    while nobody is marked as gone out (or blocked).
    """

    score: HandScore | None = None
    error: ScoringError | None = None

    @property
    def ready(self) -> bool:
        """Whether the hand can be saved as it is (maybe after confirming warnings)."""
        return self.score is not None


@ft.observable
@dataclass
class HandDraft:
    """A hand being entered (or edited) for one session.

    Attributes:
        game: game id; ``options`` the session's Options; ``players`` in seat order.
        number: the hand being edited (1-based), or ``None`` for a new hand.
        went_out: who went out; ``blocked`` True when nobody did.
        cards: per player, leftover card rank tokens (``"K"``, ``"10"``, ``"JKR"``).
        plain: per player switched to a plain number, the text typed.
        runs: Four Suit Rummy: per player, the runs laid down.
        rummy: Rummy winner-collects: went out in one turn.
        builder: seat whose run builder is open, or ``None``.
        suit: suit letter chosen in the run builder; ``ranks`` the ranks tapped.
        ace_options: rank tokens the ace could stand for, while asking.
        builder_error: a run the builder refused (``HandError``), or ``None``.
        last_run: the run the open builder added last (the next run starts
            with a suit), or ``None``.
        warnings: warnings waiting for the user's confirmation (after a save).
        save_error: an error the services returned on save, or ``None``.
        original: the hand being edited as it was read (saving or deleting is
            refused if another phone changed it meanwhile), or ``None``.
        opened_for: a new hand's number when its screen opened; another
            phone saving that hand first moves this one on (see
            :meth:`overtaken`).
    """

    game: str
    options: Any
    players: tuple[str, ...]
    number: int | None = None
    went_out: str | None = None
    blocked: bool = False
    cards: dict = field(default_factory=dict)
    plain: dict = field(default_factory=dict)
    runs: dict = field(default_factory=dict)
    rummy: bool = False
    builder: int | None = None
    suit: str | None = None
    ranks: tuple[str, ...] = ()
    ace_options: tuple[str, ...] = ()
    builder_error: Exception | None = None
    last_run: Run | None = None
    warnings: tuple = ()
    save_error: Exception | None = None
    original: Hand | None = None
    opened_for: int | None = None

    # -- construction -------------------------------------------------------
    @classmethod
    def for_session(cls, view: SessionView) -> HandDraft:
        """An empty draft for the next hand of ``view``."""
        return cls(
            game=view.game,
            options=view.options,
            players=view.players,
            opened_for=len(view.hands) + 1,
        )

    @classmethod
    def from_hand(cls, view: SessionView, number: int, hand: Hand) -> HandDraft:
        """A draft holding hand ``number`` as entered, for editing."""
        cards: dict[str, tuple[str, ...]] = {}
        plain: dict[str, str] = {}
        for player, held in hand.left.items():
            if isinstance(held, int):
                plain[player] = str(held)
            else:
                cards[player] = tuple(card.rank.value for card in held)
        draft = cls(
            game=view.game,
            options=view.options,
            players=view.players,
            number=number,
            went_out=hand.went_out,
            blocked=hand.went_out is None,
            cards=cards,
            plain=plain,
            runs={p: tuple(r) for p, r in hand.runs.items()},
            rummy=hand.rummy,
            original=hand,
        )
        draft.__dict__["_as_read"] = draft._entered()
        return draft

    def _entered(self) -> tuple:
        return (
            self.went_out,
            self.blocked,
            {p: tuple(c) for p, c in self.cards.items() if c},
            dict(self.plain),
            {p: tuple(r) for p, r in self.runs.items() if r},
            self.rummy,
        )

    def unchanged(self) -> bool:
        """Whether an edit draft still holds the hand exactly as it was read."""
        return self.original is not None and self.__dict__.get("_as_read") == self._entered()

    # -- rules the screen needs (asked of scoring) --------------------------------
    @property
    def rules(self) -> Any:
        """The game's rules object (:func:`scoring.get_game`)."""
        return get_game(self.game)

    @property
    def can_block(self) -> bool:
        """Whether "blocked" is offered."""
        return self.rules.can_block(self.options)

    @property
    def uses_runs(self) -> bool:
        """Whether runs are entered (Four Suit Rummy)."""
        return self.rules.uses_runs

    @property
    def offers_rummy(self) -> bool:
        """Whether the "went rummy" switch is offered (Rummy, winner collects)."""
        return getattr(self.options, "scoring", None) == "winner_collects"

    def keypad(self) -> tuple[Rank, ...]:
        """The keypad's ranks."""
        return keypad_ranks(self.game, self.options)

    def needs_leftover(self, player: str) -> bool:
        """Whether ``player``'s leftover cards are entered (not the one who went out)."""
        return player != self.went_out

    # -- who went out ---------------------------------------------------------
    def set_went_out(self, player: str) -> None:
        """Mark ``player`` as gone out (their leftover is cleared)."""
        if player not in self.players:
            raise ValueError(f"unknown player {player!r}")
        self.went_out = player
        self.blocked = False
        self.cards = {p: c for p, c in self.cards.items() if p != player}
        self.plain = {p: t for p, t in self.plain.items() if p != player}
        self._changed()

    def set_blocked(self) -> None:
        """Mark the hand as blocked (nobody went out)."""
        self.went_out = None
        self.blocked = True
        self._changed()

    # -- leftover cards ---------------------------------------------------------
    def add_card(self, player: str, rank: str) -> None:
        """Add one leftover card of ``rank`` (token) to ``player``'s hand."""
        Rank(rank)
        self.cards = {**self.cards, player: (*self.cards.get(player, ()), rank)}
        if player in self.plain:
            self.plain = {p: t for p, t in self.plain.items() if p != player}
        self._changed()

    def remove_card(self, player: str, index: int) -> None:
        """Remove the ``index``-th leftover card (0-based) of ``player``."""
        held = self.cards.get(player, ())
        if 0 <= index < len(held):
            self.cards = {**self.cards, player: held[:index] + held[index + 1 :]}
            self._changed()

    def toggle_plain(self, player: str) -> None:
        """Switch ``player`` between card keys and a plain number of points."""
        if player in self.plain:
            self.plain = {p: t for p, t in self.plain.items() if p != player}
        else:
            self.plain = {**self.plain, player: ""}
            self.cards = {p: c for p, c in self.cards.items() if p != player}
        self._changed()

    def set_plain(self, player: str, text: str) -> None:
        """The plain number typed for ``player``."""
        self.plain = {**self.plain, player: text}
        self._changed()

    def set_rummy(self, value: bool) -> None:
        """The "went rummy" switch."""
        self.rummy = bool(value)
        self._changed()

    # -- Four Suit Rummy run builder ------------------------------------------
    def open_builder(self, seat: int) -> None:
        """Open the run builder for the player in ``seat`` (closing any other)."""
        self.builder = seat
        self.suit = None
        self.ranks = ()
        self.ace_options = ()
        self.builder_error = None
        self.last_run = None

    @property
    def run_pending(self) -> bool:
        """Whether the open builder holds ranks that are not yet a run (fewer
        than three, the ace not chosen, or not a run)."""
        return self.builder is not None and bool(self.ranks)

    def finish_builder(self) -> bool:
        """ "Done": close the builder, unless a run is still being built — then
        it stays open with ``builder_error`` (``run_unfinished``) and False is
        returned, so no run is ever dropped by "Done"."""
        if self.run_pending:
            self.builder_error = DraftError(DraftCode.RUN_UNFINISHED, ace=bool(self.ace_options))
            return False
        self.close_builder()
        return True

    def close_builder(self) -> None:
        """Close the run builder, dropping a half-built run (see :meth:`finish_builder`)."""
        self.builder = None
        self.suit = None
        self.ranks = ()
        self.ace_options = ()
        self.builder_error = None
        self.last_run = None
        self._pending_gone()

    def _pending_gone(self) -> None:
        # A "finish the run first" refusal goes once the run is no longer pending.
        if isinstance(self.save_error, DraftError) and not self.run_pending:
            self.save_error = None

    def pick_suit(self, letter: str) -> None:
        """Choose the suit of the run being built (clears its ranks)."""
        if letter not in SUIT_BY_LETTER:
            raise ValueError(f"unknown suit {letter!r}")
        self.suit = letter
        self.ranks = ()
        self.ace_options = ()
        self.builder_error = None
        self._pending_gone()

    def pick_rank(self, rank: str) -> None:
        """Add a rank to the run being built; the third completes it.

        A complete run is added to the player's runs unless the ace's rank is
        ambiguous (then ``ace_options`` asks, see :meth:`choose_ace`) or the
        cards are not a run (then ``builder_error`` says why).
        """
        if self.builder is None or self.suit is None or len(self.ranks) >= 3 or self.ace_options:
            return
        Rank(rank)
        self.ranks = (*self.ranks, rank)
        self.builder_error = None
        if len(self.ranks) < 3:
            return
        cards = self._builder_cards()
        choices = ace_choices(cards)
        if len(choices) > 1:
            self.ace_options = tuple(r.value for r in choices)
            return
        self._finish_run(Run(cards))

    def choose_ace(self, rank: str) -> None:
        """Say which rank the ace stands for, completing the run."""
        if rank not in self.ace_options:
            return
        self._finish_run(Run(self._builder_cards(), ace_as=Rank(rank)))

    def unpick_rank(self) -> None:
        """Take back the last rank tapped in the builder."""
        self.ranks = self.ranks[:-1]
        self.ace_options = ()
        self.builder_error = None
        self._pending_gone()

    def remove_run(self, player: str, index: int) -> None:
        """Remove ``player``'s ``index``-th run (0-based)."""
        runs = self.runs.get(player, ())
        if 0 <= index < len(runs):
            self.runs = {**self.runs, player: runs[:index] + runs[index + 1 :]}
            self._changed()

    def _builder_cards(self) -> tuple[Card, ...]:
        suit = SUIT_BY_LETTER[self.suit or "S"]
        return tuple(Card(Rank(token), suit) for token in self.ranks)

    def _finish_run(self, run: Run) -> None:
        try:
            resolve_run(run)
        except HandError as error:
            self.builder_error = error
            self.ace_options = ()
            return
        player = self.players[self.builder or 0]
        self.runs = {**self.runs, player: (*self.runs.get(player, ()), run)}
        self.ranks = ()
        self.suit = None  # the next run starts with its suit
        self.ace_options = ()
        self.builder_error = None
        self.last_run = run
        self._changed()

    # -- the hand and its score ---------------------------------------------------
    def _changed(self) -> None:
        self.warnings = ()
        self.save_error = None

    def check_saveable(self) -> bool:
        """Before a save: False (and ``save_error`` ``run_pending``) while the
        run builder holds a run that is not finished, so that a save never
        leaves it out."""
        if self.run_pending:
            self.save_error = DraftError(DraftCode.RUN_PENDING, ace=bool(self.ace_options))
            return False
        return True

    def hand(self) -> Hand:
        """The draft as a :class:`scoring.Hand`.

        Raises :class:`scoring.HandError`: ``bad_points`` for a plain number
        that is not a whole number ≥ 0; ``went_out_missing`` when nobody is
        marked as gone out and the hand is not blocked.
        """
        if self.went_out is None and not self.blocked:
            raise DraftError(DraftCode.WENT_OUT_MISSING)
        left: dict[str, tuple[Card, ...] | int] = {}
        for player in self.players:
            if player == self.went_out:
                continue
            if player in self.plain:
                text = self.plain[player].strip()
                if not text.isdigit():
                    raise HandError(
                        ErrorCode.BAD_POINTS, player=player, field="left", params={"value": text}
                    )
                left[player] = int(text)
            elif self.cards.get(player):
                left[player] = tuple(Card(Rank(token)) for token in self.cards[player])
        runs = {p: tuple(r) for p, r in self.runs.items() if r}
        return Hand(
            self.went_out,
            left=left,
            runs=runs,
            rummy=self.rummy and self.offers_rummy and self.went_out is not None,
        )

    def preview(self) -> Preview:
        """The live score from :mod:`scoring` (or the error that refuses the hand)."""
        if self.went_out is None and not self.blocked:
            return Preview()
        try:
            hand = self.hand()
            return Preview(score=self.rules.score_hand(self.options, self.players, hand))
        except ScoringError as error:
            return Preview(error=error)

    def leftover_points(self, player: str) -> int | None:
        """The value of ``player``'s leftover as entered (card values from
        :mod:`scoring`), or ``None`` when a plain number is not a number."""
        if player in self.plain:
            text = self.plain[player].strip()
            return int(text) if text.isdigit() else None
        values = self.rules.card_values(self.options)
        return sum(values.get(Rank(t), 0) for t in self.cards.get(player, ()))

    @property
    def started(self) -> bool:
        """Whether anything has been entered yet."""
        return bool(
            self.went_out is not None
            or self.blocked
            or any(self.cards.values())
            or self.plain
            or any(self.runs.values())
            or self.ranks
        )

    def overtaken(self, number: int) -> bool:
        """Whether this new hand, begun as hand :attr:`opened_for`, would now be
        saved as hand ``number`` after it: another phone saved a hand
        meanwhile, maybe this very one."""
        return (
            self.number is None
            and self.opened_for is not None
            and number > self.opened_for
            and self.started
        )

    def follow_deletions(self, number: int) -> None:
        """A hand was deleted meanwhile (on another phone): this new hand is now
        hand ``number``, which needs no question. Changes no observed field
        (it is called while the screen is drawn)."""
        if self.number is None and self.opened_for is not None and number < self.opened_for:
            self.__dict__["opened_for"] = number

    def keep_as(self, number: int) -> None:
        """The user says this is another hand: enter it as hand ``number``."""
        self.opened_for = number

    def card_count(self) -> int:
        """How many leftover cards have been tapped in (all players)."""
        return sum(len(c) for c in self.cards.values())


# --------------------------------------------------------------------------
# The app
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Notice:
    """A short message with an optional undo: ``kind`` (``session_deleted``,
    ``hand_deleted``), ``session_id``, a ``serial`` so that equal notices differ."""

    kind: str
    session_id: int
    serial: int


@ft.observable
@dataclass
class AppState:
    """Everything one browser tab remembers between screens.

    Attributes:
        settings: :class:`app.settings.Settings` (saved by the services).
        width: the page's width in logical pixels.
        revision: bumped after a write that the screen on show must reload for.
        new_session: the new-session form.
        notice: the last :class:`Notice` (for a snackbar with undo), or ``None``.
        device_ready: whether this browser's own settings have been read (the
            screens wait for them, so they never show in the wrong language).
    """

    settings: Settings = field(default_factory=Settings)
    width: float = 390
    revision: int = 0
    new_session: NewSessionDraft = field(default_factory=NewSessionDraft)
    notice: Notice | None = None
    device_ready: bool = False

    @property
    def language(self) -> str:
        """The language to show (the setting, or the system's)."""
        return effective_language(self.settings.language)

    @property
    def wide(self) -> bool:
        """Whether the screen is wide enough for two panes."""
        return self.width >= WIDE

    def set_settings(self, settings: Settings) -> None:
        """New settings (already saved)."""
        self.settings = settings

    def device_settings(self, settings: Settings) -> None:
        """The settings this browser or device stored (over the server default)
        have been read: apply them and show the screens."""
        self.settings = settings
        self.device_ready = True

    def set_width(self, width: float | None) -> None:
        """The page was resized."""
        if width:
            self.width = float(width)

    def saved(self, view: SessionView) -> None:
        """A write returned ``view`` and the app is about to navigate to it.

        The view is kept (without re-rendering the screen being left) for the
        next screen to show once, instead of reloading it: see :meth:`take_view`.
        """
        cache = self.__dict__.setdefault("_views", {})
        cache[view.id] = view

    def take_view(self, session_id: int) -> SessionView | None:
        """The view a write just returned for ``session_id`` (once), or ``None``."""
        return self.__dict__.setdefault("_views", {}).pop(session_id, None)

    def changed(self) -> None:
        """Something was written that the screen on show must reload."""
        self.__dict__.setdefault("_views", {}).clear()
        self.revision += 1

    def draft_for(
        self, view: SessionView, number: int | None, hand: Hand | None = None
    ) -> HandDraft:
        """The draft for a new hand (``number`` None) or for editing ``number``,
        kept across re-renders until :meth:`drop_draft`."""
        key = (view.id, number or 0)
        drafts = self._drafts()
        draft = drafts.get(key)
        # An untouched edit of a hand stored differently since (changed, or
        # another hand now has its number) starts again from the stored hand.
        stale = (
            draft is not None and hand is not None and draft.original != hand and draft.unchanged()
        )
        if draft is None or stale or draft.players != view.players:
            draft = (
                HandDraft.from_hand(view, number, hand)
                if number and hand is not None
                else HandDraft.for_session(view)
            )
            drafts[key] = draft
        return draft

    def _drafts(self) -> dict[tuple[int, int], HandDraft]:
        # Hand drafts by (session id, hand number or 0 for a new hand). Not an
        # observable field: a draft re-renders its own screen, and forgetting
        # one must not re-render the screen being left.
        return self.__dict__.setdefault("_hand_drafts", {})

    def has_draft(self, session_id: int, players: Sequence[str]) -> bool:
        """Whether this tab holds a started draft of the next hand of the
        session (whose seats are ``players``): "continue", not "enter"."""
        draft = self._drafts().get((session_id, 0))
        return draft is not None and draft.players == tuple(players) and draft.started

    def drop_draft(self, session_id: int, number: int | None) -> None:
        """Forget the draft (saved or abandoned)."""
        self._drafts().pop((session_id, number or 0), None)

    def notify(self, kind: str, session_id: int) -> None:
        """Show a notice (with undo where the kind allows it)."""
        serial = (self.notice.serial + 1) if self.notice else 1
        self.notice = Notice(kind, session_id, serial)

    def clear_notice(self) -> None:
        """Hide the notice."""
        self.notice = None
