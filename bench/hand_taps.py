"""The taps of a hand's entry, counted as a finger makes them (issue 28: a
typical hand at the physical minimum of taps, RULES.md §5.3, §6.2, §7.2,
§8.2). Each call is one tap on the hand screen, made on its plain-Python
screen model (:class:`app.ui.state.hand_screen.HandScreen`), no browser.

Shared by the tests that hold the figures (tests/app/test_kasino_screens.py,
test_five_crowns_screens.py, test_plump_screens.py, test_phase_10_screens.py)
and by ``bench/taps.py``, which prints them. It lives in ``bench/``, beside
what measures, not under ``app/``: the app never counts its own taps, and
the tests may import from ``bench/`` (tests/bench does) while the bench
must not import from ``tests/``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from app.ui.state import HandDraft
from app.ui.state.bid_draft import BidDraft
from app.ui.state.hand_screen import HandScreen
from scoring import parse_card


def draft_of(screen: HandScreen) -> HandDraft:
    """The hand shown on ``screen``; raises LookupError when none is shown."""
    if screen.draft is None:
        raise LookupError("the hand screen shows no hand")
    return screen.draft


def bids_of(screen: HandScreen) -> BidDraft:
    """The bids of the hand on ``screen``; raises LookupError in a game without bids."""
    bid = draft_of(screen).bid
    if bid is None:
        raise LookupError("the hand screen takes no bids")
    return bid


class HandTaps:
    """The taps of hands entered one after another: *Enter hand*, the
    entry's own taps, *Save hand*. ``count`` is the taps so far (set it to
    0 to count the next hand alone); ``open_hand(session_id)`` opens the
    next hand's screen, shown (what *Enter hand n* opens)."""

    def __init__(self, open_hand: Callable[[int], HandScreen]) -> None:
        self.open_hand = open_hand
        self.count = 0

    def enter_hand(self, session_id: int) -> HandScreen:
        """*Enter hand n* (or *Continue hand n*) on the session's sheet."""
        self.count += 1
        return self.open_hand(session_id)

    def went_out(self, screen: HandScreen, player: str) -> None:
        """A tap on who went out."""
        self.count += 1
        draft_of(screen).set_went_out(player)

    def also_out(self, screen: HandScreen, player: str) -> None:
        """A tap on a player's "Went out too" (RULES.md §6.2)."""
        self.count += 1
        draft_of(screen).toggle_also_out(player)

    def completed(self, screen: HandScreen, player: str) -> None:
        """A tap on a player's "Phase N": laid the phase down (RULES.md §8.2)."""
        self.count += 1
        draft_of(screen).toggle_completed(player)

    def card(self, screen: HandScreen, player: str, face: str) -> None:
        """A tap on a card key in ``player``'s keypad: the key whose label is
        ``face`` ("low", "wild"), else the card ``face`` names ("K", "QS")."""
        draft = draft_of(screen)
        keys = {str(k.card): k.card for k in draft.keypad}
        self.count += 1
        draft.add_card(player, keys[face] if face in keys else parse_card(face))

    def cards(self, screen: HandScreen, player: str, faces: Sequence[str]) -> None:
        """One tap a card left in ``player``'s hand (:meth:`card`)."""
        for face in faces:
            self.card(screen, player, face)

    def bid(self, screen: HandScreen, player: str, bid: int) -> None:
        """A tap on ``player``'s bid; only a bid the screen offers can be
        tapped (the dealer's hooked bid is not, RULES.md §7)."""
        bids = bids_of(screen)
        offered = bids.offered(player)
        if bid not in offered:
            raise ValueError(f"{player}'s bid {bid} is not offered: {offered}")
        self.count += 1
        draft_of(screen).set_bids(bids.with_bid(player, bid))

    def made(self, screen: HandScreen, player: str) -> None:
        """A tap on ``player``'s made bid (after play)."""
        bids = bids_of(screen)
        self.count += 1
        draft_of(screen).set_bids(bids.toggle_made(player))

    def save(self, screen: HandScreen) -> bool:
        """*Save hand*; True when the hand was saved."""
        self.count += 1
        return asyncio.run(screen.save())


class PileTaps:
    """The hand screen's taps on captured piles (Kasino, RULES.md §5.3),
    counted: each call of a :class:`app.ui.state.capture_draft.CaptureDraft`
    method through this (``digit``, ``set_suit``, ``place``, ``add_event``,
    ``enter_derived``, ``erase`` …) is one tap on the screen (a digit, a suit
    count, a chip, a "+", a grey value); the draft is set to what it returns."""

    def __init__(self, screen: HandScreen) -> None:
        self.screen = screen
        self.count = 0

    def __getattr__(self, name: str) -> Callable[..., None]:
        draft = draft_of(self.screen)
        capture = draft.capture
        if capture is None:
            raise AttributeError(f"no captured piles on this hand screen: {name}")
        method = getattr(capture, name)

        def tapped(*args: Any) -> None:
            self.count += 1
            draft.set_capture(method(*args))

        return tapped

    def number(self, player: str, text: str) -> None:
        """A count typed on the number pad, a tap a digit."""
        for digit in text:
            self.digit(player, int(digit))
