"""The catalogs are complete: every message used in app/ is translated in nb and en.

The check lives in ``locales/check.py`` (also run by ``locales/update.sh``); these
tests run it on the real catalogs and prove each rule on small synthetic ones.
"""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]


def _load_checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "kortpoeng_locales_check", ROOT / "locales" / "check.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check = _load_checker()


@pytest.fixture(scope="module")
def extracted() -> Catalog:
    """A fresh ``pybabel extract`` of app/ (what the code uses right now)."""
    return check.extract()


def test_every_message_in_the_code_is_translated_in_both_catalogs(extracted: Catalog) -> None:
    problems = check.check(extracted)
    assert not problems, "\n".join(
        ["Catalog problems (fix with locales/update.sh, then translate nb):", *problems]
    )


def test_extraction_finds_the_known_messages(extracted: Catalog) -> None:
    ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in extracted if m.id}
    assert ("rank", "K") in ids
    assert ("suit", "clubs") in ids
    assert (None, "Swedish Rummy") in ids  # marked with N_
    assert (None, "{n} run × {value} = {points}") in ids  # ngettext


@pytest.mark.parametrize("lang", check.LANGUAGES)
def test_catalog_compiles(lang: str, tmp_path: Path) -> None:
    out = tmp_path / "messages.mo"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "--quiet",
            "compile",
            "-D",
            "messages",
            "-i",
            str(check.catalog_path(lang)),
            "-o",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    assert out.stat().st_size > 0


@pytest.mark.parametrize("lang", check.LANGUAGES)
def test_plural_forms_header(lang: str) -> None:
    catalog = check.read_catalog(check.catalog_path(lang), locale=lang)
    assert catalog.num_plurals == 2
    assert dict(catalog.mime_headers)["Plural-Forms"] == "nplurals=2; plural=(n != 1);"


def test_nb_translations_differ_where_norwegian_differs() -> None:
    catalog = check.read_catalog(check.catalog_path("nb"), locale="nb")
    assert catalog.get("hearts", context="suit").string == "hjerter"
    assert catalog.get("K", context="rank").string == "K"
    assert catalog.get("C", context="suit letter").string == "K"
    assert catalog.get("Swedish Rummy").string == "Vri åtter"
    assert catalog.get("Four Suit Rummy").string == "Firefarget rummy"


# -- the rules, on synthetic catalogs -----------------------------------------


def _message(msgid, string, *, context=None, fuzzy=False) -> Message:
    return Message(msgid, string, context=context, flags=["fuzzy"] if fuzzy else [])


def _problems(source: Message, target: Message | None) -> list[str]:
    return check.check_message(source, target, "nb", 2)


def test_missing_and_untranslated_and_fuzzy() -> None:
    src = _message("Hello {player}", "")
    assert "missing" in _problems(src, None)[0]
    assert "not translated" in _problems(src, _message("Hello {player}", ""))[0]
    assert "fuzzy" in _problems(src, _message("Hello {player}", "Hei {player}", fuzzy=True))[0]
    assert _problems(src, _message("Hello {player}", "Hei {player}")) == []


def test_dropped_or_added_placeholder() -> None:
    src = _message("{player} went out", "")
    assert "placeholders" in _problems(src, _message("{player} went out", "gikk ut"))[0]
    assert (
        "placeholders"
        in _problems(src, _message("{player} went out", "{player} gikk ut i runde {hand}"))[0]
    )
    assert "placeholders" in _problems(src, _message("{player} went out", "{spiller} gikk ut"))[0]
    assert "valid format" in _problems(src, _message("{player} went out", "{player gikk ut"))[0]


def test_plural_forms_must_be_complete_and_keep_placeholders() -> None:
    ids = ("{n} card for {player}", "{n} cards for {player}")
    src = _message(ids, ("", ""))
    assert "plural forms" in _problems(src, _message(ids, ("{n} kort til {player}",)))[0]
    assert "not translated" in _problems(src, _message(ids, ("{n} kort til {player}", "")))[0]
    assert "drops" in _problems(src, _message(ids, ("ett kort", "{n} kort")))[0]
    ok = _message(ids, ("{n} kort til {player}", "{n} kort til {player}"))
    assert _problems(src, ok) == []


def test_singular_may_spell_out_one() -> None:
    ids = ("one card", "{n} cards")
    src = _message(ids, ("", ""))
    assert _problems(src, _message(ids, ("ett kort", "{n} kort"))) == []
    assert "differ" in _problems(src, _message(ids, ("ett kort", "{m} kort")))[0]


def test_context_is_part_of_the_key() -> None:
    po = b"""
msgid ""
msgstr ""
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgctxt "rank"
msgid "K"
msgstr "K"
"""
    catalog = read_po(io.BytesIO(po), locale="nb")
    source = _message("K", "", context="suit letter")
    targets = {check._key(m): m for m in catalog if m.id}
    assert check._key(source) not in targets
    assert ("rank", "K") in targets


def test_placeholders_parser() -> None:
    assert check.placeholders("{a} and {b.c} and {d[0]} {{e}}") == {"a", "b", "d"}
    with pytest.raises(ValueError):
        check.placeholders("{unclosed")
