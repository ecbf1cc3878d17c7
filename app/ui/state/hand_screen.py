"""The hand screen's model: one hand being entered or changed, and what its
buttons do, in plain Python (issue 27, item 2).

:class:`HandScreen` owns the :class:`~app.ui.state.HandDraft`, the busy flag
and the questions the screen asks, and runs its flows — save, save anyway,
save dropping the later hands, delete, leave — through the screen's
:class:`~app.ui.state.ports.Ports` with the use cases of :mod:`models.services`.
The notices it leaves carry their undo (:class:`PutHandBack`,
:class:`UndoDropping`). The components of :mod:`app.ui.hand_entry` bind taps
to its methods and draw what it says; tests drive it with a real database.

Nothing is recorded that nobody meant (issue 11): a refusal is shown in words
(:func:`app.messages.describe_error`) and nothing was saved; an edit left
unsaved is asked about, never carried into the next opening; a saved entry
leaves the browser's history (``Ports.leave``); a correction that would end
the session earlier says how to go on, and nothing is lost until the user
chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft
from sqlalchemy.engine import Engine

from app.i18n import _, format_number, ngettext
from app.messages import (
    describe_error,
    describe_note,
    describe_total,
    describe_warning,
    round_text,
)
from app.ui.state.app_state import AppState
from app.ui.state.hand_draft import HandDraft, Preview
from app.ui.state.ports import Ports
from models import services
from models.errors import HandChanged, StorageCode, WarningsNeedConfirmation
from models.views import HandDetail, SessionView
from scoring import CodedError, ErrorCode, Hand, WarningCode

__all__ = [
    "DELETED",
    "DROPPED",
    "HandScreen",
    "PutHandBack",
    "UndoDropping",
    "breakdown_shown",
    "held_text",
    "notes_shown",
    "plain_note_shown",
    "points_shown",
    "session_and_hand",
    "status_shown",
]

#: Notice identifiers (and Semantics ids of their text) the screen leaves.
DELETED = "hand-deleted"
DROPPED = "hands-dropped"


def _code(error: BaseException | None) -> object:
    return getattr(error, "code", None)


async def _insert_back(ports: Ports, session_id: int, detail: HandDetail) -> None:
    """Put the stored hand ``detail`` back at its number, with its own id,
    its warnings confirmed when it was first saved. Raises what
    :func:`models.services.insert_hand` raises."""
    await ports.run(
        services.insert_hand,
        session_id=session_id,
        number=detail.number,
        hand=detail.hand,
        confirm_warnings=True,
        hand_id=detail.hand_id,
    )


def deleted_text(number: int, hands_left: int, *, scheduled: bool) -> str:
    """The notice of hand ``number``'s deletion, with ``hands_left`` hands
    left in the session. In a game with a schedule of rounds (RULES.md §6),
    the hands after it moved up a round and are scored by their new round's
    facts (its wild rank): that is said, with the rounds they are now.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     print(deleted_text(1, 2, scheduled=True))
    ...     print(deleted_text(2, 2, scheduled=True))
    ...     print(deleted_text(3, 2, scheduled=True))
    ...     print(deleted_text(1, 2, scheduled=False))
    Hand 1 deleted. The rounds after it moved up one: rounds 1–2 are scored
    as those rounds now (their wild rank).
    Hand 2 deleted. The round after it moved up one: it is scored as round 2
    now (its wild rank).
    Hand 3 deleted
    Hand 1 deleted
    """
    said = _("Hand {n} deleted", n=format_number(number))
    if not scheduled or number > hands_left:
        return said
    if number == hands_left:
        moved = _(
            "The round after it moved up one: it is scored as round {n} now (its wild rank).",
            n=format_number(number),
        )
    else:
        moved = _(
            "The rounds after it moved up one: rounds {first}–{last} are scored as those"
            " rounds now (their wild rank).",
            first=format_number(number),
            last=format_number(hands_left),
        )
    return f"{said}. {moved}"


class PutHandBack:
    """The undo of a hand's deletion (its notice's ``undo``): puts the hand
    ``deleted`` (as it was stored) back where it was played, once (a second
    undo changes nothing), its warnings confirmed when it was first saved."""

    __slots__ = ("app", "deleted", "ports", "session_id")

    def __init__(self, app: AppState, ports: Ports, session_id: int, deleted: HandDetail) -> None:
        self.app = app
        self.ports = ports
        self.session_id = session_id
        self.deleted = deleted

    async def __call__(self) -> str:
        """Put it back: ``""``, or a sentence saying why it could not be (with
        it, the session would end before the hands saved since…)."""
        detail = self.deleted
        try:
            await _insert_back(self.ports, self.session_id, detail)
        except CodedError as error:
            if error.code == ErrorCode.SESSION_OVER:
                return _(
                    "Hand {n} cannot be put back: with it, the session would end "
                    "before the hands saved since",
                    n=format_number(detail.number),
                )
            return describe_error(error, ids=False)
        self.ports.tell(self.session_id)
        self.app.changed()
        return ""


class UndoDropping:
    """The undo of :meth:`HandScreen.save_dropping_later`: hand ``number`` as
    it was (``original``, refused when another phone changed it from
    ``changed`` meanwhile), then the deleted hands (``dropped``, oldest
    first) back where they were played."""

    __slots__ = ("app", "changed", "dropped", "number", "original", "ports", "session_id")

    def __init__(
        self,
        app: AppState,
        ports: Ports,
        session_id: int,
        number: int,
        dropped: Sequence[HandDetail],
        original: Hand,
        changed: Hand,
    ) -> None:
        self.app = app
        self.ports = ports
        self.session_id = session_id
        self.number = number
        self.dropped = tuple(dropped)
        self.original = original
        self.changed = changed

    async def __call__(self) -> str:
        """Undo it: ``""``, or a sentence saying why not (nothing more done)."""
        try:
            await self.ports.run(
                services.edit_hand,
                session_id=self.session_id,
                number=self.number,
                hand=self.original,
                confirm_warnings=True,
                expected=self.changed,
            )
            for detail in self.dropped:
                await _insert_back(self.ports, self.session_id, detail)
        except CodedError as error:
            return describe_error(error, ids=False)
        self.ports.tell(self.session_id)
        self.app.changed()
        return ""


@ft.observable
@dataclass(eq=False)
class HandScreen:
    """The hand screen of session ``session_id``: the next hand (``number``
    ``None``, ``/session/<id>/hand``) or a change of hand ``number``
    (``/session/<id>/hand/<n>``).

    Attributes:
        app: the tab's state (drafts, notices, the view a write returned).
        ports: the ways out (use cases, navigation, the other tabs).
        session_id: the session.
        number: the hand being changed, or ``None`` for the next hand.
        view: the session as last loaded (:meth:`show`), ``None`` before.
        draft: the hand as entered (:class:`HandDraft`), ``None`` before
            :meth:`show`. Its ``warnings`` are the question "Please check:"
            (answered by :meth:`save_anyway` or :meth:`fix_it`), its
            ``save_error`` the last refusal; both go with the next change.
        stored: the hand as stored, for a change (``None`` for the next hand).
        left: the unsaved changes to this hand left at an earlier opening
            (offered: :meth:`restore_left`, :meth:`forget_left`), or ``None``.
        busy: a write is under way (the buttons that write do nothing).
        leaving: the question "Discard the changes to hand N?" is on show
            (:meth:`leave`; answered by :meth:`keep_editing` or
            :meth:`discard`).
    """

    app: AppState
    ports: Ports
    session_id: int
    number: int | None = None
    view: SessionView | None = None
    draft: HandDraft | None = None
    stored: Hand | None = None
    left: HandDraft | None = None
    busy: bool = False
    leaving: bool = False

    # -- what is on show -----------------------------------------------------------
    def show(self, view: SessionView, stored: Hand | None = None) -> HandDraft:
        """The session ``view`` was loaded (and, for a change, the ``stored``
        hand): the draft to show. A change's first showing is the hand as
        stored, always; changes left unsaved at an earlier opening are kept
        aside and offered (:attr:`left`). Later showings (a reload after a
        write elsewhere) keep what is being entered; a change refused because
        another phone changed or deleted the hand stays on show with its
        refusal until the screen is left (its draft is forgotten already, so
        nothing of it is carried into the next opening)."""
        app = self.app
        if self.number is None:
            draft = app.draft_for(view, None)
        elif stored is None:
            raise ValueError("a change of a hand needs the stored hand")
        elif self.draft is not None and _code(self.draft.save_error) == StorageCode.HAND_CHANGED:
            draft = self.draft
        elif self.view is None or self.draft is None:
            draft = app.open_edit(view, self.number, stored)
            self.left = app.left_edit(view.id, self.number)
        else:
            draft = app.draft_for(view, self.number, stored)
        self.view = view
        self.stored = stored
        self.draft = draft
        return draft

    def _shown(self) -> tuple[SessionView, HandDraft]:
        if self.view is None or self.draft is None:
            raise RuntimeError("nothing shown yet: call show() first")
        return self.view, self.draft

    @property
    def editing(self) -> bool:
        """Whether a stored hand is being changed (not the next hand entered)."""
        return self.number is not None

    @property
    def hand_number(self) -> int:
        """The hand's number: the one changed, or the next one."""
        view, _draft = self._shown()
        return self.number or len(view.hands) + 1

    @property
    def back_route(self) -> str:
        """Where the screen goes back to: the session."""
        return f"/session/{self.session_id}"

    @property
    def title(self) -> str:
        """ "Hand 4" / "Change hand 2"."""
        n = format_number(self.hand_number)
        return _("Change hand {n}", n=n) if self.editing else _("Hand {n}", n=n)

    @property
    def round_line(self) -> str:
        """The hand's round of the game's schedule in words ("Round 5 of 11
        · 7 cards · 7s wild (20)"), empty for a game without a schedule."""
        view = self.view
        rules = view.rules if view is not None else None
        row = rules.round(self.hand_number) if rules is not None else None
        if rules is None or row is None:
            return ""
        return round_text(self.hand_number, rules.rounds or 0, row, rules.wild_points)

    def preview(self) -> Preview:
        """The live score (:meth:`HandDraft.preview`)."""
        return self._shown()[1].preview()

    @property
    def overtaken(self) -> bool:
        """Another phone saved the hand this one was begun as: maybe the same
        hand. Asked on the screen (:meth:`discard_overtaken` or
        :meth:`keep_as_next`); nothing is saved meanwhile."""
        return self._shown()[1].overtaken(self.hand_number)

    @property
    def overtaken_text(self) -> str:
        """The question of :attr:`overtaken`, in words."""
        draft = self._shown()[1]
        return _(
            "Hand {saved} was saved on another phone while you entered this one. "
            "If it was the same hand, discard this entry.",
            saved=format_number(draft.opened_for or self.hand_number - 1),
        )

    @property
    def keep_as_label(self) -> str:
        """The overtaken question's way on: "Keep as hand 3"."""
        return _("Keep as hand {n}", n=format_number(self.hand_number))

    def can_save(self, preview: Preview) -> bool:
        """Whether *Save hand* does something: the hand (``preview``) can be
        scored, it is not overtaken, and no write is under way."""
        return preview.ready and not self.overtaken and not self.busy

    def problem(self, preview: Preview) -> BaseException | None:
        """Why the hand cannot be saved as it is: the last refusal, else the
        scoring error of ``preview``; ``None`` when nothing stands in the way."""
        return self._shown()[1].save_error or preview.error

    @staticmethod
    def problem_text(problem: BaseException) -> str:
        """A refusal in words, without the stored ids a command takes."""
        return describe_error(problem, ids=False)

    def drop_offer(self, problem: BaseException | None) -> str | None:
        """The way on when a change of this hand ends the session after it
        (``problem``, ``session_over``) while later hands exist: the words of
        the button that deletes them and saves (:meth:`save_dropping_later`),
        else ``None``."""
        view, _draft = self._shown()
        ended = (getattr(problem, "params", None) or {}).get("finished_after")
        number = self.hand_number
        if not (
            _code(problem) == ErrorCode.SESSION_OVER
            and self.editing
            and ended == number
            and len(view.hands) > number
        ):
            return None
        first, last = number + 1, len(view.hands)
        if first == last:
            return _("Delete hand {n} and save", n=format_number(first))
        return _(
            "Delete hands {first}–{last} and save",
            first=format_number(first),
            last=format_number(last),
        )

    @property
    def warning_lines(self) -> list[str]:
        """The warnings waiting for a confirmation, in words (none: no question)."""
        return [describe_warning(w) for w in self._shown()[1].warnings]

    @property
    def leave_question(self) -> str:
        """The title of the question :attr:`leaving` puts."""
        return _("Discard the changes to hand {n}?", n=format_number(self.hand_number))

    # -- saving ------------------------------------------------------------------------
    async def save(self) -> bool:
        """*Save hand*: see :meth:`_save`."""
        return await self._save(confirm=False)

    async def save_anyway(self) -> bool:
        """*Save anyway*: the warnings asked about are confirmed (:meth:`_save`)."""
        return await self._save(confirm=True)

    async def _save(self, *, confirm: bool) -> bool:
        """*Save hand* (``confirm``: *Save anyway*, the warnings confirmed):
        the next hand is recorded as hand :attr:`hand_number` (refused when
        another phone saved or deleted one meanwhile), a change is saved over
        the stored hand (refused when it is no longer the one read). Then the
        session is shown as the write returned it and the entry leaves the
        history; a session that ended makes the day's backup.

        Returns whether the hand was saved. Otherwise: a run still being
        built or an incomplete hand is said (``save_error``), unlikely cards
        are asked about (``warnings``, RULES.md §4: only those that ask; typed
        points are said beside their field), a refusal is said; nothing was
        written. A tap while a write is under way does nothing."""
        view, draft = self._shown()
        if self.busy:  # a second tap while the first is saving
            return False
        if not draft.check_saveable():
            draft.warnings = ()
            return False
        try:
            hand = draft.hand()
        except CodedError as error:
            draft.save_error = error
            return False
        run, number = self.ports.run, self.hand_number
        self.busy = True
        try:
            try:
                if self.editing:
                    saved: SessionView = await run(
                        services.edit_hand,
                        session_id=view.id,
                        number=number,
                        hand=hand,
                        confirm_warnings=confirm,
                        expected=draft.original,
                    )
                else:
                    saved = await run(
                        services.record_hand,
                        session_id=view.id,
                        hand=hand,
                        confirm_warnings=confirm,
                        number=number,
                    )
            except WarningsNeedConfirmation as asked:
                draft.warnings = tuple(w for w in asked.warnings if WarningCode(w.code).asks)
                return False
            except CodedError as error:
                self._refused(error)
                return False
            if saved.standings.finished:  # the session ended: the day's backup, if not made
                await run(_backup)
        finally:
            self.busy = False
        self.app.clear_notice()
        self._leave_saved(saved)
        return True

    def fix_it(self) -> None:
        """*Fix it*: the warnings' question goes; everything entered stays."""
        self._shown()[1].warnings = ()

    async def save_dropping_later(self) -> bool:
        """The change ends the session after this hand (:meth:`drop_offer`):
        the hands after it are deleted (the last first), then the change is
        saved, its warnings confirmed (they were confirmed before the user was
        told the session would end), with a notice whose undo puts it all back
        (:class:`UndoDropping`).

        When another phone saved or deleted a hand since the screen showed
        the session, nothing is done (``hand_changed``). If the change is
        refused after all, the deleted hands are put back where they were and
        the refusal is said. Returns whether it was saved."""
        view, draft = self._shown()
        expected = draft.original
        if self.busy or expected is None:
            return False
        try:
            hand = draft.hand()
        except CodedError as error:
            draft.save_error = error
            return False
        run, number, seen = self.ports.run, self.hand_number, len(view.hands)
        gone: list[HandDetail] = []
        self.busy = True
        try:
            try:
                now: SessionView = await run(services.open_session, session_id=view.id)
                if len(now.hands) != seen:
                    raise HandChanged(session=view.id, hand=number)
                for later in range(seen, number, -1):
                    deleted = await run(services.delete_hand, session_id=view.id, number=later)
                    gone.append(deleted.hand)
                saved: SessionView = await run(
                    services.edit_hand,
                    session_id=view.id,
                    number=number,
                    hand=hand,
                    confirm_warnings=True,
                    expected=expected,
                )
            except CodedError as error:
                for detail in reversed(gone):  # nothing lost: back where they were
                    await PutHandBack(self.app, self.ports, view.id, detail)()
                self._refused(error)
                return False
        finally:
            self.busy = False
        dropped = tuple(reversed(gone))
        self.app.notify(
            DROPPED,
            ngettext(
                "Hand {changed} changed; {n} later hand deleted",
                "Hand {changed} changed; {n} later hands deleted",
                len(dropped),
                changed=format_number(number),
            ),
            session_id=view.id,
            undo=UndoDropping(self.app, self.ports, view.id, number, dropped, expected, hand),
        )
        self._leave_saved(saved)
        return True

    async def delete(self) -> bool:
        """*Delete hand* (a change only): the hand goes to the trash (refused
        when another phone changed it meanwhile), with a notice whose undo
        puts it back (:class:`PutHandBack`). Returns whether it was deleted."""
        view, draft = self._shown()
        if self.busy or not self.editing:
            return False
        number = self.hand_number
        self.busy = True
        try:
            gone = await self.ports.run(
                services.delete_hand, session_id=view.id, number=number, expected=draft.original
            )
        except CodedError as error:
            self._refused(error)
            return False
        finally:
            self.busy = False
        self.app.notify(
            DELETED,
            # (the later hands' new rounds are said where a round has a wild rank)
            deleted_text(
                number, len(gone.view.hands), scheduled=view.rules.wild_points is not None
            ),
            session_id=view.id,
            undo=PutHandBack(self.app, self.ports, view.id, gone.hand),
        )
        self._leave_saved(gone.view)
        return True

    def _refused(self, error: CodedError) -> None:
        draft = self._shown()[1]
        if error.code == StorageCode.HAND_CHANGED:  # changed elsewhere: reopened afresh
            self.app.drop_draft(self.session_id, draft.number)
        draft.save_error = error

    def _leave_saved(self, saved: SessionView) -> None:
        """The write is done: forget the draft, show the session it returned
        (the entry leaves the browser's history), tell the other tabs."""
        self.app.drop_draft(self.session_id, self._shown()[1].number)
        self.app.saved(saved)
        self.ports.tell(self.session_id)
        self.ports.leave(self.back_route)

    # -- leaving -------------------------------------------------------------------------
    def leave(self) -> None:
        """← on the screen. Unsaved changes to a stored hand are never carried
        into the next opening, so leaving with some asks first
        (:attr:`leaving`); a change that can no longer be saved (the hand was
        changed elsewhere) and a new hand leave at once — a new hand's entries
        wait for "Continue hand N"."""
        draft = self._shown()[1]
        stale = _code(draft.save_error) == StorageCode.HAND_CHANGED
        if not (self.editing and draft.edited) or stale:
            if self.editing:
                self.app.drop_draft(self.session_id, self.number)
            self.ports.leave(self.back_route)
            return
        self.leaving = True

    def keep_editing(self) -> None:
        """*Keep editing*: the question goes, the changes stay."""
        self.leaving = False

    def discard(self) -> None:
        """*Discard*: the changes are thrown away (the hand stays as saved) and
        the screen goes back."""
        self.leaving = False
        self.app.drop_draft(self.session_id, self.number)
        self.ports.leave(self.back_route)

    def discard_overtaken(self) -> None:
        """*Discard* on :attr:`overtaken`: it was the same hand; this entry is
        forgotten and the screen goes back."""
        self.app.drop_draft(self.session_id, None)
        self.ports.leave(self.back_route)

    def keep_as_next(self) -> None:
        """*Keep as hand N* on :attr:`overtaken`: another hand; it is entered
        as the next one."""
        self._shown()[1].keep_as(self.hand_number)

    def follow_deletions(self) -> None:
        """A hand deleted elsewhere: a new hand takes its number, no question."""
        self._shown()[1].follow_deletions(self.hand_number)

    # -- changes left unsaved at an earlier opening -------------------------------------
    def restore_left(self) -> None:
        """*Restore the changes* left at an earlier opening, in place of the
        stored hand."""
        view, _draft = self._shown()
        if self.number is None:
            return
        self.app.restore_edit(self.session_id, self.number)
        self.left = None
        self.draft = self.app.draft_for(view, self.number, self.stored)

    def forget_left(self) -> None:
        """*Discard the changes* left at an earlier opening."""
        if self.number is not None:
            self.app.forget_left_edit(self.session_id, self.number)
        self.left = None


