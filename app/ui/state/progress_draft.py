"""A progress game's hand being entered (GAME_FORMAT.md ``progress``; RULES.md
§8 Phase 10), in plain Python: besides who went out and the cards left (the
hand screen's as in every game), one toggle per player, "Phase 3 ✓", for
each player who completed their phase in the hand. The player who went out
always did: shown ticked, nothing to tap.

:class:`ProgressDraft` is immutable: a tap gives a new one, which the hand's
:class:`~app.ui.state.HandDraft` holds (:meth:`HandDraft.toggle_completed`),
so the screen draws it again. Nothing here scores: the stages and every
refusal are :mod:`scoring`'s (:mod:`scoring.progress`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from app.i18n import _, format_number, join_names
from models.views import SessionView
from scoring import Hand
from scoring.definition import Words

__all__ = ["ProgressDraft", "stage_label", "stages_progress_text"]


def _stages(view: SessionView) -> tuple[int, dict[str, int]] | None:
    """A progress game's number of stages and each player's stages
    completed, else ``None``."""
    definition = view.definition
    counts = view.standings.stages
    if definition is None or definition.progress is None or counts is None:
        return None
    return len(definition.progress.stages), dict(counts)


def stage_label(view: SessionView, player: str) -> str | None:
    """What the sheet shows under ``player``'s total in a progress game
    (RULES.md §8): the phase played next ("phase 3"), or the last one ticked
    once completed ("phase 10 ✓"); ``None`` in other games."""
    found = _stages(view)
    if found is None:
        return None
    last, counts = found
    done = counts.get(player, 0)
    if done >= last:
        return _("phase {n} ✓", n=format_number(last))
    return _("phase {n}", n=format_number(done + 1))


def stages_progress_text(view: SessionView) -> str | None:
    """How far a progress game's session is: the furthest players and their
    phase ("Ada, Bo on phase 3 of 10"); ``None`` in other games."""
    found = _stages(view)
    if found is None:
        return None
    last, counts = found
    best = max(counts.values(), default=0)
    furthest = [p for p in view.players if counts.get(p, 0) == best]
    return _(
        "{players} on phase {n} of {last}",
        players=join_names(furthest),
        n=format_number(min(best + 1, last)),
        last=format_number(last),
    )


@dataclass(frozen=True)
class ProgressDraft:
    """One progress hand's completed phases as entered so far.

    Attributes:
        players: the players in seat order.
        stages: the game's stages in order (each its text in both languages).
        playing: per player, the stage (1-based) played in this hand;
            empty when not known (an edit of a hand before the last).
        ticked: the players tapped as having completed their stage (the
            player who went out is counted without a tap: :meth:`completed`).
    """

    players: tuple[str, ...]
    stages: tuple[Words, ...]
    playing: Mapping[str, int]
    ticked: frozenset[str] = frozenset()

    @classmethod
    def start(cls, view: SessionView) -> ProgressDraft | None:
        """An empty hand after the session's hands: each player plays the
        stage after those completed (``Standings.stages``); ``None`` in a
        game without progress."""
        definition = view.definition
        if definition is None or definition.progress is None:
            return None
        counts = view.standings.stages
        if counts is None:
            return None
        last = len(definition.progress.stages)
        playing = {p: min(counts.get(p, 0) + 1, last) for p in view.players}
        return cls(view.players, definition.progress.stages, playing)

    @classmethod
    def of_hand(cls, view: SessionView, number: int, hand: Hand) -> ProgressDraft | None:
        """Hand ``number`` as stored, for editing: its completed players
        ticked. The stage each played is known for the last hand (the
        stages completed before it); for an earlier one it is not shown."""
        started = cls.start(view)
        if started is None:
            return None
        done = frozenset(hand.completed or ())
        playing: dict[str, int] = {}
        counts = view.standings.stages or {}
        if number == len(view.hands):
            playing = {p: counts.get(p, 0) + (0 if p in done else 1) for p in view.players}
        return replace(started, playing=playing, ticked=done)

    def stage(self, player: str) -> int | None:
        """The stage (1-based) ``player`` plays in this hand, or ``None``."""
        return self.playing.get(player)

    def text(self, player: str) -> Words | None:
        """The text of the stage ``player`` plays ("2 sets of 3"), or ``None``."""
        number = self.playing.get(player)
        return None if number is None else self.stages[number - 1]

    def is_ticked(self, player: str, went_out: str | None) -> bool:
        """Whether ``player`` is shown as having completed the stage (the one
        who went out always is)."""
        return player == went_out or player in self.ticked

    def toggled(self, player: str, went_out: str | None) -> ProgressDraft:
        """The draft with ``player``'s toggle tapped (the player who went out
        stays ticked: nothing changes). Raises ``ValueError`` for a name that
        is not a player."""
        if player not in self.players:
            raise ValueError(f"unknown player {player!r}")
        if player == went_out:
            return self
        return replace(self, ticked=self.ticked ^ {player})

    def completed(self, went_out: str | None) -> tuple[str, ...]:
        """The hand's ``completed``, in seat order: the ticked players and
        the one who went out."""
        return tuple(p for p in self.players if p == went_out or p in self.ticked)

    @property
    def started(self) -> bool:
        """Whether a toggle has been tapped."""
        return bool(self.ticked)
