"""app.i18n: the active language is looked up at call time; Babel formats per language."""

from __future__ import annotations

import datetime as dt
import doctest
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import app.i18n as i18n
from app.i18n import (
    _,
    format_date,
    format_number,
    get_language,
    ngettext,
    normalize_language,
    pgettext,
    set_default_language,
    set_language,
    system_language,
    use_language,
)


@pytest.fixture(autouse=True)
def _restore_default_language() -> Iterator[None]:
    before = i18n._default_language
    yield
    i18n._default_language = before


def test_doctests() -> None:
    import app.messages

    for module in (i18n, app.messages):
        result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert result.failed == 0, f"{module.__name__}: {result.failed} doctest(s) failed"
        assert result.attempted > 0


def test_switching_language_changes_output_at_call_time() -> None:
    def label() -> str:  # defined once, like a component function
        return pgettext("suit", "hearts")

    set_language("en")
    assert label() == "hearts"
    set_language("nb")
    assert label() == "hjerter"
    assert get_language() == "nb"
    set_language("en")
    assert label() == "hearts"


def test_use_language_nests_and_restores() -> None:
    set_default_language("en")
    with use_language("nb"):
        assert _("Swedish Rummy") == "Vri åtter"
        with use_language("en"):
            assert _("Swedish Rummy") == "Swedish Rummy"
        assert get_language() == "nb"
    assert get_language() == "en"


def test_override_is_local_to_a_thread() -> None:
    set_default_language("en")
    seen: list[str] = []
    with use_language("nb"):
        thread = threading.Thread(target=lambda: seen.append(get_language()))
        thread.start()
        thread.join()
        assert get_language() == "nb"
    assert seen == ["en"]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("nb", "nb"),
        ("nb_NO.UTF-8", "nb"),
        ("nb-NO", "nb"),
        ("NN", "nb"),
        ("no_NO", "nb"),
        ("Norwegian Bokmål_Norway", "nb"),
        ("en", "en"),
        ("en_US.UTF-8", "en"),
        ("English_United Kingdom", "en"),
        ("de_DE", None),
        ("C", None),
        ("", None),
        (None, None),
    ],
)
def test_normalize_language(code: str | None, expected: str | None) -> None:
    assert normalize_language(code) == expected