def _backup(*, engine: Engine) -> None:
    """The day's automatic backup, if not made yet (:func:`app.backups.maybe_backup`)."""
    from app.backups import maybe_backup

    maybe_backup(engine)


def session_and_hand(
    session_id: int, number: int
) -> Callable[[Engine], tuple[SessionView, HandDetail]]:
    """What a change of hand ``number`` loads (``load(engine)``, off the event
    loop): the session and the hand as stored."""

    def load(engine: Engine) -> tuple[SessionView, HandDetail]:
        view = services.open_session(engine=engine, session_id=session_id)
        return view, services.get_hand(engine=engine, session_id=session_id, number=number)

    return load


# -- a player's numbers, as the screen shows them --------------------------------------


def held_text(counted: str, points: int) -> str:
    """A player's points so far in the game's own words (``counted``: the
    cards ``"leftover"`` in hand, or ``"tricks"`` taken): "18 in cards",
    "14 taken".

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     held_text("tricks", 14), held_text("leftover", 18)
    ('14 taken', '18 in cards')
    """
    if counted == "tricks":
        return _("{points} taken", points=format_number(points))
    return _("{points} in cards", points=format_number(points))


def status_shown(draft: HandDraft, preview: Preview, player: str) -> str:
    """What a player's panel says under the name: "Went out", or the points
    in cards so far ("0 in cards" before the first card)."""
    if draft.went_out == player:
        return _("Went out")
    if draft.is_also_out(player):  # on the last turn (RULES.md §6)
        return _("Went out too")
    score = preview.score
    left = score.leftover.get(player) if score is not None else draft.leftover_points(player)
    return held_text(draft.rules.counted, left or 0)


