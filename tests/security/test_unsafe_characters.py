"""One set of unsafe-character classes for every input rule and every writer
(issue 27, item 5: :mod:`scoring.invisible`).

One character of each class, and every place that must refuse it on the way
in (a player's name, a hand's note, a game definition's words) or escape it
on the way out (what a terminal or an export shows, a JSON export, a message
echoing what was typed). Before the classes were one, the definition's words
took a line separator, a message echoed a direction mark raw, and a JSON
export wrote a lone surrogate raw.
"""

from __future__ import annotations

import json

import pytest

from app.messages._echo import _shown
from app.safe_text import json_visible, visible
from scoring import GameDefinitionError, HandError, OptionError, check_name, check_note
from scoring.invisible import (
    BIDI_CONTROLS,
    BIDI_MARKS,
    CONTROL_CATEGORIES,
    REORDERING,
    is_control,
    is_unsafe,
)

#: One of each class: name → (character, refused as a control character).
UNSAFE = {
    "NUL": ("\x00", True),
    "ESC": ("\x1b", True),
    "DEL": ("\x7f", True),
    "C1 (NEL)": ("\x85", True),
    "line separator": ("\u2028", True),
    "paragraph separator": ("\u2029", True),
    "lone surrogate": ("\ud800", True),
    "right-to-left override": ("\u202e", True),
    "left-to-right embedding": ("\u202a", True),
    "first strong isolate": ("\u2068", True),
    "pop directional isolate": ("\u2069", True),
    "right-to-left mark": ("\u200f", False),
    "left-to-right mark": ("\u200e", False),
    "Arabic letter mark": ("\u061c", False),
}


def test_the_classes() -> None:
    assert frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069") == BIDI_CONTROLS
    assert frozenset("\u200e\u200f\u061c") == BIDI_MARKS
    assert REORDERING == BIDI_CONTROLS | BIDI_MARKS
    assert {"Cc", "Cs", "Zl", "Zp"} == CONTROL_CATEGORIES
    for ch, control in UNSAFE.values():
        assert is_control(ch) is control
        assert is_unsafe(ch)
    assert not any(is_unsafe(ch) for ch in "Kari Åse 👍 سارة \u200d")


@pytest.mark.parametrize("name", UNSAFE)
def test_a_players_name_refuses_it(name: str) -> None:
    ch, control = UNSAFE[name]
    with pytest.raises(OptionError) as caught:
        check_name(f"Ka{ch}ri")
    assert caught.value.code == ("player_name_control" if control else "player_name_invisible")


@pytest.mark.parametrize("name", UNSAFE)
def test_a_note_refuses_it(name: str) -> None:
    ch, control = UNSAFE[name]
    if not control:  # a mark in a note is shown escaped (below), not refused
        assert check_note(f"8{ch} on 8") == f"8{ch} on 8"
        return
    with pytest.raises(HandError) as caught:
        check_note(f"8{ch} on 8")
    assert caught.value.code == "note_control"


@pytest.mark.parametrize("name", UNSAFE)
def test_a_definitions_words_refuse_it(name: str) -> None:
    from scoring import read_definition
    from scoring.definition.writing import definition_to_dict
    from scoring.registry import builtin_definition

    ch, control = UNSAFE[name]
    data = definition_to_dict(builtin_definition("hearts"))
    data["name"] = {"en": f"Hea{ch}rts", "nb": "Hjerter"}
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(data)
    assert caught.value.code == ("definition_text" if control else "definition_invisible")
    assert caught.value.field == "name.en"


@pytest.mark.parametrize("name", UNSAFE)
def test_every_writer_escapes_it(name: str) -> None:
    ch, _control = UNSAFE[name]
    escaped = ch.encode("unicode_escape", "backslashreplace").decode("ascii")
    assert visible(f"Ka{ch}ri") == f"Ka{escaped}ri"
    assert _shown(f"Ka{ch}ri") == f"Ka{escaped}ri"
    written = json_visible(json.dumps(f"Ka{ch}ri", ensure_ascii=False))
    assert ch not in written
    assert json.loads(written) == f"Ka{ch}ri"
