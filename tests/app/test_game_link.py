"""Game links (app.game_link): the whole definition compressed into the link;
a link is untrusted input — cut, changed, oversized or a zip bomb, it is refused
with a coded error and never anything else."""

from __future__ import annotations

import base64
import contextlib
import json
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.game_link import MAX_PAYLOAD, GameLinkError, decode_game, encode_game, link_for
from app.i18n import use_language
from app.messages import describe_error
from app.ui.games import qr_of_link
from app.ui.state import game_actions
from scoring import CodedError, GameDefinitionError, builtin_definition, write_definition
from scoring.registry import BUILTIN_GAME_IDS

#: The built-in games defined as data (all but the coded Four Suit Rummy).
DEFINED = tuple(g for g in BUILTIN_GAME_IDS if builtin_definition(g) is not None)


def _pack(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")


@pytest.mark.parametrize("game_id", DEFINED)
def test_every_built_in_game_travels_in_a_link_that_fits_a_qr_code(game_id):
    definition = builtin_definition(game_id)
    link = link_for("http://192.168.1.20:8550", definition)
    assert decode_game(link.rsplit("/", 1)[1]) == definition
    assert len(link) < 2000
    png = qr_of_link(link)
    assert png is not None and png.startswith(b"\x89PNG")


def test_the_qr_code_reads_back_as_the_link():
    zxingcpp = pytest.importorskip("zxingcpp")
    from io import BytesIO

    from PIL import Image

    link = link_for("http://192.168.1.20:8550", builtin_definition("swedish_rummy"))
    found = zxingcpp.read_barcodes(Image.open(BytesIO(qr_of_link(link))))
    assert [r.text for r in found] == [link]


@pytest.mark.parametrize(
    "payload",
    [
        "",
        "x" * (MAX_PAYLOAD + 1),
        "abc def",
        "abc/def",
        "é",
        "AAAA",  # base64 of something that is not zlib data
        encode_game(builtin_definition("hearts"))[:-10],  # cut off
        _pack(b" " * 200_000),  # a bomb: far more than a definition's limit once inflated
    ],
)
def test_a_payload_that_is_no_game_is_refused(payload):
    with pytest.raises(GameLinkError):
        decode_game(payload)


def test_a_payload_holding_a_bad_definition_names_the_field():
    document = json.loads(write_definition(builtin_definition("hearts")))
    document["keys"][0]["points"] = -1
    with pytest.raises(GameDefinitionError) as caught:
        decode_game(_pack(json.dumps(document).encode()))
    assert (caught.value.code, caught.value.field) == ("definition_range", "keys[1].points")
    with pytest.raises(GameDefinitionError) as caught:
        decode_game(_pack(b'{"target": NaN}'))
    assert caught.value.code == "definition_json"


def test_a_refused_link_says_so_in_both_languages():
    with use_language("en"):
        assert describe_error(GameLinkError()).startswith("This link holds no game")
    with use_language("nb"):
        assert describe_error(GameLinkError()).startswith("Denne lenken har ikke noe spill")


@given(st.text(max_size=300))
def test_any_text_is_a_game_or_a_coded_refusal(payload):
    with contextlib.suppress(CodedError):
        decode_game(payload)


def test_pasted_text_may_be_a_link_or_the_game_file():
    hearts = builtin_definition("hearts")
    link = link_for("http://10.0.0.2:8550", hearts)
    assert game_actions.read_pasted(f"  {link}\n").definition == hearts
    assert game_actions.read_pasted(write_definition(hearts)).definition == hearts
    refused = game_actions.read_pasted("hello")
    assert isinstance(refused, game_actions.Refused)
    assert refused.error.code == "definition_json"
    assert isinstance(game_actions.read_pasted(link[:-30]), game_actions.Refused)
