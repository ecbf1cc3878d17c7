"""Fill untranslated entries of the English catalog with their source text.

English is the source language, so an English "translation" is the msgid (and
msgid_plural for the plural form) unless someone wrote better wording by hand.
Entries that already have text are left alone; fuzzy flags are cleared only on
entries this script fills.

    python locales/fill_en.py locales/en/LC_MESSAGES/messages.po
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def fill(path: Path) -> int:
    """Fill ``path`` in place and return how many entries were filled."""
    with path.open("rb") as fp:
        catalog = read_po(fp, locale="en")
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            if not all(message.string or ()):
                message.string = (message.id[0], *[message.id[1]] * (catalog.num_plurals - 1))
                message.flags.discard("fuzzy")
                filled += 1
        elif not message.string:
            message.string = message.id
            message.flags.discard("fuzzy")
            filled += 1
    with path.open("wb") as fp:
        write_po(fp, catalog, width=0, omit_header=False, ignore_obsolete=True)
    return filled


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: filled {fill(Path(name))} entries")
