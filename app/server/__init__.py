"""The web server: Kortpoeng served to this computer or to the phones at the table.

* :mod:`app.server.run`: :func:`serve` (bind, print the address, serve with
  uvicorn, stop on SIGINT/SIGTERM within 2 s) and :func:`create_app` (the
  ASGI app factory: Flet's app behind the guard);
* :mod:`app.server.guard`: the ASGI middleware: Host and Origin checks, the
  join door, security headers, live websockets;
* :mod:`app.server.door`: the join code and device cookie (beyond loopback);
* :mod:`app.server.headers`: the security headers (CSP and others);
* :mod:`app.server.pages`: the "ask the host for the join code" page;
* :mod:`app.server.qr`: QR codes of the join link;
* :mod:`app.server.addresses`: ports and addresses.
"""

from app.server.door import JoinDoor, current_door, is_loopback
from app.server.run import create_app, serve

__all__ = ["JoinDoor", "create_app", "current_door", "is_loopback", "serve"]
