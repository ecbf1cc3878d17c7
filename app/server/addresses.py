"""Addresses: a free port, this machine's addresses for the join link, the
links to print.

The join link must carry an address the phones at the table can reach: the
one of this computer's Wi-Fi or Ethernet, not the one of a VPN, a container
network or a virtual machine's host-only network (which a phone cannot
reach, and which is often the default route's address). So every network
interface is read (with ``ifaddr``: ``getifaddrs`` on Linux and macOS,
``GetAdaptersAddresses`` on Windows; no traffic is sent), each is told by its
name as Wi-Fi/Ethernet, VPN, virtual machine, container or loopback
(:func:`interface_kind`), and the addresses are put in the order in which a
phone is most likely to reach them (:func:`order_addresses`). The first is
the one the QR code carries; the host may choose another (``kortpoeng join
--address``, the Invite screen).

Only IPv4 addresses are offered: a phone on a home network reaches this
computer by IPv4; an IPv6 link-local address needs a zone (``%wlan0``) that
browsers do not take in a link, and a global IPv6 address is often a
temporary one that changes within a day.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import re
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, unique

__all__ = [
    "AddressKind",
    "Interface",
    "JoinAddress",
    "app_urls",
    "choose_address",
    "free_port",
    "interface_kind",
    "join_addresses",
    "lan_addresses",
    "link_hosts",
    "machine_addresses",
    "order_addresses",
    "read_interfaces",
]

logger = logging.getLogger(__name__)

#: Host values that bind every interface.
_EVERY_INTERFACE = ("0.0.0.0", "", "*", "::")


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now (the OS picks it).

    Another process may take it before it is bound again; callers that start
    servers on it should retry on failure.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


@unique
class AddressKind(Enum):
    """What kind of network an interface belongs to, told by its name
    (:func:`interface_kind`). The order of the members is the order in which
    their addresses are offered (:func:`order_addresses`)."""

    #: Wi-Fi or Ethernet: the network the phones at the table are on.
    PHYSICAL = "physical"
    #: A VPN's tunnel (tun, tap, wg, utun, ppp, ipsec, Tailscale, ZeroTier).
    VPN = "vpn"
    #: A virtual machine's network on this computer (VirtualBox, VMware,
    #: libvirt, Parallels, Hyper-V's vEthernet).
    VIRTUAL_MACHINE = "virtual-machine"
    #: A container network on this computer (Docker, Podman, Kubernetes).
    CONTAINER = "container"
    #: This computer only (``lo``): never offered to phones.
    LOOPBACK = "loopback"


#: Interface names by kind, matched in this order against the lowercased
#: name and description (the first that matches decides; a virtual machine's
#: ``vEthernet`` is looked at before a container's ``veth``). A name that
#: matches none is Wi-Fi/Ethernet.
_NAME_PATTERNS: tuple[tuple[AddressKind, re.Pattern[str]], ...] = (
    (AddressKind.LOOPBACK, re.compile(r"^lo\d*$|loopback")),
    (
        AddressKind.VIRTUAL_MACHINE,
        re.compile(
            r"^(vboxnet|vmnet|virbr|vnic|vethernet|vmenet|bridge1\d\d)"
            r"|virtualbox|vmware|hyper-v"
        ),
    ),
    (
        AddressKind.VPN,
        re.compile(
            r"^(tun|tap|wg|utun|ppp|ipsec|tailscale|zt|nordlynx|proton|cscotun|gpd)"
            r"|vpn|wireguard|tap-windows|tailscale|zerotier"
        ),
    ),
    (
        AddressKind.CONTAINER,
        re.compile(r"^(docker|br-|veth|cni|flannel|podman|cali|weave|kube|lxcbr|lxdbr|incusbr)"),
    ),
)

#: The private IPv4 ranges of home and office networks (RFC 1918).
_PRIVATE = tuple(
    ipaddress.IPv4Network(net) for net in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")
)
#: Addresses a computer gives itself when no network handed it one (RFC 3927).
_LINK_LOCAL = ipaddress.IPv4Network("169.254.0.0/16")


@dataclass(frozen=True, slots=True)
class Interface:
    """One network interface as read from this machine (:func:`read_interfaces`).

    Attributes:
        name: The name it is shown by (``"wlan0"``, ``"en0"``; on Windows its
            friendly name, ``"Wi-Fi"``, ``"vEthernet (WSL)"``).
        addresses: Its addresses as text (``"192.168.1.20"``; IPv6 ones are
            passed too and left out by :func:`order_addresses`).
        description: What else the system calls it (on Windows the adapter's
            description, ``"VirtualBox Host-Only Ethernet Adapter"``); looked
            at to tell its kind, never shown.
    """

    name: str
    addresses: tuple[str, ...]
    description: str = ""


@dataclass(frozen=True, slots=True)
class JoinAddress:
    """An address of this computer a join link can be made for.

    Attributes:
        address: The IPv4 address (``"192.168.1.20"``), or for a server bound
            to one address, that address as given.
        interface: The name of the interface that has it (``"wlan0"``;
            ``""`` when unknown).
        kind: The kind of network of that interface.
    """

    address: str
    interface: str
    kind: AddressKind

    @property
    def host(self) -> str:
        """The address as it goes into a link (an IPv6 one in brackets).

        >>> JoinAddress("192.168.1.20", "wlan0", AddressKind.PHYSICAL).host
        '192.168.1.20'
        >>> JoinAddress("fd00::2", "eth0", AddressKind.PHYSICAL).host
        '[fd00::2]'
        """
        return f"[{self.address}]" if ":" in self.address else self.address

    @property
    def link_local(self) -> bool:
        """Whether it is a self-assigned address (169.254.x.x): no network
        gave this computer an address there."""
        try:
            return ipaddress.IPv4Address(self.address) in _LINK_LOCAL
        except ValueError:
            return False


def interface_kind(name: str, description: str = "") -> AddressKind:
    """The kind of network of the interface called ``name`` (and
    ``description``), told by the names operating systems and tools give
    their interfaces; Wi-Fi/Ethernet when none fits.

    >>> [interface_kind(n).value for n in ("wlan0", "enp3s0", "en0", "Wi-Fi")]
    ['physical', 'physical', 'physical', 'physical']
    >>> [interface_kind(n).value for n in ("tun0", "wg0", "utun3", "tailscale0")]
    ['vpn', 'vpn', 'vpn', 'vpn']
    >>> [interface_kind(n).value for n in ("vboxnet0", "virbr0", "vEthernet (WSL)")]
    ['virtual-machine', 'virtual-machine', 'virtual-machine']
    >>> [interface_kind(n).value for n in ("docker0", "br-1a2b3c4d5e6f", "veth9f8e7d6")]
    ['container', 'container', 'container']
    >>> interface_kind("{4D36E972}", "VirtualBox Host-Only Ethernet Adapter").value
    'virtual-machine'
    >>> interface_kind("lo").value
    'loopback'
    """
    for text in (name.strip().lower(), description.strip().lower()):
        if not text:
            continue
        for kind, pattern in _NAME_PATTERNS:
            if pattern.search(text):
                return kind
    return AddressKind.PHYSICAL


def _rank(entry: JoinAddress) -> tuple[int, int]:
    """Where ``entry`` goes (smaller first): self-assigned addresses last,
    then by kind, a private address on Wi-Fi/Ethernet before another."""
    if entry.link_local:
        return (len(AddressKind), 0)
    kind_order = list(AddressKind).index(entry.kind)
    if entry.kind is AddressKind.PHYSICAL:
        private = any(ipaddress.IPv4Address(entry.address) in net for net in _PRIVATE)
        return (0, 0 if private else 1)
    return (kind_order, 0)


def order_addresses(interfaces: Iterable[Interface]) -> list[JoinAddress]:
    """The IPv4 addresses of ``interfaces`` that a phone may reach, best first.

    The order: private addresses (10/8, 172.16/12, 192.168/16) of
    Wi-Fi/Ethernet interfaces; their other addresses; VPN, then virtual
    machine, then container addresses; self-assigned ones (169.254/16) of
    any interface last. Within each group the order of ``interfaces`` and of
    their addresses is kept. Loopback interfaces and addresses (127/8), the
    unspecified address, IPv6 addresses and anything that is not an address
    are left out; an address met twice is kept the first time. Pure: the
    same list gives the same answer.

    >>> found = order_addresses([
    ...     Interface("docker0", ("172.17.0.1",)),
    ...     Interface("wlan0", ("192.168.1.20", "fe80::1")),
    ...     Interface("lo", ("127.0.0.1",)),
    ... ])
    >>> [(a.address, a.interface, a.kind.value) for a in found]
    [('192.168.1.20', 'wlan0', 'physical'), ('172.17.0.1', 'docker0', 'container')]
    """
    found: list[JoinAddress] = []
    seen: set[str] = set()
    for interface in interfaces:
        kind = interface_kind(interface.name, interface.description)
        for text in interface.addresses:
            try:
                address = ipaddress.IPv4Address(text.strip())
            except ValueError:
                continue  # IPv6, or not an address
            if address.is_loopback or address.is_unspecified or str(address) in seen:
                continue
            if kind is AddressKind.LOOPBACK:
                continue
            seen.add(str(address))
            found.append(JoinAddress(str(address), interface.name, kind))
    return sorted(found, key=_rank)  # (sorted is stable: ties keep their order)


def read_interfaces() -> list[Interface]:
    """This machine's network interfaces and their addresses (``ifaddr``),
    in the order the system lists them. Sends nothing.

    Raises ``OSError`` (or whatever ``ifaddr`` raises) when the system does
    not tell; :func:`machine_addresses` copes with that.
    """
    import ifaddr

    interfaces: list[Interface] = []
    for adapter in ifaddr.get_adapters():
        addresses = tuple(ip.ip if isinstance(ip.ip, str) else ip.ip[0] for ip in adapter.ips)
        # On Windows the adapter's name is a GUID, its nice_name the hardware's
        # description, and each address carries the friendly name ("Wi-Fi").
        shown = next((ip.nice_name for ip in adapter.ips if ip.nice_name), "") or adapter.nice_name
        description = adapter.nice_name if adapter.nice_name != shown else ""
        interfaces.append(Interface(shown or adapter.name, addresses, description))
    return interfaces


def _default_route_address() -> list[JoinAddress]:
    """The address of the default route (a UDP ``connect`` picks a route and
    sends nothing), interface unknown: the fallback when the interfaces
    cannot be read."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect(("10.255.255.255", 1))
        address = str(sock.getsockname()[0])
        if not address.startswith("127.") and address != "0.0.0.0":
            return [JoinAddress(address, "", AddressKind.PHYSICAL)]
    return []


