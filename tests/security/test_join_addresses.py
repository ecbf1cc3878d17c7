"""Issue 29, item 1: the join link carries an address the phones can reach.

This computer's addresses are read interface by interface and ordered: private
addresses of Wi-Fi/Ethernet first, then its other ones, then VPN, virtual
machine and container addresses, self-assigned ones last, loopback never; each
is shown with its interface and kind. Over fake interface lists (Linux and
Windows names), through ``ifaddr``'s own records, in a network namespace the
test makes (interfaces of its own only, every link down: nothing leaves them),
and on the command line (``kortpoeng join --address``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import ifaddr
import pytest

from app.cli import main
from app.i18n import use_language
from app.messages import address_label
from app.server import addresses
from app.server.addresses import (
    AddressKind,
    Interface,
    JoinAddress,
    choose_address,
    interface_kind,
    machine_addresses,
    order_addresses,
    read_interfaces,
)

ROOT = Path(__file__).resolve().parents[2]

PHYSICAL, VPN, VM, CONTAINER = (
    AddressKind.PHYSICAL,
    AddressKind.VPN,
    AddressKind.VIRTUAL_MACHINE,
    AddressKind.CONTAINER,
)

#: A laptop with Docker, a VPN and VirtualBox, in the order Linux lists them.
LAPTOP = [
    Interface("lo", ("127.0.0.1", "::1")),
    Interface("docker0", ("172.17.0.1",)),
    Interface("tun0", ("10.8.0.6",)),
    Interface("eth1", ("169.254.10.20",)),
    Interface("wlan0", ("192.168.1.20", "fe80::1c2d:3e4f:5a6b:7c8d")),
    Interface("vboxnet0", ("192.168.56.1",)),
    Interface("veth1a2b3c4", ("172.18.0.5",)),
    Interface("eth0", ("198.51.100.23",)),
]


def _said(found: list[JoinAddress], lang: str = "en") -> list[tuple[str, str]]:
    with use_language(lang):
        return [(entry.address, address_label(entry)) for entry in found]


def test_a_laptop_with_docker_a_vpn_and_virtualbox() -> None:
    assert _said(order_addresses(LAPTOP)) == [
        ("192.168.1.20", "wlan0, Wi-Fi/Ethernet"),
        ("198.51.100.23", "eth0, Wi-Fi/Ethernet"),
        ("10.8.0.6", "tun0, VPN"),
        ("192.168.56.1", "vboxnet0, virtual machine"),
        ("172.17.0.1", "docker0, container"),
        ("172.18.0.5", "veth1a2b3c4, container"),
        ("169.254.10.20", "eth1, Wi-Fi/Ethernet, self-assigned address"),
    ]
    assert _said(order_addresses(LAPTOP), "nb") == [
        ("192.168.1.20", "wlan0, Wi-Fi/kablet nett"),
        ("198.51.100.23", "eth0, Wi-Fi/kablet nett"),
        ("10.8.0.6", "tun0, VPN"),
        ("192.168.56.1", "vboxnet0, virtuell maskin"),
        ("172.17.0.1", "docker0, konteiner"),
        ("172.18.0.5", "veth1a2b3c4, konteiner"),
        ("169.254.10.20", "eth1, Wi-Fi/kablet nett, selvtildelt adresse"),
    ]


def test_the_groups_do_not_hang_on_the_order_the_system_lists_them() -> None:
    """Listed the other way round, the groups are the same (only the two
    container addresses, one group, change places)."""
    found = order_addresses(reversed(LAPTOP))
    assert [entry.address for entry in found] == [
        "192.168.1.20",
        "198.51.100.23",
        "10.8.0.6",
        "192.168.56.1",
        "172.18.0.5",
        "172.17.0.1",
        "169.254.10.20",
    ]


def test_within_a_group_the_systems_order_is_kept() -> None:
    found = order_addresses(
        [
            Interface("wg0", ("10.0.0.2",)),
            Interface("enp3s0", ("10.1.0.5", "192.168.0.9")),
            Interface("wlp2s0", ("172.20.1.4",)),
            Interface("utun3", ("100.101.102.103",)),
            Interface("enp3s0", ("10.1.0.5",)),  # met twice: kept once
            Interface("ppp0", ("bogus", "0.0.0.0", "127.0.1.1")),  # nothing to offer
        ]
    )
    assert [(entry.address, entry.interface, entry.kind) for entry in found] == [
        ("10.1.0.5", "enp3s0", PHYSICAL),
        ("192.168.0.9", "enp3s0", PHYSICAL),
        ("172.20.1.4", "wlp2s0", PHYSICAL),
        ("10.0.0.2", "wg0", VPN),
        ("100.101.102.103", "utun3", VPN),
    ]


def test_windows_names_and_descriptions() -> None:
    found = order_addresses(
        [
            Interface("Loopback Pseudo-Interface 1", ("127.0.0.1",)),
            Interface("vEthernet (WSL)", ("172.29.16.1",), "Hyper-V Virtual Ethernet Adapter"),
            Interface("Ethernet 3", ("10.8.0.2",), "TAP-Windows Adapter V9"),
            Interface("Ethernet 2", ("192.168.56.1",), "VirtualBox Host-Only Ethernet Adapter"),
            Interface("Tailscale", ("100.90.1.2",), "Tailscale Tunnel"),
            Interface("Wi-Fi", ("192.168.1.20",), "Intel(R) Wi-Fi 6 AX201 160MHz"),
        ]
    )
    assert _said(found) == [
        ("192.168.1.20", "Wi-Fi, Wi-Fi/Ethernet"),
        ("10.8.0.2", "Ethernet 3, VPN"),
        ("100.90.1.2", "Tailscale, VPN"),
        ("172.29.16.1", "vEthernet (WSL), virtual machine"),
        ("192.168.56.1", "Ethernet 2, virtual machine"),
    ]


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("en0", PHYSICAL),
        ("br0", PHYSICAL),  # a bridge of the LAN, not Docker's br-<id>
        ("wwan0", PHYSICAL),
        ("tap0", VPN),
        ("ipsec0", VPN),
        ("zt7nnig26", VPN),
        ("tailscale0", VPN),
        ("vmnet8", VM),
        ("virbr0", VM),
        ("vnic0", VM),
        ("bridge100", VM),
        ("br-0f1e2d3c4b5a", CONTAINER),
        ("cni0", CONTAINER),
        ("flannel.1", CONTAINER),
        ("podman1", CONTAINER),
        ("lo0", AddressKind.LOOPBACK),
    ],
)
def test_interface_names(name, kind) -> None:
    assert interface_kind(name) is kind


def test_choosing_an_address() -> None:
    found = order_addresses(LAPTOP)
    assert choose_address(found, None) == found
    chosen = choose_address(found, "10.8.0.6")
    assert (
        chosen[0] == JoinAddress("10.8.0.6", "tun0", VPN)
        and sorted(chosen, key=found.index) == found
    )
    for refused in ("10.8.0.7", "127.0.0.1", "wlan0", ""):
        with pytest.raises(LookupError):
            choose_address(found, refused)


def _adapter(name: str, nice: str, *ips: tuple[object, str]) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, nice, [ifaddr.IP(ip, 24, label) for ip, label in ips])


def test_read_interfaces_from_ifaddrs_records(monkeypatch) -> None:
    """POSIX: the adapter's name; Windows: the address's friendly name, the
    hardware's description looked at too; IPv6 addresses passed as text."""
    monkeypatch.setattr(
        ifaddr,
        "get_adapters",
        lambda: [
            _adapter("wlan0", "wlan0", ("192.168.1.20", "wlan0"), (("fe80::1", 0, 3), "wlan0")),
            _adapter(
                "{4D36E972-E325}",
                "VirtualBox Host-Only Ethernet Adapter",
                ("192.168.56.1", "Ethernet 2"),
            ),
            _adapter("docker0", "docker0"),
        ],
    )
    assert read_interfaces() == [
        Interface("wlan0", ("192.168.1.20", "fe80::1")),
        Interface("Ethernet 2", ("192.168.56.1",), "VirtualBox Host-Only Ethernet Adapter"),
        Interface("docker0", ()),
    ]
    assert [(a.interface, a.kind) for a in machine_addresses()] == [
        ("wlan0", PHYSICAL),
        ("Ethernet 2", VM),
    ]


