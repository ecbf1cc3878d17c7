"""Addresses: a free port, this machine's LAN addresses, the links to print."""

from __future__ import annotations

import contextlib
import socket

__all__ = ["app_urls", "free_port", "lan_addresses", "link_hosts"]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now (the OS picks it).

    Another process may take it before it is bound again; callers that start
    servers on it should retry on failure.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other phones on the LAN may reach.

    Best effort, without sending any traffic; may be empty (no network).
    """
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect(("10.255.255.255", 1))  # UDP connect: picks a route, sends nothing
        found.append(sock.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found:
                found.append(address)
    return [a for a in found if not a.startswith("127.")]


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
    if host in ("0.0.0.0", "", "*", "::"):
        return ["127.0.0.1", *lan_addresses()]
    return [f"[{host}]" if ":" in host else host]


def app_urls(host: str, port: int, path: str = "") -> list[str]:
    """``http://<each link host>:<port><path>``."""
    return [f"http://{name}:{port}{path}" for name in link_hosts(host)]