def machine_addresses() -> list[JoinAddress]:
    """This machine's addresses a phone may reach, best first
    (:func:`order_addresses` over :func:`read_interfaces`). When the
    interfaces cannot be read, the default route's address alone (its
    interface unknown, ``""``); may be empty (no network)."""
    try:
        interfaces = read_interfaces()
    except Exception as error:  # ctypes on an unusual system: the fallback below
        logger.warning("Could not read the network interfaces: %s", error)
        return _default_route_address()
    return order_addresses(interfaces)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other phones on the LAN may reach, best
    first (the addresses of :func:`machine_addresses`); may be empty."""
    return [entry.address for entry in machine_addresses()]


def join_addresses(host: str) -> list[JoinAddress]:
    """The addresses join links are made for, for a server bound to ``host``,
    best first: this machine's (:func:`machine_addresses`) when it is bound to
    every interface (``0.0.0.0``, ``::``, ``""``); the bound address alone
    (with its interface when it is one of this machine's) when bound to one;
    none when bound to loopback (only this computer can connect)."""
    if host in _EVERY_INTERFACE:
        return machine_addresses()
    name = host.strip().strip("[]")
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(name).is_loopback:
            return []
    if name.lower() == "localhost":
        return []
    known = next((entry for entry in machine_addresses() if entry.address == name), None)
    return [known or JoinAddress(name, "", AddressKind.PHYSICAL)]


def choose_address(addresses: Sequence[JoinAddress], wanted: str | None) -> list[JoinAddress]:
    """``addresses`` with the one whose address is ``wanted`` first (the
    others in their order); unchanged when ``wanted`` is ``None``.

    Raises ``LookupError`` when ``wanted`` is none of them.

    >>> wifi = JoinAddress("192.168.1.20", "wlan0", AddressKind.PHYSICAL)
    >>> vpn = JoinAddress("10.8.0.2", "tun0", AddressKind.VPN)
    >>> [a.address for a in choose_address([wifi, vpn], "10.8.0.2")]
    ['10.8.0.2', '192.168.1.20']
    """
    if wanted is None:
        return list(addresses)
    name = wanted.strip().strip("[]")
    chosen = [entry for entry in addresses if entry.address == name]
    if not chosen:
        raise LookupError(wanted)
    return chosen + [entry for entry in addresses if entry.address != name]


def link_hosts(host: str) -> list[str]:
    """The host names to put in links for a server bound to ``host``: this
    computer's loopback address first, then its LAN addresses when it is bound
    to every interface.

    >>> link_hosts("127.0.0.1")
    ['127.0.0.1']
    >>> link_hosts("::1")
    ['[::1]']
    >>> link_hosts("0.0.0.0")[0]
    '127.0.0.1'
    """
    if host in _EVERY_INTERFACE:
        return ["127.0.0.1", *lan_addresses()]
    return [f"[{host}]" if ":" in host else host]


def app_urls(host: str, port: int, path: str = "") -> list[str]:
    """``http://<each link host>:<port><path>``."""
    return [f"http://{name}:{port}{path}" for name in link_hosts(host)]
