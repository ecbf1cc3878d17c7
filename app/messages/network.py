"""This computer's network addresses in words: the kind of network an
address is on, the label shown beside a join link (the command line and the
Invite screen say the same), and why no phone may have come in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.i18n import N_, _
from app.server.addresses import AddressKind, JoinAddress

__all__ = [
    "ADDRESS_KIND_WORDS",
    "address_kind_word",
    "address_label",
    "address_refused",
    "nobody_came_causes",
]

#: Each kind of network in words (translated when asked for).
ADDRESS_KIND_WORDS: Mapping[AddressKind, str] = {
    AddressKind.PHYSICAL: N_("Wi-Fi/Ethernet"),
    # Translators: a network interface of a VPN (virtual private network).
    AddressKind.VPN: N_("VPN"),
    AddressKind.VIRTUAL_MACHINE: N_("virtual machine"),
    # Translators: a network of software containers (Docker, Podman) on this computer.
    AddressKind.CONTAINER: N_("container"),
    AddressKind.LOOPBACK: N_("this computer only"),
}


def address_kind_word(kind: AddressKind) -> str:
    """``kind`` in words, in the active language.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     address_kind_word(AddressKind.VIRTUAL_MACHINE)
    'virtual machine'
    """
    return _(ADDRESS_KIND_WORDS[kind])


def address_label(entry: JoinAddress) -> str:
    """What is said beside a join link of ``entry``: its interface and kind
    (``"wlan0, Wi-Fi/Ethernet"``), a self-assigned address said as such; the
    kind alone when the interface is unknown.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     address_label(JoinAddress("10.8.0.2", "tun0", AddressKind.VPN))
    'tun0, VPN'
    """
    kind = address_kind_word(entry.kind)
    if entry.link_local:
        kind = _("{kind}, self-assigned address").format(kind=kind)
    if not entry.interface:
        return kind
    return _("{interface}, {kind}").format(interface=entry.interface, kind=kind)


def address_refused(wanted: str, choices: Sequence[JoinAddress]) -> str:
    """The one line that refuses ``--address WANTED``, naming it and the
    addresses that may be chosen (or saying there are none)."""
    if not choices:
        return _(
            "Kortpoeng: {address} is not an address of this computer that phones can reach; "
            "this computer has none (is it on a network?)"
        ).format(address=wanted)
    return _(
        "Kortpoeng: {address} is not an address of this computer that phones can reach; "
        "choose one of: {choices}"
    ).format(address=wanted, choices=", ".join(entry.address for entry in choices))


def nobody_came_causes() -> list[str]:
    """The likely reasons why no phone has come in, as sentences, most
    likely first (the Invite screen says them when nobody has joined a few
    minutes after the code was shown)."""
    return [
        _(
            "The phones may be on a guest Wi-Fi, which keeps devices apart: "
            "join the same Wi-Fi as this computer, not the guest network."
        ),
        _(
            "A firewall on this computer may stop the phones: "
            "let Kortpoeng (Python) receive connections on private networks."
        ),
        _(
            "A VPN on this computer or on the phones may send the link elsewhere: "
            "turn it off while you play, or choose another address below."
        ),
        _(
            "The phones may be on mobile data: turn Wi-Fi on and join the same network "
            "as this computer."
        ),
    ]
