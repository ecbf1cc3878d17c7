"""The invite screen's model (``/invite``, from Settings), in plain Python:
the question before the join code is revoked, and the revoke itself — every
phone that joined must join again with the new code, while this tab, which
revoked it, takes the new join link at once (so the host stays in)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import flet as ft

from app.ui.state.flow import FlowState

__all__ = ["Door", "InviteScreen"]


class Door(Protocol):
    """What the screen needs of the server's join door
    (:class:`app.server.door.JoinDoor`)."""

    def revoke(self) -> Any:
        """Make a new join code (every phone that joined is shut out)."""

    def join_path(self) -> str:
        """The path of the join link of the code now in force."""


@ft.observable
@dataclass(eq=False)
class InviteScreen(FlowState):
    """The invite screen of one tab.

    Attributes:
        confirming: "Shut out every phone that joined and make a new code?"
            is on show.
    """

    confirming: bool = False

    def ask_revoke(self) -> None:
        """*Make a new code*: ask first."""
        self.confirming = True

    def cancel(self) -> None:
        """*Cancel*: keep the code."""
        self.confirming = False

    async def revoke(
        self,
        door: Door,
        *,
        origin: str,
        mark: Callable[[], None],
        reach: Callable[[str], Awaitable[object]],
    ) -> str:
        """Revoke the join code (asked first: :meth:`ask_revoke`): ``mark()``
        tells this tab it is the one revoking (it does not follow the other
        tabs to the door), the code is renewed off the event loop, and
        ``reach(address)`` loads the new join link (``origin`` + its path) in
        this tab. Returns that address."""
        if self.busy:
            return ""
        self.busy = True
        try:
            mark()
            await asyncio.to_thread(door.revoke)
            address = origin + door.join_path()
            await reach(address)
        finally:
            self.busy = False
            self.confirming = False
        return address
