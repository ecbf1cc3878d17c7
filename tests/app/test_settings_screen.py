"""The settings and invite screens' models without a browser: a language or
theme chosen is applied to the tab at once and remembered by the device; a
desktop window also writes it as the server's default (next to the
database), and a default that cannot be written is said in words while the
choice holds. Revoking the join code asks first, marks this tab, renews the
code and takes this tab to the new join link. (The browser keeps the
choice kept across a reload: tests/e2e/test_ui_screens.py and
test_ui_browser_language.py.)"""

from __future__ import annotations

import asyncio
import json

import pytest

from app.i18n import set_language, use_language
from app.settings import Settings, load_settings, settings_path
from app.ui.state import AppState
from app.ui.state.invite_screen import InviteScreen
from app.ui.state.settings_screen import SettingsScreen, language_choices, theme_choices


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_choice_is_applied_at_once_and_remembered_by_the_device(db) -> None:
    app = AppState()
    kept: list[Settings] = []

    async def keep(settings: Settings) -> None:
        kept.append(settings)

    model = SettingsScreen(app=app, keep=keep)  # a browser: no server default
    chosen = asyncio.run(model.choose(language="nb"))
    assert app.settings == chosen == Settings(language="nb") and app.language == "nb"
    asyncio.run(model.choose(theme="dark"))
    assert app.settings == Settings(language="nb", theme="dark")
    assert kept == [Settings(language="nb"), Settings(language="nb", theme="dark")]
    assert not settings_path().exists() and model.said is None


def test_a_desktop_window_writes_the_default_and_says_when_it_cannot(db) -> None:
    app = AppState()
    model = SettingsScreen(app=app, desktop=True)
    asyncio.run(model.choose(theme="light"))
    assert load_settings().theme == "light"
    assert json.loads(settings_path().read_text(encoding="utf-8"))["theme"] == "light"
    settings_path().unlink()
    settings_path().mkdir()  # a folder where the file goes: it cannot be written
    asyncio.run(model.choose(language="en"))
    assert app.settings.language == "en"  # the choice holds for this tab
    assert model.said is not None and model.said.problem
    assert model.said.text.startswith("Cannot write settings.json: ")


def test_the_choices_offered_in_both_languages() -> None:
    with use_language("nb"):
        assert [label for _code, label in language_choices()][1:] == ["Norsk bokmål", "English"]
        assert [code for code, _label in theme_choices()] == ["system", "light", "dark"]
    with use_language("en"):
        assert [label for _code, label in theme_choices()] == ["System", "Light", "Dark"]


class Door:
    def __init__(self) -> None:
        self.code = "old"
        self.log: list[str] = []

    def revoke(self) -> None:
        self.log.append("revoke")
        self.code = "new"

    def join_path(self) -> str:
        return f"/join/{self.code}"


def test_revoking_the_join_code_asks_first_and_takes_this_tab_to_the_new_link() -> None:
    door, model = Door(), InviteScreen()
    model.ask_revoke()
    assert model.confirming
    model.cancel()
    assert not model.confirming and door.log == []
    model.ask_revoke()
    reached: list[str] = []

    async def reach(address: str) -> None:
        door.log.append("reach")
        reached.append(address)

    address = asyncio.run(
        model.revoke(
            door, origin="http://10.0.0.2:8550", mark=lambda: door.log.append("mark"), reach=reach
        )
    )
    assert address == "http://10.0.0.2:8550/join/new" and reached == [address]
    assert door.log == ["mark", "revoke", "reach"]  # marked before the others follow
    assert not model.confirming and not model.busy
