"""What a screen that has just appeared drops (``app.ui.state.double_tap``):
only the second tap of a double tap that began on the screen before; every
tap on a screen the person can see lands (issue 25, item 3: every tap in a
new screen's first 0.6 s was dropped, the button flashing as if taken)."""

from __future__ import annotations

import pytest

from app.ui.state.double_tap import DOUBLE_TAP_SLOP, DOUBLE_TAP_TIMEOUT, Cover, Presses

#: Where "Save" is tapped (its middle, in the screen's frame).
SAVE = (195.0, 810.0)


def tapped(presses: Presses, x: float, y: float, down: float, up: float) -> None:
    presses.pressed(x, y, at=down)
    presses.lifted(at=up)


def cover_after_save(appears: float) -> Cover:
    """The cover of the session screen appearing ``appears`` s after Save
    (pressed at 100.0, lifted 60 ms later)."""
    presses = Presses()
    tapped(presses, *SAVE, down=100.0, up=100.06)
    cover = presses.cover(now=100.06 + appears)
    assert cover is not None
    return cover


def test_the_second_tap_of_a_double_tap_on_save_is_dropped() -> None:
    cover = cover_after_save(appears=0.1)
    # the second tap, 120 ms after the first lifted, in the same spot
    assert cover.covers(*SAVE, at=100.06 + 0.12)
    # a finger a little off the first tap is still the same double tap
    assert cover.covers(SAVE[0] + 40, SAVE[1] - 30, at=100.06 + 0.2)


@pytest.mark.parametrize(
    ("x", "y"),
    [
        (32.0, 30.0),  # the back arrow, top left
        (SAVE[0] - DOUBLE_TAP_SLOP - 1, SAVE[1]),  # just outside the double tap's reach
        (SAVE[0], SAVE[1] - DOUBLE_TAP_SLOP - 1),
    ],
)
def test_a_tap_elsewhere_lands_the_moment_the_screen_appears(x: float, y: float) -> None:
    cover = cover_after_save(appears=0.05)
    assert not cover.covers(x, y, at=100.06 + 0.06)


def test_a_tap_in_the_same_spot_lands_once_the_double_tap_time_is_over() -> None:
    cover = cover_after_save(appears=0.1)
    assert cover.until == pytest.approx(100.06 + DOUBLE_TAP_TIMEOUT)
    assert not cover.covers(*SAVE, at=100.06 + DOUBLE_TAP_TIMEOUT)
    assert not cover.covers(*SAVE, at=100.06 + 0.6)  # (the old cover's time)


def test_a_screen_that_comes_after_the_double_tap_time_covers_nothing() -> None:
    """A slow save: the second tap of a double tap, if any, hit the screen
    before (the hand screen, whose Save saves once)."""
    presses = Presses()
    tapped(presses, *SAVE, down=100.0, up=100.06)
    assert presses.cover(now=100.06 + DOUBLE_TAP_TIMEOUT) is None
    assert presses.cover(now=102.0) is None


def test_a_screen_no_tap_brought_covers_nothing() -> None:
    """A reload, the first screen, the keyboard, a screen reader's
    activation (no press is reported for any of them)."""
    assert Presses().cover(now=5.0) is None


def test_the_cover_follows_the_last_tap_not_a_finger_still_down() -> None:
    presses = Presses()
    tapped(presses, 50.0, 60.0, down=10.0, up=10.05)
    presses.pressed(300.0, 700.0, at=10.1)  # a second finger, still down
    cover = presses.cover(now=10.2)
    assert cover == Cover(
        50.0 - DOUBLE_TAP_SLOP, 60.0 - DOUBLE_TAP_SLOP, 2 * DOUBLE_TAP_SLOP, 10.05 + 0.3
    )


def test_flutters_own_double_tap_measures() -> None:
    """kDoubleTapTimeout (300 ms) and kDoubleTapSlop (100 logical pixels)."""
    assert (DOUBLE_TAP_TIMEOUT, DOUBLE_TAP_SLOP) == (0.3, 100.0)
