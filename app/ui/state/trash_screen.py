"""The trash screen's model (``/trash``), in plain Python: what is in the
trash and how each thing is named, and its flows — put a session or a hand
back (Restore), and delete one for good after asking.

The rules are the use cases' (:mod:`models.services.trash`): a hand goes back
as the hand number it had, and only into a session still going (one that has
ended since is refused, in words, and nothing changes). The trash is kept
:data:`KEEP_DAYS` days.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from app.i18n import _, format_date, ngettext, seat_list
from app.messages import game_name
from app.ui.state.flow import FlowState, Question, run_flow
from models.services.trash import KEEP_DAYS

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from app.ui.state.app_state import AppState
    from app.ui.state.ports import Ports
    from app.ui.state.views import Trash, TrashedHand, TrashedSession

__all__ = ["KEEP_DAYS", "MESSAGE", "TrashScreen", "describe", "keep_days_text", "load_trash"]

#: Semantics id of the line that says what a flow did (or why it did not).
MESSAGE = "trash-message"


def load_trash(engine: Engine) -> Trash:
    """What is in the trash (:func:`models.services.list_trash`): sessions,
    then hands, the most recently deleted first."""
    from models import services

    return services.list_trash(engine=engine)


def keep_days_text() -> str:
    """The line above the trash: how long things are kept."""
    return ngettext(
        "Deleted sessions and hands are kept here for {n} day, then deleted for good.",
        "Deleted sessions and hands are kept here for {n} days, then deleted for good.",
        KEEP_DAYS,
    )


def _when(item: TrashedSession | TrashedHand) -> str:
    return _(
        "Deleted {deleted} · deleted for good {purge}",
        deleted=format_date(item.deleted_at),
        purge=format_date(item.purge_at),
    )


def describe(item: TrashedSession | TrashedHand) -> tuple[str, str]:
    """An entry's title and subtitle: "Rummy · session 4" with its players,
    hands and dates; "Hand 2 of session 3" with its game, players, who went
    out (or "Blocked") and dates."""
    from app.ui.state.views import TrashedSession

    players = seat_list(item.players)
    if isinstance(item, TrashedSession):
        title = _("{game} · session {number}", game=game_name(item.game_id), number=item.id)
        hands = ngettext("{n} hand", "{n} hands", item.hand_count)
        return title, f"{players} · {hands}\n{_when(item)}"
    title = _("Hand {hand} of session {number}", hand=item.number, number=item.session_id)
    blocked = item.went_out is None
    what = _("Blocked") if blocked else _("{name} went out", name=item.went_out)
    return title, f"{game_name(item.game_id)}: {players} · {what}\n{_when(item)}"


@ft.observable
@dataclass(eq=False)
class TrashScreen(FlowState):
    """The trash screen of one tab.

    Attributes:
        app: the tab's state (the screen reloads after each flow).
        ports: the use cases, the navigation and the other tabs.
        forgetting: the entry a "Delete for good?" question is about.
    """

    app: AppState | None = None
    ports: Ports | None = None
    forgetting: TrashedSession | TrashedHand | None = field(default=None)

    def _ports(self) -> Ports:
        if self.ports is None:  # pragma: no cover - always given by the screen
            raise RuntimeError("TrashScreen without ports")
        return self.ports

    def _reload(self) -> None:
        if self.app is not None:
            self.app.changed()

    async def restore(self, item: TrashedSession | TrashedHand) -> bool:
        """Put ``item`` back: a session into the list, a hand into its session
        as the hand number it had. Says "Session 4 is back" / "Hand 2 is back
        in session 3", and tells the other tabs. A refusal (a hand whose
        session has ended since, something deleted for good on another
        phone…) is said in words and nothing changes. The trash reloads
        either way. Returns whether it was put back."""
        from app.ui.state.views import TrashedSession
        from models import services

        ports = self._ports()

        async def work() -> int:
            if isinstance(item, TrashedSession):
                await ports.run(services.restore_session, session_id=item.id)
                return item.id
            await ports.run(services.restore_hand, hand_id=item.id)
            return item.session_id

        def done(_session: int) -> str:
            if isinstance(item, TrashedSession):
                return _("Session {number} is back", number=item.id)
            return _(
                "Hand {hand} is back in session {number}",
                hand=item.number,
                number=item.session_id,
            )

        outcome = await run_flow(
            self, ports, work, refused=self._refused, tell=lambda session: session, done=done
        )
        self._reload()
        return outcome is not None

    def ask_forget(self, item: TrashedSession | TrashedHand) -> None:
        """Ask whether to delete ``item`` for good (:meth:`answer` goes on)."""
        title, _subtitle = describe(item)
        self.forgetting = item
        self.ask(
            Question(
                title=_("Delete for good?"),
                text=_("{what} will be deleted for good. This cannot be undone.", what=title),
                yes=_("Delete for good"),
                no=_("Cancel"),
                yes_id="trash-confirm-forget",
                no_id="trash-keep",
            )
        )

    async def answer(self, yes: bool) -> bool:
        """The answer to "Delete for good?": yes deletes the entry asked
        about for good (:meth:`forget`); no (or the dialog dismissed) keeps
        it. Returns whether it was deleted."""
        item = self.forgetting
        self.forgetting = None
        self.answered()
        if not yes or item is None:
            return False
        return await self.forget(item)

    async def forget(self, item: TrashedSession | TrashedHand) -> bool:
        """Delete ``item`` for good (asked first: :meth:`ask_forget`). Says
        "Deleted for good", or why it could not be; the trash reloads."""
        from app.ui.state.views import TrashedSession
        from models import services

        ports = self._ports()

        async def work() -> int:
            if isinstance(item, TrashedSession):
                await ports.run(services.delete_session_for_good, session_id=item.id)
                return item.id
            await ports.run(services.delete_hand_for_good, hand_id=item.id)
            return item.session_id

        outcome = await run_flow(
            self,
            ports,
            work,
            refused=self._refused,
            tell=lambda session: session,
            done=lambda _session: _("Deleted for good"),
        )
        self._reload()
        return outcome is not None

    def _refused(self, words: str, _error: Exception) -> None:
        self.say(words, problem=True, identifier=MESSAGE)

    def say(self, text: str, *, problem: bool = False, identifier: str = MESSAGE) -> None:
        """Say ``text`` on the line above the trash (:data:`MESSAGE`)."""
        super().say(text, problem=problem, identifier=identifier)
