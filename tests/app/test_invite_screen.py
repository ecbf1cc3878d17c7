"""Issue 29, item 1: the Invite screen's model without a browser. The best
address is in the QR code and first in the list; the host puts another in
the QR code; when no phone has come in three minutes after the code was
shown, the screen says the likely causes (on the test's own clock: no
waiting). (Revoking the code: tests/app/test_settings_screen.py.)"""

from __future__ import annotations

import asyncio

import pytest

from app.i18n import use_language
from app.messages import nobody_came_causes
from app.server.addresses import AddressKind, JoinAddress
from app.ui.state.invite_screen import LOOK_EVERY, LOOK_FOR, NOBODY_CAME_AFTER, InviteScreen

WIFI = JoinAddress("192.168.1.20", "wlan0", AddressKind.PHYSICAL)
VPN = JoinAddress("10.8.0.6", "tun0", AddressKind.VPN)
DOCKER = JoinAddress("172.17.0.1", "docker0", AddressKind.CONTAINER)
ADDRESSES = [WIFI, VPN, DOCKER]


class Clock:
    """Seconds that go forward only when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_best_address_is_in_the_qr_code_until_the_host_chooses_another() -> None:
    model = InviteScreen()
    assert model.qr_address(ADDRESSES) == WIFI and model.ordered(ADDRESSES) == ADDRESSES
    model.choose("172.17.0.1")
    assert model.chosen == "172.17.0.1"
    assert model.qr_address(ADDRESSES) == DOCKER
    assert model.ordered(ADDRESSES) == [DOCKER, WIFI, VPN]
    # The chosen address is gone (the VPN went down, Docker stopped): the best again.
    assert model.ordered([WIFI, VPN]) == [WIFI, VPN]
    assert model.qr_address([]) is None and model.ordered([]) == []


def test_nobody_came_is_said_three_minutes_after_the_code_was_shown() -> None:
    clock = Clock()
    model = InviteScreen(clock=clock)
    model.look(arrivals=4)  # (phones that came earlier do not count)
    clock.now += NOBODY_CAME_AFTER - 1
    model.look(arrivals=4)
    assert not model.nobody_came and model.waiting
    clock.now += 1
    model.look(arrivals=4)
    assert model.nobody_came and model.waiting
    # A phone comes in: the causes go, and there is nothing more to wait for.
    model.look(arrivals=5)
    assert not model.nobody_came and not model.waiting
    clock.now += 10 * NOBODY_CAME_AFTER
    model.look(arrivals=5)
    assert not model.nobody_came


def test_a_phone_in_time_means_nothing_is_said() -> None:
    clock = Clock()
    model = InviteScreen(clock=clock)
    model.look(arrivals=0)
    clock.now += 30
    model.look(arrivals=1)
    clock.now += NOBODY_CAME_AFTER
    model.look(arrivals=1)
    assert not model.nobody_came and not model.waiting


def test_choosing_another_address_starts_the_wait_again() -> None:
    clock = Clock()
    model = InviteScreen(clock=clock)
    model.look(arrivals=0)
    clock.now += NOBODY_CAME_AFTER
    model.look(arrivals=0)
    assert model.nobody_came
    model.choose("10.8.0.6")
    assert not model.nobody_came  # a new code is on show
    model.look(arrivals=0)
    clock.now += NOBODY_CAME_AFTER - 1
    model.look(arrivals=0)
    assert not model.nobody_came
    clock.now += 1
    model.look(arrivals=0)
    assert model.nobody_came


def test_keep_looking_on_the_tests_clock() -> None:
    """The screen's effect: a look now and every few seconds, until a phone
    came (or an hour went by); ``sleep`` moves the test's clock, nothing waits."""
    clock = Clock()
    model = InviteScreen(clock=clock)
    door = {"arrivals": 2}
    slept: list[float] = []
    said: list[tuple[float, bool]] = []  # (seconds since shown, nobody_came) after each look

    async def sleep(seconds: float) -> None:
        said.append((clock.now - 1000.0, model.nobody_came))
        slept.append(seconds)
        clock.now += seconds
        if clock.now - 1000.0 >= 200:
            door["arrivals"] = 3  # a phone scans the code after 200 s

    asyncio.run(model.keep_looking(lambda: door["arrivals"], sleep=sleep))
    assert slept == [LOOK_EVERY] * int(200 / LOOK_EVERY)
    assert [at for at, nobody in said if nobody] == [180.0, 185.0, 190.0, 195.0]
    assert not model.nobody_came and not model.waiting


def test_keep_looking_stops_after_an_hour() -> None:
    clock = Clock()
    model = InviteScreen(clock=clock)

    async def sleep(seconds: float) -> None:
        clock.now += seconds

    asyncio.run(model.keep_looking(lambda: 0, sleep=sleep))
    assert clock.now - 1000.0 == LOOK_FOR and model.nobody_came


@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("en", "The phones may be on a guest Wi-Fi, which keeps devices apart"),
        ("nb", "Telefonene kan være på et gjestenett, som holder enhetene atskilt"),
    ],
)
def test_the_likely_causes_in_words(lang, first) -> None:
    with use_language(lang):
        causes = nobody_came_causes()
    assert causes[0].startswith(first)
    assert len(causes) == 4
    words = {"en": ("firewall", "VPN", "mobile data"), "nb": ("brannmur", "VPN", "mobildata")}
    assert [word in cause for word, cause in zip(words[lang], causes[1:], strict=True)] == [
        True,
        True,
        True,
    ]