def plain_note_shown(draft: HandDraft, preview: Preview, player: str) -> tuple[str, bool]:
    """The line under a player's typed points, and whether it is an error:
    why the text cannot be read, else scoring's ``plain_number`` warning, else
    that typed points cannot be checked."""
    typed_error = draft.typed_error(player)
    if typed_error is not None:
        return describe_error(typed_error), True
    score = preview.score
    if score is not None:
        for warning in score.warnings:
            if warning.code == WarningCode.PLAIN_NUMBER and warning.player == player:
                return describe_warning(warning), False
    return _("Typed points cannot be checked against the cards."), False


def points_shown(preview: Preview, player: str) -> str:
    """A player's points this hand, as the live score shows them ("–" while
    the hand cannot be scored)."""
    score = preview.score
    return format_number(score.points[player]) if score is not None else "–"


def breakdown_shown(draft: HandDraft, preview: Preview, player: str) -> str:
    """How a player's points this hand add up ("4 runs × 20 = 80 + …"), or ""."""
    score = preview.score
    if score is None:
        return ""
    items = score.breakdown.get(player, ())
    if not items:
        return ""
    flag_names = {flag.id: flag.name for flag in draft.rules.flags}
    return describe_total(items, score.points[player], flag_names)


def notes_shown(preview: Preview) -> str:
    """Why nobody scores this hand (a blocked tie…), one line each, or ""."""
    score = preview.score
    if score is None:
        return ""
    return "\n".join(describe_note(n) for n in score.notes)
