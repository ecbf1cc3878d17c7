"""The table screen (``/table/<session>``, issue 29) in a real browser: what
only a browser shows — the standings drawn to a 1280 × 720 TV in Norwegian
and a 1920 × 1080 one in English (every line on the screen, the type 1.5
times as big on the bigger one), and both following a hand saved from a
phone. Screenshots in artifacts/screenshots/table-*.png. What the screen
says and the sizes it draws are tested without a browser in
tests/app/test_table_screen.py."""

from __future__ import annotations

from pathlib import Path

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, Taps, enter_hand, wait_for, wait_says, wait_text

from models import services
from models.db import init_db, make_engine
from scoring import Hand, parse_cards

pytestmark = pytest.mark.e2e

PLAYERS = ["Kari", "Ola", "Ingrid", "Per"]
#: Swedish Rummy to 100 (RULES.md §1): Kari 70, Ola 24, Per 32, Ingrid 0;
#: Per deals the fourth hand.
HANDS = (
    ("Kari", {"Ola": ["KS", "3H"], "Ingrid": ["5D"], "Per": ["8C", "2S"]}),
    ("Ola", {"Kari": ["4S", "9H"], "Ingrid": ["QC"], "Per": ["AS"]}),
    ("Per", {"Kari": ["5H"], "Ola": ["JD", "7C"], "Ingrid": ["10S"]}),
)
TV = {"width": 1280, "height": 720}
BIG_TV = {"width": 1920, "height": 1080}

#: Every node with an identifier starting ``table-``: its box.
BOXES_JS = """() => Array.from(
  document.querySelectorAll("flt-semantics[flt-semantics-identifier^='table-']")
).map((e) => { const r = e.getBoundingClientRect();
    return [e.getAttribute("flt-semantics-identifier"), [r.x, r.y, r.width, r.height]]; })"""

#: The box of the not-found page's heading.
NOT_FOUND_BOX_JS = """() => { const r = document.querySelector(
  "[flt-semantics-identifier='screen-not-found']").getBoundingClientRect();
  return [r.x, r.y, r.width, r.height]; }"""


def seed(tmp_path: Path) -> tuple[str, int]:
    """A database with the session of :data:`HANDS`; its URL and id."""
    url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    engine = make_engine(url)
    init_db(engine)
    view = services.start_session(engine=engine, game_id="swedish_rummy", players=PLAYERS)
    for went_out, left in HANDS:
        view = services.record_hand(
            engine=engine,
            session_id=view.id,
            hand=Hand(went_out, {name: parse_cards(cards) for name, cards in left.items()}),
        )
    engine.dispose()
    return url, view.id


def boxes(page) -> dict[str, list[float]]:
    return dict(h.settled(page, BOXES_JS))


def test_the_table_screen_on_two_tvs_follows_a_hand_saved_on_a_phone(
    flet_app, open_page, browser, tmp_path
) -> None:
    url, sid = seed(tmp_path)
    server = flet_app(APP, env={"KORTPOENG_DB": url})  # each browser in its own language
    address = f"{server.url.rstrip('/')}/table/{sid}"
    with (
        h.second_phone(browser, address, "table-nb", viewport=TV, locale="nb-NO") as tv_nb,
        h.second_phone(browser, address, "table-en", viewport=BIG_TV, locale="en-GB") as tv_en,
    ):
        for tv, dealer in ((tv_nb, "Per deler ut neste gang"), (tv_en, "Per deals next")):
            wait_for(tv, "table-line-3")
            wait_says(tv, "table-dealer", dealer)
            assert [h.text_of(tv, f"table-total-{seat}") for seat in range(4)] == [
                "70",
                "24",
                "0",
                "32",
            ]
        wait_says(tv_nb, "table-progress", "Mål 100: Kari trenger 30 til")
        wait_says(tv_en, "table-progress", "Target 100: Kari needs 30 more")
        wait_says(tv_nb, "table-deals-3", "deler ut")
        small, big = boxes(tv_nb), boxes(tv_en)
        for found, size in ((small, TV), (big, BIG_TV)):
            for seat in range(4):  # every line whole on the screen, best first
                x, y, w, height = found[f"table-line-{seat}"]
                assert x >= 0 and y >= 0 and x + w <= size["width"] and y + height <= size["height"]
            order = sorted(range(4), key=lambda seat: found[f"table-line-{seat}"][1])
            assert [PLAYERS[seat] for seat in order] == ["Kari", "Per", "Ola", "Ingrid"]
        # the bigger TV draws the same lines 1.5 times as tall
        ratio = big["table-line-0"][3] / small["table-line-0"][3]
        assert ratio == pytest.approx(1.5, rel=0.05)
        h.screenshot(tv_nb, "table-nb-1280x720")
        h.screenshot(tv_en, "table-en-1920x1080")

        # a phone saves hand 4 (Kari out, Ola holds a king: +10): both TVs follow
        phone = open_page(server, path=f"/session/{sid}")
        wait_for(phone, "screen-session")
        enter_hand(Taps(phone), PLAYERS, "Kari", {"Ola": ["K"]})
        for tv, dealer in ((tv_nb, "Kari deler ut neste gang"), (tv_en, "Kari deals next")):
            wait_text(tv, "table-total-0", "80")
            wait_says(tv, "table-dealer", dealer)
            wait_says(tv, "table-last-0", "+10")
        wait_says(tv_en, "table-progress", "Target 100: Kari needs 20 more")
        h.screenshot(tv_nb, "table-nb-1280x720-after-a-save")
        h.screenshot(tv_en, "table-en-1920x1080-after-a-save")

        # a session that is not there: the sentence in the middle of the TV, not
        # at its left edge (it was drawn at x = 23 of 1280)
        tv_en.goto(f"{server.url.rstrip('/')}/table/999")
        h.wait_first_frame(tv_en)
        h.enable_semantics(tv_en)
        wait_for(tv_en, "table-message")
        x, _y, w, _height = boxes(tv_en)["table-message"]
        assert x + w / 2 == pytest.approx(BIG_TV["width"] / 2, abs=BIG_TV["width"] * 0.02)
        # an address with nothing at it: the app's page, in the middle, with a way back
        phone.goto(f"{server.url.rstrip('/')}/table/{sid}/2")
        h.wait_first_frame(phone)
        h.enable_semantics(phone)
        wait_for(phone, "screen-not-found")
        x, _y, w, _height = h.settled(phone, NOT_FOUND_BOX_JS)
        assert x + w / 2 == pytest.approx(h.PHONE["width"] / 2, abs=h.PHONE["width"] * 0.03)
        h.screenshot(phone, "not-found-phone")
        h.tap(phone, "not-found-sessions")
        wait_for(phone, "screen-sessions")