@pytest.mark.parametrize("code", ["de", "", "xx_YY"])
def test_unknown_language_is_refused(code: str) -> None:
    with pytest.raises(ValueError, match="unsupported language"):
        set_language(code)
    with pytest.raises(ValueError):
        use_language(code).__enter__()


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "nb_NO.UTF-8"}, "nb"),
        ({"LANG": "nn_NO.UTF-8"}, "nb"),
        ({"LANG": "no_NO"}, "nb"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "sv_SE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "nb_NO.UTF-8", "LANG": "en_US.UTF-8"}, "nb"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "nb_NO.UTF-8"}, "en"),
        ({"LANGUAGE": "de:nb", "LANG": "en_US.UTF-8"}, "nb"),
        ({"LANGUAGE": "de", "LANG": "nb_NO.UTF-8"}, "nb"),
        ({"LC_MESSAGES": "nb_NO.UTF-8"}, "nb"),
    ],
)
def test_system_language(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected


def test_initial_language_prefers_kortpoeng_lang() -> None:
    assert i18n.initial_language({"KORTPOENG_LANG": "nb", "LANG": "en_GB"}) == "nb"
    assert i18n.initial_language({"KORTPOENG_LANG": "en", "LANG": "nb_NO"}) == "en"
    assert i18n.initial_language({"KORTPOENG_LANG": "klingon", "LANG": "nb_NO"}) == "nb"


def test_process_default_comes_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORTPOENG_LANG", "nb")
    i18n._default_language = None
    assert get_language() == "nb"


def test_fallback_to_source_string() -> None:
    with use_language("nb"):
        assert _("No such message in any catalog") == "No such message in any catalog"
        assert ngettext("{n} ghost", "{n} ghosts", 2) == "2 ghosts"
        assert pgettext("nowhere", "Q") == "Q"


def test_placeholders_are_filled_in_the_translation() -> None:
    with use_language("nb"):
        assert _("Hand {hand}: {problem}", hand=3, problem="x") == "Runde 3: x"
    with use_language("en"):
        assert _("Hand {hand}: {problem}", hand=3, problem="x") == "Hand 3: x"


def test_plural_forms_and_formatted_count() -> None:
    one, many = "{n} run × {value} = {points}", "{n} runs × {value} = {points}"
    with use_language("nb"):
        assert ngettext(one, many, 1, value=20, points=20) == "1 sekvens × 20 = 20"
        assert ngettext(one, many, 4, value=20, points=80) == "4 sekvenser × 20 = 80"
        assert ngettext(one, many, 0, value=20, points=0) == "0 sekvenser × 20 = 0"
    with use_language("en"):
        assert ngettext(one, many, 1, value=20, points=20) == "1 run × 20 = 20"
        assert ngettext(one, many, 4, value=20, points=80) == "4 runs × 20 = 80"


def test_pgettext_separates_meanings() -> None:
    with use_language("nb"):
        assert pgettext("rank", "K") == "K"  # konge
        assert pgettext("suit letter", "C") == "K"  # kløver
        assert pgettext("rank", "Q") == "D"  # dame
        assert pgettext("suit letter", "D") == "R"  # ruter


def test_format_number() -> None:
    assert format_number(1234, language="nb") == "1\u00a0234"
    assert format_number(1234, language="en") == "1,234"
    assert format_number(1234567, language="nb") == "1\u00a0234\u00a0567"
    assert format_number(-5, language="en") == "-5"
    assert format_number(2.5, language="nb") == "2,5"
    with use_language("nb"):
        assert format_number(1000) == "1\u00a0000"


def test_format_dates() -> None:
    day = dt.date(2026, 11, 29)
    moment = dt.datetime(2026, 11, 29, 19, 30)
    assert format_date(day, language="nb") == "29. nov. 2026"
    assert format_date(day, language="en") == "29 Nov 2026"
    assert format_date(moment, time=True, language="nb") == "29. nov. 2026, 19:30"
    assert format_date(moment, time=True, language="en") == "29 Nov 2026, 19:30"
    with use_language("nb"):
        assert format_date(day) == "29. nov. 2026"


def test_one_date_style_that_no_reader_takes_for_another_day() -> None:
    # issue 25, item 13: "02/12/2026" is 2 December in Norway and Britain and
    # 12 February in the US; the medium date names the month in letters
    day = dt.date(2026, 2, 12)
    assert format_date(day, language="en") == "12 Feb 2026"
    assert format_date(day, language="nb") == "12. feb. 2026"
    # there is no other style to choose
    with pytest.raises(TypeError):
        format_date(day, "short")  # type: ignore[misc]


def test_aware_datetime_in_local_time_or_in_its_own_offset(monkeypatch) -> None:
    import time as clock

    monkeypatch.setenv("TZ", "Europe/Oslo")
    clock.tzset()
    try:
        moment = dt.datetime(2026, 6, 1, 23, 30, tzinfo=dt.UTC)  # 01:30 on 2 June in Oslo
        assert format_date(moment, time=True, language="en") == "2 Jun 2026, 01:30"
        assert format_date(moment, time=True, local=False, language="en") == "1 Jun 2026, 23:30"
    finally:
        monkeypatch.undo()
        clock.tzset()


def test_locales_dir_is_absolute_and_not_cwd_relative(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert i18n.LOCALES_DIR.is_absolute()
    monkeypatch.chdir(tmp_path)
    i18n.reload_catalogs()
    try:
        with use_language("nb"):
            assert pgettext("suit", "spades") == "spar"
    finally:
        i18n.reload_catalogs()


def test_po_is_compiled_in_memory_when_mo_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "nb" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(i18n.LOCALES_DIR / "nb" / "LC_MESSAGES" / "messages.po", folder)
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.reload_catalogs()
    try:
        with use_language("nb"):
            assert pgettext("rank name", "king") == "konge"
        assert "compiling" in caplog.text
    finally:
        monkeypatch.undo()
        i18n.reload_catalogs()


def test_missing_catalog_falls_back_to_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.reload_catalogs()
    try:
        with use_language("nb"):
            assert pgettext("rank name", "king") == "king"
    finally:
        monkeypatch.undo()
        i18n.reload_catalogs()


def test_babel_locales() -> None:
    assert i18n.babel_locale("nb") == "nb_NO"
    assert i18n.babel_locale("en") == "en_GB"
    assert set(i18n.LANGUAGE_NAMES) == set(i18n.LANGUAGES)


# -- right-to-left names inside sentences --------------------------------------

FSI, PDI = "\u2068", "\u2069"


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_right_to_left_name_in_a_sentence_is_an_isolate(lang: str) -> None:
    """ "Winner: יוסי · 3 hands" was drawn "Winner: 3 · יוסי hands": the name
    took the number after it along. Every text filled into a message that has
    a right-to-left letter is an isolate of its own; other names stay as typed."""
    from app.i18n import join_names, ngettext

    with use_language(lang):
        line = ngettext("Winner: {names}", "Winners: {names}", 1, names=join_names(["יוסי"]))
        assert line.endswith(f"{FSI}יוסי{PDI}")
        both = join_names(["سارة", "Kari", "יוסי"])
        assert both.count(FSI) == 2 and f"{FSI}سارة{PDI}" in both and f"{FSI}יוסי{PDI}" in both
        assert "Kari" in both and f"{FSI}Kari" not in both
        assert FSI not in _("{name} went out", name="Kari")
        # a text that already isolates its names is not wrapped again
        assert _("{name} went out", name=both).count(FSI) == 2


def test_names_as_typed_adds_no_isolates() -> None:
    from app.i18n import join_names, names_as_typed

    with use_language("en"), names_as_typed():
        assert join_names(["יוסי", "Kari"]) == "יוסי and Kari"
        assert _("{name} went out", name="יוסי") == "יוסי went out"


def test_a_seat_list_keeps_two_right_to_left_names_in_seat_order() -> None:
    from app.i18n import seat_list

    assert seat_list(["Ola", "דוד כהן", "سارة", "Åse"]) == (
        f"Ola, {FSI}דוד כהן{PDI}, {FSI}سارة{PDI}, Åse"
    )
