"""The invite screen's model (``/invite``, from Settings), in plain Python:

* which of this computer's addresses the QR code carries: the best
  (:func:`app.server.addresses.order_addresses`) unless the host chose
  another from the list (the others are shown with their interface and
  kind);
* whether no phone has come in :data:`NOBODY_CAME_AFTER` seconds after the
  code was shown: the screen then says the likely causes (guest Wi-Fi that
  keeps devices apart, a firewall, a VPN), on a clock the test gives;
* the question before the join code is revoked, and the revoke itself —
  every phone that joined must join again with the new code, while this tab,
  which revoked it, takes the new join link at once (so the host stays in).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import flet as ft

from app.server.addresses import JoinAddress
from app.ui.state.flow import FlowState

__all__ = ["LOOK_EVERY", "LOOK_FOR", "NOBODY_CAME_AFTER", "Door", "InviteScreen"]

#: Seconds after the code was shown with no phone come in before the screen
#: says the likely causes (three minutes: time to find the camera and scan).
NOBODY_CAME_AFTER = 180.0
#: Seconds between two looks at the door while the screen waits for a phone.
LOOK_EVERY = 5.0
#: Seconds a screen keeps looking at all (a tab left open does not look for ever).
LOOK_FOR = 3600.0


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
        chosen: The address the host chose for the QR code (``None``: the
            best, the first of the list).
        nobody_came: No phone has come in :data:`NOBODY_CAME_AFTER` seconds
            after the code was shown: the likely causes are on show.
        clock: Seconds on a clock that only goes forward
            (:func:`time.monotonic`; a test gives its own).
    """

    confirming: bool = False
    chosen: str | None = None
    nobody_came: bool = False
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    _shown_at: float | None = field(default=None, repr=False)
    _arrivals_then: int = field(default=0, repr=False)
    _someone_came: bool = field(default=False, repr=False)

    # -- the address in the QR code -------------------------------------------

    def ordered(self, addresses: Sequence[JoinAddress]) -> list[JoinAddress]:
        """``addresses`` (best first) as the screen lists them: the one the QR
        code carries first (:attr:`chosen`, or the best when nothing was
        chosen or the chosen one is gone), then the others in their order."""
        first = self.qr_address(addresses)
        if first is None:
            return []
        return [first, *(entry for entry in addresses if entry != first)]

    def qr_address(self, addresses: Sequence[JoinAddress]) -> JoinAddress | None:
        """The address the QR code carries: :attr:`chosen` when it is one of
        ``addresses``, else the first (the best); ``None`` when there are none."""
        for entry in addresses:
            if entry.address == self.chosen:
                return entry
        return addresses[0] if addresses else None

    def choose(self, address: str) -> None:
        """Put ``address`` in the QR code (the host tapped it in the list): the
        wait for a phone starts again, since a new code is on show."""
        self.chosen = address
        self._shown_at = None
        self._someone_came = False
        self.nobody_came = False

    # -- nobody came ----------------------------------------------------------

    def look(self, arrivals: int) -> None:
        """Look at the door: ``arrivals`` is how many clients from beyond this
        computer have come in so far (:attr:`app.server.door.JoinDoor.arrivals`).
        The first look after the code was shown starts the wait; a later one
        with more arrivals ends it (a phone reached this computer); a look
        :data:`NOBODY_CAME_AFTER` seconds or more after the start with no one
        come sets :attr:`nobody_came`."""
        now = self.clock()
        if self._shown_at is None:
            self._shown_at, self._arrivals_then = now, arrivals
        elif arrivals != self._arrivals_then:
            self._someone_came = True
        self.nobody_came = not self._someone_came and now - self._shown_at >= NOBODY_CAME_AFTER

    @property
    def waiting(self) -> bool:
        """Whether a look may still change what is shown: no phone has come
        in since the code was shown, and the screen has not looked for
        :data:`LOOK_FOR` seconds yet."""
        if self._someone_came:
            return False
        return self._shown_at is None or self.clock() - self._shown_at < LOOK_FOR

    async def keep_looking(
        self,
        arrivals: Callable[[], int],
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        """:meth:`look` at ``arrivals()`` now and every :data:`LOOK_EVERY`
        seconds (``sleep``: :func:`asyncio.sleep`, a test gives one that moves
        its clock) while :attr:`waiting`; the screen runs it as an effect,
        cancelled when the screen goes."""
        self.look(arrivals())
        while self.waiting:
            await sleep(LOOK_EVERY)
            self.look(arrivals())

    # -- revoking -------------------------------------------------------------

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
