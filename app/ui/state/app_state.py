"""One browser tab's state between screens: settings, the page width, the
revision that tells screens to reload, the drafts being entered, and a notice
with an undo action."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from app.i18n import initial_language, normalize_language
from app.settings import Settings
from app.ui.state.double_tap import Presses
from app.ui.state.hand_draft import HandDraft
from app.ui.state.new_session import NewSessionDraft
from models.views import SessionView
from scoring import Hand

__all__ = ["MAX_CONTENT", "WIDE", "AppState", "Notice", "TabMemory", "effective_language"]

#: Width (logical pixels) from which screens use two panes.
WIDE = 900
#: Widest the content column grows on a large screen.
MAX_CONTENT = 980


def effective_language(
    setting: str, environ: Mapping[str, str] | None = None, *, browser: str | None = None
) -> str:
    """The language to show for a language *setting* (``system``, ``nb``,
    ``en``). A chosen language wins; for ``system``: ``KORTPOENG_LANG`` (the
    host's choice), else ``browser`` (what this tab's browser asks for,
    :func:`app.i18n.negotiate_language`; ``None`` where there is no browser),
    else the system's (:func:`app.i18n.initial_language`).

    >>> effective_language("nb")
    'nb'
    >>> effective_language("system", {"KORTPOENG_LANG": "nn"})
    'nb'
    >>> effective_language("system", {"LANG": "de_DE.UTF-8"})
    'en'
    >>> effective_language("system", {"LANG": "en_GB.UTF-8"}, browser="nb")
    'nb'
    >>> effective_language("en", {}, browser="nb")
    'en'
    """
    if setting != "system":
        return normalize_language(setting) or "en"
    return initial_language(environ, browser=browser)


@dataclass(frozen=True, slots=True)
class Notice:
    """A short message shown at the top of a screen until it is undone,
    dismissed or replaced: ``identifier`` (semantics id of its text, e.g.
    ``hand-deleted``), ``text`` (translated), ``session_id`` (the session it is
    about; ``None`` for the session list), ``undo`` (an async function that
    undoes what happened and returns ``""``, or a sentence saying why it could
    not; ``None`` for no undo) and a ``serial`` so that equal notices differ;
    ``action``: the undo button's words when it does something else than
    undo (*Keep both*), ``None`` for *Undo*."""

    identifier: str
    text: str
    session_id: int | None
    undo: Callable[[], Awaitable[str]] | None
    serial: int
    action: str | None = None


class TabMemory:
    """What a tab remembers without re-rendering anything when it changes (a
    plain object, not observable): the session views writes just returned
    (shown once by the next screen instead of reloading) and the hand drafts by
    (session id, hand number or 0 for a new hand) — a draft re-renders its own
    screen, and forgetting one must not re-render the screen being left — and
    the unsaved edits left at an earlier opening of a hand (``left``, see
    :meth:`AppState.open_edit`) — and the last presses on its screens
    (``presses``: what a screen that has just appeared covers, see
    :mod:`app.ui.state.double_tap`) — and the page's height (``height``,
    logical pixels; a change re-renders only the screen that asks for it
    with ``on_height``: the table screen, drawn to the screen's size. The
    other screens scroll, and a phone's keyboard changes the height each time
    it opens)."""

    __slots__ = ("drafts", "games", "height", "left", "on_height", "presses", "views")

    def __init__(self) -> None:
        self.views: dict[int, SessionView] = {}
        self.drafts: dict[tuple[int, int], HandDraft] = {}
        self.left: dict[tuple[int, int], HandDraft] = {}
        #: the game editor's drafts, by what they are for (``new``,
        #: ``copy:<id>``, ``edit:<id>``), kept until saved or discarded
        self.games: dict[str, Any] = {}
        self.presses = Presses()
        self.height: float = 844
        self.on_height: Callable[[float], None] | None = None


@ft.observable
@dataclass
class AppState:
    """Everything one browser tab remembers between screens.

    Attributes:
        settings: :class:`app.settings.Settings` (saved by the services).
        width: the page's width in logical pixels.
        revision: bumped after a write that the screen on show must reload for.
        connections: bumped each time the tab connects again (a reload, the
            phone back from a locked screen): see :meth:`connected`.
        new_session: the new-session form.
        notice: the last :class:`Notice` (shown at the top of its screen, with
            an undo where it has one), or ``None``.
        device_ready: whether this browser's own settings have been read (the
            screens wait for them, so they never show in the wrong language).
        browser_language: the language this tab's browser asks for
            (``Accept-Language``: ``"nb"`` or ``"en"``), shown while the
            language setting is ``system``; ``None`` where there is no browser.
        memory: what the tab keeps without re-rendering anything when it
            changes (:class:`TabMemory`).
    """

    settings: Settings = field(default_factory=Settings)
    width: float = 390
    revision: int = 0
    connections: int = 0
    new_session: NewSessionDraft = field(default_factory=NewSessionDraft)
    notice: Notice | None = None
    device_ready: bool = False
    browser_language: str | None = None
    memory: TabMemory = field(default_factory=lambda: TabMemory())

    @property
    def language(self) -> str:
        """The language to show (the setting; for ``system``, the host's, the
        browser's or the system's: :func:`effective_language`)."""
        return effective_language(self.settings.language, browser=self.browser_language)

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

    def set_height(self, height: float | None) -> None:
        """The page's height changed: kept in :attr:`TabMemory.height` and
        told to the screen that listens (``memory.on_height``), no other
        screen re-rendered."""
        if height:
            self.memory.height = float(height)
            if self.memory.on_height is not None:
                self.memory.on_height(self.memory.height)

    def saved(self, view: SessionView) -> None:
        """A write returned ``view`` and the app is about to navigate to it.

        The view is kept (without re-rendering the screen being left) for the
        next screen to show once, instead of reloading it: see :meth:`take_view`.
        """
        self.memory.views[view.id] = view

    def take_view(self, session_id: int) -> SessionView | None:
        """The view a write just returned for ``session_id`` (once), or ``None``."""
        return self.memory.views.pop(session_id, None)

    def connected(self) -> None:
        """The tab has connected again: whatever it shows is reloaded
        (:meth:`changed`), and a screen's arrival cover is dropped (a reload
        is no tap: :func:`app.ui.frame.ArrivalGuard`)."""
        self.connections += 1
        self.changed()

    def changed(self) -> None:
        """Something was written that the screen on show must reload."""
        self.memory.views.clear()
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
        # An untouched new hand made for another number (by a screen drawn
        # once more, from the view it had, after its hand was saved) starts
        # again as the next hand: kept, it took the hand just saved for one
        # saved on another phone.
        stale = stale or (
            draft is not None
            and not number
            and not draft.started
            and draft.opened_for != len(view.hands) + 1
        )
        if draft is None or stale or draft.players != view.players:
            draft = (
                HandDraft.from_hand(view, number, hand)
                if number and hand is not None
                else HandDraft.for_session(view)
            )
            drafts[key] = draft
        return draft

    def open_edit(self, view: SessionView, number: int, hand: Hand) -> HandDraft:
        """An edit screen opens hand ``number``: it shows the stored ``hand``,
        always. Unsaved changes left at its last opening (the screen left by
        the browser's back, a refused save…) are never carried in silently:
        they are kept aside for the screen to offer (:meth:`left_edit`)."""
        key = (view.id, number)
        old = self._drafts().get(key)
        if old is not None and old.players == view.players and old.edited:
            self.memory.left[key] = old
        draft = HandDraft.from_hand(view, number, hand)
        self._drafts()[key] = draft
        return draft

    def left_edit(self, session_id: int, number: int) -> HandDraft | None:
        """The unsaved changes to hand ``number`` left at an earlier opening, or ``None``."""
        return self.memory.left.get((session_id, number))

    def restore_edit(self, session_id: int, number: int) -> None:
        """Take the changes left at an earlier opening up again (in place of the stored hand)."""
        left = self.memory.left.pop((session_id, number), None)
        if left is not None:
            self._drafts()[(session_id, number)] = left

    def forget_left_edit(self, session_id: int, number: int) -> None:
        """Throw away the changes left at an earlier opening."""
        self.memory.left.pop((session_id, number), None)

    def _drafts(self) -> dict[tuple[int, int], HandDraft]:
        return self.memory.drafts

    def has_draft(self, session_id: int, players: Sequence[str]) -> bool:
        """Whether this tab holds a started draft of the next hand of the
        session (whose seats are ``players``): "continue", not "enter"."""
        draft = self._drafts().get((session_id, 0))
        return draft is not None and draft.players == tuple(players) and draft.started

    def drop_draft(self, session_id: int, number: int | None) -> None:
        """Forget the draft (saved or abandoned), and any changes to the same
        hand left at an earlier opening."""
        self._drafts().pop((session_id, number or 0), None)
        if number:
            self.memory.left.pop((session_id, number), None)

    def notify(
        self,
        identifier: str,
        text: str,
        *,
        session_id: int | None,
        undo: Callable[[], Awaitable[str]] | None = None,
        action: str | None = None,
    ) -> None:
        """Show a notice (see :class:`Notice`) in place of the last one."""
        serial = (self.notice.serial + 1) if self.notice else 1
        self.notice = Notice(identifier, text, session_id, undo, serial, action)

    def clear_notice(self) -> None:
        """Hide the notice."""
        self.notice = None
