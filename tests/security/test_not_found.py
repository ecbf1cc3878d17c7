"""An address the app has nothing at gets the app's own page in the
browser's language, never the web framework's text: a new user found
``{"detail":"Not Found"}`` on ``/%00``, ``/table/%00`` and a ``/table/``
followed by 4,034 characters. Against a running server (loopback: no door)."""

from __future__ import annotations

import http.client

import pytest


def _get(server, path: str, accept: str):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        connection.request("GET", path, headers={"Accept-Language": accept})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(
    ("accept", "heading"),
    [("en-GB,en;q=0.9", "Nothing here"), ("nb-NO,nb;q=0.9", "Her er det ingenting")],
)
@pytest.mark.parametrize("path", ["/%00", "/table/%00", "/table/" + "x" * 4100])
def test_no_page_here_is_said_by_the_app(seeded_server, path, accept, heading) -> None:
    server, _session_id = seeded_server("127.0.0.1")
    status, headers, body = _get(server, path, accept)
    assert status == 404, status
    page = body.decode("utf-8")
    assert "detail" not in page and "Not Found" not in page
    assert f"<h1>{heading}</h1>" in page and '<a href="/">' in page
    assert "<script" not in page
    assert headers["content-type"].startswith("text/html")
    assert headers["content-security-policy"].startswith("default-src 'none'")


def test_the_app_itself_is_still_served(seeded_server) -> None:
    server, _session_id = seeded_server("127.0.0.1")
    status, _headers, body = _get(server, "/table/1", "en")
    assert status == 200 and b"flutter_bootstrap.js" in body
