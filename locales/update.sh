#!/usr/bin/env bash
# Re-extract every translatable string from app/ into locales/messages.pot and
# merge it into the nb and en catalogs. Then translate the new (empty) nb entries
# in locales/nb/LC_MESSAGES/messages.po; English entries are filled with their
# source text (English is the source language; edit them to change wording).
# `make catalogs` (or `make test`) compiles the .mo files.
#
#   locales/update.sh            # from anywhere
#   BIN=/path/to/venv/bin locales/update.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.venv/bin}

"$BIN/pybabel" extract -F locales/babel.cfg -o locales/messages.pot \
  --project=Kortpoeng --version=0.1.0 --copyright-holder=Kortpoeng \
  --msgid-bugs-address="" \
  --add-comments=Translators: --no-location --sort-output --no-wrap .

for lang in nb en; do
  po="locales/$lang/LC_MESSAGES/messages.po"
  if [ ! -f "$po" ]; then
    "$BIN/pybabel" init -i locales/messages.pot -d locales -D messages -l "$lang" --no-wrap
  else
    # No fuzzy matching: `make catalogs` compiles fuzzy entries, and a guessed
    # translation of a new string would be shown as if it were right.
    "$BIN/pybabel" update -i locales/messages.pot -d locales -D messages -l "$lang" \
      --no-fuzzy-matching --ignore-obsolete --no-wrap
  fi
done

"$BIN/python" locales/fill_en.py locales/en/LC_MESSAGES/messages.po
"$BIN/python" locales/check.py
