"""Which tap on a screen that has just appeared is the second tap of a double
tap that began on the screen before — the only tap a new screen drops.

A double tap on "Enter hand" or "Save" must not act twice: its second tap
can land on the next screen, on whatever appeared under the finger ("Enter
hand 2" sits where "Save" was). Every other tap on a screen the person can
see is taken, also one made the moment it appears (a timed cover over the
whole screen used to drop every tap in its first 0.6 s, the button flashing
as if taken).

The second tap of a double tap is what Flutter itself calls one: it touches
down at most :data:`DOUBLE_TAP_TIMEOUT` after the first tap lifted, within
:data:`DOUBLE_TAP_SLOP` of where the first touched (``kDoubleTapTimeout``,
``kDoubleTapSlop``). :class:`Presses` keeps the tab's last press (where, and
when it went down and lifted, as the screen's gesture detector reports them)
and says what a new screen must cover (:meth:`Presses.cover`): the square
around the tap that brought it, until that tap's double-tap time is over; no
cover at all when the screen came later, or by no tap (a reload, the
keyboard, a screen reader's activation, which carries no position and comes
once per gesture). Times are :func:`time.monotonic` seconds, positions logical
pixels in the screen's frame.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DOUBLE_TAP_SLOP", "DOUBLE_TAP_TIMEOUT", "Cover", "Press", "Presses"]

#: Seconds from a tap's lift within which the next press makes it a double
#: tap (Flutter's ``kDoubleTapTimeout``).
DOUBLE_TAP_TIMEOUT = 0.3
#: Logical pixels from the first tap within which the second one lands
#: (Flutter's ``kDoubleTapSlop``).
DOUBLE_TAP_SLOP = 100.0


@dataclass(frozen=True, slots=True)
class Press:
    """A finger (or mouse button) put down at ``x``, ``y`` at time ``down``,
    lifted at ``lifted`` (``None`` while it is still down)."""

    x: float
    y: float
    down: float
    lifted: float | None = None


@dataclass(frozen=True, slots=True)
class Cover:
    """What a new screen covers: the square ``left``, ``top``, ``side`` (its
    frame's logical pixels) until time ``until``; a press there before then
    is the second tap of the double tap that brought the screen."""

    left: float
    top: float
    side: float
    until: float

    def covers(self, x: float, y: float, at: float) -> bool:
        """Whether a press at ``x``, ``y`` at time ``at`` is dropped.

        >>> cover = Cover(100.0, 100.0, 200.0, until=5.3)
        >>> cover.covers(250, 150, 5.2), cover.covers(350, 150, 5.2), cover.covers(250, 150, 5.4)
        (True, False, False)
        """
        inside = self.left <= x <= self.left + self.side and self.top <= y <= self.top + self.side
        return inside and at < self.until


class Presses:
    """The tab's last presses on its screens (plain Python, not observable:
    a press re-renders nothing)."""

    __slots__ = ("current", "last", "origin")

    def __init__(self) -> None:
        #: the press still down, if any
        self.current: Press | None = None
        #: the last press that lifted
        self.last: Press | None = None
        #: where the screens' frame starts on the page (its top-left corner in
        #: the page's logical pixels: below a phone's status bar or notch)
        self.origin: tuple[float, float] = (0.0, 0.0)

    def pressed(self, x: float, y: float, at: float) -> None:
        """A finger went down at ``x``, ``y`` (the screen's frame) at time ``at``."""
        self.current = Press(x, y, at)

    def pressed_on_page(self, x: float, y: float, at: float) -> None:
        """A finger went down at ``x``, ``y`` of the page (a dialog's button,
        over the screen) at time ``at``.

        >>> presses = Presses()
        >>> presses.origin = (0.0, 24.0)
        >>> presses.pressed_on_page(195.0, 500.0, at=1.0)
        >>> presses.current
        Press(x=195.0, y=476.0, down=1.0, lifted=None)
        """
        self.pressed(x - self.origin[0], y - self.origin[1], at)

    def lifted(self, at: float) -> None:
        """The finger that went down last lifted (or its gesture ended) at ``at``."""
        if self.current is not None:
            self.last = Press(self.current.x, self.current.y, self.current.down, at)
            self.current = None

    def cover(self, now: float) -> Cover | None:
        """What a screen appearing at time ``now`` covers: the square of
        side 2 × :data:`DOUBLE_TAP_SLOP` around the last tap, until
        :data:`DOUBLE_TAP_TIMEOUT` after it lifted, when that time is not over
        yet; else ``None`` (whatever the second tap of a double tap hit, it
        hit the screen before).

        >>> presses = Presses()
        >>> presses.pressed(195.0, 104.0, at=10.0)
        >>> presses.lifted(at=10.25)
        >>> presses.cover(now=10.4)
        Cover(left=95.0, top=4.0, side=200.0, until=10.55)
        >>> presses.cover(now=10.6) is None
        True
        """
        tap = self.last
        if tap is None or tap.lifted is None:
            return None
        until = tap.lifted + DOUBLE_TAP_TIMEOUT
        if now >= until:
            return None
        return Cover(tap.x - DOUBLE_TAP_SLOP, tap.y - DOUBLE_TAP_SLOP, 2 * DOUBLE_TAP_SLOP, until)
