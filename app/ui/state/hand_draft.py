"""One hand being entered or changed: who went out (or blocked), each player's
leftover cards (as :class:`scoring.Card`, suits kept) or a plain number, Four
Suit Rummy's runs and the run builder. It turns itself into a
:class:`scoring.Hand` and gets the live score from the session's
:class:`scoring.SessionRules` — no rule is computed here.

Nothing here translates text: errors are kept as coded exceptions for
:func:`app.messages.describe_error`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import flet as ft

from app.messages import DraftCode, DraftError
from app.ui.state.bid_draft import BidDraft
from app.ui.state.capture_draft import CaptureDraft, PileFacts
from app.ui.state.progress_draft import ProgressDraft
from app.ui.state.typed_sum import read_sum
from models.views import SessionView
from scoring import (
    STANDARD_RANKS,
    Card,
    ErrorCode,
    Face,
    Hand,
    HandError,
    HandScore,
    PadKey,
    Rank,
    Run,
    ScoringError,
    SessionRules,
    Suit,
    ace_choices,
    resolve_run,
)
from scoring.definition import FlagPlayer

__all__ = ["RUN_RANKS", "SUIT_BY_LETTER", "HandDraft", "Preview"]

#: The ranks a run is built from, in key order (no joker in a run).
RUN_RANKS: tuple[Rank, ...] = STANDARD_RANKS
#: Suit letter (the canonical token letter) → suit, in key order.
SUIT_BY_LETTER: Mapping[str, Suit] = {suit.value: suit for suit in Suit}


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
        rules: the session's rules (game, options, players in seat order).
        number: the hand being edited (1-based), or ``None`` for a new hand.
        went_out: who went out; ``blocked`` True when nobody did.
        cards: per player, the leftover cards entered (:class:`scoring.Card`,
            or a game's own :class:`scoring.Face`; a card read from a stored
            hand keeps its suit).
        plain: per player switched to a plain number, the text typed.
        typed_aside: per player switched back from a plain number to cards,
            the text that was typed (brought back by switching again).
        runs: Four Suit Rummy: per player, the runs laid down.
        flags: a game definition's hand flags called: flag id → player
            (GAME_FORMAT.md "Hand flags", Rummy's *rummy* among them; a flag
            for the player who went out follows whoever is marked as gone out).
        builder: seat whose run builder is open, or ``None``.
        suit: the suit chosen in the run builder; ``ranks`` the ranks tapped.
        ace_options: the ranks the ace could stand for, while asking.
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
        as_read: an edit draft's entries as read (see :meth:`unchanged`).
        capture: a captured hand's piles (:class:`CaptureDraft`, RULES.md
            §5), ``None`` in a game whose hands are not captured piles.
        bid: a bids game's hand (:class:`~app.ui.state.bid_draft.BidDraft`,
            RULES.md §7): its bids and who made them, in place of cards;
            ``None`` in every other game.
        progress: a progress game's hand (:class:`~app.ui.state.progress_draft.
            ProgressDraft`, RULES.md §8): who completed their phase; ``None``
            in every other game.
        also_out: a game whose rules let others go out on their last turn
            (GAME_FORMAT.md ``also_out``, RULES.md §6 Five Crowns): the
            players tapped as "Went out too", in seat order (cards entered
            for them are kept aside, as for the player who went out).
    """

    rules: SessionRules
    number: int | None = None
    went_out: str | None = None
    blocked: bool = False
    cards: dict = field(default_factory=dict)
    plain: dict = field(default_factory=dict)
    typed_aside: dict = field(default_factory=dict)
    runs: dict = field(default_factory=dict)
    flags: dict = field(default_factory=dict)
    builder: int | None = None
    suit: Suit | None = None
    ranks: tuple[Rank, ...] = ()
    ace_options: tuple[Rank, ...] = ()
    builder_error: Exception | None = None
    last_run: Run | None = None
    warnings: tuple = ()
    save_error: Exception | None = None
    original: Hand | None = None
    opened_for: int | None = None
    as_read: tuple | None = None
    capture: CaptureDraft | None = None
    bid: BidDraft | None = None
    progress: ProgressDraft | None = None
    also_out: tuple = ()

    # -- construction -------------------------------------------------------
    @classmethod
    def for_session(cls, view: SessionView) -> HandDraft:
        """An empty draft for the next hand of ``view`` (in a game where nobody
        goes out, every hand ends with nobody out: marked so at once)."""
        rules = view.rules
        facts = PileFacts.of(rules)
        number = len(view.hands) + 1
        return cls(
            rules=rules,
            opened_for=number,
            blocked=not rules.can_go_out,
            capture=CaptureDraft(facts) if facts is not None else None,
            bid=BidDraft.start(rules, number),
            progress=ProgressDraft.start(view),
        )

    @classmethod
    def from_hand(cls, view: SessionView, number: int, hand: Hand) -> HandDraft:
        """A draft holding hand ``number`` as entered, for editing."""
        cards: dict[str, tuple[Card | Face, ...]] = {}
        plain: dict[str, str] = {}
        for player, held in hand.left.items():
            if isinstance(held, int):
                plain[player] = str(held)
            else:
                cards[player] = tuple(held)
        draft = cls(
            rules=view.rules,
            number=number,
            went_out=hand.went_out,
            blocked=hand.went_out is None,
            cards=cards,
            plain=plain,
            runs={p: tuple(r) for p, r in hand.runs.items()},
            flags=dict(hand.flags),
            original=hand,
            bid=BidDraft.of_hand(view.rules, number, hand),
            progress=ProgressDraft.of_hand(view, number, hand),
            also_out=tuple(hand.also_out),
        )
        facts = PileFacts.of(view.rules)
        if facts is not None:  # a captured hand: its piles as stored, all entered
            draft.capture = CaptureDraft.from_piles(facts, hand.captured)
        draft.as_read = draft._entered(draft.went_out)
        return draft

    def _entered(self, went_out: str | None = None) -> tuple:
        # What the hand holds: entries kept for the player who went out
        # (``went_out``) are not part of it.
        return (
            self.went_out,
            self.blocked,
            {
                p: tuple(c)
                for p, c in self.cards.items()
                if c and p != went_out and p not in self.plain
            },
            {p: t for p, t in self.plain.items() if p != went_out},
            {p: tuple(r) for p, r in self.runs.items() if r},
            dict(self.flags),
            self.capture.piles() if self.capture is not None else None,
            self.bid,
            self.progress,
            self._also_out(),
        )

    def unchanged(self) -> bool:
        """Whether an edit draft still holds the hand exactly as it was read."""
        return self.original is not None and self.as_read == self._entered(self.went_out)

    @property
    def edited(self) -> bool:
        """Whether this is an edit of a stored hand that holds unsaved changes."""
        return self.original is not None and not self.unchanged()

    # -- what the screen needs (asked of the session's rules) -------------------
    @property
    def players(self) -> tuple[str, ...]:
        """The players in seat order."""
        return self.rules.players

    @property
    def hand_number(self) -> int | None:
        """The hand's number in its session (the one changed, or the one a
        new hand is entered as): the round of a game's schedule."""
        return self.number or self.opened_for

    @property
    def keypad(self) -> tuple[PadKey, ...]:
        """The keys of this hand's keypad with their points (its round's wild
        rank with the wild points, in a game with a schedule)."""
        return self.rules.keypad_at(self.hand_number)

    @property
    def face_names(self) -> dict:
        """A game definition's own faces: face id → its name (both languages)."""
        return {str(k.card): k.name for k in self.rules.keypad if k.name is not None}

    def needs_leftover(self, player: str) -> bool:
        """Whether ``player``'s leftover cards are entered (not the one who
        went out, nor one who went out too)."""
        return player != self.went_out and player not in self._also_out()

    # -- who also went out on their last turn (RULES.md §6) -------------------
    @property
    def offers_also_out(self) -> bool:
        """Whether the hand screen offers "Went out too" beside each other
        player: the game's rules say so (GAME_FORMAT.md ``also_out``) and
        someone went out."""
        definition = self.rules.game.definition
        return definition is not None and definition.also_out and self.went_out is not None

    def is_also_out(self, player: str) -> bool:
        """Whether ``player`` is marked as having gone out on the last turn."""
        return player in self._also_out()

    def toggle_also_out(self, player: str) -> None:
        """One tap on ``player``'s "Went out too": marked (scores 0, holds
        nothing: cards entered wait aside) or unmarked. Nothing for the
        player who went out. Raises ``ValueError`` for a name that is not
        a player."""
        if player not in self.players:
            raise ValueError(f"unknown player {player!r}")
        if player == self.went_out:
            return
        marked = set(self.also_out) ^ {player}
        self.also_out = tuple(p for p in self.players if p in marked)
        self._changed()

    def _also_out(self) -> tuple[str, ...]:
        """Those marked as gone out too, as the hand holds them (none while
        not offered; never the player who went out)."""
        if not self.also_out or not self.offers_also_out:
            return ()
        return tuple(p for p in self.also_out if p != self.went_out)

    # -- who went out ---------------------------------------------------------
    def set_went_out(self, player: str) -> None:
        """Mark ``player`` as gone out. Cards already entered for them are kept
        (tapping someone else again brings them back) but are not part of the
        hand while they went out (:meth:`hand`)."""
        if player not in self.players:
            raise ValueError(f"unknown player {player!r}")
        self.went_out = player
        self.blocked = False
        self.also_out = tuple(p for p in self.also_out if p != player)
        # a flag only the player who went out may have follows them
        went_out_flags = {f.id for f in self.rules.flags if f.player is FlagPlayer.WENT_OUT}
        self.flags = {k: (player if k in went_out_flags else v) for k, v in self.flags.items()}
        self._changed()

    def set_blocked(self) -> None:
        """Mark the hand as blocked (nobody went out)."""
        self.went_out = None
        self.blocked = True
        went_out_flags = {f.id for f in self.rules.flags if f.player is FlagPlayer.WENT_OUT}
        self.flags = {k: v for k, v in self.flags.items() if k not in went_out_flags}
        self._changed()

    # -- a captured hand's piles (RULES.md §5) -----------------------------------
    def set_capture(self, capture: CaptureDraft) -> None:
        """The piles after a tap (:class:`CaptureDraft`'s taps give a new one)."""
        self.capture = capture
        self._changed()

    # -- leftover cards ---------------------------------------------------------
    def add_card(self, player: str, card: Card | Face) -> None:
        """Add one leftover ``card`` (a keypad key: a rank, with its suit where
        the game needs it, or a game's own face) to ``player``'s hand."""
        if not isinstance(card, Card | Face):
            raise TypeError(f"not a card: {card!r}")
        self.cards = {**self.cards, player: (*self.cards.get(player, ()), card)}
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
        """Switch ``player`` between card keys and a plain number of points.
        Nothing entered is thrown away: the cards wait while points are typed
        (and are not part of the hand meanwhile, :meth:`hand`), the typed
        text while cards are used; switching back brings either back."""
        if player in self.plain:
            self.typed_aside = {**self.typed_aside, player: self.plain[player]}
            self.plain = {p: t for p, t in self.plain.items() if p != player}
        else:
            self.plain = {**self.plain, player: self.typed_aside.get(player, "")}
            self.typed_aside = {p: t for p, t in self.typed_aside.items() if p != player}
        self._changed()

    def set_plain(self, player: str, text: str) -> None:
        """The points typed for ``player``, as typed (a number or a sum,
        read when the hand is scored: :meth:`hand`)."""
        self.plain = {**self.plain, player: text}
        self._changed()

    def set_flag(self, flag: str, player: str | None) -> None:
        """Call the hand flag ``flag`` for ``player``, or take it back (``None``)."""
        flags = {k: v for k, v in self.flags.items() if k != flag}
        if player is not None:
            if player not in self.players:
                raise ValueError(f"unknown player {player!r}")
            flags[flag] = player
        self.flags = flags
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

    def pick_suit(self, suit: Suit) -> None:
        """Choose the suit of the run being built (clears its ranks)."""
        self.suit = Suit(suit)
        self.ranks = ()
        self.ace_options = ()
        self.builder_error = None
        self._pending_gone()

    def pick_rank(self, rank: Rank) -> None:
        """Add a rank to the run being built; the third completes it.

        A complete run is added to the player's runs unless the ace's rank is
        ambiguous (then ``ace_options`` asks, see :meth:`choose_ace`) or the
        cards are not a run (then ``builder_error`` says why).
        """
        if self.builder is None or self.suit is None or len(self.ranks) >= 3 or self.ace_options:
            return
        self.ranks = (*self.ranks, Rank(rank))
        self.builder_error = None
        if len(self.ranks) < 3:
            return
        cards = self._builder_cards()
        choices = ace_choices(cards)
        if len(choices) > 1:
            self.ace_options = tuple(choices)
            return
        self._finish_run(Run(cards))

    def choose_ace(self, rank: Rank) -> None:
        """Say which rank the ace stands for, completing the run."""
        rank = Rank(rank)
        if rank not in self.ace_options:
            return
        self._finish_run(Run(self._builder_cards(), ace_as=rank))

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
        return tuple(Card(rank, self.suit or Suit.SPADES) for rank in self.ranks)

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
    def set_bids(self, bid: BidDraft) -> None:
        """A bids hand's next state (a tap on a bid, a made bid, tricks)."""
        self.bid = bid
        self._changed()

    def toggle_completed(self, player: str) -> None:
        """A progress game: tap ``player``'s "Phase N ✓" (the player who
        went out is ticked without a tap). Raises ``ValueError`` for a name
        that is not a player."""
        if self.progress is not None:
            self.progress = self.progress.toggled(player, self.went_out)
            self._changed()

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

        Raises :class:`scoring.HandError` (``bad_points``) for typed points
        that are not a whole number or a sum of whole numbers adding up to
        0 or more; :class:`app.messages.DraftError`
        (``went_out_missing``) when nobody is marked as gone out and the hand
        is not blocked.
        """
        kept = self.original  # what the screen does not edit stays as it was stored
        if self.bid is not None:  # a bids game: bids and who made them, no cards
            return self.bid.hand(
                kept.note if kept is not None else None,
                kept.played_at if kept is not None else None,
            )
        if self.went_out is None and not self.blocked:
            raise DraftError(DraftCode.WENT_OUT_MISSING)
        left: dict[str, tuple[Card | Face, ...] | int] = {}
        for player in self.players:
            if player == self.went_out:
                continue
            if player in self.plain:
                left[player] = self._typed_points(player)
            elif self.cards.get(player):
                left[player] = tuple(self.cards[player])
        runs = {p: tuple(r) for p, r in self.runs.items() if r}
        in_play = {f.id for f in self.rules.flags}
        also_out = self._also_out()
        left = {p: held for p, held in left.items() if p not in also_out}
        return Hand(
            self.went_out,
            left=left,
            runs=runs,
            note=kept.note if kept is not None else None,
            played_at=kept.played_at if kept is not None else None,
            flags={k: v for k, v in self.flags.items() if k in in_play},
            captured=self.capture.piles() if self.capture is not None else {},
            completed=None if self.progress is None else self.progress.completed(self.went_out),
            also_out=also_out,
        )

    def _typed_points(self, player: str) -> int:
        """The points typed for ``player``: a whole number or a sum of whole
        numbers ("10+15+8-5" is 28, :func:`read_sum`), at least 0 (no game
        scores a player's leftover below 0). Raises :class:`scoring.HandError`
        (``bad_points``, ``value`` the text typed, with ``sum`` what it adds
        up to when that is below 0)."""
        text = self.plain[player].strip()
        total = read_sum(text)
        if total is None or total < 0:
            params: dict[str, object] = {"value": text}
            if total is not None:
                params["sum"] = total
            raise HandError(ErrorCode.BAD_POINTS, player=player, field="left", params=params)
        return total

    def typed_error(self, player: str) -> HandError | None:
        """Why the points typed for ``player`` cannot be saved (the
        :class:`scoring.HandError` of :meth:`hand`), or ``None`` when they can
        or nothing is typed yet (or ``player`` uses cards)."""
        if not self.plain.get(player, "").strip():
            return None
        try:
            self._typed_points(player)
        except HandError as error:
            return error
        return None

    def preview(self) -> Preview:
        """The live score from :mod:`scoring` (or the error that refuses the hand)."""
        if self.went_out is None and not self.blocked:
            return Preview()
        if self.bid is not None and self.bid.next_bidder is not None:
            return Preview()  # bidding: nothing to score yet
        try:
            hand = self.hand()
            return Preview(score=self.rules.score_hand(hand, self.hand_number))
        except ScoringError as error:
            return Preview(error=error)

    def leftover_points(self, player: str) -> int | None:
        """The value of ``player``'s leftover as entered (card values from
        :mod:`scoring`), or ``None`` when typed points are not a sum of whole
        numbers of 0 or more."""
        if player in self.plain:
            total = read_sum(self.plain[player])
            return total if total is not None and total >= 0 else None
        rules = self.rules
        number = self.hand_number
        return sum(rules.card_points(card, number) or 0 for card in self.cards.get(player, ()))

    @property
    def started(self) -> bool:
        """Whether anything has been entered yet."""
        return bool(
            self.went_out is not None
            or (self.blocked and self.rules.can_go_out)  # else every hand starts so
            or any(self.cards.values())
            or self.plain
            or any(self.runs.values())
            or self.ranks
            or self.flags
            or (self.capture is not None and self.capture.started)
            or (self.bid is not None and self.bid.started)
            or (self.progress is not None and self.progress.started)
            or bool(self.also_out)
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
        hand ``number``, which needs no question."""
        if self.number is None and self.opened_for is not None and number < self.opened_for:
            self.opened_for = number
            self._follow_deal(number)

    def keep_as(self, number: int) -> None:
        """The user says this is another hand: enter it as hand ``number``."""
        self.opened_for = number
        self._follow_deal(number)

    def _follow_deal(self, number: int) -> None:
        """A bids hand entered as hand ``number`` now: that deal's cards and
        dealer, the bids tapped kept."""
        if self.bid is not None:
            self.bid = self.bid.dealt_as(self.rules, number)

    def card_count(self) -> int:
        """How many leftover cards have been tapped in (all players)."""
        return sum(len(c) for c in self.cards.values())
