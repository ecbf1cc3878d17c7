"""Player names the app's name rules refuse (QA pass): direction overrides, and
names made only of invisible characters."""

from __future__ import annotations

import pytest

from models.errors import InvalidName
from models.services.players import validate_name


@pytest.mark.parametrize("name", ["\u202eKari", "Ola\u2067", "Per\u2028"])
def test_direction_overrides_and_separators_are_control_characters(name):
    with pytest.raises(InvalidName) as caught:
        validate_name(name)
    assert caught.value.code == "name_control"


@pytest.mark.parametrize("name", ["\u200b", "  \u200d ", "\ufeff"])
def test_only_invisible_characters_is_an_empty_name(name):
    with pytest.raises(InvalidName) as caught:
        validate_name(name)
    assert caught.value.code == "name_empty"


def test_joiners_inside_an_emoji_name_stay():
    assert validate_name(" 👩\u200d👧 Kari ") == "👩\u200d👧 Kari"
