"""The table screen (``/table``, issue 29) without a browser: what it says of
a session (standings best first, the last hand, who deals next, the distance
to the target or the round, the winner) in both languages, which session
``/table`` shows (the one written to last, on a real SQLite file), how big
it draws on a 720p and a 1080p screen, and the join link that lands a TV on
it. The browser draws it and follows a save from another tab:
tests/e2e/test_table_tv.py."""

from __future__ import annotations

import asyncio

import pytest

from app import storage, use_cases
from app.i18n import set_language, use_language
from app.server.door import JoinDoor
from app.ui.state.table_screen import BASE_HEIGHT, BASE_WIDTH, board, table_sizes
from models import services
from models.errors import SessionNotFound
from scoring import Hand, parse_cards

#: Swedish Rummy, four players, target 100 (RULES.md §1: the player who goes
#: out scores every card left; an 8 is 50, K/Q/J/10 are 10, an ace 1):
#: hand 1 Kari out: 10 + 3 + 5 + 50 + 2 = 70; hand 2 Ola out: 4 + 9 + 10 + 1
#: = 24; hand 3 Per out: 5 + 10 + 7 + 10 = 32.
PLAYERS = ("Kari", "Ola", "Bestemor Ingrid", "Per")
HANDS = (
    ("Kari", {"Ola": ["KS", "3H"], "Bestemor Ingrid": ["5D"], "Per": ["8C", "2S"]}),
    ("Ola", {"Kari": ["4S", "9H"], "Bestemor Ingrid": ["QC"], "Per": ["AS"]}),
    ("Per", {"Kari": ["5H"], "Ola": ["JD", "7C"], "Bestemor Ingrid": ["10S"]}),
)
#: Hand 4, Kari out against two 8s: 100 more, 170 ≥ 100 ends the session.
LAST = ("Kari", {"Ola": ["8S", "8H"]})


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def play(hands, players=PLAYERS, game_id="swedish_rummy"):
    engine = storage.engine()
    view = services.start_session(engine=engine, game_id=game_id, players=list(players))
    for went_out, left in hands:
        view = services.record_hand(
            engine=engine,
            session_id=view.id,
            hand=Hand(went_out, {name: parse_cards(cards) for name, cards in left.items()}),
            confirm_warnings=True,
        )
    return view


def shown(ref: str | None):
    return use_cases.open_table(ref)(storage.engine())


def test_a_session_in_play_best_first_with_the_last_hand_and_the_dealer(db) -> None:
    table = board(play(HANDS))
    assert [(line.place, line.player, line.total) for line in table.lines] == [
        (1, "Kari", "70"),
        (2, "Per", "32"),
        (3, "Ola", "24"),
        (4, "Bestemor Ingrid", "0"),
    ]
    assert [line.last for line in table.lines] == ["0", "+32", "0", "0"]
    assert [line.went_out for line in table.lines] == [False, True, False, False]
    assert [line.to_target for line in table.lines] == ["30", "68", "76", "100"]
    assert [line.seat for line in table.lines] == [0, 3, 1, 2]
    assert [line.deals for line in table.lines] == [False, True, False, False]
    assert [line.leader for line in table.lines] == [True, False, False, False]
    assert not any(line.winner for line in table.lines)
    assert table.last_heading == "Hand 3" and table.target_heading == "To 100"
    assert table.progress == "Target 100: Kari needs 30 more"
    assert table.dealer == "Per deals next" and table.winner == ""


def test_in_norwegian_digits_and_words(db) -> None:
    # Per goes out in hand 4 against twenty 8s (warnings confirmed): 32 + 1 000
    view = play([*HANDS, ("Per", {"Kari": ["8S"] * 12, "Ola": ["8H"] * 8})])
    with use_language("nb"):
        table = board(view)
    assert table.lines[0].player == "Per"
    assert table.lines[0].total == "1\u00a0032"  # Norwegian digit groups
    assert table.winner == "Per vinner med 1\u00a0032 poeng"
    assert table.last_heading == "Runde 4" and table.dealer == ""
    assert table.lines[0].last == "+1\u00a0000"


def test_before_the_first_hand_who_deals_it(db) -> None:
    table = board(play(()))
    assert [line.player for line in table.lines] == list(PLAYERS)  # seat order on a shared place
    assert {line.place for line in table.lines} == {1}
    assert not any(line.leader or line.last or line.went_out for line in table.lines)
    assert table.last_heading == "" and table.dealer == "Kari deals the first hand."
    assert table.progress == "First to 100 points"


def test_a_finished_session_names_the_winner_and_no_dealer(db) -> None:
    table = board(play([*HANDS, LAST]))
    assert [(line.player, line.total, line.winner) for line in table.lines] == [
        ("Kari", "170", True),
        ("Per", "32", False),
        ("Ola", "24", False),
        ("Bestemor Ingrid", "0", False),
    ]
    assert table.winner == "Kari wins with 170 points"
    assert table.dealer == "" and not any(line.deals for line in table.lines)
    assert table.target_heading == "" and all(line.to_target == "" for line in table.lines)
    assert table.progress == "Finished after 4 hands"


