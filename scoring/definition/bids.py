"""The shapes of a bids game's definition (GAME_FORMAT.md ``bids``; RULES.md
§7 Plump): how a made and a missed bid score, the hook, and the schedule's
row dealt once per player. Data only: reading them is
:mod:`scoring.definition.reading_bids`, scoring a hand :mod:`scoring.bids`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, unique

__all__ = ["Bids", "BidsChange", "Made", "MadeKind", "Missed", "MissedKind", "Repeat"]


@unique
class Repeat(Enum):
    """How often a schedule's row is dealt (GAME_FORMAT.md ``schedule``):
    ``per_player`` once per player (Plump's one-card deals, so that each
    player bids first once), ``once`` as written (the effect field
    ``schedule_repeat`` only)."""

    ONCE = "once"
    PER_PLAYER = "per_player"


@unique
class MadeKind(Enum):
    """How a made bid scores (GAME_FORMAT.md ``bids.made.kind``)."""

    #: "a 1 written in front of the bid": 10 + bid for 1–9, 110 for 10
    #: (10 ** digits + bid; RULES.md §7, Wikibooks)
    ONE_IN_FRONT = "one_in_front"
    #: ``base`` + ``per_bid`` × bid (10 + bid; Wizard: 20 + 10 × bid)
    PLUS = "plus"


@unique
class MissedKind(Enum):
    """How a missed bid scores (GAME_FORMAT.md ``bids.missed.kind``)."""

    ZERO = "zero"  #: nothing (Plump)
    PER_TRICK = "per_trick"  #: ``per_trick`` × tricks taken
    PER_OFF = "per_off"  #: ``per_off`` (negative) × |tricks − bid| (Wizard)


@dataclass(frozen=True, slots=True)
class Made:
    """The scoring of a made bid: ``kind`` and its numbers (points; ``base``
    and ``per_bid`` for ``plus`` only)."""

    kind: MadeKind
    base: int | None = None
    per_bid: int | None = None


@dataclass(frozen=True, slots=True)
class Missed:
    """The scoring of a missed bid: ``kind`` and its number (points;
    ``per_trick`` or ``per_off`` for those kinds only)."""

    kind: MissedKind
    per_trick: int | None = None
    per_off: int | None = None

    @property
    def needs_tricks(self) -> bool:
        """Whether scoring asks each player's tricks (else made or missed)."""
        return self.kind is not MissedKind.ZERO


@dataclass(frozen=True, slots=True)
class Bids:
    """A bids game's rules (GAME_FORMAT.md ``bids``, RULES.md §7).

    ``hook``: the dealer bids last and may not make the bids add up to the
    cards dealt. ``zero``: the points of a made bid of 0 (``None``: the made
    kind's figure for 0). ``made`` and ``missed``: how each scores.
    """

    made: Made
    missed: Missed
    hook: bool = False
    zero: int | None = None


@dataclass(frozen=True, slots=True)
class BidsChange:
    """What an option changes in ``bids`` (effect field ``bids``): each part
    given replaces only that part (``made`` and ``missed`` whole)."""

    made: Made | None = None
    missed: Missed | None = None
    hook: bool | None = None
    zero: int | None = None

    def applied(self, bids: Bids) -> Bids:
        """``bids`` with this change's parts in place of its own."""
        return Bids(
            self.made if self.made is not None else bids.made,
            self.missed if self.missed is not None else bids.missed,
            self.hook if self.hook is not None else bids.hook,
            self.zero if self.zero is not None else bids.zero,
        )
