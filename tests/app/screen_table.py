"""A table for a screen model in a test: the tab's state and
:class:`~app.ui.state.ports.Ports` whose ``run`` calls the real use case on
the app's engine (the test's SQLite file, the ``db`` fixture) or on a given
engine, with every route gone to and every session told about recorded; and
the hand screen's flows driven as a tap would (``asyncio.run``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.engine import Engine

from app import storage
from app.ui.state import AppState, HandDraft
from app.ui.state.hand_screen import HandScreen
from app.ui.state.ports import Ports
from models import services
from models.views import SessionView
from scoring import parse_card


class Table:
    """One tab at the table: ``app`` (its state), ``ports`` (the use cases on
    ``engine``, else the app's engine), ``routes`` gone to (``back:…`` for a
    screen left out of the history, ``replace:…``) and ``told`` (the
    sessions the other tabs were told about)."""

    def __init__(self, engine: Engine | None = None) -> None:
        self.app = AppState()
        self.routes: list[str] = []
        self.told: list[int] = []
        self.engine = engine

        async def run(use_case: Callable[..., Any], **arguments: Any) -> Any:
            return use_case(engine=self.engine or storage.engine(), **arguments)

        self.ports = Ports(
            run,
            self.routes.append,
            lambda route: self.routes.append(f"replace:{route}"),
            self.told.append,
            lambda route: self.routes.append(f"back:{route}"),
        )

    def call(self, use_case: Callable[..., Any], **arguments: Any) -> Any:
        """A use case on the table's database, outside any screen."""
        return use_case(engine=self.engine or storage.engine(), **arguments)

    def session(self, session_id: int) -> SessionView:
        """The session as stored now."""
        return self.call(services.open_session, session_id=session_id)

    def new_hand(self, session_id: int) -> HandScreen:
        """``/session/<id>/hand`` opened: the next hand's screen, shown."""
        screen = HandScreen(self.app, self.ports, session_id, None)
        screen.show(self.session(session_id))
        return screen

    def change_hand(self, session_id: int, number: int) -> HandScreen:
        """``/session/<id>/hand/<n>`` opened: hand ``number``'s screen, shown."""
        screen = HandScreen(self.app, self.ports, session_id, number)
        detail = self.call(services.get_hand, session_id=session_id, number=number)
        screen.show(self.session(session_id), detail.hand)
        return screen

    def undo(self) -> str:
        """The undo of the notice on show, as its button does it."""
        notice = self.app.notice
        assert notice is not None and notice.undo is not None, notice
        return asyncio.run(notice.undo())


def tap(flow: Callable[[], Awaitable[bool]]) -> bool:
    """A tap on a button whose flow writes (``screen.save`` …): run it."""
    return asyncio.run(flow())


def held(draft: HandDraft, cards: Mapping[str, Sequence[str]]) -> None:
    """Tap each card key (rank tokens, ``"QS"`` with a suit) for each player."""
    for player, tokens in cards.items():
        for token in tokens:
            draft.add_card(player, parse_card(token))
