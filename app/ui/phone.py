"""The phone at the table (issue 25, item 10): the screen stays awake while a
session is open, a key's tap is felt where the device can (haptic feedback),
and on a phone the picture, the PDF and the session file go to the system
share sheet.

Each through a Flet 1.0.5 service (``flet.Wakelock``, ``flet.HapticFeedback``,
``flet.Share``). Where the device cannot do it (a desktop browser; an iPhone's
browser on a page over plain http, which browsers give no Wake Lock API, and
where the service's fallback, a tiny silent video, may not be let play), the
service fails or does nothing: that is logged and never reaches the person,
and nothing waits for it long.

* :class:`Awake` keeps one tab's screen awake while a screen holding it is
  shown (:func:`use_keep_awake`: the session screen and its hand entry).
  Leaving the session screen for the hand entry releases and holds in the
  same moment: one change is asked of the device at most, when the wanted
  state differs from the one asked for last.
* :class:`TapFeedback` is a client action (``action=`` of a key): the
  client gives the tap its ``selection_click`` inside the tap itself, with
  no round trip to the server (a round trip would lag behind the finger).
  Flet 1.0.5 has none: it is a work-around
  (:mod:`app.ui.flet_fixes.haptic_action`).
* :func:`share_file` hands an export to the share sheet; :func:`uses_share_sheet`
  says where that is done.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

import flet as ft

from app.ui.flet_fixes.haptic_action import TapFeedback

__all__ = [
    "ASK_PATIENCE",
    "SHARED_FORMATS",
    "SIDEWAYS_MAX_HEIGHT",
    "Awake",
    "TapFeedback",
    "awake_for",
    "on_its_side",
    "share_file",
    "tap_feedback",
    "use_keep_awake",
    "uses_share_sheet",
]

logger = logging.getLogger(__name__)

#: Seconds :class:`Awake` waits for the device to answer a change.
ASK_PATIENCE = 5.0
#: The exports a phone hands to its share sheet (the others are saved).
SHARED_FORMATS = frozenset({"png", "pdf", "json"})
_STORE_KEY = "kortpoeng.awake"


class WakeLock(Protocol):
    """What :class:`Awake` needs of ``flet.Wakelock``."""

    async def enable(self) -> None: ...

    async def disable(self) -> None: ...


class Awake:
    """Keeps a tab's screen awake while at least one holder is shown.

    Args:
        lock: the tab's wake lock (``flet.Wakelock`` or a stand-in).
        schedule: runs a coroutine function soon, on the tab's loop
            (``page.run_task``); the change is asked for there, so a hold and
            a release in one moment ask nothing.
        patience: seconds to wait for the device's answer (Flet waits
            forever: a browser whose fallback video never starts never
            answers), then the next change may be asked.

    Attributes:
        holders: how many shown screens hold it.
        asked: the state last asked of the device (``True``: kept awake).
    """

    def __init__(
        self,
        lock: WakeLock,
        schedule: Callable[[Callable[[], Coroutine[Any, Any, None]]], Any],
        *,
        patience: float = ASK_PATIENCE,
    ) -> None:
        self.lock = lock
        self.schedule = schedule
        self.patience = patience
        self.holders = 0
        self.asked = False
        self._pending = False

    def hold(self) -> None:
        """A screen that keeps the phone awake is shown."""
        self.holders += 1
        self._follow()

    def release(self) -> None:
        """That screen is gone."""
        self.holders = max(0, self.holders - 1)
        self._follow()

    def _follow(self) -> None:
        if self._pending:
            return
        self._pending = True
        try:
            self.schedule(self.settle)
        except Exception as error:  # the tab is gone: nothing to keep awake
            self._pending = False
            logger.debug("Could not ask for the wake lock: %s", error)

    async def settle(self) -> None:
        """Ask the device for the wanted state until it is the one asked for
        (holders may change while a request is under way). A device that
        cannot is logged, never raised; the state counts as asked."""
        try:
            while (self.holders > 0) != self.asked:
                wanted = self.holders > 0
                self.asked = wanted
                try:
                    asking = self.lock.enable() if wanted else self.lock.disable()
                    await asyncio.wait_for(asking, self.patience)
                except Exception as error:  # no wake lock here, or no answer
                    logger.info("The screen cannot be kept awake here: %s", error)
        finally:
            self._pending = False


def awake_for(page: ft.Page) -> Awake:
    """The :class:`Awake` of ``page``'s tab (made at its first use, with a
    ``flet.Wakelock`` service of that page)."""
    store = page.session.store
    awake = store.get(_STORE_KEY)
    if not isinstance(awake, Awake):
        awake = Awake(ft.Wakelock(), page.run_task)
        store.set(_STORE_KEY, awake)
    return awake


def use_keep_awake() -> None:
    """Hook: the screen stays awake while the calling component is shown."""
    awake = awake_for(ft.context.page)
    ft.use_effect(awake.hold, [], cleanup=awake.release)


def tap_feedback() -> TapFeedback | None:
    """A :class:`TapFeedback` for a control being drawn, or ``None`` outside a
    page (a control built where no tab is served)."""
    try:
        return TapFeedback()
    except RuntimeError:  # no page in this context
        return None


#: A screen lower than this (logical pixels) and wider than high is a phone
#: on its side: the hand entry puts the players' keypads beside the rest.
SIDEWAYS_MAX_HEIGHT = 600


def on_its_side(width: float | None, height: float | None) -> bool:
    """Whether a screen of ``width`` × ``height`` is a phone held sideways
    (landscape): wider than high and lower than :data:`SIDEWAYS_MAX_HEIGHT`.

    >>> on_its_side(844, 390), on_its_side(390, 844), on_its_side(1280, 800), on_its_side(None, 390)
    (True, False, False, False)
    """
    if not width or not height:
        return False
    return width > height and height < SIDEWAYS_MAX_HEIGHT


def uses_share_sheet(platform: ft.PagePlatform | None, fmt: str) -> bool:
    """Whether an export in ``fmt`` goes to the system share sheet: on a phone
    or tablet (Android, iOS; in its browser too) for the picture, the PDF and
    the session file (:data:`SHARED_FORMATS`); everywhere else it is saved.

    >>> phone, ios = ft.PagePlatform.ANDROID, ft.PagePlatform.IOS
    >>> uses_share_sheet(phone, "png"), uses_share_sheet(ios, "json"), uses_share_sheet(ios, "md")
    (True, True, False)
    >>> uses_share_sheet(ft.PagePlatform.LINUX, "pdf"), uses_share_sheet(None, "json")
    (False, False)
    """
    return platform is not None and platform.is_mobile() and fmt in SHARED_FORMATS


class ShareSheet(Protocol):
    """What :func:`share_file` needs of ``flet.Share``."""

    async def share_files(
        self, files: list[ft.ShareFile], *, title: str | None = None, subject: str | None = None
    ) -> ft.ShareResult: ...


async def share_file(
    share: ShareSheet, filename: str, data: bytes, media_type: str, *, title: str
) -> ft.ShareResult | None:
    """Offer the file ``filename`` (``data``, of MIME type ``media_type``;
    parameters such as ``charset`` are dropped) on the system share sheet,
    titled ``title``. In a phone's browser without a share sheet for it, the
    browser downloads it instead (Flet's ``download_fallback_enabled``).

    Returns the sheet's result, or ``None`` when there is no share sheet here
    (the caller then saves the file); never raises for that.
    """
    files: Sequence[ft.ShareFile] = [
        ft.ShareFile.from_bytes(data, mime_type=media_type.split(";")[0].strip(), name=filename)
    ]
    try:
        return await share.share_files(list(files), title=title, subject=title)
    except Exception as error:  # no share sheet on this device
        logger.info("No share sheet for %s here: %s", filename, error)
        return None
