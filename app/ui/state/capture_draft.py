"""A captured hand being entered (GAME_FORMAT.md ``captures``; RULES.md §5
Kasino, §5.3 "Taps for a typical deal"): each player's pile as the family
counts it, with the fewest taps.

One row a player: the card count typed on a number pad (a tap a digit: "29"
is two taps), one tap on 0–13 for each compared suit, the named cards as
chips (a tap on a chip under a player puts it in that pile; a tap on it there
takes it out), one tap a sweep ("+"; a tap on the count takes one off). The
last player's row is derived and shown grey: the card and suit counts are
what the others leave of the cards in play, the named cards those nobody
else has (the last capture takes what is left on the table). Tapping a
derived value makes it entered (then the sum warnings of RULES.md §5 apply).
Nothing is computed here that scoring computes: the points come from
:mod:`scoring` (:meth:`app.ui.state.HandDraft.preview`); the piles are
stored as entered, derived values included, so rescoring never derives.

>>> facts = PileFacts(("Kari", "Ola"), 52, 13, ("S",), ("10D", "2S", "AS"), (("sweep", 26),))
>>> entry = CaptureDraft(facts).digit("Kari", 2).digit("Kari", 9).set_suit("Kari", "S", 8)
>>> entry = entry.place("Kari", "10D").add_event("Kari", "sweep")
>>> entry.shown_cards("Ola"), entry.shown_suit("Ola", "S"), entry.named_of("Ola")
((23, True), (5, True), ('2S', 'AS'))
>>> entry.piles()["Kari"]
Pile(cards=29, suits={'S': 8}, named=('10D',), events={'sweep': 1})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from scoring import Pile, SessionRules
from scoring.captures import pile_table, seating
from scoring.definition import HandKind

__all__ = ["CaptureDraft", "PileFacts"]

_SUIT_CARDS = 13


@dataclass(frozen=True, slots=True)
class PileFacts:
    """What a captured hand asks of each player, from the game's rules: the
    ``players`` in seat order, a row each (the last one's row is derived; in
    partnerships a row a team, under its first player, with ``teams``
    naming each row's players), the ``cards``
    in play, a suit's cards (``suit_cards``), the compared ``suits`` (each
    asked per player), the named ``chips`` in the definition's order and each
    event's id with its largest count."""

    players: tuple[str, ...]
    cards: int
    suit_cards: int
    suits: tuple[str, ...]
    chips: tuple[str, ...]
    events: tuple[tuple[str, int], ...]
    #: per row, the names of its players (a partnership's two; RULES.md §5)
    teams: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def of(cls, rules: SessionRules) -> PileFacts | None:
        """The facts of a session's rules, ``None`` for a game whose hands
        are not captured piles."""
        definition = rules.game.definition
        if definition is None or definition.hand is not HandKind.CAPTURED:
            return None
        piles = pile_table(definition, rules.options)
        suit_cards = _SUIT_CARDS * rules.game.decks(rules.players)
        teams = seating(rules.game, rules.options, rules.players)
        return cls(
            tuple(team[0] for team in teams),
            suit_cards * piles.deck_suits,
            suit_cards,
            piles.suits,
            tuple(piles.chips),
            tuple((event, most) for event, (_points, most) in piles.events.items()),
            teams,
        )

    def label(self, row: int) -> str:
        """Row ``row``'s name: its player's, or a partnership's ("Kari & Per")."""
        names = self.teams[row] if self.teams else (self.players[row],)
        return " & ".join(names)

    @property
    def last(self) -> str:
        """The player whose row is derived (the last seat)."""
        return self.players[-1]


