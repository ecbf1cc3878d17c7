"""Every reader of a user's file refuses the same hostile JSON, each with its
own coded error (issue 27, item 5: one strict JSON reader,
:mod:`scoring.strict_json`).

The readers: a session file (:func:`scoring.read_session`, and the import
that stores one), a game definition (:func:`scoring.read_definition`, the
import that stores one, and a game link, :func:`app.game_link.decode_game`),
the settings file (:func:`app.settings.load_settings`: a refused file is
ignored, its values not taken) and the join file (:class:`app.server.door.JoinDoor`:
a refused file is replaced by a new secret).

Before the one reader, the session file took ``NaN``, ``Infinity`` and
``1e999`` as numbers and the definition took a lone surrogate in a key as an
unknown field; the settings file took all of those and a key given twice,
and a deep nesting crashed it.
"""

from __future__ import annotations

import base64
import json
import logging
import zlib
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

import pytest

from app.game_link import decode_game
from scoring import CodedError, read_definition, read_session, write_definition
from scoring.registry import builtin_definition
from scoring.strict_json import JsonFault, StrictJsonError, loads

# A valid document of each kind, with ``@`` where a hostile value goes: a
# place that takes a value of that kind (a name, a number of rounds, a word).
SESSION = (
    '{"format": "kortpoeng-session", "version": 1, "game": "rummy", '
    '"players": ["Anna", @], "options": {"rounds": 5}, "hands": []}'
)
DEFINITION = write_definition(builtin_definition("hearts")).replace('"id": "hearts"', '"id": @', 1)

# name → (how the hostile document is made from a base, what strict_json says)
HOSTILE: dict[str, tuple[Callable[[str], str | bytes], JsonFault]] = {
    "NaN": (lambda base: base.replace("@", "NaN"), JsonFault.CONSTANT),
    "Infinity": (lambda base: base.replace("@", "Infinity"), JsonFault.CONSTANT),
    "-Infinity": (lambda base: base.replace("@", "-Infinity"), JsonFault.CONSTANT),
    "1e999 (infinity)": (lambda base: base.replace("@", "1e999"), JsonFault.NUMBER),
    "5000 digits": (lambda base: base.replace("@", "1" * 5000), JsonFault.NUMBER),
    "a key twice": (
        lambda base: base.replace("@", '"Bo"').replace(
            '"version": 1', '"version": 1, "version": 1'
        ),
        JsonFault.DUPLICATE_KEY,
    ),
    "lone surrogate": (lambda base: base.replace("@", '"B\\ud800o"'), JsonFault.LONE_SURROGATE),
    "lone surrogate in a key": (
        lambda base: base.replace("@", '"Bo"').replace('"version"', '"\\udc00version"', 1),
        JsonFault.LONE_SURROGATE,
    ),
    "not UTF-8": (
        lambda base: base.replace("@", '"Bo"').encode("utf-8").replace(b"Bo", b"B\xffo"),
        JsonFault.NOT_UTF8,
    ),
    "nested 40,000 deep": (lambda base: "[" * 40_000 + "]" * 40_000, JsonFault.TOO_DEEP),
    "trailing text": (lambda base: base.replace("@", '"Bo"') + " x", JsonFault.SYNTAX),
    "cut off": (lambda base: base.replace("@", '"Bo"')[:40], JsonFault.SYNTAX),
}

SESSION_CODE = {
    JsonFault.DUPLICATE_KEY: "file_duplicate_key",
    JsonFault.LONE_SURROGATE: "file_text",
}
DEFINITION_CODE = {
    JsonFault.DUPLICATE_KEY: "definition_duplicate_key",
    JsonFault.LONE_SURROGATE: "definition_text",
}


def _session_code(fault: JsonFault) -> str:
    return SESSION_CODE.get(fault, "file_json")


def _definition_code(fault: JsonFault) -> str:
    return DEFINITION_CODE.get(fault, "definition_json")


def _code(call: Callable[[], object]) -> str:
    with pytest.raises(CodedError) as caught:
        call()
    return str(caught.value.code)


def test_the_bases_are_good() -> None:
    """The documents the hostile ones are made from are read as they are."""
    assert read_session(SESSION.replace("@", '"Bo"')).players == ("Anna", "Bo")
    assert read_definition(DEFINITION.replace("@", '"hearts"')).id == "hearts"


