"""A bids game's hand being entered (GAME_FORMAT.md ``hand: bids``; RULES.md
§7 Plump), in plain Python: two steps on one screen. Before play each
player's bid, one tap each in bidding order (the dealer last, the number the
hook forbids not offered); after play one tap per player who made the bid
(or, where the game scores a missed bid by the tricks, each player's tricks,
the last one's filled in as the rest). The hand is kept by the tab between
the steps (the session screen's "Continue hand N").

:class:`BidDraft` is immutable: every tap gives a new one, which the hand's
:class:`~app.ui.state.HandDraft` holds (:meth:`HandDraft.set_bids`), so the
screen draws it again. Nothing here scores: the live score and every refusal
are :mod:`scoring`'s (:func:`scoring.bids.score_bids`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from scoring import Hand, SessionRules
from scoring.bids import BidRules, hooked
from scoring.definition import Bids, HandKind

__all__ = ["BidDraft", "BidStep"]


def _bid_rules(rules: SessionRules) -> BidRules | None:
    """A bids game's rules with the session's options (a game defined as
    data whose ``hand`` is ``bids``), else ``None``."""
    definition = rules.game.definition
    if definition is None or definition.hand is not HandKind.BIDS:
        return None
    resolved: BidRules | None = rules.game.rules(rules.options).bids  # type: ignore[attr-defined]
    return resolved


class BidStep(StrEnum):
    """Where a bids hand's entry is."""

    BIDS = "bids"  #: before play: the bids, one a player
    MADE = "made"  #: after play: who made the bid (the rest missed)
    TRICKS = "tricks"  #: after play: each player's tricks (a missed bid scores by them)


@dataclass(frozen=True)
class BidDraft:
    """One bids hand as entered so far.

    Attributes:
        players: the players in seat order.
        dealer: who deals this hand (bids last; the hook binds them).
        cards: the cards dealt to each player this hand (bids are 0 to it).
        rules: how bids score with the session's options (the hook, and
            whether a missed bid needs the tricks).
        bids: per player, the bid tapped.
        made: the players tapped as having made their bid.
        tricks: per player, the tricks tapped (the last player's are the rest,
            :meth:`tricks_shown`).
    """

    players: tuple[str, ...]
    dealer: str
    cards: int
    rules: Bids
    bids: Mapping[str, int] = field(default_factory=dict)
    made: frozenset[str] = frozenset()
    tricks: Mapping[str, int] = field(default_factory=dict)

    # -- made ------------------------------------------------------------------
    @classmethod
    def start(cls, rules: SessionRules, number: int | None) -> BidDraft | None:
        """An empty bids hand for hand ``number`` of a session played by
        ``rules`` (its deal's cards and dealer), ``None`` for a game of
        another kind."""
        bids = _bid_rules(rules)
        if bids is None:
            return None
        players = rules.players
        deal = rules.round(number)
        most = max(row.cards for row in bids.rows)
        seat = ((number or 1) - 1) % len(players)
        return cls(players, players[seat], deal.cards if deal is not None else most, bids.bids)

    @classmethod
    def of_hand(cls, rules: SessionRules, number: int, hand: Hand) -> BidDraft | None:
        """Hand ``number`` as stored, for a change."""
        draft = cls.start(rules, number)
        if draft is None:
            return None
        return replace(
            draft,
            bids=dict(hand.bids),
            made=frozenset(hand.made or ()),
            tricks=dict(hand.tricks),
        )

    def dealt_as(self, rules: SessionRules, number: int) -> BidDraft:
        """This hand entered as hand ``number`` (another phone saved or
        deleted one meanwhile): that deal's cards and dealer, what was tapped
        kept (scoring says what no longer fits)."""
        draft = BidDraft.start(rules, number)
        if draft is None:
            return self
        return replace(draft, bids=self.bids, made=self.made, tricks=self.tricks)

    # -- the bids ------------------------------------------------------------------
    @property
    def order(self) -> tuple[str, ...]:
        """The bidding order: from the dealer's left round to the dealer."""
        seat = self.players.index(self.dealer)
        return self.players[seat + 1 :] + self.players[: seat + 1]

    @property
    def hooked(self) -> int | None:
        """The bid the hook forbids the dealer (RULES.md §7), once everyone
        else has bid; ``None`` when nothing is forbidden (yet)."""
        others = [p for p in self.players if p != self.dealer]
        if any(p not in self.bids for p in others):
            return None
        return hooked(self.rules, self.cards, sum(self.bids[p] for p in others))

    def offered(self, player: str) -> tuple[int, ...]:
        """The bids offered to ``player``: 0 to the cards dealt, but for the
        dealer the number the hook forbids."""
        forbidden = self.hooked if player == self.dealer else None
        return tuple(n for n in range(self.cards + 1) if n != forbidden)

    def with_bid(self, player: str, bid: int) -> BidDraft:
        """``player`` bids ``bid`` (a tap on its button; again on the same
        button takes it back). A bid changed after play was entered keeps
        who made it: scoring says what no longer fits."""
        if player not in self.players:
            raise ValueError(f"unknown player {player!r}")
        bids = {p: n for p, n in self.bids.items() if p != player}
        if self.bids.get(player) != bid:
            bids[player] = bid
        return replace(self, bids={p: bids[p] for p in self.players if p in bids})

    @property
    def next_bidder(self) -> str | None:
        """The first player in bidding order without a bid, ``None`` when all have."""
        return next((p for p in self.order if p not in self.bids), None)

    @property
    def step(self) -> BidStep:
        """The step on show: the bids until everyone has bid, then the result."""
        if self.next_bidder is not None:
            return BidStep.BIDS
        return BidStep.TRICKS if self.rules.missed.needs_tricks else BidStep.MADE

    # -- after play ----------------------------------------------------------------
    def toggle_made(self, player: str) -> BidDraft:
        """``player`` made the bid (a tap), or not after all (a second tap)."""
        if player not in self.players:
            raise ValueError(f"unknown player {player!r}")
        return replace(self, made=self.made ^ {player})

    def with_tricks(self, player: str, tricks: int) -> BidDraft:
        """``player`` took ``tricks`` (a tap; again on the same takes it back)."""
        if player not in self.players:
            raise ValueError(f"unknown player {player!r}")
        taken = {p: n for p, n in self.tricks.items() if p != player}
        if self.tricks.get(player) != tricks:
            taken[player] = tricks
        return replace(self, tricks={p: taken[p] for p in self.players if p in taken})

    def tricks_shown(self) -> dict[str, int]:
        """The tricks of the hand: those tapped, and when all but one player's
        are, that player's as the rest of the cards (when there is a rest)."""
        shown = dict(self.tricks)
        missing = [p for p in self.players if p not in shown]
        rest = self.cards - sum(shown.values())
        if len(missing) == 1 and rest >= 0:
            shown[missing[0]] = rest
        return {p: shown[p] for p in self.players if p in shown}

    # -- the hand ------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """Whether anything has been tapped."""
        return bool(self.bids or self.made or self.tricks)

    def hand(self, note: str | None = None, played_at: str | None = None) -> Hand:
        """The hand as entered, for :mod:`scoring` to score (the tricks with
        the last player's filled in where the game asks tricks; who made the
        bid otherwise)."""
        if self.rules.missed.needs_tricks:
            return Hand(
                None, note=note, played_at=played_at, bids=self.bids, tricks=self.tricks_shown()
            )
        made = tuple(p for p in self.players if p in self.made)
        return Hand(None, note=note, played_at=played_at, bids=self.bids, made=made)