def test_when_the_interfaces_cannot_be_read_the_default_route_is_used(monkeypatch) -> None:
    def refuse() -> list[Interface]:
        raise OSError("getifaddrs failed")

    monkeypatch.setattr(addresses, "read_interfaces", refuse)
    monkeypatch.setattr(
        addresses,
        "_default_route_address",
        lambda: [JoinAddress("192.168.1.20", "", PHYSICAL)],
    )
    assert machine_addresses() == [JoinAddress("192.168.1.20", "", PHYSICAL)]
    with use_language("en"):
        assert address_label(machine_addresses()[0]) == "Wi-Fi/Ethernet"


# -- kortpoeng join --address ---------------------------------------------------


@pytest.fixture
def laptop(monkeypatch, tmp_path):
    """This machine is :data:`LAPTOP`; the database (and join.json) in tmp_path."""
    monkeypatch.setattr(addresses, "read_interfaces", lambda: list(LAPTOP))
    return str(tmp_path / "kortpoeng.sqlite3")


def _join(capsys, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    with use_language(lang):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_join_prints_each_link_with_its_interface(laptop, capsys) -> None:
    from qr_read import read_terminal_qr

    status, out, err = _join(capsys, "--db", laptop, "join", "--port", "8550")
    code = json.loads((Path(laptop).parent / "join.json").read_text())["code"]
    links = [line.strip() for line in out.splitlines() if line.startswith("  http://")]
    assert status == 0 and err == ""
    assert links == [
        f"http://192.168.1.20:8550/join/{code}  (wlan0, Wi-Fi/Ethernet)",
        f"http://198.51.100.23:8550/join/{code}  (eth0, Wi-Fi/Ethernet)",
        f"http://10.8.0.6:8550/join/{code}  (tun0, VPN)",
        f"http://192.168.56.1:8550/join/{code}  (vboxnet0, virtual machine)",
        f"http://172.17.0.1:8550/join/{code}  (docker0, container)",
        f"http://172.18.0.5:8550/join/{code}  (veth1a2b3c4, container)",
        f"http://169.254.10.20:8550/join/{code}  (eth1, Wi-Fi/Ethernet, self-assigned address)",
    ]
    assert read_terminal_qr(out) == [f"http://192.168.1.20:8550/join/{code}"]
    assert f"on this computer, open http://127.0.0.1:8550/join/{code}" in out


def test_join_address_puts_the_chosen_one_in_the_qr_code(laptop, capsys) -> None:
    from qr_read import read_terminal_qr

    status, out, err = _join(capsys, "--db", laptop, "join", "--address", "192.168.56.1")
    code = json.loads((Path(laptop).parent / "join.json").read_text())["code"]
    links = [line.split()[0] for line in out.splitlines() if line.startswith("  http://")]
    assert status == 0 and err == ""
    assert links[:3] == [
        f"http://192.168.56.1:8550/join/{code}",
        f"http://192.168.1.20:8550/join/{code}",
        f"http://198.51.100.23:8550/join/{code}",
    ]
    assert len(links) == 7
    assert read_terminal_qr(out) == [f"http://192.168.56.1:8550/join/{code}"]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_join_address_refuses_one_that_is_not_this_computers(laptop, capsys, lang) -> None:
    join_file = Path(laptop).parent / "join.json"
    _join(capsys, "--db", laptop, "join")
    before = join_file.read_text()
    for wanted in ("192.168.1.99", "127.0.0.1"):
        status, out, err = _join(
            capsys, "--db", laptop, "join", "--revoke", "--address", wanted, lang=lang
        )
        assert (status, out) == (2, "")
        listed = "192.168.1.20, 198.51.100.23, 10.8.0.6, 192.168.56.1, 172.17.0.1, " + (
            "172.18.0.5, 169.254.10.20"
        )
        assert (
            err
            == {
                "en": f"Kortpoeng: {wanted} is not an address of this computer that phones can "
                f"reach; choose one of: {listed}\n",
                "nb": f"Kortpoeng: {wanted} er ikke en adresse på denne datamaskinen som "
                f"telefonene kan nå; velg en av: {listed}\n",
            }[lang]
        )
    assert join_file.read_text() == before  # refused before --revoke: nothing revoked


def test_join_address_on_a_machine_without_a_network(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setattr(addresses, "read_interfaces", lambda: [Interface("lo", ("127.0.0.1",))])
    db = str(tmp_path / "kortpoeng.sqlite3")
    status, out, err = _join(capsys, "--db", db, "join", "--address", "192.168.1.20")
    assert (status, out) == (2, "")
    assert err == (
        "Kortpoeng: 192.168.1.20 is not an address of this computer that phones can reach; "
        "this computer has none (is it on a network?)\n"
    )


# -- a network namespace of the test's own --------------------------------------------


def _may_make_namespaces() -> str | None:
    """Why this test cannot make network namespaces here (``None``: it can)."""
    if shutil.which("ip") is None:
        return "the ip command (iproute2) is not installed"
    if os.geteuid() != 0:
        return "network namespaces need root"
    return None


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=30)


def test_the_order_in_a_network_namespace_the_test_makes() -> None:
    """Interfaces of the test's own in a namespace of its own: a veth pair
    (``eth0`` with a home network's address, ``veth7a1b2c3`` like Docker's
    end), a second pair for a self-assigned address, a tun device (``tun0``),
    a tap device named like VirtualBox's (``vboxnet0``) and a bridge named
    like Docker's (``docker0``). Every link but loopback stays down, so
    nothing is sent; the namespace, and everything in it, goes in the end."""
    why = _may_make_namespaces()
    if why is not None:
        if os.environ.get("CI") == "true":  # the CI machine runs as root with iproute2
            pytest.fail(f"cannot test in a network namespace: {why}")
        pytest.skip(why)
    namespace = f"kptest-{os.getpid()}"
    try:
        _ip("netns", "add", namespace)
    except subprocess.CalledProcessError as refused:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip(f"cannot make a network namespace: {refused.stderr.strip()}")
    try:
        net = ("-n", namespace)
        _ip(*net, "link", "set", "lo", "up")
        _ip(*net, "link", "add", "eth0", "type", "veth", "peer", "name", "veth7a1b2c3")
        _ip(*net, "link", "add", "eth1", "type", "veth", "peer", "name", "vethfeed01")
        _ip(*net, "tuntap", "add", "dev", "tun0", "mode", "tun")
        _ip(*net, "tuntap", "add", "dev", "vboxnet0", "mode", "tap")
        _ip(*net, "link", "add", "docker0", "type", "bridge")
        for address, device in (
            ("172.17.0.1/16", "docker0"),
            ("169.254.10.20/16", "eth1"),
            ("10.8.0.6/24", "tun0"),
            ("172.18.0.5/16", "veth7a1b2c3"),
            ("192.168.56.1/24", "vboxnet0"),
            ("192.168.77.20/24", "eth0"),
        ):
            _ip(*net, "addr", "add", address, "dev", device)
        read = subprocess.run(
            [
                "ip",
                "netns",
                "exec",
                namespace,
                sys.executable,
                "-c",
                "import json; from app.server.addresses import machine_addresses as m; "
                "print(json.dumps([[a.address, a.interface, a.kind.value] for a in m()]))",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert json.loads(read.stdout) == [
            ["192.168.77.20", "eth0", "physical"],
            ["10.8.0.6", "tun0", "vpn"],
            ["192.168.56.1", "vboxnet0", "virtual-machine"],
            ["172.18.0.5", "veth7a1b2c3", "container"],  # (made before docker0)
            ["172.17.0.1", "docker0", "container"],
            ["169.254.10.20", "eth1", "physical"],
        ]
    finally:
        subprocess.run(["ip", "netns", "del", namespace], capture_output=True, timeout=30)
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, timeout=30)
    assert namespace not in listed.stdout