def test_a_game_of_rounds_says_the_round_not_a_target(db) -> None:
    view = play(
        [("Anna", {"Bo": ["3S", "KH"], "Cy": ["5D", "JKR"]})],
        players=("Anna", "Bo", "Cy"),
        game_id="five_crowns",
    )
    table = board(view)
    # Five Crowns (RULES.md §6): round 1 of 11, 3s wild (20): Bo 20 + 13, Cy 5 + 50
    assert [(line.player, line.total) for line in table.lines] == [
        ("Anna", "0"),
        ("Bo", "33"),
        ("Cy", "55"),
    ]
    assert table.target_heading == "" and all(line.to_target == "" for line in table.lines)
    assert table.progress.startswith("Round 2 of 11 · 4 cards · 4s wild")
    assert table.last_heading == "Round 1"  # a game of rounds says so, as its progress line
    with use_language("nb"):
        assert board(view).last_heading == "Runde 1"
    assert table.dealer == "Bo deals next"


def test_table_shows_the_session_written_to_last(db) -> None:
    assert shown(None) is None  # no session at all: the screen says so
    first = play(HANDS[:1])
    second = play([("Ada", {"Bo": ["5D"]})], players=("Ada", "Bo"))
    assert shown(None).id == second.id
    services.record_hand(  # a hand saved in the first session: it is the one played now
        engine=storage.engine(),
        session_id=first.id,
        hand=Hand("Ola", {"Kari": parse_cards(["4S"])}),
        confirm_warnings=True,
    )
    assert shown(None).id == first.id
    services.delete_session(engine=storage.engine(), session_id=first.id)
    assert shown(None).id == second.id  # a session in the trash is not shown
    assert shown(str(second.id)).players == ("Ada", "Bo")
    assert shown(second.uuid[:8]).id == second.id
    with pytest.raises(SessionNotFound):
        shown(str(first.id))  # in the trash
    with pytest.raises(SessionNotFound):
        shown("999")


@pytest.mark.parametrize("players", [1, 2, 4, 6, 8, 10])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600), (3840, 2160)])
def test_every_line_fits_the_screen(players, size) -> None:
    width, height = size
    sizes = table_sizes(width, height, players)
    used = 2 * sizes.padding + sizes.header + sizes.small * 1.6 + sizes.row * players
    assert used <= height
    assert sizes.total <= sizes.row * 0.7 and sizes.name <= sizes.row * 0.55
    assert sizes.side <= width * 0.3 and sizes.qr < sizes.side


def test_a_bigger_screen_draws_everything_bigger() -> None:
    small = table_sizes(BASE_WIDTH, BASE_HEIGHT, 4)
    big = table_sizes(1920, 1080, 4)
    assert big.scale == 1.5 and small.scale == 1
    for name in ("title", "row", "name", "total", "small", "qr"):
        assert getattr(big, name) == pytest.approx(getattr(small, name) * 1.5)
    assert small.total == 56 and small.row == 96  # a 4-player total in 56-pixel type
    assert table_sizes(1280, 720, 8).row < small.row  # eight lines share the height


def test_the_table_join_link_lands_on_the_table(tmp_path) -> None:
    """``/join/<code>/table`` lets a TV in and opens the table screen; any
    other last part lands on the sessions (no open redirect); a wrong code
    with it gets the door."""
    from app.server.guard import Guard

    async def flet_app(_scope, _receive, _send) -> None:
        pass

    async def receive():
        return {"type": "websocket.disconnect"}

    sent: list[dict] = []

    async def send(message) -> None:
        sent.append(message)

    door = JoinDoor(tmp_path / "join.json", required=True)
    guard = Guard(flet_app, door=door, loopback=False)
    assert door.table_link("192.168.1.20") == (
        f"http://192.168.1.20:{door.port}{door.join_path()}/table"
    )

    def http(path: str) -> dict:
        return {
            "type": "http",
            "method": "GET",
            "path": path,
            "headers": [(b"host", b"192.168.1.20:8550")],
            "client": ("192.168.1.31", 5000),
            "scheme": "http",
        }

    async def visits() -> None:
        for path in (
            door.join_path() + "/table",
            door.join_path() + "/table/",
            door.join_path() + "//evil.example/x",
            door.join_path() + "/https:",
            "/join/wrong-code-wrong-code-x/table",
        ):
            await guard(http(path), receive, send)

    asyncio.run(visits())
    starts = [m for m in sent if m["type"] == "http.response.start"]
    answers = [(m["status"], dict(m["headers"]).get(b"location")) for m in starts]
    assert answers == [
        (303, b"/table"),
        (303, b"/table"),
        (303, f"{door.join_path()}/evil.example/x".encode()),  # one slash each, then "/"
        (303, b"/"),
        (403, None),
    ]


def test_the_qr_code_carries_the_best_join_link(tmp_path, monkeypatch) -> None:
    """The late phone's QR code: the join link of the best address (a Wi-Fi
    one before a VPN's), none where there is no join code (this computer
    only) or no address a phone can reach."""
    from app.server import door as doors
    from app.server.addresses import AddressKind, JoinAddress
    from app.ui.table import _join_link

    door = JoinDoor(tmp_path / "join.json", required=True)
    door.host, door.port = "0.0.0.0", 8550
    wifi = JoinAddress("192.168.1.20", "wlan0", AddressKind.PHYSICAL)
    vpn = JoinAddress("10.8.0.2", "tun0", AddressKind.VPN)
    found = [wifi, vpn]
    monkeypatch.setattr(JoinDoor, "addresses", lambda self: list(found))
    monkeypatch.setattr(doors, "_current", door)
    assert _join_link() == f"http://192.168.1.20:8550/join/{door.secret().code}"
    found.clear()
    assert _join_link() == ""
    monkeypatch.setattr(doors, "_current", JoinDoor(tmp_path / "open.json", required=False))
    assert _join_link() == ""
