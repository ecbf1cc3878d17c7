"""Check the gettext catalogs against the code (run by locales/update.sh and the tests).

Problems reported (each one line):

* a message used in ``app/`` (fresh ``pybabel extract``) or in ``messages.pot``
  that a catalog (``nb``, ``en``) lacks, leaves empty, or marks fuzzy;
* a translation that drops or adds a ``{placeholder}``, or is not a valid
  ``str.format`` template;
* a plural message without every plural form, or a catalog whose
  ``Plural-Forms`` header is not the language's;
* ``messages.pot`` out of date with the code.

    python locales/check.py        # exit status 1 and one line per problem
"""

from __future__ import annotations

import string
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "messages.pot"
LANGUAGES = ("nb", "en")
#: The Plural-Forms header each catalog must carry (CLDR: one/other for both).
PLURAL_FORMS = {
    "nb": "nplurals=2; plural=(n != 1);",
    "en": "nplurals=2; plural=(n != 1);",
}

Key = str | tuple[str, str]


def catalog_path(lang: str) -> Path:
    """``locales/<lang>/LC_MESSAGES/messages.po``."""
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """Read a ``.po``/``.pot`` file."""
    with path.open("rb") as fp:
        return read_po(fp, locale=locale)


def extract(root: Path = ROOT) -> Catalog:
    """Run ``pybabel extract`` over ``app/`` (locales/babel.cfg) into a temp file and read it."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "messages.pot"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "babel.messages.frontend",
                "--quiet",
                "extract",
                "-F",
                str(root / "locales" / "babel.cfg"),
                "-o",
                str(out),
                str(root),
            ],
            check=True,
            cwd=root,
            capture_output=True,
        )
        return read_catalog(out)


def _key(message: Message) -> Key:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return (message.context, msgid) if message.context else msgid


def _show(key: Key) -> str:
    return f"[{key[0]}] {key[1]!r}" if isinstance(key, tuple) else repr(key)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` template (raises ValueError if invalid).

    >>> sorted(placeholders("{player} has {n} cards, {{literal}}"))
    ['n', 'player']
    """
    return {
        name.split(".", 1)[0].split("[", 1)[0]
        for _, name, _, _ in string.Formatter().parse(text)
        if name is not None
    }


def _texts(value: str | Iterable[str] | None) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return list(value)


def check_message(source: Message, target: Message | None, lang: str, nplurals: int) -> list[str]:
    """Problems of one catalog entry ``target`` translating ``source`` (from the pot)."""
    where = f"{lang}: {_show(_key(source))}"
    if target is None:
        return [f"{where} is missing (run locales/update.sh)"]
    if target.fuzzy:
        return [f"{where} is fuzzy: check the translation and remove the fuzzy flag"]
    ids = _texts(source.id)
    strings = _texts(target.string)
    if len(ids) > 1 and len(strings) != nplurals:
        return [f"{where} has {len(strings)} plural forms, expected {nplurals}"]
    if not strings or not all(strings):
        return [f"{where} is not translated"]
    problems = []
    try:
        wanted = [placeholders(text) for text in ids]
    except ValueError as error:
        return [f"{where}: source is not a valid format string ({error})"]
    allowed = set().union(*wanted)
    required = set.intersection(*wanted)
    for number, text in enumerate(strings):
        label = f"{where} form {number}" if len(strings) > 1 else where
        try:
            found = placeholders(text)
        except ValueError as error:
            problems.append(f"{label}: translation is not a valid format string ({error})")
            continue
        if (len(ids) == 1 and found != allowed) or found - allowed:
            problems.append(
                f"{label}: placeholders {sorted(found)} differ from the source's {sorted(allowed)}"
            )
        elif missing := required - found:
            problems.append(f"{label}: translation drops placeholders {sorted(missing)}")
    return problems


def check(extracted: Catalog | None = None) -> list[str]:
    """Every problem found (see the module docstring); empty when all is well.

    Args:
        extracted: A fresh extraction to compare with (default: run :func:`extract`).
    """
    problems: list[str] = []
    pot = read_catalog(POT)
    fresh = extract() if extracted is None else extracted
    pot_keys = {_key(m) for m in pot if m.id}
    fresh_messages = {_key(m): m for m in fresh if m.id}
    stale = sorted(map(_show, set(fresh_messages) - pot_keys))
    if stale:
        problems.append(
            f"messages.pot lacks {len(stale)} message(s) used in app/ (run locales/update.sh): "
            + ", ".join(stale[:5])
            + (" …" if len(stale) > 5 else "")
        )
    sources = {_key(m): m for m in pot if m.id}
    sources.update(fresh_messages)
    for lang in LANGUAGES:
        path = catalog_path(lang)
        if not path.is_file():
            problems.append(f"{lang}: {path} does not exist (run locales/update.sh)")
            continue
        catalog = read_catalog(path, locale=lang)
        header = catalog.mime_headers
        forms = dict(header).get("Plural-Forms", "")
        if forms.replace(" ", "") != PLURAL_FORMS[lang].replace(" ", ""):
            problems.append(f"{lang}: Plural-Forms is {forms!r}, expected {PLURAL_FORMS[lang]!r}")
        targets = {_key(m): m for m in catalog if m.id}
        for key in sorted(sources, key=str):
            problems += check_message(sources[key], targets.get(key), lang, catalog.num_plurals)
    return problems


def main() -> int:
    """Print the problems; exit status 1 if there are any."""
    problems = check()
    for problem in problems:
        print(problem)
    if not problems:
        print("catalogs OK: every message is translated in " + ", ".join(LANGUAGES))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