@pytest.mark.parametrize("name", HOSTILE)
def test_the_one_reader_refuses(name: str) -> None:
    make, fault = HOSTILE[name]
    with pytest.raises(StrictJsonError) as caught:
        loads(make(SESSION))
    assert caught.value.fault is fault


@pytest.mark.parametrize("name", HOSTILE)
def test_a_session_file(name: str) -> None:
    make, fault = HOSTILE[name]
    assert _code(lambda: read_session(make(SESSION))) == _session_code(fault)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_game_definition(name: str) -> None:
    make, fault = HOSTILE[name]
    assert _code(lambda: read_definition(make(DEFINITION))) == _definition_code(fault)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_game_link(name: str) -> None:
    make, fault = HOSTILE[name]
    document = make(DEFINITION)
    raw = document if isinstance(document, bytes) else document.encode("utf-8", "surrogatepass")
    payload = base64.urlsafe_b64encode(zlib.compress(raw)).decode("ascii").rstrip("=")
    assert _code(lambda: decode_game(payload)) == _definition_code(fault)


def test_where_a_lone_surrogate_is_is_named() -> None:
    """The path of the text, the same way in both formats."""
    with pytest.raises(CodedError) as session:
        read_session(HOSTILE["lone surrogate"][0](SESSION))
    assert session.value.field == "players[2]"
    with pytest.raises(CodedError) as definition:
        read_definition(HOSTILE["lone surrogate"][0](DEFINITION))
    assert definition.value.field == "id"


def test_a_definition_over_its_size_is_refused_before_it_is_read() -> None:
    from scoring.definition.shapes import LIMITS

    text = "[" + " " * LIMITS.document + "NaN]"
    with pytest.raises(CodedError) as caught:
        read_definition(text)
    assert caught.value.code == "definition_too_large"
    assert caught.value.params["count"] == len(text)


@pytest.mark.parametrize("name", HOSTILE)
def test_the_imports_that_store_them(name: str, engine) -> None:
    from models.services import import_game, import_session

    make, fault = HOSTILE[name]
    session_code = "import_invalid" if fault is JsonFault.NOT_UTF8 else _session_code(fault)
    assert _code(lambda: import_session(engine=engine, data=make(SESSION))) == session_code
    assert _code(lambda: import_game(engine=engine, data=make(DEFINITION))) == _definition_code(
        fault
    )


@pytest.fixture
def engine(tmp_path: Path):
    from models.db import init_db, make_engine

    made = make_engine(tmp_path / "kp.db")
    init_db(made)
    yield made
    made.dispose()


SETTINGS = '{"version": 1, "language": "nb", "theme": "dark", "backups": @}'


@pytest.mark.parametrize("name", HOSTILE)
def test_the_settings_file_is_ignored(name: str, tmp_path: Path, monkeypatch, caplog) -> None:
    """A refused settings file gives the defaults (not its "nb"), and says so
    in the log."""
    from app.settings import Settings, load_settings, settings_path

    monkeypatch.setenv("KORTPOENG_DB", str(tmp_path / "kp.db"))
    make, _fault = HOSTILE[name]
    document = make(SETTINGS)
    raw = document if isinstance(document, bytes) else document.encode("utf-8", "surrogatepass")
    settings_path().write_bytes(raw)
    with caplog.at_level(logging.WARNING, logger="app.settings"):
        assert load_settings() == Settings()
    assert "Ignoring unreadable settings" in caplog.text
    settings_path().write_text(SETTINGS.replace("@", "3"), encoding="utf-8")
    assert load_settings() == Settings(language="nb", theme="dark", backups=3)


JOIN = '{"format": "kortpoeng-join", "version": 1, "note": @, "code": "%s", "device": "%s"}'


@pytest.mark.parametrize("name", HOSTILE)
def test_the_join_file_is_replaced(name: str, tmp_path: Path) -> None:
    """A refused join file is not taken: its code does not let a phone in."""
    from app.server.door import JoinDoor, JoinSecret

    good = JoinSecret.draw()
    path = tmp_path / "join.json"
    make, _fault = HOSTILE[name]
    document = make(JOIN % (good.code, good.device))
    raw = document if isinstance(document, bytes) else document.encode("utf-8", "surrogatepass")
    path.write_bytes(raw)
    door = JoinDoor(path, required=True)
    assert door.secret().code != good.code
    path.write_text(json.dumps({"format": "kortpoeng-join", "version": 1, **asdict(good)}))
    assert JoinDoor(path, required=True).secret() == good
