"""The user's settings (language, theme), kept next to the database."""

from __future__ import annotations

import pytest

from app.settings import Settings, load_settings, save_settings, settings_path


def test_settings_round_trip_next_to_the_database(db) -> None:
    assert load_settings() == Settings()
    save_settings(Settings(language="nb", theme="dark"))
    assert settings_path().parent == db
    assert load_settings() == Settings("nb", "dark")
    with pytest.raises(ValueError):
        save_settings(Settings(language="de"))


def test_unreadable_settings_fall_back_to_defaults(db) -> None:
    settings_path().write_text("{not json", encoding="utf-8")
    assert load_settings() == Settings()
    settings_path().write_text('{"language": "xx", "theme": "dark"}', encoding="utf-8")
    assert load_settings() == Settings("system", "dark")
