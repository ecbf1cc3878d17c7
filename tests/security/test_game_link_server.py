"""A game's link (``/game/import/<payload>``, issue 14) opens the app's page
whatever its length up to the longest link the app offers: the payload is
longer than a file name may be, and the static files answered such a link
with 404 (any payload over about 4,000 characters: a large custom game)."""

from __future__ import annotations

import http.client
import urllib.parse

from app.game_link import IMPORT_PATH, MAX_LINK


def _get(url: str, path: str) -> tuple[int, bytes, str | None]:
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read(), response.getheader("Content-Security-Policy")
    finally:
        connection.close()


def test_a_game_link_up_to_the_longest_offered_opens_the_app_page(servers) -> None:
    server = servers()
    status, page, policy = _get(server.url, "/")
    assert status == 200 and policy
    origin = server.url.rstrip("/")
    for length in (300, 5_000, MAX_LINK - len(origin) - len(IMPORT_PATH)):
        status, body, policy_there = _get(server.url, IMPORT_PATH + "A" * length)
        assert (status, body, policy_there) == (200, page, policy), length
    # a request over the server's 64 KiB head limit is refused before it is
    # read whole (app.server.limits), never served
    status, _body, _policy = _get(server.url, IMPORT_PATH + "A" * 200_000)
    assert status == 431