@dataclass(frozen=True)
class CaptureDraft:
    """The piles entered so far (a value: each tap gives a new draft).

    Attributes:
        facts: what is asked (:class:`PileFacts`).
        typed: per player, the card count's digits as typed ("29").
        suits: per player, per compared suit, the count tapped.
        placed: per named chip, the player whose pile holds it.
        events: per player, per event id, the count.
        derive: whether the last player's row is derived (a stored hand
            being changed holds every value as entered: nothing derived).
    """

    facts: PileFacts
    typed: Mapping[str, str] = field(default_factory=dict)
    suits: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    placed: Mapping[str, str] = field(default_factory=dict)
    events: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    derive: bool = True

    @classmethod
    def from_piles(cls, facts: PileFacts, piles: Mapping[str, Pile]) -> CaptureDraft:
        """A stored hand's piles, every value entered (nothing derived)."""
        typed = {p: str(pile.cards) for p, pile in piles.items()}
        suits = {p: {s: pile.suits.get(s, 0) for s in facts.suits} for p, pile in piles.items()}
        placed = {token: p for p, pile in piles.items() for token in pile.named}
        events = {p: dict(pile.events) for p, pile in piles.items() if pile.events}
        return cls(facts, typed, suits, placed, events, derive=False)

    # -- taps ----------------------------------------------------------------
    def digit(self, player: str, digit: int) -> CaptureDraft:
        """A tap on the number pad's ``digit`` in ``player``'s card count
        (digits beyond the cards in play's are not taken)."""
        text = (self.typed.get(player, "") + str(digit)).lstrip("0") or "0"
        if len(text) > len(str(self.facts.cards)):
            return self
        return replace(self, typed={**self.typed, player: text})

    def erase(self, player: str) -> CaptureDraft:
        """⌫ in ``player``'s card count: its last digit goes (none left: not
        entered, derived again for the last player)."""
        text = self.typed.get(player, "")[:-1]
        typed = {p: t for p, t in self.typed.items() if p != player}
        return replace(self, typed={**typed, player: text} if text else typed)

    def set_suit(self, player: str, suit: str, count: int) -> CaptureDraft:
        """A tap on ``count`` (0–13) of ``suit`` in ``player``'s row."""
        mine = {**self.suits.get(player, {}), suit: count}
        return replace(self, suits={**self.suits, player: mine})

    def place(self, player: str, token: str) -> CaptureDraft:
        """A tap on the named card ``token`` under ``player``: in that pile
        (taken from another's), or out of it when it was there already."""
        if self.placed.get(token) == player:
            return replace(self, placed={t: p for t, p in self.placed.items() if t != token})
        return replace(self, placed={**self.placed, token: player})

    def add_event(self, player: str, event: str) -> CaptureDraft:
        """A tap on an event's "+" (a sweep) in ``player``'s row."""
        mine = dict(self.events.get(player, {}))
        most = dict(self.facts.events).get(event, 0)
        mine[event] = min(mine.get(event, 0) + 1, most)
        return replace(self, events={**self.events, player: mine})

    def remove_event(self, player: str, event: str) -> CaptureDraft:
        """A tap on an event's count ("×2"): one less."""
        mine = dict(self.events.get(player, {}))
        count = mine.get(event, 0) - 1
        if count > 0:
            mine[event] = count
        else:
            mine.pop(event, None)
        return replace(self, events={**self.events, player: mine})

    def enter_derived(self, player: str) -> CaptureDraft:
        """A tap on the last player's grey row: its derived values become
        entered values (the sum warnings then apply)."""
        if not self.derive or player != self.facts.last:
            return self
        cards, _grey = self.shown_cards(player)
        suits = {s: self.shown_suit(player, s)[0] or 0 for s in self.facts.suits}
        placed = {**self.placed, **dict.fromkeys(self.named_of(player), player)}
        return replace(
            self,
            typed={**self.typed, player: str(cards or 0)},
            suits={**self.suits, player: suits},
            placed=placed,
        )

    # -- what the rows show ------------------------------------------------------
    def _derived(self, player: str) -> bool:
        return self.derive and player == self.facts.last

    def shown_cards(self, player: str) -> tuple[int | None, bool]:
        """``player``'s card count as shown, and whether it is derived (grey);
        ``None``: nothing entered (or the others hold more than the deck)."""
        text = self.typed.get(player)
        if text is not None or not self._derived(player):
            return (int(text) if text else None), False
        rest = self.facts.cards - sum(
            int(self.typed.get(p) or 0) for p in self.facts.players if p != player
        )
        return (rest if rest >= 0 else None), True

    def shown_suit(self, player: str, suit: str) -> tuple[int | None, bool]:
        """``player``'s count of ``suit`` as shown, and whether it is derived."""
        count = self.suits.get(player, {}).get(suit)
        if count is not None or not self._derived(player):
            return count, False
        rest = self.facts.suit_cards - sum(
            self.suits.get(p, {}).get(suit, 0) for p in self.facts.players if p != player
        )
        return (rest if rest >= 0 else None), True

    def named_of(self, player: str) -> tuple[str, ...]:
        """The named cards in ``player``'s pile, in the definition's order
        (the last player's: those placed there and those nobody else has)."""
        derived = self._derived(player)
        return tuple(
            token
            for token in self.facts.chips
            if self.placed.get(token) == player or (derived and token not in self.placed)
        )

    def event_count(self, player: str, event: str) -> int:
        """How many of ``event`` ``player`` made this hand."""
        return self.events.get(player, {}).get(event, 0)

    @property
    def started(self) -> bool:
        """Whether anything has been entered."""
        return bool(self.typed or self.suits or self.placed or any(self.events.values()))

    def piles(self) -> dict[str, Pile]:
        """The hand's piles as entered, the last player's derived values
        included (stored as entered values)."""
        found: dict[str, Pile] = {}
        for player in self.facts.players:
            cards, _grey = self.shown_cards(player)
            suits = {s: self.shown_suit(player, s)[0] or 0 for s in self.facts.suits}
            events = {e: n for e, n in self.events.get(player, {}).items() if n}
            found[player] = Pile(cards or 0, suits, self.named_of(player), events)
        return found
